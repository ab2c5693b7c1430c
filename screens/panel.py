"""A Static that repaints only the cells whose look changed.

Over SSH every byte a key costs is paid on the link. ``Static.update`` repaints the whole
widget; :class:`Panel` renders the new content, compares it cell by cell with what is on
screen and asks Textual to repaint only the changed spans (Textual sends just the dirty
regions). Content equal to what is shown costs nothing at all.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import Visual, VisualType, visualize
from textual.widgets import Static

from screens.textual_private import set_static_content, static_markup

# Changed cells closer than this on a line are sent as one span: moving the terminal's
# cursor to a second span costs about as many bytes as the cells in between.
JOIN_GAP = 6

Cell = tuple[str, Style | None]


def cells_of(strip: Strip) -> list[Cell]:
    """One (character, style) per terminal cell; a wide character's second cell is ''."""
    cells: list[Cell] = []
    for segment in strip:
        if segment.control:
            continue
        for char in segment.text:
            cells.append((char, segment.style))
            if cell_len(char) == 2:
                cells.append(("", segment.style))
    return cells


def changed_spans(old: list[Cell], new: list[Cell], width: int) -> list[tuple[int, int]]:
    """(start, end) cell spans of one line where ``new`` differs from ``old``."""
    blank: Cell = (" ", None)
    spans: list[tuple[int, int]] = []
    for x in range(width):
        before = old[x] if x < len(old) else blank
        after = new[x] if x < len(new) else blank
        if before == after:
            continue
        if spans and x - spans[-1][1] <= JOIN_GAP:
            spans[-1] = (spans[-1][0], x + 1)
        else:
            spans.append((x, x + 1))
    # A wide character is repainted whole: widen a span that cuts one in half.
    widened = []
    for start, end in spans:
        if start > 0 and start < len(new) and new[start][0] == "":
            start -= 1
        if end < len(new) and new[end][0] == "":
            end += 1
        widened.append((start, end))
    return widened


class Panel(Static):
    """A :class:`Static` whose :meth:`update` repaints only what changed."""

    def __init__(self, content: VisualType = "", **kwargs: Any) -> None:
        super().__init__(content, **kwargs)
        self._shown: object = _copy(content)
        self._painted: tuple[Size, list[list[Cell]]] | None = None

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if _same(content, self._shown):
            return
        self._shown = _copy(content)
        size = self.size
        visual = visualize(self, content, markup=static_markup(self))
        new = self._new_cells(visual, size) if self.is_mounted and size.area else None
        if new is None:  # not on screen yet, or the panel changes size: Textual lays out
            self._painted = None
            super().update(content, layout=layout)
            return
        old = self._painted
        if old is None or old[0] != size:  # what is on screen: the old content at this size
            old = (size, self._cells(self.visual, size, size.height))
        set_static_content(self, content, visual)  # no whole-widget refresh
        self._painted = (size, new)
        regions = [
            Region(start, y, end - start, 1)
            for y, (before, after) in enumerate(zip(old[1], new, strict=True))
            if before != after
            for start, end in changed_spans(before, after, size.width)
        ]
        if regions:
            self.refresh(*regions)

    def _new_cells(self, visual: Visual, size: Size) -> list[list[Cell]] | None:
        """``visual``'s cells at ``size``; ``None`` when an auto-sized panel would take
        another size with it (then Textual lays out and repaints it whole)."""
        styles = self.styles
        if styles.width is not None and styles.width.is_auto:
            return None
        if styles.height is None or styles.height.is_auto:
            lines = self._cells(visual, size, None)
            return lines if len(lines) == size.height else None
        return self._cells(visual, size, size.height)

    def _cells(self, visual: Visual, size: Size, height: int | None) -> list[list[Cell]]:
        """One list of cells per line of ``visual`` at ``size``'s width, ``height`` lines
        (padded with empty lines), or as many as it has (``None``)."""
        strips = Visual.to_strips(self, visual, size.width, height, self.visual_style)
        lines = [cells_of(strip) for strip in strips[:height]]
        return lines + [[] for _ in range((height or 0) - len(lines))]


def _copy(content: object) -> object:
    return content.copy() if isinstance(content, Text) else content


def _same(content: object, shown: object) -> bool:
    """Whether ``content`` is sure to look as ``shown`` does (Text's own ``==`` looks only
    at the letters and spans, not at the style of the whole text)."""
    if isinstance(content, str) and isinstance(shown, str):
        return content == shown
    if isinstance(content, Text) and isinstance(shown, Text):
        return _look(content) == _look(shown)
    return False


def _look(text: Text) -> tuple[object, ...]:
    return (
        text.plain,
        text.spans,
        str(text.style),
        text.justify,
        text.overflow,
        text.no_wrap,
        text.end,
        text.tab_size,
    )
