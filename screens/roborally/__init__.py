"""RoboRally's screen: its drawing (draw.py), its action log (log.py), the game screen
(screen.py: keys, phases, turns) with its parts (programming.py, decisions.py, playback.py,
panels.py) and its styles.

The screen class is exported lazily: the shared new-game dialog imports this package's drawing
(options_preview), and the screen imports the shared game screen, which imports the new-game
dialog; importing the screen here at once would close that loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from screens.roborally.screen import RoboRallyScreen

__all__ = ["RoboRallyScreen"]


def __getattr__(name: str) -> Any:
    if name == "RoboRallyScreen":
        from screens.roborally.screen import RoboRallyScreen

        return RoboRallyScreen
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
