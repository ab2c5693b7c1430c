"""RoboRally board and course files: the bundled ones, and bad files with clear errors."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from engines.roborally import boardfile
from engines.roborally.boardfile import (
    BELT,
    DOUBLE_WRENCH,
    EXPRESS,
    GEAR_CCW,
    GEAR_CW,
    PIT,
    VOID,
    WRENCH,
    BoardError,
    check_file,
    load_board,
    load_course,
    parse_board,
    parse_course,
    render,
)

FACTORY = ["crossroads", "laser-alley", "pitfall", "spiral"]


def test_bundled_boards_and_courses() -> None:
    assert boardfile.bundled_boards() == sorted([*FACTORY, "dock"])
    courses = boardfile.bundled_courses()
    assert len(courses) >= 6
    lengths = {load_course(c).course.length for c in courses}
    assert {"short", "medium", "long"} <= lengths
    assert min(load_course(c).course.min_players for c in courses) == 2
    assert all(load_course(c).course.max_players >= 6 for c in courses)
    dock = load_board(boardfile.BOARDS_DIR / "dock.toml")
    assert (dock.width, dock.height) == (12, 4)
    assert [n for n, _ in dock.starts] == list(range(1, 9))


def _inputs(board, x: int, y: int) -> list[int]:
    """Directions of belts that feed the belt at (x, y)."""
    out = []
    for d, (dx, dy) in enumerate(zip(boardfile.DX, boardfile.DY, strict=True)):
        nx, ny = x - dx, y - dy
        if (
            0 <= nx < board.width
            and 0 <= ny < board.height
            and board.belt[ny][nx] == d
            and board.kinds[ny][nx] in (BELT, EXPRESS)
        ):
            out.append(d)
    return out


@pytest.mark.parametrize("board_id", FACTORY)
def test_every_factory_board_uses_every_element(board_id: str) -> None:
    board = load_board(boardfile.BOARDS_DIR / f"{board_id}.toml")
    assert (board.width, board.height) == (12, 12)
    kinds = {k for row in board.kinds for k in row}
    assert {PIT, BELT, EXPRESS, GEAR_CW, GEAR_CCW, WRENCH, DOUBLE_WRENCH} <= kinds
    assert board.walls and board.lasers and board.pushers and board.crushers
    curved = {BELT: False, EXPRESS: False}
    for y in range(12):
        for x in range(12):
            k = board.kinds[y][x]
            if k in (BELT, EXPRESS) and any(d != board.belt[y][x] for d in _inputs(board, x, y)):
                curved[k] = True
    assert curved[BELT] or curved[EXPRESS], "no curved or merging belt"


def test_the_boards_together_use_every_belt_shape_and_laser_strength() -> None:
    shapes = set()
    beams = set()
    for board_id in FACTORY:
        board = load_board(boardfile.BOARDS_DIR / f"{board_id}.toml")
        beams.update(la.beams for la in board.lasers)
        for y in range(12):
            for x in range(12):
                k = board.kinds[y][x]
                if k not in (BELT, EXPRESS):
                    continue
                ins = _inputs(board, x, y)
                d = board.belt[y][x]
                side = [i for i in ins if i != d]
                shapes.add((k, "straight" if d in ins else "start"))
                if side and d in ins:
                    shapes.add((k, "merging"))
                elif side:
                    shapes.add((k, "curved"))
    for k in (BELT, EXPRESS):
        for shape in ("straight", "curved", "merging"):
            assert (k, shape) in shapes, (k, shape)
    assert beams == {1, 2, 3}


def _route(layout, start: int, goal: int, blocked: set[int]) -> list[int] | None:
    prev = {start: -1}
    queue = deque([start])
    while queue:
        i = queue.popleft()
        if i == goal:
            path = []
            while i != -1:
                path.append(i)
                i = prev[i]
            return path[::-1]
        for d in range(4):
            j = layout.nbr[i][d]
            if j < 0 or layout.wall[i] >> d & 1 or j in prev or j in blocked:
                continue
            if layout.kind[j] in (PIT, VOID):
                continue
            prev[j] = i
            queue.append(j)
    return None


@pytest.mark.parametrize("course", boardfile.bundled_courses())
def test_courses_have_several_routes_between_flags(course: str) -> None:
    layout = load_course(course)
    stops = [layout.starts[0], *layout.flags]
    for a, b in zip(stops, stops[1:], strict=False):
        first = _route(layout, a, b, set())
        assert first, f"{course}: no route from {layout.name_of(a)} to {layout.name_of(b)}"
        second = _route(layout, a, b, set(first[1:-1]))
        assert second, f"{course}: only one route to {layout.name_of(b)}"


def test_render_draws_walls_flags_and_a_legend() -> None:
    text = render(load_course("first-steps"))
    assert "Legend" in text and "F1" in text and "F2" in text and "S8" in text
    assert "---" in text and "|" in text
    assert "laser at k3 = crossroads:k3 firing W, 1 beam(s)" in text
    # the course's name first, as drawn: the Grand Tour's second board starts at column m
    assert "laser at m10 = laser-alley:a10 firing E, 1 beam(s)" in render(load_course("grand-tour"))


GRID = '''grid = """
.. .. ..
.. .. ..
"""
'''

BAD_BOARDS = {
    "unknown-square": (
        'name = "x"\ngrid = """\n.. .. ..\n.. q> ..\n"""\n',
        r"^bad\.toml:4:4: unknown square 'q>' \(valid: \.\. floor",
    ),
    "ragged-row": (
        'grid = """\n.. .. ..\n.. ..\n"""\n',
        r"^bad\.toml:3:1: grid row 2 has 2 squares; rows above have 3",
    ),
    "not-toml": ("grid = [\n", r"^bad\.toml:2:1: not valid TOML"),
    "missing-grid": ('name = "x"\n', r"^bad\.toml:1:1: missing key 'grid'"),
    "unknown-key": (GRID + "belts = 3\n", r"^bad\.toml:5:1: unknown key 'belts' in a board"),
    "wall-side": (GRID + 'walls = ["b1 Q"]\n', r"^bad\.toml:5:11: wall sides 'Q' must be"),
    "wall-off-board": (GRID + 'walls = ["z9 N"]\n', r"^bad\.toml:5:11: wall square 'z9' is off"),
    "wall-shape": (GRID + 'walls = ["b1"]\n', r"^bad\.toml:5:10: wall 'b1' should be"),
    "laser-dir": (
        GRID + '[[lasers]]\nat = "a1"\ndir = "up"\n',
        r"^bad\.toml:7:1: dir must be one of",
    ),
    "laser-beams": (
        GRID + '[[lasers]]\nat = "a1"\ndir = "E"\nbeams = 4\n',
        r"^bad\.toml:8:1: beams must be 1, 2 or 3, not 4",
    ),
    "pusher-registers": (
        GRID + '[[pushers]]\nat = "a1"\ndir = "E"\nregisters = [0, 6]\n',
        r"^bad\.toml:8:1: registers must be a list of different register numbers 1 to 5",
    ),
    "pusher-missing-key": (
        GRID + '[[pushers]]\nat = "a1"\n',
        r"^bad\.toml:5:1: \[\[pushers\]\] number 1 has no",
    ),
    "crusher-on-pit": (
        'grid = """\nXX ..\n"""\n[[crushers]]\nat = "a1"\nregisters = [1]\n',
        r"^bad\.toml:5:7: crusher square a1 is a pit",
    ),
    "start-twice": ('grid = """\ns1 s1\n"""\n', r"^bad\.toml:2:4: start square 1 appears twice"),
    "two-things-on-a-square": (
        GRID + '[[pushers]]\nat = "a1"\ndir = "E"\nregisters = [1]\n'
        '[[crushers]]\nat = "a1"\nregisters = [2]\n',
        r"a1 already has a pusher",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_BOARDS))
def test_bad_board_files_name_line_column_and_problem(case: str) -> None:
    text, pattern = BAD_BOARDS[case]
    with pytest.raises(BoardError) as info:
        parse_board(text, "bad.toml")
    assert "\n" not in str(info.value)
    import re

    assert re.search(pattern, str(info.value)), str(info.value)


COURSE_HEAD = 'name = "c"\n'


BAD_COURSES = {
    "unknown-board": (
        COURSE_HEAD + 'flags = ["x:a1"]\n[[boards]]\nboard = "moon"\nat = [0, 0]\n',
        r"^bad\.toml:4:9: no board 'moon'",
    ),
    "flags-inside-boards": (
        COURSE_HEAD + '[[boards]]\nboard = "dock"\nat = [0, 0]\nflags = ["dock:a1"]\n',
        r"^bad\.toml:5:1: unknown key 'flags' in \[\[boards\]\]",
    ),
    "flag-on-pit": (
        COURSE_HEAD + 'flags = ["pitfall:e1"]\n[[boards]]\nboard = "pitfall"\nat = [0, 0]\n'
        '[[boards]]\nboard = "dock"\nat = [0, 12]\n',
        r"^bad\.toml:2:11: flag 'pitfall:e1' is on a pit",
    ),
    "overlap": (
        COURSE_HEAD + 'flags = ["dock:a1"]\n[[boards]]\nboard = "dock"\nat = [0, 0]\n'
        '[[boards]]\nboard = "crossroads"\nat = [0, 2]\nlabel = "x"\n',
        r"^bad\.toml:8:1: board 'x' overlaps board 'dock'",
    ),
    "no-starts": (
        COURSE_HEAD + 'flags = ["crossroads:a1"]\n[[boards]]\nboard = "crossroads"\nat = [0, 0]\n',
        r"needs start squares 1 to 8",
    ),
    "flag-unknown-board": (
        COURSE_HEAD + 'flags = ["moon:a1"]\n[[boards]]\nboard = "dock"\nat = [0, 0]\n',
        r"^bad\.toml:2:11: flag 'moon:a1' names no board of this course",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_COURSES))
def test_bad_course_files_name_line_column_and_problem(case: str) -> None:
    import re

    text, pattern = BAD_COURSES[case]
    with pytest.raises(BoardError) as info:
        parse_course(text, "bad.toml", "bad", boardfile.COURSES_DIR)
    assert re.search(pattern, str(info.value)), str(info.value)


def test_check_file_tells_boards_and_courses_apart_and_reads_bytes_safely(tmp_path: Path) -> None:
    kind, layout = check_file(boardfile.BOARDS_DIR / "spiral.toml")
    assert kind == "board" and layout.width == 12
    kind, layout = check_file(boardfile.COURSES_DIR / "long-haul.toml")
    assert kind == "course" and layout.height == 28 and len(layout.flags) == 4
    binary = tmp_path / "junk.toml"
    binary.write_bytes(b"\x00\x01\x02")
    with pytest.raises(BoardError, match="not a text file"):
        check_file(binary)
    latin = tmp_path / "latin.toml"
    latin.write_bytes('name = "café"\n'.encode("latin-1"))
    with pytest.raises(BoardError, match=r"latin\.toml:1:12: not UTF-8"):
        check_file(latin)
    with pytest.raises(BoardError, match="does not exist"):
        check_file(tmp_path / "nothing.toml")


def test_the_documented_example_board_is_valid() -> None:
    import re

    docs = Path(__file__).resolve().parents[2] / "docs" / "boards.md"
    example = re.findall(r"```toml\n(.*?)```", docs.read_text(), re.S)[0]
    board = parse_board(example, "example.toml")
    assert (board.width, board.height) == (6, 5)
    assert len(board.lasers) == len(board.pushers) == len(board.crushers) == 1


def test_squares_in_play_are_named_as_board_show_labels_them() -> None:
    """The status table, hints and log name squares like the drawing: column letter a..,
    row number from 1 (the First Steps start row is row 16)."""
    layout = load_course("first-steps")
    start = layout.starts[0]
    x, y = start % layout.width, start // layout.width
    assert layout.short_name(start) == f"{'abcdefghijkl'[x]}{y + 1}"
    assert layout.short_name(0) == "a1"
    assert layout.short_name(layout.width * layout.height - 1) == (
        f"{'abcdefghijklmnopqrstuvwxyz'[layout.width - 1]}{layout.height}"
    )
    assert layout.short_name(-1) == "off"
    drawing = render(layout).splitlines()
    assert drawing[0].split()[x] == "abcdefghijkl"[x]
