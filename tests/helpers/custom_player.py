"""Computer players loaded by ``package.module:Class`` specs in the CLI tests."""

from __future__ import annotations

from engines.core import Action, SeatView


class FirstLegalPlayer:
    """Always plays the first legal action: deterministic and fast."""

    def __init__(self, seat: int, level: str, seed: int) -> None:
        self.seat = seat
        self.level = level
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        return view.legal_actions()[0]


class NoChoosePlayer:
    """Has no ``choose`` method, so it is not a valid player."""

    def __init__(self, seat: int, level: str, seed: int) -> None:
        self.seat = seat


class CrashingPlayer(FirstLegalPlayer):
    """Fails on its first decision, to check the arena reports errors without a traceback."""

    def choose(self, view: SeatView) -> Action:
        raise RuntimeError("this player always crashes")
