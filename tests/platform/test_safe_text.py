"""engines.safe_text.safe_text: text from files and people, safe for a terminal."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from engines.safe_text import safe_text


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("a\x1b]0;pwned\x07b", "ab"),  # OSC ended by BEL: sets the window title
        ("a\x1b]0;pwned\x1b\\b", "ab"),  # OSC ended by ST
        ("a\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "alink"),  # a hyperlink
        ("a\x1b[2Jb", "ab"),  # CSI: clear the screen
        ("a\x1b[1;31mred\x1b[0m", "ared"),  # CSI with parameters
        ("a\x1b[?1049hb", "ab"),  # private CSI: alternate screen
        ("a\x9b31mb", "ab"),  # C1 CSI (one byte)
        ("a\x9d0;t\x9cb", "ab"),  # C1 OSC ended by C1 ST
        ("a\x1bPq#0\x1b\\b", "ab"),  # DCS (sixel)
        ("a\x1bcb", "ab"),  # a two-character ESC sequence (reset)
        ("a\x85b\x80c", "a b c"),  # other C1 controls become spaces
        ("abc\u202efed", "abcfed"),  # bidi override
        ("\u2066x\u2069\u200fy", "xy"),  # bidi isolates and marks
        ("a\x00b\x7fc\x08d", "a b c d"),  # NUL, DEL and backspace become spaces
    ],
)
def test_escape_sequences_and_controls_are_removed(raw: str, shown: str) -> None:
    assert safe_text(raw) == shown


def test_newlines_and_tabs_become_single_spaces_on_one_line() -> None:
    assert safe_text("  one\ntwo\r\nthree\tfour  ") == "one two three four"
    assert safe_text("a\u2028b\u2029c") == "a b c"  # line and paragraph separators


def test_lines_kept_when_asked() -> None:
    assert safe_text("row 1  .\nrow\x1b[2J 2  \n", one_line=False) == "row 1  .\nrow 2\n"


def test_wide_characters_and_plain_text_are_kept() -> None:
    for text in ("日本語のロボ", "🤖 Robo", "Zoë's bots — [red]x[/]", "a ┃ b ← c"):
        assert safe_text(text) == text
    assert cell_len(safe_text("日本")) == 4


def test_nothing_unsafe_is_left_in_any_character() -> None:
    everything = "".join(map(chr, range(0x00, 0x250))) + "\u202a\u202b\u202c\u202d\u202e"
    for mode in (True, False):
        out = safe_text(everything, one_line=mode)
        bad = [c for c in out if c != "\n" and (not c.isprintable() or 0x80 <= ord(c) < 0xA0)]
        assert bad == []


def test_non_strings_are_shown_by_str() -> None:
    assert safe_text(12) == "12" and safe_text(None) == "None"
