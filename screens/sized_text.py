"""A widget whose text is drawn for the room it has (logs that end on their newest line)."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget


class SizedText(Widget):
    """Text drawn for the room the widget has: ``draw(width, height)`` runs whenever the
    widget is rendered, so a change of size draws it again at the new size and a log drawn
    by it always ends with its newest line."""

    DEFAULT_CSS = "SizedText { height: 1fr; }"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.draw: Callable[[int, int], Text] | None = None

    def show(self, draw: Callable[[int, int], Text]) -> None:
        self.draw = draw
        self.refresh()

    def render(self) -> RenderableType:
        if self.draw is None:
            return Text()
        size = self.content_size
        return self.draw(size.width, size.height)
