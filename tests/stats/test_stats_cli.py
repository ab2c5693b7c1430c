"""``robotui stats``: the report in plain text within 80 columns, --game, and one-line
errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner, Result

from robotui import commands
from tests.stats.saves_maker import computer, day, fill_folder, human, played_out, write

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(commands.app, list(args))


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "saves"
    monkeypatch.setenv("ROBOTUI_SAVE_DIR", str(path))
    return path


def title(line: str, folder: Path) -> str:
    """The title line without its folder, which ends it whole or with its start cut off
    (a temporary folder's path is long)."""
    head, _, shown = line.partition(" in ")
    assert cell_len(line) <= 80
    assert str(folder) == shown or (shown.startswith("…") and str(folder).endswith(shown[1:]))
    return head + " in"


def assert_fits(text: str) -> None:
    for line in text.splitlines():
        assert cell_len(line) <= 80, line


def test_report(folder: Path) -> None:
    fill_folder(folder)
    result = run("stats")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert_fits(out)
    lines = out.splitlines()
    assert title(lines[0], folder) == "Stats of 5 finished games in"
    assert "1 game not finished yet left out." in lines
    assert "1 unreadable file skipped." in lines
    assert any(line.startswith("skipped: broken.toml: not valid TOML") for line in lines)
    assert "You: 4 games, 3 won, 1 lost, 0 drawn; longest winning streak 2" in lines
    table = [line.split() for line in lines]
    assert ["Robot", "Master", "3", "2", "1", "0", "1"] in table  # streak 1: won, lost, won
    assert ["vs", "easy", "1", "0", "1", "0"] in table
    assert ["vs", "hard", "2", "2", "0", "0"] in table
    assert ["Stak", "Bots", "1", "1", "0", "0", "1"] in table
    assert ["vs", "mixed", "levels", "1", "1", "0", "0"] in table
    assert ["vs", "humans", "only", "1", "1", "0", "0"] in table  # Anna's
    assert "Anna: 1 game, 1 won, 0 lost, 0 drawn; longest winning streak 1" in lines
    assert "Bob: 1 game, 0 won, 1 lost, 0 drawn; longest winning streak 0" in lines
    # the best games, widest margin first, each with the save that replays it
    best = [line.strip() for line in lines if "won:" in line]
    assert best[:3] == [
        "Robot Master  2026-01-01  by 12  You won: lowest line 20 to 8",
        "Robot Master  2026-01-03  by 7   You won: lowest line 13 to 6",
        "Stak Bots     2026-01-04         You won: Computer 2 resigned",
    ]
    assert "save: rm one" in out and "save: stak night" in out and "save: hot seat" in out


def test_game_filter(folder: Path) -> None:
    fill_folder(folder)
    result = run("stats", "--game", "stak-bots")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert title(out.splitlines()[0], folder) == "Stats of 1 finished game in"
    assert "You: 1 game, 1 won, 0 lost, 0 drawn; longest winning streak 1" in out
    assert "Robot Master" not in out and "Anna" not in out


def test_unknown_game_is_one_line(folder: Path) -> None:
    result = run("stats", "--game", "chess")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "chess" in lines[0] and "robot-master" in lines[0]


def test_no_games_yet(folder: Path) -> None:
    result = run("stats")
    assert result.exit_code == 0, result.output
    first, *rest = result.stdout.splitlines()
    assert title(first, folder) == "Stats of 0 finished games in"
    assert rest == ["No finished games to count yet."]


def test_unreadable_folder_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    not_a_folder = tmp_path / "saves"
    not_a_folder.write_text("x", encoding="utf-8")
    monkeypatch.setenv("ROBOTUI_SAVE_DIR", str(not_a_folder))
    result = run("stats")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "is not a folder" in lines[0]


def test_hostile_and_wide_names_are_safe_and_fit(folder: Path) -> None:
    evil = "\x1b]0;pwned\x07Eve\x1b[2J"
    wide = "日本語のとても長いセーブの名前" * 3  # 45 characters, 90 cells
    game = played_out(wide[:60], [human(evil), computer("hard")], day(1), seed=5)
    write(folder, game, "wide.toml")
    result = run("stats")
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert_fits(result.stdout)
    assert "Eve: 1 game, 1 won" in result.stdout
    assert "save: 日本語" in result.stdout


def test_help() -> None:
    result = run("stats", "--help")
    assert result.exit_code == 0
    assert "--game" in result.stdout
