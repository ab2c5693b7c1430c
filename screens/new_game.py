"""The new-game dialog: opponent, sides, options and an optional seed."""

from __future__ import annotations

from dataclasses import dataclass, field

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from engines.core import GameSpec
from screens.choice_row import ChoiceRow

LEVEL_LABELS = {
    "random": "Computer: random",
    "easy": "Computer: easy",
    "normal": "Computer: normal",
    "hard": "Computer: hard",
}


@dataclass
class NewGameChoice:
    """What the dialog returns: ``opponent`` is a level or ``"human"``."""

    game_id: str
    opponent: str
    side: int
    options: dict[str, str] = field(default_factory=dict)
    seed: int | None = None


class NewGameScreen(ModalScreen[NewGameChoice | None]):
    """Up/down or Tab move between rows, left/right change a value, Enter starts."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("up", "app.focus_previous", "Previous", show=False),
        Binding("down", "app.focus_next", "Next", show=False),
        Binding("enter", "start", "Start", priority=True),
    ]

    def __init__(self, spec: GameSpec, opponent: str = "normal") -> None:
        super().__init__()
        self.spec = spec
        self.opponent = opponent

    def compose(self) -> ComposeResult:
        levels = list(self.spec.player_levels())
        opponents = [(lv, LEVEL_LABELS.get(lv, f"Computer: {lv}")) for lv in levels]
        opponents.append(("human", "Second human here"))
        seats = self.spec.seat_names(2)
        with Vertical(classes="dialog new-game"):
            yield Static(f"New game: {self.spec.name}", classes="dialog-title")
            yield ChoiceRow("Opponent", opponents, self.opponent, id="opponent")
            yield ChoiceRow("You play", [("0", seats[0]), ("1", seats[1])], "0", id="side")
            for option in self.spec.options:
                if option.choices is None:
                    continue
                choices = [(str(c), option.label_of(c)) for c in option.choices]
                label = option.label or option.name.capitalize()
                yield ChoiceRow(label, choices, str(option.default), id=f"option-{option.name}")
            with Horizontal(classes="seed-row"):
                yield Static(" Seed (optional)", classes="seed-label")
                yield Input(placeholder="random", id="seed", restrict=r"[0-9]*", max_length=12)
            yield Static(
                "Up/Down: move   Left/Right: change   Enter: start   Esc: cancel",
                classes="hint",
            )
            with Horizontal(classes="dialog-buttons"):
                yield Button("Start (Enter)", id="start", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#opponent").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_start(self) -> None:
        seed_text = self.query_one("#seed", Input).value.strip()
        choice = NewGameChoice(
            game_id=self.spec.id,
            opponent=self.query_one("#opponent", ChoiceRow).value,
            side=int(self.query_one("#side", ChoiceRow).value),
            options={
                row.id.removeprefix("option-"): row.value
                for row in self.query(ChoiceRow)
                if row.id and row.id.startswith("option-")
            },
            seed=int(seed_text) if seed_text else None,
        )
        self.dismiss(choice)

    def action_cancel(self) -> None:
        self.dismiss(None)
