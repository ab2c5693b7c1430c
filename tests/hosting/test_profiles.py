"""Profiles, leaderboards and histories, queried from a database made for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from hosting import profiles
from hosting.store import SeatResult, SeatRow, Store


def add_game(
    store: Store,
    game: str,
    seats: list[tuple[str, int]],
    private: bool = False,
    finished: str = "2026-11-28T10:00:00+00:00",
) -> int:
    rows = [SeatRow(i, "person", None, who, None) for i, (who, _) in enumerate(seats)]
    table_id = store.add_table(game, seats[0][0], "CODE22" if private else None, False, 0, rows)
    kept = [
        SeatResult(
            i,
            who,
            "computer" if who.startswith("computer:") else "person",
            who,
            rank,
            "win" if rank == 1 else "loss",
            10,
        )
        for i, (who, rank) in enumerate(seats)
    ]
    players = [{"name": s.name, "outcome": s.outcome} for s in kept]
    store.add_rated_result(
        table_id, game, finished, players, kept, outcome="finished", save_path=f"/t/{table_id}"
    )
    return table_id


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "hosting.sqlite3")
    for key, name in [("k:anna", "Anna"), ("k:bob", "Bob"), ("k:cleo", "Cleo")]:
        store.player(key)
        store.set_name(key, name)
    for _ in range(6):
        add_game(store, "robot-master", [("k:anna", 1), ("k:bob", 2)])
    for _ in range(2):
        add_game(store, "robot-master", [("k:anna", 2), ("computer:hard", 1)])
    add_game(store, "robot-master", [("k:cleo", 1), ("k:anna", 2)])
    add_game(store, "robo-factory", [("k:anna", 1), ("k:bob", 2), ("k:cleo", 3)], private=True)
    return store


def test_identity_from_a_lobby_name(store: Store) -> None:
    assert profiles.identity(store, "anna") == "k:anna"
    assert profiles.identity(store, "Computer 2 (hard)") == "computer:hard"
    assert profiles.identity(store, "computer:easy") == "computer:easy"
    assert profiles.identity(store, "Nobody") is None
    assert profiles.shown_name(store, "computer:hard") == "Computer (hard)"


def test_a_profile_counts_rates_and_lists(store: Store) -> None:
    got = profiles.profile(store, "k:anna", viewer="k:anna")
    assert (got.who, got.name, got.computer) == ("Anna", "Anna", False)
    by_game = {g.game: g for g in got.games}
    rm = by_game["robot-master"]
    assert (rm.game_name, rm.played, rm.won, rm.rated_games) == ("Robot Master", 9, 6, 9)
    assert rm.rating is not None and rm.spread is not None and len(rm.changes) == 9
    assert rm.changes[0] < 0 < rm.changes[-1]  # lost the latest, won the first
    assert rm.place.startswith(("above", "below", "about", "between"))
    assert by_game["robo-factory"].won == 1
    assert len(got.recent) == 10 and got.recent[0].game == "robo-factory"
    assert got.recent[0].seats == 3 and got.recent[0].change is not None
    rivals = {r.name: r for r in got.rivals}
    assert set(rivals) == {"Bob"}  # Cleo met twice, the hard computer twice
    assert (rivals["Bob"].games, rivals["Bob"].won, rivals["Bob"].lost) == (7, 7, 0)


def test_a_private_table_shows_only_to_those_who_sat_there(store: Store) -> None:
    mine = profiles.profile(store, "k:anna", viewer="k:anna").recent
    theirs = profiles.profile(store, "k:anna", viewer="k:dan").recent
    assert len(mine) == len(theirs) + 1
    assert all(r.game == "robot-master" for r in theirs)


def test_the_leaderboard_needs_five_rated_games(store: Store) -> None:
    board = profiles.leaderboard(store, "robot-master")
    assert [(row.place, row.name) for row in board] == [(1, "Anna"), (2, "Bob")]
    assert board[0].rating > board[1].rating and board[0].games == 9
    assert profiles.leaderboard(store, "robo-factory") == []


def test_history_pages_and_finished_tables(store: Store) -> None:
    rows, pages = profiles.history(store, "k:anna", "robot-master", 0, "k:anna", per_page=4)
    assert pages == 3 and len(rows) == 4
    last, _ = profiles.history(store, "k:anna", "robot-master", 2, "k:anna", per_page=4)
    assert len(last) == 1 and last[0].outcome == "win"
    tables = profiles.finished_tables(store, "k:cleo")
    assert [t for t, _ in tables] == [10, 9]
    assert profiles.finished_tables(store, "k:cleo", "robo-factory") == [(10, "/t/10")]
