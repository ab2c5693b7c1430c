"""Results as the table server records them: a finished game, or a running game closed
before its end ("abandoned"). Every seat keeps its own outcome (``win``, ``loss``,
``draw``, ``resigned``, ``abandoned``); ``outcome`` says how the game itself ended."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import GameResult
from hosting.names import with_level
from hosting.ratings import computer_identity
from hosting.results import headline, seat_ranks
from hosting.store import SeatResult, Store
from hosting.table import COMPUTER, MOVES, OPEN_SEAT, STAND_IN_MOVES, Table

FINISHED_OUTCOME, ABANDONED = "finished", "abandoned"


def record_result(
    store: Store,
    table_id: int,
    game: str,
    finished: str,
    players: list[dict[str, str]],
    outcome: str,
    result: GameResult | None = None,
    seats: list[SeatResult] | None = None,
    save_path: str | None = None,
) -> None:
    """Keep one result. The game's ``outcome`` is also each unfinished seat's word
    (``abandoned``), so a results list tells an abandoned game from a finished one.
    The headline Recent games shows is made here: from the game's ``result`` when it
    ended, "abandoned: ..." when it did not."""
    names = [p["name"] for p in players]
    line = headline(game, result if outcome != ABANDONED else None, names)
    if seats is None:
        store.add_result(table_id, game, finished, players, headline=line, outcome=outcome)
        return
    store.add_rated_result(
        table_id,
        game,
        finished,
        players,
        seats,
        headline=line,
        outcome=outcome,
        save_path=save_path,
    )


def seat_results(table: Table, names: Callable[[str], str | None]) -> list[SeatResult]:
    """Each seat of a table whose game ended (or was closed) as history keeps it: who,
    rank (winners first, resigned seats last), outcome and the moves a stand-in played."""
    result = table.saved.match.state.result()
    count = len(table.seats)
    left = [s.seat for s in table.seats if s.kind != COMPUTER and table.resigned(s.seat)]
    if result is not None:
        ranks = seat_ranks(table.spec.id, result, count, left)
    else:
        ranks = [2 if s in left else 1 for s in range(count)]
    players = table.result_players(names, unfinished=ABANDONED)
    moves, stand_in = table.move_counts(MOVES), table.move_counts(STAND_IN_MOVES)
    computers = table.computer_names()
    out = []
    for row, player, rank in zip(table.seats, players, ranks, strict=True):
        if row.kind == COMPUTER:
            who = computer_identity(row.level or "normal")
            name = with_level(computers[row.seat], row.level)
        else:
            who = row.owner_key or ""
            name = (names(row.owner_key) if row.owner_key else None) or OPEN_SEAT
        out.append(
            SeatResult(
                row.seat,
                who,
                row.kind,
                name,
                rank,
                player["outcome"],
                moves[row.seat],
                stand_in[row.seat],
            )
        )
    return out
