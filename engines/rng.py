"""Game randomness that replays identically across Python versions.

Python only promises ``random.Random.random()`` to be stable between releases;
``shuffle``/``choice``/``randint`` may change. Deals are therefore built on
``random()`` alone, so a saved seed rebuilds the same game on any Python.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class GameRandom:
    """A seeded source of randomness for the rules (never for computer players)."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        if n <= 0:
            raise ValueError("n must be positive")
        return min(int(self._rng.random() * n), n - 1)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def getstate(self) -> object:
        return self._rng.getstate()

    def setstate(self, state: object) -> None:
        self._rng.setstate(state)  # type: ignore[arg-type]

    def clone(self) -> GameRandom:
        other = GameRandom.__new__(GameRandom)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        return other
