"""The Robo Factory game screen: deduce the order and build it, by keys only."""

from __future__ import annotations

import textwrap
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from engines.core import Action, GameResult, IllegalAction
from engines.robo_factory.cards import LETTERS, PARTS, code_of, colours_of, letters
from engines.robo_factory.spec import describe_event
from engines.robo_factory.state import (
    BUILD,
    BUY,
    OVER,
    REBUILD,
    Build,
    Buy,
    RoboFactoryState,
    RoboFactoryView,
)
from screens.game_screen import GameOverScreen, GameScreen
from screens.glyphs import Glyphs
from screens.robo_factory_draw import (
    MARKS,
    build_rows,
    letters_text,
    notepad_rows,
    possible_text,
    robots_rows,
    round_text,
    summary_of_last_turn,
)
from screens.session import GameSession

KEYS_HELP = """\
  1 2 3            buying: pick one of your cards for the customer
  Enter            buy with the picked card / build the robot
  n                buy no information this turn
  r g b y          building: colour the selected part, then the
                   next one (typing r g b builds red, green, blue)
  Up / Down        building: select head, torso or legs
  Left / Right     building: change the selected part's colour
  e                Eureka on or off for this build (once per game)
  Tab              arrow keys to the notepad and back
  Space            notepad: cycle the mark (x out, o sure, ? maybe)
  x  o  Delete     notepad: ruled out, sure, clear
  p                show or hide the possible robots (help)
  u                undo your last move (against the computer)
  H (shift+h), i   hint: the computer's suggestion
  ctrl+s           save under a name of your choice
  F1 or ?          these rules
  q / Escape       leave the game (it is always saved)"""

PHASE_NAMES = {BUY: "buying", BUILD: "first try", REBUILD: "second try", OVER: "over"}


