"""Robot Master: Reiner Knizia's 5×5 card placement duel.

Library use::

    from engines.robot_master import line_score, compare_lines
    line_score([3, 3, 3, 3, 4])          # 107
    cmp = compare_lines(rows, columns)   # winner 0 (rows), 1 (columns) or None, and level
"""

from engines.robot_master.scoring import LineComparison, compare_lines, line_score
from engines.robot_master.spec import ROBOT_MASTER, RobotMasterSpec
from engines.robot_master.state import Place, RobotMasterState, RobotMasterView

__all__ = [
    "ROBOT_MASTER",
    "LineComparison",
    "Place",
    "RobotMasterSpec",
    "RobotMasterState",
    "RobotMasterView",
    "compare_lines",
    "line_score",
]
