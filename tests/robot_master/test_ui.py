"""Play Robot Master in the Textual app with Pilot, keys only."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from engines.robot_master.state import RobotMasterState
from saves import list_saves, load_save
from screens.dialogs import ConfirmScreen, PassScreen, RulesScreen, TooSmallScreen
from screens.load import LoadScreen
from screens.menu import MainMenu
from screens.robot_master.screen import RobotMasterOverScreen, RobotMasterScreen
from tests.ui_helpers import SIZE, game_screen, make_app, play_one_move, save_as_then_quit, settle


async def start_game(pilot, opponent_presses: int = 0) -> None:
    """From the main menu: choose Robot Master, set the opponent, start."""
    await pilot.press("enter")  # Robot Master is the first entry
    await pilot.pause()
    await pilot.press(*(["left"] * opponent_presses))
    await pilot.press("enter")
    await settle(pilot)


async def test_whole_game_against_computer_with_save_quit_resume(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MainMenu)
        # normal -> easy -> random: two presses left on the opponent row
        await start_game(pilot, opponent_presses=2)
        screen = game_screen(app)
        assert app.screen is screen
        assert screen.session.players[1].level == "random"
        for _ in range(5):
            await play_one_move(pilot)
        moves_before = screen.state.moves
        assert moves_before == 10  # five moves each
        # save under a name; quit asks first and says the game is saved
        await save_as_then_quit(pilot, screen, "friday night")

    summaries, errors = list_saves(tmp_path)
    assert [s.name for s in summaries] == ["friday night"] and not errors
    assert summaries[0].move_number == 10

    app = make_app(tmp_path, start="resume", resume_path=summaries[0].path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.state.moves == 10
        while not screen.state.is_terminal():
            await play_one_move(pilot)
        await settle(pilot)
        assert isinstance(app.screen, RobotMasterOverScreen)
        result = screen.state.result()
        assert result is not None
        assert result.reason in str(app.screen.query_one(".game-over").render()) or result.reason
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
    saved = load_save(summaries[0].path)
    assert saved.match.state.is_terminal()
    assert saved.match.state.fingerprint() == screen.state.fingerprint()


async def test_undo_and_hint(tmp_path):
    app = make_app(tmp_path, start="play", opponent="random", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        start = screen.state.clone()
        await play_one_move(pilot)
        assert screen.state.moves == 2  # the computer answered
        await pilot.press("u")
        await settle(pilot)
        assert screen.state.moves == 0
        # your hand and the board as they were; the computer's hand dealt again
        assert screen.state.hands[0] == start.hands[0] and screen.state.board == start.board
        assert sum(screen.state.hands[1]) == 12
        assert "Computer: new hand" in str(screen.query_one("#rm-log", Static).render())
        await pilot.press("H")
        await settle(pilot)
        assert screen.message.startswith("Hint: put a ")
        hinted_cell, hinted_value = screen.cursor, screen.picked
        await pilot.press("enter")
        await settle(pilot)
        assert screen.state.board[hinted_cell] == hinted_value


async def test_illegal_placement_is_explained(tmp_path):
    app = make_app(tmp_path, start="play", opponent="random", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("up", "up", "left", "left", "enter")  # a5: not touching
        await pilot.pause()
        assert "does not share an edge" in screen.message
        assert screen.state.moves == 0


async def test_hot_seat_hides_hands(tmp_path):
    app = make_app(tmp_path, start="play", opponent="human", seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await pilot.pause()
        screen = game_screen(app)
        assert app.screen is screen and screen.shown_seat == 0
        await play_one_move(pilot)
        assert isinstance(app.screen, PassScreen)
        assert "Player 2" in app.screen.player
        assert screen.shown_seat is None
        await pilot.press("enter")
        await pilot.pause()
        assert screen.shown_seat == 1


async def test_the_pass_screen_can_leave_the_game(tmp_path, monkeypatch):
    monkeypatch.setattr(PassScreen, "SETTLE", 0.0)
    app = make_app(tmp_path, start="play", opponent="human", seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        assert "q leaves the game" in " ".join(str(s.render()) for s in app.screen.query(Static))
        await pilot.press("q")  # asks first; No keeps the pass screen (nothing shown)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "saved as" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen) and game_screen(app).shown_seat is None
        await pilot.press("escape", "y")
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)
        assert len(list_saves(tmp_path)[0]) == 1  # the game is kept


async def test_too_small_terminal_says_what_it_needs(tmp_path):
    app = make_app(tmp_path, start="play", opponent="random", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small").render())
        assert "80x24" in text and "60x20" in text
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, RobotMasterScreen)


@pytest.mark.parametrize("start", ["menu", "play"])
async def test_starting_in_a_too_small_terminal_says_what_it_needs(tmp_path, start):
    """Started below 80x24 (menu or straight into a game): the notice, not a traceback."""
    app = make_app(tmp_path, start=start, opponent="random", seed=1)
    async with app.run_test(size=(60, 20)) as pilot:
        for _ in range(4):
            await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "60x20" in str(app.screen.query_one("#too-small").render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)
        if start == "menu":  # laid out for 80 columns again: one line an option, Quit shows
            rows = [strip.text.strip(" │") for strip in app.screen._compositor.render_strips()]
            assert "columns." not in rows and "Quit" in rows, rows
    assert app.return_code in (None, 0)


async def test_autosave_after_every_move(tmp_path):
    app = make_app(tmp_path, start="play", opponent="random", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        for expected in (2, 4):
            await play_one_move(pilot)
            (summary,), _ = list_saves(tmp_path)
            assert summary.move_number == expected
            state = load_save(summary.path).match.state
            assert isinstance(state, RobotMasterState)
            assert state.fingerprint() == screen.state.fingerprint()


async def test_load_screen_lists_good_saves_and_reports_bad_ones(tmp_path):
    app = make_app(tmp_path, start="play", opponent="random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_one_move(pilot)
        await pilot.press("q", "y")
        await pilot.pause()
    (tmp_path / "broken.toml").write_text("format = 1\ngame = [unterminated\n")
    before = (tmp_path / "broken.toml").read_bytes()

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        assert len(screen.summaries) == 1
        notes = str(screen.query_one("#load-errors").render())
        assert "broken.toml" in notes and "line 2" in notes
        await pilot.press("enter")
        await settle(pilot)
        game = game_screen(app)
        assert game.state.moves == 2
    assert (tmp_path / "broken.toml").read_bytes() == before


async def test_rules_help_opens_with_f1_and_question_mark(tmp_path):
    app = make_app(tmp_path, start="play", opponent="random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key in ("f1", "question_mark"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            assert "three of a kind" in app.screen.text
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, RobotMasterScreen)


async def test_ascii_menu_has_no_box_drawing_and_skips_its_separator(tmp_path):
    from textual.widgets import OptionList

    app = make_app(tmp_path, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        lines = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert all(ch.isascii() for line in lines for ch in line)
        for _ in range(4):  # four games, then the separator is skipped
            await pilot.press("down")
        assert menu.get_option_at_index(menu.highlighted).id == "resume"


async def test_undo_in_the_five_card_variant_puts_the_drawn_card_back_and_redeals(tmp_path):
    """Five cards: each placement draws a card. Undo is offered once you have drawn: the
    drawn card goes back on the pile, which is shuffled with the computer's hand and dealt
    again, so undo works without letting you peek."""
    app = make_app(tmp_path, start="play", opponent="random", seed=5, options={"hand": "five"})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        start = screen.state.clone()
        await play_one_move(pilot)
        assert screen.state.moves == 2
        await pilot.press("u")
        await settle(pilot)
        state = screen.state
        assert state.moves == 0 and screen.message == "Took back your last move."
        assert state.hands[0] == start.hands[0]
        assert sum(state.hands[1]) == 5 and len(state.draw_pile) == 25
        pool = sorted(start.draw_pile + [v for v in range(6) for _ in range(start.hands[1][v])])
        now = sorted(state.draw_pile + [v for v in range(6) for _ in range(state.hands[1][v])])
        assert now == pool


async def test_the_footer_offers_undo_only_when_it_would_work(tmp_path):
    from tests.roborally.test_ui import footer_keys

    app = make_app(tmp_path, start="play", opponent="random", seed=5, options={"hand": "five"})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert "Undo" not in footer_keys(screen)  # nothing of yours yet
        await pilot.press("u")  # the key still says why
        await settle(pilot)
        assert screen.message == "Nothing of yours to undo yet."
        await play_one_move(pilot)
        assert "Undo" in footer_keys(screen)  # you drew a card: undo re-deals
    app = make_app(tmp_path, start="play", opponent="random", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await play_one_move(pilot)
        assert "Undo" in footer_keys(screen)  # full hand: your move can be taken back


async def test_save_as_never_replaces_another_game_of_that_name(tmp_path) -> None:
    """ctrl+s with the name of another save never overwrites that game without a word."""
    import hashlib

    from saves import list_saves as saves_in

    first = make_app(tmp_path, start="play", game="robot-master", opponent="random", seed=1)
    async with first.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_one_move(pilot)
        await save_as_then_quit(pilot, game_screen(first), "friday night")
    (kept,), _ = saves_in(tmp_path)
    digest = hashlib.sha256(kept.path.read_bytes()).hexdigest()

    second = make_app(tmp_path, start="play", game="robot-master", opponent="random", seed=2)
    async with second.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(second)
        name = screen.session.name
        for typed in ("friday night", "FRIDAY  Night"):
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press(*["backspace"] * 40, *typed, "enter")
            await pilot.pause()
            assert screen.session.name == name  # still under its own name
            assert (
                screen.message
                == "Another save is named " + repr(" ".join(typed.split())) + ": pick another name."
            )
        await play_one_move(pilot)  # and it goes on saving there
    assert hashlib.sha256(kept.path.read_bytes()).hexdigest() == digest
    summaries, _ = saves_in(tmp_path)
    assert sorted(s.name for s in summaries) == sorted(["friday night", name])


async def test_a_save_opened_from_another_folder_goes_on_under_a_free_name(tmp_path) -> None:
    """`--save-dir B resume A/x.toml` keeps playing in B; a save of that name in B stays."""
    import shutil

    from saves import list_saves as saves_in
    from saves import load_save

    elsewhere, here = tmp_path / "a", tmp_path / "b"
    for folder in (elsewhere, here):
        app = make_app(folder, start="play", game="robot-master", opponent="random", seed=3)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await save_as_then_quit(pilot, game_screen(app), "same name")
    (mine,), _ = saves_in(elsewhere)
    (theirs,), _ = saves_in(here)
    before = theirs.path.read_bytes()
    app = make_app(here, start="resume", resume_path=mine.path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_one_move(pilot)
        assert game_screen(app).session.name == "same name (2)"
    assert theirs.path.read_bytes() == before
    assert load_save(mine.path).match.state.move_number == 0  # the original is untouched
    shutil.rmtree(elsewhere)
    assert sorted(s.name for s in saves_in(here)[0]) == ["same name", "same name (2)"]


async def test_ascii_mode_shows_only_ascii_in_the_menu_load_list_and_dialogs(tmp_path):
    """In --ascii mode the load list's footer never shows Textual's enter symbol. Every
    screen outside the games is checked whole, footers included."""
    from screens.load import LoadScreen
    from screens.new_game import NewGameScreen

    first = make_app(tmp_path, start="play", game="robot-master", opponent="random", seed=1)
    async with first.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_one_move(pilot)  # a save to list
    app = make_app(tmp_path, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)

        def shown() -> str:
            return "\n".join(s.text for s in app.screen._compositor.render_strips())

        for key, kind in (("l", LoadScreen), ("enter", NewGameScreen)):
            assert shown().isascii(), shown()
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, kind)
            assert shown().isascii(), shown()
            assert "Enter" in shown()  # the key is named, not drawn
            await pilot.press("escape")
            await settle(pilot)


async def test_escape_on_the_menu_does_not_quit(tmp_path):
    """Escape twice to close the rules (once too often) leaves robotui running."""
    from screens.dialogs import RulesScreen
    from screens.menu import MainMenu

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape", "escape")
        await settle(pilot)
        assert isinstance(app.screen, MainMenu) and app.is_running
        await pilot.press("q")
        await settle(pilot)
        assert not app.is_running
