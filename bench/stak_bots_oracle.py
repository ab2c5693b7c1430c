"""Stak Bots: how far the ``hard`` method gets when it sees every card (a ceiling, not a
player: it breaks the rule that a computer player reads only its view).

    python bench/stak_bots_oracle.py --players hard,easy --games 200 --seed 1 --iterations 4

Every ``hard`` in the run is given the true game (hands, face-down cards and the draw order)
instead of its sampled guesses; everything else is ``bench/stak_bots_ab.py`` (same options,
same games and seeds). Against ``easy`` this bounds what better guessing alone could add.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines.stak_bots.hard as hard  # noqa: E402
from bench import stak_bots_ab  # noqa: E402
from engines.stak_bots.state import StakState  # noqa: E402
from engines.stak_bots.view import StakView  # noqa: E402

_view = StakState.view


def view_with_truth(state: StakState, seat: int) -> StakView:
    """The seat's view with the true game attached (as ``truth``)."""
    view = _view(state, seat)
    object.__setattr__(view, "truth", state)  # the view is frozen; this bench only
    return view


def true_game(view: StakView, rng: random.Random) -> StakState:
    return view.truth.clone()  # type: ignore[attr-defined]


def show_truth(guess: Callable[[StakView, random.Random], StakState]) -> None:
    """Attach the true game to every view and make ``hard`` guess the hidden cards by
    ``guess`` (which may read it) instead of :func:`determinize`."""
    StakState.view = view_with_truth  # type: ignore[method-assign]
    hard.determinize = guess  # type: ignore[assignment]


if __name__ == "__main__":
    show_truth(true_game)
    stak_bots_ab.main()
