"""The table protocol, version 2: newline-delimited JSON objects, each with a ``type``.

Every message type has a schema (field -> type) and is checked strictly: a missing,
extra or mistyped field is refused (``true`` is not a whole number). A client line is at
most :data:`MAX_CLIENT_LINE` bytes, a server line at most :data:`MAX_SERVER_LINE`.
The server answers a line it cannot read with ``error`` and closes that connection.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

PROTOCOL_VERSION = 2
MAX_CLIENT_LINE = 16 * 1024
MAX_SERVER_LINE = 16 * 1024 * 1024

# error codes (see the design): the first five close the connection
FATAL_CODES = frozenset({"version", "hello", "token", "malformed", "too_long"})
ERROR_CODES = FATAL_CODES | frozenset(
    {
        "unknown_table",
        "private",
        "no_seat",
        "seat_taken",
        "not_your_seat",
        "not_your_turn",
        "illegal",
        "rate",
        "forbidden",
        "bad_request",
        "name",
    }
)


class ProtocolError(Exception):
    """A message that breaks the protocol; ``code`` is one of the error codes and
    ``message`` one line a player can read."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = " ".join(str(message).split())
        super().__init__(f"{code}: {self.message}")


# -- field types ----------------------------------------------------------------------


class Kind:
    """A field type: ``check`` says whether a value fits; ``name`` says what was expected."""

    name = "a value"

    def check(self, value: Any) -> bool:
        raise NotImplementedError


class _Int(Kind):
    name = "a whole number"

    def check(self, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)


class _Str(Kind):
    name = "text"

    def check(self, value: Any) -> bool:
        return isinstance(value, str)


class _Bool(Kind):
    name = "true or false"

    def check(self, value: Any) -> bool:
        return isinstance(value, bool)


class _AnyObject(Kind):
    name = "an object"

    def check(self, value: Any) -> bool:
        return isinstance(value, dict)


class Opt(Kind):
    """``None`` or ``inner``."""

    def __init__(self, inner: Kind) -> None:
        self.inner = inner
        self.name = f"{inner.name} or null"

    def check(self, value: Any) -> bool:
        return value is None or self.inner.check(value)


class Enum(Kind):
    """One of a few strings."""

    def __init__(self, *values: str) -> None:
        self.values = values
        self.name = " or ".join(repr(v) for v in values)

    def check(self, value: Any) -> bool:
        return isinstance(value, str) and value in self.values


class ListOf(Kind):
    def __init__(self, inner: Kind) -> None:
        self.inner = inner
        self.name = f"a list of {inner.name}"

    def check(self, value: Any) -> bool:
        return isinstance(value, list) and all(self.inner.check(v) for v in value)


class Absent(Kind):
    """A field that may be left out (older clients and servers do not send it); when it
    is there it must be ``inner``."""

    def __init__(self, inner: Kind) -> None:
        self.inner = inner
        self.name = inner.name

    def check(self, value: Any) -> bool:
        return self.inner.check(value)


def required(fields: Mapping[str, Kind]) -> set[str]:
    """The fields that must be there: every one not :class:`Absent`."""
    return {f for f, kind in fields.items() if not isinstance(kind, Absent)}


class Obj(Kind):
    """An object with exactly these fields (those :class:`Absent` may be left out)."""

    def __init__(self, name: str, fields: Mapping[str, Kind]) -> None:
        self.name = name
        self.fields = dict(fields)

    def check(self, value: Any) -> bool:
        return (
            isinstance(value, dict)
            and required(self.fields) <= set(value) <= set(self.fields)
            and all(kind.check(value[f]) for f, kind in self.fields.items() if f in value)
        )


INT, STR, BOOL, OBJECT = _Int(), _Str(), _Bool(), _AnyObject()
OPT_INT, OPT_STR = Opt(INT), Opt(STR)

