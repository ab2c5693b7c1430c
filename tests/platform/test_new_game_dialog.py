"""The new-game dialog: rows come from the game's options; a preview where the game has one."""

from __future__ import annotations

import pytest

from engines.registry import get_game
from screens.dialogs import PreviewScreen
from screens.game_screen import GameScreen
from screens.games import playable_games
from screens.new_game import NewGameScreen
from tests.robo_factory.test_ui import close_turn_results
from tests.ui_helpers import make_app, settle


async def open_dialog(pilot, game_index: int) -> NewGameScreen:
    await pilot.press(*["down"] * game_index, "enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


async def test_roborally_dialog_previews_the_chosen_course(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        index = [g.id for g in app.screen.games].index("roborally")
        dialog = await open_dialog(pilot, index)
        assert "course" in dialog.chosen_options()
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, PreviewScreen)
        plain = app.screen.text.plain  # drawn as in the game, not in the file notation
        lines = plain.splitlines()
        assert lines[0] == "Pit Stop"  # the default course (engines/roborally/spec.py)
        assert "a  b  c  d  e  f  g  h  i  j  k  l" in plain and "C⇒" in plain
        assert "F1  flag 1" in plain and "firing" not in plain
        assert max(len(line) for line in lines) <= 74  # no sideways scrolling
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is dialog


async def test_robot_master_dialog_has_no_preview(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot, 0)
        assert dialog.chosen_options() == {"first": "rows", "hand": "full"}
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is dialog


@pytest.mark.parametrize("game_id", [g.id for g in playable_games()])
async def test_every_game_starts_from_the_dialog_with_its_defaults(tmp_path, game_id):
    """Menu, the game, Enter, Enter: the game is on screen (Stak Bots once refused its own
    default stack depth, given back as the text "9")."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        index = [g.id for g in app.screen.games].index(game_id)
        dialog = await open_dialog(pilot, index)
        spec = get_game(game_id)
        assert dialog.chosen_options() == {
            o.name: o.default for o in spec.options if o.choices is not None or o.presets
        }
        await pilot.press("enter")
        await settle(pilot)
        if game_id == "robo-factory":  # you are the first customer: that turn's result first
            await close_turn_results(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen), f"{game_id} did not start: {app.screen}"
        assert screen.session.spec.id == game_id
        assert screen.session.match.options == spec.normalize_options({})


async def test_a_changed_number_option_reaches_the_game(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        index = [g.id for g in app.screen.games].index("stak-bots")
        dialog = await open_dialog(pilot, index)
        row = dialog.query_one("#option-depth")
        row.focus()
        await pilot.press("right")
        await pilot.pause()
        assert dialog.chosen_options()["depth"] == 10
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.match.options["depth"] == 10


def test_side_seats_the_one_human_in_a_bigger_game():
    from screens.new_game import NewGameChoice

    players = NewGameChoice("robo-factory", "hard", side=2, num_players=4).players()
    assert [p.kind for p in players] == ["computer", "computer", "human", "computer"]
    assert [p.name for p in players] == ["Computer 1", "Computer 2", "You", "Computer 3"]
    both = NewGameChoice("robo-factory", "hard", side=2, num_players=4, humans=2).players()
    assert [p.kind for p in both] == ["human", "human", "computer", "computer"]


async def test_bigger_games_start_on_players_and_drop_computers_when_all_are_human(tmp_path):
    from screens.choice_row import ChoiceRow

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        index = [g.id for g in app.screen.games].index("robo-factory")
        dialog = await open_dialog(pilot, index)
        assert app.focused is dialog.query_one("#players", ChoiceRow)
        computers = dialog.query_one("#opponent", ChoiceRow)
        assert computers.display  # 2 players, 1 human
        await pilot.press("down", "right")  # humans: 2 of 2
        await pilot.pause()
        assert dialog.query_one("#humans", ChoiceRow).value == "2"
        assert not computers.display
        await pilot.press("up", "right")  # 3 players: a computer again
        await pilot.pause()
        assert computers.display


def test_a_new_game_after_a_bigger_game_keeps_your_seat():
    """``n`` after a game: the one human's seat among computers comes back, not
    always the first seat."""
    from saves import PlayerEntry
    from screens.new_game import NewGameChoice

    players = [
        PlayerEntry("Computer 1", "computer", "hard"),
        PlayerEntry("You", "human"),
        PlayerEntry("Computer 2", "computer", "easy"),
    ]
    again = NewGameChoice.like("robo-factory", players, {})
    assert again.side == 1 and again.opponent == "hard,easy"
    assert [p.kind for p in again.players()] == ["computer", "human", "computer"]
    two_humans = [
        PlayerEntry("Player 1", "human"),
        PlayerEntry("Computer 1", "computer", "hard"),
        PlayerEntry("Player 2", "human"),
    ]
    assert NewGameChoice.like("robo-factory", two_humans, {}).side == 0
