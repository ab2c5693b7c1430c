"""The Python examples of the README and the manuals in docs/ run and say what they claim."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from engines.arena import run_arena
from engines.registry import get_game

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
README = ROOT / "README.md"
DOCS = [README, *sorted((ROOT / "docs").glob("*.md"))]  # the README and the manuals


def python_blocks() -> list[str]:
    return [b for doc in DOCS for b in re.findall(r"```python\n(.*?)```", doc.read_text(), re.S)]


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


CI_RUN = README.parent / ".ci" / "run"


def setup_commands() -> list[str]:
    """The commands of the README's "Set-up: two commands" block, comments left out."""
    section = README.read_text().split("## Set-up: two commands", 1)[1].split("\n## ", 1)[0]
    block = re.findall(r"```sh\n(.*?)```", section, re.S)[0]
    return [line for line in block.splitlines() if line.strip() and not line.startswith("#")]


def test_the_set_up_commands_need_no_system_pip() -> None:
    """'pip install .' fails on a fresh Debian or Ubuntu (PEP 668); both commands use a
    virtual environment, and the README names the system packages they need."""
    install, tests = setup_commands()
    assert install == "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/robotui"
    assert tests == (
        "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/pytest"
    )
    assert "python3-venv" in README.read_text()
    assert "python3-venv openssh-client tmux" in README.read_text()  # what the tests drive


def test_ci_runs_exactly_command_2_then_ruff_its_format_check_and_mypy() -> None:
    text = CI_RUN.read_text()
    commands = [
        line
        for line in text.splitlines()
        if line.strip() and not line.startswith(("#", "set ", "cd "))
    ]
    # the system programs the end-to-end tests drive (OpenSSH's client, tmux) first, when missing
    tools = (
        "command -v ssh >/dev/null && command -v tmux >/dev/null || "
        "(apt-get update && apt-get install -y openssh-client tmux)"
    )
    assert commands == [
        tools,
        setup_commands()[1],
        ".venv/bin/ruff check .",
        ".venv/bin/ruff format --check .",
        ".venv/bin/mypy engines saves hosting robotui screens",
    ]
    for check in commands[2:]:  # the README names each check
        assert f"`{check}`" in README.read_text(), check
    for section in re.findall(r'README\'s "([^"]+)" section', text):
        assert f"## {section}\n" in README.read_text()  # the comment names a real section


def test_save_name_examples_agree_with_the_names_robotui_gives() -> None:
    """The docs' example save names use the one time format robotui gives, not a mix of
    '... 14.05' and '... 14-05'."""
    from datetime import datetime

    from saves import default_save_name

    shown = {
        name
        for doc in DOCS
        for name in re.findall(r"robot-master \d{4}-\d\d-\d\d \d\d[.:-]\d\d", doc.read_text())
    }
    given = default_save_name("robot-master", datetime(2026, 11, 22, 14, 5).astimezone())
    assert shown == {given}


def where_things_live() -> list[str]:
    """The paths the README's "Where things live" block names, ``<game>`` for each game."""
    text = README.read_text()
    block = text[text.index("## Where things live") :]
    block = block[block.index("```\n") + 4 :]
    block = block[: block.index("```")]
    paths = [
        line.split()[0].rstrip(",") for line in block.splitlines() if line[:1] not in ("", " ")
    ]
    games = ["robot_master", "robo_factory", "roborally", "stak_bots"]
    return [
        p.replace(
            "<game>", g if p.startswith(("tests", "screens", "engines")) else g.replace("_", "-")
        )
        for p in paths
        for g in (games if "<game>" in p else [""])
    ]


def test_where_things_live_names_paths_that_exist() -> None:
    paths = where_things_live()
    assert "robotui/commands/" in paths and "tests/reference_players/" in paths
    missing = [p for p in paths if not (ROOT / p.rstrip("/")).exists()]
    assert missing == []


def test_where_things_live_names_every_package() -> None:
    """Every top-level package, and every package inside robotui/ and screens/ that is not
    a game's, is in the block."""
    named = {p.rstrip("/") for p in where_things_live()}
    games = {"robot_master", "robo_factory", "roborally", "stak_bots"}
    tops = [d for d in ROOT.glob("*/") if (d / "__init__.py").exists() and d.name != "tests"]
    inner = [
        d
        for top in ("robotui", "screens")
        for d in (ROOT / top).glob("*/")
        if (d / "__init__.py").exists() and d.name not in games
    ]
    packages = {str(d.relative_to(ROOT)) for d in (*tops, *inner)}
    assert packages - named == set()


def test_where_things_live_names_every_test_folder() -> None:
    """Every folder of tests/ is in the block (a game's as ``tests/<game>/``)."""
    named = {p.rstrip("/") for p in where_things_live()}
    folders = {
        str(d.relative_to(ROOT))
        for d in (ROOT / "tests").glob("*/")
        if not d.name.startswith(("_", "."))
    }
    assert folders - named == set()


def test_the_readme_and_the_hosting_manual_name_every_option_of_serve() -> None:
    import typer

    from robotui import commands

    serve = typer.main.get_command(commands.app).commands["serve"]  # type: ignore[attr-defined]
    options = [opt for param in serve.params for opt in param.opts if opt.startswith("--")]
    assert "--ready-processes" in options
    readme = README.read_text()
    hosting = (ROOT / "docs" / "hosting.md").read_text()
    usage = re.search(r"```\nrobotui serve (.*?)```", hosting, re.S)
    assert usage is not None
    for option in options:
        if option == "--help":
            continue
        assert f"[{option}" in readme, option
        assert f"[{option}" in usage.group(1), option
        assert f"| `{option}" in hosting, option
