"""RoboRally board and course files: where they are, loading them, and the checks and
drawings of ``robotui board check`` and ``board show``.

A *board* is one factory floor (12 x 12, or the 12 x 4 start area) in a TOML file: a grid of
two-character squares plus lists of walls, lasers, pushers and crushers. A *course* places
boards next to each other and names the flags. See ``docs/boards.md`` for the format.

Every problem raises :class:`BoardError`, whose text names the file, the line and the column:
``crossroads.toml:14:9: unknown square 'q>' (valid: .., XX, b^ ...)``.

This module is the public face of the board code: the records and constants
(:mod:`~engines.roborally.board_model`), the parsers (:mod:`~engines.roborally.board_parse`,
:mod:`~engines.roborally.course_parse`), :class:`Layout` (:mod:`~engines.roborally.layout`)
and :func:`render` (:mod:`~engines.roborally.board_render`) are imported from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engines.roborally.board_model import (
    ARROW_OF,
    ARROWS,
    BELT,
    DIRS,
    DOUBLE_WRENCH,
    DX,
    DY,
    EXPRESS,
    FLOOR,
    GEAR_CCW,
    GEAR_CW,
    PIT,
    TOKEN_HELP,
    VOID,
    WRENCH,
    Board,
    BoardError,
    Course,
    Crusher,
    Laser,
    Placement,
    Pusher,
    cell_name,
)
from engines.roborally.board_parse import parse_board
from engines.roborally.board_render import render
from engines.roborally.board_text import MAX_FILE_BYTES, load_toml, read_text
from engines.roborally.course_parse import parse_course_text
from engines.roborally.layout import Layout, layout_from_board

__all__ = [
    "ARROWS",
    "ARROW_OF",
    "BELT",
    "BOARDS_DIR",
    "COURSES_DIR",
    "DIRS",
    "DOUBLE_WRENCH",
    "DX",
    "DY",
    "EXPRESS",
    "FLOOR",
    "GEAR_CCW",
    "GEAR_CW",
    "MAX_FILE_BYTES",
    "PACKAGE_DIR",
    "PIT",
    "SAVED_LAYOUTS",
    "TOKEN_HELP",
    "VOID",
    "WRENCH",
    "Board",
    "BoardError",
    "Course",
    "Crusher",
    "Laser",
    "Layout",
    "Placement",
    "Pusher",
    "board_path",
    "bundled_boards",
    "bundled_courses",
    "cell_name",
    "check_file",
    "course_file",
    "course_ids",
    "layout_from_board",
    "load_board",
    "load_course",
    "load_course_file",
    "parse_board",
    "parse_course",
    "read_text",
    "render",
    "resolve_file",
    "show",
    "summary",
    "user_courses",
    "user_dir",
]

PACKAGE_DIR = Path(__file__).parent
BOARDS_DIR = PACKAGE_DIR / "boards"
COURSES_DIR = PACKAGE_DIR / "courses"


def load_board(path: Path) -> Board:
    return parse_board(read_text(path, "board"), path.name, path.stem)


# -- where boards and courses are --------------------------------------------------------


def user_dir() -> Path:
    """The user's own boards and courses: ``<user data>/roborally/{boards,courses}``."""
    import platformdirs

    return Path(platformdirs.user_data_dir("robotui")) / "roborally"


def board_path(board_id: str, extra: Path | None = None) -> Path | None:
    """The file of a board id: next to the course file, the user folder, or bundled."""
    candidates = []
    if extra is not None:
        candidates.append(extra.parent / "boards" / f"{board_id}.toml")
    candidates.append(user_dir() / "boards" / f"{board_id}.toml")
    candidates.append(BOARDS_DIR / f"{board_id}.toml")
    for p in candidates:
        if p.is_file():
            return p
    return None


def _board_folders(folder: Path | None) -> str:
    """The folders :func:`board_path` looks in before the bundled boards, for messages."""
    folders = [user_dir() / "boards"]
    if folder is not None and folder.parent / "boards" != folders[0]:
        folders.insert(0, folder.parent / "boards")
    return ", ".join(str(f) for f in folders)


@dataclass(frozen=True)
class _CourseBoards:
    """A course's boards: a saved game's copies first, else the files :func:`board_path`
    finds. Defined here so that :func:`user_dir` is looked up where tests replace it."""

    folder: Path | None
    saved: Mapping[str, str] | None

    def find(self, board_id: str) -> Board | None:
        if self.saved is not None and board_id in self.saved:
            return parse_board(self.saved[board_id], f"{board_id} (saved copy)", board_id)
        path = board_path(board_id, self.folder)
        return None if path is None else load_board(path)

    def looked_in(self) -> str:
        return (
            f"{_board_folders(self.folder)} and the bundled boards: {', '.join(bundled_boards())}"
        )


def parse_course(
    text: str,
    source: str,
    course_id: str | None = None,
    folder: Path | None = None,
    boards: Mapping[str, str] | None = None,
) -> Course:
    """A course from its TOML text; its boards are looked up by id (next to ``folder``,
    the user's, bundled) unless ``boards`` gives their texts (a saved game's copies)."""
    return parse_course_text(text, source, course_id, _CourseBoards(folder, boards))


def load_course_file(path: Path) -> Course:
    return parse_course(read_text(path, "course"), path.name, path.stem, path.parent)


