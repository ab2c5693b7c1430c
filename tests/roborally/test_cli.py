"""``robotui board check/show`` and RoboRally in ``robotui arena``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from engines.registry import all_games, register
from engines.roborally import ROBORALLY, boardfile
from robotui import commands

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(commands.app, list(args))


def one_error_line(result: Result, code: int) -> str:
    assert result.exit_code == code, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_board_check_a_bundled_board_and_course() -> None:
    result = run("board", "check", str(boardfile.BOARDS_DIR / "crossroads.toml"))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("crossroads.toml: a valid board, 'Crossroads', 12 x 12")
    result = run("board", "check", "grand-tour")
    assert result.exit_code == 0, result.output
    assert "a valid course, 'Grand Tour', 24 x 16 squares" in result.stdout
    assert "4 flags" in result.stdout


def test_board_check_a_bad_file_names_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "mine.toml"
    bad.write_text('name = "Mine"\ngrid = """\n.. ..\n.. b?\n"""\n')
    line = one_error_line(run("board", "check", str(bad)), 1)
    assert line.startswith("Error: mine.toml:4:4: unknown square 'b?'")
    line = one_error_line(run("board", "check", str(tmp_path / "none.toml")), 1)
    assert "does not exist" in line


def test_board_show_draws_the_board_with_a_legend() -> None:
    result = run("board", "show", "first-steps")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("First Steps (course, first-steps.toml)")
    assert "F1" in out and "S1" in out and "Legend" in out
    assert " 16 " in out  # 16 rows: the board and the dock
    result = run("--ascii", "board", "show", str(boardfile.BOARDS_DIR / "spiral.toml"))
    assert result.exit_code == 0
    assert result.stdout.isascii()


def test_board_help_lists_both_commands() -> None:
    result = run("board", "--help")
    assert result.exit_code == 0
    assert "check" in result.stdout and "show" in result.stdout


def test_arena_plays_whole_roborally_games_headless() -> None:
    if not any(spec.id == ROBORALLY.id for spec in all_games()):
        register(ROBORALLY)
    result = run(
        "arena",
        "roborally",
        "--players",
        "random,random,random,random",
        "--games",
        "4",
        "--seed",
        "1",
        "-o",
        "course=first-steps",
        "-o",
        "max_turns=8",
        "--json",
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["game"] == "roborally" and report["games"] == 4
    assert report["options"]["course"] == "first-steps"
    total = sum(p["wins"] + p["draws"] + p["losses"] for p in report["players"])
    assert total == 16


def test_arena_with_an_unknown_course_lists_the_valid_ones() -> None:
    if not any(spec.id == ROBORALLY.id for spec in all_games()):
        register(ROBORALLY)
    line = one_error_line(
        run("arena", "roborally", "--players", "random,random", "-o", "course=nowhere"), 2
    )
    assert "no course 'nowhere'" in line and "first-steps" in line
