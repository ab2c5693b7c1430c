"""The hosting database: migrations by user_version, players, tables, chat and results."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hosting.store import CHAT_KEPT, SCHEMA_VERSION, SeatRow, Store, StoreError, _v1


def test_a_fresh_database_gets_the_latest_schema(tmp_path: Path) -> None:
    store = Store(tmp_path / "new" / "hosting.sqlite3")
    assert store.version == SCHEMA_VERSION == 5
    names = {r[0] for r in store.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"players", "tables", "seats", "chat", "results"} <= names
    store.close()


def test_an_existing_version_1_database_opens_with_its_data(tmp_path: Path) -> None:
    path = tmp_path / "hosting.sqlite3"
    store = Store(path)
    assert store.player("SHA256:anna") == (None, True)
    store.set_name("SHA256:anna", "Anna")
    store.set_bell("SHA256:anna", False)
    seats = [
        SeatRow(0, "person", None, "SHA256:anna", None),
        SeatRow(1, "computer", "easy", None, None),
    ]
    table_id = store.add_table("robot-master", "SHA256:anna", "ABC234", True, 5, seats)
    store.set_save_path(table_id, tmp_path / "t.toml")
    store.close()

    again = Store(path)
    assert again.version == SCHEMA_VERSION
    assert again.player("SHA256:anna") == ("Anna", False)
    [row] = again.tables(("waiting",))
    assert (row.id, row.game, row.code, row.timer, row.stand_in_after) == (
        table_id,
        "robot-master",
        "ABC234",
        True,
        5,
    )
    assert row.save_path == str(tmp_path / "t.toml")
    assert row.seats == seats
    again.close()


def test_a_file_from_a_newer_robotui_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "hosting.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 9")
    db.close()
    with pytest.raises(StoreError, match="newer robotui"):
        Store(path)


def test_chat_keeps_the_last_lines_of_each_table(tmp_path: Path) -> None:
    store = Store(tmp_path / "hosting.sqlite3")
    for i in range(CHAT_KEPT + 15):
        store.add_chat(1, "12:00", "Anna", f"line {i}")
    store.add_chat(2, "12:01", "Bob", "other table")
    lines = store.chat(1)
    assert len(lines) == CHAT_KEPT
    assert lines[0] == ("12:00", "Anna", "line 15") and lines[-1][2] == f"line {CHAT_KEPT + 14}"
    assert store.chat(2) == [("12:01", "Bob", "other table")]
    store.close()


def test_results_newest_first_with_who_sat_there(tmp_path: Path) -> None:
    store = Store(tmp_path / "hosting.sqlite3")
    seats = [SeatRow(0, "person", None, "SHA256:anna", None)]
    first = store.add_table("robot-master", "SHA256:anna", None, False, 0, seats)
    second = store.add_table("stak-bots", "SHA256:anna", "CODE22", False, 0, seats)
    store.add_result(
        first, "robot-master", "2026-11-26T10:00:00+00:00", [{"name": "Anna", "outcome": "win"}]
    )
    store.add_result(
        second, "stak-bots", "2026-11-26T11:00:00+00:00", [{"name": "Anna", "outcome": "loss"}]
    )
    newest, oldest = store.results()
    assert (newest["table"], newest["private"], oldest["private"]) == (second, True, False)
    assert newest["keys"] == {"SHA256:anna"}
    assert oldest["players"] == [{"name": "Anna", "outcome": "win"}]
    store.close()


def test_the_database_is_the_hosting_users_alone(tmp_path: Path) -> None:
    """Names, keys and chat: 0600 when made, and an older file others could read is closed."""
    fresh = tmp_path / "fresh.sqlite3"
    Store(fresh).set_name("SHA256:abc", "Anna")
    assert fresh.stat().st_mode & 0o777 == 0o600
    old = tmp_path / "old.sqlite3"
    old.touch(mode=0o644)
    old.chmod(0o644)
    Store(old)
    assert old.stat().st_mode & 0o777 == 0o600


def _version_1_file(path: Path) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    _v1(db)
    db.execute("PRAGMA user_version = 1")
    for key, name, created in [
        ("SHA256:anna", "Anna", "2026-01-01T00:00:00+00:00"),
        ("SHA256:ann2", "ANNA", "2026-01-02T00:00:00+00:00"),
        ("SHA256:cpu", "Computer 2", "2026-01-03T00:00:00+00:00"),
        ("SHA256:bob", "Bob", "2026-01-04T00:00:00+00:00"),
    ]:
        db.execute(
            "INSERT INTO players (key, name, bell, created, last_seen) VALUES (?, ?, 1, ?, ?)",
            (key, name, created, created),
        )
    db.execute(
        "INSERT INTO results (table_id, game, finished, players_json)"
        " VALUES (1, 'robot-master', '2026-01-05T00:00:00+00:00', '[]')"
    )
    db.close()


def test_version_1_moves_to_2_keeping_the_first_of_equal_names(tmp_path: Path) -> None:
    path = tmp_path / "hosting.sqlite3"
    _version_1_file(path)
    store = Store(path)
    assert store.version == SCHEMA_VERSION
    assert store.names() == {
        "SHA256:anna": "Anna",
        "SHA256:ann2": None,
        "SHA256:cpu": None,
        "SHA256:bob": "Bob",
    }
    [old] = store.results()
    assert (old["headline"], old["outcome"]) == (None, None)
    store.close()


def test_names_are_unique_compared_case_insensitively(tmp_path: Path) -> None:
    store = Store(tmp_path / "hosting.sqlite3")
    for key in ("SHA256:anna", "SHA256:other"):
        store.player(key)
    assert store.set_name("SHA256:anna", "Anna")
    assert store.set_name("SHA256:anna", "anna")  # one's own name in another case
    assert not store.set_name("SHA256:other", "ANNA")
    assert not store.set_name("SHA256:other", "ａｎｎａ")  # full-width letters
    assert store.name_holder("ANNA ") == "SHA256:anna"
    assert store.names()["SHA256:other"] is None
    store.close()


def test_a_result_keeps_its_headline_and_outcome(tmp_path: Path) -> None:
    store = Store(tmp_path / "hosting.sqlite3")
    store.add_result(
        3,
        "robo-factory",
        "2026-01-05T00:00:00+00:00",
        [{"name": "Anna", "outcome": "won"}],
        headline="Anna won with 17 cubes",
        outcome="resigned",
    )
    [row] = store.results()
    assert (row["headline"], row["outcome"]) == ("Anna won with 17 cubes", "resigned")
    store.close()


def test_keeping_a_result_finds_its_leftover_rating_changes_by_index(tmp_path: Path) -> None:
    """The clearing of a reused result id's rating changes reads an index, not the table."""
    store = Store(tmp_path / "hosting.sqlite3")
    plan = store.db.execute(
        "EXPLAIN QUERY PLAN DELETE FROM rating_changes WHERE result_id = ?", (1,)
    ).fetchall()
    assert any("rating_changes_by_result" in str(row) for row in plan), plan
