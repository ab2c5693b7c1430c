"""RoboRally's ``hard`` frozen on 2026-11-26:
a copy of engines/roborally/ai/{evaluation, fire, options, sacrifice, search, simulation}.py
as they were (imports pointed at the copies), so later changes to the engine's players leave
this reference as it was."""

from tests.reference_players.roborally.search import SearchPlayer


class Hard2026(SearchPlayer):
    """Today's ``hard``, frozen: ``--players tests.reference_players.roborally:Hard2026``."""
