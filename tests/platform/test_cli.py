"""The ``robotui`` command line, run in-process with typer's CliRunner.

No UI ever starts: a fake ``robotui.app`` module records the :class:`AppConfig`
that would have been handed to the Textual app. The ``resume`` and ``saves`` tests run
twice: against a small fake ``saves`` package implementing the documented API (so the
CLI's side of the contract is checked on its own) and against the real package.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from engines.match import Match
from engines.registry import get_game
from robotui import commands
from robotui.commands import arena as arena_commands
from robotui.commands import saves as saves_commands
from robotui.config import AppConfig

ROOT = Path(__file__).resolve().parents[2]
TESTS_DIR = Path(__file__).resolve().parents[1]
GAME = "robot-master"

runner = CliRunner()


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(commands.app, list(args), input=input)


def assert_clean_error(result: Result, code: int) -> str:
    """An error exit with ``code``, one line on stderr, no traceback; returns the line."""
    assert result.exit_code == code, (result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# ------------------------------------------------------------ fakes


@dataclass
class FakePlayerEntry:
    name: str
    kind: str
    level: str | None


@dataclass
class FakeSummary:
    name: str
    path: Path
    game_id: str
    game_name: str
    updated: datetime
    move_number: int
    players: list[FakePlayerEntry]
    finished: bool
    progress: str = ""


class FakeSaveError(Exception):
    pass


def make_fake_saves() -> types.ModuleType:
    """The documented ``saves`` API over ``NAME.json`` files holding a seed and move count."""
    mod = types.ModuleType("saves")

    def resolve_save_dir(override: Path | None) -> Path:
        return Path(override) if override else Path(os.environ["ROBOTUI_SAVE_DIR"])

    def _data(path: Path) -> dict[str, Any]:
        try:
            data = json.loads(path.read_text())
            assert isinstance(data, dict) and "seed" in data
            return data
        except (OSError, ValueError, AssertionError):
            raise FakeSaveError(f"{path.name}: not a robotui save file") from None

    def read_summary(path: Path) -> FakeSummary:
        data = _data(path)
        spec = get_game(data["game"])
        return FakeSummary(
            name=path.stem,
            path=path,
            game_id=spec.id,
            game_name=spec.name,
            updated=datetime.fromisoformat(data["updated"]),
            move_number=data["moves"],
            players=[FakePlayerEntry(**p) for p in data["players"]],
            finished=data["moves"] >= 24,
            progress=f"move {min(data['moves'] + 1, 24)} of 24",  # as Robot Master says it
        )

    def load_save(path: Path) -> types.SimpleNamespace:
        data = _data(path)
        match = Match(get_game(data["game"]), 2, {}, data["seed"])
        for _ in range(data["moves"]):
            match.play(match.state.legal_actions()[0])
        return types.SimpleNamespace(match=match)

    def list_saves(directory: Path) -> tuple[list[FakeSummary], list[FakeSaveError]]:
        good, bad = [], []
        for path in sorted(Path(directory).glob("*.json")):
            try:
                good.append(read_summary(path))
            except FakeSaveError as exc:
                bad.append(exc)
        good.sort(key=lambda s: s.updated, reverse=True)
        return good, bad

    def find_save(directory: Path, name: str) -> Path:
        path = Path(directory) / f"{name}.json"
        if not path.is_file():
            names = ", ".join(s.name for s in list_saves(directory)[0]) or "none"
            raise FakeSaveError(f"no saved game named {name!r}; available: {names}")
        return path

    def newest_save(directory: Path) -> FakeSummary | None:
        summaries = list_saves(directory)[0]
        return summaries[0] if summaries else None

    def delete_save(directory: Path, name: str) -> Path:
        path = find_save(directory, name)
        path.unlink()
        return path

    def check_save_dir(directory: Path) -> None:
        pass

    from saves import resume_problem  # plain text from what list_saves returned

    mod.__dict__.update(
        SaveError=FakeSaveError,
        check_save_dir=check_save_dir,
        resume_problem=resume_problem,
        SaveSummary=FakeSummary,
        resolve_save_dir=resolve_save_dir,
        read_summary=read_summary,
        load_save=load_save,
        list_saves=list_saves,
        find_save=find_save,
        newest_save=newest_save,
        delete_save=delete_save,
    )
    return mod


class Store:
    """Writes save files into the test's save directory, through the fake or the real API."""

    def __init__(self, kind: str, directory: Path) -> None:
        self.kind = kind
        self.directory = directory
        self.suffix = ".json" if kind == "fake" else ".toml"
        self.count = 0

    def write(self, name: str, moves: int, seed: int = 1) -> Path:
        """A save after ``moves`` first-legal moves; each write is newer than the last."""
        self.count += 1
        self.directory.mkdir(parents=True, exist_ok=True)
        updated = datetime(2026, 1, 1, 10, 0, tzinfo=UTC) + timedelta(days=self.count)
        players = [
            {"name": "You", "kind": "human", "level": None},
            {"name": "Robot", "kind": "computer", "level": "random"},
        ]
        if self.kind == "fake":
            path = self.directory / f"{name}.json"
            data = {
                "game": GAME,
                "seed": seed,
                "moves": moves,
                "updated": updated.isoformat(),
                "players": players,
            }
            path.write_text(json.dumps(data))
        else:
            import saves

            match = Match(get_game(GAME), 2, {}, seed)
            for _ in range(moves):
                match.play(match.state.legal_actions()[0])
            entries = [saves.PlayerEntry(**p) for p in players]
            saved = saves.SavedGame(name, match, entries, updated, updated)
            path = saves.write_save(self.directory, saved)
        stamp = int(updated.timestamp() * 1e9)
        os.utime(path, ns=(stamp, stamp))
        return path

    def junk(self, stem: str, text: str) -> Path:
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.directory / f"{stem}{self.suffix}"
        path.write_text(text)
        return path


