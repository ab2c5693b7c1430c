"""The table window (``ctrl+t`` in a table game): the seats and who is here, the chat with
its line, the stand-in controls, resigning (``ctrl+r``), closing the table by agreement
(``ctrl+x``) and the private code. Escape closes it.

Everything shown comes from the table server and from other people: it is made safe
(``safe_text``) by the session and drawn as text, never as markup.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from engines.safe_text import safe_text
from screens.chat_input import ChatInput
from screens.daily_text import pace_text
from screens.dialogs import ConfirmScreen
from screens.footer import Footer
from screens.online.session import TableSession, chat_problem, close_question, resign_question
from screens.presence import presence_words
from screens.text_fit import fit

NAME_CELLS = 20
REDRAW = 15.0  # seconds between redraws while the window is open


def seat_line(session: TableSession, seat: dict[str, Any]) -> Text:
    """One seat: number, name, here or away (for how long), computer or stand-in."""
    number = int(seat.get("seat", 0))
    text = Text(f"{number + 1}. ")
    name = fit(safe_text(seat.get("name") or ""), NAME_CELLS)
    if seat.get("kind") == "computer":
        level = safe_text(seat.get("level") or "")
        text.append(f"{name or 'Computer'} ({level})" if level else name or "Computer", "cyan")
        return text
    if not name:
        text.append("free seat", "dim")
        return text
    text.append(name, "bold" if seat.get("you") else "")
    if seat.get("you"):
        text.append(" (you)")
    if seat.get("resigned"):
        text.append("  resigned", "red")
        if seat.get("stand_in"):
            text.append(f"  played by the computer ({safe_text(seat['stand_in'])})", "magenta")
        return text
    words = presence_words(seat, session.seats_age())
    text.append(f"  {words}", "green" if words == "here" else "yellow")
    if seat.get("stand_in"):
        text.append(f"  played by the computer ({safe_text(seat['stand_in'])})", "magenta")
    elif seat.get("stand_in_votes"):
        agreed = len(seat["stand_in_votes"])
        text.append(f"  {agreed} agree{'s' * (agreed == 1)} to a stand-in", "magenta")
    if int(seat.get("seat", -1)) in session.close_votes():
        text.append("  agrees to close", "yellow")
    return text


def stand_in_problem(session: TableSession, seat: dict[str, Any]) -> str | None:
    """Why you cannot hand ``seat`` to a computer now, or None if you can (at a table
    without a stand-in time, None means you may agree to it)."""
    name = safe_text(seat.get("name") or "")
    after = int(session.summary.get("stand_in_after") or 0)
    if session.watching:
        return "Only the people playing here hand a seat to the computer."
    if seat.get("kind") != "person" or not name or seat.get("you"):
        return "Only another person's seat can be handed to the computer."
    if seat.get("resigned"):
        return f"{name} resigned this game."
    if seat.get("present"):
        return f"{name} is here: a seat is handed over only while its player is away."
    if after <= 0:
        return None  # by agreement of everyone here
    wait = after * 60 - session.absent_seconds(seat)
    if wait > 0:
        return f"Possible once {name} is away {after} min (in {max(1, (wait + 59) // 60)} min)."
    return None


class LevelScreen(ModalScreen[str | None]):
    """Which computer level takes the seat."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, levels: list[str]) -> None:
        super().__init__()
        self.question = question
        self.levels = levels

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title", markup=False)
            yield OptionList(*[Option(level, id=level) for level in self.levels])
            yield Static("Enter chooses, Escape cancels.", classes="hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TableWindow(ModalScreen[None]):
    """The table: seats, chat, stand-ins, code (see the module docstring)."""

    BINDINGS = [
        Binding("escape", "close", "Close", key_display="Esc"),
        Binding("tab", "switch", "Seats/chat", key_display="Tab", priority=True),
        Binding("ctrl+r", "resign", "Resign", key_display="^r", priority=True),
        Binding("ctrl+x", "close_table", "Close table", key_display="^x", priority=True),
    ]
    DEFAULT_CSS = """
    TableWindow { align: center middle; }
    #tw-box { width: 76; height: 22; border: thick $accent; background: $surface;
              padding: 0 1; }
    #tw-title { height: 1; text-style: bold; color: $accent; }
    #tw-seats { height: auto; max-height: 8; border: none; padding: 0; }
    #tw-help { height: auto; max-height: 2; color: $text-muted; }
    #tw-chat { height: 1fr; border-top: solid $accent; }
    #tw-note { height: 1; }
    #tw-input { height: 1; border: none; padding: 0; }
    """

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        self.session = session
        self.note = ""
        self.ready = False  # composed: refresh_view may draw
        self.chat_lines = -1  # chat lines drawn: the window scrolls to a new one

    def compose(self) -> ComposeResult:
        with Vertical(id="tw-box"):
            yield Static(id="tw-title", markup=False)
            yield OptionList(id="tw-seats")
            yield Static(id="tw-help", markup=False)
            with VerticalScroll(id="tw-chat"):
                yield Static(id="tw-lines", markup=False)
            yield Static(id="tw-note", markup=False)
            yield ChatInput(
                placeholder="Say something (Enter sends)", id="tw-input", max_length=400
            )
        yield Footer()

    def on_mount(self) -> None:
        self.ready = True
        self.refresh_view()
        self.set_interval(REDRAW, self.refresh_view)  # how long the absent have been away
        self.query_one("#tw-input", Input).focus()

    # -- drawing ---------------------------------------------------------------------------
    def refresh_view(self) -> None:
        """Draw the table as the session knows it now (called again on every change)."""
        if not self.ready:
            return
        session = self.session
        summary = session.summary
        game = safe_text(summary.get("game_name") or session.spec.name)
        title = f"Table {session.table_id}: {game}"
        if pace := pace_text(summary, session.seats_age()):
            title += f", {pace}"
        if session.watching:
            title += " (watching)"
        if session.code:
            title += f"   private code: {session.code}"
        self.query_one("#tw-title", Static).update(fit(title, 72))
        seats = self.query_one("#tw-seats", OptionList)
        highlighted = seats.highlighted
        seats.set_options([Option(seat_line(session, s)) for s in session.seats])
        if session.seats:
            seats.highlighted = min(highlighted or 0, len(session.seats) - 1)
        self.query_one("#tw-help", Static).update(self.help_line())
        lines = Text()
        for n, line in enumerate(session.chat):
            lines.append("\n" if n else "")
            lines.append(f"{line['time']} ", "dim")
            lines.append(f"{line['who']}: ", "bold")
            lines.append(line["text"])
        if not session.chat:
            lines.append("No chat yet.", "dim")
        self.query_one("#tw-lines", Static).update(lines)
        if len(session.chat) != self.chat_lines:  # a new line: the newest in sight
            self.chat_lines = len(session.chat)
            chat = self.query_one("#tw-chat", VerticalScroll)
            self.call_after_refresh(chat.scroll_end, animate=False)
        note = session.chat_note or self.note
        self.query_one("#tw-note", Static).update(Text(fit(note, 72), "bold"))

    def help_line(self) -> str:
        session = self.session
        if session.watching:
            return "Tab: seats, chat history or chat line.  Escape closes."
        after = int(session.summary.get("stand_in_after") or 0)
        if after <= 0:
            return (
                "Tab: seats, chat or line. On an away seat, Enter agrees to hand it to "
                "the computer (once everyone here agrees). ^r resigns, ^x closes."
            )
        return (
            f"Tab: seats, chat or line. On a seat away {after} min or more, Enter hands "
            "it to the computer; Enter again gives it back. ^r resigns, ^x closes."
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resign":
            return not self.session.watching and self.session.status == "playing"
        if action == "close_table":
            return self.session.creator or not self.session.watching
        return True

    # -- keys ---------------------------------------------------------------------------------
    def action_close(self) -> None:
        self.dismiss(None)

    def action_resign(self) -> None:
        session = self.session
        if session.watching or session.status != "playing":
            return

        def done(yes: bool | None) -> None:
            if yes:
                session.send_resign()
                self.note = "You resigned: you watch the game from here."
                self.refresh_view()

        self.app.push_screen(
            ConfirmScreen(resign_question(session), yes="Resign", no="Play on"), done
        )

    def action_close_table(self) -> None:
        session = self.session
        if session.your_seat in session.close_votes():
            session.send_close(agree=False)
            self.note = "You no longer agree to close the table."
            self.refresh_view()
            return

        def done(yes: bool | None) -> None:
            if yes:
                session.send_close()
                self.note = "You agree to close the table."
                self.refresh_view()

        self.app.push_screen(
            ConfirmScreen(close_question(session), yes="Close it", no="Keep it"), done
        )

    def action_switch(self) -> None:
        """Tab: the seats, the chat history (arrows and PgUp/PgDn scroll it), the chat line."""
        order = [
            self.query_one("#tw-seats"),
            self.query_one("#tw-chat"),
            self.query_one("#tw-input"),
        ]
        now = next((n for n, widget in enumerate(order) if widget.has_focus), 2)
        order[(now + 1) % len(order)].focus()

    def on_chat_input_said(self, event: ChatInput.Said) -> None:
        problem = chat_problem(event.text)
        if problem is not None:
            self.note = problem
            event.chat_input.put_back(event.text)
        else:
            self.session.send_chat(safe_text(event.text))
            self.note = ""
        self.refresh_view()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id != "tw-seats":
            return
        seats = self.session.seats
        if not 0 <= event.option_index < len(seats):
            return
        seat = seats[event.option_index]
        number = int(seat.get("seat", 0))
        name = safe_text(seat.get("name") or "")
        if seat.get("stand_in") and not seat.get("resigned") and not self.session.watching:
            self.session.send_stand_in(number, None)
            self.note = f"{name} gets their seat back."
            self.refresh_view()
            return
        problem = stand_in_problem(self.session, seat)
        if problem is not None:
            self.note = problem
            self.refresh_view()
            return
        levels = list(self.session.spec.player_levels())
        by_agreement = int(self.session.summary.get("stand_in_after") or 0) <= 0

        def chosen(level: str | None) -> None:
            if level:
                self.session.send_stand_in(number, level)
                self.note = (
                    f"You agree that the computer ({level}) plays for {name}."
                    if by_agreement
                    else f"The computer ({level}) plays for {name} until they are back."
                )
                self.refresh_view()

        self.app.push_screen(LevelScreen(f"Who plays for {name}?", levels), chosen)
