"""The lobby's small dialogs: which game a new table plays, and joining a private table
by its number and code."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from engines.core import GameSpec
from engines.safe_text import safe_text


class GamePickScreen(ModalScreen[GameSpec | None]):
    """Up/Down and Enter pick the game of a new table; Escape cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, games: list[GameSpec]) -> None:
        super().__init__()
        self.games = games

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("New table: which game?", classes="dialog-title")
            yield OptionList(
                *[
                    Option(Text.assemble((f"{g.name:<14}", "bold"), "  ",
                                         (_player_count(g.min_players, g.max_players), "dim")),
                           id=g.id)
                    for g in self.games
                ],
                id="pick-game",
            )
            yield Static("Up/Down: move   Enter: choose   Esc: cancel", classes="hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(next(g for g in self.games if g.id == event.option.id))

    def action_cancel(self) -> None:
        self.dismiss(None)


class JoinCodeScreen(ModalScreen[tuple[int, str] | None]):
    """A private table: its number and the code its creator gave. Enter joins."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    DEFAULT_CSS = """
    JoinCodeScreen .code-row { height: 3; }
    JoinCodeScreen .code-label { width: 10; padding-top: 1; text-style: bold; }
    JoinCodeScreen #code-table { width: 12; }
    JoinCodeScreen #code-code { width: 24; }
    #code-problem { color: $error; height: auto; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Join a private table", classes="dialog-title")
            with Horizontal(classes="code-row"):
                yield Static("Table #", classes="code-label")
                yield Input(id="code-table", restrict=r"[0-9]*", max_length=9,
                            placeholder="12")
            with Horizontal(classes="code-row"):
                yield Static("Code", classes="code-label")
                yield Input(id="code-code", max_length=32, placeholder="from its creator")
            yield Static("", id="code-problem", markup=False)
            yield Static("Tab: next field   Enter: join   Esc: cancel", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#code-table", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        number = self.query_one("#code-table", Input).value.strip()
        code = safe_text(self.query_one("#code-code", Input).value)
        problem = self.query_one("#code-problem", Static)
        if not number:
            problem.update("Which table? Type its number.")
            self.query_one("#code-table", Input).focus()
            return
        if not code:
            if event.input.id == "code-table":
                self.query_one("#code-code", Input).focus()
                return
            problem.update("Type the code the table's creator gave you.")
            return
        self.dismiss((int(number), code))

    def action_cancel(self) -> None:
        self.dismiss(None)


def _player_count(fewest: int, most: int) -> str:
    """``2-4 players``, or ``2 players`` for a game of exactly two (not "2-2")."""
    return f"{fewest} players" if fewest == most else f"{fewest}-{most} players"
