"""Reading the project's imports without running them (shared by the layering and cycle tests).

Every ``.py`` file of the five packages is parsed with :mod:`ast`; absolute, relative and
``importlib.import_module("...")`` imports are all found, wherever they appear in the file
(module level, functions, class bodies and ``TYPE_CHECKING`` blocks).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGES = ("robotui", "screens", "hosting", "saves", "engines")


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_files(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> list[Path]:
    files: list[Path] = []
    for package in packages:
        files.extend(sorted((root / package).rglob("*.py")))
    return files


def imported_modules(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """``(line, absolute module name)`` for every import in ``source``.

    ``module`` is the dotted name of the file itself, used to resolve relative imports;
    a relative import that climbs above the top package is returned as ``"<beyond top>"``.
    """
    return [(line, target) for line, target, _ in imported_names(source, module, is_package)]


def imported_names(
    source: str, module: str, is_package: bool
) -> list[tuple[int, str, tuple[str, ...]]]:
    """Like :func:`imported_modules`, with the names a ``from ... import`` takes (each may be
    a submodule: ``from saves import format``); ``()`` for ``import x`` and dynamic imports."""
    tree = ast.parse(source)
    package_parts = module.split(".") if is_package else module.split(".")[:-1]
    found: list[tuple[int, str, tuple[str, ...]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name, ()) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names = tuple(alias.name for alias in node.names if alias.name != "*")
            if node.level == 0:
                found.append((node.lineno, node.module or "", names))
                continue
            keep = len(package_parts) - (node.level - 1)
            if keep <= 0:
                found.append((node.lineno, "<beyond top>", ()))
                continue
            base = ".".join(package_parts[:keep])
            found.append((node.lineno, f"{base}.{node.module}" if node.module else base, names))
        elif isinstance(node, ast.Call) and _is_dynamic_import(node.func) and node.args:
            value = node.args[0].value if isinstance(node.args[0], ast.Constant) else None
            if isinstance(value, str) and not value.startswith("."):
                found.append((node.lineno, value, ()))
    return found


def _is_dynamic_import(func: ast.expr) -> bool:
    if isinstance(func, ast.Name):
        return func.id in {"__import__", "import_module"}
    return isinstance(func, ast.Attribute) and func.attr == "import_module"
