"""What the host knows of a player, read from the store: a profile, a game's leaderboard,
a player's history and the finished tables they sat at. Pure queries: nothing here
changes the store.

Players are named by their identity (:mod:`hosting.ratings`): a key, or ``computer:LEVEL``.
A game at a private table shows only to the people who sat at it (``viewer``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from engines.core import UnknownGame
from engines.registry import get_game
from hosting.names import with_level
from hosting.ratings import display, level_of, level_ratings, place
from hosting.store import Store

RECENT = 20  # games and rating changes a profile shows
LEADERS = 20  # rows of a leaderboard
LEADER_GAMES = 5  # rated games needed to be on it
RIVAL_GAMES = 3  # games together before a profile shows the record against someone
PAGE = 20  # rows of a history page
_COMPUTER_NAME = re.compile(r"^Computer(?: \d+)? \((\w+)\)$")

# a result the viewer may see: public, or one they sat at
VISIBLE = (
    "(r.private = 0 OR EXISTS (SELECT 1 FROM result_seats v"
    " WHERE v.result_id = r.id AND v.who = :viewer AND v.who != ''))"
)


@dataclass
class GameStats:
    """One game in a profile."""

    game: str
    game_name: str
    played: int
    won: int
    rated_games: int = 0
    rating: int | None = None
    spread: int | None = None
    place: str = ""  # among the computer levels' ratings ("between normal and hard")
    changes: list[int] = field(default_factory=list)  # newest first, in rating points


@dataclass
class HistoryRow:
    """One game someone played."""

    table: int
    game: str
    game_name: str
    finished: str  # local time, to the minute
    outcome: str
    rank: int
    seats: int
    rated: bool
    change: int | None  # rating points this game moved, if it was rated


@dataclass
class Rival:
    name: str
    games: int
    won: int
    lost: int
    drawn: int


@dataclass
class Profile:
    who: str  # the name as shown (a person's name, or computer:LEVEL)
    name: str
    computer: bool
    games: list[GameStats]
    recent: list[HistoryRow]
    rivals: list[Rival]


@dataclass
class Leader:
    place: int
    who: str
    name: str
    rating: int
    spread: int
    games: int
    computer: bool


def game_name(game: str) -> str:
    try:
        return get_game(game).name
    except UnknownGame:
        return game


def local_time(stored: str) -> str:
    return f"{datetime.fromisoformat(stored).astimezone():%Y-%m-%d %H:%M}"


def identity(store: Store, text: str) -> str | None:
    """The identity a lobby's name stands for: a player's name (any case), a computer
    seat's name ("Computer 2 (hard)") or ``computer:LEVEL``; ``None`` if nobody has it."""
    text = text.strip()
    if level_of(text):
        return text
    match = _COMPUTER_NAME.match(text)
    if match:
        return f"computer:{match.group(1)}"
    return store.name_holder(text) if text else None


def shown_name(store: Store, who: str) -> str:
    """An identity's name as shown: the player's name, or "Computer (hard)"."""
    level = level_of(who)
    if level is not None:
        return with_level("Computer", level)
    row = store.db.execute("SELECT name FROM players WHERE key = ?", (who,)).fetchone()
    return (row[0] if row else None) or "Player"


def public_who(store: Store, who: str) -> str:
    """What a client may send back for an identity: a name or computer:LEVEL, never a key."""
    return who if level_of(who) is not None else shown_name(store, who)


def profile(store: Store, who: str, viewer: str = "") -> Profile:
    db = store.db
    games: list[GameStats] = []
    for game, played, won in db.execute(
        "SELECT s.game, COUNT(*), SUM(s.rank = 1) FROM result_seats s"
        " WHERE s.who = ? AND s.outcome != 'abandoned' GROUP BY s.game ORDER BY s.game",
        (who,),
    ).fetchall():
        stats = GameStats(game, game_name(game), played, int(won or 0))
        rating = db.execute(
            "SELECT mu, sigma, games FROM ratings WHERE game = ? AND who = ?", (game, who)
        ).fetchone()
        if rating is not None:
            stats.rating, stats.spread = display(rating[0], rating[1])
            stats.rated_games = rating[2]
            stats.place = place(stats.rating, level_ratings(db, game))
            stats.changes = [
                display(ma, sa)[0] - display(mb, sb)[0]
                for mb, sb, ma, sa in db.execute(
                    "SELECT mu_before, sigma_before, mu_after, sigma_after FROM rating_changes"
                    " WHERE who = ? AND game = ? ORDER BY result_id DESC LIMIT ?",
                    (who, game, RECENT),
                )
            ]
        games.append(stats)
    return Profile(
        public_who(store, who),
        shown_name(store, who),
        level_of(who) is not None,
        games,
        history(store, who, None, 0, viewer, RECENT, count=False)[0],
        [] if level_of(who) is not None else rivals(store, who),
    )


