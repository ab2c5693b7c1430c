"""Stak Bots' prompts: an effect's choice (a card of your hand, a stack...) or the stack to
attack, its options, and the keys that move through them and answer (1-9, the arrows, Enter;
Enter's pause after a prompt opens is in screen.py, PROMPT_SETTLE).

``PromptsMixin`` is part of :class:`screens.stak_bots.screen.StakBotsScreen`.
"""

from __future__ import annotations

from engines.stak_bots.moves import TAKE, Move
from screens import dialogs
from screens.stak_bots.surface import StakBotsSurface


class PromptsMixin(StakBotsSurface):
    """The prompt's options and the keys that pick one."""

    def prompt_options(self) -> list[Move]:
        """The options of the current prompt: an effect's choice or the attack target. A
        choice of a card of your hand lists the hand in its order, card by card, so option
        N is hand card N; "let the attack happen" comes after them."""
        legal = self.legal()
        choice = self.state.choice
        if choice is not None:
            seat = self.my_seat()
            if choice.kind not in ("lose", "react") or seat is None:
                return legal
            effects = self.state.effects
            cards = [Move(choice.kind, effect=effects[c]) for c in self.state.hands[seat]]
            return [m for m in cards if m in legal] + [m for m in legal if m.kind != choice.kind]
        if self.targeting:
            return [m for m in legal if m.kind == "attack"]
        return []

    def default_option(self, options: list[Move]) -> int:
        """The option a prompt starts on: letting an attack happen, where that is one."""
        return options.index(TAKE) if TAKE in options else 0

    def prompt_hand_card(self, options: list[Move]) -> int | None:
        """The hand card (its index) a hand-card prompt has selected, else None."""
        choice = self.state.choice
        seat = self.my_seat()
        if choice is None or choice.kind not in ("lose", "react") or seat is None:
            return None
        hand = self.state.hands[seat]
        if self.option < len(hand) and options[self.option].kind == choice.kind:
            return self.option
        return None

    def action_cursor(self, step: int) -> None:
        options = self.prompt_options()
        if options:
            self.option = (self.option + step) % len(options)
        else:
            seat = self.my_seat()
            hand = self.state.hands[seat] if seat is not None else []
            if hand:
                self.cursor = (self.cursor + step) % len(hand)
        self.refresh_all()

    def action_choose(self, n: int) -> None:
        self.action_number(n)

    def action_cancel(self) -> None:
        self.targeting = False
        self.message = "Attack cancelled."
        self.refresh_all()

    def action_number(self, n: int) -> None:
        options = self.prompt_options()
        if options:
            if n <= len(options):
                self.option = n - 1
                self._answer()
            return
        seat = self.my_seat()
        if seat is not None and n <= len(self.state.hands[seat]):
            self.cursor = n - 1
            self.refresh_all()

    def _answer(self) -> None:
        options = self.prompt_options()
        if options:
            self.send(options[min(self.option, len(options) - 1)])

    def _note_prompt(self) -> None:
        """When the effect prompt on screen opened (for :meth:`action_confirm`)."""
        choice = self.state.choice
        key = None if choice is None else (len(self.session.match.log), choice.kind)
        if key != self.prompt_key:
            self.prompt_key = key
            self.prompt_at = dialogs.clock()
