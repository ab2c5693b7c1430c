"""Support for the Stak Bots tests (no tests here): hand-built positions, invariants."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.match import Match
from engines.stak_bots.cards import CardSet, default_card_set
from engines.stak_bots.moves import Move, decode
from engines.stak_bots.state import StakState


def build(
    stacks: Sequence[Sequence[str]],
    hands: Sequence[Sequence[str]] | None = None,
    draw: Sequence[str] = (),
    heap: Sequence[str] = (),
    active: int = 0,
    reactive: bool = False,
    recycling: bool = False,
    cards: CardSet | None = None,
    seed: int = 1,
) -> StakState:
    """A position by effect names, bottom card first; ``"+"`` after a name = face up.

    The top card of each stack is always face up. ``draw`` lists the next draws last-first
    (its last entry is drawn first); every card not named goes under the draw pile.
    """
    cards = cards or default_card_set()
    n = len(stacks)
    state = StakState(
        cards,
        n,
        {"reactive": "on" if reactive else "off", "recycling": "on" if recycling else "off"},
        seed,
    )
    pool: dict[str, list[int]] = {}
    for card, effect in enumerate(state.effects):
        pool.setdefault(effect, []).append(card)

    def take(name: str) -> int:
        effect = name.rstrip("+")
        if not pool.get(effect):
            raise ValueError(f"no {effect} card left to place")
        return pool[effect].pop()

    for seat, names in enumerate(stacks):
        stack = []
        for i, name in enumerate(names):
            card = take(name)
            state.up[card] = name.endswith("+") or i == len(names) - 1
            stack.append(card)
        state.stacks[seat] = stack
    for seat, names in enumerate(hands or [[] for _ in range(n)]):
        state.hands[seat] = [take(name) for name in names]
    state.heap = [take(name) for name in heap]
    named_draw = [take(name) for name in draw]
    rest = [c for cards_left in pool.values() for c in cards_left]
    state.draw = rest + named_draw
    state.active = active
    state.need_draw = False
    state.events = []
    return state


def act(state: StakState, *texts: str) -> StakState:
    """Apply actions by their log text, each by the seat to move."""
    for text in texts:
        state.apply(decode(text))
    return state


def tops(state: StakState) -> list[str]:
    return [state.effects[s[-1]] if s else "-" for s in state.stacks]


def stack_text(state: StakState, seat: int) -> list[str]:
    """Bottom first, ``+`` marking face-up cards."""
    return [state.effects[c] + ("+" if state.up[c] else "") for c in state.stacks[seat]]


def legal_texts(state: StakState) -> set[str]:
    from engines.stak_bots.moves import encode

    return {encode(m) for m in state.legal_actions()}


def check_invariants(state: StakState) -> None:
    """Every card in exactly one place; tops face up between decisions; sane flags."""
    places: list[int] = []
    for stack in state.stacks:
        places.extend(stack)
    for hand in state.hands:
        places.extend(hand)
    places.extend(state.draw)
    places.extend(state.heap)
    size = len(state.kinds)
    assert sorted(places) == list(range(size)), "cards lost or doubled"
    if state.choice is None and not state.chain:
        for seat, stack in enumerate(state.stacks):
            if stack:
                assert state.up[stack[-1]], f"top card of seat {seat} is face down"
            else:
                assert state.out[seat] or state.winners is not None
    in_stacks = {c for s in state.stacks for c in s}
    for card, dmg in enumerate(state.damage):
        assert dmg >= 0
        if dmg:
            assert card in in_stacks and state.up[card], "damage on a card outside play"
    for seat in range(state.num_players):
        if state.out[seat]:
            assert not state.stacks[seat]
    if state.winners is None:
        assert not state.out[state.active] or state.choice is not None
        assert state.legal_actions(), "a live game with nothing to do"


def move_texts(moves: Sequence[Move]) -> list[str]:
    from engines.stak_bots.moves import encode

    return [encode(m) for m in moves]


class FromPosition:
    """The Stak Bots spec, but its new games start from a hand-built position: a match from
    it replays its log (undo looks back through it) like a match from a deal."""

    def __init__(self, spec: Any, state: StakState) -> None:
        self.spec = spec
        self.start = copy_position(state)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.spec, name)

    def new_game(self, num_players: int, options: Mapping[str, Any], seed: int) -> StakState:
        return copy_position(self.start)


def copy_position(state: StakState) -> StakState:
    """A copy that keeps its events and what each seat has seen (as a real game does)."""
    other = state.clone()
    other.events = list(state.events or [])
    other.seen = [set(seen) for seen in state.seen]
    other.note_seen()
    return other


def match_from(match: Match, state: StakState) -> Match:
    """A match like ``match`` whose game starts from ``state`` (which it plays on)."""
    state.note_seen()
    spec = match.spec.spec if isinstance(match.spec, FromPosition) else match.spec
    other = Match(FromPosition(spec, state), state.num_players, match.options, match.seed)
    other.state = state
    return other
