"""The hosting database: migrations by user_version, players, tables, chat and results."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tables.store import CHAT_KEPT, SCHEMA_VERSION, SeatRow, Store, StoreError


def test_a_fresh_database_gets_the_version_1_schema(tmp_path: Path) -> None:
    store = Store(tmp_path / "new" / "hosting.sqlite3")
    assert store.version == SCHEMA_VERSION == 1
    names = {r[0] for r in store.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"players", "tables", "seats", "chat", "results"} <= names
    store.close()


def test_an_existing_version_1_database_opens_with_its_data(tmp_path: Path) -> None:
    path = tmp_path / "hosting.sqlite3"
    store = Store(path)
    assert store.player("SHA256:anna") == (None, True)
    store.set_name("SHA256:anna", "Anna")
    store.set_bell("SHA256:anna", False)
    seats = [SeatRow(0, "person", None, "SHA256:anna", None),
             SeatRow(1, "computer", "easy", None, None)]
    table_id = store.add_table("robot-master", "SHA256:anna", "ABC234", True, 5, seats)
    store.set_save_path(table_id, tmp_path / "t.toml")
    store.close()

    again = Store(path)
    assert again.version == 1
    assert again.player("SHA256:anna") == ("Anna", False)
    [row] = again.tables(("waiting",))
    assert (row.id, row.game, row.code, row.timer, row.stand_in_after) == (
        table_id, "robot-master", "ABC234", True, 5)
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
    store.add_result(first, "robot-master", "2026-11-26T10:00:00+00:00",
                     [{"name": "Anna", "outcome": "win"}])
    store.add_result(second, "stak-bots", "2026-11-26T11:00:00+00:00",
                     [{"name": "Anna", "outcome": "loss"}])
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
