"""Hosting's SQLite file (``hosting.sqlite3``): players, tables, seats, chat and results.

Migrations run by ``PRAGMA user_version``: ``MIGRATIONS[n]`` turns a version-``n`` file
into version ``n + 1``; a file newer than this robotui knows is refused.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from hosting.ratings import computer_identity, rate_result, rebuild

CHAT_KEPT = 200


def _v1(db: sqlite3.Connection) -> None:
    _run_script(
        db,
        """
        CREATE TABLE players (
            key TEXT PRIMARY KEY, name TEXT, bell INTEGER NOT NULL DEFAULT 1,
            created TEXT NOT NULL, last_seen TEXT NOT NULL);
        CREATE TABLE tables (
            id INTEGER PRIMARY KEY, game TEXT NOT NULL, status TEXT NOT NULL,
            creator_key TEXT NOT NULL, code TEXT, timer INTEGER NOT NULL,
            stand_in_after INTEGER NOT NULL, save_path TEXT NOT NULL,
            created TEXT NOT NULL, finished TEXT);
        CREATE TABLE seats (
            table_id INTEGER NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL,
            level TEXT, owner_key TEXT, stand_in TEXT, PRIMARY KEY (table_id, seat));
        CREATE TABLE chat (
            id INTEGER PRIMARY KEY, table_id INTEGER NOT NULL, time TEXT NOT NULL,
            who TEXT NOT NULL, text TEXT NOT NULL);
        CREATE INDEX chat_by_table ON chat (table_id, id);
        CREATE TABLE results (
            id INTEGER PRIMARY KEY, table_id INTEGER NOT NULL, game TEXT NOT NULL,
            finished TEXT NOT NULL, players_json TEXT NOT NULL);
        """,
    )


def _run_script(db: sqlite3.Connection, script: str) -> None:
    """Each statement on its own (``executescript`` would commit the open transaction)."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _v2(db: sqlite3.Connection) -> None:
    """Unique names and result headlines.

    ``players.name_key`` is the name's comparison key (:func:`hosting.names.name_key`),
    unique among players: of players whose names compare equal, or who took a name a person
    may not have, the later ones are asked for a new name. ``results.headline`` is the line
    the lobby's Recent games shows; ``results.outcome`` says how the game ended ("won",
    "resigned", "abandoned", ...)."""
    from hosting.names import name_key, reserved

    _run_script(
        db,
        """
        ALTER TABLE players ADD COLUMN name_key TEXT;
        ALTER TABLE results ADD COLUMN headline TEXT;
        ALTER TABLE results ADD COLUMN outcome TEXT
        """,
    )
    taken: set[str] = set()
    rows = db.execute(
        "SELECT key, name FROM players WHERE name IS NOT NULL ORDER BY created, key"
    ).fetchall()
    for key, name in rows:
        folded = name_key(name)
        if folded in taken or reserved(name):
            db.execute("UPDATE players SET name = NULL WHERE key = ?", (key,))
        else:
            taken.add(folded)
            db.execute("UPDATE players SET name_key = ? WHERE key = ?", (folded, key))
    db.execute("CREATE UNIQUE INDEX players_by_name ON players (name_key)")


