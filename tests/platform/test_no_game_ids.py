"""Shared code names no game: games plug in through their spec's capabilities
(docs/engines.md, "Spec capabilities"), not through checks of their ids.

The shared modules (screens' top level, hosting, saves, robotui) are parsed with :mod:`ast`
and no string literal in them may be a registered game's id, except in the few places
below that map ids on purpose.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engines.registry import game_ids
from tests.helpers.imports import ROOT

# file -> why it may name games by id
ALLOWED: dict[str, str] = {
    "screens/games.py": "the table of each game's screen, by id",
    "robotui/config.py": "the game a new game opens when none is named",
}


def shared_files(root: Path = ROOT) -> list[Path]:
    files = [*root.glob("screens/*.py")]
    for package in ("hosting", "saves", "robotui"):
        files += root.glob(f"{package}/**/*.py")
    return sorted(files)


def game_id_literals(path: Path, ids: set[str]) -> list[tuple[int, str]]:
    """(line, id) of each string literal in the file that is one of ``ids``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return sorted(
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in ids
    )


def _rel(path: Path, root: Path = ROOT) -> str:
    return path.relative_to(root).as_posix()


@pytest.mark.parametrize("path", shared_files(), ids=_rel)
def test_shared_code_names_no_game(path: Path) -> None:
    if _rel(path) in ALLOWED:
        return
    found = game_id_literals(path, set(game_ids()))
    assert not found, f"{_rel(path)} names games by id (read a spec capability instead): " + (
        ", ".join(f"line {line}: {game!r}" for line, game in found)
    )


def test_the_allowed_files_are_there_and_still_name_games() -> None:
    for rel in ALLOWED:
        assert game_id_literals(ROOT / rel, set(game_ids())), f"{rel} needs no allowance"


def test_the_checker_finds_an_id_but_not_words_around_one(tmp_path: Path) -> None:
    path = tmp_path / "thing.py"
    path.write_text(
        '"""Works for roborally too."""\nif spec.id == "roborally":\n'
        '    name = f"{spec.id} roborally"\n',
        encoding="utf-8",
    )
    assert game_id_literals(path, {"roborally"}) == [(2, "roborally")]
