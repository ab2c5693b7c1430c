"""History belongs to git, not to the text: code, tests and docs say what things do and why,
as they stand, never which QA pass, issue or session a change came from.

The Python sources of every package and of the tests, README.md and docs/*.md are scanned
for those markers. CHANGELOG.md (whose entries may link issues) and bench/RESULTS.md (the
lab notebook, dated on purpose) are not scanned, nor is this file, which names the markers.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers.imports import ROOT

PACKAGES = ("engines", "saves", "hosting", "robotui", "screens", "tests")
# as words: "noqa:" and "--max-sessions 32" are no history
HISTORY = re.compile(r"(?<![\w-])(?:QA:|issues?\s+#?\d+\b|sessions?\s+\d+\b)", re.IGNORECASE)


def scanned_files(root: Path = ROOT) -> list[Path]:
    files = [path for package in PACKAGES for path in (root / package).rglob("*.py")]
    files += [root / "README.md", *(root / "docs").glob("*.md")]
    return sorted(path for path in files if path.resolve() != Path(__file__).resolve())


def history_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) of each line of ``text`` that tells history."""
    return [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), 1)
        if HISTORY.search(line)
    ]


def test_the_markers_are_found_as_words() -> None:
    text = "\n".join(
        [
            '"""QA: it crashed."""',
            "# see Issue 15, item 2",
            "# issues 3 and 4",
            "# session 7's player",
            "x = 1  # noqa: E501",
            'assert "fewer than --max-sessions 32" in line',
            "tissue 3, sessions, issue tracker, QA pass",
        ]
    )
    assert [number for number, _ in history_lines(text)] == [1, 2, 3, 4]


def test_no_history_in_code_tests_or_docs() -> None:
    files = scanned_files()
    assert ROOT / "README.md" in files and ROOT / "engines" / "core.py" in files
    found = [
        f"{path.relative_to(ROOT).as_posix()}:{number}: {line}"
        for path in files
        for number, line in history_lines(path.read_text(encoding="utf-8"))
    ]
    assert not found, "history belongs to git, not to the text:\n" + "\n".join(found)
