"""Robo Factory's ``hard`` frozen on 2026-11-26:
a copy of engines/robo_factory/{reasoning.py, crowd.py, winplay.py, players.py}
as they were (imports pointed at the copies), so later changes to the engine's players leave
this reference as it was."""

from tests.reference_players.robo_factory.players import HardPlayer


class Hard2026(HardPlayer):
    """Today's ``hard``, frozen: ``--players tests.reference_players.robo_factory:Hard2026``."""
