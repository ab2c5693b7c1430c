"""Results as the table server records them: a finished game, or a running game closed
before its end ("abandoned"). Every seat keeps its own outcome (``win``, ``loss``,
``draw``, ``resigned``, ``abandoned``); ``outcome`` says how the game itself ended."""

from __future__ import annotations

from engines.core import GameResult
from hosting.results import headline
from hosting.store import Store

FINISHED_OUTCOME, ABANDONED = "finished", "abandoned"


def record_result(
    store: Store,
    table_id: int,
    game: str,
    finished: str,
    players: list[dict[str, str]],
    outcome: str,
    result: GameResult | None = None,
) -> None:
    """Keep one result. The game's ``outcome`` is also each unfinished seat's word
    (``abandoned``), so a results list tells an abandoned game from a finished one.
    The headline Recent games shows is made here: from the game's ``result`` when it
    ended, "abandoned: ..." when it did not."""
    names = [p["name"] for p in players]
    line = headline(game, result if outcome != ABANDONED else None, names)
    store.add_result(table_id, game, finished, players, headline=line, outcome=outcome)
