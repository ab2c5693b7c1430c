"""The footer of a game screen: the keys that do something now, as many as fit.

:class:`FooterKeys` is mixed into :class:`screens.game_screen.GameScreen` before Textual's
``Screen``, whose ``active_bindings`` it reshapes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual.binding import ActiveBinding

from screens.stages import UiPhase

if TYPE_CHECKING:
    from textual.screen import Screen

    class FooterKeysSurface(Screen[None]):
        """The screen :class:`FooterKeys` is mixed into, as the type checker sees it: a
        Textual ``Screen`` with the game screen's ``ui_phase`` and ``undo_works``. At run
        time it is ``object``, so the method resolution order is unchanged."""

        def ui_phase(self) -> UiPhase: ...
        def undo_works(self) -> bool: ...
else:
    FooterKeysSurface = object

# A key as the footer shows it: (binding action, key as shown, description).
FooterKey = tuple[str, str, str]


def footer_key_width(key: str, description: str) -> int:
    """Columns a key takes in the footer: `` key description `` (Textual's padding)."""
    return cell_len(key) + cell_len(description) + 3


class FooterKeys(FooterKeysSurface):
    """The footer's plan; the screen supplies ``ui_phase``, ``undo_works`` and ``app``."""

    # -- the footer -------------------------------------------------------------
    # The footer shows the keys that do something now, planned by :meth:`footer_keys`:
    # the keys of the moment (FOOTER_MAIN, by :meth:`footer_mode`), then as many of the
    # optional keys (FOOTER_OPTIONAL, in priority order) as the width leaves room for, then
    # FOOTER_END, which always shows. The words come from the plan, not from the bindings;
    # a key the footer has no room for (or does not show now) still works.
    FOOTER_MAIN: dict[UiPhase, tuple[FooterKey, ...]] = {}
    FOOTER_OPTIONAL: tuple[FooterKey, ...] = (
        ("undo", "u", "Undo"),
        ("hint", "H", "Hint"),
        ("save_as", "^s", "Save"),
    )
    FOOTER_END: tuple[FooterKey, ...] = (("rules", "?", "Rules"), ("leave", "q", "Quit"))

    def footer_mode(self) -> UiPhase:
        """Which of :attr:`FOOTER_MAIN`'s key sets shows: the ui phase's by default."""
        return self.ui_phase()

    def footer_main(self) -> tuple[FooterKey, ...]:
        """The keys of the moment, shown whenever they apply."""
        return self.FOOTER_MAIN.get(self.footer_mode(), ())

    def footer_optional(self) -> tuple[FooterKey, ...]:
        """The optional keys by priority (a screen may word one by the moment)."""
        return self.FOOTER_OPTIONAL

    def offers(self, action: str) -> bool:
        """Whether an optional key that works now is worth its room in the footer: undo only
        when it would take a move back (``u`` still says why not)."""
        return self.undo_works() if action == "undo" else True

    def footer_keys(self, bindings: dict[str, ActiveBinding] | None = None) -> list[FooterKey]:
        """The footer's keys now, in the order shown (see FOOTER_MAIN above). A main key
        shows when its binding is active (dimmed while it is disabled: check_action said
        None); an optional key only when enabled and :meth:`offers` it."""
        if bindings is None:
            bindings = super().active_bindings
        active = {a.binding.action: a.enabled for a in bindings.values()}
        enabled = {action for action, on in active.items() if on}
        main = [k for k in self.footer_main() if k[0] in active]
        end = [k for k in self.FOOTER_END if k[0] in active]
        used = sum(footer_key_width(key, text) for _, key, text in main + end)
        taken = {action for action, _, _ in main + end}
        extra = []
        for entry in self.footer_optional():
            action, key, text = entry
            if action in taken or action not in enabled or not self.offers(action):
                continue
            width = footer_key_width(key, text)
            if used + width <= self.app.size.width:
                extra.append(entry)
                taken.add(action)
                used += width
        return main + extra + end

    def footer_left_out(self) -> list[FooterKey]:
        """The optional keys that would work now but the footer has no room for (a status
        line may name them)."""
        bindings = super().active_bindings
        enabled = {a.binding.action for a in bindings.values() if a.enabled}
        shown = {action for action, _, _ in self.footer_keys(bindings)}
        return [
            k
            for k in self.footer_optional()
            if k[0] in enabled and k[0] not in shown and self.offers(k[0])
        ]

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Textual's active bindings with the footer's keys (see :meth:`footer_keys`) shown,
        in their order and words, each once, and every other key hidden (it still works)."""
        bindings = super().active_bindings
        plan = self.footer_keys(bindings)
        order = {action: i for i, (action, _, _) in enumerate(plan)}
        words = {action: (key, text) for action, key, text in plan}
        shown: list[tuple[int, str, ActiveBinding]] = []
        hidden: dict[str, ActiveBinding] = {}
        for key, active in bindings.items():
            binding = active.binding
            if binding.action in words:
                display, text = words.pop(binding.action)  # a second key of it stays hidden
                binding = replace(binding, show=True, key_display=display, description=text)
                shown.append((order[binding.action], key, active._replace(binding=binding)))
            else:
                if binding.show:
                    active = active._replace(binding=replace(binding, show=False))
                hidden[key] = active
        shown.sort(key=lambda entry: entry[0])
        return {key: active for _, key, active in shown} | hidden

    def footer_state(self) -> tuple[object, ...]:
        """What the footer's keys depend on (see :meth:`update_footer`): the plan itself and
        which of its keys are dimmed."""
        bindings = super().active_bindings
        dimmed = sorted(a.binding.action for a in bindings.values() if not a.enabled)
        return (*self.footer_keys(bindings), *dimmed)
