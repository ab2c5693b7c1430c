"""Shell completion (robotui.completion): game ids, levels, save names, course and board
ids and option values, as the callbacks return them and as a shell receives them."""

from __future__ import annotations

from pathlib import Path

import pytest
import shellingham
import typer
from typer.testing import CliRunner

from engines.registry import all_games
from robotui import commands, completion
from saves import write_save
from tests.platform.test_saves import make_saved

runner = CliRunner()


def values(pairs: list[tuple[str, str]]) -> list[str]:
    return [value for value, _ in pairs]


def ctx_for(*args: str) -> typer.Context:
    """The context a shell's completion request builds for ``robotui ARGS``."""
    command = typer.main.get_command(commands.app)
    try:  # typer 0.22 and newer carry their own click
        from typer._click.shell_completion import _resolve_context
    except ImportError:
        from click.shell_completion import _resolve_context

    return _resolve_context(command, {}, "robotui", list(args))


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBOTUI_SAVE_DIR", str(tmp_path))
    return tmp_path


def test_game_ids() -> None:
    assert values(completion.game_ids("")) == [spec.id for spec in all_games()]
    assert values(completion.game_ids("robo")) == ["robot-master", "robo-factory", "roborally"]
    assert completion.game_ids("x") == []


def test_levels_one_per_computer() -> None:
    ctx = typer.Context(typer.main.get_command(commands.app))
    ctx.params = {"game": "robot-master"}
    assert values(completion.opponents(ctx, "")) == ["random", "easy", "normal", "hard", "human"]
    assert values(completion.opponents(ctx, "h")) == ["hard", "human"]
    assert values(completion.opponents(ctx, "hard,n")) == ["hard,normal"]
    assert "hard,human" not in values(completion.opponents(ctx, "hard,"))  # human is alone
    assert values(completion.arena_players(ctx, "random,e")) == ["random,easy"]


def test_save_names_newest_first_from_the_save_folder(folder: Path) -> None:
    write_save(folder, make_saved("Alpha game"))
    write_save(folder, make_saved("beta"))
    (folder / "broken.toml").write_text("{not a save")
    ctx = ctx_for("resume")
    assert sorted(values(completion.save_names(ctx, ""))) == ["Alpha game", "beta"]
    assert values(completion.save_names(ctx, "al")) == ["Alpha game"]  # any case


def test_save_names_follow_save_dir(folder: Path, tmp_path_factory) -> None:
    other = tmp_path_factory.mktemp("other")
    write_save(other, make_saved("elsewhere"))
    write_save(folder, make_saved("here"))
    ctx = ctx_for("--save-dir", str(other), "saves", "show")
    assert values(completion.save_names(ctx, "")) == ["elsewhere"]


def test_an_unreadable_save_folder_completes_to_nothing(tmp_path: Path, monkeypatch) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    monkeypatch.setenv("ROBOTUI_SAVE_DIR", str(not_a_folder))
    assert completion.save_names(ctx_for("resume"), "") == []


def test_board_and_course_ids() -> None:
    found = values(completion.board_ids(""))
    assert {"first-steps", "pit-stop", "grand-tour", "crossroads", "dock"} <= set(found)
    assert values(completion.board_ids("gr")) == ["grand-tour"]


def test_game_options_keys_then_values() -> None:
    ctx = typer.Context(typer.main.get_command(commands.app))
    ctx.params = {"game": "robot-master"}
    assert values(completion.game_options(ctx, "")) == ["first=", "hand="]
    assert values(completion.game_options(ctx, "hand=")) == ["hand=full", "hand=five"]
    ctx.params = {"game": "roborally"}
    assert "course=pit-stop" in values(completion.game_options(ctx, "course="))


def complete_in_bash(words: str, folder: Path) -> list[str]:
    """What bash receives for ``robotui WORDS`` + Tab (typer's completion protocol)."""
    parts = words.split(" ")
    env = {
        "_ROBOTUI_COMPLETE": "complete_bash",
        "COMP_WORDS": f"robotui {words}",
        "COMP_CWORD": str(len(parts)),
        "ROBOTUI_SAVE_DIR": str(folder),
    }
    result = runner.invoke(commands.app, [], env=env, prog_name="robotui")
    assert result.exit_code == 0, result.output
    return result.stdout.split()


def test_a_shell_gets_the_candidates(folder: Path) -> None:
    write_save(folder, make_saved("mine"))
    assert complete_in_bash("play robot", folder) == ["robot-master"]
    assert complete_in_bash("resume m", folder) == ["mine"]
    assert complete_in_bash("saves delete ", folder) == ["mine"]
    assert complete_in_bash("board show pit", folder) == ["pit-stop", "pitfall"]


def test_install_and_show_completion_are_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    result = runner.invoke(commands.app, ["--help"])
    assert "--install-completion" in result.stdout and "--show-completion" in result.stdout
    # --show-completion prints the script of the shell it runs under, found by walking up
    # the process tree (shellingham): the tests may run under sh, which has no script, so
    # the user's shell is fixed here
    monkeypatch.setattr(shellingham, "detect_shell", lambda *a, **k: ("bash", "/bin/bash"))
    result = runner.invoke(commands.app, ["--show-completion"], prog_name="robotui")
    assert result.exit_code == 0 and "_ROBOTUI_COMPLETE=complete_bash" in result.stdout
