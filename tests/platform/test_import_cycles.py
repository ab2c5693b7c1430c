"""No import cycles among the project's own modules (robotui, screens, saves, engines).

Every ``.py`` file is parsed with :mod:`ast` (no imports run; the parsing is shared with the
layering test, tests/helpers/imports.py). What counts as "module A imports module B":

* every import statement, wherever it is: module level, ``if TYPE_CHECKING:`` blocks, inside
  functions and class bodies (a late import that only hides a cycle is still a cycle), and
  ``importlib.import_module("...")`` with a constant name;
* ``import a.b.c`` and ``from a.b.c import x`` point at the module ``a.b.c`` (or at the
  submodule ``a.b.c.x`` when ``x`` is one, as in ``from saves import format``); a name that is
  not a module of the project points at the nearest enclosing one that is;
* relative imports are resolved against the importing file.

Not counted: the packages Python runs on the way to a module (``import a.b.c`` also runs
``a/__init__.py`` and ``a/b/__init__.py``), since every module would then "import" the
``__init__`` that re-exports it; an explicit ``from a.b import x`` of a package does count.
A cycle fails the test, named module by module with the file and line of each import.
"""

from __future__ import annotations

from pathlib import Path

from tests.helpers.imports import PACKAGES, ROOT, imported_names, module_name, package_files

# module -> {imported module: line of the first such import}
Graph = dict[str, dict[str, int]]


def import_graph(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> Graph:
    files = {module_name(path, root): path for path in package_files(root, packages)}
    graph: Graph = {}
    for module, path in files.items():
        edges = graph.setdefault(module, {})
        source = path.read_text(encoding="utf-8")
        for line, target, names in imported_names(source, module, path.name == "__init__.py"):
            candidates = [f"{target}.{name}" for name in names] if names else [target]
            for candidate in candidates:
                found = _project_module(candidate, files)
                if found is not None and found != module:
                    edges.setdefault(found, line)
    return graph


def _project_module(name: str, modules: dict[str, Path]) -> str | None:
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def find_cycles(graph: dict[str, dict[str, int]] | dict[str, set[str]]) -> list[list[str]]:
    """One cycle (``[a, b, ..., a]``) per group of modules that import each other, in a
    stable order; empty when the imports go one way only."""
    nodes = sorted(set(graph) | {t for targets in graph.values() for t in targets})
    succ = {n: sorted(graph.get(n, ())) for n in nodes}
    # Tarjan's strongly connected components, iteratively
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in nodes:
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            if i < len(succ[node]):
                work.append((node, i + 1))
                nxt = succ[node][i]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return [_cycle_in(group, succ) for group in sorted(groups)]


def _cycle_in(group: list[str], succ: dict[str, list[str]]) -> list[str]:
    """A shortest cycle through the group's first module (breadth-first, inside the group)."""
    members = set(group)
    start = group[0]
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in succ[node]:
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [*reversed(path), start]
                if nxt in members and nxt not in came and nxt != start:
                    came[nxt] = node
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"no cycle through {start}")  # pragma: no cover - SCCs have one


def describe(cycle: list[str], graph: Graph, root: Path = ROOT) -> str:
    steps = [cycle[0]]
    for a, b in zip(cycle, cycle[1:], strict=False):
        steps.append(f"-> {b} ({_file_of(a, root)}:{graph[a][b]})")
    return " ".join(steps)


def _file_of(module: str, root: Path) -> str:
    base = root.joinpath(*module.split("."))
    path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
    return path.relative_to(root).as_posix()


def test_the_project_has_no_import_cycle() -> None:
    graph = import_graph()
    assert "engines.core" in graph and len(graph) > 50
    cycles = find_cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(describe(c, graph) for c in cycles)


# ------------------------------------------------- the checker itself


def test_a_synthetic_cycle_is_found_and_named() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"a"}}
    assert find_cycles(graph) == [["a", "b", "c", "a"]]


def test_one_way_imports_and_separate_cycles() -> None:
    assert find_cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []
    two = {"x": {"y"}, "y": {"x"}, "p": {"q"}, "q": {"r"}, "r": {"p", "x"}}
    assert find_cycles(two) == [["p", "q", "r", "p"], ["x", "y", "x"]]


def _write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_late_type_checking_and_submodule_imports_count(tmp_path: Path) -> None:
    _write(tmp_path, "engines/__init__.py", "")
    _write(tmp_path, "engines/game/__init__.py", "")
    _write(
        tmp_path,
        "engines/game/state.py",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .view import View\n",
    )
    _write(tmp_path, "engines/game/view.py", "def f():\n    from engines.game import state\n")
    _write(tmp_path, "engines/game/other.py", "import engines.game.view\nimport os\n")
    graph = import_graph(tmp_path, ("engines",))
    assert graph["engines.game.view"] == {"engines.game.state": 2}  # the submodule, not __init__
    assert graph["engines.game.other"] == {"engines.game.view": 1}
    [cycle] = find_cycles(graph)
    assert cycle == ["engines.game.state", "engines.game.view", "engines.game.state"]
    assert describe(cycle, graph, tmp_path) == (
        "engines.game.state -> engines.game.view (engines/game/state.py:3)"
        " -> engines.game.state (engines/game/view.py:2)"
    )
