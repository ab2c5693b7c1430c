"""Stak Bots' screen: its drawing of stacks and options (render.py) and the game screen
(screen.py)."""

from screens.stak_bots.screen import StakBotsScreen

__all__ = ["StakBotsScreen"]