def _v3(db: sqlite3.Connection) -> None:
    """History and ratings.

    ``tables.rated`` is 0 for a casual table (its games are kept but not rated).
    ``results`` gain the table's save path (the record of truth, until a sweep of old saves
    clears it), ``rated`` (whether the result counts for ratings), ``private`` (the table
    had a code) and ``calibration`` (a game between computer levels the host played to
    place them). ``result_seats`` keeps each seat of a result: who played it (a player's
    key or ``computer:LEVEL``), its rank (1 the best; resigned seats last), outcome, moves
    and the moves a stand-in played, and whether the seat is rated. ``ratings`` holds each
    identity's rating per game and ``rating_changes`` what each result changed. Results kept
    before are filled in from their seats and rated again from the start."""
    _run_script(
        db,
        """
        ALTER TABLE tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE results ADD COLUMN save_path TEXT;
        ALTER TABLE results ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE results ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE results ADD COLUMN calibration INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE result_seats (
            result_id INTEGER NOT NULL, seat INTEGER NOT NULL, game TEXT NOT NULL,
            who TEXT NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, rank INTEGER NOT NULL,
            outcome TEXT NOT NULL, moves INTEGER NOT NULL DEFAULT 0,
            stand_in_moves INTEGER NOT NULL DEFAULT 0, rated INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (result_id, seat)) WITHOUT ROWID;
        CREATE INDEX result_seats_by_who ON result_seats (who, game, outcome, rank);
        CREATE INDEX result_seats_newest ON result_seats (who, result_id);
        CREATE TABLE ratings (
            game TEXT NOT NULL, who TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
            ordinal REAL NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (game, who))
            WITHOUT ROWID;
        CREATE INDEX ratings_by_ordinal ON ratings (game, ordinal);
        CREATE TABLE rating_changes (
            result_id INTEGER NOT NULL, game TEXT NOT NULL, who TEXT NOT NULL,
            mu_before REAL NOT NULL, sigma_before REAL NOT NULL, mu_after REAL NOT NULL,
            sigma_after REAL NOT NULL, PRIMARY KEY (who, game, result_id)) WITHOUT ROWID;
        CREATE INDEX results_by_table ON results (table_id);
        CREATE INDEX results_by_game ON results (game, id)
        """,
    )
    old = db.execute(
        "SELECT r.id, r.table_id, r.game, r.players_json, r.outcome, t.save_path, t.code"
        " FROM results r LEFT JOIN tables t ON t.id = r.table_id ORDER BY r.id"
    ).fetchall()
    for result_id, table_id, game, players_json, outcome, save_path, code in old:
        players = json.loads(players_json)
        seats = db.execute(
            "SELECT seat, kind, level, owner_key FROM seats WHERE table_id = ? ORDER BY seat",
            (table_id,),
        ).fetchall()
        places = _old_places([p.get("outcome", "") for p in players])
        rows = []
        for (seat, kind, level, owner), player, rank in zip(seats, players, places, strict=False):
            who = computer_identity(level or "normal") if kind == "computer" else owner or ""
            rows.append((seat, who, kind, str(player.get("name", "")), rank, player["outcome"]))
        people = sum(1 for r in rows if r[2] == "person" and r[1])
        rated = outcome == "finished" and people >= 1 and len(rows) >= 2
        db.execute(
            "UPDATE results SET save_path = ?, rated = ?, private = ? WHERE id = ?",
            (save_path or None, int(rated), int(code is not None), result_id),
        )
        db.executemany(
            "INSERT INTO result_seats (result_id, seat, game, who, kind, name, rank, outcome,"
            " rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (result_id, seat, game, who, kind, name, rank, word, int(rated and bool(who)))
                for seat, who, kind, name, rank, word in rows
            ],
        )
    rebuild(db)


def _old_places(outcomes: list[str]) -> list[int]:
    """Ranks from the words of a result kept without them: winners, then the rest, then
    the seats that resigned (or did not finish)."""
    order = {"win": 0, "draw": 0, "loss": 1}
    keys = [order.get(word, 2) for word in outcomes]
    return [1 + sum(1 for k in keys if k < mine) for mine in keys]


def _v4_daily(db: sqlite3.Connection) -> None:
    """Daily (correspondence) tables.

    ``tables.daily_hours``: hours each decision may take (NULL: a live table);
    ``daily_level``: the computer level that plays a timed-out move; ``deadline``: when the
    running decision times out (seconds since the epoch, so it survives a restart; NULL:
    none runs); ``deadline_seats``: the seats it runs for (JSON list); ``turn_since``: when
    they became due. ``seats.timeouts``: the seat's timed-out decisions in a row;
    ``seats.stand_in_moves``: moves a computer played for the seat's person."""
    _run_script(
        db,
        """
        ALTER TABLE tables ADD COLUMN daily_hours INTEGER;
        ALTER TABLE tables ADD COLUMN daily_level TEXT;
        ALTER TABLE tables ADD COLUMN deadline REAL;
        ALTER TABLE tables ADD COLUMN deadline_seats TEXT;
        ALTER TABLE tables ADD COLUMN turn_since REAL;
        ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE seats ADD COLUMN stand_in_moves INTEGER NOT NULL DEFAULT 0
        """,
    )


