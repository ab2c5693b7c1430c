"""OpenSkill ratings of the host's players and computer levels, one rating per game.

Each identity (a player's key, or ``computer:LEVEL`` for a computer level) has a skill
``mu`` and an uncertainty ``sigma`` per game (OpenSkill's Plackett-Luce model: any number of
seats, ties allowed). A result is rated seat by seat in ranks (1 the best, equal ranks tie);
the host shows ``1500 + 20 * (mu - 3 * sigma)`` (a new identity shows 1500 and climbs as its
uncertainty falls) with ``± 40 * sigma`` (about two standard deviations in rating points).

Everything here works on an open :class:`sqlite3.Connection` with the store's tables
(``results``, ``result_seats``, ``ratings``, ``rating_changes``), so the store's migration
can rebuild ratings and a rebuild gives exactly what rating each result as it came gave.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

MU, SIGMA = 25.0, 25.0 / 3.0
CENTRE, SCALE = 1500, 20.0
COMPUTER_PREFIX = "computer:"


def computer_identity(level: str) -> str:
    """The identity a computer level is rated under ("computer:hard")."""
    return f"{COMPUTER_PREFIX}{level}"


def level_of(identity: str) -> str | None:
    """The level of a computer identity, else ``None``."""
    return identity.removeprefix(COMPUTER_PREFIX) if identity.startswith(COMPUTER_PREFIX) else None


@dataclass(frozen=True)
class Skill:
    """One identity's rating in one game."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma

    @property
    def shown(self) -> int:
        """The rating as the host shows it."""
        return display(self.mu, self.sigma)[0]

    @property
    def spread(self) -> int:
        return display(self.mu, self.sigma)[1]


def display(mu: float, sigma: float) -> tuple[int, int]:
    """``(rating, ±)`` as the host shows them (see the module's text)."""
    return round(CENTRE + SCALE * (mu - 3.0 * sigma)), round(2.0 * SCALE * sigma)


