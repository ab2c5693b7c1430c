"""Half-built RoboRally programs (drafts) and the 1994 sand timer that completes them.

A draft has one entry per register: the index of a card in the seat's hand (``view.hand``,
sorted by priority, 0-based) or ``None`` for a register not filled yet. A locked register
keeps last turn's card by the rules: its entry is always ``None``. When the timer runs out,
:func:`complete_program` keeps every filled register as programmed and fills only the empty
ones, at random, from the cards left in that hand (rules facts: the 30-second sand timer).

The text of a draft (for a wire or a save) is its five entries, ``-`` for an empty one,
and ``;pd`` when a power down is announced: ``3,-,0,-,-`` or ``3,1,0,4,2;pd``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engines.core import GameState, IllegalAction
from engines.roborally.phases import Phase
from engines.roborally.state import REGISTERS, Program, RoboRallyState, RoboRallyView

Draft = Sequence[int | None]
EMPTY = "-"
POWER_DOWN = ";pd"


def check_draft(view: RoboRallyView, registers: Draft, power_down: bool = False) -> str | None:
    """``None`` if ``registers`` (and ``power_down``) can be part of a program of
    ``view``'s seat now, else the reason in one line."""
    if view.pending != "program" or view.program_choices is None:
        return "there is no program to write now"
    if len(registers) != REGISTERS:
        return f"a draft has {REGISTERS} registers, not {len(registers)}"
    locked = view.robots[view.seat].locked
    used: set[int] = set()
    for r, index in enumerate(registers):
        if index is None:
            continue
        if locked[r]:
            return f"register {r + 1} is locked"
        if (
            isinstance(index, bool)
            or not isinstance(index, int)
            or not (0 <= index < len(view.hand))
        ):
            return f"register {r + 1}: {index!r} is not a card of the hand (1 to {len(view.hand)})"
        if index in used:
            return f"register {r + 1}: card {view.hand[index]} is in another register already"
        used.add(index)
    if power_down and not view.program_choices.pd:
        return "a power down can only be announced by a damaged robot"
    return None


def complete_program(
    view: RoboRallyView, registers: Draft, rng: random.Random, power_down: bool = False
) -> Program:
    """The program the timer plays for a draft: every filled register as programmed, the
    locked ones as the rules keep them, each empty one filled at random (``rng``) from the
    cards left in the hand. Always one of ``view.legal_actions()``; raise
    :class:`IllegalAction` (saying why) for a draft :func:`check_draft` refuses."""
    problem = check_draft(view, registers, power_down)
    if problem is not None:
        raise IllegalAction(problem)
    me = view.robots[view.seat]
    cards = [view.program[r] if me.locked[r] else 0 for r in range(REGISTERS)]
    for r, index in enumerate(registers):
        if index is not None:
            cards[r] = view.hand[index]
    left = [c for c in view.hand if c not in cards]
    rng.shuffle(left)
    for r in range(REGISTERS):
        if not me.locked[r] and not cards[r]:
            cards[r] = left.pop()
    return Program(tuple(cards), power_down)


def draft_of(view: RoboRallyView, chosen: Sequence[int]) -> list[int | None]:
    """The draft of cards ``chosen`` (priorities) put into the free registers in order, as
    the programming keys fill them (cards not in the hand are left out)."""
    me = view.robots[view.seat]
    free = [r for r in range(REGISTERS) if not me.locked[r]]
    draft: list[int | None] = [None] * REGISTERS
    cards = [c for c in chosen if c in view.hand]
    for r, card in zip(free, cards, strict=False):
        draft[r] = view.hand.index(card)
    return draft


def encode_draft(registers: Draft, power_down: bool = False) -> str:
    """``3,-,0,-,-`` (``;pd`` added for a power down)."""
    text = ",".join(EMPTY if i is None else str(i) for i in registers)
    return text + (POWER_DOWN if power_down else "")


def decode_draft(text: str) -> tuple[list[int | None], bool]:
    """The registers and power down of a draft's text; raise :class:`IllegalAction` with a
    one-line reason for text that is not a draft (whether it fits a hand is
    :func:`check_draft`'s)."""
    body = str(text).strip()
    power_down = body.endswith(POWER_DOWN)
    if power_down:
        body = body[: -len(POWER_DOWN)]
    parts = [p.strip() for p in body.split(",")]
    if len(parts) != REGISTERS or len(body) > 40:
        raise IllegalAction(f"{text!r} is not a draft like '3,-,0,-,-' (5 registers)")
    out: list[int | None] = []
    for part in parts:
        if part == EMPTY:
            out.append(None)
        elif part.isascii() and part.isdigit() and len(part) <= 2:
            out.append(int(part))
        else:
            raise IllegalAction(f"{text!r}: {part!r} is neither a hand card's index nor '-'")
    return out, power_down


class RoboRallyDrafts:
    """RoboRally's drafts for the table server (:class:`engines.core.ProgramDrafts`)."""

    def programming(self, state: GameState) -> bool:
        return isinstance(state, RoboRallyState) and state.phase == Phase.PROGRAM

    def writing(self, state: GameState, seat: int) -> bool:
        return self.programming(state) and _view(state, seat).pending == "program"

    def parse(self, text: str) -> str:
        return encode_draft(*decode_draft(text))

    def fits(self, state: GameState, seat: int, text: str) -> str | None:
        registers, power_down = decode_draft(text)
        return check_draft(_view(state, seat), registers, power_down)

    def complete(
        self, state: GameState, seat: int, text: str | None, rng: random.Random
    ) -> Program:
        registers, power_down = decode_draft(text) if text else ([None] * REGISTERS, False)
        return complete_program(_view(state, seat), registers, rng, power_down)


def _view(state: GameState, seat: int) -> RoboRallyView:
    view = state.view(seat)
    assert isinstance(view, RoboRallyView)
    return view
