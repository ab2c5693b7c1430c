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
