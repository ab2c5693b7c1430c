"""Robo Factory's footer at 80x24 as it is drawn: the keys of each phase in priority order
(hint, undo, the possible robots, save where they fit), the notepad's own keys while it has
them, and Eureka gone once used, also on the next turn and after resume."""

from __future__ import annotations

from textual.widgets import Footer

from engines.robo_factory.cards import letters
from engines.robo_factory.state import BUILD, BUY, REBUILD
from screens.footer_keys import footer_key_width
from screens.game_screen import GameScreen
from screens.robo_factory.screen import FOOTER_MAIN, FOOTER_OPTIONAL
from tests.robo_factory.test_screen import act, quit_and_resume, visible_lines
from tests.robo_factory.test_ui import close_turn_results, start
from tests.ui_helpers import SIZE, make_app, rf_screen, settle


def footer_line(screen) -> str:
    """The footer's row as drawn on the screen (the bottom row of the composed screen)."""
    footer = screen.query_one(Footer)
    strips = screen._compositor.render_strips()
    return strips[footer.region.y].text.rstrip()


def footer_keys(screen) -> list[str]:
    """The footer's keys as drawn, e.g. ``["rgby Colour", "e Eureka", ...]``."""
    return [part.strip() for part in footer_line(screen).split("  ") if part.strip()]


def new_app(tmp_path, seed: int = 42, players: int = 3, **kwargs):
    return make_app(
        tmp_path,
        start="play",
        game="robo-factory",
        players=players,
        opponent="random",
        seed=seed,
        **kwargs,
    )


async def to_my_build(pilot) -> None:
    """Play on (passing, building a possible robot, closing results) until the human
    builds."""
    screen = rf_screen(pilot.app)
    while not (screen.human_to_move() and screen.state.phase in (BUILD, REBUILD)):
        await act(pilot)
        await close_turn_results(pilot)


def test_every_footer_fits_80_columns_with_rules_and_quit() -> None:
    """The keys that always show (a mode's and "? Rules  q Quit") leave room at 80
    columns, and the optional ones are each narrower than the room left in some mode."""
    end = sum(footer_key_width(k, d) for _, k, d in GameScreen.FOOTER_END)
    for mode, keys in FOOTER_MAIN.items():
        assert sum(footer_key_width(k, d) for _, k, d in keys) + end <= 80 - 8, mode
    assert footer_key_width("Tab", "Build") == footer_key_width("Tab", "Notes")
    assert [a for a, _, _ in FOOTER_OPTIONAL] == ["confirm", "hint", "undo", "possible", "save_as"]


async def test_buy_and_build_footers_show_hint_and_undo_where_they_fit(tmp_path) -> None:
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        assert screen.state.phase == BUY and screen.human_to_move()
        # nothing of yours to take back yet: no "u Undo"; the possible robots fit instead
        assert footer_keys(screen) == [
            "1-3 Card",
            "n No buy",
            "Enter OK",
            "Tab Notes",
            "H Hint",
            "p Possible",
            "? Rules",
            "q Quit",
        ]
        await pilot.press("n")
        await settle(pilot)
        await to_my_build(pilot)
        # the pass can be taken back: undo is offered, in the room of "p Possible"
        assert footer_keys(screen) == [
            "rgby Colour",
            "e Eureka",
            "Enter OK",
            "Tab Notes",
            "H Hint",
            "u Undo",
            "? Rules",
            "q Quit",
        ]
        assert len(footer_line(screen)) <= 80
        # a key that did not fit still works
        await pilot.press("p")
        assert "Possible robots" in str(screen.query_one("#rf-log").render())
        await pilot.press("p", "u")
        await settle(pilot)
        assert "Took back" in screen.message and screen.state.phase == BUY
        assert "u Undo" not in footer_keys(screen)  # nothing left to take back


async def test_a_wider_terminal_shows_every_key(tmp_path) -> None:
    app = new_app(tmp_path)
    async with app.run_test(size=(110, 24)) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        await pilot.press("n")
        await settle(pilot)
        await to_my_build(pilot)
        assert footer_keys(screen) == [
            "rgby Colour",
            "e Eureka",
            "Enter OK",
            "Tab Notes",
            "H Hint",
            "u Undo",
            "p Possible",
            "^s Save",
            "? Rules",
            "q Quit",
        ]
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert footer_keys(screen)[-4:] == ["H Hint", "u Undo", "? Rules", "q Quit"]


