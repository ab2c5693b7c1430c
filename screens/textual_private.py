"""Every use of Textual's private names, in one place.

robotui reaches past Textual's public API where the public API cannot do what a player over
SSH needs (fewer bytes a key, a bounded memory, one line instead of a traceback). Each
such reach is here, and tests/platform/test_textual_private.py checks each one against the
installed Textual, naming the one that changed. No other module touches a private Textual
name (a test checks that too).

Why textual stays pinned (pyproject: ``textual==8.2.8``): these are not covered by Textual's
compatibility promises. To move the pin, install the new version and run
tests/platform/test_textual_private.py first; every failure names what to adapt here.

- ``ChopsUpdate.render_segments`` (``textual._compositor``): replaced so that a partial
  update sends a dirty span from the span, not from the widget's left edge
  (screens/lean_output.py).
- ``Static``'s name-mangled ``__content`` and ``__visual`` and its ``_render_markup``: a
  :class:`screens.panel.Panel` sets its content without Static's whole-widget refresh.
- ``FooterKey``, ``FooterLabel``, ``KeyGroup`` (``textual.widgets._footer``): the footer's
  own widgets, composed without the per-key ``data_bind`` watcher (screens/footer.py).
- ``Widget._size_updated`` and ``_repaint_regions``: :class:`OneLayout` takes a new size
  without a second layout pass.
- ``App._fatal_error``, ``_exception``, ``_exit_renderables``, ``_close_messages_no_wait``:
  :class:`FatalErrorHook` lets the app end an unhandled error its own way.
- ``Stylesheet._parse_rules`` and ``Stylesheet._variables``: :func:`share_parsed_css` keeps
  what a stylesheet parses for every app of the process (a player's process starts with
  what the warm-start process parsed).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from rich.console import Console, RenderableType
from textual._compositor import ChopsUpdate
from textual.app import App
from textual.cache import LRUCache
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.geometry import Size
from textual.visual import Visual
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets._footer import FooterKey, FooterLabel, KeyGroup

__all__ = [
    "ChopsUpdate",
    "FatalErrorHook",
    "FooterKey",
    "FooterLabel",
    "KeyGroup",
    "OneLayout",
    "replace_chops_render",
    "share_parsed_css",
    "set_static_content",
    "static_markup",
]


def replace_chops_render(render: Callable[[ChopsUpdate, Console], str]) -> None:
    """Use ``render`` for every partial update's terminal data from now on."""
    ChopsUpdate.render_segments = render  # type: ignore[method-assign, assignment]


# Parsed stylesheet sources, for every app of the process: (the stylesheet's variables,
# the source and where it was read from) -> its rules. Textual keeps such a cache per
# stylesheet, so each app (each player's process) parses every widget's CSS again.
_PARSED: LRUCache[tuple[Any, ...], list[RuleSet]] = LRUCache(1024)
# Each stylesheet's variables as a key part, with the variables it was made from: a
# stylesheet parses about a hundred sources with the same variables, sorted once for all.
_VARIABLE_KEYS: weakref.WeakKeyDictionary[Stylesheet, tuple[dict[str, str], tuple[Any, ...]]] = (
    weakref.WeakKeyDictionary()
)


def _variables_key(stylesheet: Stylesheet) -> tuple[Any, ...]:
    variables = stylesheet._variables
    known = _VARIABLE_KEYS.get(stylesheet)
    if known is not None and known[0] == variables:
        return known[1]
    key = tuple(sorted(variables.items()))
    _VARIABLE_KEYS[stylesheet] = (dict(variables), key)
    return key


_original_parse_rules = Stylesheet._parse_rules


def _shared_parse_rules(
    self: Stylesheet,
    css: str,
    read_from: Any,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    key = (_variables_key(self), css, read_from, is_default_rules, tie_breaker, scope)
    rules = _PARSED.get(key)
    if rules is None:
        rules = _original_parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        _PARSED[key] = rules
    return rules


def share_parsed_css() -> None:
    """Parse each stylesheet source once per process and set of CSS variables, not once per
    app (idempotent). The parsed rules are only read once made, as Textual's own
    per-stylesheet cache already relies on."""
    Stylesheet._parse_rules = _shared_parse_rules  # type: ignore[method-assign]


def static_markup(static: Static) -> bool:
    """Whether ``static`` reads markup in its content (as Static.update would)."""
    return bool(static._render_markup)


def set_static_content(static: Static, content: Any, visual: Visual) -> None:
    """Give ``static`` new content and its visual without Static's whole-widget refresh
    (the caller refreshes the regions that changed)."""
    static._Static__content = content  # type: ignore[attr-defined]
    static._Static__visual = visual  # type: ignore[attr-defined]


class OneLayout(Widget):
    """A widget that takes a new size from the layout without asking for another. A
    second base (``class X(Panel, OneLayout)``): Textual takes CSS from the first.

    When a widget's size changes, the layout repaints it; Textual then sets its
    ``virtual_size``, a reactive that asks for a second layout and repaints the widget (and
    everything in a container) whole once more. Widgets with no scrolling have nothing to
    lay out again: the second pass is skipped, and the whole-widget repaint it would leave
    pending for the next key is dropped."""

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        resized = self._size != size
        changed = super()._size_updated(size, virtual_size, container_size, layout=False)
        if resized:
            self._repaint_regions.clear()
        return changed


class FatalErrorHook(App[Any]):
    """An app base whose unhandled error may end its own way: :meth:`end_on_error` returns
    False for Textual's own end (the traceback), or ends it and returns True."""

    def end_on_error(self, error: BaseException | None) -> bool:
        return False

    def _fatal_error(self) -> None:
        if not self.end_on_error(self._exception):
            super()._fatal_error()

    def exit_with_line(self, line: RenderableType) -> None:
        """End the app at once, printing ``line`` once it has left the terminal."""
        self._exit_renderables.append(line)
        self._close_messages_no_wait()
