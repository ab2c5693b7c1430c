"""Computer players for Robot Master. Each sees only its seat's view."""

from __future__ import annotations

import random

from engines.robot_master.state import Place, RobotMasterView


class RandomPlayer:
    """Plays a uniformly random legal move."""

    def __init__(self, seat: int, level: str = "random", seed: int = 0) -> None:
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: RobotMasterView) -> Place:
        return self.rng.choice(view.legal_actions())


LEVELS: dict[str, type] = {"random": RandomPlayer}
