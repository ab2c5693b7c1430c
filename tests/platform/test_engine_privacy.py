"""Layers meet through public names: no module outside ``engines/`` reaches an engine
object's private names (a name starting with ``_``: its methods and fields). Every ``.py``
file is parsed with :mod:`ast`; nothing is imported."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = ("robotui", "screens", "hosting", "saves")


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def engine_private_names(root: Path = ROOT) -> set[str]:
    """Private names the engines' classes define: methods, class attributes and the
    ``self._x`` fields their methods set."""
    names: set[str] = set()
    for path in (root / "engines").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            for item in ast.walk(node):
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and _private(item.name):
                    names.add(item.name)
                elif (
                    isinstance(item, ast.Attribute)
                    and isinstance(item.ctx, ast.Store)
                    and isinstance(item.value, ast.Name)
                    and item.value.id == "self"
                    and _private(item.attr)
                ):
                    names.add(item.attr)
                elif (
                    isinstance(item, ast.Name)
                    and isinstance(item.ctx, ast.Store)
                    and _private(item.id)
                    and item in node.body
                ):
                    names.add(item.id)
    return names


def reaches(path: Path, private: set[str], root: Path = ROOT) -> list[str]:
    """``file:line name`` for each ``<expr>._name`` in ``path`` naming an engine's private
    name on anything but ``self``, ``cls`` or ``super()``."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or node.attr not in private:
            continue
        owner = node.value
        if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
            continue
        if (
            isinstance(owner, ast.Call)
            and isinstance(owner.func, ast.Name)
            and owner.func.id == "super"
        ):
            continue
        found.append(f"{path.relative_to(root).as_posix()}:{node.lineno} {node.attr}")
    return found


def test_no_module_outside_the_engines_reaches_their_private_names() -> None:
    private = engine_private_names()
    assert "_destroy" in private and "_run" in private  # the scan sees the engines
    found = [
        hit
        for package in OUTSIDE
        for path in sorted((ROOT / package).rglob("*.py"))
        for hit in reaches(path, private)
    ]
    assert found == []


def test_the_check_catches_a_screen_that_patches_an_engine(tmp_path: Path) -> None:
    screen = tmp_path / "screens" / "peek.py"
    screen.parent.mkdir()
    screen.write_text("def peek(sim):\n    sim._destroy = print\n    return sim._run()\n")
    assert reaches(screen, engine_private_names(), tmp_path) == [
        "screens/peek.py:2 _destroy",
        "screens/peek.py:3 _run",
    ]
