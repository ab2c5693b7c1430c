"""Which game has which screen; the menu lists only games that have one."""

from __future__ import annotations

from textual.screen import Screen

from engines.core import GameSpec
from engines.registry import all_games
from screens.glyphs import Glyphs
from screens.robo_factory import RoboFactoryScreen
from screens.robot_master import RobotMasterScreen
from screens.session import GameSession
from screens.stak_bots import StakBotsScreen

GAME_SCREENS: dict[str, type] = {"robot-master": RobotMasterScreen, "stak-bots": StakBotsScreen}
GAME_SCREENS["robo-factory"] = RoboFactoryScreen


def playable_games() -> list[GameSpec]:
    return [spec for spec in all_games() if spec.id in GAME_SCREENS]


def game_screen(session: GameSession, glyphs: Glyphs) -> Screen:
    return GAME_SCREENS[session.spec.id](session, glyphs)


from screens.roborally import RoboRallyScreen  # noqa: E402

GAME_SCREENS["roborally"] = RoboRallyScreen
