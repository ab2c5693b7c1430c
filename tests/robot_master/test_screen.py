"""On the Robot Master screen: the tie line names each side, hot
seat names the player, five cards say which card you drew, the move number is the one
``saves list`` shows, and long wide-character names stay inside their panels at 80x24."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.widgets import Static

from engines.match import Match
from engines.registry import get_game
from saves import list_saves
from screens.dialogs import PassScreen
from tests.ui_helpers import SIZE, game_screen, make_app, play_one_move, settle


def text_of(screen, widget_id: str) -> str:
    return str(screen.query_one(widget_id, Static).render())


async def test_the_tie_line_says_which_number_is_rows_and_which_columns(tmp_path) -> None:
    app = make_app(tmp_path, start="play", opponent="random", seed=42)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        info = text_of(screen, "#rm-info")
        # at the start every line scores 0 but the centre's: weakest tied, second weakest shown
        assert "Tied, 2nd Rows   0, Cols   0" in info
        assert "2nd weakest 0 / 0" not in info


async def test_hot_seat_names_whose_hand_and_turn_it_is(tmp_path) -> None:
    app = make_app(tmp_path, start="play", opponent="human", seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        screen.session.players[0].name = "Anna"
        screen.session.players[1].name = "Bob"
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert text_of(screen, "#rm-hand").startswith("Anna's hand (Rows):")
        assert text_of(screen, "#rm-status").startswith("Anna's turn")
        await play_one_move(pilot)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert text_of(screen, "#rm-hand").startswith("Bob's hand (Columns):")
        assert text_of(screen, "#rm-status").startswith("Bob's turn")


async def test_against_the_computer_it_is_still_your_hand_and_turn(tmp_path) -> None:
    app = make_app(tmp_path, start="play", opponent="random", seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert text_of(screen, "#rm-hand").startswith("Your hand (Rows):")
        assert text_of(screen, "#rm-status").startswith("Your turn")


async def test_five_cards_say_which_card_you_drew(tmp_path) -> None:
    app = make_app(tmp_path, start="play", opponent="random", seed=5, options={"hand": "five"})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert "you drew" not in text_of(screen, "#rm-hand")  # nothing drawn yet
        before = list(screen.state.hands[0])
        _, placed = await play_one_move(pilot)
        after = screen.state.hands[0]
        left = [before[v] - (v == placed) for v in range(6)]
        (drawn,) = [v for v in range(6) if after[v] == left[v] + 1]
        assert screen.state.last_drawn[0] == drawn
        assert f"5 cards in hand; you drew a {drawn}" in text_of(screen, "#rm-hand")


async def test_the_move_number_is_the_one_saves_list_shows(tmp_path) -> None:
    app = make_app(tmp_path, start="play", opponent="random", seed=42)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        for _ in range(3):
            await play_one_move(pilot)
        shown = text_of(screen, "#rm-info").splitlines()[0]
        assert shown == "Move 7 of 24"  # six cards placed: the seventh is next
    (summary,), _ = list_saves(tmp_path)
    assert summary.move_number == 6 and summary.progress == "move 7 of 24"


def test_every_game_lists_its_progress_as_its_screen_says_it() -> None:
    """Robo Factory: customer turns, not actions (the screen's title says 'Turn 1/8')."""
    from screens.robo_factory.draw import round_text

    factory = Match(get_game("robo-factory"), 3, {}, 4)
    for _ in range(3):  # a few actions: still the first customer turn
        factory.play(factory.state.legal_actions(factory.state.to_move()[0])[0])
    assert factory.state.move_number == 3
    view = factory.state.view(0)
    assert factory.state.progress == "turn 1/" + str(view.total_turns)
    assert round_text(view).startswith(factory.state.progress.capitalize() + "  ")
    stak = Match(get_game("stak-bots"), 2, {}, 4)
    assert stak.state.progress == f"turn {stak.state.turn}" == "turn 1"
    rally = Match(get_game("roborally"), 2, {}, 4)
    assert rally.state.progress == f"turn 1/{rally.state.max_turns}"
    master = Match(get_game("robot-master"), 2, {}, 4)
    assert master.state.progress == "move 1 of 24"


WIDE_NAME = "日本語の名前" * 6 + "日本語の"  # 40 wide characters: 80 cells


@pytest.mark.parametrize("size", [SIZE, (120, 40), (200, 60)])
async def test_long_wide_names_stay_inside_the_panels(tmp_path, size) -> None:
    """Names are measured in terminal cells: a 40-character Japanese save name (80 cells)
    is not wrapped at 31 characters, 62 cells, past the side panel. The panels are wider
    on a bigger terminal: the names still fit them."""
    app = make_app(tmp_path, start="play", opponent="human", seed=7)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        screen.session.saved.name = WIDE_NAME
        for player in screen.session.players:
            player.name = WIDE_NAME
        await pilot.press("enter")  # past the pass screen
        await settle(pilot)
        await play_one_move(pilot)
        await pilot.press("enter")
        await settle(pilot)
        for widget_id in ("#rm-info", "#rm-log", "#rm-hand", "#rm-status", "#rm-title"):
            widget = screen.query_one(widget_id, Static)
            room = widget.content_region.width
            for line in text_of(screen, widget_id).splitlines():
                assert cell_len(line) <= room, (widget_id, line)
        info = text_of(screen, "#rm-info")
        assert WIDE_NAME[:10] in info  # the name is shown, cut to the room it has
        assert "日本語の名前" in text_of(screen, "#rm-hand")


async def test_a_long_wide_save_name_in_the_status_box_ends_with_an_ellipsis(tmp_path) -> None:
    """A status "Saved as '<40 Japanese characters>'" takes 4 lines, more than the 3-line
    status box has: the name ends with an ellipsis, never cut at the box's edge without."""
    app = make_app(tmp_path, start="play", opponent="random", seed=42)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("ctrl+u", *WIDE_NAME, "enter")
        await settle(pilot)
        assert screen.session.name == WIDE_NAME
        lines = text_of(screen, "#rm-status").splitlines()
        room = screen.query_one("#rm-status", Static).content_region.width
        assert len(lines) <= 3 and all(cell_len(line) <= room for line in lines), lines
        assert lines[-1].startswith("'日本語") and lines[-1].endswith("…"), lines


async def test_names_in_the_move_log_are_safe_for_the_terminal(tmp_path) -> None:
    app = make_app(tmp_path, start="play", opponent="random", seed=42)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        screen.session.players[1].name = "Evil\x1b[2J\u202ebot"
        await play_one_move(pilot)
        log = text_of(screen, "#rm-log")
        assert "Evil" in log and "\x1b" not in log and "\u202e" not in log


def test_the_winner_line_fits_the_game_over_panel(tmp_path) -> None:
    from engines.core import GameResult
    from saves import PlayerEntry
    from screens.robot_master.screen import RobotMasterOverScreen
    from screens.session import GameSession

    players = [PlayerEntry(WIDE_NAME, "human"), PlayerEntry("Bob", "human")]
    session = GameSession.new(get_game("robot-master"), players, {}, 1, tmp_path)
    result = GameResult(
        winners=(0,), draw=False, reason="Rows win.", scores=((1, 2, 3, 4, 5), (0, 2, 3, 4, 5))
    )
    headline = RobotMasterOverScreen(session, result).summary().plain.splitlines()[0]
    assert cell_len(headline) <= 62 and headline.endswith("(Rows) wins!")


# Robot Master's side panel at 80x24: a long save name is shown whole, on two lines.
async def test_a_long_save_name_is_shown_whole(tmp_path):
    app = make_app(
        tmp_path,
        start="play",
        game="robot-master",
        opponent="human",
        seed=3,
        options={"hand": "five"},
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        screen.session.rename("robot-master 2026-11-22 08.25 (2)")
        screen.refresh_all()
        await pilot.pause()
        info = str(screen.query_one("#rm-info").render())
        assert "robot-master 2026-11-22 08.25\n(2)" in info
        assert "..." not in info
