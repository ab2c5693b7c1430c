"""Which game has which screen; the menu lists only games that have one.

A game's screen (and its engine) is imported when the game is opened, not at start: the menu
needs only the names of :func:`playable_game_infos`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from engines.core import GameSpec
from engines.registry import GameInfo, all_games, game_infos
from screens.glyphs import Glyphs

if TYPE_CHECKING:
    from screens.game_screen import GameScreen
    from screens.session import GameSession

# game id -> "module:Class" of its screen
GAME_SCREENS: dict[str, str] = {
    "robot-master": "screens.robot_master.screen:RobotMasterScreen",
    "stak-bots": "screens.stak_bots.screen:StakBotsScreen",
    "robo-factory": "screens.robo_factory.screen:RoboFactoryScreen",
    "roborally": "screens.roborally.screen:RoboRallyScreen",
}


def playable_game_infos() -> list[GameInfo]:
    """The games that have a screen, without importing their engines or screens."""
    return [info for info in game_infos() if info.id in GAME_SCREENS]


def playable_games() -> list[GameSpec]:
    """The specs of the games that have a screen (imports every engine)."""
    return [spec for spec in all_games() if spec.id in GAME_SCREENS]


def screen_class(game_id: str) -> type[GameScreen]:
    module, _, name = GAME_SCREENS[game_id].partition(":")
    return getattr(importlib.import_module(module), name)


def game_screen(session: GameSession, glyphs: Glyphs) -> GameScreen:
    return screen_class(session.spec.id)(session, glyphs)