SEAT_REQUEST = Obj(
    "a seat ({kind, level})",
    {
        "kind": Enum("person", "computer"),
        "level": OPT_STR,
    },
)
SEAT = Obj(
    "a seat",
    {
        "seat": INT,
        "kind": Enum("person", "computer"),
        "level": OPT_STR,
        "name": OPT_STR,
        "present": BOOL,
        "stand_in": OPT_STR,
        "you": BOOL,
        "absent_for": INT,
        # where the seat's person is (hosting.presence): "here", "lobby", "table" (``at``:
        # that table, or null for one the viewer may not know), "away" (``gone_for`` s) or
        # "offline"; a computer seat is "here"
        "where": Enum("here", "lobby", "table", "away", "offline"),
        "at": OPT_INT,
        "gone_for": INT,
        # resigned: the seat's person left the game for good; stand_in_votes: the seats that
        # agreed to hand this seat to a computer (a table whose stand-in time is "never")
        "resigned": BOOL,
        "stand_in_votes": ListOf(INT),
    },
)
SUMMARY = Obj(
    "a table summary",
    {
        "id": INT,
        "game": STR,
        "game_name": STR,
        "status": Enum("waiting", "playing", "finished"),
        "seats": ListOf(SEAT),
        "private": BOOL,
        "creator": STR,
        "progress": STR,
        "to_move": ListOf(INT),
        "spectators": INT,
        "timer": BOOL,
        "stand_in_after": INT,
        "options": STR,
        # yours: the viewer made the table (by key, never by name); close_votes: the seats
        # that agreed to close the running game
        "yours": BOOL,
        "close_votes": ListOf(INT),
    },
)
CHAT = Obj("a chat line", {"who": STR, "text": STR, "time": STR})
RESULT = Obj(
    "a result",
    {
        "table": INT,
        "game_name": STR,
        "finished": STR,
        "headline": STR,
        "players": ListOf(Obj("a player's result", {"name": STR, "outcome": STR})),
    },
)
YOU = Obj("you", {"name": OPT_STR, "bell": BOOL, "key": STR})

# -- history and ratings (hosting/profiles.py): a player is named by the name the lobby
# shows, or computer:LEVEL; ratings are shown points with their ± (hosting/ratings.py)
HISTORY_ROW = Obj(
    "a game played",
    {
        "table": INT,
        "game": STR,
        "game_name": STR,
        "finished": STR,
        "outcome": STR,
        "rank": INT,
        "seats": INT,
        "rated": BOOL,
        "change": OPT_INT,
    },
)
GAME_STATS = Obj(
    "a game's figures",
    {
        "game": STR,
        "game_name": STR,
        "played": INT,
        "won": INT,
        "rated_games": INT,
        "rating": OPT_INT,
        "spread": OPT_INT,
        "place": STR,
        "changes": ListOf(INT),
    },
)
RIVAL = Obj(
    "a record against another player",
    {"name": STR, "games": INT, "won": INT, "lost": INT, "drawn": INT},
)
LEADER = Obj(
    "a leaderboard row",
    {
        "place": INT,
        "who": STR,
        "name": STR,
        "rating": INT,
        "spread": INT,
        "games": INT,
        "computer": BOOL,
        "you": BOOL,
    },
)


class ClientType(StrEnum):
    """The ``type`` of a client -> server message."""

    HELLO = "hello"
    SET_NAME = "set_name"
    SET_BELL = "set_bell"
    CREATE = "create"
    JOIN = "join"
    WATCH = "watch"
    CODE = "code"
    OPEN = "open"
    LEAVE = "leave"
    CLOSE = "close"
    KEEP_OPEN = "keep_open"
    RESIGN = "resign"
    DRAFT = "draft"
    MOVE = "move"
    CHAT = "chat"
    STAND_IN = "stand_in"
    SYNC = "sync"
    PROFILE = "profile"
    LEADERBOARD = "leaderboard"
    HISTORY = "history"
    REPLAY = "replay"


class ServerType(StrEnum):
    """The ``type`` of a server -> client message."""

    WELCOME = "welcome"
    YOU = "you"
    LOBBY = "lobby"
    TABLE = "table"
    MOVE = "move"
    SEATS = "seats"
    CHAT = "chat"
    TIMER = "timer"
    DRAFT = "draft"
    CLOSED = "closed"
    ERROR = "error"
    PROFILE = "profile"
    LEADERBOARD = "leaderboard"
    HISTORY = "history"
    REPLAY = "replay"


