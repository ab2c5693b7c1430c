"""A Panel whose text is drawn for the room it has: Robo Factory's log (or possible robots).

Like :class:`screens.sized_text.SizedText` (``draw(width, height)`` makes the text for the
widget's size, drawn again when the size changes), but a :class:`screens.panel.Panel`: a
key that leaves the log as it was sends nothing for it, a new line only the cells that
changed.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events

from screens.panel import Panel


class SizedPanel(Panel):
    """A Panel drawn by ``draw(width, height)`` for its content size (0, 0 until laid
    out): again on every :meth:`show` and whenever its size changes."""

    DEFAULT_CSS = "SizedPanel { height: 1fr; }"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.draw: Callable[[int, int], Text] | None = None

    def show(self, draw: Callable[[int, int], Text]) -> None:
        self.draw = draw
        self._redraw()

    def _redraw(self) -> None:
        if self.draw is not None:
            size = self.content_size
            self.update(self.draw(size.width, size.height))

    def on_resize(self, event: events.Resize) -> None:
        self._redraw()
