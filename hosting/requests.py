"""What each client message asks of the table server (built on :mod:`hosting.play`):
names, creating, joining, watching, leaving, resigning and closing tables, chat, stand-ins,
RoboRally drafts and sync.
Each handler raises :class:`hosting.protocol.ProtocolError` with a player-readable reason to
refuse."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from typing import Any, ClassVar

from engines.core import EngineError, IllegalAction
from engines.match import resign_problem
from engines.registry import get_game
from hosting import names
from hosting.codes import code_matches, table_with_code
from hosting.daily import DailyMixin
from hosting.history_requests import HISTORY_HANDLERS
from hosting.host import Connection, Host, log
from hosting.paths import tables_dir
from hosting.protocol import ClientType, ProtocolError
from hosting.store import SeatRow
from hosting.table import (
    COMPUTER,
    FINISHED,
    PERSON,
    PLAYING,
    WAITING,
    Table,
    check_options,
    new_code,
)
from hosting.text import CHAT_CELLS, NAME_CELLS, clean_chat, clean_name
from saves import SaveError

MAX_OPEN_TABLES = 8  # unfinished tables one person may have created
MAX_STAND_IN_AFTER = 24 * 60


def _table(server: Host, msg: dict[str, Any]) -> Table:
    table = server.tables.get(msg["table"])
    if table is None:
        raise ProtocolError("unknown_table", f"there is no table {msg['table']}")
    return table


def _named(server: Host, conn: Connection) -> str:
    name = server.name_of(conn.key)
    if not name:
        raise ProtocolError("name", "choose a name first")
    return name


def _following(conn: Connection, table: Table) -> None:
    if table.id not in conn.following:
        raise ProtocolError("forbidden", "open or watch the table first")


class RequestsMixin(DailyMixin):
    """The handlers, by message type."""

    handlers: ClassVar[dict[str, Callable[..., None]]] = {}

    def on_set_name(self, conn: Connection, msg: dict[str, Any]) -> None:
        name = clean_name(msg["name"])
        if name is None:
            raise ProtocolError("name", f"a name is 1 to {NAME_CELLS} characters wide")
        why = names.refusal(name)
        if why is not None:
            raise ProtocolError("name", why)
        assert self.store is not None
        if not self.store.set_name(conn.key, name):
            raise ProtocolError("name", f"{name!r} is taken on this host; choose another")
        self._names[conn.key] = name
        self._tell_you(conn.key)
        for table in self.tables.values():
            if table.seat_of(conn.key) is not None:
                self._save(table)
                self._send_seats(table)
        self._lobby_changed()

    def on_set_bell(self, conn: Connection, msg: dict[str, Any]) -> None:
        assert self.store is not None
        self.store.set_bell(conn.key, msg["on"])
        self._tell_you(conn.key)

    def _tell_you(self, key: str) -> None:
        assert self.store is not None
        name, bell = self.store.player(key)
        for conn in list(self.connections):
            if conn.key == key and conn.ready:
                conn.send({"type": "you", "name": name, "bell": bell})

    def on_create(self, conn: Connection, msg: dict[str, Any]) -> None:
        _named(self, conn)
        try:
            spec = get_game(msg["game"])
        except EngineError:
            raise ProtocolError("bad_request", f"there is no game {msg['game'][:40]!r}") from None
        seats = msg["seats"]
        try:
            spec.check_players(len(seats))
        except EngineError as exc:
            raise ProtocolError("bad_request", str(exc)) from None
        if not any(s["kind"] == PERSON for s in seats):
            raise ProtocolError("bad_request", "a table needs at least one person")
        levels = spec.player_levels()
        for s in seats:
            if s["kind"] == COMPUTER and s["level"] not in levels:
                raise ProtocolError(
                    "bad_request", f"computer level must be one of: {', '.join(levels)}"
                )
        my_seat = msg["my_seat"]
        if not 0 <= my_seat < len(seats) or seats[my_seat]["kind"] != PERSON:
            raise ProtocolError("bad_request", "your seat must be one of the person seats")
        if not 0 <= msg["stand_in_after"] <= MAX_STAND_IN_AFTER:
            raise ProtocolError(
                "bad_request", f"stand-in time is 0 to {MAX_STAND_IN_AFTER} minutes"
            )
        options = check_options(spec, msg["options"])
        hours, level = self._daily_choice(conn.key, spec, msg)
        open_tables = [
            t for t in self.tables.values() if t.creator_key == conn.key and t.status != FINISHED
        ]
        if len(open_tables) >= MAX_OPEN_TABLES:
            raise ProtocolError(
                "forbidden", f"you already have {MAX_OPEN_TABLES} open tables; close one first"
            )
        rows = [
            SeatRow(
                i,
                s["kind"],
                s["level"] if s["kind"] == COMPUTER else None,
                conn.key if i == my_seat else None,
                None,
            )
            for i, s in enumerate(seats)
        ]
        code = new_code() if msg["private"] else None
        timer = msg["timer"] and spec.table_timer and hours is None
        assert self.store is not None
        table_id = self.store.add_table(spec.id, conn.key, code, timer, msg["stand_in_after"], rows)
        seed = None if self.seed is None else self.seed + table_id
        saved = Table.new_saved(spec, table_id, len(seats), options, seed)
        table = Table(
            table_id,
            saved,
            rows,
            conn.key,
            code,
            timer,
            msg["stand_in_after"],
            tables_dir(self.data_dir),
        )
        self._daily_made(table, hours, level)
        table.set_rated(msg.get("rated", True))
        try:
            table.write(self.name_of)
        except (SaveError, OSError) as exc:
            self.store.close_table(table_id)
            log.error("table %s could not be saved: %s", table_id, exc)
            raise ProtocolError("bad_request", "the host could not save a new table") from None
        assert saved.path is not None
        self.store.set_save_path(table_id, saved.path)
        self.store.set_rated(table_id, table.rated)
        self.tables[table_id] = table
        self._start_if_full(table)
        # the creator follows from here: the table comes first, then what changes
        table.followers.add(conn)
        conn.following.add(table_id)
        self._send_table(conn, table)
        self._presence_changed(conn.key, table)

    def on_join(self, conn: Connection, msg: dict[str, Any]) -> None:
        table = _table(self, msg)
        if table.seat_of(conn.key) is not None:
            self._open(conn, table)
            return
        if table.private and not code_matches(table, msg["code"]):
            raise ProtocolError("private", "this table is private: ask for its code")
        if table.status != WAITING:
            raise ProtocolError("seat_taken", "this game has started; you can watch it")
        _named(self, conn)
        free = table.free_seats()
        seat = msg["seat"]
        if seat is None:
            if not free:
                raise ProtocolError("no_seat", "no seat is free at this table")
            seat = free[0]
        elif not 0 <= seat < len(table.seats) or table.seats[seat].kind != PERSON:
            raise ProtocolError("no_seat", f"seat {seat} is not a seat for a person")
        elif seat not in free:
            raise ProtocolError("seat_taken", f"seat {seat + 1} is taken")
        if table.daily:
            self._check_daily_room(conn.key)
        row = table.seats[seat]
        row.owner_key = conn.key
        assert self.store is not None
        self.store.set_seat(table.id, row)
        self._save(table)
        self._start_if_full(table)
        table.followers.add(conn)  # after the start: the table comes first, then changes
        conn.following.add(table.id)
        self._send_table(conn, table)
        self._send_seats(table)
        self._presence_changed(conn.key, table)

    def on_watch(self, conn: Connection, msg: dict[str, Any]) -> None:
        table = _table(self, msg)
        if table.seat_of(conn.key) is not None:
            self._open(conn, table)
            return
        if table.private and not code_matches(table, msg["code"]) and conn.key != table.creator_key:
            raise ProtocolError("private", "this table is private: ask for its code")
        self._send_table(conn, table)
        self._follow(conn, table)

    def on_code(self, conn: Connection, msg: dict[str, Any]) -> None:
        """A private table by its code alone: join it (or open one's own seat), or watch."""
        table = table_with_code(self.tables.values(), msg["code"])
        if table is None:
            raise ProtocolError("unknown_table", "no table has that code")
        asked = {"table": table.id, "code": table.code}
        if msg["watch"]:
            self.on_watch(conn, asked)
        else:
            self.on_join(conn, {**asked, "seat": None})

    def on_open(self, conn: Connection, msg: dict[str, Any]) -> None:
        table = _table(self, msg)
        if table.seat_of(conn.key) is None:
            raise ProtocolError("not_your_seat", "you have no seat at this table")
        self._open(conn, table)

    def _open(self, conn: Connection, table: Table) -> None:
        """Follow a table one sits at; a stand-in playing one's seat steps down."""
        seat = table.seat_of(conn.key)
        assert seat is not None
        row = table.seats[seat]
        table.stand_in_votes.pop(seat, None)
        self._daily_returned(table, seat)
        if row.stand_in is not None and not table.resigned(seat):
            self._set_stand_in(table, seat, None)
        self._send_table(conn, table)
        self._follow(conn, table)

    def on_leave(self, conn: Connection, msg: dict[str, Any]) -> None:
        table = _table(self, msg)
        seat = table.seat_of(conn.key)
        if table.status == WAITING and seat is not None:
            if conn.key == table.creator_key:
                self._close_table(table, "the creator left before the start")
                return
            row = table.seats[seat]
            row.owner_key = None
            assert self.store is not None
            self.store.set_seat(table.id, row)
            self._save(table)
            for other in list(table.followers):
                if other.key == conn.key:
                    self._unfollow(other, table)
        self._unfollow(conn, table)

    def on_close(self, conn: Connection, msg: dict[str, Any]) -> None:
        """Close a table: its creator alone before the start, after the end, or when
        nobody else plays at it; a running game once every seated person agreed."""
        table = _table(self, msg)
        seat = table.playing_seat_of(conn.key)
        others = [s for s in table.deciders() if s != seat]
        if table.status != PLAYING or not others:
            if conn.key != table.creator_key:
                raise ProtocolError("forbidden", "only the table's creator can close it")
            self._close_table(table, "the creator closed the table")
            return
        if seat is None:
            raise ProtocolError(
                "forbidden", "only the people playing at this table can agree to close it"
            )
        table.close_votes.add(seat)
        self._send_seats(table)
        self._check_close(table)

    def on_keep_open(self, conn: Connection, msg: dict[str, Any]) -> None:
        """Take back one's agreement to close the running game."""
        table = _table(self, msg)
        seat = table.seat_of(conn.key)
        if seat in table.close_votes:
            table.close_votes.discard(seat)
            self._send_seats(table)

    def on_resign(self, conn: Connection, msg: dict[str, Any]) -> None:
        table = _table(self, msg)
        seat = table.seat_of(conn.key)
        if seat is None:
            raise ProtocolError("not_your_seat", "you have no seat at this table")
        if table.status == WAITING:
            raise ProtocolError("forbidden", "the game has not started: leave the table instead")
        if table.status != PLAYING:
            raise ProtocolError("forbidden", "the game is over")
        if not table.can_resign(seat):
            if table.resigned(seat):
                raise ProtocolError("forbidden", "you resigned this game already")
            raise ProtocolError(
                "forbidden", resign_problem(table.spec, table.saved.match.state, seat)
            )
        self._resign(table, seat)

    def on_draft(self, conn: Connection, msg: dict[str, Any]) -> None:
        """Your half-built RoboRally program, kept by the table: a reconnect or another
        session of yours gets it back, and the timer keeps its filled registers."""
        table = _table(self, msg)
        seat = msg["seat"]
        if seat is None or table.playing_seat_of(conn.key) != seat:
            raise ProtocolError("not_your_seat", "that seat is not yours")
        state = table.saved.match.state
        drafts = table.spec.program_drafts
        if drafts is None:
            raise ProtocolError("bad_request", "only a RoboRally program has a draft")
        try:
            text = drafts.parse(msg["text"])
        except IllegalAction as exc:
            raise ProtocolError("bad_request", str(exc)) from None
        if (
            table.status != PLAYING
            or seat not in state.to_move()
            or not drafts.writing(state, seat)
        ):
            return  # the program is in (a draft sent just after it): nothing to keep
        problem = drafts.fits(state, seat, text)
        if problem is not None:
            raise ProtocolError("illegal", problem)
        table.drafts[seat] = (state.turn, text)  # type: ignore[attr-defined]
        for other in list(table.followers):  # your other sessions show it as it changes
            if other.key == conn.key and other is not conn:
                other.send({"type": "draft", "table": table.id, "seat": seat, "text": text})

    def on_chat(self, conn: Connection, msg: dict[str, Any]) -> None:
        table = _table(self, msg)
        _following(conn, table)
        who = _named(self, conn)
        text = clean_chat(msg["text"])
        if text is None:
            raise ProtocolError("bad_request", f"a chat line is 1 to {CHAT_CELLS} characters wide")
        self._take_chat_budget(conn.key)
        line = {"who": who, "text": text, "time": f"{datetime.now():%H:%M}"}
        assert self.store is not None
        self.store.add_chat(table.id, line["time"], who, text)
        table.chat.append(line)
        self._to_followers(table, {"type": "chat", "table": table.id, "line": line})

    def _take_chat_budget(self, key: str) -> None:
        """A burst of ``chat_burst`` lines, then one per ``chat_every`` seconds."""
        now = time.monotonic()
        tokens, then = self._chat_budget.get(key, (float(self.chat_burst), now))
        tokens = min(float(self.chat_burst), tokens + (now - then) / self.chat_every)
        if tokens < 1.0:
            self._chat_budget[key] = (tokens, now)
            raise ProtocolError("rate", "you are chatting too fast; wait a moment")
        self._chat_budget[key] = (tokens - 1.0, now)

    def on_stand_in(self, conn: Connection, msg: dict[str, Any]) -> None:
        """Any person playing at the table hands an away player's seat to a computer once
        the table's stand-in time has passed; at a table without one ("never"), once every
        other person here agreed. ``level`` None gives the seat back (or takes back one's
        agreement)."""
        table = _table(self, msg)
        mine = table.playing_seat_of(conn.key)
        if mine is None:
            raise ProtocolError(
                "forbidden", "only the people playing at this table hand a seat to a computer"
            )
        seat, level = msg["seat"], msg["level"]
        if not 0 <= seat < len(table.seats) or table.seats[seat].kind != PERSON:
            raise ProtocolError("bad_request", f"seat {seat} is not a person's seat")
        row = table.seats[seat]
        if level is None:
            if table.resigned(seat):
                raise ProtocolError("forbidden", "that player resigned: the seat stays as it is")
            table.stand_in_votes.get(seat, set()).discard(mine)
            if row.stand_in is not None:
                self._set_stand_in(table, seat, None)
            else:
                self._send_seats(table)
            return
        if seat == mine:
            raise ProtocolError("forbidden", "your own seat is yours to play")
        self._daily_stand_in(table)
        if row.owner_key is None or table.status != PLAYING or table.resigned(seat):
            raise ProtocolError("forbidden", "a stand-in plays only for an absent player")
        levels = table.spec.player_levels()
        if level not in levels:
            raise ProtocolError("bad_request", f"level must be one of: {', '.join(levels)}")
        if table.present(seat):
            raise ProtocolError("forbidden", "a stand-in plays only for an absent player")
        if table.stand_in_after == 0:
            votes = table.stand_in_votes.setdefault(seat, set())
            votes.add(mine)
            here = {s for s in table.deciders() if s != seat and table.present(s)}
            if here <= votes:
                del table.stand_in_votes[seat]
                self._set_stand_in(table, seat, level)
            else:
                self._send_seats(table)
            return
        wait = table.stand_in_after * self.stand_in_minute
        if table.absent_for(seat) < wait:
            raise ProtocolError(
                "forbidden",
                f"a stand-in needs the player away for {table.stand_in_after} min",
            )
        self._set_stand_in(table, seat, level)

    def on_sync(self, conn: Connection, msg: dict[str, Any]) -> None:
        table = _table(self, msg)
        _following(conn, table)
        self._send_table(conn, table)

    def on_hello_again(self, conn: Connection, msg: dict[str, Any]) -> None:
        raise ProtocolError("bad_request", "hello is said once")

    def on_move(self, conn: Connection, msg: dict[str, Any]) -> None:
        table = _table(self, msg)
        action = table.check_move(conn.key, msg["seat"], msg["text"])
        self._apply(table, msg["seat"], action)


RequestsMixin.handlers = {
    ClientType.SET_NAME: RequestsMixin.on_set_name,
    ClientType.SET_BELL: RequestsMixin.on_set_bell,
    ClientType.CREATE: RequestsMixin.on_create,
    ClientType.JOIN: RequestsMixin.on_join,
    ClientType.WATCH: RequestsMixin.on_watch,
    ClientType.CODE: RequestsMixin.on_code,
    ClientType.OPEN: RequestsMixin.on_open,
    ClientType.LEAVE: RequestsMixin.on_leave,
    ClientType.CLOSE: RequestsMixin.on_close,
    ClientType.KEEP_OPEN: RequestsMixin.on_keep_open,
    ClientType.RESIGN: RequestsMixin.on_resign,
    ClientType.DRAFT: RequestsMixin.on_draft,
    ClientType.MOVE: RequestsMixin.on_move,
    ClientType.CHAT: RequestsMixin.on_chat,
    ClientType.STAND_IN: RequestsMixin.on_stand_in,
    ClientType.SYNC: RequestsMixin.on_sync,
    ClientType.HELLO: RequestsMixin.on_hello_again,
    **HISTORY_HANDLERS,
}
