"""The key bar at the foot of every screen: Textual's Footer without its per-key data
binding, recomposed only when the keys it shows change.

Textual 8.2.8's ``Footer.compose`` binds each new ``FooterKey``'s ``compact`` to the footer's
with ``data_bind``, which adds a watcher to the footer that is dropped only when ``compact``
changes. The footer recomposes whenever the screen's bindings change (a dialog opening or
closing, the focus moving), so a screen that stays open (the lobby, a game) keeps every
``FooterKey`` it ever showed alive through those watchers: about 280 KB per dialog opened.
This footer composes the same keys and hands them ``compact`` directly; when its own
``compact`` changes it sets it on the keys it shows.

Most of those recomposes would show the keys already shown (the focus moved within a
screen, a screen was pushed and popped), and each one removes every key widget and mounts,
styles and lays out new ones: a large part of the CPU of a screen's first draw. So the
footer first works out what it would show (:meth:`Footer.plan`) and recomposes only when
that differs from what it shows. And where Textual's footer is composed empty and filled
once the screen has drawn, this one is composed with its keys (:meth:`Footer._first_plan`):
a screen's first frame is whole, not followed by a second layout and frame for the keys.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby
from typing import NamedTuple

from textual.app import ComposeResult
from textual.binding import Binding
from textual.dom import NoScreen
from textual.widgets import Footer as TextualFooter

from screens.textual_private import FooterKey, FooterLabel, KeyGroup

__all__ = ["Footer", "FooterItem", "FooterPlan"]


class FooterItem(NamedTuple):
    """One key of the bar, as data."""

    key: str
    display: str  # the key as shown ("Enter")
    description: str
    action: str
    enabled: bool
    tooltip: str
    classes: str


class FooterGroup(NamedTuple):
    """Keys of one binding group shown together, then the group's description."""

    keys: tuple[FooterItem, ...]
    description: str
    compact: bool


class FooterPlan(NamedTuple):
    """Everything the footer shows: compared to decide whether to compose again."""

    columns: int
    parts: tuple[FooterItem | FooterGroup, ...]
    palette: FooterItem | None  # the command palette's key, on the right


class Footer(TextualFooter):
    """Textual's Footer, composed without a watcher per key, recomposed only on change."""

    _shown: FooterPlan | None = None  # what the footer's widgets show

    def plan(self) -> FooterPlan:
        """What the footer shows for the screen's bindings now."""
        if not self._bindings_ready:
            return FooterPlan(0, (), None)
        active_bindings = self.screen.active_bindings
        by_action: defaultdict[str, list[tuple[Binding, bool, str]]] = defaultdict(list)
        for _, binding, enabled, tooltip in active_bindings.values():
            if binding.show:
                by_action[binding.action].append((binding, enabled, tooltip))
        parts: list[FooterItem | FooterGroup] = []
        for group, runs in groupby(by_action.values(), lambda run: run[0][0].group):
            firsts = [run[0] for run in runs]
            if group is not None and len(firsts) > 1:
                keys = tuple(
                    self._item(binding, "", enabled, tooltip or binding.description, "-grouped")
                    for binding, enabled, tooltip in firsts
                )
                parts.append(FooterGroup(keys, group.description, group.compact))
            else:
                parts.extend(
                    self._item(binding, binding.description, enabled, tooltip, "")
                    for binding, enabled, tooltip in firsts
                )
        palette = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _, binding, enabled, _ = found
                tooltip = binding.tooltip or binding.description
                palette = self._item(
                    binding, binding.description, enabled, tooltip, "-command-palette"
                )
        return FooterPlan(len(by_action), tuple(parts), palette)

    def _item(
        self, binding: Binding, description: str, enabled: bool, tooltip: str, classes: str
    ) -> FooterItem:
        display = self.app.get_key_display(binding)
        return FooterItem(
            binding.key, display, description, binding.action, enabled, tooltip, classes
        )

    async def recompose(self) -> None:
        if self._shown is not None and self.is_attached:
            try:
                unchanged = self.plan() == self._shown
            except NoScreen:  # being removed with its screen: Textual's recompose skips it
                unchanged = False
            if unchanged:
                return
        await super().recompose()

    def compose(self) -> ComposeResult:
        plan = self._first_plan() if not self._bindings_ready else self.plan()
        self._shown = plan
        if plan is None:
            return
        self.styles.grid_size_columns = plan.columns
        for part in plan.parts:
            if isinstance(part, FooterGroup):
                with KeyGroup(classes="-compact" if part.compact else ""):
                    for item in part.keys:
                        yield self._key(item)
                yield FooterLabel(part.description)
            else:
                yield self._key(part)
        if plan.palette is not None:
            yield self._key(plan.palette, follow_compact=False)

    def _first_plan(self) -> FooterPlan | None:
        """The keys to show when first composed, if the screen can say already (Textual's
        footer waits for the screen's first frame and then composes: a second layout and
        frame of the whole screen, for every screen opened); None if it cannot yet (a
        screen whose check of an action needs widgets not mounted), and the footer fills
        in after the first frame as Textual's does."""
        try:
            self.set_reactive(Footer._bindings_ready, True)
            return self.plan()
        except Exception:
            self.set_reactive(Footer._bindings_ready, False)
            return None

    def _key(self, item: FooterItem, follow_compact: bool = True) -> FooterKey:
        key = FooterKey(
            item.key,
            item.display,
            item.description,
            item.action,
            disabled=not item.enabled,
            tooltip=item.tooltip,
            classes=item.classes,
        )
        if follow_compact:
            key.set_reactive(FooterKey.compact, self.compact)
        return key

    def watch_compact(self, compact: bool) -> None:
        for key in self.query(FooterKey):
            if "-command-palette" not in key.classes:
                key.compact = compact
