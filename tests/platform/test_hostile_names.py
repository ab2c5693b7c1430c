"""Names from a save file never reach the terminal as escape sequences or markup.

A player name such as ``"\\u001b]0;pwned\\u0007\\u001b[2J"`` in a save, printed raw by
``saves list``/``saves show``, would set the window title and clear the screen. Every such text goes
through ``engines.safe_text.safe_text``; a name like ``[red]x`` shows as written.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engines.match import Match
from engines.registry import get_game
from robotui import commands
from saves import PlayerEntry, SavedGame, list_saves, load_save, write_save
from screens.games import playable_game_infos
from screens.load import LoadScreen
from tests.platform.test_saves import WHEN
from tests.ui_helpers import make_app, screen_text, settle

runner = CliRunner()

TITLE = "\u001b]0;pwned\u0007"
CLEAR = "\u001b[2J"
HOSTILE_PLAYER = f"Eve{TITLE}{CLEAR}\u009b31m\u202e evil"
HOSTILE_SAVE = f"[red]x[/] {TITLE}ok"
# what must never be printed: ESC, BEL, C1 CSI, a bidi override, the title text's command
FORBIDDEN = re.compile("[\u001b\u0007\u009b\u202e]|pwned")


def hostile_save(folder: Path) -> Path:
    """A save whose file (as hand-edited) holds the hostile names."""
    match = Match(get_game("robot-master"), 2, {}, 5)
    match.play(match.state.legal_actions()[0])
    players = [PlayerEntry("You", "human"), PlayerEntry("Robot", "computer", "random")]
    path = write_save(folder, SavedGame("plain", match, players, WHEN, WHEN))
    text = path.read_text()
    text = text.replace('name = "plain"', f'name = "{_toml(HOSTILE_SAVE)}"', 1)
    text = text.replace('name = "You"', f'name = "{_toml(HOSTILE_PLAYER)}"', 1)
    path.write_text(text)
    return path


def _toml(text: str) -> str:
    return "".join(ch if ch.isprintable() and ch != '"' else f"\\u{ord(ch):04x}" for ch in text)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    save_dir = tmp_path / "saves"
    save_dir.mkdir()
    monkeypatch.setenv("ROBOTUI_SAVE_DIR", str(save_dir))
    return save_dir


def test_the_loader_makes_names_safe(folder: Path) -> None:
    saved = load_save(hostile_save(folder))
    assert saved.name == "[red]x[/] ok"
    assert saved.players[0].name == "Eve evil"
    (summary,), bad = list_saves(folder)
    assert not bad and not FORBIDDEN.search(summary.name + summary.players[0].name)


@pytest.mark.parametrize(
    "args", [["saves", "list"], ["saves", "show", "plain.toml"], ["saves", "show", "[red]x[/] ok"]]
)
def test_cli_prints_no_escape_sequence(folder: Path, args: list[str]) -> None:
    hostile_save(folder)
    result = runner.invoke(commands.app, args)
    assert result.exit_code == 0, result.output
    assert not FORBIDDEN.search(result.output), repr(result.output)
    assert "[red]x[/] ok" in result.output and "Eve evil" in result.output


def test_cli_errors_echo_typed_names_safely(folder: Path) -> None:
    hostile_save(folder)
    result = runner.invoke(commands.app, ["saves", "delete", f"nope{CLEAR}{TITLE}", "--yes"])
    assert result.exit_code == 2
    assert not re.search("[\u001b\u0007]", result.output), repr(result.output)


async def test_load_screen_and_game_show_names_literally(folder: Path) -> None:
    hostile_save(folder)
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        text = screen_text(app)
        assert "[red]x[/] ok" in text and "Eve evil" in text
        assert not FORBIDDEN.search(text)
        await pilot.press("d")  # the question quotes the name as written
        await settle(pilot)
        text = screen_text(app)
        assert "[red]x[/] ok" in text and not FORBIDDEN.search(text)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("enter")  # open the game: the player's name on its screen
        await settle(pilot)
        text = screen_text(app)
        assert "Eve evil" in text and not FORBIDDEN.search(text)


MARKUP_NAME = "[red]Ann[/]"


@pytest.mark.parametrize("game", sorted(info.id for info in playable_game_infos()))
async def test_a_player_name_like_markup_shows_as_written(folder: Path, game: str) -> None:
    """A name such as ``[red]Ann[/]`` is text, not Rich markup, on every game's screen."""
    from screens.session import GameSession

    spec = get_game(game)
    players = [PlayerEntry(MARKUP_NAME, "human"), PlayerEntry("[b]Zed", "computer", "random")]
    players += [
        PlayerEntry(f"Cog {n}", "computer", "random") for n in range(3, spec.min_players + 1)
    ]
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = GameSession.new(spec, players, {}, 7, folder)
        app.open_session(session)
        await settle(pilot)
        await pilot.press("enter")  # a pass screen or intro, if any, shows the name too
        await settle(pilot)
        text = screen_text(app)
        for marked, bare in (("[red]Ann", "Ann"), ("[b]Zed", "Zed")):
            assert text.count(bare) == text.count(marked), text  # never shown without [..]
        if game != "roborally":  # RoboRally names robots by colour only
            assert "[red]Ann" in text or "[b]Zed" in text, text


def test_a_card_set_named_with_escape_sequences_is_refused() -> None:
    """Stak Bots card-set names are shown on screens: one with control characters is
    refused with a one-line reason, like any other bad card set."""
    from engines.stak_bots.cards import CardSetError, default_card_text, parse_card_set

    text = default_card_text().replace(
        'name = "robotui default"', 'name = "mine\\u001b[2J\\u202e"', 1
    )
    with pytest.raises(CardSetError, match="plain text") as info:
        parse_card_set(text, "mine.toml")
    assert "\n" not in str(info.value)


async def test_notices_quote_names_as_written(folder: Path) -> None:
    """The start-up notice ('resume' skipped a file) and load errors may quote names:
    text, not markup."""
    notice = "Resumed the newest unfinished readable save, '[red]x[/] ok'."
    app = make_app(folder, notice=notice)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        broken = folder / "[bold]bad.toml"
        broken.write_text("{not a save")
        app.open_save(broken)
        await settle(pilot)
        shown = {n.message: n for n in app._notifications}
        assert notice in shown
        (error,) = [m for m in shown if "[bold]bad.toml" in m]
        # shown as plain text: a toast with markup on would make "[red]x" red
        assert shown[notice].markup is False and shown[error].markup is False


async def test_a_save_name_typed_in_the_app_is_made_safe(folder: Path) -> None:
    """ctrl+s: a typed (or pasted) name with escape sequences and markup is saved and
    shown as plain text."""
    from textual.widgets import Input

    from screens.session import GameSession

    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = GameSession.new(
            get_game("robot-master"),
            [PlayerEntry("You", "human"), PlayerEntry("Robot", "computer", "random")],
            {},
            3,
            folder,
        )
        session.autosave()
        app.open_session(session)
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        app.screen.query_one(Input).value = f"[red]mine[/]{TITLE}{CLEAR}\u202e"
        await pilot.press("enter")
        await settle(pilot)
        assert session.name == "[red]mine[/]"
        (summary,), _ = list_saves(folder)
        assert summary.name == "[red]mine[/]"
        text = screen_text(app)
        assert "[red]mine[/]" in text and not FORBIDDEN.search(text)
