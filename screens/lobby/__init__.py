"""The lobby of ``robotui serve``: the tables, the first-visit name, the new-table and
join-by-code dialogs, and the waiting room of a table that has not started."""

from screens.lobby.dialogs import CodeScreen, GamePickScreen
from screens.lobby.lobby import LobbyScreen
from screens.lobby.name import NameScreen
from screens.lobby.waiting import WaitingRoom

__all__ = ["GamePickScreen", "CodeScreen", "LobbyScreen", "NameScreen", "WaitingRoom"]