async def test_the_notepad_has_its_own_keys_and_footer(tmp_path) -> None:
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        await pilot.press("n")
        await settle(pilot)
        await to_my_build(pilot)
        await pilot.press("g", "down")  # building: head green, then the legs
        assert screen.parts == [1, None, None] and screen.part == 2
        await pilot.press("tab")
        await settle(pilot)
        assert footer_keys(screen) == [
            "Tab Build",
            "arrows Move",
            "Space/x/o Mark",
            "Del Clear",
            "Enter OK",
            "? Rules",
            "q Quit",
        ]
        status = str(screen.query_one("#rf-status").render())
        assert "Notepad: arrows or r g b y move" in status and "Build:" not in status
        notes = visible_lines(screen.query_one("#rf-notes"))
        assert notes[4].strip() == "x out o sure ? maybe"
        # r g b y move the notepad's cursor to their column; the robot stays as it was
        await pilot.press("down", "b", "x", "y", "o", "r", "space")
        assert screen.parts == [1, None, None] and screen.part == 2
        assert screen.notes[0] == {(1, 2): "x", (1, 3): "o", (1, 0): "x"}
        await pilot.press("tab")
        await settle(pilot)
        assert footer_keys(screen)[:4] == ["rgby Colour", "e Eureka", "Enter OK", "Tab Notes"]
        # back to building: r colours the legs; x no longer marks the notepad, and says why
        await pilot.press("r", "x")
        assert screen.parts == [1, None, 0]
        assert screen.notes[0] == {(1, 2): "x", (1, 3): "o", (1, 0): "x"}
        assert "Tab first" in screen.message


async def test_the_notepad_while_buying_keeps_the_buying_keys(tmp_path) -> None:
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        assert screen.state.phase == BUY
        await pilot.press("tab")
        await settle(pilot)
        assert footer_keys(screen)[0] == "Tab Back"
        assert "Tab: back to buying." in str(screen.query_one("#rf-status").render())
        await pilot.press("2")  # still picks a card
        assert screen.pick == 1


async def test_eureka_leaves_the_footer_once_used_also_after_resume(tmp_path) -> None:
    # Two players: you are the only manufacturer, so a wrong first try is followed at once
    # by your second try, with no computer move (and no other footer) in between.
    app = new_app(tmp_path, seed=9, players=2)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        await to_my_build(pilot)
        assert screen.state.phase == BUILD and "e Eureka" in footer_keys(screen)
        # build a robot that cannot be the order, with Eureka: it is used at the check
        view = screen.state.view(0)
        wrong = next(c for c in range(64) if c not in view.candidates())
        await pilot.press(*letters(wrong).lower(), "e", "enter")
        await settle(pilot)
        assert screen.state.phase == REBUILD and screen.human_to_move()
        assert screen.state.eureka_used[0]
        keys = footer_keys(screen)
        assert "rgby Colour" in keys and "e Eureka" not in keys
        assert "Eureka used" in str(screen.query_one("#rf-build").render())
        await pilot.press("e")
        assert "already used your Eureka" in screen.message
        # your next turn's build
        await act(pilot)
        await close_turn_results(pilot)
        await to_my_build(pilot)
        assert screen.state.turn == 3
        keys = footer_keys(screen)
        assert "rgby Colour" in keys and "e Eureka" not in keys
        app2, _ = await quit_and_resume(pilot, app, tmp_path)
    async with app2.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = rf_screen(app2)
        assert screen.state.turn == 3 and screen.human_to_move()
        keys = footer_keys(screen)
        assert "rgby Colour" in keys and "e Eureka" not in keys


async def test_the_footer_tells_the_truth_in_ascii(tmp_path) -> None:
    app = new_app(tmp_path, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        await pilot.press("tab")
        await settle(pilot)
        line = footer_line(screen)
        assert line.isascii() and "Space/x/o Mark" in line and line.endswith("q Quit")
