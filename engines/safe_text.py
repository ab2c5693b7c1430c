"""Text from files and people, made safe to show on a terminal.

Names, descriptions and chat lines come from save files, board and course files, card
sets and other people. Shown raw, an escape sequence in them could set the window title,
clear the screen or move the cursor, and a bidi override could make text read backwards.
:func:`safe_text` is the one function every screen and every CLI line passes such text
through before showing it.
"""

from __future__ import annotations

import re
import unicodedata

# Whole escape sequences first, so that their parameters do not survive as text:
# OSC (ESC ] ... BEL or ST), DCS/SOS/PM/APC (ESC P/X/^/_ ... ST), CSI (ESC [ ... final
# byte), their 8-bit C1 forms, and any other two-character ESC sequence.
_SEQUENCES = re.compile(
    r"""
      (?:\x1b\]|\x9d) [^\x07\x1b\x9c]* (?:\x07|\x1b\\|\x9c)?        # OSC
    | (?:\x1b[PX^_]|[\x90\x98\x9e\x9f]) [^\x1b\x9c]* (?:\x1b\\|\x9c)? # DCS, SOS, PM, APC
    | (?:\x1b\[|\x9b) [\x30-\x3f]* [\x20-\x2f]* [\x40-\x7e]?      # CSI
    | \x1b [\x20-\x2f]* [\x30-\x7e]?                               # other ESC sequences
    """,
    re.VERBOSE,
)

# Characters that change the direction or joining of the text around them.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def _safe_char(ch: str) -> str:
    if ch in BIDI_CONTROLS:
        return ""
    if ch.isprintable():
        return ch
    # Controls, separators other than space, format characters, unassigned code points.
    return " " if unicodedata.category(ch) in ("Cc", "Zl", "Zp", "Zs") else ""


def safe_text(text: object, *, one_line: bool = True) -> str:
    """``text`` with every escape sequence removed and every control, C1 or bidi
    character dropped or turned into a space, so a terminal shows it as written.

    With ``one_line`` (the default) line breaks and tabs become spaces and runs of
    spaces become one, with none at either end; without it the lines are kept
    (each made safe on its own, trailing spaces dropped). Anything not a string is
    shown by its ``str()``.
    """
    if not isinstance(text, str):
        text = str(text)
    if not one_line:
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        return "\n".join(_clean(line).rstrip() for line in lines)
    return " ".join(_clean(text).split())


def _clean(text: str) -> str:
    text = _SEQUENCES.sub("", text)
    return "".join(_safe_char(ch) for ch in text)
