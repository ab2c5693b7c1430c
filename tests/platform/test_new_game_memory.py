"""The new-game dialog remembers each game's last choices, offers a level per computer and
your seat."""

from __future__ import annotations

from engines.registry import get_game
from saves.settings import load_choices, settings_path
from screens.choice_row import ChoiceRow
from screens.dialogs import ConfirmScreen
from screens.game_screen import GameScreen
from screens.menu import MainMenu
from screens.new_game import NewGameScreen
from tests.robo_factory.test_ui import close_turn_results
from tests.ui_helpers import SIZE, make_app, settle


async def open_dialog(pilot, game_id: str) -> NewGameScreen:
    app = pilot.app
    index = [g.id for g in app.screen.games].index(game_id)
    await pilot.press("home", *["down"] * index, "enter")  # the menu keeps its place
    await pilot.pause()
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


def rows(dialog: NewGameScreen) -> dict[str, str]:
    """The value of every row shown."""
    return {row.id: row.value for row in dialog.query(ChoiceRow) if row.display and row.id}


async def leave_game(pilot) -> None:
    app = pilot.app
    assert isinstance(app.screen, GameScreen)
    await pilot.press("q")
    await pilot.pause()
    assert isinstance(app.screen, ConfirmScreen)
    await pilot.press("y")
    await settle(pilot)
    assert isinstance(app.screen, MainMenu)


async def test_a_mix_and_a_seat_start_the_game_and_come_back_next_time(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot, "robo-factory")
        await pilot.press("right", "right")  # 4 players
        await pilot.press("down", "down", "right", "right")  # your seat: Player 3
        await pilot.press("down", "right", "right")  # Computers: normal, hard, Mixed
        await pilot.pause()
        assert rows(dialog)["opponent"] == "mixed"
        await pilot.press("down", "down", "left", "down", "left", "left")  # hard, normal, easy
        await pilot.press("down", "right")  # Tie-break: extra
        await pilot.pause()
        shown = rows(dialog)
        assert shown["side"] == "2"
        assert [shown[f"level-{k}"] for k in range(3)] == ["hard", "normal", "easy"]
        assert "level-3" not in shown  # one level row per computer
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        players = screen.session.players
        assert [(p.kind, p.level) for p in players] == [
            ("computer", "hard"),
            ("computer", "normal"),
            ("human", None),
            ("computer", "easy"),
        ]
        assert screen.session.match.options["tiebreak"] == "extra"
        await leave_game(pilot)

        dialog = await open_dialog(pilot, "robo-factory")
        shown = rows(dialog)
        assert shown["players"] == "4" and shown["humans"] == "1" and shown["side"] == "2"
        assert shown["opponent"] == "mixed"
        assert [shown[f"level-{k}"] for k in range(3)] == ["hard", "normal", "easy"]
        assert shown["option-tiebreak"] == "extra"
    assert settings_path().is_file()


async def test_a_seat_choice_seats_you_there(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot, "stak-bots")
        await pilot.press("right")  # 3 players
        await pilot.press("down", "down", "left")  # your seat: the last one
        await pilot.pause()
        seat = dialog.query_one("#side", ChoiceRow)
        assert seat.value == "2" and seat.choices[-1][1] == "Player 3"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        kinds = [p.kind for p in app.screen.session.players]
        assert kinds == ["computer", "computer", "human"]


async def test_two_player_choices_come_back(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot, "robot-master")
        await pilot.press("right")  # Opponent: hard
        await pilot.press("down", "right")  # You play: Columns
        await pilot.press("down", "right", "down", "right")  # Columns start, five cards
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert [p.kind for p in app.screen.session.players] == ["computer", "human"]
        await leave_game(pilot)
        dialog = await open_dialog(pilot, "robot-master")
        assert rows(dialog) == {
            "opponent": "hard",
            "side": "1",
            "option-first": "columns",
            "option-hand": "five",
        }
        await pilot.press("escape")  # cancelled: nothing new remembered
        await pilot.pause()
    assert load_choices(get_game("robot-master"))["opponent"] == "hard"


async def test_the_seat_row_follows_players_and_humans(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot, "roborally")
        seat = dialog.query_one("#side", ChoiceRow)
        assert [label for _, label in seat.choices] == ["Red (seat 1)", "Blue (seat 2)"]
        await pilot.press("down", "down", "left")  # the second seat of two
        await pilot.press("up", "up", "left")  # 8 players: eight seats, still the second
        await pilot.pause()
        assert len(seat.choices) == 8 and seat.value == "1"
        await pilot.press("right", "right")  # 2 players again... then 3
        await pilot.pause()
        assert len(seat.choices) == 3 and seat.value == "1"
        await pilot.press("down", "right")  # two humans: they take the first seats
        await pilot.pause()
        assert not seat.display


