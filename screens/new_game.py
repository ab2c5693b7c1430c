"""The new-game dialog: opponent, sides, options and an optional seed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from engines.core import GameSpec, OptionSpec
from engines.roborally.course_store import base_id
from saves import PlayerEntry
from screens.choice_row import ChoiceRow
from screens.dialogs import PreviewScreen
from screens.roborally_draw import options_preview
from screens.session import COMPUTER, HUMAN
from screens.text_fit import fit

LEVEL_LABELS = {
    "random": "Computer: random",
    "easy": "Computer: easy",
    "normal": "Computer: normal",
    "hard": "Computer: hard",
}


def computer_levels(opponent: str) -> list[str]:
    """The levels an opponent choice names, in seat order: ``"hard,normal"`` names two (one
    per computer), ``"hard"`` one for all."""
    return [level.strip() for level in opponent.split(",")]


@dataclass
class NewGameChoice:
    """What the dialog returns: ``opponent`` is a level, ``"human"``, or with more than
    two seats levels for the computers in seat order, ``"hard,normal"``."""

    game_id: str
    opponent: str
    side: int = 0
    options: dict[str, Any] = field(default_factory=dict)  # values as the game's choices
    seed: int | None = None
    num_players: int = 2
    humans: int = 1

    def players(self) -> list[PlayerEntry]:
        """Who sits where. Two seats: you on ``side``, the opponent (a level or a human)
        on the other. More seats: ``humans`` players first, then computers at ``opponent``
        (a list of levels: one per computer in order, the last one for any more)."""
        if self.num_players == 2:
            if self.opponent == HUMAN:
                return [PlayerEntry("Player 1", HUMAN), PlayerEntry("Player 2", HUMAN)]
            you = PlayerEntry("You", HUMAN)
            them = PlayerEntry("Computer", COMPUTER, self.opponent)
            return [you, them] if self.side == 0 else [them, you]
        levels = self.levels() if self.opponent != HUMAN else ["normal"]
        seats: list[PlayerEntry] = []
        for seat in range(self.num_players):
            if seat < self.humans:
                name = "You" if self.humans == 1 else f"Player {seat + 1}"
                seats.append(PlayerEntry(name, HUMAN))
            else:
                k = seat - self.humans
                level = levels[min(k, len(levels) - 1)]
                seats.append(PlayerEntry(f"Computer {k + 1}", COMPUTER, level))
        if self.humans == 1 and 0 < self.side < self.num_players:
            seats.insert(self.side, seats.pop(0))  # you sit where --side says
        return seats

    def levels(self) -> list[str]:
        """The computers' levels ``opponent`` names, in seat order."""
        return computer_levels(self.opponent)

    @classmethod
    def like(cls, game_id: str, players: list[PlayerEntry], options: dict) -> NewGameChoice:
        """The choice that would set up these players and options again (for "new game"
        after a game: the dialog starts from the game just played)."""
        computers = [p.level for p in players if p.kind == COMPUTER and p.level]
        humans = sum(1 for p in players if p.kind == HUMAN)
        side = next((i for i, p in enumerate(players) if p.kind == HUMAN), 0)
        return cls(
            game_id=game_id,
            opponent=(computers[0] if len(set(computers)) == 1 else ",".join(computers))
            if computers else HUMAN,
            side=side if len(players) == 2 else 0,
            options=dict(options),
            num_players=len(players),
            humans=max(1, humans),
        )


