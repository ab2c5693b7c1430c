"""Computer players for RoboRally: random, easy, normal and hard (see engines.roborally.ai)."""

from __future__ import annotations

import random

from engines.core import Action, SeatView
from engines.roborally.state import Program


class RandomPlayer:
    """Random legal programs (seldom a power down) and random decisions."""

    def __init__(self, seat: int, level: str = "random", seed: int = 0) -> None:
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        actions = view.legal_actions()
        action = actions[int(self.rng.random() * len(actions))]
        if isinstance(action, Program) and action.power_down and self.rng.random() < 0.8:
            action = Program(action.cards, False)
        return action


from engines.roborally.ai.search import EasyPlayer, NormalPlayer, SearchPlayer  # noqa: E402

LEVELS: dict[str, type] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": SearchPlayer,
}