async def test_mixed_starts_from_the_level_just_shown_even_when_keys_come_fast(tmp_path):
    """The Computers row's change message carries its value: two quick presses (easy,
    random, Mixed) once left the level rows on the level before (seen over tmux)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot, "robo-factory")
        every = dialog.query_one("#opponent", ChoiceRow)
        every.action_step(-1)  # normal -> easy
        await pilot.pause()
        every.action_step(-1)  # easy -> random, and before that is handled
        every.action_step(-1)  # random -> Mixed
        await pilot.pause()
        assert every.value == "mixed"
        assert dialog.query_one("#level-0", ChoiceRow).value == "random"
        assert dialog.chosen_opponent() == "random"


async def test_a_broken_settings_file_opens_the_dialog_with_defaults(tmp_path):
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "[robo-factory]\nplayers = 'many'\nopponent = \"\\u001b]0;pwned\\u0007x\"\n"
        "[robo-factory.options]\ntiebreak = 42\n"
    )
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot, "robo-factory")
        assert rows(dialog) == {
            "players": "2",
            "humans": "1",
            "side": "0",
            "opponent": "normal",
            "option-tiebreak": "share",
        }
        await pilot.press("enter")
        await settle(pilot)
        await close_turn_results(pilot)  # you are the first customer
        assert isinstance(app.screen, GameScreen)
    assert load_choices(get_game("robo-factory")) == {
        "opponent": "normal",
        "players": 2,
        "humans": 1,
        "side": 0,
        "options": {"tiebreak": "share"},
    }


async def test_a_config_folder_that_cannot_be_written_only_costs_the_memory(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("ROBOTUI_CONFIG_DIR", str(blocker))
    app = make_app(tmp_path)
    notes: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        monkeypatch.setattr(app, "notify", lambda message, **kw: notes.append(message))
        await open_dialog(pilot, "robot-master")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
    assert len(notes) == 1 and notes[0].startswith("Could not remember these choices:")
    assert "\n" not in notes[0]


async def test_after_a_game_the_dialog_starts_from_that_game_not_the_memory(tmp_path):
    """``n`` after a game started from the command line (not remembered) keeps its
    players; the menu's dialog keeps what the dialog last started."""
    from saves.settings import remember_choices

    remember_choices(
        get_game("robot-master"),
        opponent="easy",
        side=1,
        players=2,
        humans=1,
        options={"hand": "five"},
    )
    app = make_app(tmp_path, start="play", game="robot-master", opponent="hard", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.after_game_over("new")  # what "n" on the result panel does
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert rows(app.screen)["opponent"] == "hard" and rows(app.screen)["side"] == "0"
    assert load_choices(get_game("robot-master"))["opponent"] == "easy"  # play: not kept


async def test_eight_robots_each_with_its_level_fit_80x24_also_in_ascii(tmp_path):
    from textual.widgets import Button, Input

    for ascii_only in (False, True):
        app = make_app(tmp_path, ascii=ascii_only)
        async with app.run_test(size=SIZE) as pilot:
            dialog = await open_dialog(pilot, "roborally")
            await pilot.press("left", "down", "down", "down", "left", "left", "left")
            await pilot.pause()
            shown = rows(dialog)
            assert shown["players"] == "8" and shown["opponent"] == "mixed"
            assert sum(1 for key in shown if key.startswith("level-")) == 7
            widgets = [
                *dialog.query(ChoiceRow),
                dialog.query_one("#seed", Input),
                *dialog.query(Button),
            ]
            for widget in widgets:
                if widget.display:
                    region = widget.region
                    assert region.height >= 1 and region.y >= 0
                    assert region.bottom <= SIZE[1], f"{widget} is cut off: {region}"


async def test_one_level_for_every_computer_reads_as_all(tmp_path):
    # "Computers < Computer: random >" with five computers would read as one computer.
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot, "roborally")
        every = dialog.query_one("#opponent", ChoiceRow)
        assert [label for _, label in every.choices] == [
            "All: random",
            "All: easy",
            "All: normal",
            "All: hard",
            "Mixed: a level each",
        ]
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:  # one opponent: still "Computer: ..."
        dialog = await open_dialog(pilot, "robot-master")
        labels = [label for _, label in dialog.query_one("#opponent", ChoiceRow).choices]
        assert "Computer: hard" in labels