class NewGameScreen(ModalScreen[NewGameChoice | None]):
    """Up/down or Tab move between rows, left/right change a value, Enter starts."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("up", "app.focus_previous", "Previous", show=False),
        Binding("down", "app.focus_next", "Next", show=False),
        Binding("enter", "start", "Start", priority=True),
        Binding("v", "preview", "Preview"),
    ]

    def __init__(
        self, spec: GameSpec, opponent: str = "normal", previous: NewGameChoice | None = None
    ) -> None:
        super().__init__()
        self.spec = spec
        self.opponent = previous.opponent if previous else opponent
        self.previous = previous

    def compose(self) -> ComposeResult:
        spec = self.spec
        levels = list(spec.player_levels())
        opponents = [(lv, LEVEL_LABELS.get(lv, f"Computer: {lv}")) for lv in levels]
        rows = 2 + sum(1 for o in spec.options if self.offered(o))
        rows += 1 if spec.max_players > 2 else 0
        with Vertical(classes="dialog new-game" + (" compact" if rows > 4 else "")):
            yield Static(f"New game: {spec.name}", classes="dialog-title")
            if spec.max_players == 2:
                opponents.append((HUMAN, "Second human here"))
                seats = spec.seat_names(2)
                yield ChoiceRow("Opponent", opponents, self.opponent, id="opponent")
                side = str(self.previous.side) if self.previous else "0"
                yield ChoiceRow("You play", [("0", seats[0]), ("1", seats[1])], side, id="side")
            else:
                counts = [(str(n), str(n)) for n in range(spec.min_players, spec.max_players + 1)]
                prev = self.previous
                count = str(prev.num_players) if prev else str(spec.min_players)
                yield ChoiceRow("Players", counts, count, id="players")
                humans = [(str(n), str(n)) for n in range(1, spec.max_players + 1)]
                here = str(prev.humans) if prev else "1"
                yield ChoiceRow("Humans here", humans, here, id="humans")
                if "," in self.opponent:  # a mix from the command line or the last game
                    mixed = ", ".join(computer_levels(self.opponent))
                    opponents.insert(0, (self.opponent, fit(f"Mixed: {mixed}", 44, "...")))
                yield ChoiceRow("Computers", opponents, self.opponent, id="opponent")
            for option in self.spec.options:
                if not self.offered(option):
                    continue
                choices = [(str(c), option.label_of(c)) for c in self.values(option)]
                label = option.label or option.name.capitalize()
                value = str(option.default)
                if self.previous and option.name in self.previous.options:
                    before = str(self.previous.options[option.name])
                    if option.name == "course":  # a game on a saved copy: "ID@HASH"
                        before = base_id(before)
                    value = before if before in dict(choices) else value
                yield ChoiceRow(label, choices, value, id=f"option-{option.name}")
            with Horizontal(classes="seed-row"):
                yield Static(" Seed (optional)", classes="seed-label")
                yield Input(placeholder="random", id="seed", restrict=r"[0-9]*", max_length=12)
            hint = "Up/Down: move   Left/Right: change   Enter: start   Esc: cancel"
            if spec.preview_text(spec.normalize_options({})) is not None:
                hint = "Up/Down move  Left/Right change  v preview  Enter start"
            yield Static(hint, classes="hint")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Start (Enter)", id="start", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")

    @staticmethod
    def offered(option: OptionSpec) -> bool:
        """Whether the dialog has a row for ``option`` (a file name, say, has none)."""
        return option.choices is not None or bool(option.presets)

    def values(self, option: OptionSpec) -> list[Any]:
        """The values a row offers: the choices, or the presets with the default and the
        value of the game before (a turn limit of 25 from the command line stays)."""
        if option.choices is not None:
            return list(option.choices)
        values = {*option.presets, option.default}
        if self.previous and isinstance(self.previous.options.get(option.name), int):
            values.add(self.previous.options[option.name])
        return sorted(values)

    def on_mount(self) -> None:
        self.query(ChoiceRow).first().focus()  # the opponent, or the number of players
        self._show_computers_row()

    def _show_computers_row(self) -> None:
        """No "Computers" row when every seat is human."""
        if self.spec.max_players == 2:
            return
        players = self.query_one("#players", ChoiceRow).value
        humans = self.query_one("#humans", ChoiceRow).value
        self.query_one("#opponent", ChoiceRow).display = int(humans) < int(players)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "preview":
            return self.spec.preview_text(self.chosen_options()) is not None
        return True

    def on_choice_row_changed(self, event: ChoiceRow.Changed) -> None:
        self._show_computers_row()
        self._fit_mix()
        self.refresh_bindings()

    def _fit_mix(self) -> None:
        """A mix of levels is one per computer: when the players or humans change so that it
        no longer fits, the Computers row leaves it for its first level (QA: the dialog
        dropped or repeated levels without a word; the command line refuses the same)."""
        if self.spec.max_players == 2:
            return
        row = self.query_one("#opponent", ChoiceRow)
        mixed = [value for value, _ in row.choices if "," in value]
        if not mixed:
            return
        computers = (int(self.query_one("#players", ChoiceRow).value)
                     - int(self.query_one("#humans", ChoiceRow).value))
        levels = computer_levels(mixed[0])
        if len(levels) == computers:
            return
        keep = levels[0] if row.value == mixed[0] else row.value
        row.choices = [c for c in row.choices if c[0] != mixed[0]]
        values = [value for value, _ in row.choices]
        row.index = values.index(keep) if keep in values else 0
        row.refresh()

    def chosen_options(self) -> dict[str, Any]:
        """The options as the game's own values (``depth`` 9, not the row's text "9")."""
        rows = {
            row.id.removeprefix("option-"): row.value
            for row in self.query(ChoiceRow)
            if row.id and row.id.startswith("option-")
        }
        # Options without a row (a card-set file) stay as they were in the game before.
        out: dict[str, Any] = dict(self.previous.options) if self.previous else {}
        for option in self.spec.options:
            if option.name in rows and self.offered(option):
                out[option.name] = next(
                    (c for c in self.values(option) if str(c) == rows[option.name]),
                    rows[option.name],
                )
        return out

    def action_preview(self) -> None:
        glyphs = getattr(self.app, "glyphs", None)
        ascii_only = bool(glyphs and glyphs.ascii_only)
        options = self.chosen_options()
        text: str | Text | None = (
            options_preview(options, ascii_only) if self.spec.id == "roborally"
            else self.spec.preview_text(options, ascii_only)
        )
        if text is not None:
            self.app.push_screen(PreviewScreen(f"{self.spec.name}: preview", text))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_start(self) -> None:
        seed_text = self.query_one("#seed", Input).value.strip()

        def number(row_id: str, default: int) -> int:
            rows = self.query(f"#{row_id}").results(ChoiceRow)
            row = next(rows, None)
            return int(row.value) if row is not None else default

        num_players = number("players", 2)
        humans = number("humans", 1)
        if humans > num_players:
            self.notify(
                f"{humans} humans do not fit in a game of {num_players}.", severity="warning"
            )
            return
        choice = NewGameChoice(
            game_id=self.spec.id,
            opponent=self.query_one("#opponent", ChoiceRow).value,
            side=number("side", 0),
            num_players=num_players,
            humans=humans,
            options=self.chosen_options(),
            seed=int(seed_text) if seed_text else None,
        )
        self.dismiss(choice)

    def action_cancel(self) -> None:
        self.dismiss(None)
