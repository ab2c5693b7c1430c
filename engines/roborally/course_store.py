"""A saved RoboRally game carries copies of its course and board files, so it can be
resumed after those files change (a bundled board mended, a user's course edited or
deleted): the copies are the course the game was played on.

:func:`course_texts` gives the texts to keep in a save; :func:`restore_course` rebuilds
the course from them when loading. If the files on disk still make the same course
(same content hash) they are used as they are; otherwise the saved copy is registered in
:data:`engines.roborally.boardfile.SAVED_LAYOUTS` under ``"ID@HASH"``, and that is the
course option of the resumed game.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.roborally.boardfile import (
    SAVED_LAYOUTS,
    BoardError,
    Layout,
    board_path,
    course_file,
    load_course,
    parse_course,
    read_text,
)

COURSE_KEY = "course"
BOARD_PREFIX = "board."
_SAVED_TEXTS: dict[str, dict[str, str]] = {}  # SAVED_LAYOUTS key -> the texts it came from


def base_id(course_id: str) -> str:
    """The course id of a course option, without the ``@HASH`` of a saved copy."""
    return course_id.split("@", 1)[0]


def course_texts(course_id: str) -> dict[str, str]:
    """``course`` and ``board.ID`` texts of the files the course is built from ({} if the
    course cannot be found: the game then could not have started)."""
    if course_id in _SAVED_TEXTS:
        return dict(_SAVED_TEXTS[course_id])
    path = course_file(course_id)
    if path is None:
        return {}
    try:
        texts = {COURSE_KEY: read_text(path, "course")}
        course = load_course(course_id).course  # parsed once, cached while the files stay
        for placement in course.placements if course is not None else ():
            board_id = placement.board.id
            found = board_path(board_id, path.parent)  # as parse_course looks it up
            if found is not None:
                texts[BOARD_PREFIX + board_id] = read_text(found, "board")
    except BoardError:
        return {}
    return texts


def restore_course(course_id: str, texts: Mapping[str, str]) -> str:
    """The course option that replays a saved game on the course it was played on.

    Raises :class:`BoardError` if the saved copies cannot be read."""
    if COURSE_KEY not in texts:
        return course_id
    base = base_id(course_id)
    boards = {
        k.removeprefix(BOARD_PREFIX): v for k, v in texts.items() if k.startswith(BOARD_PREFIX)
    }
    course = parse_course(texts[COURSE_KEY], f"{base} (saved copy)", base, boards=boards)
    saved = Layout.build(course, base)
    try:
        if load_course(base).content_hash == saved.content_hash:
            return base  # the files on disk still make this very course
    except BoardError:
        pass  # gone or broken: the saved copy is all there is
    key = f"{base}@{saved.content_hash}"
    SAVED_LAYOUTS[key] = saved
    _SAVED_TEXTS[key] = dict(texts)
    return key
