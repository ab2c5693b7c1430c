"""Headless matches between computer players, with win and timing statistics."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.core import GameSpec, IllegalAction
from engines.match import Match
from engines.players import make_player


@dataclass
class PlayerStats:
    """Results of one entrant (one position in the ``--players`` list)."""

    spec: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    times_ms: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def as_dict(self) -> dict[str, Any]:
        low, high = wilson_interval(self.wins, self.games)
        return {
            "spec": self.spec,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "decisions": len(self.times_ms),
            "decision_ms": timing_summary(self.times_ms),
        }


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% with the default ``z``).

    Unlike the normal approximation it stays inside [0, 1] and is sound at 0 or all
    successes, which a strong player against a weak one often reaches.
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def timing_summary(times_ms: Sequence[float]) -> dict[str, float]:
    """Mean, 95th percentile (nearest rank) and maximum, in milliseconds."""
    if not times_ms:
        return {"mean": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(times_ms)
    rank = max(1, math.ceil(0.95 * len(ordered)))
    return {
        "mean": round(sum(ordered) / len(ordered), 3),
        "p95": round(ordered[rank - 1], 3),
        "max": round(ordered[-1], 3),
    }


@dataclass
class ArenaReport:
    game: str
    games: int
    seed: int
    options: dict[str, Any]
    players: list[PlayerStats]

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "players": [p.as_dict() for p in self.players],
        }


def seating(game_index: int, entrants: int) -> list[int]:
    """Which entrant sits in each seat in game ``game_index``: rotates one seat per game."""
    return [(seat + game_index) % entrants for seat in range(entrants)]


def run_arena(
    spec: GameSpec,
    player_specs: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    first: int = 0,
    setup: Callable[[Any, int], None] | None = None,
) -> ArenaReport:
    """Play ``games`` games, seats rotating so each entrant plays every seat equally often.

    Game ``g`` uses game seed ``seed + g``; each player gets its own seed derived from it,
    so the players' thinking never changes the deal. ``first`` numbers the first game (a run
    in parts plays the same games as one run); ``setup(player, entrant)`` may adjust each
    player before a game (benches fix its iterations or tune it).
    """
    n = len(player_specs)
    spec.check_players(n)
    opts = spec.normalize_options(options)
    stats = [PlayerStats(s) for s in player_specs]
    for g in range(first, first + games):
        game_seed = seed + g
        seats = seating(g, n)
        players = [
            make_player(spec, player_specs[entrant], seat, game_seed * 1000 + 7 * seat + 1)
            for seat, entrant in enumerate(seats)
        ]
        if setup is not None:
            for player, entrant in zip(players, seats, strict=True):
                setup(player, entrant)
        match = Match(spec, n, opts, game_seed)
        state = match.state
        while not state.is_terminal():
            for seat in state.to_move():
                view = state.view(seat)
                start = time.perf_counter()
                action = players[seat].choose(view)
                stats[seats[seat]].times_ms.append((time.perf_counter() - start) * 1000)
                if action not in view.legal_actions():
                    raise IllegalAction(
                        f"player {player_specs[seats[seat]]} chose an illegal action {action!r}"
                    )
                match.play(action, seat)
        result = state.result()
        assert result is not None
        for seat, entrant in enumerate(seats):
            outcome = result.outcome(seat)
            entry = stats[entrant]
            if outcome == "win":
                entry.wins += 1
            elif outcome == "draw":
                entry.draws += 1
            else:
                entry.losses += 1
        if progress is not None:
            progress(g - first + 1)
    return ArenaReport(spec.id, games, seed, opts, stats)


def format_report(report: ArenaReport) -> str:
    """The report as a plain-text table."""
    lines = [
        f"{report.game}: {report.games} games, seed {report.seed}",
        f"{'player':<28} {'wins':>6} {'draws':>6} {'losses':>6} {'win%':>6} {'95% CI':>11}"
        f" {'mean ms':>9} {'p95 ms':>9} {'max ms':>9}",
    ]
    for p in report.players:
        t = timing_summary(p.times_ms)
        pct = 100.0 * p.wins / report.games if report.games else 0.0
        low, high = wilson_interval(p.wins, report.games)
        ci = f"{100 * low:.1f}-{100 * high:.1f}"
        lines.append(
            f"{p.spec:<28} {p.wins:>6} {p.draws:>6} {p.losses:>6} {pct:>5.1f}% {ci:>11}"
            f" {t['mean']:>9.2f} {t['p95']:>9.2f} {t['max']:>9.2f}"
        )
    return "\n".join(lines)