def _v5_changes_by_result(db: sqlite3.Connection) -> None:
    """An index of rating changes by result: keeping a result first clears any change a
    deleted result with the same id left behind, which otherwise reads the whole table."""
    db.execute("CREATE INDEX rating_changes_by_result ON rating_changes (result_id)")


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    0: _v1,
    1: _v2,
    2: _v3,
    3: _v4_daily,
    4: _v5_changes_by_result,
}
SCHEMA_VERSION = max(MIGRATIONS) + 1


class StoreError(Exception):
    """The hosting database cannot be used; the message is one line."""


def now_text() -> str:
    """The time as stored: ISO 8601, UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


@dataclass
class SeatRow:
    seat: int
    kind: str
    level: str | None
    owner_key: str | None
    stand_in: str | None


@dataclass
class TableRow:
    id: int
    game: str
    status: str
    creator_key: str
    code: str | None
    timer: bool
    stand_in_after: int
    save_path: str
    created: str
    finished: str | None
    seats: list[SeatRow]


class SeatResult(NamedTuple):
    """One seat of a kept result: ``who`` is the player's key or ``computer:LEVEL`` (empty
    for a seat nobody took), ``rank`` 1 the best (equal ranks tie, resigned seats last),
    ``stand_in_moves`` the moves a computer played for the seat's absent person."""

    seat: int
    who: str
    kind: str
    name: str
    rank: int
    outcome: str
    moves: int = 0
    stand_in_moves: int = 0

    @property
    def stood_in(self) -> bool:
        """A stand-in played more than half the seat's moves: the seat is not rated."""
        return self.stand_in_moves * 2 > self.moves


def insert_seat_results(
    db: sqlite3.Connection, result_id: int, game: str, seats: list[SeatResult], rated: bool
) -> None:
    """Keep each seat of result ``result_id``; a seat is rated when the result is, somebody
    took it and no stand-in played more than half its moves."""
    db.executemany(
        "INSERT INTO result_seats (result_id, seat, game, who, kind, name, rank,"
        " outcome, moves, stand_in_moves, rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                result_id,
                s.seat,
                game,
                s.who,
                s.kind,
                s.name,
                s.rank,
                s.outcome,
                s.moves,
                s.stand_in_moves,
                int(rated and bool(s.who) and not s.stood_in),
            )
            for s in seats
        ],
    )


@dataclass
class DailyRow:
    """A daily table's pace and its running deadline (see :func:`_v4_daily`)."""

    hours: int | None
    level: str | None
    deadline: float | None
    deadline_seats: list[int]
    turn_since: float | None


