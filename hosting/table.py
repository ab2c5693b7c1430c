"""One table: its game (a saved match), seats, followers, chat and the rules of moving.

No sockets here: :class:`hosting.server.TableServer` routes messages to a :class:`Table`,
which checks them (raising :class:`hosting.protocol.ProtocolError` with a player-readable
reason) and says what changed.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections import deque
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from engines.core import Action, EngineError, GameSpec, IllegalAction, ResignRule
from engines.match import Match
from engines.players import ComputerPlayer, make_player
from hosting.names import computer_names, with_level
from hosting.presence import AWAY, HERE, OFFLINE, Where, WhereOf
from hosting.protocol import ProtocolError
from hosting.store import SeatRow
from saves import PlayerEntry, SavedGame, write_save
from saves.settings import offered

PERSON, COMPUTER = "person", "computer"
WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"
OPEN_SEAT = "Open seat"
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CHAT_SHOWN = 200
HANDED_OVER = "handed_over"  # saved.ui key: seats whose person resigned to a computer
MOVES = "moves"  # saved.ui key: the moves each seat played
STAND_IN_MOVES = "stand_in_moves"  # saved.ui key: of those, the ones a stand-in played
RATED = "rated"  # saved.ui key: false for a casual table (rated when left out)


class Follower(Protocol):
    """A connection following a table: the table only needs to know whose it is."""

    key: str


def new_code() -> str:
    """A short private-table code."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


def player_seed(match_seed: int) -> int:
    """Computer players' seeds come from the match seed, apart from it (as in
    screens/session.py): seat ``s`` gets ``player_seed + 101 * s``."""
    return random.Random(match_seed * 7919 + 17).randrange(2**31)


