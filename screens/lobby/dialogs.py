"""The lobby's small dialogs: which game a new table plays, and joining or watching a
private table by its code."""

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
                    Option(
                        Text.assemble(
                            (f"{g.name:<14}", "bold"),
                            "  ",
                            (_player_count(g.min_players, g.max_players), "dim"),
                        ),
                        id=g.id,
                    )
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


class CodeScreen(ModalScreen[tuple[str, bool] | None]):
    """A private table by the code its creator gave (any case): Enter joins it, or watches
    it when Tab has switched to watching. Answers ``(code, watch)``."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("tab", "switch", "Join/Watch", priority=True),
    ]

    DEFAULT_CSS = """
    CodeScreen .code-row { height: 3; }
    CodeScreen .code-label { width: 10; padding-top: 1; text-style: bold; }
    CodeScreen #code-code { width: 24; }
    #code-mode { height: 1; }
    #code-problem { color: $error; height: auto; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.watching = False  # Tab switches: join a free seat or watch

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("A private table by its code", classes="dialog-title")
            with Horizontal(classes="code-row"):
                yield Static("Code", classes="code-label")
                yield Input(id="code-code", max_length=32, placeholder="from its creator")
            yield Static("", id="code-mode", markup=False)
            yield Static("", id="code-problem", markup=False)
            yield Static("Tab: join or watch   Enter: go   Esc: cancel", classes="hint")

    def on_mount(self) -> None:
        self._show_mode()
        self.query_one("#code-code", Input).focus()

    def _show_mode(self) -> None:
        join, watch = ("( )", "(*)") if self.watching else ("(*)", "( )")
        self.query_one("#code-mode", Static).update(f"{join} join a free seat   {watch} watch")

    def action_switch(self) -> None:
        self.watching = not self.watching
        self._show_mode()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        code = safe_text(event.value).strip()
        if not code:
            self.query_one("#code-problem", Static).update(
                "Type the code the table's creator gave you."
            )
            return
        self.dismiss((code, self.watching))

    def action_cancel(self) -> None:
        self.dismiss(None)


def _player_count(fewest: int, most: int) -> str:
    """``2-4 players``, or ``2 players`` for a game of exactly two (not "2-2")."""
    return f"{fewest} players" if fewest == most else f"{fewest}-{most} players"
