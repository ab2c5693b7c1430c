"""The README's Python examples run and say what the README claims."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from engines.arena import run_arena
from engines.registry import get_game

README = Path(__file__).resolve().parent.parent / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(), re.S)


def test_library_example_runs_and_matches_its_comments() -> None:
    library = next(b for b in python_blocks() if "compare_lines" in b)
    scope: dict = {}
    exec(library, scope)
    assert scope["result"].winner == 1 and scope["result"].level == 0
    assert scope["result"].reason() == (
        "Columns win: Rows' lowest line scores 17, Columns' scores 22."
    )
    for line in library.splitlines():
        if line.startswith("line_score(") and "#" in line:
            call, comment = line.split("#", 1)
            assert eval(call, scope) == int(comment.split(":")[0].split()[0])


def test_custom_player_example_plays_in_the_arena(tmp_path, monkeypatch) -> None:
    player_code = next(b for b in python_blocks() if "class Greedy" in b)
    package = tmp_path / "mybots"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "player.py").write_text(player_code)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "mybots", raising=False)
    report = run_arena(get_game("robot-master"), ["mybots.player:Greedy", "random"], 6, 1)
    greedy = report.players[0]
    assert greedy.wins + greedy.draws + greedy.losses == 6
    assert len(greedy.times_ms) == 6 * 12
