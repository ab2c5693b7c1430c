"""Stak Bots' turn keys: p play, d discard, c recycle, s scrap, a attack, e end the turn, and
why one does nothing when it is pressed at the wrong time.

``TurnKeysMixin`` is part of :class:`screens.stak_bots.screen.StakBotsScreen`.
"""

from __future__ import annotations

from engines.stak_bots.moves import END, SCRAP, Move
from engines.stak_bots.state import TURN_ACTION_LIMIT
from screens.online.table_play import WATCHING_NOTE
from screens.stages import UiPhase
from screens.stak_bots.surface import StakBotsSurface

GAME_KEYS = "pdcsae"  # the keys of a turn: play, discard, recycle, scrap, attack, end
# The actions of the turn's keys and the kind of move each makes.
TURN_MOVES = {
    "play": "play",
    "discard": "discard",
    "recycle": "recycle",
    "scrap": "scrap",
    "attack": "attack",
    "end_turn": "end",
}
KEY_ACTIONS = {
    "p": "play",
    "d": "discard",
    "c": "recycle",
    "s": "scrap",
    "a": "attack",
    "e": "end_turn",
}


class TurnKeysMixin(StakBotsSurface):
    """The keys of a turn (see :data:`KEY_ACTIONS`) and what they say when they do nothing."""

    def action_not_now(self, key: str) -> None:
        """A game key pressed when it does nothing: say why."""
        phase = self.ui_phase()
        if phase == UiPhase.OVER:
            self.message = ""  # the status line already says what to press
        elif phase == UiPhase.WAIT and self.watching_table():
            self.message = WATCHING_NOTE
        elif phase == UiPhase.WAIT:
            self.message = "Not your turn: wait for the others."
        elif phase == UiPhase.PROMPT:
            self.message = "Answer the prompt first."
        else:
            self.message = self.why_not_key(KEY_ACTIONS[key])
        self.refresh_all()

    def why_not_key(self, action: str) -> str:
        """Why a key of the turn (its ``action``) does nothing now."""
        state = self.state
        kind = TURN_MOVES[action]
        if kind == "end":
            return f"You cannot end the turn yet: {self.end_block_reason()}."
        if kind == "recycle" and not state.recycling:
            return "Recycling is off in this game."
        if state.turn_actions >= TURN_ACTION_LIMIT:
            return (
                f"After {TURN_ACTION_LIMIT} actions in a turn: scrap your top card or "
                "discard, then end the turn."
            )
        seat = self.my_seat()
        if kind in ("play", "discard", "recycle") and seat is not None and not state.hands[seat]:
            return "You have no card in hand."
        if kind == "attack":
            return "No attack possible: " + self.attack_reason()
        return "Not possible now."

    def _with_card(self, kind: str) -> None:
        if self.state.choice is not None or self.targeting:
            self.message = "Answer the prompt first."
            self.refresh_all()
            return
        effect = self.picked_card()
        if effect is None:
            self.message = "You have no card in hand."
            self.refresh_all()
            return
        self.send(Move(kind, effect=effect))

    def action_play(self) -> None:
        self._with_card("play")

    def action_discard(self) -> None:
        self._with_card("discard")

    def action_recycle(self) -> None:
        self._with_card("recycle")

    def action_scrap(self) -> None:
        if self.state.choice is None and not self.targeting:
            self.send(SCRAP)

    def action_attack(self) -> None:
        if self.state.choice is not None or self.my_seat() is None:
            return
        targets = [m for m in self.legal() if m.kind == "attack"]
        if not targets:
            self.message = "No attack possible: " + self.attack_reason()
        else:  # even one target is asked for: a stray "a" must not cost a card
            self.targeting = True
            self.option = targets.index(self.hint_target) if self.hint_target in targets else 0
            self.message = ""
        self.refresh_all()

    def attack_reason(self) -> str:
        state = self.state
        if state.attack_over:
            return "this turn's attacker was reset, returned or scrapped."
        if state.attacker >= 0:
            return f"only {state.name(state.attacker)} may attack this turn; it is not on top."
        return "nothing to attack."

    def action_end_turn(self) -> None:
        reason = self.end_block_reason()
        if reason is not None:
            self.message = f"You cannot end the turn yet: {reason}."
            self.refresh_all()
            return
        self.send(END)

    def action_escape(self) -> None:
        if self.targeting:
            self.action_cancel()
        else:
            self.action_leave()
