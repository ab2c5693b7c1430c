"""Variants of Robot Master's ``hard`` for A/B runs while tuning (not levels of the game).

Use them by name in the arena or in bench/robot_master_regret.py, e.g.
``--players bench.robot_master_variants:Exact8,hard``.
"""

from __future__ import annotations

from engines.robot_master.players import HardPlayer


class Exact7(HardPlayer):
    """Solves each deal exactly from 7 placements left."""

    endgame = 7


class Exact9(HardPlayer):
    """Solves each deal exactly from 9 placements left."""

    endgame = 9


class Top9(HardPlayer):
    """At 9 placements left, the best 6 moves by the static deals solved exactly."""

    exact_top_from = 9


class Top10(HardPlayer):
    """From 10 placements left, the best 6 moves by the static deals solved exactly."""

    exact_top_from = 10


class Top9Wide(HardPlayer):
    """At 9 placements left, the best 10 moves by the static deals solved exactly."""

    exact_top_from = 9
    exact_top = 10
