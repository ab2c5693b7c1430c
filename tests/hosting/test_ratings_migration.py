"""Version 3 of the hosting database (history and ratings), from a file robotui made at
version 2 (tests/fixtures/hosting/version-2.sqlite3: Anna beat Bob at Robot Master; at a
private Robo Factory table the hard computer won, Bob lost and Cleo resigned; a Stak Bots
table is still being played)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hosting.store import SCHEMA_VERSION, Store

FIXTURE = Path(__file__).parents[1] / "fixtures" / "hosting" / "version-2.sqlite3"


@pytest.fixture
def migrated(tmp_path: Path) -> Store:
    copy = tmp_path / "hosting.sqlite3"
    shutil.copyfile(FIXTURE, copy)
    return Store(copy)


def test_the_fixture_is_a_version_2_file() -> None:
    import sqlite3

    db = sqlite3.connect(f"file:{FIXTURE}?immutable=1", uri=True)  # leaves no -wal beside it
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2
    db.close()


def test_everything_kept_before_stays(migrated: Store) -> None:
    assert migrated.version == SCHEMA_VERSION
    assert migrated.names() == {"SHA256:anna": "Anna", "SHA256:bob": "Bob", "SHA256:cleo": "Cleo"}
    [playing] = migrated.tables(("playing",))
    assert playing.game == "stak-bots" and len(playing.seats) == 2
    assert migrated.chat(playing.id) == [("10:00", "Cleo", "hello")]
    lobby = migrated.results()
    assert [r["headline"] for r in lobby] == [
        "Computer (hard) won, Bob lost, Cleo resigned",
        "Anna won, Bob lost",
    ]
    rated = migrated.db.execute("SELECT rated FROM tables ORDER BY id").fetchall()
    assert rated == [(1,), (1,), (1,)]  # every table counts, unless made casual


def test_old_results_get_their_seats_and_ratings(migrated: Store) -> None:
    seats = migrated.db.execute(
        "SELECT r.table_id, s.seat, s.who, s.kind, s.rank, s.outcome, s.rated"
        " FROM result_seats s JOIN results r ON r.id = s.result_id ORDER BY r.id, s.seat"
    ).fetchall()
    assert seats == [
        (1, 0, "SHA256:anna", "person", 1, "win", 1),
        (1, 1, "SHA256:bob", "person", 2, "loss", 1),
        (2, 0, "SHA256:bob", "person", 2, "loss", 1),
        (2, 1, "computer:hard", "computer", 1, "win", 1),
        (2, 2, "SHA256:cleo", "person", 3, "resigned", 1),
    ]
    paths = migrated.db.execute("SELECT save_path, private FROM results ORDER BY id").fetchall()
    assert paths == [("/data/tables/table 1.toml", 0), ("/data/tables/table 2.toml", 1)]
    ratings = {(g, w): n for g, w, n in migrated.db.execute("SELECT game, who, games FROM ratings")}
    assert ratings == {
        ("robot-master", "SHA256:anna"): 1,
        ("robot-master", "SHA256:bob"): 1,
        ("robo-factory", "SHA256:bob"): 1,
        ("robo-factory", "computer:hard"): 1,
        ("robo-factory", "SHA256:cleo"): 1,
    }
    before = {k: v for k, v in migrated.db.execute("SELECT who || game, mu FROM ratings")}
    migrated.rebuild_ratings()
    assert dict(migrated.db.execute("SELECT who || game, mu FROM ratings")) == before
