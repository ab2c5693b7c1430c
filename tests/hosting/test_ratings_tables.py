"""Results as the table server keeps them for history and ratings: each seat's identity,
rank and stand-in moves, counted as the game is played."""

from __future__ import annotations

from pathlib import Path

from engines.registry import get_game
from hosting.records import seat_results
from hosting.server import TableServer
from hosting.store import SeatRow
from hosting.table import MOVES, STAND_IN_MOVES, Table
from tests.hosting.messages import PERSON, RANDOM, create_msg
from tests.hosting.raw_client import RawClient
from tests.hosting.test_server_play import play_to_the_end


def two_people(tmp_path: Path, game: str = "robot-master") -> Table:
    spec = get_game(game)
    seats = [SeatRow(0, "person", None, "anna", None), SeatRow(1, "person", None, "bob", None)]
    saved = Table.new_saved(spec, 1, 2, spec.normalize_options({}), seed=5)
    return Table(1, saved, seats, "anna", None, False, 0, tmp_path, status="playing")


def play_first(table: Table) -> None:
    [seat] = table.saved.match.state.to_move()
    table.play(table.saved.match.state.legal_actions(seat)[0], seat)


def test_moves_and_stand_in_moves_are_counted_per_seat(tmp_path: Path) -> None:
    table = two_people(tmp_path)
    play_first(table)
    table.seats[1].stand_in = "hard"
    play_first(table)
    play_first(table)
    assert table.move_counts(MOVES) == [2, 1]
    assert table.move_counts(STAND_IN_MOVES) == [0, 1]
    # kept in the save's ui table, so a restarted host goes on counting
    assert table.saved.ui[MOVES] == [2, 1] and table.saved.ui[STAND_IN_MOVES] == [0, 1]
    table.saved.ui[MOVES] = ["x", -1, 4]  # a hand-edited save counts from nothing
    assert table.move_counts(MOVES) == [0, 0]


def test_a_stand_in_for_most_moves_makes_the_seat_unrated(tmp_path: Path) -> None:
    table = two_people(tmp_path)
    table.seats[0].stand_in = "hard"
    while not table.saved.match.state.is_terminal():
        play_first(table)
    seats = seat_results(table, {"anna": "Anna", "bob": "Bob"}.get)
    assert [(s.who, s.name) for s in seats] == [("anna", "Anna"), ("bob", "Bob")]
    assert seats[0].stood_in and not seats[1].stood_in
    assert sorted(s.rank for s in seats) in ([1, 2], [1, 1])


def test_a_resigned_seat_ranks_last(tmp_path: Path) -> None:
    table = two_people(tmp_path)
    table.saved.match.resign(0)
    seats = seat_results(table, {"anna": "Anna", "bob": "Bob"}.get)
    assert [(s.rank, s.outcome) for s in seats] == [(2, "resigned"), (1, "win")]


async def test_a_finished_table_is_kept_and_rated(table_server: TableServer) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    await anna.send(create_msg(seats=[PERSON, RANDOM]))
    tid = (await anna.recv("table"))["table"]
    await play_to_the_end(anna, table_server, tid)
    assert table_server.store is not None
    db = table_server.store.db
    [(rated, path)] = db.execute("SELECT rated, save_path FROM results").fetchall()
    assert rated == 1 and path == str(table_server.tables[tid].saved.path)
    rows = db.execute("SELECT who, kind, rated FROM result_seats ORDER BY seat").fetchall()
    assert rows == [("SHA256:anna", "person", 1), ("computer:random", "computer", 1)]
    who = {w for (w,) in db.execute("SELECT who FROM ratings WHERE game = 'robot-master'")}
    assert who == {"SHA256:anna", "computer:random"}
    await anna.close()


async def test_a_casual_table_is_kept_but_not_rated(table_server: TableServer) -> None:
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    await anna.send(create_msg(seats=[PERSON, RANDOM]))
    tid = (await anna.recv("table"))["table"]
    assert table_server.store is not None
    table_server.store.set_rated(tid, False)
    await play_to_the_end(anna, table_server, tid)
    db = table_server.store.db
    assert db.execute("SELECT rated FROM results").fetchall() == [(0,)]
    assert db.execute("SELECT COUNT(*) FROM result_seats").fetchone() == (2,)
    assert db.execute("SELECT COUNT(*) FROM ratings").fetchone() == (0,)
    await anna.close()
