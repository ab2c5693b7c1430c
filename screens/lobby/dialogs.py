"""The lobby's small dialogs: which game a new table plays, its pace (live or daily) and
whether it is rated, and joining or watching a private table by its code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from engines.core import GameSpec
from engines.safe_text import safe_text
from screens.choice_row import ChoiceRow

DAILY_HOURS = (1, 2, 4, 8, 12, 24, 36, 48, 72)  # the hours a daily move may take
DAILY_DEFAULT = 24


@dataclass
class PaceChoice:
    """A new table's pace: ``daily_hours`` per decision (``None``: live), the computer
    level that plays a timed-out daily move, and whether the table is rated."""

    daily_hours: int | None = None
    daily_level: str | None = None
    rated: bool = True

    def fields(self) -> dict[str, Any]:
        """The ``create`` message's fields for it (hosting.protocol._add_daily_fields)."""
        return {
            "daily_hours": self.daily_hours,
            "daily_level": self.daily_level if self.daily_hours is not None else None,
            "rated": self.rated,
        }


@dataclass
class PickedGame:
    """What the game dialog answers: the game and the table's pace."""

    spec: GameSpec
    pace: PaceChoice


class GamePickScreen(ModalScreen[PickedGame | None]):
    """Up/Down and Enter pick the game of a new table; Escape cancels. Below the games, Tab
    reaches the table's pace: Live or Daily (each move may take up to N hours; then the
    computer at the level chosen plays that one move) and Rated or Casual."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "pick", "Choose", show=False),
    ]

    DEFAULT_CSS = """
    GamePickScreen #pace-about { height: auto; color: $text-muted; }
    GamePickScreen #pick-game { height: auto; max-height: 8; }
    """

    def __init__(self, games: list[GameSpec]) -> None:
        super().__init__()
        self.games = games
        self.levels = list(games[0].player_levels()) if games else ["normal"]

    def compose(self) -> ComposeResult:
        level = "normal" if "normal" in self.levels else self.levels[0]
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
            yield ChoiceRow("Pace", [("live", "Live"), ("daily", "Daily")], "live", id="pace")
            yield ChoiceRow(
                "Each move",
                [(str(h), f"up to {h} h") for h in DAILY_HOURS],
                str(DAILY_DEFAULT),
                id="pace-hours",
            )
            yield ChoiceRow(
                "Time ran out",
                [(lv, f"computer ({lv}) moves") for lv in self.levels],
                level,
                id="pace-level",
            )
            yield ChoiceRow(
                "Result", [("rated", "Rated"), ("casual", "Casual")], "rated", id="pace-rated"
            )
            yield Static("", id="pace-about", markup=False)
            yield Static(
                "Up/Down: game   Tab: pace   Left/Right: change   Enter: choose   Esc: cancel",
                classes="hint",
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self._show()

    def on_choice_row_changed(self, event: ChoiceRow.Changed) -> None:
        self._show()

    def _show(self) -> None:
        daily = self.query_one("#pace", ChoiceRow).value == "daily"
        for row_id in ("#pace-hours", "#pace-level"):
            self.query_one(row_id, ChoiceRow).display = daily
        about = (
            "Daily: nobody needs to be here at once; a move whose time runs out is "
            "played by the computer."
            if daily
            else "Live: everyone plays now, together."
        )
        self.query_one("#pace-about", Static).update(about)

    def pace(self) -> PaceChoice:
        """The pace the rows show."""
        rated = self.query_one("#pace-rated", ChoiceRow).value == "rated"
        if self.query_one("#pace", ChoiceRow).value != "daily":
            return PaceChoice(None, None, rated)
        return PaceChoice(
            int(self.query_one("#pace-hours", ChoiceRow).value),
            self.query_one("#pace-level", ChoiceRow).value,
            rated,
        )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        spec = next(g for g in self.games if g.id == event.option.id)
        self.dismiss(PickedGame(spec, self.pace()))

    def action_pick(self) -> None:
        """Enter on a pace row: the game highlighted in the list."""
        options = self.query_one(OptionList)
        index = options.highlighted if options.highlighted is not None else 0
        if 0 <= index < len(self.games):
            self.dismiss(PickedGame(self.games[index], self.pace()))

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
