"""robotui starts light: ``--version`` and ``--help`` import neither Textual nor
the games' engines, the menu imports no game's modules, and a game's modules are imported
when that game is opened.

Each check runs in a fresh interpreter (a subprocess) and reads its ``sys.modules``: what an
earlier test imported in this process would hide what the path under test imports.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import types
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from engines import registry
from robotui import cli, commands, launch
from robotui.config import AppConfig
from screens.games import GAME_SCREENS

ROOT = Path(__file__).resolve().parents[2]


def _package(path: str) -> str:
    """``engines.roborally`` of ``"engines.roborally.spec:ROBORALLY"``."""
    return path.partition(":")[0].rsplit(".", 1)[0]


GAMES = {  # game id -> (its engine package, its screen package), for every bundled game
    game_id: (_package(info.spec_path), _package(GAME_SCREENS[game_id]))
    for game_id, info in registry.BUILTIN.items()
}
ENGINES = [engine for engine, _ in GAMES.values()]
GAME_MODULES = [package for pair in GAMES.values() for package in pair]
# never needed to show the version or the help
HEAVY = ["textual", "asyncssh", *GAME_MODULES]

# Runs robotui's command line in this interpreter, then writes the loaded modules' names
# to the file named by argv[1] (stdout and stderr stay the command's own). With argv[2]
# "preload", every engine and the app are imported first: what the command printed before
# it imported them lazily.
CLI_WRAPPER = """
import json, sys
out = sys.argv.pop(1)
mode = sys.argv.pop(1)
if mode == "preload":
    import robotui.app
    from engines.registry import all_games
    all_games()
elif mode == "no-ui":  # the app replaced by a stand-in that prints what it was asked
    import types
    fake = types.ModuleType("robotui.app")
    fake.run_app = lambda config: print("app:", config.start)
    sys.modules["robotui.app"] = fake
sys.argv[0] = "robotui"
from robotui.cli import main
try:
    main()
finally:
    with open(out, "w") as handle:
        json.dump(sorted(sys.modules), handle)
