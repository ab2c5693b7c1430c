"""RoboRally: the 1994 rules, a board file format, bundled boards and courses.

Library use::

    from engines.roborally import ROBORALLY
    state = ROBORALLY.new_game(4, {"course": "first-steps"}, seed=1)
    state.to_move()          # every seat chooses its facing, then programs at once
"""

from engines.roborally.boardfile import BoardError, Layout, check_file, load_course, render
from engines.roborally.spec import ROBORALLY, RoboRallySpec
from engines.roborally.state import Decide, Program, RoboRallyState, RoboRallyView

__all__ = [
    "ROBORALLY",
    "BoardError",
    "Decide",
    "Layout",
    "Program",
    "RoboRallySpec",
    "RoboRallyState",
    "RoboRallyView",
    "check_file",
    "load_course",
    "render",
]
