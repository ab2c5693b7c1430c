"""Imports only go downward: robotui -> screens -> hosting -> saves -> engines.

Every ``.py`` file of the five packages is parsed with :mod:`ast` (no imports run);
absolute, relative and ``importlib.import_module("...")`` imports are all checked,
wherever they appear in the file (functions and ``TYPE_CHECKING`` blocks too); the parsing is
shared with the import cycle test (tests/helpers/imports.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.imports import ROOT, imported_modules, module_name, package_files

# Top-level modules each package must never import.
FORBIDDEN: dict[str, frozenset[str]] = {
    "robotui": frozenset(),
    "screens": frozenset({"robotui"}),
    "hosting": frozenset({"robotui", "screens", "textual", "rich"}),
    "saves": frozenset({"robotui", "screens", "hosting", "textual"}),
    "engines": frozenset({"robotui", "screens", "hosting", "saves", "textual", "rich"}),
}


def violations(path: Path, root: Path = ROOT) -> list[str]:
    """Messages naming the file, line and import for each upward or forbidden import."""
    module = module_name(path, root)
    layer = module.split(".")[0]
    forbidden = FORBIDDEN[layer]
    rel = path.relative_to(root).as_posix()
    source = path.read_text(encoding="utf-8")
    out = []
    for line, target in imported_modules(source, module, path.name == "__init__.py"):
        top = target.split(".")[0]
        if target == "<beyond top>":
            out.append(f"{rel}:{line}: relative import climbs above the {layer} package")
        elif top in forbidden:
            out.append(f"{rel}:{line}: {layer} must not import {target!r} ({top} is not below it)")
    return out


def test_the_packages_are_there() -> None:
    assert (ROOT / "engines" / "core.py").is_file()
    assert (ROOT / "robotui").is_dir()
    assert package_files()


@pytest.mark.parametrize("path", package_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_imports_only_go_downward(path: Path) -> None:
    problems = violations(path)
    assert not problems, "upward or forbidden imports:\n" + "\n".join(problems)


# ------------------------------------------------- the checker itself


def _write(root: Path, rel: str, text: str) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_checker_catches_absolute_imports(tmp_path: Path) -> None:
    path = _write(tmp_path, "engines/thing.py", "import os\nfrom screens.board import Board\n")
    [message] = violations(path, tmp_path)
    assert "engines/thing.py:2" in message and "'screens.board'" in message


def test_checker_catches_textual_in_saves_and_rich_in_engines(tmp_path: Path) -> None:
    saves_file = _write(tmp_path, "saves/store.py", "def f():\n    import textual.app\n")
    engines_file = _write(tmp_path, "engines/x.py", "from rich.text import Text\n")
    assert "'textual.app'" in violations(saves_file, tmp_path)[0]
    assert "'rich.text'" in violations(engines_file, tmp_path)[0]


def test_checker_resolves_relative_imports(tmp_path: Path) -> None:
    inner = _write(tmp_path, "screens/sub/widget.py", "from ...robotui import cli\n")
    assert violations(inner, tmp_path) == [
        "screens/sub/widget.py:1: relative import climbs above the screens package"
    ]
    ok = _write(tmp_path, "screens/sub/ok.py", "from .. import glyphs\nfrom . import other\n")
    assert violations(ok, tmp_path) == []
    init = _write(tmp_path, "engines/pkg/__init__.py", "from .state import State\n")
    assert imported_modules(init.read_text(), "engines.pkg", True) == [(1, "engines.pkg.state")]


def test_checker_catches_dynamic_imports(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "saves/load.py",
        "import importlib\nmod = importlib.import_module('robotui.app')\n",
    )
    [message] = violations(path, tmp_path)
    assert "saves/load.py:2" in message and "'robotui.app'" in message


def test_checker_keeps_hosting_below_screens_and_above_saves(tmp_path: Path) -> None:
    server = _write(tmp_path, "hosting/server.py", "from screens.lobby import LobbyScreen\n")
    assert "'screens.lobby'" in violations(server, tmp_path)[0]
    widget = _write(tmp_path, "hosting/view.py", "import rich.text\nfrom saves import load_save\n")
    [message] = violations(widget, tmp_path)
    assert "'rich.text'" in message
    store = _write(tmp_path, "saves/x.py", "from hosting.protocol import encode\n")
    engine = _write(tmp_path, "engines/y.py", "import hosting\n")
    assert violations(store, tmp_path) and violations(engine, tmp_path)


def test_checker_allows_downward_imports(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "robotui/app.py",
        "import textual\nfrom screens import x\nfrom hosting import t\nfrom saves import y\n"
        "from engines import z\n",
    )
    assert violations(path, tmp_path) == []