"""


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ROBOTUI_", "TEXTUAL"))}
    env.update(
        PYTHONPATH=str(ROOT),
        ROBOTUI_SAVE_DIR=str(tmp_path / "saves"),
        ROBOTUI_CONFIG_DIR=str(tmp_path / "config"),
        COLUMNS="80",
    )
    return env


def run_cli(
    tmp_path: Path, *args: str, mode: str = "lazy"
) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """``robotui ARGS`` in a fresh interpreter: the process and the modules it imported."""
    modules = tmp_path / "modules.json"
    proc = subprocess.run(
        [sys.executable, "-c", CLI_WRAPPER, str(modules), mode, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_env(tmp_path),
        timeout=120,
    )
    return proc, set(json.loads(modules.read_text()))


def loaded(modules: set[str], packages: list[str]) -> list[str]:
    """The modules of ``packages`` (a package and everything under it) in ``modules``."""
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


# ------------------------------------------------------------ --version and --help


@pytest.mark.parametrize(
    "args",
    [
        ["--version"],
        ["--help"],
        ["-h"],
        ["arena", "--help"],
        ["saves", "--help"],
        ["saves", "list", "--help"],
        ["board", "--help"],
        ["serve", "--help"],
        ["resume", "--help"],
    ],
    ids=" ".join,
)
def test_version_and_help_import_neither_textual_nor_the_engines(
    tmp_path: Path, args: list[str]
) -> None:
    proc, modules = run_cli(tmp_path, *args)
    assert proc.returncode == 0, proc.stderr
    assert loaded(modules, HEAVY) == []
    assert proc.stderr == ""
    preloaded, _ = run_cli(tmp_path, *args, mode="preload")
    assert proc.stdout == preloaded.stdout  # the same text as with everything imported


def test_version_text(tmp_path: Path) -> None:
    from robotui import __version__

    proc, _ = run_cli(tmp_path, "--version")
    assert proc.stdout == f"robotui {__version__}\n"


def test_play_help_reads_the_games_options_but_imports_no_textual(tmp_path: Path) -> None:
    """``play --help`` ends with every game's -o options, which only the engines know (the
    course list is read from the course files): it imports them, and only for that help."""
    proc, modules = run_cli(tmp_path, "play", "--help")
    assert proc.returncode == 0, proc.stderr
    assert loaded(modules, ["textual", "asyncssh", "screens"]) == []
    preloaded, _ = run_cli(tmp_path, "play", "--help", mode="preload")
    assert proc.stdout == preloaded.stdout
    help_text = proc.stdout
    assert "Game options, -o KEY=VALUE:" in help_text
    for spec in registry.all_games():
        assert f"    {spec.id}\n" in help_text or not spec.options
        for option in spec.options:
            assert f"{option.name}: " in help_text


# ------------------------------------------------------------ the menu's fast path

MENU_ARGS = [
    [],
    ["--ascii"],
    ["--no-mouse", "--ascii"],
    ["--colors", "16"],
    ["--colors=256", "--no-mouse"],
    ["--save-dir", "SAVES"],
    ["--save-dir=SAVES", "--colors", "auto", "--ascii"],
    ["--colors", "16", "--colors", "256"],  # the last one counts, as for the parser
]


def _with_dir(args: list[str], tmp_path: Path) -> list[str]:
    return [a.replace("SAVES", str(tmp_path / "mine")) for a in args]


@pytest.mark.parametrize("args", MENU_ARGS, ids=lambda a: " ".join(a) or "(none)")
def test_the_menus_fast_path_starts_the_app_as_the_parser_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    args = _with_dir(args, tmp_path)
    monkeypatch.setenv("ROBOTUI_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.delenv("TEXTUAL_COLOR_SYSTEM", raising=False)
    configs: list[AppConfig] = []
    fake = types.ModuleType("robotui.app")
    fake.run_app = configs.append  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "robotui.app", fake)

    assert cli.menu_options(args) is not None
    monkeypatch.setattr(sys, "argv", ["robotui", *args])
    cli.main()
    fast_colour = os.environ.pop("TEXTUAL_COLOR_SYSTEM", None)
    result = CliRunner().invoke(commands.app, args)
    assert result.exit_code == 0, result.output
    parser_colour = os.environ.pop("TEXTUAL_COLOR_SYSTEM", None)

    fast, parsed = configs
    assert fast == parsed and fast.start == "menu"
    assert fast_colour == parser_colour


def test_the_menus_command_line_imports_no_parser(tmp_path: Path) -> None:
    """typer (and the pydantic it converts each value with) costs about as much to import
    as Textual: the menu's options are read without it."""
    proc, modules = run_cli(tmp_path, "--colors", "16", "--ascii", mode="no-ui")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "app: menu\n"
    assert (
        loaded(
            modules,
            [
                "typer",
                "click",
                "pydantic",
                "textual",
                "asyncssh",
                "robotui.commands",
                "saves.format",
                *GAME_MODULES,
            ],
        )
        == []
    )


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["--version"],
        ["play", "robot-master"],
        ["--colors", "8"],
        ["--colors"],
        ["--save-dir"],
        ["--save-dir", "--ascii"],
        ["--ascii=yes"],
        ["--asci"],
        ["saves", "list"],
        ["--ascii", "resume"],
        ["-h"],
    ],
    ids=" ".join,
)
def test_anything_else_is_left_to_the_parser(args: list[str]) -> None:
    assert cli.menu_options(args) is None


def test_shell_completion_is_left_to_the_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_ROBOTUI_COMPLETE", "complete_bash")
    assert cli.menu_options([]) is None


