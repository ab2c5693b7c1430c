"""Screens never parse the engines' log sentences: they read structured events (RoboRally's
engines/roborally/events.py, Stak Bots' told lines, Robo Factory's events and
result_reason). Every ``.py`` file of screens/ is parsed with :mod:`ast`: only the text
wrapping module may use regular expressions, and none names the old parsers or reads a
trace picture's log lines."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.helpers.imports import ROOT, package_files

# Regular expressions over text the screens made themselves (where a line may break).
MAY_USE_RE = {"screens/text_fit.py"}
# What reading log sentences took: the parsers removed and the words they looked for.
PARSERS = {
    "_PLAYS",
    "_SPOT",
    "_SQUARES",
    "_COUNT",
    "_REPAIRS",
    "_REENTERS",
    "_POWER",
    "_BY_SEAT",
    "_BOARD_PHASE",
    "SEAT_NAME",
    "SUBJECT",
    "YOU_VERBS",
    "RECYCLE_VERBS",
    "_named",
}
LOG_WORDS = (
    "(held in place)",
    " plays ",
    " pushed by ",
    "Player ",
    "You wins ",
    "You is ",
    "You has ",
)
# str methods that take a sentence apart, when given the engine's words or ": "
CUTTERS = {
    "replace",
    "removesuffix",
    "removeprefix",
    "partition",
    "rpartition",
    "split",
    "rsplit",
    "startswith",
    "endswith",
    "find",
    "index",
}


def _words(node: ast.AST) -> str:
    """The literal text of a str constant or f-string."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_words(v) for v in node.values)
    return ""


def _cuts_log_words(node: ast.AST) -> bool:
    """A str method taking a sentence apart at the engine's words (or at ``": "``), or
    an ``in`` test for them."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in CUTTERS
        and node.args
    ):
        said = _words(node.args[0])
        return said == ": " or any(w in said for w in LOG_WORDS)
    if isinstance(node, ast.Compare) and any(isinstance(o, ast.In) for o in node.ops):
        return any(w in _words(node.left) for w in LOG_WORDS)
    return False


def _owner(node: ast.expr) -> str:
    """The name an expression reads from: ``picture`` for ``whole.picture`` or
    ``trace`` for ``state.trace[-1]``; "" for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript):
        return _owner(node.value)
    return ""


def _reads_picture_lines(node: ast.AST) -> bool:
    """``picture["events"]`` or ``picture.events`` (of a picture or the trace): a trace
    picture's log lines. The ``events`` of a game's state or view (Stak Bots' and Robo
    Factory's structured events) are not log lines."""
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "events"
    if isinstance(node, ast.Attribute) and node.attr == "events":
        return any(word in _owner(node.value) for word in ("picture", "trace"))
    return False


def _problems(path: Path, root: Path = ROOT) -> list[str]:
    rel = path.relative_to(root).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom) and rel not in MAY_USE_RE:
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
            )
            if "re" in names or "regex" in names:
                out.append(f"{rel}:{node.lineno}: imports re")
        elif isinstance(node, ast.Name | ast.FunctionDef) and (
            (node.id if isinstance(node, ast.Name) else node.name) in PARSERS
        ):
            out.append(f"{rel}:{node.lineno}: a log sentence parser")
        elif _reads_picture_lines(node):
            out.append(f"{rel}:{node.lineno}: reads a trace picture's log lines")
        elif _cuts_log_words(node):
            out.append(f"{rel}:{getattr(node, 'lineno', 0)}: takes a log sentence apart")
    return out


def test_no_screen_parses_the_engines_log_sentences() -> None:
    files = package_files(ROOT, ("screens",))
    assert any(p.name == "log.py" for p in files)
    problems = [line for path in files for line in _problems(path)]
    assert problems == []


def test_the_check_finds_a_parser(tmp_path: Path) -> None:
    sample = tmp_path / "screens" / "sample.py"
    sample.parent.mkdir()
    sample.write_text(
        'import re\n_PLAYS = re.compile(r"plays (\\d+)")\n'
        "def f(picture, e):\n    return picture.events, e.removesuffix("
        '" (held in place)"), f"{e}".split(": ", 1), "Player 1" in e\n'
        'def g(whole, trace):\n    return picture["events"], whole.picture.events,'
        " trace[-1].events\n"
        "def h(self, view):\n    return self.state.events, view.events\n",
        encoding="utf-8",
    )
    found = _problems(sample, tmp_path)
    assert len(found) == 9, found
    assert sum("log lines" in line for line in found) == 4, found
