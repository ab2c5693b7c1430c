"""The name a player goes by at the host: asked on the first visit, changed with r."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from engines.safe_text import safe_text
from screens.lobby.rows import NAME_CELLS


def name_problem(text: str) -> str | None:
    """Why ``text`` cannot be a name (one line), or None if it can (after safe_text)."""
    clean = safe_text(text)
    if not clean:
        return "A name needs at least one letter or sign that shows."
    width = cell_len(clean)
    if width > NAME_CELLS:
        return f"At most {NAME_CELLS} columns wide: this one takes {width}."
    return None


class NameScreen(ModalScreen[None]):
    """Type a name, Enter asks the host. It closes when the host says the name is set
    (the app calls :meth:`accepted`); a refusal shows on its status line (:meth:`refused`).
    On the first visit (no name yet) Escape leaves robotui; afterwards it cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    DEFAULT_CSS = """
    NameScreen .dialog { width: 60; }
    #name-problem { color: $error; height: auto; }
    """

    def __init__(self, current: str | None) -> None:
        super().__init__()
        self.current = current
        self.asked: str | None = None  # the name sent, waiting for the host's answer

    def compose(self) -> ComposeResult:
        first = self.current is None
        with Vertical(classes="dialog"):
            title = "Welcome! What should the others call you?" if first else "Your name"
            yield Static(title, classes="dialog-title")
            yield Input(
                value=safe_text(self.current or ""),
                id="name-input",
                max_length=60,
                placeholder="a name, 1 to 20 columns",
            )
            yield Static("", id="name-problem", markup=False)
            leave = "Escape leaves robotui." if first else "Escape keeps your name."
            yield Static(
                f"Enter sets it: the same key always gets it back. {leave}", classes="hint"
            )

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        problem = name_problem(event.value)
        if problem is not None:
            self.refused(problem)
            return
        self.asked = safe_text(event.value)
        self.query_one("#name-problem", Static).update("Asking the host...")
        self.app.send_table({"type": "set_name", "name": self.asked})  # type: ignore[attr-defined]

    def accepted(self) -> None:
        self.dismiss(None)

    def refused(self, reason: str) -> None:
        self.asked = None
        self.query_one("#name-problem", Static).update(safe_text(reason))

    def action_cancel(self) -> None:
        if self.current is None:
            self.app.exit()
        else:
            self.dismiss(None)
