"""Text cut or wrapped to the room it has: one-line cuts that show something is missing,
wrapped paragraphs in a fixed number of lines, and log lines wrapped for a side panel."""

from __future__ import annotations

import re
import textwrap

ELLIPSIS = "\u2026"


def fit(text: str, width: int, ellipsis: str = ELLIPSIS) -> str:
    """``text`` cut to ``width`` columns: at a word boundary where one is near, with an
    ellipsis that shows something is missing."""
    if len(text) <= width:
        return text
    if width <= len(ellipsis):
        return text[: max(width, 0)]
    room = width - len(ellipsis)
    space = text.rfind(" ", 0, room + 1)
    cut = text[:space] if space >= room // 2 else text[:room]
    return cut.rstrip(" ,;:.-") + ellipsis


def clip_wrap(
    text: str,
    width: int,
    max_lines: int,
    ellipsis: str = ELLIPSIS,
    initial_indent: str = "",
    subsequent_indent: str = "",
) -> list[str]:
    """``text`` wrapped to ``width`` in at most ``max_lines`` lines; if it does not fit,
    the last line ends at a word boundary with an ellipsis."""
    if max_lines <= 0:
        return []
    lines = textwrap.wrap(
        text, width, initial_indent=initial_indent, subsequent_indent=subsequent_indent
    )
    if len(lines) <= max_lines:
        return lines
    # textwrap's max_lines cuts at a word boundary and adds the placeholder when it fits.
    return textwrap.wrap(
        text,
        width,
        initial_indent=initial_indent,
        subsequent_indent=subsequent_indent,
        max_lines=max_lines,
        placeholder=ellipsis,
    )


def wrap_groups(groups: list[str], width: int, balance: bool = False) -> list[str]:
    """The ``groups`` joined by spaces and wrapped to ``width`` columns without breaking a
    group across lines ("p play" stays whole; a group wider than ``width`` is broken).
    ``balance`` wraps as narrow as the same number of lines allows, so that a last line
    does not hold one lone group."""
    nbsp = "\xa0"  # textwrap breaks at ASCII spaces only
    text = " ".join(group.replace(" ", nbsp) for group in groups)
    lines = textwrap.wrap(text, width)
    if balance and len(lines) > 1:
        narrow = width - 1
        while narrow > 0 and len(tighter := textwrap.wrap(text, narrow)) == len(lines):
            lines, narrow = tighter, narrow - 1
    return [line.replace(nbsp, " ") for line in lines]


_GLUE = re.compile(r"(?<=[A-Za-z]) (?=\d)")  # "Right 380", "Red 6,11E": a word and its number


def wrap_log(lines: list[tuple[str, str]], width: int) -> list[tuple[str, str]]:
    """Log lines wrapped at word boundaries to ``width`` columns (a word stays with the number
    after it when there is room); continuation lines are indented 2 more than their line."""
    out: list[tuple[str, str]] = []
    width = max(8, width)
    for text, style in lines:
        if len(text) <= width:
            out.append((text, style))
            continue
        indent = " " * min(width // 2, len(text) - len(text.lstrip()) + 2)
        parts: list[str] = []
        for source, whole in ((_GLUE.sub("\0", text), False), (text, False), (text, True)):
            parts = textwrap.wrap(source, width, subsequent_indent=indent,
                                  break_on_hyphens=False, break_long_words=whole)
            if all(len(part) <= width for part in parts):
                break
        out.extend((part.replace("\0", " "), style) for part in parts)
    return out
