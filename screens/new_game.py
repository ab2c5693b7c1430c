"""The new-game dialog: opponents, seats, options and an optional seed. It starts from the
game just played, else from the choices remembered in the settings file (saves.settings),
and remembers what a game is started with.

In table mode (a game at the host of ``robotui serve``) each seat is "You", "Person" (open for
someone in the lobby) or a computer level, with the table's settings (private, RoboRally's
30 s timer, when a computer may stand in for someone away); it returns a :class:`TableChoice`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from engines.core import GameSpec, OptionSpec
from engines.safe_text import safe_text
from saves import PlayerEntry
from saves.settings import load_choices, remember_choices
from saves.settings import offered as offered_option
from screens.choice_row import ChoiceRow
from screens.dialogs import PreviewScreen
from screens.previews import preview_drawing
from screens.session import COMPUTER, HUMAN
from screens.text_fit import cut_cells

LEVEL_LABELS = {
    "random": "Computer: random",
    "easy": "Computer: easy",
    "normal": "Computer: normal",
    "hard": "Computer: hard",
}
MIXED = "mixed"  # the Computers row's value when each computer has its own level row
YOU = "you"  # a seat row's value in table mode: the creator sits here
PERSON = "person"  # a seat row's value in table mode: open for a person from the lobby
STAND_IN_MINUTES = (0, 2, 5, 10, 30)  # "a computer may stand in after": 0 = never


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
    def remembered(cls, spec: GameSpec, opponent: str = "normal") -> NewGameChoice | None:
        """The choices last started from the dialog for ``spec`` (settings file), if any."""
        got = load_choices(spec)
        if not got:
            return None
        return cls(
            game_id=spec.id,
            opponent=got.get("opponent", opponent),
            side=got.get("side", 0),
            options=dict(got.get("options", {})),
            num_players=got.get("players", spec.min_players),
            humans=got.get("humans", 1),
        )

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
            if computers
            else HUMAN,
            side=side if len(players) == 2 or humans == 1 else 0,
            options=dict(options),
            num_players=len(players),
            humans=max(1, humans),
        )


@dataclass
class TableChoice:
    """What the dialog returns in table mode: all a ``create`` message needs."""

    game_id: str
    seats: list[str]  # per seat: PERSON or a computer level (the creator's seat is PERSON)
    my_seat: int
    options: dict[str, Any] = field(default_factory=dict)
    private: bool = False
    timer: bool = False  # the table's 30 s timer (RoboRally, Stak Bots)
    stand_in_after: int = 0  # minutes; 0 = never

    def create_message(self) -> dict[str, Any]:
        """The protocol's ``create`` message for this table."""
        return {
            "type": "create",
            "game": self.game_id,
            "seats": [
                {"kind": "person", "level": None}
                if kind == PERSON
                else {"kind": "computer", "level": kind}
                for kind in self.seats
            ],
            "my_seat": self.my_seat,
            "options": dict(self.options),
            "private": self.private,
            "timer": self.timer,
            "stand_in_after": self.stand_in_after,
        }


