"""Stak Bots' screen: its drawing of stacks and options (render.py), the event log's words
(log.py) and the game screen (screen.py: keys, phases, turns) with its parts (prompts.py,
keys.py, panels.py)."""

from screens.stak_bots.screen import StakBotsScreen

__all__ = ["StakBotsScreen"]
