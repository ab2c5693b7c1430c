"""Robot Master's ``hard`` frozen on 2026-11-26:
a copy of engines/robot_master/{evaluation.py, search.py, players.py}
as they were (imports pointed at the copies), so later changes to the engine's players leave
this reference as it was."""

from tests.reference_players.robot_master.players import HardPlayer


class Hard2026(HardPlayer):
    """Today's ``hard``, frozen: ``--players tests.reference_players.robot_master:Hard2026``."""