class NewGameScreen(ModalScreen[NewGameChoice | TableChoice | None]):
    """Up/down or Tab move between rows, left/right change a value, Enter starts.

    Games of more than two have rows for the players, the humans, your seat (with one
    human) and the computers' level: one for all, or "Mixed" and a row for each computer.
    With ``table`` it sets up a table at the host instead (see the module's docstring).
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("up", "app.focus_previous", "Previous", show=False),
        Binding("down", "app.focus_next", "Next", show=False),
        Binding("enter", "start", "Start", priority=True),
        Binding("v", "preview", "Preview"),
    ]

    def __init__(
        self,
        spec: GameSpec,
        opponent: str = "normal",
        previous: NewGameChoice | None = None,
        table: bool = False,
    ) -> None:
        super().__init__()
        self.spec = spec
        self.table = table
        # not after a game: the choices the dialog last started with (not for a table)
        if previous is None and not table:
            previous = NewGameChoice.remembered(spec, opponent)
        self.opponent = previous.opponent if previous else opponent
        self.previous = previous

    def compose(self) -> ComposeResult:
        spec = self.spec
        levels = list(spec.player_levels())
        opponents = [(lv, LEVEL_LABELS.get(lv, f"Computer: {lv}")) for lv in levels]
        with Vertical(classes="dialog new-game"):
            title = f"New table: {spec.name}" if self.table else f"New game: {spec.name}"
            yield Static(title, classes="dialog-title")
            if self.table:
                yield from self._table_seat_rows(levels)
            elif spec.max_players == 2:
                opponents.append((HUMAN, "Second human here"))
                seats = spec.seat_names(2)
                yield ChoiceRow("Opponent", opponents, self.opponent, id="opponent")
                side = str(self.previous.side) if self.previous else "0"
                yield ChoiceRow("You play", [("0", seats[0]), ("1", seats[1])], side, id="side")
            else:
                yield from self._player_rows(opponents)
            for option in self.spec.options:
                if not self.offered(option):
                    continue
                choices = [(str(c), option.label_of(c)) for c in self.values(option)]
                label = option.label or option.name.capitalize()
                value = str(option.default)
                if self.previous and option.name in self.previous.options:
                    before = str(self.previous.options[option.name])
                    if option.name == "course":  # a game on a saved copy: "ID@HASH"
                        from engines.roborally.course_store import base_id  # RoboRally's

                        before = base_id(before)
                    value = before if before in dict(choices) else value
                yield ChoiceRow(label, choices, value, id=f"option-{option.name}")
            if self.table:
                yield from self._table_setting_rows()
            else:
                with Horizontal(classes="seed-row"):
                    yield Static(" Seed (optional)", classes="seed-label")
                    yield Input(placeholder="random", id="seed", restrict=r"[0-9]*", max_length=12)
            start = "create" if self.table else "start"
            hint = f"Up/Down: move   Left/Right: change   Enter: {start}   Esc: cancel"
            if spec.preview_text(spec.normalize_options({})) is not None:
                hint = f"Up/Down move  Left/Right change  v preview  Enter {start}"
            yield Static(hint, classes="hint")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{start.capitalize()} (Enter)", id="start", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")

    # -- table mode -----------------------------------------------------------
    def _table_seat_rows(self, levels: list[str]) -> ComposeResult:
        """Players (games of more than two), then one row per seat: You, Person or a
        computer level (rows past the number of players are hidden)."""
        spec = self.spec
        if spec.max_players > 2:
            counts = [(str(n), str(n)) for n in range(spec.min_players, spec.max_players + 1)]
            yield ChoiceRow("Players", counts, str(spec.min_players), id="players")
        kinds = [(YOU, "You"), (PERSON, "Person")]
        kinds += [(lv, LEVEL_LABELS.get(lv, f"Computer: {lv}")) for lv in levels]
        names = spec.seat_names(spec.max_players)
        labels = [
            name if str(seat + 1) in name else f"Seat {seat + 1}: {name}"
            for seat, name in enumerate(names)
        ]
        if any(cell_len(label) > 13 for label in labels):
            # a space before the value: every seat in the short form, so that the rows read
            # alike ("1. Rows", "2. Columns"; not "Seat 1: Rows" above "2. Columns")
            labels = [cut_cells(f"{seat + 1}. {name}", 13) for seat, name in enumerate(names)]
        for seat, label in enumerate(labels):
            yield ChoiceRow(label, kinds, YOU if seat == 0 else PERSON, id=f"seat-{seat}")

    def _table_setting_rows(self) -> ComposeResult:
        yield ChoiceRow(
            "Private", [("no", "No"), ("yes", "Yes: join by code")], "no", id="table-private"
        )
        if self.spec.table_timer:  # every decision the table waits on gets 30 s
            yield ChoiceRow("30 s timer", [("off", "Off"), ("on", "On")], "off", id="table-timer")
        after = [
            (str(m), f"A computer, after {m} min away" if m else "Never: the seat waits")
            for m in STAND_IN_MINUTES
        ]
        yield ChoiceRow("Stand-in", after, "0", id="table-stand-in")

    def _table_players(self) -> int:
        rows = list(self.query("#players").results(ChoiceRow))
        return int(rows[0].value) if rows else 2

    def _show_table_rows(self) -> None:
        players = self._table_players()
        for seat in range(self.spec.max_players):
            self._row(f"seat-{seat}").display = seat < players
        if not any(self._row(f"seat-{k}").value == YOU for k in range(players)):
            for k in range(players, self.spec.max_players):  # a seat no longer in the game
                if self._row(f"seat-{k}").value == YOU:
                    self._row(f"seat-{k}").index = 1  # Person
            self._row("seat-0").index = 0  # you sit somewhere: the first seat

    def _table_choice(self) -> TableChoice:
        players = self._table_players()
        kinds = [self._row(f"seat-{k}").value for k in range(players)]
        return TableChoice(
            game_id=self.spec.id,
            seats=[PERSON if kind == YOU else kind for kind in kinds],
            my_seat=kinds.index(YOU) if YOU in kinds else 0,
            options=self.chosen_options(),
            private=self._row("table-private").value == "yes",
            timer=any(row.value == "on" for row in self.query("#table-timer").results(ChoiceRow)),
            stand_in_after=int(self._row("table-stand-in").value),
        )

    def _player_rows(self, opponents: list[tuple[str, str]]) -> ComposeResult:
        """Players, humans, your seat, the computers' level and one level row per computer
        (shown for "Mixed"; any mix, as ``--opponent hard,normal,easy`` gives)."""
        spec, prev = self.spec, self.previous
        counts = [(str(n), str(n)) for n in range(spec.min_players, spec.max_players + 1)]
        count = prev.num_players if prev else spec.min_players
        yield ChoiceRow("Players", counts, str(count), id="players")
        humans = [(str(n), str(n)) for n in range(1, spec.max_players + 1)]
        yield ChoiceRow("Humans here", humans, str(prev.humans if prev else 1), id="humans")
        side = str(prev.side) if prev else "0"
        yield ChoiceRow("Your seat", self.seat_choices(count), side, id="side")
        known = list(spec.player_levels())
        wanted = computer_levels(self.opponent) if self.opponent != HUMAN else []
        mix = [lv for lv in wanted if lv in known] or ["normal" if "normal" in known else known[0]]
        # One level for every computer ("Computer: hard" read as one computer with five)
        opponents = [(lv, f"All: {lv}") for lv, _ in opponents]
        opponents.append((MIXED, "Mixed: a level each"))
        every = MIXED if len(set(mix)) > 1 else mix[0]
        yield ChoiceRow("Computers", opponents, every, id="opponent")
        plain = [(lv, lv) for lv in known]
        for k in range(spec.max_players - 1):
            level = mix[min(k, len(mix) - 1)]
            yield ChoiceRow(f"  Computer {k + 1}", plain, level, id=f"level-{k}")

    def seat_choices(self, players: int) -> list[tuple[str, str]]:
        """The seats of a game of ``players``: "Player 3", or "Red (seat 1)"."""
        names = self.spec.seat_names(players)
        return [
            (str(i), name if str(i + 1) in name else f"{name} (seat {i + 1})")
            for i, name in enumerate(names)
        ]

    @staticmethod
    def offered(option: OptionSpec) -> bool:
        """Whether the dialog has a row for ``option`` (a file name, say, has none)."""
        return offered_option(option)

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
        self._show_rows()

    def _row(self, row_id: str) -> ChoiceRow:
        return self.query_one(f"#{row_id}", ChoiceRow)

    def _show_rows(self) -> None:
        """Only the rows that mean something now: no seat row unless one human sits
        among computers, no Computers row when every seat is human, a level row per
        computer for "Mixed". The dialog tightens as rows come, so it fits 80x24."""
        if self.table:
            self._show_table_rows()
        elif self.spec.max_players > 2:
            players, humans = int(self._row("players").value), int(self._row("humans").value)
            computers = max(0, players - humans)
            seat = self._row("side")
            if len(seat.choices) != players:  # seats follow the number of players
                keep = min(seat.index, players - 1)
                seat.choices = self.seat_choices(players)
                seat.index = keep
                seat.refresh()
            seat.display = humans == 1 and computers > 0
            every = self._row("opponent")
            every.display = computers > 0
            for k in range(self.spec.max_players - 1):
                self._row(f"level-{k}").display = every.value == MIXED and k < computers
        shown = sum(1 for row in self.query(ChoiceRow) if row.display)
        box = self.query_one(".new-game")
        box.set_class(shown > 4, "compact")
        box.set_class(shown > 9, "tight")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "preview":
            return self.spec.preview_text(self.chosen_options()) is not None
        return True

    def on_choice_row_changed(self, event: ChoiceRow.Changed) -> None:
        row_id = event.row.id or ""
        if self.table and row_id.startswith("seat-") and event.value == YOU:
            for other in self.query(ChoiceRow):  # one "You": the seat you had opens up
                if (
                    other is not event.row
                    and (other.id or "").startswith("seat-")
                    and other.value == YOU
                ):
                    other.index = 1  # Person
        if event.row.id == "opponent" and event.value != MIXED and self.spec.max_players > 2:
            for k in range(self.spec.max_players - 1):  # "Mixed" then starts from it
                level = self._row(f"level-{k}")
                level.index = [value for value, _ in level.choices].index(event.value)
        self._show_rows()
        self.refresh_bindings()

    def chosen_opponent(self) -> str:
        """The Computers row's level, or with "Mixed" the level rows' in seat order
        (``"hard,normal"``; one level when they all agree)."""
        every = self._row("opponent").value
        if every != MIXED:
            return every
        computers = int(self._row("players").value) - int(self._row("humans").value)
        levels = [self._row(f"level-{k}").value for k in range(max(1, computers))]
        return levels[0] if len(set(levels)) == 1 else ",".join(levels)

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
        text: str | Text | None
        drawing = preview_drawing(self.spec)  # imported with its game only
        if drawing is not None:
            text = drawing(options, ascii_only)
        else:
            text = self.spec.preview_text(options, ascii_only)
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
        if self.table:
            self.dismiss(self._table_choice())
            return
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
            opponent=self.chosen_opponent(),
            side=number("side", 0),
            num_players=num_players,
            humans=humans,
            options=self.chosen_options(),
            seed=int(seed_text) if seed_text else None,
        )
        self._remember(choice)
        self.dismiss(choice)

    def _remember(self, choice: NewGameChoice) -> None:
        """Keep these choices for the next time (a folder that cannot be written only
        costs the memory: the game starts all the same)."""
        try:
            remember_choices(
                self.spec,
                opponent=choice.opponent,
                side=choice.side,
                players=choice.num_players,
                humans=choice.humans,
                options=choice.options,
            )
        except (OSError, TypeError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or exc
            self.notify(
                f"Could not remember these choices: {safe_text(reason)}", severity="warning"
            )

    def action_cancel(self) -> None:
        self.dismiss(None)
