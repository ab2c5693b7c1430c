"""Stak Bots: stack your bots, trigger chains of entry effects, scrap every rival stack.

Library use::

    from engines.stak_bots import STAK_BOTS
    state = STAK_BOTS.new_game(2, {"depth": 9}, seed=1)
    state.legal_actions()          # [Move('play', 'shot'), Move('scrap'), ...]
"""

from engines.stak_bots.cards import CardSet, CardSetError, default_card_set, load_card_set
from engines.stak_bots.moves import Choice, Move
from engines.stak_bots.spec import STAK_BOTS, StakBotsSpec
from engines.stak_bots.state import StakState
from engines.stak_bots.view import StakView

__all__ = [
    "STAK_BOTS",
    "CardSet",
    "CardSetError",
    "Choice",
    "Move",
    "StakBotsSpec",
    "StakState",
    "StakView",
    "default_card_set",
    "load_card_set",
]
