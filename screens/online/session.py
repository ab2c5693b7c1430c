"""A game at a table of ``robotui serve``, as the game screens see it.

:class:`TableSession` stands where :class:`screens.session.GameSession` stands in a local
game: the screens read the match, the players and who is human from it and call
:meth:`TableSession.play`. At a table there is one human on this terminal (your seat; none
for a spectator), the other seats move on other terminals or in the table server, and the
host keeps the save. No Textual here: the session talks to the game screen through the
:class:`TableListener` methods and to the table server through ``client.send``.

Moves: yours is played here at once and sent; the server's echo confirms it. In RoboRally's
simultaneous phases the order in which programs arrive changes the game (the discard pile),
so there a move of yours is only sent, and played when it comes back in the server's order.
Anything that does not fit (a gap, another move where yours was, an ``error``) asks the
server for the whole table again (``sync``) and the game is rebuilt from it.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

from rich.cells import cell_len

from engines.core import Action, EngineError, IllegalAction
from engines.players import ComputerPlayer
from engines.safe_text import safe_text
from hosting.protocol import ServerType
from saves import PlayerEntry, SavedGame, SaveError, loads_save
from screens import ui_state
from screens.chat_outbox import ChatOutbox
from screens.presence import left_news
from screens.session import COMPUTER, HUMAN, SavedGameView, SaveStatus
from screens.text_fit import fit

NO_UNDO = "No undo at a table: moves between people stand."
NO_HINTS = "Hints are off at a table."
SAVED_ON_HOST = "Saved on the host"
NO_RENAME = "The host keeps this game under its table number: it cannot be renamed."
CATCHING_UP = "Catching up with the table..."
NAME_CELLS = 20  # a player's name is at most 20 cells (the server checks set_name)
# the error codes that mean a move of yours was not played: the game is read again
MOVE_ERRORS = frozenset({"not_your_turn", "illegal", "not_your_seat", "unknown_table"})


class Sender(Protocol):
    """What the session needs of the app's TableClient."""

    def send(self, msg: dict[str, Any]) -> Any: ...


class TableListener(Protocol):
    """What the session calls on the game screen showing it."""

    def on_table_move(self, action: Action, seat: int) -> None: ...

    def on_table_rebuilt(self) -> None: ...

    def on_table_news(self, text: str) -> None: ...

    def on_table_seats(self, started: bool) -> None: ...

    def on_table_closed(self, reason: str) -> None: ...

    def table_live(self) -> bool: ...


