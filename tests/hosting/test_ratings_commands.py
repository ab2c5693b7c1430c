"""``robotui host ratings|history``, serve's ``--keep-days`` and ``--calibrate``, the
sweep of old saves and the calibration games."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner, Result

from engines.registry import get_game
from hosting import paths
from hosting.calibrate import calibrate_game
from hosting.old_saves import sweep
from hosting.ratings import level_ratings
from hosting.store import SeatResult, SeatRow, Store
from robotui import commands, serve

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(commands.app, list(args))


def one_line_error(result: Result, code: int) -> str:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def beat(store: Store, winner: str, loser: str, finished: str, save: Path | None = None) -> int:
    seats = [SeatRow(0, "person", None, winner, None), SeatRow(1, "person", None, loser, None)]
    table_id = store.add_table("robot-master", winner, None, False, 0, seats)
    kept = [
        SeatResult(0, winner, "person", winner, 1, "win", 10),
        SeatResult(1, loser, "person", loser, 2, "loss", 10),
    ]
    players = [{"name": s.name, "outcome": s.outcome} for s in kept]
    return store.add_rated_result(
        table_id,
        "robot-master",
        finished,
        players,
        kept,
        outcome="finished",
        save_path=str(save) if save else None,
    )[0]


@pytest.fixture
def host(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path))
    store = Store(paths.db_path())
    for key, name in [("k:anna", "Anna"), ("k:bob", "Bob\x1b]0;evil\x07")]:
        store.player(key)
        store.set_name(key, name)
    for day in range(10, 16):
        beat(store, "k:anna", "k:bob", f"2026-11-{day}T10:00:00+00:00")
    store.close()
    return tmp_path


def test_ratings_lists_each_game_and_rebuilds(host: Path) -> None:
    shown = run("host", "ratings", "--game", "robot-master")
    assert shown.exit_code == 0, shown.output
    lines = shown.stdout.splitlines()
    assert lines[0] == "Robot Master"
    assert lines[1].split()[:2] == ["1.", "Anna"] and "6 games" in lines[1]
    assert "\x1b" not in shown.stdout and "Bob" in lines[2]
    rebuilt = run("host", "ratings", "--rebuild", "--game", "robot-master")
    assert rebuilt.stdout.startswith("Rebuilt every rating from 6 rated results in ")
    assert rebuilt.stdout.splitlines()[1:] == lines
    every = run("host", "ratings").stdout
    assert "Stak Bots\n  nobody has 5 rated games yet" in every


def test_history_lists_a_players_games(host: Path) -> None:
    shown = run("host", "history", "anna")
    assert shown.exit_code == 0, shown.output
    lines = shown.stdout.splitlines()
    assert lines[0] == "Anna" and len(lines) == 7
    assert "Robot Master" in lines[1] and " win " in lines[1] and "1/2" in lines[1]
    assert "nobody is called 'Zed'" in one_line_error(run("host", "history", "Zed"), 1)


def test_without_a_host_database_one_line(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "none"))
    assert "no host database" in one_line_error(run("host", "ratings"), 1)
    assert not (tmp_path / "none").exists()


def test_an_unknown_game_is_a_usage_line(host: Path) -> None:
    one_line_error(run("host", "ratings", "--game", "chess"), 2)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--keep-days", "0"], "--keep-days: 0 is too small: at least 1"),
        (["--keep-days", "week"], "--keep-days: 'week' is not a whole number"),
        (["--calibrate", "-2"], "--calibrate: -2 is too small: at least 0"),
    ],
)
def test_serve_checks_the_new_options(args: list[str], expected: str) -> None:
    assert expected in one_line_error(run("serve", *args), 2)


def test_the_sweep_deletes_old_saves_and_keeps_history(tmp_path: Path) -> None:
    store = Store(tmp_path / "hosting.sqlite3")
    old, new = tmp_path / "old.toml", tmp_path / "new.toml"
    old.write_text("x")
    new.write_text("x")
    gone = tmp_path / "gone.toml"  # deleted by hand already
    beat(store, "a", "b", "2026-11-01T10:00:00+00:00", old)
    beat(store, "a", "b", "2026-11-02T10:00:00+00:00", gone)
    beat(store, "a", "b", "2026-11-27T10:00:00+00:00", new)
    said: list[str] = []
    now = datetime(2026, 11, 28, 12, tzinfo=UTC)
    assert sweep(store, 7, said.append, now) == 2
    assert said == ["keep-days: deleted 2 finished table saves older than 7 days"]
    assert not old.exists() and new.exists()
    paths_kept = [p for (p,) in store.db.execute("SELECT save_path FROM results ORDER BY id")]
    assert paths_kept == [None, None, str(new)]
    assert store.db.execute("SELECT COUNT(*) FROM result_seats").fetchone() == (6,)
    assert sweep(store, 7, said.append, now) == 0 and len(said) == 1


def test_calibration_rates_the_levels_out_of_the_lobby(tmp_path: Path) -> None:
    store = Store(tmp_path / "hosting.sqlite3")
    # the quick levels: the stronger players think for a while each move
    levels = calibrate_game(store, get_game("robo-factory"), 12, 3, ["random", "easy"])
    assert set(levels) == {"random", "easy"}
    assert levels == level_ratings(store.db, "robo-factory")
    assert store.results() == []  # the lobby's Recent games never shows them
    kinds = {k for (k,) in store.db.execute("SELECT DISTINCT kind FROM result_seats")}
    assert kinds == {"computer"}
    assert store.db.execute("SELECT COUNT(*) FROM results WHERE rated = 1").fetchone() == (12,)
    seats = store.db.execute("SELECT who FROM result_seats ORDER BY result_id, seat").fetchall()
    assert seats[:4] == [  # each level in each seat in turn
        ("computer:random",),
        ("computer:easy",),
        ("computer:easy",),
        ("computer:random",),
    ]


def test_serve_calibrates_every_game_and_says_so(host: Path, monkeypatch) -> None:
    import hosting.calibrate
    from robotui.serve import ServeOptions, _calibrate

    played: list[tuple[str, int, int]] = []

    def fake(store: Store, spec, games: int, seed: int, levels=None) -> dict[str, int]:
        played.append((spec.id, games, seed))
        return {"easy": 1400, "hard": 1650}

    monkeypatch.setattr(hosting.calibrate, "calibrate_game", fake)
    said: list[str] = []
    _calibrate(ServeOptions("127.0.0.1", 0, seed=9, calibrate=3), said.append)
    assert {p[0] for p in played} == {"robo-factory", "robot-master", "roborally", "stak-bots"}
    assert {(g, s) for _, g, s in played} == {(3, 9)}
    assert "Calibrating Robot Master: 3 games between the computer levels..." in said
    assert "Robot Master: levels rated easy 1400, hard 1650" in said and len(said) == 8


async def test_serve_sweeps_at_start_then_daily_and_outlives_a_failed_sweep(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kept_days: list[int] = []

    def failing_once(store: object, keep_days: int, log: object) -> int:
        kept_days.append(keep_days)
        if len(kept_days) == 1:
            raise OSError("disk full")
        return 0

    logged: list[str] = []
    monkeypatch.setattr("hosting.old_saves.sweep", failing_once)
    monkeypatch.setattr("hosting.old_saves.DAY", 0.01)  # a "day" between sweeps
    monkeypatch.setattr(serve, "_log", logged.append)
    task = asyncio.create_task(serve._sweep_daily(SimpleNamespace(store=object()), 7))
    for _ in range(500):
        if len(kept_days) >= 3:
            break
        await asyncio.sleep(0.01)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    assert kept_days[:3] == [7, 7, 7]  # the first at once, then again each "day"
    assert logged == ["keep-days: the sweep failed: OSError: disk full"]
