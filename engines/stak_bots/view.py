"""What one seat of Stak Bots may know: plain data, built by :func:`.state.make_view`.

A view shows every face-up card (by card number; a number only tells the bot, which is
public anyway), ``-1`` for each face-down card, the seat's own hand, the sizes of the
other hands and of the draw pile, the scrapheap and the state of the turn. It holds no
other hand, no face-down card and not the order of the draw pile.
:func:`.state.determinize` deals the hidden cards at random into a full state that agrees
with a view (what the computer players search). This module imports no state, so the state
builds its views without an import cycle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core import SeatView
from engines.stak_bots.cards import CardSet
from engines.stak_bots.moves import Choice, Move

HIDDEN = -1


@dataclass(frozen=True)
class StakView(SeatView):
    seat: int
    cards: CardSet
    num_players: int
    options: tuple[bool, bool]  # reactive, recycling
    stacks: tuple[tuple[int, ...], ...]  # bottom first; HIDDEN for face-down cards
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    draw_size: int
    heap: tuple[int, ...]
    damage: tuple[tuple[int, int], ...]  # (card, damage) for damaged cards
    active: int
    turn: int
    moves: int
    attacker: int
    attack_done: bool
    attack_over: bool
    scrapped: bool
    out: tuple[bool, ...]
    chain: tuple[tuple[int, int], ...]
    choice: Choice | None
    stomp: int
    need_draw: bool
    turn_actions: int
    reshuffles: int
    winners: tuple[int, ...] | None
    legal: tuple[Move, ...]
    resigned: tuple[int, ...] = ()  # seats that resigned (out, their cards scrapped)

    def legal_actions(self) -> list[Move]:
        return list(self.legal)


def view_summary(view: StakView) -> dict[str, Any]:
    """Plain data of a view (for tests and debugging)."""
    return {k: getattr(view, k) for k in view.__dataclass_fields__ if k != "cards"}
