"""Variants of Robot Master's ``hard`` for A/B runs while tuning (not levels of the game).

Use them by name in the arena or in bench/robot_master_regret.py, e.g.
``--players bench.robot_master_variants:Exact7,hard``.
"""

from __future__ import annotations

from engines.robot_master.players import HardPlayer


class Exact7(HardPlayer):
    """Solves each deal exactly from 7 placements left."""

    endgame = 7


class Exact9(HardPlayer):
    """Solves each deal exactly from 9 placements left."""

    endgame = 9


class Static9(HardPlayer):
    """At 9 placements left, the static deals only (as before the best few were solved)."""

    exact_top_from = 0


class Top10(HardPlayer):
    """From 10 placements left, the best 6 moves by the static deals solved exactly."""

    exact_top_from = 10


class Five6(HardPlayer):
    """Five-card hands: every move solved from 6 left, the best 6 at 7 left."""

    endgame_five = 6
    exact_top_from_five = 7


class Top9Narrow(HardPlayer):
    """At 9 placements left, the best 4 moves by the static deals solved exactly."""

    exact_top = 4
