"""Robo Factory: deduce the customer's secret robot and build it first (2 to 6 players).

Library use::

    from engines.robo_factory import Robot, match_count
    match_count(("red", "green", "blue"), ("red", "yellow", "blue"))   # 2
    match_count(Robot.parse("RGB"), ("red", "green", "blue"))          # 3

``match_count(a, b)`` takes two robots, each a :class:`Robot` or three colour names
(``"red"``, ``"green"``, ``"blue"``, ``"yellow"``) for head, torso and legs, and returns how
many parts have the same colour. It raises ``TypeError`` for other kinds of value and
``ValueError`` for a wrong number of parts or an unknown colour.
"""

from engines.robo_factory.cards import COLOURS, PARTS, Robot, match_count, to_robot
from engines.robo_factory.spec import ROBO_FACTORY, RoboFactorySpec, describe_event
from engines.robo_factory.state import Build, Buy, Event, RoboFactoryState, RoboFactoryView

__all__ = [
    "COLOURS",
    "PARTS",
    "ROBO_FACTORY",
    "Build",
    "Buy",
    "Event",
    "RoboFactorySpec",
    "RoboFactoryState",
    "RoboFactoryView",
    "Robot",
    "describe_event",
    "match_count",
    "to_robot",
]
