"""A hand card put in a register shows that register for its number (``Move2 →3``; ``>3``
in ASCII), not only strike-through and grey: a terminal without strike-through shows
grey only. And in ASCII a robot's death in the preview (``!3``) cannot be read as a pit
(``XX``)."""

from __future__ import annotations

import pytest

from engines.roborally.cards import KIND, MOVE1, MOVE2, MOVE3, ROTATES
from engines.roborally.preview import preview_program
from screens.roborally.draw import ASCII_SET, UNICODE_SET, card_label
from tests.roborally.test_ui import facing_north
from tests.ui_helpers import SIZE, make_app


@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
async def test_a_card_in_a_register_names_the_register(tmp_path, ascii_only) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=2,
        opponent="random",
        seed=11,
        options={"course": "first-steps"},
        ascii=ascii_only,
    )
    async with app.run_test(size=SIZE) as pilot:
        screen = await facing_north(pilot)
        hand = list(screen.my_view().hand)
        await pilot.press("3", "1")  # the third card into register 1, the first into 2
        prog = str(screen.query_one("#rr-prog").render())
        into = ">" if ascii_only else "→"
        hand_part = prog.split("Hand")[1]
        kinds = [card_label(card).split()[0] for card in hand]
        assert f"3 {kinds[2]} {into}1" in hand_part
        assert f"1 {kinds[0]} {into}2" in hand_part
        assert f"2 {card_label(hand[1])}" in hand_part  # still in the hand: its number
        await pilot.press("backspace")  # the first card comes back to the hand
        prog = str(screen.query_one("#rr-prog").render())
        assert f"1 {card_label(hand[0])}" in prog.split("Hand")[1]


def test_the_ascii_death_mark_is_no_board_glyph() -> None:
    board = {
        ASCII_SET.floor,
        ASCII_SET.wall,
        ASCII_SET.south,
        ASCII_SET.corner,
        ASCII_SET.gear_cw,
        ASCII_SET.beam_v,
        ASCII_SET.beam_h,
        *ASCII_SET.pit,
        *ASCII_SET.belt,
        *ASCII_SET.robot,
        "F",
        "s",
        "C",
    }
    assert ASCII_SET.dead not in board
    assert UNICODE_SET.dead not in UNICODE_SET.pit


async def test_a_register_ending_under_the_robot_is_named(tmp_path) -> None:
    """A turn first (the robot stays on its square, whose symbol covers register 1's mark),
    then a move: the preview line names the robot's square with register 1."""
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=2,
        opponent="random",
        seed=11,
        options={"course": "first-steps"},
    )
    async with app.run_test(size=SIZE) as pilot:
        screen = await facing_north(pilot)
        view = screen.my_view()
        hand = list(view.hand)
        turn = next(i for i, c in enumerate(hand) if KIND[c] in ROTATES)
        move = next(i for i, c in enumerate(hand) if KIND[c] in (MOVE1, MOVE2, MOVE3))
        await pilot.press(str(turn + 1), str(move + 1))
        me = view.robots[view.seat]
        preview = preview_program(screen.state, view.seat, [*screen.chosen, 0, 0, 0], 2)
        assert preview.path[0][0] == me.pos  # register 1 ends where the robot stands
        _, line = screen.preview(screen.my_view())
        assert f"{view.layout.short_name(me.pos)} (under your robot) after 1" in line, line