CLIENT_MESSAGES: dict[str, dict[str, Kind]] = {
    ClientType.HELLO: {"v": INT, "token": STR},
    ClientType.SET_NAME: {"name": STR},
    ClientType.SET_BELL: {"on": BOOL},
    ClientType.CREATE: {
        "game": STR,
        "seats": ListOf(SEAT_REQUEST),
        "my_seat": INT,
        "options": OBJECT,
        "private": BOOL,
        "timer": BOOL,
        "stand_in_after": INT,
    },
    ClientType.JOIN: {"table": INT, "seat": OPT_INT, "code": OPT_STR},
    ClientType.WATCH: {"table": INT, "code": OPT_STR},
    # a private table by its code alone (any case): join it, or watch it
    ClientType.CODE: {"code": STR, "watch": BOOL},
    ClientType.OPEN: {"table": INT},
    ClientType.LEAVE: {"table": INT},
    ClientType.CLOSE: {"table": INT},
    ClientType.KEEP_OPEN: {"table": INT},
    ClientType.RESIGN: {"table": INT},
    ClientType.DRAFT: {"table": INT, "seat": INT, "text": STR},
    ClientType.MOVE: {"table": INT, "seat": INT, "text": STR},
    ClientType.CHAT: {"table": INT, "text": STR},
    ClientType.STAND_IN: {"table": INT, "seat": INT, "level": OPT_STR},
    ClientType.SYNC: {"table": INT},
}

HISTORY_REQUESTS: dict[str, dict[str, Kind]] = {
    # who: a name as the lobby shows it ("" for yourself), or computer:LEVEL
    ClientType.PROFILE: {"who": STR},
    ClientType.LEADERBOARD: {"game": STR},
    # a page (0 the newest) of who's games, of one game or (null) every game
    ClientType.HISTORY: {"who": STR, "game": OPT_STR, "page": INT},
    # the save of a finished table's game (its id as Recent games and histories show it)
    ClientType.REPLAY: {"table": INT},
}
CLIENT_MESSAGES.update(HISTORY_REQUESTS)

SERVER_MESSAGES: dict[str, dict[str, Kind]] = {
    ServerType.WELCOME: {"v": INT, "you": YOU, "seated": ListOf(INT)},
    ServerType.YOU: {"name": OPT_STR, "bell": BOOL},
    ServerType.LOBBY: {"tables": ListOf(SUMMARY), "results": ListOf(RESULT)},
    ServerType.TABLE: {
        "table": INT,
        "summary": SUMMARY,
        "save": STR,
        "your_seat": OPT_INT,
        "creator": BOOL,
        "code": OPT_STR,
        "chat": ListOf(CHAT),
        "timer": OPT_INT,
        "draft": OPT_STR,  # your half-built RoboRally program (engines.roborally.programs)
    },
    ServerType.MOVE: {"table": INT, "index": INT, "seat": INT, "text": STR},
    ServerType.SEATS: {"table": INT, "summary": SUMMARY},
    ServerType.CHAT: {"table": INT, "line": CHAT},
    ServerType.TIMER: {"table": INT, "seconds": OPT_INT},
    # to your other sessions at the table
    ServerType.DRAFT: {"table": INT, "seat": INT, "text": STR},
    ServerType.CLOSED: {"table": INT, "reason": STR},
    ServerType.ERROR: {"code": Enum(*sorted(ERROR_CODES)), "message": STR, "table": OPT_INT},
}

HISTORY_ANSWERS: dict[str, dict[str, Kind]] = {
    ServerType.PROFILE: {
        "who": STR,
        "name": STR,
        "computer": BOOL,
        "you": BOOL,
        "games": ListOf(GAME_STATS),
        "recent": ListOf(HISTORY_ROW),
        "rivals": ListOf(RIVAL),
    },
    ServerType.LEADERBOARD: {
        "game": STR,
        "game_name": STR,
        "min_games": INT,
        "rows": ListOf(LEADER),
    },
    ServerType.HISTORY: {
        "who": STR,
        "name": STR,
        "game": OPT_STR,
        "page": INT,
        "pages": INT,
        "rows": ListOf(HISTORY_ROW),
    },
    # the finished game's save, as its file holds it (saves/format.py)
    ServerType.REPLAY: {"table": INT, "save": STR},
}
SERVER_MESSAGES.update(HISTORY_ANSWERS)


