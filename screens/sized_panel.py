"""Panels drawn for the room they have, and laid out once when their size changes.

:class:`SizedPanel`: ``draw(width, height)`` makes the text for the widget's size and is
called again when the size changes; a :class:`screens.panel.Panel`, so a new text repaints
only the cells that changed and a key that changes nothing in it sends nothing (Robo
Factory's log, Stak Bots' stack columns and log).

When a panel's height changes (Stak Bots' hand gaining a card, and the stacks under it), the
layout that follows repaints every widget whose size changed, once; but Textual then sets
each one's ``virtual_size``, a reactive that asks for a second layout and repaints the
widget (and everything in a container) whole once more. Widgets with no scrolling (all of
these) have nothing to lay out again: :class:`OneLayout` skips that second pass, which
halves what playing or drawing a card costs, and drops the whole-widget repaint it would
otherwise leave pending for the next key.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.containers import Horizontal

from screens.panel import Panel
from screens.textual_private import OneLayout


class SteadyPanel(Panel, OneLayout):
    """A :class:`Panel` laid out once when its size changes (the hand)."""


class SteadyHorizontal(Horizontal, OneLayout):
    """A :class:`Horizontal` laid out once when its size changes (the stacks' row)."""


class SizedPanel(SteadyPanel):
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
        if self.draw is None:
            return
        size = self.content_size
        self.update(self.draw(size.width, size.height))

    def on_resize(self, event: events.Resize) -> None:
        self._redraw()
