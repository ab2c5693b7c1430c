"""``robotui board``: counts in words ("1 laser"), an unknown board names every folder looked
in, an unknown id lists the valid ones, and names from board files are made safe."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from engines.roborally import boardfile
from engines.roborally.boardfile import BoardError, parse_board, parse_course
from robotui import commands

runner = CliRunner()
DOCS = Path(__file__).resolve().parents[2] / "docs" / "boards.md"


def run(*args: str) -> Result:
    return runner.invoke(commands.app, list(args))


def error_line(result: Result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def example_board() -> str:
    """docs/boards.md's example: one laser, one pusher, one crusher."""
    return re.findall(r"```toml\n(.*?)```", DOCS.read_text(), re.S)[0]


def test_board_check_counts_in_words(tmp_path: Path) -> None:
    path = tmp_path / "one.toml"
    path.write_text(example_board())
    result = run("board", "check", str(path))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "1 laser," in out and "1 pusher," in out and "1 crusher," in out
    assert not re.search(r"\b1 (lasers|pushers|crushers|gears|start squares)\b", out)
    dock = run("board", "check", "dock").stdout
    assert "0 lasers" in dock and "8 start squares" in dock


def test_a_course_of_one_board_says_board(tmp_path: Path) -> None:
    course = tmp_path / "solo.toml"
    course.write_text(
        'name = "Solo"\nflags = ["dock:a1"]\n[[boards]]\nboard = "dock"\nat = [0, 0]\n'
    )
    out = run("board", "check", str(course)).stdout
    assert "board dock; 1 flag;" in out


def test_an_unknown_board_lists_the_course_s_own_boards_folder(tmp_path: Path) -> None:
    (tmp_path / "courses").mkdir()
    course = tmp_path / "courses" / "mine.toml"
    course.write_text(
        'name = "Mine"\nflags = ["moon:a1"]\n[[boards]]\nboard = "moon"\nat = [0, 0]\n'
    )
    line = error_line(run("board", "check", str(course)))
    assert "no board 'moon'" in line
    assert str(tmp_path / "boards") in line  # the boards folder beside the course's folder
    assert str(boardfile.user_dir() / "boards") in line and "crossroads" in line


def test_board_show_an_unknown_id_lists_the_valid_ids() -> None:
    for command in ("show", "check"):
        line = error_line(run("board", command, "moonbase"))
        assert "moonbase" in line and "no board or course has that id" in line
        for known in ("first-steps", "pit-stop", "crossroads", "dock"):
            assert known in line


def test_a_missing_file_path_still_says_it_does_not_exist(tmp_path: Path) -> None:
    line = error_line(run("board", "show", str(tmp_path / "gone.toml")))
    assert "does not exist" in line


def with_line(text: str, key: str, value: str) -> str:
    """``text`` with its ``key = "..."`` line set to ``value`` (TOML escapes kept)."""
    line = f'{key} = "{value}"'
    new, done = re.subn(rf'^{key} = ".*"$', lambda _: line, text, count=1, flags=re.M)
    assert done, key
    return new


HOSTILE = "Evil\\u001b]0;pwned\\u0007\\u001b[2J\\u202eboard"


def test_names_and_descriptions_from_files_are_made_safe() -> None:
    text = example_board()
    text = with_line(text, "name", HOSTILE)
    text = with_line(text, "description", HOSTILE + "\\nline 2")
    board = parse_board(text, "evil.toml")
    assert board.name == "Evilboard"
    assert board.description == "Evilboard\nline 2"
    course = parse_course(
        f'name = "{HOSTILE}"\ndescription = "{HOSTILE}"\nlength = "{HOSTILE}"\n'
        'flags = ["dock:a1"]\n[[boards]]\nboard = "dock"\nat = [0, 0]\n',
        "evil.toml",
    )
    assert course.name == course.description == course.length == "Evilboard"


def test_a_name_of_nothing_but_controls_is_refused() -> None:
    with pytest.raises(BoardError, match="name must be non-empty text"):
        parse_board(with_line(example_board(), "name", "\\u001b[2J\\u0007"), "x.toml")


def test_board_check_and_show_print_no_escape_sequence(tmp_path: Path) -> None:
    path = tmp_path / "evil.toml"
    path.write_text(with_line(example_board(), "name", HOSTILE))
    for command in ("check", "show"):
        result = run("board", command, str(path))
        assert result.exit_code == 0, result.output
        assert not re.search("[\u001b\u0007\u202e]|pwned", result.output)
        assert "Evilboard" in result.output


def test_a_user_course_names_its_boards_folder_once(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(boardfile, "user_dir", lambda: tmp_path)
    (tmp_path / "courses").mkdir()
    course = tmp_path / "courses" / "mine.toml"
    course.write_text(
        'name = "Mine"\nflags = ["moon:a1"]\n[[boards]]\nboard = "moon"\nat = [0, 0]\n'
    )
    line = error_line(run("board", "check", str(course)))
    assert line.count(str(tmp_path / "boards")) == 1