@pytest.fixture(autouse=True)
def environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    save_dir = tmp_path / "saves"
    monkeypatch.setenv("ROBOTUI_SAVE_DIR", str(save_dir))
    monkeypatch.delenv("TEXTUAL_COLOR_SYSTEM", raising=False)  # restored after each test
    return save_dir


@pytest.fixture(params=["fake", "real"])
def store(
    request: pytest.FixtureRequest, environment: Path, monkeypatch: pytest.MonkeyPatch
) -> Store:
    """Saves through the fake package (the documented API) and through the real one."""
    if request.param == "fake":
        monkeypatch.setitem(sys.modules, "saves", make_fake_saves())
    else:
        real = pytest.importorskip("saves")
        if not hasattr(real, "write_save") or not hasattr(real, "SavedGame"):
            pytest.skip("the saves package cannot write saves yet")
    return Store(request.param, environment)


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[AppConfig]]:
    """Replace ``robotui.app`` by a fake whose ``run_app`` records its config."""
    configs: list[AppConfig] = []
    fake = types.ModuleType("robotui.app")
    fake.run_app = configs.append  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "robotui.app", fake)
    yield configs


@pytest.fixture
def all_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give robot-master every built-in level name, whichever are written yet."""
    spec = get_game(GAME)
    levels = dict(spec.player_levels())
    random_cls = levels["random"]
    full = {name: levels.get(name, random_cls) for name in ("random", "easy", "normal", "hard")}
    monkeypatch.setattr(spec, "player_levels", lambda: full)


@pytest.fixture
def tests_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(TESTS_DIR))


# ------------------------------------------------------------ menu and globals


def test_no_command_opens_the_menu(launched: list[AppConfig], environment: Path) -> None:
    result = run()
    assert result.exit_code == 0, result.output
    [config] = launched
    assert config.start == "menu"
    assert config.save_dir == environment
    assert config.ascii is False and config.mouse is True


def test_global_options(launched: list[AppConfig], tmp_path: Path) -> None:
    result = run("--save-dir", str(tmp_path / "mine"), "--ascii", "--no-mouse")
    assert result.exit_code == 0, result.output
    [config] = launched
    assert config.save_dir == tmp_path / "mine"
    assert config.ascii is True and config.mouse is False


def test_global_options_reach_subcommands(launched: list[AppConfig], all_levels: None) -> None:
    result = run("--ascii", "--no-mouse", "play", GAME)
    assert result.exit_code == 0, result.output
    assert launched[0].ascii is True and launched[0].mouse is False


@pytest.mark.parametrize(("choice", "expected"), [("16", "standard"), ("256", "256")])
def test_colors_set_textual_color_system(
    launched: list[AppConfig], choice: str, expected: str
) -> None:
    result = run("--colors", choice)
    assert result.exit_code == 0, result.output
    assert os.environ["TEXTUAL_COLOR_SYSTEM"] == expected


def test_colors_auto_leaves_environment_alone(launched: list[AppConfig]) -> None:
    assert run("--colors", "auto").exit_code == 0
    assert "TEXTUAL_COLOR_SYSTEM" not in os.environ


def test_bad_colors_value_is_a_usage_error(launched: list[AppConfig]) -> None:
    result = run("--colors", "8")
    assert result.exit_code == 2
    assert "--colors" in result.stderr and "'8' is not a colour system: auto, 256 or 16" in (
        result.stderr
    )
    assert not launched


def test_unknown_option_is_a_clear_usage_error(launched: list[AppConfig]) -> None:
    result = run("play", GAME, "--oponent", "easy")
    assert result.exit_code == 2
    assert "No such option: --oponent" in result.stderr
    assert "Traceback" not in result.output
    assert not launched


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.startswith("robotui ")


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["play"],
        ["resume"],
        ["arena"],
        ["saves"],
        ["saves", "list"],
        ["saves", "show"],
        ["saves", "delete"],
        ["serve"],
    ],
)
def test_help_everywhere(args: list[str], launched: list[AppConfig]) -> None:
    result = run(*args, "--help")
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.stdout
    assert not launched


def test_saves_without_subcommand_shows_help(launched: list[AppConfig]) -> None:
    result = run("saves")
    assert "list" in result.output and "delete" in result.output
    assert not launched


# ------------------------------------------------------------ play


def test_play_with_every_option(launched: list[AppConfig]) -> None:
    result = run(
        "play", GAME, "--opponent", "random", "--first", "columns", "--hand", "five", "--seed", "7"
    )
    assert result.exit_code == 0, result.output
    [config] = launched
    assert config.start == "play"
    assert (config.game, config.opponent, config.seed) == (GAME, "random", 7)
    assert config.options == {"first": "columns", "hand": "five"}


def test_play_defaults(launched: list[AppConfig], all_levels: None) -> None:
    result = run("play", GAME)
    assert result.exit_code == 0, result.output
    [config] = launched
    assert (config.opponent, config.seed, config.players, config.humans) == (
        "normal",
        None,
        2,
        1,
    )
    assert config.options == {"first": "rows", "hand": "full"}


def test_play_against_a_human(launched: list[AppConfig]) -> None:
    assert run("play", GAME, "--opponent", "human", "--first", "random").exit_code == 0
    assert launched[0].opponent == "human"
    assert launched[0].options["first"] == "random"


def test_play_unknown_game_lists_valid_games(launched: list[AppConfig]) -> None:
    line = assert_clean_error(run("play", "chess"), 2)
    assert "'chess'" in line and GAME in line
    assert not launched


def test_play_unknown_level_lists_valid_levels(launched: list[AppConfig]) -> None:
    line = assert_clean_error(run("play", GAME, "--opponent", "genius"), 2)
    assert "'genius'" in line
    for level in get_game(GAME).player_levels():
        assert level in line
    assert "human" in line
    assert not launched


@pytest.mark.parametrize(
    ("option", "value", "valid"),
    [("--first", "middle", ["rows", "columns", "random"]), ("--hand", "seven", ["full", "five"])],
)
def test_play_bad_option_lists_valid_values(
    launched: list[AppConfig], all_levels: None, option: str, value: str, valid: list[str]
) -> None:
    line = assert_clean_error(run("play", GAME, option, value), 2)
    assert value in line
    for word in valid:
        assert word in line
    assert not launched


def test_play_bad_seed(launched: list[AppConfig]) -> None:
    result = run("play", GAME, "--seed", "abc")
    assert result.exit_code == 2
    assert "Invalid value for '--seed': 'abc' is not a whole number." in result.stderr
    assert not launched


# ------------------------------------------------------------ resume


def test_resume_without_saves(launched: list[AppConfig], store: Store) -> None:
    line = assert_clean_error(run("resume"), 1)
    assert "no saved games" in line
    assert not launched


def test_resume_newest(launched: list[AppConfig], store: Store) -> None:
    store.write("old", 3)
    newest = store.write("new", 5)
    result = run("resume")
    assert result.exit_code == 0, result.output
    [config] = launched
    assert config.start == "resume"
    assert Path(config.resume_path or "") == newest


def test_resume_newest_says_it_skipped_an_unreadable_save(
    launched: list[AppConfig], store: Store
) -> None:
    good = store.write("old", 3)
    store.junk("newer but broken", "{not a save")
    result = run("resume")
    assert result.exit_code == 0, result.output
    assert Path(launched[0].resume_path or "") == good
    assert "unreadable save file was skipped" in launched[0].notice
    assert "robotui saves list" in launched[0].notice


def test_resume_skips_finished_games(launched: list[AppConfig], store: Store) -> None:
    """'resume' continues the newest game not over yet, even when a finished game's save
    is newer (a rewritten save makes a finished game the newest)."""
    unfinished = store.write("going", 3)
    store.write("done", 24)  # newer, but over
    result = run("resume")
    assert result.exit_code == 0, result.output
    assert Path(launched[0].resume_path or "") == unfinished


def test_resume_says_when_every_game_is_finished(launched: list[AppConfig], store: Store) -> None:
    store.write("done", 24)
    line = assert_clean_error(run("resume"), 1)
    assert "no unfinished game" in line and "finished" in line and "resume NAME" in line
    assert not launched
    assert run("resume", "done").exit_code == 0  # by name it still opens


def test_resume_with_only_unreadable_saves_says_how_many_and_why(
    launched: list[AppConfig], store: Store
) -> None:
    """Saves that cannot be read are counted as unreadable, never as "no saved games"."""
    store.junk("broken one", "{not a save")
    store.junk("broken two", "{not a save either")
    line = assert_clean_error(run("resume"), 1)
    assert "no saved games" not in line
    assert "2 unreadable files were skipped" in line
    assert f"broken one{store.suffix}" in line or f"broken two{store.suffix}" in line
    assert not launched


def test_resume_by_name(launched: list[AppConfig], store: Store) -> None:
    old = store.write("old", 3)
    store.write("new", 5)
    assert run("resume", "old").exit_code == 0
    assert Path(launched[0].resume_path or "") == old


def test_resume_unknown_name_lists_available(launched: list[AppConfig], store: Store) -> None:
    store.write("mine", 3)
    line = assert_clean_error(run("resume", "yours"), 2)
    assert "'yours'" in line and "mine" in line
    assert not launched


def test_resume_broken_save_fails_without_touching_it(
    launched: list[AppConfig], store: Store
) -> None:
    broken = store.junk("broken", "{not a save")
    before = broken.stat().st_mtime_ns
    line = assert_clean_error(run("resume", "broken"), 1)
    assert f"broken{store.suffix}" in line
    assert broken.read_text() == "{not a save"
    assert broken.stat().st_mtime_ns == before
    assert not launched


# ------------------------------------------------------------ saves


def test_saves_list(store: Store) -> None:
    store.write("early", 3)
    store.write("done", 24)
    store.junk("junk", "nope")
    result = run("saves", "list")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["NAME", "UPDATED", "PROGRESS", "DONE"]
    done = next(line for line in lines if line.startswith("done "))
    early = next(line for line in lines if line.startswith("early "))
    assert lines.index(done) < lines.index(early)  # newest first
    assert " move 24 of 24 " in done and done.endswith(" yes")  # as the screen says it
    assert " move 4 of 24 " in early and early.endswith(" no")  # 3 played: the 4th is next
    # under each save, its game and players
    assert lines[lines.index(done) + 1] == "    Robot Master: You vs Robot (random)"
    assert lines[lines.index(early) + 1] == "    Robot Master: You vs Robot (random)"
    assert max(len(line) for line in lines if not line.startswith("skipped:")) <= 80
    assert re.search(r"\b\d{4}-\d\d-\d\d \d\d:\d\d\b", early)
    assert lines[-1].startswith(f"skipped: junk{store.suffix}: ")
    assert len([line for line in lines if line.startswith("skipped:")]) == 1


def test_saves_list_aligns_wide_characters(store: Store) -> None:
    """Names like "Партия ♟ 日本 🤖" keep the columns aligned: widths are counted in
    terminal cells, not characters."""
    from rich.cells import cell_len

    store.write("日本 🤖 night", 3)
    store.write("plain", 5)
    store.write("長" * 40, 7)  # cut to the column in cells
    lines = run("saves", "list").stdout.splitlines()
    rows = [line for line in lines[2:] if not line.startswith(" ")]
    header = lines[0]
    assert len(rows) == 3
    for row in rows:  # the UPDATED column starts at the same cell in every row
        prefix = row.split("  20")[0]  # the name, padded (dates start with 20..)
        assert cell_len(prefix) + 2 == cell_len(header[: header.index("UPDATED")])
    assert all(cell_len(line) <= 80 for line in lines)


def test_saves_list_empty(store: Store) -> None:
    result = run("saves", "list")
    assert result.exit_code == 0
    assert "No saved games" in result.stdout


def test_saves_list_honours_save_dir(store: Store, tmp_path: Path) -> None:
    store.directory = tmp_path / "other"
    store.write("elsewhere", 2)
    assert "elsewhere" not in run("saves", "list").stdout
    result = run("--save-dir", str(tmp_path / "other"), "saves", "list")
    assert "elsewhere" in result.stdout


def test_saves_show(store: Store) -> None:
    store.write("early", 4, seed=9)
    result = run("saves", "show", "early")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "name:     early" in out
    assert "Robot Master" in out and "progress: move 5 of 24" in out
    assert "Robot (random)" in out and "finished: no" in out
    # the position's snapshot, one board row a line
    expected = Match(get_game(GAME), 2, {}, 9)
    for _ in range(4):
        expected.play(expected.state.legal_actions()[0])
    for row in expected.state.snapshot()["board"]:
        assert f"    {row}" in out.splitlines()
    assert "hand rows:" in out and "to move:" in out
    # a game in progress: the hands are counted, not shown, unless asked for
    hands = expected.state.snapshot()["hand_rows"]
    assert f"hand rows: {len(hands.split())} cards" in out and hands not in out
    assert "hidden cards left out; --spoilers shows them" in out
    spoiled = run("saves", "show", "early", "--spoilers").stdout
    assert f"hand rows: {hands}" in spoiled and "hidden cards left out" not in spoiled


def test_saves_show_finished_game_has_result(store: Store) -> None:
    store.write("done", 24)
    result = run("saves", "show", "done")
    assert result.exit_code == 0, result.output
    assert "finished: yes" in result.stdout and "result:" in result.stdout


def test_saves_show_unknown_name(store: Store) -> None:
    store.write("mine", 3)
    line = assert_clean_error(run("saves", "show", "other"), 2)
    assert "mine" in line


def test_saves_show_broken(store: Store) -> None:
    store.junk("bad", "[]")
    assert f"bad{store.suffix}" in assert_clean_error(run("saves", "show", "bad"), 1)


def test_saves_delete_with_yes(store: Store) -> None:
    path = store.write("gone", 3)
    result = run("saves", "delete", "gone", "--yes")
    assert result.exit_code == 0, result.output
    assert "Deleted gone" in result.stdout
    assert not path.exists()


def test_saves_delete_refuses_without_a_terminal(store: Store) -> None:
    path = store.write("kept", 3)
    line = assert_clean_error(run("saves", "delete", "kept", input="y\n"), 2)
    assert "--yes" in line
    assert path.exists()


def test_saves_delete_asks_on_a_terminal(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves_commands, "_stdin_is_interactive", lambda: True)
    path = store.write("maybe", 3)
    result = run("saves", "delete", "maybe", input="n\n")
    assert result.exit_code == 1
    assert "Delete saved game 'maybe'" in result.stdout
    assert path.exists()
    result = run("saves", "delete", "maybe", input="y\n")
    assert result.exit_code == 0, result.output
    assert not path.exists()


def test_saves_delete_unknown_name(store: Store) -> None:
    store.write("mine", 3)
    line = assert_clean_error(run("saves", "delete", "other", "--yes"), 2)
    assert "other" in line and "mine" in line


# ------------------------------------------------------------ arena


def arena_json(*args: str) -> dict[str, Any]:
    result = run("arena", *args, "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no progress bar when stderr is not a terminal
    return json.loads(result.stdout)


def test_arena_text_report() -> None:
    result = run("arena", GAME, "--players", "random,random", "--games", "4", "--seed", "3")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"{GAME}: 4 games, seed 3"
    assert "wins" in lines[1] and "p95 ms" in lines[1]
    assert [line.split()[0] for line in lines[2:]] == ["random", "random"]
    assert result.stderr == ""


@pytest.mark.parametrize("games", [1, 2, 5])
def test_arena_json_report(games: int) -> None:
    report = arena_json(GAME, "--players", "random,random", "--games", str(games), "--seed", "11")
    assert set(report) == {"game", "games", "seed", "options", "players"}
    assert (report["game"], report["games"], report["seed"]) == (GAME, games, 11)
    assert report["options"] == {"first": "rows", "hand": "full"}
    assert len(report["players"]) == 2
    for player in report["players"]:
        assert set(player) == {
            "spec",
            "wins",
            "draws",
            "losses",
            "win_rate",
            "win_rate_ci95",
            "decisions",
            "decision_ms",
        }
        low, high = player["win_rate_ci95"]
        assert 0 <= low <= player["win_rate"] <= high <= 1
        assert player["spec"] == "random"
        assert player["wins"] + player["draws"] + player["losses"] == games
        assert player["decisions"] == 12 * games
        assert set(player["decision_ms"]) == {"mean", "p95", "max"}


def test_arena_is_reproducible() -> None:
    args = (GAME, "--players", "random,random", "--games", "6", "--seed", "5")
    first, second = arena_json(*args), arena_json(*args)
    assert [p["wins"] for p in first["players"]] == [p["wins"] for p in second["players"]]


def test_arena_options() -> None:
    report = arena_json(
        GAME,
        "--players",
        "random,random",
        "--games",
        "2",
        "-o",
        "hand=five",
        "--option",
        "first=random",
    )
    assert report["options"] == {"first": "random", "hand": "five"}


@pytest.mark.parametrize(
    ("item", "expected"),
    [
        ("colour=red", "valid options: first, hand"),
        ("hand=seven", "full, five"),
        ("hand", "key=value"),
    ],
)
def test_arena_bad_options(item: str, expected: str) -> None:
    result = run("arena", GAME, "--players", "random,random", "--games", "1", "--option", item)
    assert expected in assert_clean_error(result, 2)


def test_arena_custom_player_class(tests_on_path: None) -> None:
    spec = "helpers.custom_player:FirstLegalPlayer"
    report = arena_json(GAME, "--players", f"{spec},random", "--games", "4", "--seed", "2")
    assert [p["spec"] for p in report["players"]] == [spec, "random"]
    assert sum(p["wins"] + p["draws"] for p in report["players"]) >= 4


@pytest.mark.parametrize(
    ("player", "expected"),
    [
        ("helpers.custom_player:Missing", "has no class 'Missing'"),
        ("helpers.custom_player:NoChoosePlayer", "no choose(view) method"),
        ("helpers.no_such_module_here:Player", "cannot import"),
    ],
)
def test_arena_bad_custom_player(tests_on_path: None, player: str, expected: str) -> None:
    result = run("arena", GAME, "--players", f"random,{player}", "--games", "1")
    assert expected in assert_clean_error(result, 2)


def test_arena_crashing_player_is_a_runtime_error(tests_on_path: None) -> None:
    result = run(
        "arena", GAME, "--players", "helpers.custom_player:CrashingPlayer,random", "--games", "1"
    )
    line = assert_clean_error(result, 1)
    assert "this player always crashes" in line
    assert result.stdout == ""


def test_arena_unknown_game() -> None:
    line = assert_clean_error(run("arena", "chess", "--players", "random,random"), 2)
    assert GAME in line


def test_arena_unknown_level_lists_levels() -> None:
    line = assert_clean_error(run("arena", GAME, "--players", "random,wizard"), 2)
    assert "'wizard'" in line and "random" in line and "package.module:Class" in line


@pytest.mark.parametrize("players", ["random", "random,random,random", "random,"])
def test_arena_wrong_player_count(players: str) -> None:
    line = assert_clean_error(run("arena", GAME, "--players", players, "--games", "1"), 2)
    assert "exactly 2" in line or "empty entry" in line


def test_arena_needs_players_and_positive_games() -> None:
    assert run("arena", GAME).exit_code == 2
    result = run("arena", GAME, "--players", "random,random", "--games", "0")
    assert result.exit_code == 2 and "--games" in result.stderr


def test_arena_keyboard_interrupt(monkeypatch: pytest.MonkeyPatch) -> None:
    import engines.arena

    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(engines.arena, "run_arena", interrupted)
    result = run("arena", GAME, "--players", "random,random", "--games", "3")
    assert result.exit_code == 130
    assert "Interrupted" in result.stderr
    assert "Traceback" not in result.output and result.stdout == ""


def test_arena_progress_goes_to_a_terminal_stderr_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena_commands, "_stderr_is_tty", lambda: True)
    monkeypatch.setattr(arena_commands, "PROGRESS_INTERVAL", 0.0)
    result = run("arena", GAME, "--players", "random,random", "--games", "3", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 3
    assert "3/3 games" in result.stderr


def test_progress_bar_draws_and_erases() -> None:
    stream = io.StringIO()
    bar = arena_commands.ProgressBar(4, stream, interval=0.0)
    bar(1)
    bar(4)
    assert "\r[" + "#" * 7 + "." * 23 + "] 1/4 games" in stream.getvalue()
    assert "\r[" + "#" * 30 + "] 4/4 games" in stream.getvalue()
    bar.close()
    assert stream.getvalue().endswith("\r")


def test_progress_bar_is_throttled() -> None:
    stream = io.StringIO()
    bar = arena_commands.ProgressBar(1000, stream, interval=60.0)
    for done in range(1, 1001):
        bar(done)
    text = stream.getvalue()
    assert text.count("\r") == 2  # the first update and the last one
    assert "1000/1000 games" in text


# ------------------------------------------------------------ processes


def _python(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120
    )


def test_importing_the_cli_does_not_import_textual() -> None:
    proc = _python("-c", "import robotui.cli, sys; print('textual' in sys.modules)")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "False"


def test_python_dash_m_runs_the_cli() -> None:
    proc = _python(
        "-m", "robotui", "arena", GAME, "--players", "random,random", "--games", "2", "--json"
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["games"] == 2
    assert proc.stderr == ""
    proc = _python("-m", "robotui", "play", "nosuchgame")
    assert proc.returncode == 2
    assert proc.stderr.strip().startswith("Error: unknown game 'nosuchgame'")
    assert "Traceback" not in proc.stderr


def test_aware_update_times_are_shown_locally() -> None:
    """The save summaries may carry aware datetimes; the table shows them in local time."""
    assert saves_commands._when(datetime(2026, 1, 2, 3, 4, tzinfo=UTC)).startswith("2026-01-0")


def test_play_side_columns(launched: list[AppConfig]) -> None:
    assert run("play", GAME, "--opponent", "random", "--side", "columns").exit_code == 0
    assert launched[0].side == 1


def test_play_bad_side_lists_valid_sides(launched: list[AppConfig]) -> None:
    line = assert_clean_error(run("play", GAME, "--side", "diagonals"), 2)
    assert "rows" in line and "columns" in line
    assert not launched


def test_play_generic_option_and_player_count_checks(launched: list[AppConfig]) -> None:
    assert run("play", GAME, "-o", "hand=five").exit_code == 0
    assert launched[0].options["hand"] == "five"
    line = assert_clean_error(run("play", GAME, "--players", "3"), 2)
    assert "exactly 2" in line
    line = assert_clean_error(run("play", GAME, "--humans", "3"), 2)
    assert "between 1 and 2" in line


def test_opponent_human_in_a_bigger_game_seats_only_humans(launched: list[AppConfig]) -> None:
    """``--opponent human --players 4`` seats four humans, not one human and three computers."""
    assert run("play", "robo-factory", "--opponent", "human", "--players", "4").exit_code == 0
    assert (launched[0].players, launched[0].humans, launched[0].opponent) == (4, 4, "human")
    line = assert_clean_error(
        run("play", "robo-factory", "--opponent", "human", "--players", "4", "--humans", "2"), 2
    )
    assert "all 4 players human" in line and "--opponent easy" in line
    assert run("play", "robo-factory", "--players", "4", "--humans", "2").exit_code == 0
    assert (launched[-1].humans, launched[-1].opponent) == (2, "normal")


def test_play_side_by_number_or_without_the_space(launched: list[AppConfig]) -> None:
    assert run("play", "robo-factory", "--players", "3", "--side", "2").exit_code == 0
    assert run("play", "robo-factory", "--players", "3", "--side", "player3").exit_code == 0
    assert [c.side for c in launched] == [1, 2]
    line = assert_clean_error(run("play", "robo-factory", "--side", "4"), 2)
    assert "seat number, 1 to 2" in line


def test_play_help_lists_every_games_options_within_80_columns() -> None:
    result = run("play", "--help")
    assert result.exit_code == 0
    epilog = result.stdout.split("Game options, -o KEY=VALUE:")[1]
    assert max(len(line) for line in epilog.splitlines()) <= 80
    for game, option in (
        ("robot-master", "hand:"),
        ("stak-bots", "depth:"),
        ("robo-factory", "tiebreak:"),
        ("roborally", "course:"),
    ):
        assert f"    {game}\n" in epilog and option in epilog
    assert "grand-tour" in epilog and "3..12; default 9" in epilog


def test_numbers_on_the_command_line_are_checked_plainly(launched: list[AppConfig]) -> None:
    result = run("play", "robo-factory", "--players", "x")
    assert result.exit_code == 2 and "'x' is not a whole number" in result.stderr
    result = run("arena", GAME, "--players", "easy,easy", "--games", "0")
    assert result.exit_code == 2 and "0 is too small: at least 1" in result.stderr
    assert not launched


def test_an_option_given_twice_differently_is_refused(launched: list[AppConfig]) -> None:
    result = run("play", GAME, "-o", "hand=five", "-o", "hand=full")
    assert result.exit_code == 2 and "option hand is given twice: five and full" in result.stderr
    result = run("play", GAME, "--first", "random", "-o", "first=rows")
    assert result.exit_code == 2
    assert "--first random and -o first=rows disagree" in result.stderr
    assert not launched
    assert run("play", GAME, "-o", "hand=five", "-o", "hand=five").exit_code == 0
    assert run("play", GAME, "--first", "rows", "-o", "first=rows").exit_code == 0


def test_an_empty_course_names_the_courses(launched: list[AppConfig]) -> None:
    result = run("play", "roborally", "-o", "course=")
    assert result.exit_code == 2
    assert "option course is empty; valid courses: first-steps" in result.stderr
    assert not launched


def test_opponent_may_name_a_level_for_each_computer(launched: list[AppConfig]) -> None:
    """One game may mix levels (`--opponent hard,normal`): a level for each computer."""
    from screens.new_game import NewGameChoice

    assert (
        run("play", "robo-factory", "--players", "4", "--opponent", "Hard, normal,easy").exit_code
        == 0
    )
    config = launched[-1]
    assert config.opponent == "hard,normal,easy"
    choice = NewGameChoice(config.game, config.opponent, num_players=4, humans=1)
    assert [(p.name, p.level) for p in choice.players()] == [
        ("You", None),
        ("Computer 1", "hard"),
        ("Computer 2", "normal"),
        ("Computer 3", "easy"),
    ]
    line = assert_clean_error(run("play", "robo-factory", "--opponent", "hard,normal"), 2)
    assert line == (
        "Error: --opponent hard,normal names 2 levels for 1 computer: give one "
        "level, or one for each"
    )
    line = assert_clean_error(
        run("play", "robo-factory", "--players", "3", "--opponent", "hard,genius"), 2
    )
    assert "unknown opponent 'genius'" in line and "human" not in line
    line = assert_clean_error(
        run("play", "robo-factory", "--players", "3", "--opponent", "hard,human"), 2
    )
    assert "unknown opponent 'human'" in line
    assert (
        run(
            "play", "robo-factory", "--players", "4", "--humans", "2", "--opponent", "hard,random"
        ).exit_code
        == 0
    )
    assert launched[-1].opponent == "hard,random"


async def test_new_game_dialog_offers_the_mix_of_the_game_before(tmp_path) -> None:
    """`n` after a game of hard and easy computers: the dialog starts from that mix."""
    from engines.registry import get_game as spec_of
    from saves import PlayerEntry
    from screens.choice_row import ChoiceRow
    from screens.new_game import NewGameChoice, NewGameScreen
    from tests.ui_helpers import make_app, settle

    players = [
        PlayerEntry("You", "human"),
        PlayerEntry("Computer 1", "computer", "hard"),
        PlayerEntry("Computer 2", "computer", "easy"),
    ]
    previous = NewGameChoice.like("robo-factory", players, {})
    assert previous.opponent == "hard,easy"
    app = make_app(tmp_path)
    chosen: list[NewGameChoice | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(NewGameScreen(spec_of("robo-factory"), previous=previous), chosen.append)
        await settle(pilot)
        row = app.screen.query_one("#opponent", ChoiceRow)
        assert row.value == "mixed" and "Mixed: a level each" in str(row.render())
        levels = [app.screen.query_one(f"#level-{k}", ChoiceRow) for k in range(3)]
        assert [r.value for r in levels[:2]] == ["hard", "easy"] and not levels[2].display
        await pilot.press("enter")
        await settle(pilot)
        # with another number of players the mix is never cut or stretched without a
        # word: each computer has its own level row (the new one shows the last level)
        app.push_screen(NewGameScreen(spec_of("robo-factory"), previous=previous), chosen.append)
        await settle(pilot)
        assert app.screen.query_one("#players", ChoiceRow).has_focus
        await pilot.press("right")  # 4 players: 3 computers
        await settle(pilot)
        third = app.screen.query_one("#level-2", ChoiceRow)
        assert third.display and third.value == "easy"
        await pilot.press("enter")
        await settle(pilot)
    choice, other = chosen
    assert choice is not None and other is not None
    assert [p.level for p in choice.players()] == [None, "hard", "easy"]
    assert [p.level for p in other.players()] == [None, "hard", "easy", "easy"]


# ------------------------------------------------------------ serve
# serve's own run is tested end to end (tests/hosting/e2e); here, its options: every
# mistake is one line, before anything listens or any table is touched.


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--listen", "2222"], "--listen needs ADDR:PORT"),
        (["--listen", "example.org:2222"], "is not an IP address"),
        (["--listen", "127.0.0.1:70000"], "is not a port"),
        (["--listen", "127.0.0.1:ssh"], "is not a port"),
        (["--max-sessions", "0"], "too small: at least 1"),
        (["--max-sessions", "many"], "is not a whole number"),
        (["--idle-timeout", "-1"], "too small: at least 0"),
        (["--idle-timeout", "1.5"], "is not a whole number"),
        (["--seed", "-1"], "--seed: -1 is too small: at least 0"),
        (["--seed", "lucky"], "--seed: 'lucky' is not a whole number"),
        (["--ready-processes", "-1"], "--ready-processes: -1 is too small: at least 0"),
    ],
)
def test_serve_bad_option_values_are_one_usage_line(args: list[str], expected: str) -> None:
    line = assert_clean_error(run("serve", *args), 2)
    assert expected in line


def test_serve_refuses_a_port_in_use(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = assert_clean_error(run("serve", "--listen", f"127.0.0.1:{port}"), 1)
    assert line.startswith(f"Error: cannot listen on 127.0.0.1:{port}:")
    assert "in use" in line


def test_serve_refuses_an_unreadable_or_malformed_allow_file(tmp_path: Path) -> None:
    import asyncssh

    missing = tmp_path / "nobody"
    line = assert_clean_error(run("serve", "--allow", str(missing)), 1)
    assert f"cannot read --allow {missing}" in line
    key = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode().strip()
    allow = tmp_path / "authorized_keys"
    allow.write_text(f"# friends\n{key}\nssh-ed25519 not-a-key bob\n")
    line = assert_clean_error(run("serve", "--allow", str(allow)), 1)
    assert f"--allow {allow} line 3: not a public key" in line
    allow.write_text("# nobody yet\n")
    line = assert_clean_error(run("serve", "--allow", str(allow)), 1)
    assert "lists no keys" in line


def test_serve_refuses_a_host_key_others_may_read(tmp_path: Path, monkeypatch) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("ROBOTUI_DATA_DIR", str(data))
    data.mkdir()
    key_file = data / "host_key"
    key_file.write_text("not even a key")
    key_file.chmod(0o644)
    line = assert_clean_error(run("serve"), 1)
    assert "may be read by others" in line and "chmod 600" in line
    key_file.chmod(0o600)
    line = assert_clean_error(run("serve"), 1)
    assert "is not a private key" in line