class Store:
    """One open hosting database (autocommit after every call)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            _private_file(self.path)
            self.db = sqlite3.connect(self.path, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self._migrate()
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot be used ({exc})") from None

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: made by a newer robotui (version {version}); this one "
                f"reads up to {SCHEMA_VERSION}"
            )
        while version < SCHEMA_VERSION:
            with self.db:
                self.db.execute("BEGIN")
                MIGRATIONS[version](self.db)
                version += 1
                self.db.execute(f"PRAGMA user_version = {version}")

    def close(self) -> None:
        self.db.close()

    @property
    def version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    # -- players ------------------------------------------------------------------------
    def player(self, key: str) -> tuple[str | None, bool]:
        """``(name, bell)`` of a player, adding the key on its first visit."""
        now = now_text()
        self.db.execute(
            "INSERT INTO players (key, name, bell, created, last_seen) VALUES (?, NULL, 1, ?, ?)"
            " ON CONFLICT(key) DO UPDATE SET last_seen = excluded.last_seen",
            (key, now, now),
        )
        name, bell = self.db.execute(
            "SELECT name, bell FROM players WHERE key = ?", (key,)
        ).fetchone()
        return name, bool(bell)

    def names(self) -> dict[str, str | None]:
        return dict(self.db.execute("SELECT key, name FROM players"))

    def set_name(self, key: str, name: str) -> bool:
        """Give ``key`` the name; False (nothing changed) if another player has a name
        that compares equal (:func:`hosting.names.name_key`)."""
        from hosting.names import name_key

        try:
            self.db.execute(
                "UPDATE players SET name = ?, name_key = ? WHERE key = ?",
                (name, name_key(name), key),
            )
        except sqlite3.IntegrityError:
            return False
        return True

    def name_holder(self, name: str) -> str | None:
        """The key of the player whose name compares equal to ``name``, if any."""
        from hosting.names import name_key

        row = self.db.execute(
            "SELECT key FROM players WHERE name_key = ?", (name_key(name),)
        ).fetchone()
        return row[0] if row else None

    def set_bell(self, key: str, on: bool) -> None:
        self.db.execute("UPDATE players SET bell = ? WHERE key = ?", (int(on), key))

    # -- tables -------------------------------------------------------------------------
    def add_table(
        self,
        game: str,
        creator_key: str,
        code: str | None,
        timer: bool,
        stand_in_after: int,
        seats: list[SeatRow],
    ) -> int:
        """A new waiting table (its save path is set with :meth:`set_save_path`)."""
        with self.db:
            self.db.execute("BEGIN")
            cursor = self.db.execute(
                "INSERT INTO tables (game, status, creator_key, code, timer, stand_in_after,"
                " save_path, created) VALUES (?, 'waiting', ?, ?, ?, ?, '', ?)",
                (game, creator_key, code, int(timer), stand_in_after, now_text()),
            )
            table_id = int(cursor.lastrowid or 0)
            self.db.executemany(
                "INSERT INTO seats (table_id, seat, kind, level, owner_key, stand_in)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(table_id, s.seat, s.kind, s.level, s.owner_key, s.stand_in) for s in seats],
            )
        return table_id

    def set_save_path(self, table_id: int, path: Path) -> None:
        self.db.execute("UPDATE tables SET save_path = ? WHERE id = ?", (str(path), table_id))

    def set_status(self, table_id: int, status: str, finished: str | None = None) -> None:
        self.db.execute(
            "UPDATE tables SET status = ?, finished = ? WHERE id = ?", (status, finished, table_id)
        )

    def close_table(self, table_id: int) -> None:
        """A table the creator closed: never resumed (a finished one keeps its result)."""
        self.db.execute("UPDATE tables SET status = 'closed' WHERE id = ?", (table_id,))

    def set_seat(self, table_id: int, seat: SeatRow) -> None:
        self.db.execute(
            "UPDATE seats SET owner_key = ?, stand_in = ? WHERE table_id = ? AND seat = ?",
            (seat.owner_key, seat.stand_in, table_id, seat.seat),
        )

    # -- daily tables -------------------------------------------------------------------
    def set_daily(self, table_id: int, hours: int | None, level: str | None) -> None:
        """A table's pace: ``hours`` per decision (``None``: live) and the stand-in level."""
        self.db.execute(
            "UPDATE tables SET daily_hours = ?, daily_level = ? WHERE id = ?",
            (hours, level, table_id),
        )

    def set_deadline(
        self, table_id: int, deadline: float | None, seats: list[int], turn_since: float | None
    ) -> None:
        self.db.execute(
            "UPDATE tables SET deadline = ?, deadline_seats = ?, turn_since = ? WHERE id = ?",
            (deadline, json.dumps(sorted(seats)), turn_since, table_id),
        )

    def daily(self, table_id: int) -> DailyRow:
        row = self.db.execute(
            "SELECT daily_hours, daily_level, deadline, deadline_seats, turn_since FROM tables"
            " WHERE id = ?",
            (table_id,),
        ).fetchone()
        if row is None:
            return DailyRow(None, None, None, [], None)
        seats = [s for s in json.loads(row[3] or "[]") if isinstance(s, int)]
        return DailyRow(row[0], row[1], row[2], seats, row[4])

    def set_seat_counts(self, table_id: int, seat: int, timeouts: int, stand_in_moves: int) -> None:
        self.db.execute(
            "UPDATE seats SET timeouts = ?, stand_in_moves = ? WHERE table_id = ? AND seat = ?",
            (timeouts, stand_in_moves, table_id, seat),
        )

    def seat_counts(self, table_id: int) -> dict[int, tuple[int, int]]:
        """Each seat's ``(timed-out decisions in a row, moves a computer played for it)``."""
        rows = self.db.execute(
            "SELECT seat, timeouts, stand_in_moves FROM seats WHERE table_id = ?", (table_id,)
        )
        return {seat: (timeouts, moves) for seat, timeouts, moves in rows}

    def tables(self, statuses: tuple[str, ...]) -> list[TableRow]:
        """The tables of these statuses, oldest first, each with its seats."""
        marks = ",".join("?" * len(statuses))
        rows = self.db.execute(
            "SELECT id, game, status, creator_key, code, timer, stand_in_after, save_path,"
            f" created, finished FROM tables WHERE status IN ({marks}) ORDER BY id",
            statuses,
        ).fetchall()
        out = []
        for row in rows:
            seats = [
                SeatRow(*s)
                for s in self.db.execute(
                    "SELECT seat, kind, level, owner_key, stand_in FROM seats"
                    " WHERE table_id = ? ORDER BY seat",
                    (row[0],),
                )
            ]
            out.append(
                TableRow(
                    row[0],
                    row[1],
                    row[2],
                    row[3],
                    row[4],
                    bool(row[5]),
                    row[6],
                    row[7],
                    row[8],
                    row[9],
                    seats,
                )
            )
        return out

    # -- chat ---------------------------------------------------------------------------
    def add_chat(self, table_id: int, time: str, who: str, text: str) -> None:
        """Keep a chat line; only the last :data:`CHAT_KEPT` of a table stay."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO chat (table_id, time, who, text) VALUES (?, ?, ?, ?)",
                (table_id, time, who, text),
            )
            self.db.execute(
                "DELETE FROM chat WHERE table_id = ? AND id NOT IN (SELECT id FROM chat"
                " WHERE table_id = ? ORDER BY id DESC LIMIT ?)",
                (table_id, table_id, CHAT_KEPT),
            )

    def chat(self, table_id: int) -> list[tuple[str, str, str]]:
        """``(time, who, text)`` of a table's kept chat, oldest first."""
        rows = self.db.execute(
            "SELECT time, who, text FROM chat WHERE table_id = ? ORDER BY id", (table_id,)
        )
        return [tuple(r) for r in rows]

    # -- results ------------------------------------------------------------------------
    def add_result(
        self,
        table_id: int,
        game: str,
        finished: str,
        players: list[dict[str, str]],
        headline: str | None = None,
        outcome: str | None = None,
    ) -> None:
        """A game's result; ``headline`` is the line Recent games shows, ``outcome`` how
        the game ended ("won", "resigned", "abandoned", ...)."""
        self.db.execute(
            "INSERT INTO results (table_id, game, finished, players_json, headline, outcome)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, game, finished, json.dumps(players), headline, outcome),
        )

    def add_rated_result(
        self,
        table_id: int,
        game: str,
        finished: str,
        players: list[dict[str, str]],
        seats: list[SeatResult],
        headline: str | None = None,
        outcome: str | None = None,
        save_path: str | None = None,
        calibration: bool = False,
    ) -> tuple[int, bool]:
        """Keep a result with its seats and rate it, in one transaction: ``(its id,
        whether it was rated)``. A result is rated when the game finished (``outcome``
        "finished"), its table was not casual, it had two seats or more and a person (a
        calibration game: computers only); each seat is rated unless nobody took it or a
        stand-in played more than half its moves, and two rated seats are needed."""
        with self.db:
            self.db.execute("BEGIN")
            row = self.db.execute(
                "SELECT rated, code FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
            casual = row is not None and not row[0]
            private = row is not None and row[1] is not None
            people = any(s.kind == "person" and s.who for s in seats)
            rated = (
                outcome == "finished" and not casual and len(seats) >= 2 and (people or calibration)
            )
            cursor = self.db.execute(
                "INSERT INTO results (table_id, game, finished, players_json, headline,"
                " outcome, save_path, rated, private, calibration)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    game,
                    finished,
                    json.dumps(players),
                    headline,
                    outcome,
                    save_path,
                    int(rated),
                    int(private),
                    int(calibration),
                ),
            )
            result_id = int(cursor.lastrowid or 0)
            # seats left by a result deleted by hand would take this id's place
            self.db.execute("DELETE FROM result_seats WHERE result_id = ?", (result_id,))
            self.db.execute("DELETE FROM rating_changes WHERE result_id = ?", (result_id,))
            insert_seat_results(self.db, result_id, game, seats, rated)
            done = rate_result(self.db, result_id) if rated else False
        return result_id, done

    def set_rated(self, table_id: int, rated: bool) -> None:
        """A table's games count for ratings (1, the default) or are casual (0)."""
        self.db.execute("UPDATE tables SET rated = ? WHERE id = ?", (int(rated), table_id))

    def rebuild_ratings(self) -> int:
        """Every rating again from the kept results, in finish order; how many were rated."""
        with self.db:
            self.db.execute("BEGIN")
            return rebuild(self.db)

    def old_saves(self, before: str) -> list[tuple[int, str]]:
        """``(result id, save path)`` of results finished before ``before`` whose save
        is still kept."""
        return [
            (r, p)
            for r, p in self.db.execute(
                "SELECT id, save_path FROM results WHERE save_path IS NOT NULL"
                " AND save_path != '' AND finished < ? ORDER BY id",
                (before,),
            )
        ]

    def forget_save(self, result_id: int) -> None:
        """A result's save was deleted: its history stays, without the file."""
        with self.db:
            self.db.execute("BEGIN")
            row = self.db.execute(
                "SELECT table_id FROM results WHERE id = ?", (result_id,)
            ).fetchone()
            self.db.execute("UPDATE results SET save_path = NULL WHERE id = ?", (result_id,))
            if row is not None:
                self.db.execute(
                    "UPDATE tables SET save_path = '' WHERE id = ? AND status != 'playing'"
                    " AND status != 'waiting'",
                    (row[0],),
                )

    def results(self, limit: int = 50) -> list[dict[str, Any]]:
        """The latest results, newest first: ``table``, ``game``, ``finished``,
        ``players``, ``private`` (whether the table had a code), ``keys``, ``headline``
        and ``outcome`` (both ``None`` in results kept before they were recorded)."""
        rows = self.db.execute(
            "SELECT r.table_id, r.game, r.finished, r.players_json, t.code, r.headline,"
            " r.outcome FROM results r"
            " LEFT JOIN tables t ON t.id = r.table_id WHERE r.calibration = 0"
            " ORDER BY r.id DESC LIMIT ?",
            (limit,),
        ).fetchall()
        out = []
        for table_id, game, finished, players_json, code, headline, outcome in rows:
            keys = {
                k
                for (k,) in self.db.execute(
                    "SELECT owner_key FROM seats WHERE table_id = ? AND owner_key IS NOT NULL",
                    (table_id,),
                )
            }
            out.append(
                {
                    "table": table_id,
                    "game": game,
                    "finished": finished,
                    "players": json.loads(players_json),
                    "private": code is not None,
                    "keys": keys,
                    "headline": headline,
                    "outcome": outcome,
                }
            )
        return out


def _private_file(path: Path) -> None:
    """Names, keys and chat are the players' business: the database (and the journal files
    SQLite makes beside it, which take its mode) is readable by the hosting user only, even
    in a data folder others may read."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)
    except OSError as exc:
        raise sqlite3.OperationalError(exc.strerror or str(exc)) from None
