"""What one Robo Factory seat may know."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.core import SeatView
from engines.robo_factory.cards import CODES, SAME
from engines.robo_factory.rules import BUY, OVER, Build, Buy, Event, Phase, legal_builds


@dataclass(frozen=True)
class RoboFactoryView(SeatView):
    """What one seat knows. Never the order card, others' private cards or their tiles.

    ``hand``: own private cards still held; ``bought``: ``(card, tile)`` if this seat bought
    information this turn; ``own_build``/``tile``: its first build and (once nobody was
    right) the build's private match count; ``builds``: every seat's first build once they
    are revealed, else ``None``; ``buyers``: who bought information (public).
    """

    seat: int
    num_players: int
    tiebreak: str
    turn: int
    total_turns: int
    extra_rounds: int
    customer: int
    phase: Phase
    actor: int | None
    cubes: tuple[int, ...]
    supply: int
    eureka_used: tuple[bool, ...]
    open_cards: tuple[int, ...]
    open_tiles: tuple[int, ...]
    hand: tuple[int, ...]
    bought: tuple[int, int] | None
    buyers: tuple[bool, ...]
    own_build: int | None
    own_eureka: bool
    own_rebuild: int | None
    tile: int | None
    builds: tuple[int | None, ...]
    events: tuple[Event, ...]
    moves: int

    def legal_actions(self) -> Sequence[Buy | Build]:
        if self.phase == OVER or self.actor != self.seat:
            return []
        if self.phase == BUY:
            return [Buy(None)] + [Buy(c) for c in self.hand]
        return legal_builds(self.eureka_used[self.seat])

    def manufacturers(self) -> list[int]:
        n = self.num_players
        return [(self.customer + i) % n for i in range(1, n)]

    def seen_cards(self) -> set[int]:
        """Cards this seat has seen this turn: none of them is the order."""
        seen = set(self.open_cards) | set(self.hand)
        if self.bought is not None:
            seen.add(self.bought[0])
        return seen

    def candidates(self) -> list[int]:
        """Every order code consistent with what this seat knows, all equally likely."""
        if self.phase == OVER:
            return []
        possible = set(CODES)
        for card, tile in zip(self.open_cards, self.open_tiles, strict=True):
            possible &= SAME[card][tile]
        if self.bought is not None:
            possible &= SAME[self.bought[0]][self.bought[1]]
        if self.tile is not None and self.own_build is not None:
            possible &= SAME[self.own_build][self.tile]
        possible -= self.seen_cards()
        possible.difference_update(b for b in self.builds if b is not None)
        return sorted(possible)

    def manufacturer_turns_left(self) -> int:
        """Customer turns after this one in which this seat is a manufacturer (no extras)."""
        return sum(
            1 for t in range(self.turn + 1, self.total_turns) if t % self.num_players != self.seat
        )
