"""The pick of a finished game to replay (``v`` in the lobby's Recent games and in a
profile's latest games): its rows as the list shows them, Enter asks the host for the
game's save (:meth:`robotui.lobby_mode.LobbyMode.ask_replay`), Escape cancels."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engines.safe_text import safe_text
from screens.text_fit import fit

PICK_WIDTH = 60


class ReplayPickScreen(ModalScreen[int | None]):
    """Which game to replay: ``rows`` are ``(table id, line)``; answers the table id."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, rows: list[tuple[int, str]]) -> None:
        super().__init__()
        self.rows = rows

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Replay which game?", classes="dialog-title")
            yield OptionList(
                *[
                    Option(fit(safe_text(line), PICK_WIDTH), id=f"game:{i}")
                    for i, (_, line) in enumerate(self.rows)
                ],
                id="pick-replay",
            )
            yield Static("Enter: replay   Esc: cancel", classes="hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = int((event.option.id or "game:0").removeprefix("game:"))
        self.dismiss(self.rows[index][0])

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask_replay(screen_app: object, table: int) -> None:
    """Ask the app (lobby mode) for table ``table``'s replay, if it can ask the host."""
    ask = getattr(screen_app, "ask_replay", None)
    if ask is not None:
        ask(table)
