"""Robo Factory's screen: its drawing (draw.py), the game screen (screen.py) and its styles."""

from screens.robo_factory.screen import RoboFactoryScreen

__all__ = ["RoboFactoryScreen"]
