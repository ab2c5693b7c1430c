"""Robot Master's screen: the board widget (board.py) and the game screen (screen.py)."""

from screens.robot_master.screen import RobotMasterScreen

__all__ = ["RobotMasterScreen"]
