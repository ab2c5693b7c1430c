"""Send only the changed cells of a line: a narrower partial update for Textual.

Textual (8.2.8, pinned) repaints a dirty span of a line from the left edge of the widget it
falls in ("TODO: crop to x extents" in its compositor), so the seconds of a thinking clock at
the right of a status line rewrite the whole line, and a robot moving on the right of a
board rewrites the board's row. :func:`install` replaces that one method with one that
starts at the span itself. Everything else (what is dirty, what is drawn) is Textual's own.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.control import Control
from textual.strip import Strip

from screens.textual_private import ChopsUpdate, replace_chops_render

_installed = False


def install() -> None:
    """Use :func:`render_changed_cells` for every partial update from now on (idempotent)."""
    global _installed
    if not _installed:
        replace_chops_render(render_changed_cells)
        _installed = True


def _widen(strip: Strip, start: int, stop: int) -> tuple[int, int]:
    """``start`` and ``stop`` (cells into ``strip``) moved out of any wide character they
    would cut in half: a cut one is drawn whole."""
    position = 0
    for segment in strip:
        text = segment.text
        width = cell_len(text)
        if position + width > start and position < stop and width != len(text):
            for char in text:
                char_width = cell_len(char)
                if position < start < position + char_width:
                    start = position
                if position < stop < position + char_width:
                    stop = position + char_width
                position += char_width
            continue
        position += width
    return start, stop


def render_changed_cells(self: ChopsUpdate, console: Console) -> str:
    """The update as terminal data: for each dirty span, only the cells inside it."""
    sequences: list[str] = []
    append = sequences.append
    move_to = Control.move_to
    last_y = self.spans[-1][0]
    for y, x1, x2 in self.spans:
        line = self.chops[y]
        ends = self.chop_ends[y]
        for end, (x, strip) in zip(ends, line.items(), strict=False):
            if strip is None or x > x2 or end <= x1:
                continue
            start, stop = max(x1, x) - x, min(end, x2) - x
            if start >= stop:
                continue
            if (start, stop) != (0, end - x):
                start, stop = _widen(strip, start, stop)
                strip = strip.crop(start, stop)
            append(move_to(x + start, y).segment.text)
            append(strip.render(console))
        if y != last_y:
            append("\n")
    return "".join(sequences)
