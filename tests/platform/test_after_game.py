"""After a game: the result panel's keys (new game, look at the board) and the footer."""

from __future__ import annotations

from screens.new_game import NewGameScreen
from screens.robot_master.screen import RobotMasterOverScreen, RobotMasterScreen
from tests.ui_helpers import SIZE, game_screen, make_app, play_one_move, settle


async def test_new_game_from_the_result_panel_starts_a_game(tmp_path):
    app = make_app(tmp_path, start="play", game="robot-master", opponent="random", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first = game_screen(app)
        while not first.state.is_terminal():
            await play_one_move(pilot)
        await settle(pilot)
        assert isinstance(app.screen, RobotMasterOverScreen)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")
        await settle(pilot)
        second = app.screen
        assert isinstance(second, RobotMasterScreen) and second is not first
        assert second.session.name != first.session.name
        assert second.state.moves == 0 and second.session.players[1].level == "random"


async def test_board_after_the_game_shows_only_keys_that_work(tmp_path):
    """``b`` on the result panel: look at the board; the footer drops the game's keys,
    Enter brings the result back."""
    app = make_app(tmp_path, start="play", game="robot-master", opponent="random", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.check_action("place", ()) and not screen.check_action("show_result", ())
        while not screen.state.is_terminal():
            await play_one_move(pilot)
        await settle(pilot)
        assert isinstance(app.screen, RobotMasterOverScreen)
        await pilot.press("b")
        await settle(pilot)
        assert app.screen is screen
        footer = {b.action for _, b, enabled, _ in screen.active_bindings.values() if enabled}
        assert {"show_result", "new_game", "leave"} <= footer
        assert not {"place", "pick(0)", "hint"} & footer
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, RobotMasterOverScreen)
        await pilot.press("b")
        await settle(pilot)
        await pilot.press("n")  # a new game straight from the board
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)


async def test_undo_is_not_offered_between_two_humans(tmp_path):
    app = make_app(tmp_path, start="play", game="robot-master", opponent="human", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert "undo" not in {action for action, _, _ in screen.footer_keys()}
        assert screen.check_action("place", ()) is True
        await pilot.press("enter")  # a move to take back, but not between humans
        await settle(pilot)
        assert "undo" not in {action for action, _, _ in screen.footer_keys()}
        await pilot.press("u")  # the key says why it does nothing
        await pilot.pause()
        assert screen.message == "Undo is for games against the computer."


async def test_a_pass_screen_ignores_keys_pressed_as_it_appears(tmp_path, monkeypatch):
    """A double-tapped Enter that ended one player's move must not uncover the next
    player's cards: the pass screen waits a moment before it listens."""
    import screens.dialogs as dialogs

    clock = [100.0]
    monkeypatch.setattr(dialogs, "clock", lambda: clock[0])
    monkeypatch.setattr(dialogs.PassScreen, "SETTLE", 0.6)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(dialogs.PassScreen("Player 2"))
        await pilot.pause()
        clock[0] += 0.1
        await pilot.press("enter")
        assert isinstance(app.screen, dialogs.PassScreen)
        clock[0] += 1.0
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, dialogs.PassScreen)


async def test_a_new_game_keeps_the_turn_limit_and_options_without_a_row(tmp_path):
    """RoboRally's turn limit has a row (presets, and the limit of the game before);
    a Stak Bots card-set file has none but is kept too."""
    from engines.roborally import ROBORALLY
    from screens.new_game import NewGameChoice
    from screens.roborally.screen import RoboRallyOverScreen, RoboRallyScreen
    from tests.roborally.test_ui import play_human, wait_human
    from tests.ui_helpers import rr_screen

    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=2,
        opponent="random",
        seed=6,
        options={"course": "first-steps", "max_turns": 1},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        first = rr_screen(app)
        while not first.state.is_terminal():
            await play_human(pilot)
        await settle(pilot)
        assert isinstance(app.screen, RoboRallyOverScreen)
        await pilot.press("n")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewGameScreen)
        row = dialog.query_one("#option-max_turns")
        assert row.value == "1" and "Turn limit" in str(row.render())
        await pilot.press("enter")
        await settle(pilot)
        second = rr_screen(app)
        assert second is not first and second.state.max_turns == 1
        assert isinstance(second, RoboRallyScreen)

    previous = NewGameChoice(
        game_id="roborally",
        opponent="easy",
        side=0,
        options={"max_turns": 25, "course": "pit-stop"},
    )
    dialog = NewGameScreen(ROBORALLY, previous=previous)
    option = next(o for o in ROBORALLY.options if o.name == "max_turns")
    assert dialog.values(option) == [10, 20, 25, 30, 40, 60, 90, 120]


async def test_an_option_without_a_row_is_kept_for_the_next_game(tmp_path):
    from engines.stak_bots.spec import STAK_BOTS
    from screens.new_game import NewGameChoice

    previous = NewGameChoice(
        game_id="stak-bots", opponent="easy", side=0, options={"cards": "my-set.toml", "depth": 7}
    )
    app = make_app(tmp_path)
    chosen = []
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(NewGameScreen(STAK_BOTS, previous=previous), chosen.append)
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
    assert chosen[0].options["cards"] == "my-set.toml" and chosen[0].options["depth"] == 7


async def test_a_game_on_a_saved_copy_of_its_course_offers_that_course_next(tmp_path):
    from engines.roborally import ROBORALLY
    from screens.new_game import NewGameChoice

    previous = NewGameChoice(
        game_id="roborally",
        opponent="easy",
        side=0,
        options={"course": "pit-stop@0123456789abcdef", "max_turns": 60},
    )
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = NewGameScreen(ROBORALLY, previous=previous)
        app.push_screen(dialog)
        await settle(pilot)
        assert dialog.query_one("#option-course").value == "pit-stop"
