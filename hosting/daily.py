"""Daily (correspondence) tables and turn notices, built on :mod:`hosting.play`.

At a daily table each decision (each move, or each RoboRally program, every seat at once)
may take up to ``daily_hours`` hours. The deadline is kept as seconds since the epoch in the
database, so a restarted host keeps it; while it runs the table costs nothing but one
scheduled call (``loop.call_later``): no task, no process. When it passes, the table's
stand-in level plays that one move for each seat still owing it, and the table's chat says
so; after :data:`TIMEOUTS_KEPT` timed-out decisions in a row the computer keeps the seat
until its person opens the table again.

Every table (live or daily) tells the notice command (:mod:`hosting.notify`) when it becomes
the turn of a person who is not connected.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from engines.core import Action, GameSpec
from hosting.notify import Notifier
from hosting.play import PlayMixin
from hosting.protocol import ProtocolError
from hosting.table import FINISHED, PERSON, PLAYING, Table

DAILY_HOURS = (1, 72)  # the fewest and most hours a daily decision may take
DAILY_DEFAULT_HOURS = 24
MAX_DAILY = 20  # unfinished daily tables one person may sit at (``--max-daily``)
TIMEOUTS_KEPT = 3  # timed-out decisions in a row after which the computer keeps the seat
NOTE_WHO = "Computer"  # the chat name of the table's own notes (no person may take it)


class DailyMixin(PlayMixin):
    """Deadlines of daily tables, their timed-out moves, and turn notices."""

    # seconds in one of a daily table's hours (an end-to-end test shortens it)
    daily_unit: float = 3600.0
    max_daily: int = MAX_DAILY
    notifier: Notifier | None = None
    # the wall clock deadlines are kept in (tests move it)
    clock: Callable[[], float] = staticmethod(time.time)

    # -- making and loading ---------------------------------------------------------------
    def _daily_choice(
        self, key: str, spec: GameSpec, msg: dict[str, Any]
    ) -> tuple[int | None, str | None]:
        """``(hours, level)`` a ``create`` message asks for: ``(None, None)`` for a live
        table. Raises :class:`ProtocolError` for hours or a level out of range, or when
        ``key`` sits at as many daily tables as the host allows."""
        hours = msg.get("daily_hours")
        if hours is None:
            return None, None
        low, high = DAILY_HOURS
        if not low <= hours <= high:
            raise ProtocolError("bad_request", f"a daily move takes {low} to {high} hours")
        levels = list(spec.player_levels())
        level = msg.get("daily_level")
        if level is None:
            level = "normal" if "normal" in levels else levels[0]
        if level not in levels:
            raise ProtocolError(
                "bad_request", f"stand-in level must be one of: {', '.join(levels)}"
            )
        self._check_daily_room(key)
        return hours, level

    def _check_daily_room(self, key: str) -> None:
        """Refuse a seat at one more daily table to a person who sits at ``max_daily``."""
        count = sum(
            1
            for t in self.tables.values()
            if t.daily and t.status != FINISHED and t.playing_seat_of(key) is not None
        )
        if count >= self.max_daily:
            raise ProtocolError(
                "forbidden",
                f"you sit at {count} daily tables, the most this host allows; "
                "finish or leave one first",
            )

    def _daily_made(self, table: Table, hours: int | None, level: str | None) -> None:
        """A new table's pace, kept in the database."""
        table.daily_hours, table.daily_level = hours, level
        table.clock = self.clock
        assert self.store is not None
        self.store.set_daily(table.id, hours, level)

    def _daily_loaded(self, table: Table) -> None:
        """A resumed table gets its pace, deadline and counts back; the seats due now are
        known already (a restart sends no notices)."""
        assert self.store is not None
        row = self.store.daily(table.id)
        table.clock = self.clock
        table.daily_hours, table.daily_level = row.hours, row.level
        table.deadline = row.deadline
        table.deadline_seats = set(row.deadline_seats)
        table.turn_since = row.turn_since
        for seat, (timeouts, moves) in self.store.seat_counts(table.id).items():
            table.timeouts[seat], table.stand_in_moves[seat] = timeouts, moves
        table.owing = self._owing(table)

    # -- whose turn -----------------------------------------------------------------------
    def _owing(self, table: Table) -> frozenset[int]:
        """The person seats the table waits on (none a computer plays)."""
        if table.status != PLAYING:
            return frozenset()
        return frozenset(
            s
            for s in table.to_move()
            if table.seats[s].kind == PERSON
            and table.seats[s].stand_in is None
            and not table.resigned(s)
        )

    def _connected(self, key: str) -> bool:
        return any(c.ready and c.key == key for c in self.connections)

    def _note_turn(self, table: Table) -> frozenset[int]:
        """The seats due now; those just due whose person is not connected get a notice."""
        owing = self._owing(table)
        new = owing - table.owing
        table.owing = owing
        if new and not table.daily:
            table.turn_since = self.clock()
        if self.notifier is not None:
            for seat in sorted(new):
                key = table.seats[seat].owner_key
                if key and not self._connected(key):
                    name = self.name_of(key) or "Player"
                    self.notifier.notify(key, name, table.id, table.spec.name)
        return owing

    # -- the deadline -----------------------------------------------------------------------
    def _check_timer(self, table: Table) -> None:
        owing = self._note_turn(table)
        if not table.daily:
            super()._check_timer(table)
            return
        if not owing:
            self._clear_deadline(table)
            return
        if table.deadline is not None and owing <= table.deadline_seats:
            if table.deadline_handle is None:
                self._schedule(table)  # the same decisions, or some answered: it stands
            return
        assert table.daily_hours is not None
        now = self.clock()
        table.deadline = now + table.daily_hours * self.daily_unit
        table.deadline_seats = set(owing)
        table.turn_since = now
        self._keep_deadline(table)
        self._schedule(table)
        self._send_seats(table)

    def _keep_deadline(self, table: Table) -> None:
        assert self.store is not None
        self.store.set_deadline(
            table.id, table.deadline, sorted(table.deadline_seats), table.turn_since
        )

    def _clear_deadline(self, table: Table) -> None:
        self._unschedule(table)
        if table.deadline is None and not table.deadline_seats:
            return
        table.deadline, table.deadline_seats = None, set()
        if self.store is not None:
            self._keep_deadline(table)

    def _schedule(self, table: Table) -> None:
        """One call at the deadline: no task waits meanwhile."""
        self._unschedule(table)
        if table.deadline is None or self._stopping:
            return
        delay = max(0.0, table.deadline - self.clock())
        loop = asyncio.get_running_loop()
        table.deadline_handle = loop.call_later(delay, self._deadline_passed, table)

    def _unschedule(self, table: Table) -> None:
        handle, table.deadline_handle = table.deadline_handle, None
        if handle is not None:
            handle.cancel()

    def _stop_timer(self, table: Table, tell: bool = True) -> None:
        self._unschedule(table)  # a stopping host keeps the deadline in the database
        super()._stop_timer(table, tell)

    def _finish(self, table: Table) -> None:
        self._clear_deadline(table)
        super()._finish(table)

    def _deadline_passed(self, table: Table) -> None:
        """The deadline's call: each seat still owing its decision gets the computer's."""
        table.deadline_handle = None
        if (
            self._stopping
            or self.tables.get(table.id) is not table
            or table.status != PLAYING
            or table.deadline is None
        ):
            return
        if self.clock() < table.deadline:  # woken early (the clock was set back)
            self._schedule(table)
            return
        for seat in sorted(table.deadline_seats & self._owing(table)):
            if seat not in table.timing_out:
                table.timing_out.add(seat)
                self.spawn(self._time_out(table, seat))

    async def _time_out(self, table: Table, seat: int) -> None:
        """The stand-in level plays the seat's one decision; the chat says so."""
        level = table.daily_level or "normal"
        start = len(table.saved.match.log)
        try:
            action, player = await self._ask_computer(table, seat, level)
        finally:
            table.timing_out.discard(seat)
        log_now = table.saved.match.log
        if (
            self.tables.get(table.id) is not table
            or table.status != PLAYING
            or seat not in self._owing(table)
            or any(entry.seat == seat for entry in log_now[start:])
        ):
            return  # the person moved meanwhile, or the game is over
        table.players[(seat, level)] = player
        action = self._legal_or_random(table, seat, action)
        said = self._said(table, action, seat)
        table.timeouts[seat] = table.timeouts.get(seat, 0) + 1
        key = table.seats[seat].owner_key
        who = (self.name_of(key) if key else None) or "Player"
        self._table_note(table, f"{who}'s time ran out: the computer played {said}")
        table.played_for = seat
        try:
            self._apply(table, seat, action)
        finally:
            table.played_for = None
        if table.timeouts[seat] >= TIMEOUTS_KEPT and table.status == PLAYING:
            self._table_note(
                table,
                f"The computer keeps {who}'s seat after {TIMEOUTS_KEPT} timed-out moves,"
                f" until {who} opens the table again",
            )
            self._set_stand_in(table, seat, level)
        self._keep_counts(table, seat)

    @staticmethod
    def _said(table: Table, action: Action, seat: int) -> str:
        try:
            return table.spec.describe_action(action, seat)
        except Exception:
            return table.spec.encode_action(action)

    def _table_note(self, table: Table, text: str) -> None:
        """A line of the table's own in its chat (kept, and shown to everyone there)."""
        line = {"who": NOTE_WHO, "text": " ".join(text.split()), "time": f"{datetime.now():%H:%M}"}
        assert self.store is not None
        self.store.add_chat(table.id, line["time"], NOTE_WHO, line["text"])
        table.chat.append(line)
        self._to_followers(table, {"type": "chat", "table": table.id, "line": line})

    # -- counting who played a seat ---------------------------------------------------------
    def _played(self, table: Table, seat: int, index: int) -> None:
        table.deadline_seats.discard(seat)
        row = table.seats[seat]
        if row.kind == PERSON:
            by_computer = row.stand_in is not None or table.played_for == seat
            if by_computer:
                table.stand_in_moves[seat] = table.stand_in_moves.get(seat, 0) + 1
                self._keep_counts(table, seat)
            elif table.timeouts.get(seat):
                table.timeouts[seat] = 0  # the person moved: the run of timeouts ends
                self._keep_counts(table, seat)
        super()._played(table, seat, index)

    def _keep_counts(self, table: Table, seat: int) -> None:
        if self.store is not None and self.tables.get(table.id) is table:
            self.store.set_seat_counts(
                table.id, seat, table.timeouts.get(seat, 0), table.stand_in_moves.get(seat, 0)
            )

    def _daily_returned(self, table: Table, seat: int) -> None:
        """The seat's person opened the table: the run of timeouts starts again."""
        if table.timeouts.get(seat):
            table.timeouts[seat] = 0
            self._keep_counts(table, seat)

    def _daily_stand_in(self, table: Table) -> None:
        """At a daily table only a deadline hands a move to the computer: leaving the
        table's screen is normal there."""
        if table.daily:
            raise ProtocolError(
                "forbidden",
                "at a daily table the computer plays only when a move's time runs out",
            )

    def _seated_live(self, key: str) -> list[int]:
        """The running live tables ``key`` sits at (a reconnect goes back to one of them;
        daily tables wait in the lobby's "Your move")."""
        return sorted(
            t.id
            for t in self.tables.values()
            if t.status == PLAYING and not t.daily and t.seat_of(key) is not None
        )
