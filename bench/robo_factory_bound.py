"""How much would more information be worth to Robo Factory's ``hard``? An upper bound.

Plays the arena's 4-player game (``hard`` against three ``normal``, seats rotating, the
arena's seeds) four times on the same deals: honestly; with ``hard`` *cheating* by
seeing the other manufacturers' private cards and the cards they handed to the customer
(none of them is the order); cheating by seeing those and the tiles they bought as
well, i.e. with the whole table's knowledge; and cheating on the second try only, by
seeing every other manufacturer's tiles then (its bought tile and its first build's
match count). Its candidates, purchases and builds use what it sees. The first cheat
bounds what reading the others' hands from their play could ever be worth; the second
shows how much the luck of the others' information decides; the third bounds what
reading the others' revealed first builds could be worth.

Run::

    python bench/robo_factory_bound.py --games 400 --seed 1

It prints the win rates of the four runs (a shared win counts as none) and ``hard``'s first
builds that were right.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.arena import seating  # noqa: E402
from engines.match import Match  # noqa: E402
from engines.players import make_player  # noqa: E402
from engines.registry import get_game  # noqa: E402
from engines.robo_factory.cards import MATCH  # noqa: E402
from engines.robo_factory.state import REBUILD, RoboFactoryState  # noqa: E402
from engines.robo_factory.view import RoboFactoryView  # noqa: E402

PLAYERS = ("hard", "normal", "normal", "normal")


@dataclasses.dataclass(frozen=True)
class CheatingView(RoboFactoryView):
    """A seat's view plus cards it should not see (``extra``), none of them the order,
    and the tiles the others bought (``tiles``: ``(card, matches)``)."""

    extra: frozenset[int] = frozenset()
    tiles: tuple[tuple[int, int], ...] = ()

    def seen_cards(self) -> set[int]:
        return super().seen_cards() | self.extra

    def candidates(self) -> list[int]:
        return [c for c in super().candidates() if c not in self.extra
                and all(MATCH[card][c] == tile for card, tile in self.tiles)]


def second_try_view(state: RoboFactoryState, seat: int) -> RoboFactoryView:
    """Honest but for the second try, where ``hard`` also sees every other
    manufacturer's tiles: its bought tile and its first build's match count (all that
    reading the others' first builds could ever tell)."""
    view = state.view(seat)
    if state.phase != REBUILD:
        return view
    tiles = [b for other, b in enumerate(state.bought) if other != seat and b is not None]
    for other, build in enumerate(state.builds):
        tile = state.tiles[other]
        if other != seat and build is not None and tile is not None:
            tiles.append((build.code, tile))
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(RoboFactoryView)}
    return CheatingView(**fields, tiles=tuple(tiles))


def cheating_view(state: RoboFactoryState, seat: int, with_tiles: bool) -> CheatingView:
    view = state.view(seat)
    extra = {c for other, hand in enumerate(state.hands) if other != seat for c in hand}
    extra |= set(state.given)
    extra.discard(state.order)
    tiles = tuple(b for other, b in enumerate(state.bought)
                  if with_tiles and other != seat and b is not None)
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(RoboFactoryView)}
    return CheatingView(**fields, extra=frozenset(extra), tiles=tiles)


def play(games: int, seed: int, cheat: int) -> tuple[list[int], int, int]:
    """Wins per entrant, and hard's right first builds out of its first builds."""
    spec = get_game("robo-factory")
    n = len(PLAYERS)
    options = spec.normalize_options({})
    wins = [0] * n
    right = tries = 0
    for g in range(games):
        game_seed = seed + g
        seats = seating(g, n)
        players = [make_player(spec, PLAYERS[e], s, game_seed * 1000 + 7 * s + 1)
                   for s, e in enumerate(seats)]
        match = Match(spec, n, options, game_seed)
        state = match.state
        assert isinstance(state, RoboFactoryState)
        while not state.is_terminal():
            for seat in state.to_move():
                honest = seats[seat] != 0 or not cheat
                if honest:
                    view = state.view(seat)
                elif cheat == 3:
                    view = second_try_view(state, seat)
                else:
                    view = cheating_view(state, seat, cheat == 2)
                match.play(players[seat].choose(view), seat)
        result = state.result()
        assert result is not None
        for seat, entrant in enumerate(seats):
            wins[entrant] += result.outcome(seat) == "win"
        hard = seats.index(0)
        for event in state.events:
            if event.kind == "check" and event.seat == hard and event.attempt == 1:
                tries += 1
                right += event.right
    return wins, right, tries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    labels = ("honest", "sees the others' cards", "sees the others' cards and tiles",
              "sees the others' tiles on the second try only")
    for cheat, label in enumerate(labels):
        wins, right, tries = play(args.games, args.seed, cheat)
        shares = ", ".join(f"{100 * w / args.games:.1f}%" for w in wins[1:])
        print(f"hard, {label}: wins {100 * wins[0] / args.games:.1f}% (normal: {shares}); "
              f"first builds right {100 * right / tries:.1f}%")


if __name__ == "__main__":
    main()