class RoboFactoryScreen(GameScreen):
    """One game of Robo Factory; the session autosaves after every action."""

    CSS_PATH = str(Path(__file__).with_name("robo_factory.tcss"))
    KEYS_HELP = KEYS_HELP
    BINDINGS = [
        Binding("1", "card(0)", "Card", key_display="1-3", show=False),
        Binding("2", "card(1)", "Card", show=False),
        Binding("3", "card(2)", "Card", show=False),
        Binding("n", "no_buy", "No buy", show=False),
        *[Binding(ch.lower(), f"colour({i})", "Colour", show=i == 0, key_display="rgby")
          for i, ch in enumerate(LETTERS)],
        Binding("up,k", "vertical(-1)", "Up", show=False),
        Binding("down,j", "vertical(1)", "Down", show=False),
        Binding("left,h", "horizontal(-1)", "Left", show=False),
        Binding("right,l", "horizontal(1)", "Right", show=False),
        Binding("e", "eureka", "Eureka"),
        Binding("enter", "confirm", "OK", key_display="Enter"),
        Binding("tab", "toggle_notes", "Notes", priority=True),
        Binding("space", "mark(None)", "Mark", show=False),
        Binding("x", "mark('x')", "Mark", show=False),
        Binding("o", "mark('o')", "Mark", show=False),
        Binding("delete,backspace", "mark('')", "Clear", show=False),
        Binding("p", "possible", "Possible", show=False),  # labelled in the log header
        # Shown in the rules (F1) and the status line; the footer keeps the essentials.
        Binding("u", "undo", "Undo", show=False),
        Binding("H,i", "hint", "Hint", key_display="H", show=False),
        Binding("ctrl+s", "save_as", "Save"),
        Binding("f1,question_mark", "rules", "Rules", key_display="F1/?"),
        Binding("q,escape", "leave", "Quit"),
    ]

    def __init__(self, session: GameSession, glyphs: Glyphs) -> None:
        super().__init__(session, glyphs)
        self.parts: list[int | None] = [None, None, None]
        self.part = 0
        self.eureka = False
        self.pick: int | None = None  # index into the hand, while buying
        self.notes_mode = False
        self.note_cursor = (0, 0)
        self.notes: dict[int, dict[tuple[int, int], str]] = {}
        self.notes_turn: dict[int, int] = {}
        self.show_possible = False
        self.build_key: tuple[int, int, str] | None = None

    # -- layout ---------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="rf-title")
        with Horizontal(id="rf-body"):
            with Vertical(id="rf-left"):
                yield Static(id="rf-cards")
                with Horizontal(id="rf-work"):
                    yield Static(id="rf-notes")
                    yield Static(id="rf-build")
                yield Static(id="rf-status")
            with Vertical(id="rf-right"):
                yield Static(id="rf-players")
                yield Static(id="rf-log")
        yield Footer()

    @property
    def state(self) -> RoboFactoryState:
        state = self.session.match.state
        assert isinstance(state, RoboFactoryState)
        return state

    def names(self) -> list[str]:
        return [p.name for p in self.session.players]

    def private_seat(self) -> int | None:
        """The human whose private cards may be on screen now, if any."""
        if self.session.hot_seat:
            seat = self.shown_seat
            return seat if seat is not None and self.session.is_human(seat) else None
        humans = self.session.humans
        return humans[0] if humans else None

    def shown_view(self) -> RoboFactoryView:
        seat = self.private_seat()
        return self.state.view(self.state.customer if seat is None else seat)

    # -- turns ------------------------------------------------------------------
    def game_over(self, result: GameResult) -> None:
        self.app.push_screen(RoboFactoryOverScreen(self.session, result), self.after_game_over)

    def after_game_over(self, choice: str | None) -> None:
        if choice == "board":
            self.message = "Game over. u takes back your last move, q leaves."
        super().after_game_over(choice)

    def on_human_turn(self, seat: int) -> None:
        state = self.state
        key = (seat, state.turn, state.phase)
        if key != self.build_key:
            self.build_key = key
            self.parts = [None, None, None]
            self.part = 0
            self.eureka = False
            self.pick = None

    def on_hint(self, action: Action, seat: int) -> None:
        if isinstance(action, Buy):
            if action.card is None:
                self.pick = None
                self.message = "Hint: buy no information (n)."
            else:
                self.pick = self.state.hands[seat].index(action.card)
                self.message = f"Hint: buy with card {self.pick + 1} (Enter)."
            return
        assert isinstance(action, Build)
        self.parts = list(colours_of(action.code))
        self.eureka = action.eureka
        eureka = " with Eureka" if action.eureka else ""
        self.message = f"Hint: build {letters(action.code)}{eureka} (Enter)."

    # -- actions ------------------------------------------------------------------
    def _my_phase(self, *phases: str) -> bool:
        return self.human_to_move() and self.state.phase in phases

    def action_card(self, index: int) -> None:
        if not self._my_phase(BUY):
            self._not_now("Cards are handed over while buying information.")
            return
        hand = self.state.hands[self.state.current_player() or 0]
        if index >= len(hand):
            self.message = f"You have no card {index + 1}."
        else:
            self.pick = index
            self.message = f"Enter hands card {index + 1} ({letters(hand[index])}) over for 1 cube."
        self.refresh_all()

    def action_no_buy(self) -> None:
        if not self._my_phase(BUY):
            self._not_now("n passes while buying information.")
            return
        self.play(Buy(None), self.state.current_player() or 0)

    def action_colour(self, colour: int) -> None:
        if not self._my_phase(BUILD, REBUILD):
            self._not_now("Colours are chosen while building.")
            return
        self.parts[self.part] = colour
        self.part = (self.part + 1) % 3
        self.message = ""
        self.refresh_all()

    def action_vertical(self, delta: int) -> None:
        if self.notes_mode:
            part, colour = self.note_cursor
            self.note_cursor = ((part + delta) % 3, colour)
        else:
            self.part = (self.part + delta) % 3
        self.refresh_all()

    def action_horizontal(self, delta: int) -> None:
        if self.notes_mode:
            part, colour = self.note_cursor
            self.note_cursor = (part, (colour + delta) % 4)
        elif self._my_phase(BUILD, REBUILD):
            current = self.parts[self.part]
            start = -1 if current is None and delta > 0 else (0 if current is None else current)
            self.parts[self.part] = (start + delta) % 4
        self.refresh_all()

    def action_eureka(self) -> None:
        if not self._my_phase(BUILD, REBUILD):
            self._not_now("Eureka is declared with a build.")
            return
        seat = self.state.current_player() or 0
        if self.state.eureka_used[seat]:
            self.message = "You have already used your Eureka."
        else:
            self.eureka = not self.eureka
            self.message = "Eureka on: a die roll won if right, lost if wrong." if self.eureka \
                else "Eureka off."
        self.refresh_all()

    def action_confirm(self) -> None:
        if not self.human_to_move():
            self.app.bell()
            return
        seat = self.state.current_player()
        assert seat is not None
        if self.state.phase == BUY:
            if self.pick is None:
                self.message = "Pick a card with 1-3 to buy information, or n for no."
                self.refresh_all()
                return
            action: Action = Buy(self.state.hands[seat][self.pick])
        else:
            if any(p is None for p in self.parts):
                missing = ", ".join(PARTS[i] for i, p in enumerate(self.parts) if p is None)
                self.message = f"Choose a colour for: {missing} (r g b y)."
                self.refresh_all()
                return
            h, t, legs = (int(p or 0) for p in self.parts)
            action = Build(code_of(h, t, legs), self.eureka)
        try:
            self.state.check(action, seat)
        except IllegalAction as exc:
            self.message = f"Not now: {exc}."
            self.refresh_all()
            return
        self.play(action, seat)

    def action_toggle_notes(self) -> None:
        self.notes_mode = not self.notes_mode
        self.message = ("Notepad: arrows move, Space/x/o mark, Tab back." if self.notes_mode
                        else "")
        self.refresh_all()

    def action_mark(self, mark: str | None) -> None:
        seat = self.private_seat()
        if seat is None:
            return
        notes = self._notes(seat)
        cell = self.note_cursor
        if mark is None:
            current = notes.get(cell, "")
            mark = MARKS[(MARKS.index(current) + 1) % len(MARKS)]
        if mark:
            notes[cell] = mark
        else:
            notes.pop(cell, None)
        self.refresh_all()

    def action_possible(self) -> None:
        self.show_possible = not self.show_possible
        self.refresh_all()

    def _not_now(self, why: str) -> None:
        self.message = why if self.human_to_move() else "It is not your turn."
        self.refresh_all()

    def _notes(self, seat: int) -> dict[tuple[int, int], str]:
        """The seat's notepad, wiped at each new customer turn."""
        if self.notes_turn.get(seat) != self.state.turn:
            self.notes_turn[seat] = self.state.turn
            self.notes[seat] = {}
        return self.notes[seat]

    # -- drawing ------------------------------------------------------------------
    def refresh_all(self) -> None:
        if not self.is_mounted:
            return
        view = self.shown_view()
        seat = self.private_seat()
        names = self.names()
        title = Text.assemble(("Robo Factory  ", "bold"), round_text(view), "  ")
        if self.state.phase != OVER:
            title.append(f"Customer: {names[view.customer]}", "bold magenta")
            title.append(f"  ({PHASE_NAMES[self.state.phase]})")
        self.query_one("#rf-title", Static).update(title)
        self.query_one("#rf-cards", Static).update(self._cards_text(view, seat))
        self.query_one("#rf-notes", Static).update(self._notes_text(seat))
        self.query_one("#rf-build", Static).update(self._build_text(view, seat))
        self.query_one("#rf-status", Static).update(self._status_text(view, seat))
        self.query_one("#rf-players", Static).update(self._players_text(view))
        self.query_one("#rf-log", Static).update(self._log_text(view, seat))

    def _cards_text(self, view: RoboFactoryView, seat: int | None) -> Text:
        text = Text.assemble(("Open cards and tiles", "bold"))
        mine = seat is not None and seat != view.customer and view.phase != OVER
        if mine:
            text.append("   Your cards" + (" (1-3)" if view.phase == BUY else ""), "bold")
        text.append("\n")
        if view.phase == OVER:
            text.append("The game is over.\n", "dim")
            return text
        own: list[int | None] = []
        if mine:
            own = list(view.hand)
            if view.bought is not None:
                own.append(view.bought[0])
        rows = robots_rows(list(view.open_cards))
        own_rows = robots_rows(own) if own else [Text()] * 3
        for row, own_row in zip(rows, own_rows, strict=True):
            text.append_text(row)
            text.append("  ")
            text.append_text(own_row)
            text.append("\n")
        for tile in view.open_tiles:
            text.append(f" ={tile}   ", "bold cyan")
        text.append("  ")
        if mine:
            for i in range(len(view.hand)):
                picked = self.pick == i and self.human_to_move() and view.phase == BUY
                text.append(f" [{i + 1}]  " if picked else f"  {i + 1}   ",
                            "reverse bold" if picked else "dim")
            if view.bought is not None:
                text.append(f"gave={view.bought[1]}", "bold green")
        elif seat is None:
            text.append("private cards hidden", "dim")
        else:
            text.append("you are the customer", "magenta")
        return text

    def _notes_text(self, seat: int | None) -> Text:
        if seat is None:
            return Text.assemble(("Notes hidden", "dim"))
        cursor = self.note_cursor if self.notes_mode else None
        out = Text()
        for row in notepad_rows(self._notes(seat), cursor, self.glyphs.legal):
            out.append_text(row)
            out.append("\n")
        if self.notes_mode:
            out.append("Tab: back to build", "dim")
        return out

    def _build_text(self, view: RoboFactoryView, seat: int | None) -> Text:
        out = Text()
        if seat is None or seat == view.customer or view.phase == OVER:
            return out
        my_move = self.human_to_move() and view.actor == seat
        if view.phase == REBUILD and view.own_build is not None:
            out.append("Try 1 ")
            out.append_text(letters_text(view.own_build))
            out.append(f" had {view.tile} right\n", "bold green")
        elif view.phase == BUILD and view.own_build is not None:
            out.append("Built ")
            out.append_text(letters_text(view.own_build))
            out.append(" - wait\n", "dim")
        else:
            out.append("Your robot" + (" (try 2)" if view.phase == REBUILD else "") + "\n",
                       "bold")
        building = my_move and view.phase in (BUILD, REBUILD)
        for row in build_rows(self.parts if building else [None] * 3, self.part,
                              building and not self.notes_mode):
            out.append_text(row)
            out.append("\n")
        if view.eureka_used[seat]:
            out.append("Eureka used", "dim")
        else:
            out.append("Eureka: ")
            out.append("ON" if self.eureka and building else "off",
                       "bold reverse red" if self.eureka and building else "")
            out.append(" (e)", "dim")
        return out

    def _status_text(self, view: RoboFactoryView, seat: int | None) -> Text:
        state = self.state
        names = self.names()
        if state.is_terminal():
            result = state.result()
            assert result is not None
            return Text.assemble((_named(result.reason, names), "bold"))
        thinking = self.thinking_text()
        if thinking is not None:
            text = Text.assemble((thinking, "yellow"))
        elif self.human_to_move():
            prompt = {
                BUY: "Buy information? 1-3 pick a card, Enter buys it for 1 cube, n: no.",
                BUILD: "Build: type r g b y (or arrows), e Eureka, Enter builds.",
                REBUILD: "Nobody was right. Second try: +2 if right, else pay the customer 1.",
            }[state.phase]
            text = Text.assemble((prompt, "green"))
        else:
            actor = state.current_player()
            who = names[actor] if actor is not None else "Nobody"
            text = Text(f"{who} to play.")
            if seat is not None and seat == view.customer:
                text.append(" You are the customer: the computer deals and checks for you.",
                            "magenta")
        summary = summary_of_last_turn(view, names) if seat is not None else ""
        if summary:
            text.append("\n" + summary, "cyan")
        if self.message:
            text.append("\n" + self.message, "bold")
        return text

    def _players_text(self, view: RoboFactoryView) -> Text:
        names = self.names()
        text = Text.assemble((f"{'Player':<16}cubes Eur", "bold underline"))
        for s in range(view.num_players):
            mark = "C" if s == view.customer and view.phase != OVER else " "
            mark += ">" if s == view.actor else " "
            mark += "$" if view.buyers[s] and view.phase != OVER else " "
            style = "bold magenta" if s == view.customer else ""
            text.append(f"\n{mark}{names[s][:12]:<13}{view.cubes[s]:>4}  ", style)
            text.append("used" if view.eureka_used[s] else " E", "dim" if view.eureka_used[s]
                        else "bold red")
        text.append("\nC customer >to play $bought", "dim")
        return text

    def _log_text(self, view: RoboFactoryView, seat: int | None) -> Text:
        if self.show_possible and seat is not None and view.phase != OVER \
                and seat != view.customer:
            return possible_text(view, 28)
        names = self.names()
        lines = [_you(describe_event(e, names)) for e in view.events if e.kind != "end"]
        text = Text.assemble(("Log", "bold underline"))
        text.append("  (p: possible robots)\n", "dim")
        widget = self.query_one("#rf-log", Static)
        height = max(3, widget.size.height - 1)
        width = max(20, widget.size.width)
        wrapped: list[tuple[str, str]] = []
        for line in lines:
            style = "magenta" if line.startswith("Turn ") else (
                "green" if ": right" in line else "")
            wrapped.extend((part, style) for part in textwrap.wrap(
                line, width, subsequent_indent="  "))
        for part, style in wrapped[-height:]:
            text.append(part + "\n", style)
        return text


