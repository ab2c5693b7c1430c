"""Board and course files read section by section: the public names of
``engines.roborally.boardfile``, device tables missing keys, and courses whose boards come
from a saved game's copies."""

from __future__ import annotations

import pytest

from engines.roborally import boardfile
from engines.roborally.boardfile import BoardError, parse_board, parse_course

GRID = 'grid = """\n.. .. s1\n.. XX s2\n"""\n'


def test_every_public_name_is_still_importable_from_boardfile() -> None:
    for name in boardfile.__all__:
        assert hasattr(boardfile, name), name
    # names other modules import from here
    for name in (
        "Layout",
        "BoardError",
        "SAVED_LAYOUTS",
        "board_path",
        "course_file",
        "read_text",
        "layout_from_board",
        "render",
        "check_file",
        "resolve_file",
        "summary",
        "show",
        "user_dir",
        "course_ids",
        "bundled_boards",
        "DIRS",
        "DX",
    ):
        assert name in boardfile.__all__, name


@pytest.mark.parametrize(
    ("table", "missing"),
    [
        ("[[lasers]]\nbeams = 1\n", "[[lasers]] number 1 has no 'at'"),
        ('[[lasers]]\nat = "a1"\n', "[[lasers]] number 1 has no 'dir'"),
        ("[[pushers]]\n", "[[pushers]] number 1 has no 'at'"),
        ('[[pushers]]\nat = "a1"\n', "[[pushers]] number 1 has no 'dir'"),
        ('[[crushers]]\nat = "a1"\n', "[[crushers]] number 1 has no 'registers'"),
    ],
)
def test_a_device_table_missing_keys_names_the_first_in_order(table: str, missing: str) -> None:
    with pytest.raises(BoardError) as err:
        parse_board(GRID + table, "bad.toml", "bad")
    assert str(err.value) == f"bad.toml:5:1: {missing}"


def test_each_section_reports_its_own_line_and_column() -> None:
    text = GRID + 'walls = ["a1 N", "c9 E"]\n'
    with pytest.raises(BoardError) as err:
        parse_board(text, "bad.toml", "bad")
    assert str(err.value) == ("bad.toml:5:19: wall square 'c9' is off the board (3 x 2: a1 to c2)")
    with pytest.raises(BoardError) as err:
        parse_board(GRID + '[[crushers]]\nat = "b2"\nregisters = [1]\n', "bad.toml", "bad")
    assert str(err.value) == "bad.toml:6:7: crusher square b2 is a pit"


COURSE = """name = "Saved"
players = [2, 2]
flags = ["tiny:a1"]

[[boards]]
board = "tiny"
"""


def test_a_course_reads_its_boards_from_saved_copies() -> None:
    course = parse_course(COURSE, "saved.toml", "saved", None, {"tiny": GRID})
    assert [p.board.id for p in course.placements] == ["tiny"]
    assert course.flags == ((0, 0),)
    with pytest.raises(BoardError) as err:
        parse_course(COURSE, "saved.toml", "saved", None, {"tiny": GRID.replace("XX", "q>")})
    assert str(err.value).startswith("tiny (saved copy):3:4: unknown square 'q>'")


def test_a_course_names_where_it_looked_for_a_missing_board(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(boardfile, "user_dir", lambda: tmp_path / "user")
    with pytest.raises(BoardError) as err:
        parse_course(COURSE, "saved.toml", "saved", None, {})
    assert str(err.value) == (
        f"saved.toml:6:9: no board 'tiny' (looked in {tmp_path / 'user' / 'boards'} and the "
        f"bundled boards: {', '.join(boardfile.bundled_boards())})"
    )
