"""Ratings: OpenSkill's Plackett-Luce worked by hand, who is rated, and a rebuild that gives
exactly what rating each result as it came gave."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from engines.core import GameResult
from hosting.ratings import (
    MU,
    SIGMA,
    Skill,
    computer_identity,
    display,
    level_of,
    place,
    rate,
    rate_identities,
)
from hosting.results import seat_ranks
from hosting.store import SeatResult, SeatRow, Store

BETA, TAU, KAPPA = SIGMA / 2, MU / 300, 1e-4


def worked(mus: list[float], sigmas: list[float], ranks: list[int]) -> list[tuple[float, float]]:
    """The Plackett-Luce update of Weng and Lin (2011, algorithm 4) with OpenSkill's
    defaults (beta = sigma / 2, tau = mu / 300 added to each sigma first), written out."""
    sig2 = [s * s + TAU * TAU for s in sigmas]
    c = math.sqrt(sum(s2 + BETA * BETA for s2 in sig2))
    n = len(mus)
    sum_q = [sum(math.exp(mus[i] / c) for i in range(n) if ranks[i] >= ranks[q]) for q in range(n)]
    a = [sum(1 for i in range(n) if ranks[i] == ranks[q]) for q in range(n)]
    out = []
    for i in range(n):
        omega = delta = 0.0
        for q in range(n):
            if ranks[q] > ranks[i]:
                continue
            p = math.exp(mus[i] / c) / sum_q[q]
            delta += p * (1 - p) / a[q]
            omega += (1 - p) / a[q] if q == i else -p / a[q]
        gamma = math.sqrt(sig2[i]) / c
        mu = mus[i] + sig2[i] / c * omega
        sigma = math.sqrt(sig2[i] * max(1 - gamma * sig2[i] / c**2 * delta, KAPPA))
        out.append((mu, sigma))
    return out


def close(got: list[Skill], want: list[tuple[float, float]]) -> bool:
    return all(
        math.isclose(g.mu, m, abs_tol=1e-6) and math.isclose(g.sigma, s, abs_tol=1e-6)
        for g, (m, s) in zip(got, want, strict=True)
    )


def test_two_new_players_the_winner_gains_what_the_loser_loses() -> None:
    # c = sqrt(2 (sigma^2 + tau^2 + beta^2)) = 13.177; each moves sigma'^2 / 2c = 2.635
    winner, loser = rate([Skill(), Skill()], [1, 2])
    assert winner.mu == pytest.approx(27.6354, abs=1e-4)
    assert loser.mu == pytest.approx(22.3646, abs=1e-4)
    assert winner.sigma == loser.sigma == pytest.approx(8.0659, abs=1e-4)
    assert close([winner, loser], worked([MU, MU], [SIGMA, SIGMA], [1, 2]))


def test_two_players_of_different_skill() -> None:
    skills = [Skill(30.0, 4.0), Skill(20.0, 6.0)]
    for ranks in ([1, 2], [2, 1], [1, 1]):
        got = rate(skills, ranks)
        assert close(got, worked([30.0, 20.0], [4.0, 6.0], ranks))
    upset = rate(skills, [2, 1])
    expected = rate(skills, [1, 2])
    assert upset[1].mu - 20.0 > expected[0].mu - 30.0  # an upset moves more


def test_four_players_with_a_tie_for_second() -> None:
    mus, sigmas = [25.0, 28.0, 22.0, 25.0], [8.0, 5.0, 7.0, 3.0]
    ranks = [1, 2, 2, 4]
    got = rate([Skill(m, s) for m, s in zip(mus, sigmas, strict=True)], ranks)
    assert close(got, worked(mus, sigmas, ranks))
    assert got[0].mu > 25.0 > got[3].mu


def test_a_draw_between_equals_changes_no_skill() -> None:
    a, b = rate([Skill(), Skill()], [1, 1])
    assert a.mu == pytest.approx(MU) and b.mu == pytest.approx(MU)
    assert a.sigma < SIGMA


def test_one_identity_in_two_seats_ends_with_the_mean() -> None:
    after = rate_identities(
        [("computer:hard", 1), ("anna", 2), ("computer:hard", 3)], {"anna": Skill(30, 5)}
    )
    seats = rate([Skill(), Skill(30, 5), Skill()], [1, 2, 3])
    assert after["computer:hard"].mu == pytest.approx((seats[0].mu + seats[2].mu) / 2)
    assert after["anna"] == seats[1]


def test_the_shown_rating_and_its_uncertainty() -> None:
    assert display(MU, SIGMA) == (1500, 333)
    assert display(30.0, 2.0) == (1500 + 20 * 24, 80)
    assert Skill(30.0, 2.0).shown == 1980 and Skill(30.0, 2.0).spread == 80


def test_where_a_rating_stands_among_the_levels() -> None:
    levels = {"random": 1100, "easy": 1350, "normal": 1500, "hard": 1600}
    assert place(1540, levels) == "between normal and hard"
    assert place(1510, levels) == "about normal"
    assert place(1700, levels) == "above hard"
    assert place(900, levels) == "below random"
    assert place(1500, {}) == ""
    assert computer_identity("hard") == "computer:hard" and level_of("computer:hard") == "hard"
    assert level_of("SHA256:anna") is None


def test_ranks_winners_then_scores_then_the_resigned() -> None:
    result = GameResult(winners=(2,), draw=False, reason="", scores=(5, 9, 12, 9))
    assert seat_ranks("robo-factory", result, 4) == [4, 2, 1, 2]
    resigned = GameResult(winners=(0,), draw=False, reason="", scores=(5, 9, 12), resigned=(2,))
    assert seat_ranks("robo-factory", resigned, 3) == [1, 2, 3]
    assert seat_ranks("robo-factory", result, 4, resigned=[1]) == [3, 4, 1, 2]
    shared = GameResult(winners=(0, 1), draw=True, reason="")
    assert seat_ranks("robot-master", shared, 2) == [1, 1]


# -- who is rated, in the store ---------------------------------------------------------


def seat(i: int, who: str, rank: int, moves: int = 10, stand_in: int = 0) -> SeatResult:
    kind = "computer" if who.startswith("computer:") else "person"
    return SeatResult(i, who, kind, who, rank, "win" if rank == 1 else "loss", moves, stand_in)


def table(store: Store, game: str = "robot-master", rated: bool = True) -> int:
    table_id = store.add_table(
        game, "anna", None, False, 0, [SeatRow(0, "person", None, "anna", None)]
    )
    store.set_rated(table_id, rated)
    return table_id


def keep(
    store: Store,
    seats: list[SeatResult],
    rated: bool = True,
    outcome: str = "finished",
    game: str = "robot-master",
) -> bool:
    players = [{"name": s.name, "outcome": s.outcome} for s in seats]
    return store.add_rated_result(
        table(store, game, rated),
        game,
        "2026-11-28T10:00:00+00:00",
        players,
        seats,
        outcome=outcome,
    )[1]


def ratings(store: Store) -> dict[tuple[str, str], tuple[float, float, int]]:
    return {
        (g, w): (m, s, n)
        for g, w, m, s, n in store.db.execute("SELECT game, who, mu, sigma, games FROM ratings")
    }


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "hosting.sqlite3")


def test_a_finished_game_rates_people_and_computer_levels(store: Store) -> None:
    assert keep(store, [seat(0, "anna", 1), seat(1, "computer:hard", 2)])
    got = ratings(store)
    assert got[("robot-master", "anna")][0] == pytest.approx(27.6354, abs=1e-4)
    assert got[("robot-master", "computer:hard")][2] == 1
    changes = store.db.execute("SELECT who, mu_before, mu_after FROM rating_changes").fetchall()
    assert {w for w, _, _ in changes} == {"anna", "computer:hard"}


def test_casual_abandoned_and_computer_only_games_are_not_rated(store: Store) -> None:
    assert not keep(store, [seat(0, "anna", 1), seat(1, "bob", 2)], rated=False)
    assert not keep(store, [seat(0, "anna", 1), seat(1, "bob", 1)], outcome="abandoned")
    assert not keep(store, [seat(0, "computer:easy", 1), seat(1, "computer:hard", 2)])
    assert not keep(store, [seat(0, "anna", 1)])
    assert ratings(store) == {}
    kept = store.db.execute("SELECT COUNT(*) FROM result_seats").fetchone()[0]
    assert kept == 7  # history keeps them all


def test_a_seat_a_stand_in_played_more_than_half_of_is_not_rated(store: Store) -> None:
    assert keep(
        store,
        [seat(0, "anna", 1, moves=10, stand_in=5), seat(1, "bob", 2), seat(2, "cleo", 3, 10, 6)],
    )
    got = ratings(store)
    assert ("robot-master", "anna") in got  # exactly half: still rated
    assert ("robot-master", "cleo") not in got
    # with only one rated seat left, nobody is rated
    assert not keep(store, [seat(0, "anna", 1), seat(1, "bob", 2, moves=4, stand_in=3)])
    assert ratings(store)[("robot-master", "anna")][2] == 1


def test_a_resigned_seat_ranks_last_and_loses_rating(store: Store) -> None:
    seats = [seat(0, "anna", 1), seat(1, "bob", 3), seat(2, "cleo", 2)]
    seats[1] = seats[1]._replace(outcome="resigned")
    assert keep(store, seats, game="robo-factory")
    got = ratings(store)
    assert got[("robo-factory", "bob")][0] < 25.0 < got[("robo-factory", "cleo")][0]


def test_rebuild_gives_exactly_the_incremental_ratings(store: Store) -> None:
    rng = random.Random(7)
    people = ["anna", "bob", "cleo", "dan", "eve"]
    for _ in range(120):
        game = rng.choice(["robot-master", "robo-factory"])
        n = 2 if game == "robot-master" else rng.randint(2, 4)
        who = rng.sample(people + ["computer:hard", "computer:easy"], n)
        ranks = [rng.randint(1, n) for _ in range(n)]
        stand_in = [rng.choice([0, 0, 0, 8]) for _ in range(n)]
        seats = [
            seat(i, w, r, 10, s)
            for i, (w, r, s) in enumerate(zip(who, ranks, stand_in, strict=True))
        ]
        keep(store, seats, rated=rng.random() > 0.1, game=game)
    incremental = ratings(store)
    changes = store.db.execute(
        "SELECT * FROM rating_changes ORDER BY who, game, result_id"
    ).fetchall()
    assert len(incremental) > 10
    store.rebuild_ratings()
    assert ratings(store) == incremental
    assert (
        store.db.execute("SELECT * FROM rating_changes ORDER BY who, game, result_id").fetchall()
        == changes
    )
