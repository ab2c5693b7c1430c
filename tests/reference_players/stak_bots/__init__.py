"""Stak Bots's ``hard`` frozen on 2026-11-26:
a copy of engines/stak_bots/{search.py, players.py}
as they were (imports pointed at the copies), so later changes to the engine's players leave
this reference as it was."""

from tests.reference_players.stak_bots.players import HardPlayer


class Hard2026(HardPlayer):
    """Today's ``hard``, frozen: ``--players tests.reference_players.stak_bots:Hard2026``."""
