"""Text cut or wrapped to the room it has: one-line cuts that show something is missing,
wrapped paragraphs in a fixed number of lines, and log lines wrapped for a side panel."""

from __future__ import annotations

import re
import textwrap

from rich.cells import cell_len, set_cell_size

ELLIPSIS = "\u2026"

# Widths are terminal cells (rich.cells), never characters: a CJK character takes two
# cells, a combining accent none.


def cut_cells(text: str, width: int) -> str:
    """The longest start of ``text`` at most ``width`` cells wide (a wide character that
    does not fit whole is left out, not halved)."""
    if cell_len(text) <= width:
        return text
    low, high = 0, len(text)  # cell_len(text[:low]) <= width < cell_len(text[:high])
    while high - low > 1:
        mid = (low + high) // 2
        if cell_len(text[:mid]) <= width:
            low = mid
        else:
            high = mid
    return text[:low]


def pad_cells(text: str, width: int) -> str:
    """``text`` padded with spaces (or cut) to exactly ``width`` cells."""
    return set_cell_size(text, max(width, 0))


def ljust_cells(text: str, width: int) -> str:
    """``str.ljust`` in cells: ``text`` padded with spaces to ``width`` cells, never cut."""
    return text + " " * max(width - cell_len(text), 0)


def fit(text: str, width: int, ellipsis: str = ELLIPSIS) -> str:
    """``text`` cut to ``width`` cells: at a word boundary where one is near, with an
    ellipsis that shows something is missing."""
    if cell_len(text) <= width:
        return text
    if width <= cell_len(ellipsis):
        return cut_cells(text, max(width, 0))
    room = width - cell_len(ellipsis)
    head = cut_cells(text, room)
    space = text.rfind(" ", 0, len(head) + 1)
    cut = text[:space] if space >= 0 and cell_len(text[:space]) >= room // 2 else head
    return cut.rstrip(" ,;:.-") + ellipsis


_ASCII_SPACE = re.compile(r"[\t\n\x0b\x0c\r ]+")  # where textwrap breaks (not at U+00A0)


def wrap_cells(
    text: str,
    width: int,
    initial_indent: str = "",
    subsequent_indent: str = "",
    break_long_words: bool = True,
) -> list[str]:
    """``text`` wrapped to ``width`` cells at spaces; a word wider than a line is broken
    by cells (kept whole with ``break_long_words=False``). textwrap counts characters:
    this is for text it would wrap too wide."""
    lines: list[str] = []
    line = initial_indent
    start = True  # nothing but the indent on the line yet
    for word in _ASCII_SPACE.split(text):
        if not word:
            continue
        indent = initial_indent if not lines else subsequent_indent
        gap = "" if start else " "
        if cell_len(line + gap + word) <= width:
            line, start = line + gap + word, False
            continue
        if not start:
            lines.append(line)
            indent, line, start = subsequent_indent, subsequent_indent, True
        rest = word
        while True:  # the word broken by cells, each piece by its line's indent
            piece = cut_cells(rest, width - cell_len(indent)) if break_long_words else rest
            piece = piece or rest[0]  # a character wider than the line: alone
            rest = rest[len(piece) :]
            if not rest:
                break
            lines.append(indent + piece)
            indent = subsequent_indent
        line, start = indent + piece, False
    if not start:
        lines.append(line)
    return lines


def _fits(lines: list[str], width: int) -> bool:
    return all(cell_len(line) <= width for line in lines)


def wrap_text(
    text: str,
    width: int,
    initial_indent: str = "",
    subsequent_indent: str = "",
    break_on_hyphens: bool = True,
) -> list[str]:
    """``textwrap.wrap`` in cells: its lines where they fit ``width`` cells (plain text),
    else :func:`wrap_cells`."""
    lines = textwrap.wrap(
        text,
        width,
        initial_indent=initial_indent,
        subsequent_indent=subsequent_indent,
        break_on_hyphens=break_on_hyphens,
    )
    if _fits(lines, width):
        return lines
    return wrap_cells(text, width, initial_indent, subsequent_indent)


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
    if not _fits(lines, width):  # wide characters: wrap by cells
        lines = wrap_cells(text, width, initial_indent, subsequent_indent)
    if len(lines) <= max_lines:
        return lines
    # textwrap's max_lines cuts at a word boundary and adds the placeholder when it fits.
    cut = textwrap.wrap(
        text,
        width,
        initial_indent=initial_indent,
        subsequent_indent=subsequent_indent,
        max_lines=max_lines,
        placeholder=ellipsis,
    )
    if _fits(cut, width):
        return cut
    last = lines[max_lines - 1]  # by cells: the last line cut to leave room for the ellipsis
    if width <= cell_len(ellipsis):
        return [*lines[: max_lines - 1], cut_cells(last, width)]
    last = cut_cells(last, width - cell_len(ellipsis)).rstrip(" ,;:.-") + ellipsis
    return [*lines[: max_lines - 1], last]


def wrap_groups(groups: list[str], width: int, balance: bool = False) -> list[str]:
    """The ``groups`` joined by spaces and wrapped to ``width`` columns without breaking a
    group across lines ("p play" stays whole; a group wider than ``width`` is broken).
    ``balance`` wraps as narrow as the same number of lines allows, so that a last line
    does not hold one lone group."""
    nbsp = "\xa0"  # textwrap breaks at ASCII spaces only
    text = " ".join(group.replace(" ", nbsp) for group in groups)
    lines = textwrap.wrap(text, width)
    if not _fits(lines, width):  # wide characters: groups by cells, each wrapped alone
        lines = wrap_cells(text, width)
        return [line.replace(nbsp, " ") for line in lines]
    if balance and len(lines) > 1:
        narrow = width - 1
        while (
            narrow > 0
            and len(tighter := textwrap.wrap(text, narrow)) == len(lines)
            and _fits(tighter, width)
        ):
            lines, narrow = tighter, narrow - 1
    return [line.replace(nbsp, " ") for line in lines]


_GLUE = re.compile(r"(?<=[A-Za-z]) (?=\d)")  # "Right 380", "Red 6,11E": a word and its number


def wrap_log(lines: list[tuple[str, str]], width: int) -> list[tuple[str, str]]:
    """Log lines wrapped at word boundaries to ``width`` columns (a word stays with the number
    after it when there is room); continuation lines are indented 2 more than their line."""
    out: list[tuple[str, str]] = []
    width = max(8, width)
    for text, style in lines:
        if cell_len(text) <= width:
            out.append((text, style))
            continue
        indent = " " * min(width // 2, len(text) - len(text.lstrip()) + 2)
        parts: list[str] = []
        for source, whole in ((_GLUE.sub("\0", text), False), (text, False), (text, True)):
            parts = [
                part.replace("\0", " ")
                for part in textwrap.wrap(
                    source,
                    width,
                    subsequent_indent=indent,
                    break_on_hyphens=False,
                    break_long_words=whole,
                )
            ]
            if _fits(parts, width):
                break
        else:  # wide characters: textwrap counts characters, these lines need cells
            lead = text[: len(text) - len(text.lstrip())]
            parts = wrap_cells(text, width, initial_indent=lead, subsequent_indent=indent)
        out.extend((part, style) for part in parts)
    return out