def test_an_unusable_save_folder_is_the_same_one_line_on_the_fast_path(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    args = ["--save-dir", str(not_a_folder)]
    assert cli.menu_options(args) is not None
    proc, modules = run_cli(tmp_path, *args)
    parsed = CliRunner().invoke(commands.app, args)
    assert (proc.returncode, parsed.exit_code) == (1, 1)
    assert proc.stderr == parsed.stderr
    assert "is not a folder" in proc.stderr and len(proc.stderr.splitlines()) == 1
    assert "textual" not in modules


# ------------------------------------------------------------ the menu and opening a game

# The app headless in a fresh interpreter: the modules loaded with the menu on screen, then
# after each step (Enter on the highlighted game: its new-game dialog; Enter again: its game).
APP_WRAPPER = """
import asyncio, json, sys, tempfile
from pathlib import Path
sys.argv[0] = "robotui"
from robotui.app import RobotuiApp
from robotui.config import AppConfig
from screens.games import GAME_SCREENS

async def main(steps):
    seen = {}
    app = RobotuiApp(AppConfig(save_dir=Path(tempfile.mkdtemp())))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen["menu"] = [type(app.screen).__name__, sorted(sys.modules)]
        for step, keys in steps:
            await pilot.press(*keys)
            await pilot.pause()
            await pilot.pause()
            seen[step] = [type(app.screen).__name__, sorted(sys.modules)]
    print(json.dumps(seen))

asyncio.run(main(json.loads(sys.argv[1])))
"""


def run_app(tmp_path: Path, steps: list[tuple[str, list[str]]]) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, "-c", APP_WRAPPER, json.dumps(steps)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_env(tmp_path),
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return {
        step: (screen, set(modules)) for step, (screen, modules) in json.loads(proc.stdout).items()
    }


def test_the_menu_imports_no_game_and_opening_one_imports_only_that_game(
    tmp_path: Path,
) -> None:
    seen = run_app(tmp_path, [("dialog", ["enter"]), ("game", ["enter"])])
    screen, modules = seen["menu"]
    assert screen == "MainMenu"
    assert loaded(modules, [*GAME_MODULES, "asyncssh", "pydantic", "typer"]) == []
    # nor the lobby, the table client, the save format or the game screen's base
    assert (
        loaded(
            modules,
            [
                "screens.lobby",
                "screens.online",
                "hosting",
                "saves.format",
                "screens.game_screen",
                "screens.new_game",
            ],
        )
        == []
    )

    screen, modules = seen["dialog"]  # Robot Master, the first game, is highlighted
    assert screen == "NewGameScreen"
    assert loaded(modules, ["engines.robot_master"])
    others = [engine for engine in ENGINES if engine != "engines.robot_master"]
    screens_of_others = [s for game, (_, s) in GAMES.items() if game != "robot-master"]
    assert loaded(modules, [*others, *screens_of_others]) == []

    screen, modules = seen["game"]
    assert screen == "RobotMasterScreen"
    assert loaded(modules, ["screens.robot_master"])
    assert loaded(modules, others) == []


def test_the_second_game_imports_its_own_engine(tmp_path: Path) -> None:
    seen = run_app(tmp_path, [("dialog", ["down", "enter"])])
    screen, modules = seen["dialog"]
    assert screen == "NewGameScreen"
    assert loaded(modules, ["engines.stak_bots"])
    assert loaded(modules, ["engines.robot_master", "engines.robo_factory"]) == []


# ------------------------------------------------------------ the light registry


def test_the_registry_names_each_game_as_its_engine_does() -> None:
    infos = registry.game_infos()
    assert [i.id for i in infos] == registry.game_ids()
    for info, spec in zip(infos, registry.all_games(), strict=True):
        assert (info.id, info.name, info.blurb, info.min_players, info.max_players) == (
            spec.id,
            spec.name,
            spec.blurb,
            spec.min_players,
            spec.max_players,
        )


def test_get_game_imports_only_that_games_engine() -> None:
    code = textwrap.dedent(
        """
        import json, sys
        from engines import registry
        before = sorted(sys.modules)
        names = [info.name for info in registry.game_infos()]
        spec = registry.get_game("robo-factory")
        print(json.dumps([before, sorted(sys.modules), names, spec.name]))
        """
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    before, after, names, name = json.loads(proc.stdout)
    assert loaded(set(before), ENGINES) == []
    assert names == [info.name for info in registry.BUILTIN.values()]
    assert name == "Robo Factory"
    assert loaded(set(after), ["engines.robo_factory"])
    assert loaded(set(after), [e for e in ENGINES if e != "engines.robo_factory"]) == []


# ------------------------------------------------------------ robotui.cli and robotui.commands


def test_the_entry_point_hands_a_command_to_robotui_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """robotui.cli holds only the menu's fast path; the parser is robotui.commands.app."""
    from robotui import __version__

    monkeypatch.setattr(sys, "argv", ["robotui", "--version"])
    with pytest.raises(SystemExit) as stopped:
        cli.main()
    assert stopped.value.code == 0
    assert capsys.readouterr().out == f"robotui {__version__}\n"
    assert not hasattr(cli, "app")


def test_the_menu_and_the_commands_open_the_app_through_robotui_launch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started: list[AppConfig] = []
    monkeypatch.setattr(launch, "start_app", started.append)
    monkeypatch.setenv("ROBOTUI_SAVE_DIR", "/nonexistent/robotui-saves")
    monkeypatch.setattr(sys, "argv", ["robotui", "--ascii"])
    cli.main()
    assert CliRunner().invoke(commands.app, ["--ascii"]).exit_code == 0
    fast, parsed = started
    assert fast == parsed
    assert fast.start == "menu" and fast.ascii
