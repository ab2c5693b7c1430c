"""Words of the RoboRally log and Programs panel: a destroyed or out robot
is never "powered down", robots out of the game have no program row, and a robot laser's hit
says its damage as a board laser's does."""

from __future__ import annotations

from tests.roborally.test_log import one_turn, register_lines
from tests.roborally.test_ui import wait_human
from tests.ui_helpers import SIZE, make_app, rr_screen, settle


def test_a_powered_down_robot_destroyed_is_no_longer_called_powered_down() -> None:
    # Red pushes powered-down Blue and Green east; Green falls into the pit at d1 in
    # register 1 and is gone for registers 2 to 5; Blue stays powered down on the board.
    state = one_turn(
        ".. .. .. XX\n.. .. .. ..",
        ["a1 E", "b1 N powered", "c1 S powered"],
        ["1 L R L R", "-", "-"],
        decisions=["2 reenter N"],
    )
    for reg in range(1, 6):
        _, lines = register_lines(state, 1, reg)
        header = lines[0]
        assert header.startswith(f"Register {reg}: ")
        assert "Green powered down" not in header, header
        assert "Blue powered down" in header, header


def test_an_out_robot_that_was_powered_down_is_not_called_powered_down() -> None:
    state = one_turn(
        ".. .. .. XX\n.. .. .. ..",
        ["a1 E", "b1 N powered", "c1 S powered"],
        ["1 L R L R", "-", "-"],
        decisions=["2 reenter N"],
    )
    trace = state.trace or []
    picture = next(p for p in trace if (p.turn, p.register) == (1, 3))
    green = picture.bots[2]
    green.lives, green.powered = 0, True  # its last life: out of the game, flag still set
    from screens.roborally.log import narrate

    before = [(b.pos, b.facing) for b in picture.bots]
    header = narrate(picture, before, state.layout)[0][0]
    assert "Green" not in header, header


def test_a_robot_laser_hit_says_its_damage() -> None:
    state = one_turn(".. .. .. .. ..", ["a1 E", "e1 W"], ["L R L R L", "R L R L R"])
    events, lines = register_lines(state, 1, 2)
    assert "0 hit by 1 (1)" in events and "1 hit by 0 (1)" in events
    assert "  Red shot by Blue (1)" in lines and "  Blue shot by Red (1)" in lines


def test_a_board_laser_hit_is_worded_alike() -> None:
    state = one_turn(
        ".. .. ..",
        ["c1 N powered", "a1 N powered"],
        ["-", "-"],
        lasers=[{"at": "b1", "dir": "E", "beams": 1}],
    )
    _, lines = register_lines(state, 1, 1)
    assert "  Red hit by a board laser (1)" in lines


async def test_the_programs_panel_has_no_row_for_a_robot_out_of_the_game(tmp_path) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=3,
        opponent="random",
        seed=6,
        options={"course": "first-steps"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        await pilot.press("1")  # facing
        await wait_human(pilot)
        screen.running = False  # step by step: a picture stays on screen
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await settle(pilot)
        await pilot.press("space")
        await settle(pilot)
        assert screen.shown is not None
        bots = screen.shown.bots
        bots[1].pos, bots[1].lives, bots[1].powered = -1, 0, True  # Blue: out of the game
        bots[2].pos, bots[2].lives, bots[2].powered = -1, 1, True  # Green: destroyed
        screen.refresh_all()
        await settle(pilot)
        prog = str(screen.query_one("#rr-prog").render())
        programs = prog.split("Programs")[1].splitlines()[1:4]
        names = [row.split()[0] for row in programs if row.strip()]
        assert "Blue" not in names, prog
        green = next(row for row in programs if row.split()[:1] == ["Green"])
        assert green.split()[1:] == ["dead"], prog  # not "off": it is not powered down
