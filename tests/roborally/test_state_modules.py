"""RoboRallyState is one class built from a mixin per phase of the turn: every field a phase
module declares is set up by the state, and the old names still import from ``state``."""

from __future__ import annotations

from engines.roborally import ROBORALLY, state
from engines.roborally.board_elements import BoardElementsMixin
from engines.roborally.damage import DamageMixin
from engines.roborally.movement import MovementMixin
from engines.roborally.options import OptionsMixin
from engines.roborally.programming import ProgrammingMixin
from engines.roborally.registers import RegistersMixin
from engines.roborally.turn_end import TurnEndMixin

MIXINS = (
    ProgrammingMixin,
    RegistersMixin,
    MovementMixin,
    BoardElementsMixin,
    DamageMixin,
    OptionsMixin,
    TurnEndMixin,
)


def test_the_state_is_built_from_every_phase() -> None:
    assert all(issubclass(state.RoboRallyState, m) for m in MIXINS)


def test_every_field_a_phase_declares_is_set_up_by_the_state() -> None:
    game = ROBORALLY.new_game(3, {}, 1)
    for mixin in MIXINS:
        for name in mixin.__annotations__:
            assert name in vars(game), f"{mixin.__name__}.{name} is not set up by the state"


def test_the_names_callers_import_from_state_still_import() -> None:
    for name in state.__all__:
        assert hasattr(state, name), name
    assert state.Bot().lives == 3 and state.REGISTERS == 5 and state.MAX_DAMAGE == 10
