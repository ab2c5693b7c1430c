"""What the history and ratings requests ask of the table server: a player's profile,
a game's leaderboard, a page of a player's history (:mod:`hosting.profiles`) and the save
of a finished game to replay. Each handler answers the asking connection alone, or raises
:class:`hosting.protocol.ProtocolError` with a player-readable reason."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from engines.core import UnknownGame
from engines.registry import get_game
from hosting import profiles
from hosting.host import Connection, Host
from hosting.protocol import ClientType, ProtocolError, ServerType
from hosting.records import FINISHED_OUTCOME
from hosting.store import Store
from saves import SaveError, loads_save

GONE = "that game is not kept any more"


def _store(server: Host) -> Store:
    assert server.store is not None
    return server.store


def _who(server: Host, conn: Connection, text: str) -> str:
    """The identity asked for: yourself for "", else a name or computer:LEVEL."""
    if not text.strip():
        return conn.key
    found = profiles.identity(_store(server), text[:80])
    if found is None:
        shown = " ".join(text.split())[:30]
        raise ProtocolError("bad_request", f"nobody is called {shown!r} on this host")
    return found


def _game(text: str | None) -> str | None:
    if text is None:
        return None
    try:
        return get_game(text).id
    except UnknownGame:
        raise ProtocolError("bad_request", f"there is no game {text[:40]!r}") from None


def on_profile(server: Host, conn: Connection, msg: dict[str, Any]) -> None:
    who = _who(server, conn, msg["who"])
    got = profiles.profile(_store(server), who, conn.key)
    conn.send(
        {
            "type": ServerType.PROFILE.value,
            "who": got.who,
            "name": got.name,
            "computer": got.computer,
            "you": who == conn.key,
            "games": [asdict(g) for g in got.games],
            "recent": [asdict(r) for r in got.recent],
            "rivals": [asdict(r) for r in got.rivals],
        }
    )


def on_leaderboard(server: Host, conn: Connection, msg: dict[str, Any]) -> None:
    game = _game(msg["game"])
    assert game is not None
    rows = profiles.leaderboard(_store(server), game)
    mine = profiles.public_who(_store(server), conn.key)
    conn.send(
        {
            "type": ServerType.LEADERBOARD.value,
            "game": game,
            "game_name": profiles.game_name(game),
            "min_games": profiles.LEADER_GAMES,
            "rows": [{**asdict(r), "you": not r.computer and r.who == mine} for r in rows],
        }
    )


def on_history(server: Host, conn: Connection, msg: dict[str, Any]) -> None:
    who = _who(server, conn, msg["who"])
    game = _game(msg["game"])
    store = _store(server)
    page = max(msg["page"], 0)
    rows, pages = profiles.history(store, who, game, page, conn.key)
    if page >= pages:  # past the last page: the last one
        page = pages - 1
        rows, pages = profiles.history(store, who, game, page, conn.key)
    conn.send(
        {
            "type": ServerType.HISTORY.value,
            "who": profiles.public_who(store, who),
            "name": profiles.shown_name(store, who),
            "game": game,
            "page": page,
            "pages": pages,
            "rows": [asdict(r) for r in rows],
        }
    )


def replay_save(store: Store, table: int, viewer: str) -> str:
    """The save text of table ``table``'s finished game, if ``viewer`` may see it (a private
    table's games only to the people who sat there, as :mod:`hosting.profiles` decides);
    else :class:`ProtocolError` with one line. A game that did not finish is never sent:
    the record must say it finished and the save must hold a game over."""
    row = store.db.execute(
        "SELECT r.save_path FROM results r WHERE r.table_id = :table AND r.outcome = :done"
        f" AND {profiles.VISIBLE} ORDER BY r.id DESC LIMIT 1",
        {"table": table, "done": FINISHED_OUTCOME, "viewer": viewer},
    ).fetchone()
    if row is None:
        raise ProtocolError("bad_request", f"no finished game #{table}")
    if not row[0]:
        raise ProtocolError("bad_request", GONE)
    try:
        text = Path(row[0]).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ProtocolError("bad_request", GONE) from None
    except (OSError, UnicodeDecodeError):
        raise ProtocolError("bad_request", f"the save of game #{table} cannot be read") from None
    try:
        finished = loads_save(text, f"game #{table}").match.state.is_terminal()
    except SaveError as exc:
        raise ProtocolError("bad_request", str(exc)) from None
    if not finished:
        raise ProtocolError("bad_request", f"no finished game #{table}")
    return text


def on_replay(server: Host, conn: Connection, msg: dict[str, Any]) -> None:
    table = msg["table"]
    save = replay_save(_store(server), table, conn.key)
    conn.send({"type": ServerType.REPLAY.value, "table": table, "save": save})


HISTORY_HANDLERS: dict[str, Callable[..., None]] = {
    ClientType.PROFILE: on_profile,
    ClientType.LEADERBOARD: on_leaderboard,
    ClientType.HISTORY: on_history,
    ClientType.REPLAY: on_replay,
}
