"""``--cards FILE`` on ``robotui play`` and ``robotui arena``, and card-set file checks."""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from engines.stak_bots.cards import (
    DEFAULT_PATH,
    CardSetError,
    default_card_set,
    load_card_set,
    parse_inline,
)
from engines.stak_bots.spec import STAK_BOTS
from robotui import commands
from robotui.config import AppConfig

runner = CliRunner()
DEFAULT_TEXT = DEFAULT_PATH.read_text(encoding="utf-8")


def run(*args: str) -> Result:
    return runner.invoke(commands.app, list(args))


def one_error_line(result: Result, code: int = 2) -> str:
    assert result.exit_code == code, (result.exit_code, result.output, result.exception)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.fixture(autouse=True)
def environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROBOTUI_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.delenv("TEXTUAL_COLOR_SYSTEM", raising=False)


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[AppConfig]]:
    configs: list[AppConfig] = []
    fake = types.ModuleType("robotui.app")
    fake.run_app = configs.append  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "robotui.app", fake)
    yield configs


def custom_text() -> str:
    """The default set with other powers, a stronger shot and renamed bots."""
    return (
        DEFAULT_TEXT.replace('name = "robotui default"', 'name = "heavy metal"')
        .replace(
            'name = "Core Bot"\neffect = "core"\nrank = 1\npower = 3',
            'name = "Tin Can"\neffect = "core"\nrank = 1\npower = 5',
        )
        .replace("value = 3", "value = 5")
    )


def write(tmp_path: Path, text: str, name: str = "set.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_play_with_cards_passes_the_set_inline(tmp_path, launched):
    path = write(tmp_path, custom_text())
    result = run("play", "stak-bots", "--opponent", "easy", "--cards", str(path))
    assert result.exit_code == 0, result.output
    (config,) = launched
    cards = config.options["cards"]
    assert cards.startswith("set:heavy metal;")
    assert "Tin Can,core,1,5,4" in cards and "shot,4,2,3,5" in cards
    assert parse_inline(cards).name == "heavy metal"


def test_play_with_the_default_file_is_the_default(launched):
    result = run("play", "stak-bots", "--cards", str(DEFAULT_PATH))
    assert result.exit_code == 0, result.output
    assert launched[0].options["cards"] == "default"


def test_arena_with_cards(tmp_path):
    path = write(tmp_path, custom_text())
    result = run(
        "arena",
        "stak-bots",
        "--players",
        "easy,random",
        "--games",
        "2",
        "--cards",
        str(path),
        "--json",
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["options"]["cards"].startswith("set:heavy metal;")


def test_cards_on_a_game_without_card_sets():
    line = one_error_line(run("play", "robot-master", "--cards", "x.toml"))
    assert line == "Error: Robot Master has no --cards option"


BAD_SETS = {
    "missing": (None, "does not exist"),
    "not toml": ("name = \n[[bot", "not valid TOML"),
    "no bots": ('name = "x"\n', "no [[bot]] tables"),
    "unknown key": (
        DEFAULT_TEXT.replace("copies = 4\n", "copies = 4\ncolour = 1\n", 1),
        "line 20: unknown key 'colour'",
    ),
    "power too high": (
        DEFAULT_TEXT.replace("power = 3\ncopies = 4", "power = 12\ncopies = 4", 1),
        "line 18: power must be a whole number from 1 to 9, not 12",
    ),
    "leader power": (
        DEFAULT_TEXT.replace('power = "X"', "power = 4"),
        'the leader\'s power must be "X"',
    ),
    "too many copies": (
        DEFAULT_TEXT.replace("copies = 4", "copies = 6", 1),
        "line 19: copies must be 1 to 5, not 6",
    ),
    "rank count": (
        DEFAULT_TEXT.replace("rank = 1\npower = 3", "rank = 2\npower = 3", 1),
        "rank 1 has 6 cards; each rank needs exactly 10",
    ),
    "bot missing": (
        DEFAULT_TEXT.replace('effect = "fatal"', 'effect = "reaper"'),
        "effect 'reaper' appears twice",
    ),
    "unknown effect": (
        DEFAULT_TEXT.replace('effect = "pit"', 'effect = "hole"'),
        "effect 'hole' is not one of",
    ),
    "shot value": (
        DEFAULT_TEXT.replace("value = 3", "value = 0"),
        "value must be a whole number from 1 to 9, not 0",
    ),
    "value on other bot": (
        DEFAULT_TEXT.replace('effect = "reaper"', 'effect = "reaper"\nvalue = 2'),
        "only the shot bot has a value",
    ),
    "bad name": (DEFAULT_TEXT.replace('"Trip Bot"', '"Trip;Bot"'), "name 'Trip;Bot' must be"),
    "binary": ("\x00\xff", "not"),
}


@pytest.mark.parametrize("case", sorted(BAD_SETS))
def test_bad_card_sets_give_one_clear_line_and_exit_2(tmp_path, launched, case):
    text, expected = BAD_SETS[case]
    path = tmp_path / "mine.toml"
    if text is not None:
        if case == "binary":
            path.write_bytes(b"\x00\xff\xfe")
        else:
            path.write_text(text, encoding="utf-8")
    for command in (["play", "stak-bots"], ["arena", "stak-bots", "--players", "easy,random"]):
        line = one_error_line(run(*command, "--cards", str(path)))
        assert line.startswith("Error: ")
        assert expected in line, line
        if text is not None:
            assert "mine.toml" in line
    assert not launched


def test_a_folder_is_not_a_card_set(tmp_path):
    with pytest.raises(CardSetError, match="is a folder"):
        load_card_set(tmp_path)


def test_default_set_follows_the_rules():
    cards = default_card_set()
    assert cards.size == 60 and len(cards.bots) == 16
    assert all(1 <= b.copies <= 5 for b in cards.bots)
    for rank in range(1, 7):
        assert sum(b.copies for b in cards.bots if b.rank == rank) == 10
    shot = next(b for b in cards.bots if b.effect == "shot")
    assert shot.value >= 1
    assert "robotui's own values" in STAK_BOTS.rules_text()


def test_inline_sets_round_trip_and_reject_edits():
    cards = load_card_set(DEFAULT_PATH)
    assert parse_inline(cards.inline()) == cards
    with pytest.raises(CardSetError, match="bot 1"):
        parse_inline(cards.inline().replace("Core Bot,core,1,3,4", "Core Bot,core,1,3"))
    with pytest.raises(CardSetError, match="rank 1 has"):
        parse_inline(cards.inline().replace("Core Bot,core,1,3,4", "Core Bot,core,1,3,5"))