def _you(line: str) -> str:
    """Grammar for the display name "You"."""
    return line.replace("You is ", "You are ").replace("You has ", "You have ")


def _named(reason: str, names: list[str]) -> str:
    """The engine's reason with display names instead of ``Player N``."""
    for seat in range(len(names) - 1, -1, -1):
        reason = reason.replace(f"Player {seat + 1}", names[seat])
    return reason


class RoboFactoryOverScreen(GameOverScreen):
    """The end of a game: the ranking by cubes and the winners."""

    DIALOG_CLASSES = "dialog game-over rf-over"

    def summary(self) -> Text:
        names = [p.name for p in self.session.players]
        scores = list(self.result.scores)
        winners = self.result.winners
        text = Text()
        if len(winners) == 1:
            name = names[winners[0]]
            text.append("You win!\n\n" if name == "You" else f"{name} wins!\n\n", "bold green")
        else:
            text.append("A shared win!\n\n", "bold yellow")
        order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
        place = 0
        for i, s in enumerate(order):
            if i == 0 or scores[s] != scores[order[i - 1]]:
                place = i + 1
            style = "bold green" if s in winners else ""
            text.append(f"  {place}. {names[s]:<16} {scores[s]:>3} cubes\n", style)
        text.append("\n" + _named(self.result.reason, names) + "\n\n")
        return text
