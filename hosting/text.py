"""Names and chat lines from people: terminal-safe, measured in terminal cells.

``hosting`` may not import rich, so the width is counted here from the Unicode
tables: wide and full-width characters take two cells, combining marks none.
"""

from __future__ import annotations

import unicodedata

from engines.safe_text import safe_text

NAME_CELLS = 20
CHAT_CELLS = 200


def cell_width(text: str) -> int:
    """How many terminal cells ``text`` takes."""
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def clean_name(text: str) -> str | None:
    """A display name, made safe and put on one line; ``None`` if it is empty or wider
    than :data:`NAME_CELLS` cells."""
    name = safe_text(text)
    return name if name and cell_width(name) <= NAME_CELLS else None


def clean_chat(text: str) -> str | None:
    """A chat line, made safe and put on one line; ``None`` if empty or too wide."""
    line = safe_text(text)
    return line if line and cell_width(line) <= CHAT_CELLS else None
