"""A robot whose move is blocked (by a wall, or by a robot that cannot be pushed) stays
alive on its square in every picture of the playback: the playback follows the engine's
structured events (engines/roborally/events.py), not its log sentences."""

from __future__ import annotations

from engines.roborally.events import CardPlayed, Shoved
from engines.roborally.state import SEAT_NAMES, RoboRallyState
from screens.roborally.draw import draw_board
from screens.roborally.frames import Frame
from screens.roborally.playback import with_card_steps
from tests.roborally.test_log import one_turn, register_lines


def _register_one(state: RoboRallyState) -> list[Frame]:
    """The playback's frames of turn 1, register 1: a frame a card, then its end."""
    pictures = [p for p in state.trace or [] if (p.turn, p.register) == (1, 1)]
    return with_card_steps(pictures, state.layout)


def _robots(picture: Frame) -> list[tuple[int, int, int, bool]]:
    """The robots as the playback draws them for a frame (see robots_now)."""
    return [(s, b.pos, b.facing, b.virtual) for s, b in enumerate(picture.bots)]


def _alive_on(state: RoboRallyState, seat: int, square: str, facing: int) -> None:
    lay = state.layout
    cell = next(i for i in range(lay.width * lay.height) if lay.short_name(i) == square)
    shown = _register_one(state)
    assert len(shown) >= 3  # two cards, then the register's end
    for picture in shown:
        bot = picture.bots[seat]
        assert (bot.pos, bot.facing) == (cell, facing), picture.card
        text = draw_board(lay, _robots(picture), True, (0, 0, lay.width, lay.height))
        row, col = divmod(cell, lay.width)
        assert text.plain.splitlines()[row][col * 3 + 1] == SEAT_NAMES[seat][0]  # drawn there


def test_a_move_into_a_wall_leaves_the_robot_alive_on_its_square() -> None:
    # Red (Move1 670) faces a wall east of a1; Blue turns right (80) after it
    state = one_turn(
        ".. .. .. ..\n.. .. .. ..", ["a1 E", "d2 W"], ["1 L R L R", "R L R L R"], walls=["a1 E"]
    )
    events, lines = register_lines(state, 1, 1)
    assert events[0].startswith("0 plays") and events[0].endswith(": a1E (blocked)")
    assert any(line.startswith("  Red Move1: a1E (blocked)") for line in lines)
    _alive_on(state, 0, "a1", 1)


def test_a_move_stopped_short_by_a_wall_leaves_the_robot_on_the_last_square() -> None:
    # Red's Move2 from a1: one step to b1, then a wall east of b1
    state = one_turn(
        ".. .. .. ..\n.. .. .. ..", ["a1 E", "d2 W"], ["2 L R L R", "R L R L R"], walls=["b1 E"]
    )
    events, _ = register_lines(state, 1, 1)
    assert events[0].endswith(": a1E -> b1E (blocked)")
    _alive_on(state, 0, "b1", 1)


def test_a_robot_that_cannot_be_pushed_blocks_the_move_and_both_stay() -> None:
    # Red pushes Blue (powered down) east, but a wall east of Blue's b1 holds both
    state = one_turn(
        ".. .. .. ..\n.. .. .. ..",
        ["a1 E", "b1 N powered", "d2 W"],
        ["1 L R L R", "-", "R L R L R"],
        walls=["b1 E"],
    )
    happened = next(p for p in state.trace or [] if (p.turn, p.register) == (1, 1)).happened
    red = next(e for e in happened if isinstance(e, CardPlayed) and e.seat == 0)
    assert red.blocked and red.outcome == "blocked" and not red.path.gone
    assert not any(isinstance(e, Shoved) for e in happened)
    _alive_on(state, 0, "a1", 1)
    _alive_on(state, 1, "b1", 0)
