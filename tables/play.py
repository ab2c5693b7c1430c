"""Playing at a table (built on :class:`tables.host.Host`): applying moves, saving,
starting and finishing games, computer seats and stand-ins thinking in the pool, and the
RoboRally program timer."""

from __future__ import annotations

import asyncio
import logging
import time

from engines.core import Action
from engines.players import make_player
from saves import SaveError
from tables.host import Host
from tables.results import headline
from tables.store import now_text
from tables.table import FINISHED, PERSON, PLAYING, WAITING, Table

log = logging.getLogger(__name__)


class PlayMixin(Host):
    """Moves, computers, the timer and stand-ins."""

    def _save(self, table: Table) -> None:
        try:
            table.write(self._name)
        except (SaveError, OSError) as exc:
            log.error("table %s could not be saved: %s", table.id, exc)

    def _start_if_full(self, table: Table) -> None:
        """A waiting table starts once every person seat is taken."""
        if table.status != WAITING or table.free_seats():
            return
        table.status = PLAYING
        assert self.store is not None
        self.store.set_status(table.id, PLAYING)
        self._send_seats(table)
        self._advance(table)

    def _apply(self, table: Table, seat: int, action: Action) -> None:
        """Play a checked action: log, save, tell every follower, then go on."""
        index = table.play(action, seat)
        text = table.saved.match.log[index].text
        self._save(table)
        self._to_followers(
            table, {"type": "move", "table": table.id, "index": index, "seat": seat, "text": text}
        )
        if table.saved.match.state.is_terminal():
            self._finish(table)
        else:
            self._advance(table)
        self._lobby_changed()

    def _finish(self, table: Table) -> None:
        self._stop_timer(table)
        table.status = FINISHED
        table.finished_at = time.time()
        finished = now_text()
        assert self.store is not None
        self.store.set_status(table.id, FINISHED, finished)
        players = table.result_players(self._name)
        result = table.saved.match.state.result()
        self.store.add_result(
            table.id, table.spec.id, finished, players,
            headline=headline(table.spec.id, result, [p["name"] for p in players]),
            outcome="drawn" if result is not None and result.draw else "won",
        )
        self._results = None
        self._send_seats(table)

    def _advance(self, table: Table) -> None:
        """Start the computer seats (and stand-ins) to move; start or stop the timer."""
        if (self._stopping or table.status != PLAYING
                or self.tables.get(table.id) is not table):
            return
        for seat in table.to_move():
            level = table.plays_itself(seat)
            if level is not None and seat not in table.thinking:
                table.thinking[seat] = table.generation
                self.spawn(self._think(table, seat, level))
        self._check_timer(table)

    async def _think(self, table: Table, seat: int, level: str) -> None:
        generation = table.generation
        try:
            player = table.player_for(seat, level)
            view = table.saved.match.state.view(seat)
            try:
                action, player = await self.pool.choose(player, view)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a broken worker: a random move keeps the game going
                log.error("computer player failed at table %s: %s", table.id, exc)
                action = self._random_action(table, seat)
        finally:
            table.thinking.pop(seat, None)
        if (self.tables.get(table.id) is not table or table.generation != generation
                or table.plays_itself(seat) != level or seat not in table.to_move()):
            self._advance(table)
            return
        table.players[(seat, level)] = player
        try:
            legal = action in table.saved.match.state.legal_actions(seat)
        except Exception:
            legal = False
        if not legal:  # the position moved on under it: a random legal move instead
            action = self._random_action(table, seat)
        self._apply(table, seat, action)

    def _random_action(self, table: Table, seat: int) -> Action:
        player = make_player(table.spec, "random", seat, table.saved.match.seed + seat)
        return player.choose(table.saved.match.state.view(seat))

    # -- stand-ins ----------------------------------------------------------------------
    def _set_stand_in(self, table: Table, seat: int, level: str | None) -> None:
        row = table.seats[seat]
        row.stand_in = level
        table.generation += 1  # a think in flight for the old player is dropped
        assert self.store is not None
        self.store.set_seat(table.id, row)
        self._send_seats(table)
        self._lobby_changed()
        self._advance(table)

    # -- the RoboRally timer ------------------------------------------------------------
    def _timer_seat(self, table: Table) -> int | None:
        """The one person seat still programming when every other seat has, if the
        table has the timer on."""
        if not table.timer or table.status != PLAYING or table.filling:
            return None
        state = table.saved.match.state
        if getattr(state, "phase", None) != "program" or table.spec.max_players < 2:
            return None
        seats = state.to_move()
        if len(seats) != 1:
            return None
        row = table.seats[seats[0]]
        if row.kind != PERSON or row.stand_in is not None:
            return None
        return seats[0]

    def _check_timer(self, table: Table) -> None:
        seat = self._timer_seat(table)
        if seat is None:
            self._stop_timer(table)
        elif table.timer_task is None:
            table.timer_deadline = time.monotonic() + self.program_timeout
            table.timer_task = self.spawn(self._run_timer(table, seat))
            self._to_followers(table, {"type": "timer", "table": table.id,
                                       "seconds": table.timer_left()})

    def _stop_timer(self, table: Table, tell: bool = True) -> None:
        task, table.timer_task = table.timer_task, None
        if task is None:
            return
        table.timer_deadline = None
        if task is not asyncio.current_task():
            task.cancel()
        if tell:
            self._to_followers(table, {"type": "timer", "table": table.id, "seconds": None})

    async def _run_timer(self, table: Table, seat: int) -> None:
        """At 0, a random legal program (and follow-ups) for the seat, logged as moves."""
        await asyncio.sleep(self.program_timeout)
        if table.timer_task is not asyncio.current_task():
            return
        self._stop_timer(table)
        player = make_player(table.spec, "random", seat, table.saved.match.seed + 97 * seat)
        table.filling = True
        try:
            for _ in range(50):  # a program, then its follow-up questions
                state = table.saved.match.state
                if (self.tables.get(table.id) is not table or table.status != PLAYING
                        or getattr(state, "phase", None) != "program"
                        or seat not in state.to_move()):
                    break
                self._apply(table, seat, player.choose(state.view(seat)))
        finally:
            table.filling = False
        self._advance(table)
