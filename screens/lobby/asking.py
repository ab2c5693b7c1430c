"""A lobby screen that asks the host something (a profile, a leaderboard, a history page)
and draws the answer: "Asking the host..." until it comes, one line if it is refused. The
app hands it what came back (``answer``, ``refused``); it sends through ``app.send_table``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Static

from engines.safe_text import safe_text
from screens.text_fit import fit


class AskingScreen(Screen[None]):
    """Sends ``request()`` when shown; ``ANSWERS`` are the server message types it takes."""

    ANSWERS: ClassVar[frozenset[str]] = frozenset()
    STATUS_ID = "asking-status"
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("q", "back", "Back", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.waiting = True

    def request(self) -> dict[str, Any]:
        raise NotImplementedError

    def ask(self, msg: dict[str, Any] | None = None) -> None:
        """Send ``msg`` (the screen's request when None) and say so."""
        self.waiting = True
        self.show_status("Asking the host...")
        send = getattr(self.app, "send_table", None)
        if send is not None:
            send(msg or self.request())

    def on_mount(self) -> None:
        # Textual calls every class's on_mount, a subclass's first: this one asks last
        self.ask()

    def takes(self, msg: dict[str, Any]) -> bool:
        return self.waiting and msg.get("type") in self.ANSWERS

    def answer(self, msg: dict[str, Any]) -> None:
        """The host's answer (a message of ``ANSWERS``)."""
        self.waiting = False
        self.show_status("")
        self.draw(msg)

    def draw(self, msg: dict[str, Any]) -> None:
        raise NotImplementedError

    def refused(self, message: str) -> None:
        self.waiting = False
        self.show_status(message, error=True)

    def show_status(self, text: str, error: bool = False) -> None:
        try:
            status = self.query_one(f"#{self.STATUS_ID}", Static)
        except NoMatches:
            return
        status.update(fit(safe_text(text), max(self.size.width - 2, 10)))
        status.set_class(error, "error")

    def action_back(self) -> None:
        self.dismiss(None)