def rivals(store: Store, who: str) -> list[Rival]:
    """The record against everyone met at :data:`RIVAL_GAMES` finished games or more (a
    computer level's profile leaves it out: it meets everyone)."""
    rows = store.db.execute(
        "SELECT o.who, COUNT(*), SUM(me.rank < o.rank), SUM(me.rank > o.rank),"
        " SUM(me.rank = o.rank) FROM result_seats me"
        " JOIN result_seats o ON o.result_id = me.result_id AND o.seat != me.seat"
        " WHERE me.who = ? AND o.who != ? AND o.who != '' AND me.outcome != 'abandoned'"
        " GROUP BY o.who HAVING COUNT(*) >= ? ORDER BY COUNT(*) DESC, o.who LIMIT 20",
        (who, who, RIVAL_GAMES),
    ).fetchall()
    return [
        Rival(shown_name(store, other), n, int(won), int(lost), int(drawn))
        for other, n, won, lost, drawn in rows
    ]


def history(
    store: Store,
    who: str,
    game: str | None,
    page: int,
    viewer: str = "",
    per_page: int = PAGE,
    count: bool = True,
) -> tuple[list[HistoryRow], int]:
    """A page (0 the newest) of the games ``who`` played, of one game or all, and the
    number of pages (1 without ``count``)."""
    where = "s.who = :who" + (" AND s.game = :game" if game else "")
    params = {"who": who, "game": game, "viewer": viewer}
    total = 0
    if count:
        total = store.db.execute(
            f"SELECT COUNT(*) FROM result_seats s JOIN results r ON r.id = s.result_id"
            f" WHERE {where} AND {VISIBLE}",
            params,
        ).fetchone()[0]
    rows = store.db.execute(
        "SELECT r.id, r.table_id, s.game, r.finished, s.outcome, s.rank, s.rated,"
        " (SELECT COUNT(*) FROM result_seats c WHERE c.result_id = r.id),"
        " ch.mu_before, ch.sigma_before, ch.mu_after, ch.sigma_after"
        " FROM result_seats s JOIN results r ON r.id = s.result_id"
        " LEFT JOIN rating_changes ch ON ch.who = s.who AND ch.game = s.game"
        " AND ch.result_id = r.id"
        f" WHERE {where} AND {VISIBLE} ORDER BY s.result_id DESC LIMIT :limit OFFSET :offset",
        {**params, "limit": per_page, "offset": max(page, 0) * per_page},
    ).fetchall()
    out = []
    for _, table, g, finished, outcome, rank, rated, seats, mb, sb, ma, sa in rows:
        change = None if mb is None else display(ma, sa)[0] - display(mb, sb)[0]
        out.append(
            HistoryRow(
                table,
                g,
                game_name(g),
                local_time(finished),
                outcome,
                rank,
                seats,
                bool(rated),
                change,
            )
        )
    return out, max(1, -(-total // per_page))


def finished_tables(store: Store, who: str, game: str | None = None) -> list[tuple[int, str]]:
    """``(table id, save path)`` of the finished tables ``who`` sat at whose save the host
    still keeps, newest first."""
    where = "s.who = ?" + (" AND s.game = ?" if game else "")
    params: tuple[str, ...] = (who, game) if game else (who,)
    return [
        (t, p)
        for t, p in store.db.execute(
            "SELECT r.table_id, r.save_path FROM result_seats s JOIN results r"
            f" ON r.id = s.result_id WHERE {where} AND r.save_path IS NOT NULL"
            " ORDER BY s.result_id DESC",
            params,
        )
    ]


def leaderboard(store: Store, game: str, limit: int = LEADERS) -> list[Leader]:
    """The best ratings of a game among those with :data:`LEADER_GAMES` rated games."""
    rows = store.db.execute(
        "SELECT who, mu, sigma, games FROM ratings WHERE game = ? AND games >= ?"
        " ORDER BY ordinal DESC, who LIMIT ?",
        (game, LEADER_GAMES, limit),
    ).fetchall()
    out = []
    for i, (who, mu, sigma, games) in enumerate(rows):
        rating, spread = display(mu, sigma)
        out.append(
            Leader(
                i + 1,
                public_who(store, who),
                shown_name(store, who),
                rating,
                spread,
                games,
                level_of(who) is not None,
            )
        )
    return out
