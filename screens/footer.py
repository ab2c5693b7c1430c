"""The key bar at the foot of every screen: Textual's Footer without its per-key data binding.

Textual 8.2.8's ``Footer.compose`` binds each new ``FooterKey``'s ``compact`` to the footer's
with ``data_bind``, which adds a watcher to the footer that is dropped only when ``compact``
changes. The footer recomposes whenever the screen's bindings change (a dialog opening or
closing, the focus moving), so a screen that stays open (the lobby, a game) keeps every
``FooterKey`` it ever showed alive through those watchers: about 280 KB per dialog opened.
This footer composes the same keys and hands them ``compact`` directly; when its own
``compact`` changes it sets it on the keys it shows.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer as TextualFooter

from screens.textual_private import FooterKey, FooterLabel, KeyGroup

__all__ = ["Footer"]


class Footer(TextualFooter):
    """Textual's Footer, composed without a watcher per key."""

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        active_bindings = self.screen.active_bindings
        by_action: defaultdict[str, list[tuple[Binding, bool, str]]] = defaultdict(list)
        for _, binding, enabled, tooltip in active_bindings.values():
            if binding.show:
                by_action[binding.action].append((binding, enabled, tooltip))
        self.styles.grid_size_columns = len(by_action)
        for group, runs in groupby(by_action.values(), lambda run: run[0][0].group):
            same_group = list(runs)
            if group is not None and len(same_group) > 1:
                with KeyGroup(classes="-compact" if group.compact else ""):
                    for binding, enabled, tooltip in (run[0] for run in same_group):
                        yield self._key(
                            binding, "", enabled, tooltip or binding.description, "-grouped"
                        )
                yield FooterLabel(group.description)
            else:
                for binding, enabled, tooltip in (run[0] for run in same_group):
                    yield self._key(binding, binding.description, enabled, tooltip, "")
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _, binding, enabled, _ = found
                yield FooterKey(
                    binding.key,
                    self.app.get_key_display(binding),
                    binding.description,
                    binding.action,
                    classes="-command-palette",
                    disabled=not enabled,
                    tooltip=binding.tooltip or binding.description,
                )

    def _key(
        self, binding: Binding, description: str, enabled: bool, tooltip: str, classes: str
    ) -> FooterKey:
        key = FooterKey(
            binding.key,
            self.app.get_key_display(binding),
            description,
            binding.action,
            disabled=not enabled,
            tooltip=tooltip,
            classes=classes,
        )
        key.set_reactive(FooterKey.compact, self.compact)
        return key

    def watch_compact(self, compact: bool) -> None:
        for key in self.query(FooterKey):
            if "-command-palette" not in key.classes:
                key.compact = compact
