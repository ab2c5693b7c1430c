"""Modal screens shared by every game: confirm, save-as, pass-the-keyboard, rules, too small."""

from __future__ import annotations

import time
from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, Static

from saves import NAME_LIMIT
from screens.footer import Footer
from screens.min_size import MIN_HEIGHT, MIN_WIDTH


class ConfirmScreen(ModalScreen[bool]):
    """Ask a yes/no question: y answers yes, n or Escape no; Enter presses the focused
    button, which starts on No (a stray Escape then Enter must not leave the game), and
    Left/Right or Tab move between the buttons."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
        Binding("left,right", "app.focus_next", "Other button", show=False),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            # plain text: a question may quote a save's name, which could look like markup
            yield Static(self.question, classes="dialog-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="primary")
                yield Button(f"{self.no} (n)", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class SaveAsScreen(ModalScreen[str | None]):
    """Ask for a save name."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, current: str) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Save this game as:")
            yield Input(value=self.current, id="save-name", max_length=NAME_LIMIT)
            yield Static("Enter saves, Escape cancels.", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not name:
            self.notify("A save needs a name.", severity="warning")
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)


def clock() -> float:
    """Seconds on a steady clock (its own name, so tests can stand in for it)."""
    return time.monotonic()


class PassScreen(ModalScreen[str | None]):
    """Hides the hands between two humans sharing a terminal. With ``leave_question`` (the
    text of the leave confirmation, asked when ``q`` is pressed), ``q`` or Escape may leave
    the game from here: the screen then answers ``"leave"``."""

    BINDINGS = [Binding("enter,space", "ready", "I'm ready"), Binding("q,escape", "leave", "Leave")]
    # Keys this soon after the screen appears are the last player's (a double-tapped Enter
    # that ended their move): they must not uncover the next player's cards.
    SETTLE = 0.6  # seconds

    def __init__(self, player: str, leave_question: Callable[[], str] | None = None) -> None:
        super().__init__()
        self.player = player
        self.leave_question = leave_question
        self.shown_at = clock()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog pass"):
            yield Static(f"Pass the keyboard to {self.player}.", classes="dialog-title")
            yield Static(
                f"{self.player}: press Enter when nobody else is looking.",
                classes="dialog-text",
            )
            if self.leave_question is not None:
                yield Static("q leaves the game (it is saved).", classes="hint")

    def action_ready(self) -> None:
        if clock() - self.shown_at >= self.SETTLE:
            self.dismiss(None)

    def action_leave(self) -> None:
        if self.leave_question is None:
            return

        def done(leave: bool | None) -> None:
            if leave:
                self.dismiss("leave")

        self.app.push_screen(ConfirmScreen(self.leave_question()), done)


class RulesScreen(ModalScreen[None]):
    """The rules of a game and the keys of its screen, scrollable."""

    BINDINGS = [Binding("escape,q,f1,question_mark", "close", "Close")]

    def __init__(self, title: str, text: str, keys: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.text = text
        self.keys = keys

    def compose(self) -> ComposeResult:
        with Vertical(classes="rules"):
            yield Static(f"Rules: {self.title_text}", classes="dialog-title")
            with VerticalScroll(id="rules-scroll"):
                yield Static(self.text, markup=False)
                if self.keys:
                    yield Static("KEYS\n" + self.keys, markup=False, classes="rules-keys")
            yield Static("Up/Down/PgUp/PgDn scroll, Escape closes.", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class PreviewScreen(ModalScreen[None]):
    """A text picture (e.g. a RoboRally course) to look at before starting a game."""

    BINDINGS = [Binding("escape,v,q,enter,l,m", "close", "Close")]

    def __init__(
        self,
        title: str,
        text: str | Text,
        at_end: bool = False,
        focus_line: int | None = None,
        full: bool = False,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.text = text
        self.at_end = at_end  # open scrolled to the end (a log: the newest lines)
        self.focus_line = focus_line  # open with this line of the text in the middle
        self.full = full  # the whole window, not the 78x22 of the rules

    def compose(self) -> ComposeResult:
        with Vertical(classes="rules rules-full" if self.full else "rules"):
            yield Static(self.title_text, classes="dialog-title")
            with ScrollableContainer(id="preview-scroll"):
                yield Static(self.text, markup=False, id="preview-text")
            yield Static("Arrows/PgUp/PgDn scroll, Escape closes.", classes="hint")

    def on_mount(self) -> None:
        scroll = self.query_one("#preview-scroll", ScrollableContainer)
        scroll.focus()
        if self.at_end:
            self.call_after_refresh(scroll.scroll_end, animate=False)
        elif self.focus_line is not None:
            line = self.focus_line
            self.call_after_refresh(
                lambda: scroll.scroll_to(y=max(0, line - scroll.size.height // 2), animate=False)
            )

    def action_close(self) -> None:
        self.dismiss(None)


class TooSmallScreen(Screen[None]):
    """Shown instead of the game while the terminal is smaller than 80×24."""

    BINDINGS = [Binding("ctrl+q", "app.quit", "Quit", priority=True)]

    def compose(self) -> ComposeResult:
        yield Static("", id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        self.update_size()

    def on_resize(self) -> None:
        self.update_size()

    def update_size(self) -> None:
        w, h = self.app.size
        try:
            label = self.query_one("#too-small", Static)
        except NoMatches:  # asked before compose ran: on_mount fills it in
            return
        label.update(
            f"The terminal is {w}x{h}.\n"
            f"robotui needs at least {MIN_WIDTH}x{MIN_HEIGHT}:\n"
            "make the window larger (or the font smaller).\n"
            "Your game is safe and carries on when there is room."
        )