def bundled_boards() -> list[str]:
    return sorted(p.stem for p in BOARDS_DIR.glob("*.toml"))


def bundled_courses() -> list[str]:
    return sorted(p.stem for p in COURSES_DIR.glob("*.toml"))


def user_courses() -> list[str]:
    folder = user_dir() / "courses"
    try:
        return sorted(p.stem for p in folder.glob("*.toml"))
    except OSError:
        return []


def course_ids() -> list[str]:
    """Every course the ``course`` option accepts: bundled ones first, then the user's."""
    return list(dict.fromkeys(bundled_courses() + user_courses()))


def course_file(course_id: str) -> Path | None:
    for folder in (user_dir() / "courses", COURSES_DIR):
        p = folder / f"{course_id}.toml"
        if p.is_file():
            return p
    if course_id.endswith(".toml"):
        p = Path(course_id).expanduser()
        if p.is_file():
            return p
    return None


# Courses rebuilt from the copies in saved games whose files have changed since (see
# engines/roborally/course_store.py): course option value -> layout.
SAVED_LAYOUTS: dict[str, Layout] = {}


def load_course(course_id: str) -> Layout:
    """The playable layout of a course id (bundled or the user's), a course file path, or
    a saved game's copy of a course that has changed since."""
    if course_id in SAVED_LAYOUTS:
        return SAVED_LAYOUTS[course_id]
    path = course_file(course_id)
    if path is None:
        raise BoardError(
            course_id, 0, 0, f"no course {course_id!r}; valid courses: {', '.join(course_ids())}"
        )
    return _load_layout_cached(str(path), _signature(path), course_id)


def _signature(path: Path) -> tuple[tuple[str, int, int], ...]:
    """Modification times of the course file and every board file it might use."""
    files = [
        path,
        *BOARDS_DIR.glob("*.toml"),
        *path.parent.glob("*.toml"),
        *(path.parent.parent / "boards").glob("*.toml"),
        *(user_dir() / "boards").glob("*.toml"),
    ]
    out = []
    for f in files:
        try:
            st = f.stat()
        except OSError:
            continue
        out.append((str(f), st.st_mtime_ns, st.st_size))
    return tuple(sorted(set(out)))


@cache
def _load_layout_cached(path: str, signature: tuple, course_id: str) -> Layout:
    course = load_course_file(Path(path))
    return Layout.build(course, course_id)


# -- board check and board show ---------------------------------------------------------


def check_file(path: Path) -> tuple[str, Layout]:
    """Load a board or a course file (told apart by its keys); returns (kind, layout)."""
    text = read_text(path, "board or course")
    data = load_toml(text, path.name)
    if "boards" in data or "flags" in data:
        return "course", Layout.build(parse_course(text, path.name, path.stem, path.parent))
    return "board", layout_from_board(parse_board(text, path.name, path.stem))


def resolve_file(name: str) -> Path:
    """A file path, or the id of a bundled or user board or course (:class:`BoardError`
    listing the valid ids when ``name`` is neither)."""
    path = Path(name).expanduser()
    if path.exists() or name.endswith(".toml") or "/" in name:
        return path
    folders = (user_dir() / "courses", COURSES_DIR, user_dir() / "boards", BOARDS_DIR)
    for folder in folders:
        candidate = folder / f"{name}.toml"
        if candidate.is_file():
            return candidate
    boards = sorted(set(bundled_boards()) | set(_stems(user_dir() / "boards")))
    raise BoardError(
        name,
        0,
        0,
        "no such file, and no board or course has that id; courses: "
        f"{', '.join(course_ids())}; boards: {', '.join(boards)}",
    )


def _stems(folder: Path) -> list[str]:
    try:
        return sorted(p.stem for p in folder.glob("*.toml"))
    except OSError:
        return []


def _count(number: int, thing: str, plural: str | None = None) -> str:
    """``1 laser``, ``2 lasers``."""
    return f"{number} {thing if number == 1 else plural or thing + 's'}"


def summary(path: Path) -> str:
    """``robotui board check``: one line saying what the file holds, or BoardError."""
    kind, layout = check_file(path)
    lasers = len(layout.lasers)
    if kind == "course":
        course = layout.course
        assert course is not None
        boards = ", ".join(p.board.id for p in course.placements)
        return (
            f"{path.name}: a valid course, {course.name!r}, {layout.width} x {layout.height} "
            f"squares: {'board' if len(course.placements) == 1 else 'boards'} {boards}; "
            f"{_count(len(layout.flags), 'flag')}; "
            f"{course.min_players}-{course.max_players} players"
            + (f"; {course.length}" if course.length else "")
        )
    return (
        f"{path.name}: a valid board, {layout.name!r}, {layout.width} x {layout.height} squares: "
        f"{_count(lasers, 'laser')}, {_count(len(layout.pushers), 'pusher')}, "
        f"{_count(len(layout.crushers), 'crusher')}, {_count(len(layout.gears), 'gear')}, "
        f"{_count(len(layout.starts), 'start square')}"
    )


def show(path: Path, ascii_only: bool = False) -> str:
    """``robotui board show``: the board or course drawn as text."""
    kind, layout = check_file(path)
    text = f"{layout.name} ({kind}, {path.name})\n" + render(layout)
    if ascii_only:
        text = text.encode("ascii", "replace").decode("ascii")
    return text