def _add_daily_fields() -> None:
    """Daily (correspondence) tables: fields a live table's messages may leave out.

    ``create``: ``daily_hours`` (1 to 72: each decision may take that many hours; null or
    left out: a live table), ``daily_level`` (the computer level that plays a timed-out
    move), ``rated`` (false: a casual table).
    A summary: ``daily_hours`` (null: live), ``deadline_in`` (seconds left for the decision
    the table waits on, null when none runs), ``turn_age`` (seconds since the seats to move
    became due: the lobby lists the oldest first), ``daily_level`` and ``rated``."""
    CLIENT_MESSAGES[ClientType.CREATE].update(
        {
            "daily_hours": Absent(OPT_INT),
            "daily_level": Absent(OPT_STR),
            "rated": Absent(BOOL),
        }
    )
    SUMMARY.fields.update(
        {
            "daily_hours": Absent(OPT_INT),
            "deadline_in": Absent(OPT_INT),
            "turn_age": Absent(INT),
            "daily_level": Absent(OPT_STR),
            "rated": Absent(BOOL),
        }
    )


_add_daily_fields()


# -- lines ----------------------------------------------------------------------------


def encode(msg: Mapping[str, Any]) -> bytes:
    """One line of JSON (UTF-8, ending in a newline) for ``msg``."""
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _parse(line: bytes, limit: int) -> dict[str, Any]:
    if len(line.rstrip(b"\r\n")) > limit:
        raise ProtocolError("too_long", f"a message is at most {limit} bytes")
    try:
        value = json.loads(line.decode("utf-8"), parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("malformed", "a message must be one line of JSON") from None
    if not isinstance(value, dict):
        raise ProtocolError("malformed", "a message must be a JSON object")
    return value


def check(msg: Mapping[str, Any], schemas: Mapping[str, Mapping[str, Kind]]) -> None:
    """Raise :class:`ProtocolError` ``malformed`` unless ``msg`` fits its type's schema."""
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in schemas:
        shown = kind if isinstance(kind, str) and len(kind) <= 30 else "?"
        raise ProtocolError("malformed", f"unknown message type {shown!r}")
    schema = schemas[kind]
    fields = set(msg) - {"type"}
    extra = sorted(fields - set(schema))
    if extra:
        raise ProtocolError("malformed", f"{kind}: unexpected field {extra[0][:30]!r}")
    for name, field_kind in schema.items():
        if name not in msg:
            if isinstance(field_kind, Absent):
                continue
            raise ProtocolError("malformed", f"{kind}: missing field {name!r}")
        if not field_kind.check(msg[name]):
            raise ProtocolError("malformed", f"{kind}: {name!r} must be {field_kind.name}")


def decode_client(line: bytes) -> dict[str, Any]:
    """A client -> server message from one line; :class:`ProtocolError` if it is not one."""
    msg = _parse(line, MAX_CLIENT_LINE)
    check(msg, CLIENT_MESSAGES)
    return msg


def decode_server(line: bytes) -> dict[str, Any]:
    """A server -> client message from one line; :class:`ProtocolError` if it is not one."""
    msg = _parse(line, MAX_SERVER_LINE)
    check(msg, SERVER_MESSAGES)
    return msg


def check_client(msg: Mapping[str, Any]) -> None:
    """Check a message a client is about to send (raises :class:`ProtocolError`)."""
    check(msg, CLIENT_MESSAGES)
    if len(encode(msg)) - 1 > MAX_CLIENT_LINE:
        raise ProtocolError("too_long", f"a message is at most {MAX_CLIENT_LINE} bytes")


def error(code: str, message: str, table: int | None = None) -> dict[str, Any]:
    """An ``error`` message."""
    return {"type": "error", "code": code, "message": " ".join(message.split()), "table": table}
