"""The game-over panel every game's end panel builds on."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from engines.core import GameResult
from screens.footer import Footer
from screens.session import GameSession


class GameOverScreen(ModalScreen[str]):
    """The end of a game. Subclasses write :meth:`summary`; the keys are the same everywhere:
    ``n`` new game, ``m`` menu, ``b``/Escape back to the board. At a table of ``robotui
    serve`` there is no new game here: ``m`` goes back to the lobby."""

    BINDINGS = [
        Binding("b,escape", "close('board')", "Look at board", key_display="b/Esc"),
        Binding("n", "close('new')", "New game"),
        Binding("m,q", "close('menu')", "Menu"),
        Binding("m,q", "close('lobby')", "Lobby"),
    ]
    DIALOG_CLASSES = "dialog game-over"

    def __init__(self, session: GameSession, result: GameResult) -> None:
        super().__init__()
        self.session = session
        self.result = result

    @property
    def at_table(self) -> bool:
        return bool(getattr(self.session, "at_table", False))

    def summary(self) -> Text:
        raise NotImplementedError

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close" and parameters in (("new",), ("menu",)):
            return not self.at_table
        if action == "close" and parameters == ("lobby",):
            return self.at_table
        return True

    def compose(self) -> ComposeResult:
        text = self.summary()
        keys = (
            "m back to the lobby   b/Escape look at the board"
            if self.at_table
            else "n new game   m menu   b/Escape look at the board"
        )
        text.append(keys, "dim")
        with Vertical(classes=self.DIALOG_CLASSES):
            yield Static("Game over", classes="dialog-title")
            yield Static(text)
        yield Footer()

    def action_close(self, choice: str) -> None:
        self.dismiss(choice)
