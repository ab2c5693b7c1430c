"""Playing at a table (built on :class:`hosting.host.Host`): applying moves, saving,
starting and finishing games, resigning, computer seats and stand-ins thinking in the pool,
and the table's timer (RoboRally's program, and every decision a table with a timer waits
on)."""

from __future__ import annotations

import asyncio
import logging
import random
import time

from engines.core import Action, IllegalAction, ResignRule
from engines.players import ComputerPlayer, make_player
from hosting.host import Host
from hosting.protocol import ProtocolError
from hosting.records import record_result, seat_results
from hosting.store import now_text
from hosting.table import FINISHED, PERSON, PLAYING, WAITING, Table
from saves import SaveError

log = logging.getLogger(__name__)


class PlayMixin(Host):
    """Moves, computers, the timer and stand-ins."""

    def _save(self, table: Table) -> None:
        try:
            table.write(self.name_of)
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
        self._played(table, seat, table.play(action, seat))

    def _played(self, table: Table, seat: int, index: int) -> None:
        """Log entry ``index`` was just played: save, tell every follower, then go on."""
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
        record_result(
            self.store,
            table.id,
            table.spec.id,
            finished,
            table.result_players(self.name_of),
            "finished",
            table.saved.match.state.result(),
            seats=seat_results(table, self.name_of),
            save_path=str(table.saved.path) if table.saved.path else None,
        )
        self._results = None
        self._send_seats(table)

    # -- resigning ----------------------------------------------------------------------
    def _resign(self, table: Table, seat: int) -> None:
        """``seat``'s person leaves the game for good, as the game's rule says: the game
        ends (the other side wins), the seat is out and the game goes on, or a computer
        plays the seat to the end. The person follows the table on as a spectator."""
        table.close_votes.discard(seat)
        table.stand_in_votes.pop(seat, None)
        for votes in table.stand_in_votes.values():
            votes.discard(seat)
        table.drafts.pop(seat, None)
        table.generation += 1  # a think in flight for the seat is dropped
        if table.spec.resign_rule == ResignRule.COMPUTER_PLAYS:
            levels = list(table.spec.player_levels())
            table.hand_over(seat, "normal" if "normal" in levels else levels[0])
            assert self.store is not None
            self.store.set_seat(table.id, table.seats[seat])
            self._save(table)
            self._send_seats(table)
            self._lobby_changed()
            self._advance(table)
        else:
            try:
                table.saved.match.resign(seat)
            except IllegalAction as exc:
                raise ProtocolError("forbidden", str(exc)) from None
            self._played(table, seat, len(table.saved.match.log) - 1)
            self._send_seats(table)
        owner = table.seats[seat].owner_key
        for conn in list(table.followers):
            if conn.key == owner:
                self._send_table(conn, table)  # your seat no more: watching from here
        self._check_close(table)

    # -- closing a running game ---------------------------------------------------------
    def _check_close(self, table: Table) -> None:
        """Close the running game once every seated person agreed to."""
        deciders = table.deciders()
        if (
            table.status == PLAYING
            and table.close_votes
            and deciders
            and set(deciders) <= table.close_votes
        ):
            self._close_table(table, "everyone at the table agreed to close it")

    def _close_table(self, table: Table, reason: str) -> None:
        self._record_abandoned(table)
        self._stop_timer(table, tell=False)
        self.tables.pop(table.id, None)
        assert self.store is not None
        self.store.close_table(table.id)
        for conn in list(table.followers):
            conn.following.discard(table.id)
            conn.send({"type": "closed", "table": table.id, "reason": reason})
        table.followers.clear()
        self._lobby_changed()

    def _record_abandoned(self, table: Table) -> None:
        """A running game closed before its end is kept in the results as abandoned."""
        if table.status != PLAYING:
            return
        assert self.store is not None
        record_result(
            self.store,
            table.id,
            table.spec.id,
            now_text(),
            table.result_players(self.name_of, unfinished="abandoned"),
            "abandoned",
            seats=seat_results(table, self.name_of),
            save_path=str(table.saved.path) if table.saved.path else None,
        )
        self._results = None

    def _advance(self, table: Table) -> None:
        """Start the computer seats (and stand-ins) to move; start or stop the timer."""
        if self._stopping or table.status != PLAYING or self.tables.get(table.id) is not table:
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
            action, player = await self._ask_computer(table, seat, level)
        finally:
            table.thinking.pop(seat, None)
        if (
            self.tables.get(table.id) is not table
            or table.generation != generation
            or table.plays_itself(seat) != level
            or seat not in table.to_move()
        ):
            self._advance(table)
            return
        table.players[(seat, level)] = player
        self._apply(table, seat, self._legal_or_random(table, seat, action))

    async def _ask_computer(
        self, table: Table, seat: int, level: str
    ) -> tuple[Action, ComputerPlayer]:
        """The level's choice for the seat, thought in a worker, and the player as it is
        after it; a broken worker gives a random legal move, so the game goes on."""
        player = table.player_for(seat, level)
        try:
            return await self.pool.choose(player, table.saved.match.state.view(seat))
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.error("computer player failed at table %s: %s", table.id, exc)
            return self._random_action(table, seat), player

    def _legal_or_random(self, table: Table, seat: int, action: Action) -> Action:
        """``action`` if the seat may still play it, else a random legal move (the position
        moved on while a worker thought)."""
        try:
            legal = action in table.saved.match.state.legal_actions(seat)
        except Exception:
            legal = False
        return action if legal else self._random_action(table, seat)

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

    # -- the table's timer --------------------------------------------------------------
    def _timer_seats(self, table: Table) -> frozenset[int]:
        """The person seats the timer runs for, if the table has it on: every person who
        owes a decision the rules have a default for (a facing, a power down, an option
        question, a prompt from another's card), else the one person still programming
        in RoboRally when every other seat has."""
        if not table.timer or table.status != PLAYING or table.filling:
            return frozenset()
        state = table.saved.match.state
        people = [
            s
            for s in state.to_move()
            if table.seats[s].kind == PERSON and table.seats[s].stand_in is None
        ]
        deciding = frozenset(s for s in people if state.default_action(s) is not None)
        if deciding:
            return deciding
        drafts = table.spec.program_drafts
        if drafts is None or not drafts.programming(state) or table.spec.max_players < 2:
            return frozenset()
        if len(state.to_move()) != 1 or len(people) != 1:
            return frozenset()
        return frozenset(people)

    def _check_timer(self, table: Table) -> None:
        seats = self._timer_seats(table)
        if not seats:
            self._stop_timer(table)
            return
        if table.timer_task is not None and seats <= table.timer_seats:
            return  # the same decisions, or some of them answered: the deadline stands
        self._stop_timer(table, tell=False)
        table.timer_seats = seats
        table.timer_deadline = time.monotonic() + self.program_timeout
        table.timer_task = self.spawn(self._run_timer(table, seats))
        self._to_followers(
            table, {"type": "timer", "table": table.id, "seconds": table.timer_left()}
        )

    def _stop_timer(self, table: Table, tell: bool = True) -> None:
        task, table.timer_task = table.timer_task, None
        if task is None:
            return
        table.timer_deadline = None
        if task is not asyncio.current_task():
            task.cancel()
        if tell:
            self._to_followers(table, {"type": "timer", "table": table.id, "seconds": None})

    async def _run_timer(self, table: Table, seats: frozenset[int]) -> None:
        """At 0, each seat's pending decisions are made for it, logged as moves: the
        rules' default answer, or for a RoboRally program the registers the player filled
        (kept as programmed) with the empty ones dealt at random from that hand."""
        await asyncio.sleep(self.program_timeout)
        if table.timer_task is not asyncio.current_task():
            return
        self._stop_timer(table)
        table.filling = True
        try:
            for seat in sorted(seats):
                for _ in range(50):  # a decision, then the ones that follow it
                    if (
                        self.tables.get(table.id) is not table
                        or table.status != PLAYING
                        or seat not in table.to_move()
                        or table.seats[seat].stand_in is not None
                    ):
                        break
                    action = self._timed_out_action(table, seat)
                    if action is None:
                        break
                    self._apply(table, seat, action)
        finally:
            table.filling = False
        self._advance(table)

    def _timed_out_action(self, table: Table, seat: int) -> Action | None:
        """What the timer plays for ``seat``: the rules' default, else its program."""
        state = table.saved.match.state
        action = state.default_action(seat)
        drafts = table.spec.program_drafts
        if action is not None or drafts is None or not drafts.programming(state):
            return action
        if not drafts.writing(state, seat):
            return None
        kept = table.draft(seat)
        if kept is not None and drafts.fits(state, seat, kept) is not None:
            kept = None  # a draft of an earlier hand: the whole program is dealt
        rng = random.Random(f"{table.saved.match.seed}/{len(table.saved.match.log)}/{seat}")
        return drafts.complete(state, seat, kept, rng)
