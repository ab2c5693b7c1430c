"""What one seat of Stak Bots may know, and sampling full states from it for search.

A view shows every face-up card (by card number; a number only tells the bot, which is
public anyway), ``-1`` for each face-down card, the seat's own hand, the sizes of the
other hands and of the draw pile, the scrapheap and the state of the turn. It holds no
other hand, no face-down card and not the order of the draw pile.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engines.core import SeatView
from engines.stak_bots.cards import CardSet
from engines.stak_bots.moves import Move
from engines.stak_bots.state import Choice, StakState

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

    def legal_actions(self) -> list[Move]:
        return list(self.legal)

    def determinize(self, rng: random.Random) -> StakState:
        """A full state that agrees with this view; hidden cards dealt at random."""
        seen: set[int] = set(self.hand) | set(self.heap)
        for stack in self.stacks:
            seen.update(c for c in stack if c != HIDDEN)
        pool = [c for c in range(self.cards.size) if c not in seen]
        rng.shuffle(pool)
        reactive, recycling = self.options
        state = StakState(
            self.cards,
            self.num_players,
            {"reactive": "on" if reactive else "off", "recycling": "on" if recycling else "off"},
            rng.randrange(1 << 30),
        )
        state.events = None
        for s, stack in enumerate(self.stacks):
            cards = []
            for c in stack:
                if c == HIDDEN:
                    c = pool.pop()
                    state.up[c] = False
                else:
                    state.up[c] = True
                cards.append(c)
            state.stacks[s] = cards
        for s in range(self.num_players):
            if s == self.seat:
                state.hands[s] = list(self.hand)
            else:
                state.hands[s] = [pool.pop() for _ in range(self.hand_sizes[s])]
        state.draw = pool[: self.draw_size]
        del pool[: self.draw_size]
        assert not pool, "the view's counts do not add up"
        state.heap = list(self.heap)
        for card, dmg in self.damage:
            state.damage[card] = dmg
        state.active = self.active
        state.turn = self.turn
        state.moves = self.moves
        state.attacker = self.attacker
        state.attack_done = self.attack_done
        state.attack_over = self.attack_over
        state.scrapped = self.scrapped
        state.out = list(self.out)
        state.chain = list(self.chain)
        state.choice = self.choice
        state.stomp = self.stomp
        state.need_draw = self.need_draw
        state.turn_actions = self.turn_actions
        state.reshuffles = self.reshuffles
        state.winners = self.winners
        return state


def make_view(state: StakState, seat: int) -> StakView:
    up = state.up
    stacks = tuple(tuple(c if up[c] else HIDDEN for c in s) for s in state.stacks)
    attacker = state.attacker
    if (
        attacker >= 0
        and attacker not in state.heap
        and not (up[attacker] and any(attacker in s for s in state.stacks))
    ):
        attacker = HIDDEN  # reset or back in a hand: it cannot attack again this turn
    chain = tuple((c if up[c] and c in state.stacks[s] else HIDDEN, s) for c, s in state.chain)
    return StakView(
        seat=seat,
        cards=state.cards,
        num_players=state.num_players,
        options=(state.reactive, state.recycling),
        stacks=stacks,
        hand=tuple(state.hands[seat]),
        hand_sizes=tuple(len(h) for h in state.hands),
        draw_size=len(state.draw),
        heap=tuple(state.heap),
        damage=tuple((c, d) for c, d in enumerate(state.damage) if d),
        active=state.active,
        turn=state.turn,
        moves=state.moves,
        attacker=attacker,
        attack_done=state.attack_done,
        attack_over=state.attack_over,
        scrapped=state.scrapped,
        out=tuple(state.out),
        chain=chain,
        choice=state.choice,
        stomp=state.stomp,
        need_draw=state.need_draw,
        turn_actions=state.turn_actions,
        reshuffles=state.reshuffles,
        winners=state.winners,
        legal=tuple(state.legal_actions(seat)),
    )


def view_summary(view: StakView) -> dict[str, Any]:
    """Plain data of a view (for tests and debugging)."""
    return {k: getattr(view, k) for k in view.__dataclass_fields__ if k != "cards"}
