"""Which game has which screen; the menu lists only games that have one.

A game's screen (and its engine) is imported when the game is opened, not at start: the menu
needs only the names of :func:`playable_game_infos`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engines.core import GameSpec
from engines.registry import GameInfo, all_games, game_infos
from screens.glyphs import Glyphs

if TYPE_CHECKING:
    from rich.text import Text

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


PreviewDrawing = Callable[[dict[str, Any], bool], "Text | str | None"]


def preview_drawing(spec: GameSpec) -> PreviewDrawing | None:
    """The front end's drawing of the new-game preview that ``spec`` names
    (:attr:`GameSpec.preview_drawing`, "module:function", imported now: with its game only),
    or ``None`` where the game draws none (the dialog shows :meth:`GameSpec.preview_text`)."""
    if not spec.preview_drawing:
        return None
    module, _, name = spec.preview_drawing.partition(":")
    drawing: PreviewDrawing = getattr(importlib.import_module(module), name)
    return drawing