def check_options(spec: GameSpec, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a new table, normalized; an option the new-game dialog does not
    offer (one naming a file) may only keep its default, so a client never makes the
    server read a file. Raises :class:`ProtocolError` ``bad_request``."""
    known = {o.name: o for o in spec.options}
    for name, value in options.items():
        if not isinstance(value, str | int) or isinstance(value, bool):
            raise ProtocolError("bad_request", f"option {name[:30]!r} must be a name or number")
        option = known.get(name)
        if option is None:
            continue  # normalize_options names it
        if not offered(option) and value != option.default:
            raise ProtocolError(
                "bad_request", f"option {name!r} cannot be set at a table (it names a file)"
            )
        if option.choices is None and option.presets and isinstance(value, int):
            low, high = min(option.presets), max(option.presets)
            if not low <= value <= high:
                raise ProtocolError("bad_request", f"option {name!r} must be from {low} to {high}")
    try:
        return spec.normalize_options(options)
    except EngineError as exc:
        raise ProtocolError("bad_request", str(exc)) from None


class Table:
    """One table of the host."""

    def __init__(
        self,
        table_id: int,
        saved: SavedGame,
        seats: list[SeatRow],
        creator_key: str,
        code: str | None,
        timer: bool,
        stand_in_after: int,
        save_dir: Path,
        status: str = WAITING,
        finished_at: float | None = None,
    ) -> None:
        self.id = table_id
        self.saved = saved
        self.seats = seats
        self.creator_key = creator_key
        self.code = code
        self.timer = timer
        self.stand_in_after = stand_in_after
        self.save_dir = save_dir
        self.status = status
        self.finished_at = finished_at  # time.time() of the end, for the one-hour listing
        self.followers: set[Any] = set()
        now = time.monotonic()
        self.absent_since: dict[int, float] = {s.seat: now for s in seats}
        self.chat: deque[dict[str, str]] = deque(maxlen=CHAT_SHOWN)
        self.players: dict[tuple[int, str], ComputerPlayer] = {}
        self.thinking: dict[int, int] = {}  # seat -> generation of the think in flight
        self.generation = 0  # bumped whenever a seat's player changes (stand-in on/off)
        self.timer_task: asyncio.Task[None] | None = None
        self.timer_deadline: float | None = None
        self.filling = False  # the timer is playing a seat's program
        self.timer_seats: frozenset[int] = frozenset()  # the seats the running timer is for
        self.close_votes: set[int] = set()  # seats that agreed to close the running game
        self.stand_in_votes: dict[int, set[int]] = {}  # away seat -> seats that agreed
        self.drafts: dict[int, tuple[int, str]] = {}  # seat -> (turn, half-built program)
        self._player_seed = player_seed(saved.match.seed)
        # daily (correspondence) play: hours per decision (None: a live table), the level
        # that plays a timed-out move, and the running deadline (seconds since the epoch)
        self.daily_hours: int | None = None
        self.daily_level: str | None = None
        self.deadline: float | None = None
        self.deadline_seats: set[int] = set()  # the seats the deadline still waits on
        self.deadline_handle: asyncio.TimerHandle | None = None  # the one scheduled call
        self.turn_since: float | None = None  # when the seats to move became due
        self.owing: frozenset[int] = frozenset()  # the person seats last seen due
        self.timeouts: dict[int, int] = {}  # seat -> its timed-out decisions in a row
        self.stand_in_moves: dict[int, int] = {}  # seat -> moves a computer played for it
        self.timing_out: set[int] = set()  # seats whose timed-out move is being thought
        self.played_for: int | None = None  # the seat whose timed-out move is being played
        self.clock: Callable[[], float] = time.time

    # -- daily tables -------------------------------------------------------------------
    @property
    def daily(self) -> bool:
        """Each decision may take hours (a correspondence table), not a live one."""
        return self.daily_hours is not None

    @property
    def rated(self) -> bool:
        """The result counts for ratings (false: a casual table)."""
        return self.saved.ui.get(RATED, True) is not False

    def set_rated(self, rated: bool) -> None:
        if rated:
            self.saved.ui.pop(RATED, None)
        else:
            self.saved.ui[RATED] = False

    def deadline_in(self) -> int | None:
        """Whole seconds left for the running daily decision (None: none runs)."""
        if self.deadline is None:
            return None
        return max(0, int(self.deadline - self.clock()))

    def daily_summary(self) -> dict[str, Any]:
        """The summary's fields for daily play (see hosting.protocol._add_daily_fields)."""
        since = self.turn_since
        return {
            "daily_hours": self.daily_hours,
            "deadline_in": self.deadline_in(),
            "turn_age": max(0, int(self.clock() - since)) if since is not None else 0,
            "daily_level": self.daily_level,
            "rated": self.rated,
        }

    # -- resigned seats -----------------------------------------------------------------
    @property
    def handed_over(self) -> list[int]:
        """Seats whose person resigned in a game where a computer then plays the seat
        (kept in the save's ``[ui]`` table, so a restarted host knows them)."""
        seats = self.saved.ui.get(HANDED_OVER, [])
        return [s for s in seats if isinstance(s, int) and 0 <= s < len(self.seats)]

    def resigned(self, seat: int) -> bool:
        """The seat's person left this game for good."""
        return seat in self.handed_over or seat in self.saved.match.state.resigned()

    def hand_over(self, seat: int, level: str) -> None:
        """A resigning person's seat goes to the computer for the rest of the game."""
        self.saved.ui[HANDED_OVER] = sorted({*self.handed_over, seat})
        self.seats[seat].stand_in = level

    def can_resign(self, seat: int) -> bool:
        if self.status != PLAYING or self.resigned(seat):
            return False
        if self.spec.resign_rule == ResignRule.COMPUTER_PLAYS:
            return not self.saved.match.state.is_terminal()
        return self.saved.match.state.can_resign(seat)

    def playing_seat_of(self, key: str) -> int | None:
        """The seat ``key`` plays here: not one they resigned."""
        seat = self.seat_of(key)
        return None if seat is None or self.resigned(seat) else seat

    def deciders(self) -> list[int]:
        """The seats whose people decide together about the table (closing it, stand-ins
        at a table without a stand-in time): every seated person still in the game."""
        return [
            s.seat
            for s in self.seats
            if s.kind == PERSON and s.owner_key is not None and not self.resigned(s.seat)
        ]

    def draft(self, seat: int) -> str | None:
        """The seat's half-built program of this turn, if it sent one."""
        kept = self.drafts.get(seat)
        turn = getattr(self.saved.match.state, "turn", None)
        return kept[1] if kept is not None and kept[0] == turn else None

    # -- reading ------------------------------------------------------------------------
    @property
    def spec(self) -> GameSpec:
        return self.saved.match.spec

    @property
    def private(self) -> bool:
        return self.code is not None

    def seat_of(self, key: str) -> int | None:
        """The seat ``key`` holds here, or ``None``."""
        return next((s.seat for s in self.seats if s.owner_key == key), None)

    def keys(self) -> set[str]:
        return {s.owner_key for s in self.seats if s.owner_key}

    def visible_to(self, key: str) -> bool:
        return not self.private or key in self.keys() or key == self.creator_key

    def free_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == PERSON and s.owner_key is None]

    def present(self, seat: int) -> bool:
        owner = self.seats[seat].owner_key
        return owner is not None and any(f.key == owner for f in self.followers)

    def absent_for(self, seat: int) -> float:
        """Seconds the seat's owner has been away (0 while present or for a free seat)."""
        if self.seats[seat].owner_key is None or self.present(seat):
            return 0.0
        return time.monotonic() - self.absent_since.get(seat, time.monotonic())

    def note_presence(self, before: Mapping[int, bool]) -> bool:
        """After followers changed: start the absence clock of seats just left.
        ``before`` is :meth:`presence` from before the change; True if any changed."""
        changed = False
        for seat, was in before.items():
            now = self.present(seat)
            if was and not now:
                self.absent_since[seat] = time.monotonic()
            changed = changed or was != now
        return changed

    def presence(self) -> dict[int, bool]:
        return {s.seat: self.present(s.seat) for s in self.seats if s.kind == PERSON}

    def spectators(self) -> int:
        owners = self.keys()
        return sum(1 for f in self.followers if f.key not in owners)

    def to_move(self) -> list[int]:
        if self.status != PLAYING:
            return []
        return list(self.saved.match.state.to_move())

    def plays_itself(self, seat: int) -> str | None:
        """The level the server plays ``seat`` at (a computer or a stand-in), else ``None``."""
        row = self.seats[seat]
        if row.kind == COMPUTER:
            return row.level or "normal"
        return row.stand_in

    def progress(self) -> str:
        if self.status == WAITING:
            free = len(self.free_seats())
            return f"waiting for {free} player{'s' if free != 1 else ''}"
        state = self.saved.match.state
        if self.status == FINISHED:
            result = state.result()
            return result.reason if result is not None else "over"
        return state.progress

    def options_text(self) -> str:
        options = self.saved.match.options
        parts = [
            f"{o.label or o.name}: {o.label_of(options[o.name])}"
            for o in self.spec.options
            if offered(o) and o.name in options
        ]
        return ", ".join(parts) or "standard"

    def summary(
        self, viewer: str, names: Callable[[str], str | None], where: WhereOf | None = None
    ) -> dict[str, Any]:
        """The table as the lobby and the ``seats`` message show it to ``viewer``;
        ``where(key, table, viewer)`` says where a seat's person is (else here or away)."""
        seats = []
        computers = self.computer_names()
        for row in self.seats:
            if row.kind == COMPUTER or row.owner_key is None:
                place: Where = (HERE, self.id, 0) if row.kind == COMPUTER else (OFFLINE, None, 0)
            elif where is not None:
                place = where(row.owner_key, self.id, viewer)
            elif self.present(row.seat):
                place = (HERE, self.id, 0)
            else:
                place = (AWAY, None, int(self.absent_for(row.seat)))
            if row.kind == COMPUTER:
                name: str | None = computers[row.seat]
            elif row.owner_key is None:
                name = None
            else:
                name = names(row.owner_key) or "Player"
            seats.append(
                {
                    "seat": row.seat,
                    "kind": row.kind,
                    "level": row.level,
                    "name": name,
                    "present": row.kind == COMPUTER or self.present(row.seat),
                    "stand_in": row.stand_in,
                    "you": row.owner_key == viewer and viewer != "",
                    "absent_for": int(self.absent_for(row.seat)) if row.kind == PERSON else 0,
                    "where": place[0],
                    "at": place[1],
                    "gone_for": place[2],
                    "resigned": row.kind == PERSON and self.resigned(row.seat),
                    "stand_in_votes": sorted(self.stand_in_votes.get(row.seat, ())),
                }
            )
        return {
            "id": self.id,
            "game": self.spec.id,
            "game_name": self.spec.name,
            "status": self.status,
            "seats": seats,
            "private": self.private,
            "creator": names(self.creator_key) or "Player",
            "progress": self.progress(),
            "to_move": self.to_move(),
            "spectators": self.spectators(),
            "timer": self.timer,
            "stand_in_after": self.stand_in_after,
            "options": self.options_text(),
            "yours": viewer != "" and viewer == self.creator_key,
            "close_votes": sorted(self.close_votes),
            **self.daily_summary(),
        }

    def timer_left(self) -> int | None:
        if self.timer_deadline is None:
            return None
        return max(0, round(self.timer_deadline - time.monotonic()))

    # -- moves --------------------------------------------------------------------------
    def check_move(self, key: str, seat: int, text: str) -> Action:
        """The action a person's ``move`` asks for, if the rules let them play it now."""
        if not 0 <= seat < len(self.seats):
            raise ProtocolError("bad_request", f"there is no seat {seat} at this table")
        row = self.seats[seat]
        if row.owner_key != key:
            raise ProtocolError("not_your_seat", "that seat is not yours")
        if self.resigned(seat):
            raise ProtocolError("not_your_seat", "you resigned this game")
        if row.stand_in is not None:
            raise ProtocolError(
                "not_your_seat", "a computer stands in for you: open the table to take it back"
            )
        if self.status != PLAYING:
            raise ProtocolError("not_your_turn", "the game is not being played")
        state = self.saved.match.state
        if seat not in state.to_move():
            raise ProtocolError("not_your_turn", "it is not your turn")
        return self.check_action(seat, text)

    def check_action(self, seat: int, text: str) -> Action:
        try:
            action = self.spec.decode_action(text)
        except EngineError as exc:
            raise ProtocolError("illegal", f"not a move: {exc}") from None
        except Exception:
            raise ProtocolError("illegal", "not a move of this game") from None
        try:
            legal = action in self.saved.match.state.legal_actions(seat)
        except Exception:
            legal = False
        if not legal:
            raise ProtocolError("illegal", "that move is not allowed now")
        return action

    def play(self, action: Action, seat: int) -> int:
        """Apply a checked action; the index of its log entry. Counts the seat's moves,
        and those a stand-in played for its absent person (a seat mostly played by a
        stand-in is not rated): a stand-in's, or a daily table's timed-out move."""
        try:
            self.saved.match.play(action, seat)
        except IllegalAction as exc:
            raise ProtocolError("illegal", str(exc)) from None
        row = self.seats[seat]
        by_computer = row.stand_in is not None or self.played_for == seat
        stood_in = row.kind == PERSON and by_computer and not self.resigned(seat)
        self._count(MOVES, seat)
        if stood_in:
            self._count(STAND_IN_MOVES, seat)
        return len(self.saved.match.log) - 1

    def _count(self, key: str, seat: int) -> None:
        counts = self.move_counts(key)
        counts[seat] += 1
        self.saved.ui[key] = counts

    def move_counts(self, key: str = MOVES) -> list[int]:
        """Per seat, the moves played (``MOVES``) or played by a stand-in
        (``STAND_IN_MOVES``), kept in the save so a restarted host goes on counting."""
        kept = self.saved.ui.get(key, [])
        counts = [0] * len(self.seats)
        if isinstance(kept, list):
            for i, n in enumerate(kept[: len(counts)]):
                if isinstance(n, int) and not isinstance(n, bool) and n >= 0:
                    counts[i] = n
        return counts

    def player_for(self, seat: int, level: str) -> ComputerPlayer:
        """The computer player of a seat at a level, kept between moves (its memory)."""
        key = (seat, level)
        if key not in self.players:
            self.players[key] = make_player(self.spec, level, seat, self._player_seed + 101 * seat)
        return self.players[key]

    # -- the save file ------------------------------------------------------------------
    def computer_names(self) -> dict[int, str]:
        """The computer seats' names by seat ("Computer", "Computer 2"), without the level:
        whoever shows a name adds the level once."""
        rows = [row for row in self.seats if row.kind == COMPUTER]
        named = computer_names(row.level for row in rows)
        return {row.seat: name for row, name in zip(rows, named, strict=True)}

    def player_entries(self, names: Callable[[str], str | None]) -> list[PlayerEntry]:
        entries = []
        computers = self.computer_names()
        for row in self.seats:
            if row.kind == COMPUTER:
                entries.append(PlayerEntry(computers[row.seat], "computer", row.level))
            else:
                name = (names(row.owner_key) if row.owner_key else None) or OPEN_SEAT
                entries.append(PlayerEntry(name, "human"))
        return entries

    def write(self, names: Callable[[str], str | None]) -> Path:
        """Write the save file (atomic), with the seats' current names."""
        self.saved.players = self.player_entries(names)
        return write_save(self.save_dir, self.saved)

    def result_players(
        self, names: Callable[[str], str | None], unfinished: str = "unfinished"
    ) -> list[dict[str, str]]:
        """Each seat's name and outcome (``unfinished``'s word for a game not over)."""
        result = self.saved.match.state.result()
        out = []
        for entry, row in zip(self.player_entries(names), self.seats, strict=True):
            outcome = result.outcome(row.seat) if result is not None else unfinished
            if row.kind == PERSON and self.resigned(row.seat):
                outcome = "resigned"
            name = with_level(entry.name, row.level) if row.kind == COMPUTER else entry.name
            out.append({"name": name, "outcome": outcome})
        return out

    @staticmethod
    def new_saved(
        spec: GameSpec,
        table_id: int,
        num_players: int,
        options: Mapping[str, Any],
        seed: int | None = None,
    ) -> SavedGame:
        """A new table's game: dealt from ``seed``, or from a random one when None."""
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        match = Match(spec, num_players, options, seed)
        now = datetime.now().replace(microsecond=0)
        entries = [PlayerEntry(OPEN_SEAT, "human")] * num_players
        return SavedGame(
            name=f"table {table_id}", match=match, players=list(entries), created=now, updated=now
        )
