"""What a game screen does differently at a table of ``robotui serve``.

:class:`TablePlayMixin` is part of :class:`screens.game_screen.GameScreen`. In a local game
(a :class:`screens.session.GameSession`) none of it applies: ``at_table`` is False. At a
table (a :class:`screens.online.session.TableSession`) the other seats are never played
here: their moves come from the table server (:meth:`on_table_move`), the status line says
whom the game waits for, ``ctrl+t`` opens the table window and ``ctrl+r`` resigns (after one
question).
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from textual.css.query import NoMatches

from engines.core import Action
from engines.safe_text import safe_text
from screens.daily_text import time_left_text
from screens.dialogs import ConfirmScreen
from screens.footer_keys import FooterKey, FooterKeys, footer_key_width
from screens.online.session import NO_HINTS, resign_question
from screens.online.table_window import TableWindow
from screens.presence import presence_words
from screens.stages import Stage
from screens.text_fit import fit

TABLE_KEY: FooterKey = ("table_window", "^t", "Table")
WATCHING_NOTE = "You are watching: the players make the moves here."
# the keys that change nothing at a table: they say why (see table_refusal)
SAVED_BY_HOST = "The host saves this game after every move."
WAITING_CELLS = 60  # the longest "Waiting for ..." line
# the actions of the game screens' keys that make or prepare a move: none for a spectator
PLAYERS_KEYS = frozenset(
    {
        "pick",
        "place",
        "number",
        "choose",
        "confirm",
        "play",
        "discard",
        "recycle",
        "scrap",
        "attack",
        "end_turn",
        "card",
        "no_buy",
        "colour",
        "eureka",
        "take_back",
        "toggle",
        "power_down",
        "recompile",
        "undo",
        "hint",
        "save_as",
        "cursor",
        "go_on",
        # a player's own notes (Robo Factory): a spectator has none
        "toggle_notes",
        "mark",
        "note_column",
        "vertical",
        "horizontal",
    }
)


class TablePlayMixin:
    """The game screen at a table (see the module docstring)."""

    session: Any
    message: str
    thinking_since: float | None
    thinking_seat: int | None
    shown_seat: int | None
    TIMER_THEN = "the table plays for you"  # what the timer does when it runs out on you

    @property
    def at_table(self) -> bool:
        return bool(getattr(self.session, "at_table", False))

    def table_setup(self) -> None:
        """Called from ``__init__``: the table key joins the footer's end."""
        self.bell_armed = True  # the bell rings when your turn comes (again)
        self.deadline_drawn = ""  # the daily deadline's line as last drawn
        if self.at_table:
            self.FOOTER_END = (TABLE_KEY, *FooterKeys.FOOTER_END)
            self.session.screen = self

    # -- keys --------------------------------------------------------------------------
    def table_check(self, action: str) -> bool | None:
        """False for the keys a table switches off, None when it has no say."""
        if action == "table_window":
            return self.at_table
        if action == "table_resign":
            return self.at_table and not self.session.watching and self.session.status == "playing"
        if self.at_table and action == "new_game":
            return False  # back to the lobby instead
        if self.at_table and self.session.watching and action in PLAYERS_KEYS:
            return False  # watching: the game's keys are the players'
        return None

    def footer_keys(self, bindings: Any = None) -> list[FooterKey]:
        """The footer's plan; the table key only where the game's own keys leave room."""
        keys: list[FooterKey] = super().footer_keys(bindings)  # type: ignore[misc]
        if self.at_table:
            width = sum(footer_key_width(key, text) for _, key, text in keys)
            if width > self.app.size.width:  # type: ignore[attr-defined]
                keys = [k for k in keys if k[0] != TABLE_KEY[0]]
        return keys

    def offers(self, action: str) -> bool:
        if self.at_table and action in ("hint", "save_as"):
            return False
        return super().offers(action)  # type: ignore[misc]

    def table_refusal(self, action: str) -> bool:
        """Say why ``action`` does nothing at a table; True if it was refused."""
        if not self.at_table:
            return False
        self.message = {"hint": NO_HINTS, "save_as": SAVED_BY_HOST}[action]
        self.refresh_all()  # type: ignore[attr-defined]
        return True

    def action_table_window(self) -> None:
        if not self.at_table:
            return
        if not any(isinstance(s, TableWindow) for s in self.app.screen_stack):  # type: ignore[attr-defined]
            self.app.push_screen(TableWindow(self.session))  # type: ignore[attr-defined]

    def action_table_resign(self) -> None:
        """Leave the game for good, after one question (what it does depends on the game)."""
        if not self.at_table or self.session.watching or self.session.status != "playing":
            return
        session = self.session

        def done(yes: bool | None) -> None:
            if yes:
                session.send_resign()

        self.app.push_screen(  # type: ignore[attr-defined]
            ConfirmScreen(resign_question(session), yes="Resign", no="Play on"), done
        )

    # -- waiting for the others ------------------------------------------------------------
    def wait_for_table(self, seat: int) -> None:
        """``seat`` (not yours) is to move: its move comes from the table; say whom we wait for."""
        if self.thinking_since is None:
            self.thinking_since = time.monotonic()
        self.thinking_seat = seat
        state = self.game_state  # type: ignore[attr-defined]
        if self.session.your_seat not in state.to_move() or self.table_sent():
            self.bell_armed = True  # not your turn now: the next one rings
        self.refresh_all()  # type: ignore[attr-defined]

    def table_waiting_text(self) -> str | None:
        """``Waiting for Anna... Computer hard is thinking... Timer: 20 s left.``, and on a
        daily table a line more: ``Daily: 23 h 5 min left for this move.``"""
        parts = self.table_waiting_parts()
        if not parts:
            return None
        text = fit(" ".join(parts), WAITING_CELLS)
        if deadline := self.table_deadline_line():
            text += "\n" + deadline
        return text

    def table_waiting_parts(self) -> list[str]:
        """Whom the table waits for, in parts: ``Waiting for Anna...``, ``Computer hard is
        thinking...``, the timer's seconds (empty when it waits for nobody)."""
        session = self.session
        if session.status == "waiting":
            free = sum(
                1 for s in session.seats if s.get("kind") == "person" and s.get("name") is None
            )
            seats = f"{free} seat{'s' * (free != 1)}" if free else "the seats"
            return [f"Waiting for players to join: {seats} free."]
        state = self.game_state  # type: ignore[attr-defined]
        others = [s for s in state.to_move() if not session.is_human(s)]
        if not others or self.thinking_since is None:
            return []
        people, computers = [], []
        for seat in others:
            name = safe_text(session.seat_name(seat))
            info = session.seat_info(seat)
            if info.get("kind") == "computer":
                computers.append(name if not info.get("level") else f"{name} {info['level']}")
            elif info.get("stand_in"):
                computers.append(f"the computer for {name}")
            elif info and not info.get("present", True):
                people.append(f"{name} ({presence_words(info, session.seats_age())})")
            else:
                people.append(name)
        parts = []
        if people and session.watching:  # a spectator waits for nobody: who does what
            doing: dict[str, list[str]] = {}
            for seat, name in zip(
                [
                    s
                    for s in others
                    if session.seat_info(s).get("kind") != "computer"
                    and not session.seat_info(s).get("stand_in")
                ],
                people,
                strict=False,
            ):
                doing.setdefault(self.seat_doing(seat), []).append(name)
            for verb, names in doing.items():
                parts.append(f"{_and(names)} {'is' if len(names) == 1 else 'are'} {verb}.")
        elif people:
            parts.append("Waiting for " + _and(people) + "...")
        if computers:
            verb = "is" if len(computers) == 1 else "are"
            said = _and(computers)
            parts.append(f"{said[:1].upper()}{said[1:]} {verb} thinking...")
        left = session.timer_left()
        if left is not None:
            parts.append(f"Timer: {left} s left.")
        return parts

    def seat_doing(self, seat: int) -> str:
        """What a seat to move is doing, as a spectator reads it ("Ann is to move");
        a game says more ("programming")."""
        return "to move"

    def watching_table(self) -> bool:
        """A spectator at a table: the game's keys are the players'."""
        return self.at_table and bool(self.session.watching)

    def table_tick(self) -> bool:
        """Whether the periodic redraw is needed: at a table only while the timer runs, or
        when a daily deadline's minutes change (a terminal waiting for another person gets
        nothing else to draw)."""
        if not self.at_table or self.session.timer_end is not None:
            return True
        deadline = self.table_deadline_line()
        if deadline == self.deadline_drawn:
            return False
        self.deadline_drawn = deadline
        return True

    def table_timer_line(self) -> str:
        """Your own countdown while the table's timer runs on you, or a daily table's time
        left for your decision; else ""."""
        if not self.at_table:
            return ""
        left = self.session.timer_left()
        if left is not None:
            return f"Timer: {left} s, then {self.TIMER_THEN}."
        return self.table_deadline_line() if self.your_decision_due() else ""

    def daily_left(self) -> float | None:
        """Seconds left for the decision a daily table waits on; None at a live table, or
        while it waits on nobody."""
        if not self.at_table:
            return None
        session = self.session
        left = session.summary.get("deadline_in")
        if (
            session.summary.get("daily_hours") is None
            or session.status != "playing"
            or not isinstance(left, int)
            or isinstance(left, bool)
        ):
            return None
        return left - session.seats_age()

    def your_decision_due(self) -> bool:
        """The table waits on your seat's decision, and none of yours is on its way."""
        seat = self.session.your_seat
        state = self.game_state  # type: ignore[attr-defined]
        return seat is not None and seat in state.to_move() and not self.table_sent()

    def table_deadline_line(self) -> str:
        """``Your move: 23 h 5 min left.`` while a daily table waits on you, ``Daily: 23 h 5
        min left for this move.`` while it waits on others; "" at a live table."""
        left = self.daily_left()
        if left is None:
            return ""
        if self.your_decision_due():
            return f"Your move: {time_left_text(left)}."
        return f"Daily: {time_left_text(left)} for this move."

    # -- the bell ------------------------------------------------------------------------------
    def table_bell(self, seat: int) -> None:
        """Ring once when it becomes your turn, if the bell is on (the lobby's setting):
        not again while others move in the same turn (RoboRally's programs come in while
        you program), nor while your move is on its way."""
        if not self.at_table or not self.bell_armed or self.table_sent():
            return
        self.bell_armed = False
        if getattr(self.app, "table_bell", False):  # type: ignore[attr-defined]
            self.app.bell()  # type: ignore[attr-defined]

    def table_sent(self) -> bool:
        """A move of yours is on its way to the table (RoboRally's simultaneous phases)."""
        waiting = getattr(self.session, "waiting_for_echo", None)
        return bool(waiting and waiting())

    # -- what the table session calls --------------------------------------------------------
    def table_live(self) -> bool:
        """Still showing the game: not closing (the app quitting, the screen dismissed). The
        session plays the table's moves without the screen otherwise."""
        screen: Any = self  # the game screen this mixin is part of
        return (
            screen.is_attached
            and not screen._closing
            and not screen._closed
            and screen.stage != Stage.LEAVING
        )

    def on_table_move(self, action: Action, seat: int) -> None:
        """A move from the table (another seat's, or your own sent in a simultaneous phase):
        played as a computer's answer would be."""
        self.thinking_since = None
        self.thinking_seat = None
        self.play(action, seat)  # type: ignore[attr-defined]

    def on_table_rebuilt(self) -> None:
        """The game was read again from the table (after ``sync``): start over from it."""
        self.generation += 1  # type: ignore[attr-defined]
        self.thinking_since = None
        self.thinking_seat = None
        self.shown_seat = None
        self.reset_for_table()
        self.advance()  # type: ignore[attr-defined]

    def reset_for_table(self) -> None:
        """A screen's own state that the rebuilt game makes stale (a game screen adds)."""

    def on_table_news(self, text: str) -> None:
        """Presence, chat and errors: on the status line."""
        if text:
            self.message = text
        with contextlib.suppress(NoMatches):  # the screen's widgets are going: nothing to draw
            self.refresh_all()  # type: ignore[attr-defined]
            self.refresh_table_window()

    def on_table_seats(self, started: bool) -> None:
        """The seats changed (presence, stand-in); ``started``: the game begins now."""
        with contextlib.suppress(NoMatches):  # the screen's widgets are going: nothing to draw
            if started:
                self.advance()  # type: ignore[attr-defined]
            else:
                self.refresh_all()  # type: ignore[attr-defined]
            self.refresh_table_window()

    def refresh_table_window(self) -> None:
        for screen in self.app.screen_stack:  # type: ignore[attr-defined]
            if isinstance(screen, TableWindow):
                screen.refresh_view()

    def on_table_closed(self, reason: str) -> None:
        """The table is gone: one line, and back to the lobby."""
        self.app.notify(reason, severity="warning", markup=False)  # type: ignore[attr-defined]
        self.close(False)  # type: ignore[attr-defined]

    def table_leave_question(self, quit_app: bool) -> str:
        if self.session.watching:
            return "Quit robotui?" if quit_app else "Stop watching this table?"
        first = "Quit robotui?" if quit_app else "Leave the table?"
        return f"{first} Your seat stays yours: come back from the lobby."


def _and(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