@cache
def _model() -> Any:
    """The Plackett-Luce model (imported when first rated: serve's start stays light)."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA)


def rate(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """Each seat's rating after a game whose seats (before: ``skills``) finished in
    ``ranks`` (1 the best; equal ranks are a tie)."""
    model = _model()
    teams = [[model.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = model.rate(teams, ranks=list(ranks))
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


def rate_identities(
    seats: Sequence[tuple[str, int]], before: Mapping[str, Skill]
) -> dict[str, Skill]:
    """New ratings of the identities of ``seats`` (``(identity, rank)`` each). An identity
    in several seats (two ``hard`` computers at one table) plays each with its rating from
    before the game and ends with the mean of what its seats gave."""
    skills = [before.get(who, Skill()) for who, _ in seats]
    after = rate(skills, [rank for _, rank in seats])
    gathered: dict[str, list[Skill]] = {}
    for (who, _), skill in zip(seats, after, strict=True):
        gathered.setdefault(who, []).append(skill)
    return {
        who: Skill(sum(s.mu for s in got) / len(got), sum(s.sigma for s in got) / len(got))
        for who, got in gathered.items()
    }


# -- the store's tables -------------------------------------------------------------------


def current(db: sqlite3.Connection, game: str, identities: Sequence[str]) -> dict[str, Skill]:
    """The ratings kept for these identities in ``game`` (missing ones are new)."""
    if not identities:
        return {}
    marks = ",".join("?" * len(identities))
    rows = db.execute(
        f"SELECT who, mu, sigma FROM ratings WHERE game = ? AND who IN ({marks})",
        (game, *identities),
    )
    return {who: Skill(mu, sigma) for who, mu, sigma in rows}


def rate_result(db: sqlite3.Connection, result_id: int) -> bool:
    """Rate one kept result (its rated seats), keeping the new ratings and each change;
    False if it is not rated (casual, abandoned, fewer than two rated seats...)."""
    row = db.execute("SELECT game, rated FROM results WHERE id = ?", (result_id,)).fetchone()
    if row is None or not row[1]:
        return False
    game = row[0]
    seats = [
        (who, rank)
        for who, rank in db.execute(
            "SELECT who, rank FROM result_seats WHERE result_id = ? AND rated = 1 ORDER BY seat",
            (result_id,),
        )
    ]
    if len(seats) < 2:
        return False
    identities = sorted({who for who, _ in seats})
    before = current(db, game, identities)
    after = rate_identities(seats, before)
    for who in identities:
        old, new = before.get(who, Skill()), after[who]
        db.execute(
            "INSERT INTO ratings (game, who, mu, sigma, ordinal, games) VALUES (?, ?, ?, ?, ?, 1)"
            " ON CONFLICT(game, who) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
            " ordinal = excluded.ordinal, games = games + 1",
            (game, who, new.mu, new.sigma, new.ordinal),
        )
        db.execute(
            "INSERT OR REPLACE INTO rating_changes (result_id, game, who, mu_before,"
            " sigma_before, mu_after, sigma_after) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (result_id, game, who, old.mu, old.sigma, new.mu, new.sigma),
        )
    return True


def rebuild(db: sqlite3.Connection) -> int:
    """Every rating again from nothing, from the kept results in the order they finished
    (the order they were kept in); the number of results rated. The same steps as
    :func:`rate_result`, with the ratings held in memory and written once at the end.
    Runs in the caller's transaction, if any."""
    db.execute("DELETE FROM ratings")
    db.execute("DELETE FROM rating_changes")
    skills: dict[tuple[str, str], Skill] = {}
    games: dict[tuple[str, str], int] = {}
    changes: list[tuple[int, str, str, float, float, float, float]] = []
    seats_of: dict[int, list[tuple[str, int]]] = {}
    rows = db.execute(
        "SELECT r.id, r.game, s.who, s.rank FROM results r"
        " JOIN result_seats s ON s.result_id = r.id"
        " WHERE r.rated = 1 AND s.rated = 1 ORDER BY r.id, s.seat"
    )
    game_of: dict[int, str] = {}
    for result_id, game, who, rank in rows:
        seats_of.setdefault(result_id, []).append((who, rank))
        game_of[result_id] = game
    rated = 0
    for result_id, seats in seats_of.items():
        if len(seats) < 2:
            continue
        game = game_of[result_id]
        identities = sorted({who for who, _ in seats})
        before = {w: skills[(game, w)] for w in identities if (game, w) in skills}
        after = rate_identities(seats, before)
        for who in identities:
            old, new = before.get(who, Skill()), after[who]
            skills[(game, who)] = new
            games[(game, who)] = games.get((game, who), 0) + 1
            changes.append((result_id, game, who, old.mu, old.sigma, new.mu, new.sigma))
        rated += 1
    db.executemany(
        "INSERT INTO ratings (game, who, mu, sigma, ordinal, games) VALUES (?, ?, ?, ?, ?, ?)",
        [(g, w, s.mu, s.sigma, s.ordinal, games[(g, w)]) for (g, w), s in sorted(skills.items())],
    )
    changes.sort(key=lambda c: (c[2], c[1], c[0]))  # in key order: each row appended
    db.executemany(
        "INSERT INTO rating_changes (result_id, game, who, mu_before, sigma_before, mu_after,"
        " sigma_after) VALUES (?, ?, ?, ?, ?, ?, ?)",
        changes,
    )
    return rated


def level_ratings(db: sqlite3.Connection, game: str) -> dict[str, int]:
    """The shown rating of each computer level rated in ``game``."""
    rows = db.execute(
        "SELECT who, mu, sigma FROM ratings WHERE game = ? AND who >= ? AND who < ?",
        (game, COMPUTER_PREFIX, COMPUTER_PREFIX[:-1] + chr(ord(COMPUTER_PREFIX[-1]) + 1)),
    )
    return {who.removeprefix(COMPUTER_PREFIX): display(mu, sigma)[0] for who, mu, sigma in rows}


def place(rating: int, levels: Mapping[str, int], near: int = 25) -> str:
    """Where a rating stands among the computer levels' ratings: "about normal",
    "between normal and hard", "above hard", "below random"; "" when no level is rated."""
    if not levels:
        return ""
    ordered = sorted(levels.items(), key=lambda item: (item[1], item[0]))
    closest = min(ordered, key=lambda item: abs(item[1] - rating))
    if abs(closest[1] - rating) <= near:
        return f"about {closest[0]}"
    if rating < ordered[0][1]:
        return f"below {ordered[0][0]}"
    if rating > ordered[-1][1]:
        return f"above {ordered[-1][0]}"
    for (low, low_value), (high, high_value) in zip(ordered, ordered[1:], strict=False):
        if low_value <= rating <= high_value:
            return f"between {low} and {high}"
    return ""  # not reached: the rating lies within the levels' span
