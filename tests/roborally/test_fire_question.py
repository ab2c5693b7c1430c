"""A robot with a laser option card is asked how to fire: the question names the robot
its laser hits, and where it is (with 8 robots the line of fire is not obvious)."""

from __future__ import annotations

from screens.roborally.screen import RoboRallyScreen
from tests.roborally.test_ai_options import GRID_3x5, make, program, run_until


def test_the_fire_question_names_the_target() -> None:
    grid = GRID_3x5.replace(".. .. .. .. ..\n.. .. .. .. ..\n", ".. .. .. .. ..\n.. .. .. XX ..\n")
    state = make(grid, ["a2 N options=pressor-beam", "c2 S"], ["e3"])
    program(state, 0, ["R", "L", "R", "L", "R"])
    program(state, 1, ["L", "R", "L", "R", "L"])
    run_until(state, 0, "fire")
    view = state.view(0)
    assert view.fire_target == 1
    assert state.view(1).fire_target == -1  # only the seat that decides
    question = RoboRallyScreen._question(None, view)  # type: ignore[arg-type]
    where = view.layout.short_name(state.bots[1].pos)
    assert question == f"Your laser hits Blue ({where}). Fire how?"