class TableSession(SavedGameView):
    """One table followed from this terminal (see the module docstring)."""

    at_table = True  # the screens ask with getattr(session, "at_table", False)
    hot_seat = False
    notice = ""

    def __init__(self, client: Sender, msg: dict[str, Any]) -> None:
        self.client = client
        self.table_id = int(msg["table"])
        self.screen: TableListener | None = None
        self.summary: dict[str, Any] = {}
        self.summary_at = time.monotonic()  # when the summary came (absent_for counts from it)
        self.your_seat: int | None = None
        self.creator = False
        self.code: str | None = None
        self.chat: list[dict[str, Any]] = []
        self.outbox = ChatOutbox(self._send_chat_now)
        self.me: str | None = None  # your name on the host (the app sets it)
        self.chat_note = ""  # why your last chat line has not gone out yet
        self.timer_end: float | None = None  # time.monotonic() when the 30 s timer runs out
        self.last_save: SaveStatus | None = SaveStatus(True, SAVED_ON_HOST)
        self.syncing = False
        self._time_up = False  # the timer stopped on your missing program
        self.closed_reason: str | None = None
        self._incoming: tuple[int, str] | None = None  # the server's move being applied
        self._held: str | None = None  # your move sent but not yet played (simultaneous)
        self._confirmed = 0  # moves of the server's log this session has
        self.news: list[str] = []  # what happened at the table, newest last (presence, chat)
        self._draft_sent: str | None = None  # the half-built program the table has
        self._read_table(msg)
        self.saved = self._saved_from(msg)
        self._confirmed = len(self.saved.match.log)
        self._take_draft(msg)

    # -- what the screens read (match, spec, players, name: see SavedGameView) ---
    @property
    def humans(self) -> list[int]:
        return [] if self.your_seat is None else [self.your_seat]

    def is_human(self, seat: int) -> bool:
        return seat == self.your_seat

    @property
    def watching(self) -> bool:
        return self.your_seat is None

    @property
    def status(self) -> str:
        return str(self.summary.get("status", "playing"))

    @property
    def seats(self) -> list[dict[str, Any]]:
        return list(self.summary.get("seats", []))

    def seat_name(self, seat: int) -> str:
        """The name of whoever sits at ``seat``, safe for the terminal."""
        if 0 <= seat < len(self.players):
            return self.players[seat].name
        return f"Seat {seat + 1}"

    def seat_info(self, seat: int) -> dict[str, Any]:
        return next((s for s in self.seats if s.get("seat") == seat), {})

    def seats_age(self) -> float:
        """Seconds since the seats were told."""
        return time.monotonic() - self.summary_at

    def absent_seconds(self, seat: dict[str, Any]) -> int:
        """How long a seat's player has been away now (0 if here)."""
        if seat.get("present") or not seat.get("name"):
            return 0
        since = int(seat.get("absent_for") or 0)
        return since + int(time.monotonic() - self.summary_at)

    def is_person(self, seat: int) -> bool:
        """A person (not a computer seat) plays ``seat``, unless a stand-in does now."""
        info = self.seat_info(seat)
        return info.get("kind", "person") == "person" and not info.get("stand_in")

    def timer_left(self) -> int | None:
        """Whole seconds left on the RoboRally timer, None while it is off."""
        if self.timer_end is None:
            return None
        return max(0, int(self.timer_end - time.monotonic() + 0.999))

    # -- what a table does not do ---------------------------------------------------------
    def computer(self, seat: int) -> ComputerPlayer:
        raise RuntimeError("computer seats are played by the table server")

    def hint_player(self, seat: int) -> ComputerPlayer:
        raise RuntimeError(NO_HINTS)

    def undo_point(self) -> int | None:
        return None

    def why_no_undo(self) -> str | None:
        return NO_UNDO

    def undo(self) -> bool:
        return False

    def autosave(self) -> SaveStatus:
        """The host saves after every move; the screen's notes stay in this session, and a
        half-built RoboRally program goes to the table (the timer keeps its registers)."""
        self._send_draft()
        self.last_save = SaveStatus(True, SAVED_ON_HOST)
        return self.last_save

    def _program_view(self) -> Any:
        """Your seat's RoboRally view while you write a program, else None."""
        seat = self.your_seat
        if (
            seat is None
            or self.spec.id != "roborally"
            or self.status != "playing"
            or seat not in self.match.state.to_move()
        ):
            return None
        view = self.match.state.view(seat)
        return view if getattr(view, "pending", None) == "program" else None

    def _send_draft(self) -> None:
        view = self._program_view()
        if view is None or self._held is not None:  # no program, or yours is on its way
            return
        # RoboRally's engine is imported with a RoboRally table only
        from engines.roborally.programs import check_draft, draft_of, encode_draft

        entry = ui_state.seat_entry(self.saved.ui, "program", view.seat) or {}
        state = self.match.state
        if ui_state.whole(entry.get("turn"), 0, 10**9) == getattr(state, "turn", None):
            cards = ui_state.card_list(entry.get("cards", []), view.hand, 5) or []
            power = ui_state.flag(entry.get("power", False)) is True
        else:
            cards, power = [], False
        registers = draft_of(view, cards)
        if check_draft(view, registers, power) is not None:
            power = False
        if check_draft(view, registers, power) is not None:
            registers = [None] * len(registers)
        text = encode_draft(registers, power)
        if text != self._draft_sent:
            self._draft_sent = text
            self.client.send(
                {"type": "draft", "table": self.table_id, "seat": view.seat, "text": text}
            )

    def _take_draft(self, msg: dict[str, Any], replace: bool = False) -> bool:
        """The half-built program the table kept for you (another session's, or this one's
        before a reconnect), unless this session has one of this turn already (or
        ``replace``: another session of yours has just changed it). True if taken."""
        text = msg.get("draft", msg.get("text"))
        view = self._program_view()
        if not isinstance(text, str) or view is None or self._held is not None:
            return False
        from engines.roborally.programs import check_draft, decode_draft

        state = self.match.state
        drafts = ui_state.seat_table(self.saved.ui, "program")
        entry = drafts.get(str(view.seat))
        if (
            not replace
            and isinstance(entry, dict)
            and entry.get("turn") == getattr(state, "turn", None)
        ):
            return False
        try:
            registers, power = decode_draft(text)
        except IllegalAction:
            return False
        if check_draft(view, registers, power) is not None:
            return False
        cards = [view.hand[i] for i in registers if i is not None]
        drafts[str(view.seat)] = {"turn": getattr(state, "turn", 0), "cards": cards, "power": power}
        self._draft_sent = text
        return True

    def rename(self, new_name: str) -> SaveStatus:
        return SaveStatus(False, NO_RENAME)

    # -- playing --------------------------------------------------------------------------
    def waiting_for_echo(self) -> bool:
        """A move of yours is sent and will be played when the server sends it back."""
        return self._held is not None

    def play(self, action: Action, seat: int) -> None:
        """Play ``action`` for ``seat``: the server's move being applied (see
        :meth:`handle`), or your own, which is sent to the server."""
        text = self.spec.encode_action(action)
        if self._incoming == (seat, text):
            self._incoming = None
            self.match.play(action, seat)
            return
        if seat != self.your_seat:
            raise IllegalAction("not your seat at this table")
        if self.syncing:
            raise IllegalAction("the game is being read again from the table")
        if self.status != "playing":
            raise IllegalAction("the game has not started")
        if self._held is not None:
            raise IllegalAction("your last move is still on its way to the table")
        state = self.match.state
        others = [s for s in state.to_move() if s != seat]
        if others:  # simultaneous: played when it comes back, in the server's order
            if action not in state.legal_actions(seat):
                raise IllegalAction("that move is not legal now")
            self._held = text
        else:
            self.match.play(action, seat)
        self.client.send({"type": "move", "table": self.table_id, "seat": seat, "text": text})

    # -- messages from the server -------------------------------------------------------
    def handle(self, msg: dict[str, Any]) -> None:
        """One message for this table (the app routes them here by table id)."""
        kind = msg.get("type")
        if kind == ServerType.TABLE:
            self._on_table(msg)
        elif kind == ServerType.MOVE:
            self._on_move(msg)
        elif kind == ServerType.SEATS:
            self._on_seats(msg.get("summary", {}))
        elif kind == ServerType.CHAT:
            self._on_chat(msg.get("line", {}))
        elif kind == ServerType.DRAFT:  # another session of yours changed your program
            if msg.get("seat") == self.your_seat and self._take_draft(msg, replace=True):
                hook = getattr(self.screen, "on_table_draft", None)
                if hook is not None and self.screen is not None and self.screen.table_live():
                    hook()
        elif kind == ServerType.TIMER:
            seconds = msg.get("seconds")
            # stopped while your program was still missing: the table plays it now
            self._time_up = (
                seconds is None
                and self.timer_end is not None
                and self._held is None
                and self.your_seat in self.match.state.to_move()
            )
            self.timer_end = None if seconds is None else time.monotonic() + int(seconds)
            self._news("")
        elif kind == ServerType.CLOSED:
            self.closed_reason = safe_text(msg.get("reason", "")) or "The table was closed."
            if self.screen is not None and self.screen.table_live():
                self.screen.on_table_closed(self.closed_reason)
        elif kind == ServerType.ERROR:
            text = safe_text(msg.get("message", "")) or "The table refused that."
            if msg.get("code") not in MOVE_ERRORS and self.outbox.in_flight is not None:
                # the answer to the chat line on its way (one at a time: see ChatOutbox)
                text = self.outbox.refused(str(msg.get("code"))) or text
                self.chat_note = text
            elif msg.get("code") in MOVE_ERRORS:  # a move of yours was not taken
                self._held = None
                self.sync(say=False)
            self._news(text)

    def sync(self, say: bool = True) -> None:
        """Ask the server for the whole table; moves are ignored until it comes."""
        if not self.syncing:
            self.syncing = True
            self.client.send({"type": "sync", "table": self.table_id})
            if say:
                self._news(CATCHING_UP)

    def _on_move(self, msg: dict[str, Any]) -> None:
        if self.syncing:
            return  # the coming table message has it
        index, seat, text = msg.get("index"), msg.get("seat"), msg.get("text")
        if not (isinstance(index, int) and isinstance(seat, int) and isinstance(text, str)):
            self.sync()
            return
        log = self.match.log
        if index < self._confirmed:
            return  # had it already
        if index > self._confirmed:
            self.sync()  # a move went missing
            return
        if index < len(log):  # where a move of yours was played here: its echo?
            entry = log[index]
            if (entry.seat, entry.text) == (seat, text):
                self._confirmed += 1
            else:
                self.sync()
            return
        played_for_you = seat == self.your_seat and self._held is None
        if seat == self.your_seat and self._held is not None:
            if self._held != text:
                self.sync()  # the table played your seat otherwise (the timer ran out)
                return
            self._held = None
        try:
            action = self.spec.decode_action(text)
        except Exception:  # not an action of this game: read the table again
            self.sync()
            return
        before = len(log)
        self._incoming = (seat, text)
        try:
            if self.screen is not None and self.screen.table_live():
                self.screen.on_table_move(action, seat)
            else:
                self.play(action, seat)
        except EngineError:
            pass  # not played: the table is read again below
        finally:
            self._incoming = None
        if len(self.match.log) != before + 1:
            self.sync()
            return
        self._confirmed += 1
        if played_for_you and self._time_up:  # the RoboRally timer ran out
            self._time_up = False
            self._news("Time is up: the table played for you (your filled registers stay).")

    def _on_table(self, msg: dict[str, Any]) -> None:
        started = self.status == "playing"
        self._read_table(msg)
        try:
            saved = self._saved_from(msg)
        except SaveError as exc:
            self._news(f"The table's game could not be read: {exc.problem}.")
            return
        log = [(e.seat, e.text) for e in saved.match.log]
        mine = [(e.seat, e.text) for e in self.match.log]
        rebuild = self.syncing or log != mine
        self.syncing = False
        self._held = None
        self.saved.players = saved.players
        self.saved.name = saved.name
        if rebuild:
            saved.ui = self.saved.ui  # the notes and drafts of this screen stay
            self.saved = saved
        self._confirmed = len(self.match.log)
        self._take_draft(msg)
        if self.screen is None or not self.screen.table_live():
            return
        if rebuild:
            self.screen.on_table_rebuilt()
        else:
            self.screen.on_table_seats(not started and self.status == "playing")

    def _on_seats(self, summary: dict[str, Any]) -> None:
        if not isinstance(summary, dict) or not summary:
            return
        before = {s.get("seat"): s for s in self.seats}
        started = self.status != "playing" and summary.get("status") == "playing"
        self.summary = summary
        self.summary_at = time.monotonic()
        self._name_players()
        said = []
        for seat in self.seats:
            old = before.get(seat.get("seat"))
            if old is None or seat.get("you") or seat.get("kind") != "person":
                continue
            name = _clean_name(seat.get("name"), seat.get("seat", 0))
            if old.get("name") is None and seat.get("name") is not None:
                said.append(f"{name} joined")
            elif old.get("present") and not seat.get("present"):
                said.append(left_news(name, seat))
            elif not old.get("present") and seat.get("present") and old.get("name"):
                said.append(f"{name} is back")
            if not old.get("stand_in") and seat.get("stand_in"):
                said.append(f"the computer ({safe_text(seat['stand_in'])}) plays for {name}")
            elif old.get("stand_in") and not seat.get("stand_in"):
                said.append(f"{name} has their seat back")
        if said:
            text = "; ".join(said)
            self.news.append(text[:1].upper() + text[1:])
            del self.news[:-50]
        if self.screen is not None and self.screen.table_live():
            if said:
                self.screen.on_table_news(self.news[-1])
            self.screen.on_table_seats(started)

    def _on_chat(self, line: dict[str, Any]) -> None:
        if not isinstance(line, dict):
            return
        line = {
            "who": safe_text(line.get("who", "")),
            "text": safe_text(line.get("text", "")),
            "time": safe_text(line.get("time", "")),
        }
        self.chat.append(line)
        del self.chat[:-200]
        if line["who"] != self._my_name():
            self._news(f"{line['who']}: {line['text']}")
            return
        if self.outbox.echoed(line["text"]):
            self.chat_note = ""
        if self.screen is not None and self.screen.table_live():
            self.screen.on_table_seats(False)  # the table window shows it

    def tell(self, text: str) -> None:
        """News from elsewhere on the host (another table waits for you)."""
        self._news(safe_text(text))

    def _news(self, text: str) -> None:
        if text:
            self.news.append(text)
            del self.news[:-50]
        if self.screen is not None and self.screen.table_live():
            self.screen.on_table_news(text)

    # -- sending --------------------------------------------------------------------------
    def send_chat(self, text: str) -> None:
        """Send a chat line after the ones before it (see :class:`ChatOutbox`)."""
        self.outbox.add(text)

    def _send_chat_now(self, text: str) -> None:
        self.client.send({"type": "chat", "table": self.table_id, "text": text})

    def send_resign(self) -> None:
        self.client.send({"type": "resign", "table": self.table_id})

    def send_close(self, agree: bool = True) -> None:
        """Agree to close the table (its creator alone closes it when nobody else plays
        at it), or take the agreement back."""
        self.client.send({"type": "close" if agree else "keep_open", "table": self.table_id})

    @property
    def resigned(self) -> bool:
        """You left this game for good (you watch it from then on)."""
        return any(s.get("you") and s.get("resigned") for s in self.seats)

    def close_votes(self) -> list[int]:
        votes = self.summary.get("close_votes", [])
        return [v for v in votes if isinstance(v, int)] if isinstance(votes, list) else []

    def deciders(self) -> list[int]:
        """The seats of the people still playing here (closing needs all of them)."""
        return [
            int(s.get("seat", 0))
            for s in self.seats
            if s.get("kind") == "person" and s.get("name") and not s.get("resigned")
        ]

    def send_stand_in(self, seat: int, level: str | None) -> None:
        self.client.send({"type": "stand_in", "table": self.table_id, "seat": seat, "level": level})

    # -- reading the server's messages ------------------------------------------------------
    def _read_table(self, msg: dict[str, Any]) -> None:
        summary = msg.get("summary")
        if isinstance(summary, dict):
            self.summary = summary
            self.summary_at = time.monotonic()
        seat = msg.get("your_seat")
        self.your_seat = seat if isinstance(seat, int) and not isinstance(seat, bool) else None
        self.creator = msg.get("creator") is True
        code = msg.get("code")
        self.code = safe_text(code) if isinstance(code, str) and code else None
        chat = msg.get("chat")
        if isinstance(chat, list):
            self.chat = []
            for line in chat[-200:]:
                if isinstance(line, dict):
                    self.chat.append(
                        {k: safe_text(line.get(k, "")) for k in ("who", "text", "time")}
                    )
        seconds = msg.get("timer")
        self.timer_end = (
            time.monotonic() + seconds
            if isinstance(seconds, int) and not isinstance(seconds, bool)
            else None
        )

    def _saved_from(self, msg: dict[str, Any]) -> SavedGame:
        saved = loads_save(str(msg.get("save", "")), f"table {self.table_id}")
        saved.path = None
        saved.name = f"table {self.table_id} on the host"
        saved.players = self._players_for(saved.players)
        return saved

    def _players_for(self, entries: list[PlayerEntry]) -> list[PlayerEntry]:
        """The players as the summary names them (safe text), else as the save does."""
        players = []
        for seat, entry in enumerate(entries):
            info = self.seat_info(seat)
            if info.get("kind") == "computer":
                level = info.get("level") or entry.level
                name = _clean_name(info.get("name") or entry.name or "Computer", seat)
                players.append(PlayerEntry(name, COMPUTER, safe_text(level) if level else None))
            elif info:
                given = info.get("name")
                shown = _clean_name(given, seat) if given else f"Seat {seat + 1} (free)"
                players.append(PlayerEntry(shown, HUMAN))
            else:
                players.append(PlayerEntry(_clean_name(entry.name, seat), entry.kind, entry.level))
        return players

    def _name_players(self) -> None:
        self.saved.players = self._players_for(self.saved.players)

    def _my_name(self) -> str:
        """Your name as chat lines carry it (a spectator has no seat to name them)."""
        if self.me:
            return safe_text(self.me)
        return self.seat_name(self.your_seat) if self.your_seat is not None else ""


def _clean_name(name: object, seat: int) -> str:
    text = safe_text(name) if name else ""
    return fit(text, NAME_CELLS) if text else f"Seat {seat + 1}"


CHAT_CELLS = 200


def resign_question(session: TableSession) -> str:
    """The one question before resigning, saying what it does in this game."""
    rule = str(getattr(session.spec, "resign_rule", ""))
    if rule == "game ends":
        return "Resign this game? The other side wins."
    if rule == "computer plays":
        return "Leave this game for good? A computer plays your seat to the end."
    return "Resign this game? You are out for good; the others play on."


def close_question(session: TableSession) -> str:
    """The question before closing (or agreeing to close) the table."""
    others = [s for s in session.deciders() if s != session.your_seat]
    if session.status != "playing" or not others:
        return "Close this table for everyone? A running game is kept as abandoned."
    return (
        "Agree to close this table? It closes once everyone playing agrees; "
        "the game is kept as abandoned."
    )


def chat_problem(text: str) -> str | None:
    """Why a chat line cannot be sent, or None."""
    clean = safe_text(text)
    if not clean:
        return "Nothing to send."
    if cell_len(clean) > CHAT_CELLS:
        return f"A chat line has at most {CHAT_CELLS} cells."
    return None
