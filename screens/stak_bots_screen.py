"""The Stak Bots game screen: stacks as columns, your hand, prompts and the event log."""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Footer, Static

from engines.core import Action, GameResult
from engines.stak_bots.moves import END, SCRAP, Move
from engines.stak_bots.spec import describe, rules_text
from engines.stak_bots.state import StakState
from screens.dialogs import RulesScreen
from screens.game_screen import GameOverScreen, GameScreen
from screens.glyphs import Glyphs
from screens.session import GameSession
from screens.stak_bots_render import (
    choice_title,
    fit,
    hand_lines,
    marks_for,
    option_label,
    option_window,
    stack_column,
)

KEYS_HELP = """\
  Left / Right       pick a card in your hand (or an option in a prompt)
  1 - 9              pick hand card N (or option N in a prompt)
  p                  play the picked card onto your stack
  d                  discard the picked card
  c                  recycle: scrap your top card, discard the picked card, draw
                     (only with the recycling option)
  s                  scrap the top card of your stack
  a                  attack with your top card (then choose the stack)
  e                  end the turn (only once a card reached the scrapheap)
  Enter              confirm the option picked in a prompt
  Escape             cancel choosing an attack target; otherwise leave
  u                  undo your last move (against the computer)
  H (shift+h) or i   hint: the computer's suggestion
  ctrl+s             save under a name of your choice
  F1 or ?            these rules
  q                  leave the game (it is always saved)"""

LOG_LINES = 40
HAND_MAX_HEIGHT = 11  # rows for the hand: its top border, a heading, then the cards
STACK_WIDTH = 53  # columns for all the stacks side by side


class SizedText(Widget):
    """Text drawn for the room the widget has: ``draw(width, height)`` is called whenever
    the widget is rendered, so a change of size draws it again at the new size."""

    DEFAULT_CSS = "SizedText { height: 1fr; }"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.draw: Callable[[int, int], Text] | None = None

    def show(self, draw: Callable[[int, int], Text]) -> None:
        self.draw = draw
        self.refresh()

    def render(self) -> RenderableType:
        if self.draw is None:
            return Text()
        size = self.content_size
        return self.draw(size.width, size.height)


def log_text(events: list[str], width: int, height: int) -> Text:
    """The "Events" heading and the newest events that fit ``height`` lines, wrapped to
    ``width``, whole events only (but for a newest event too long for the panel): the
    newest is always the last line shown."""
    width = max(width, 12)
    room = height - 1 if height > 1 else 20  # 0: not laid out yet
    shown: list[tuple[str, str]] = []
    for event in reversed(events[-LOG_LINES:]):
        style = "bold" if event.startswith("Turn ") else ""
        wrapped = textwrap.wrap(event, width, subsequent_indent=" ") or [""]
        if len(shown) + len(wrapped) > room:
            if not shown:
                shown = [(line, style) for line in reversed(wrapped[-room:])]
            break
        shown.extend((line, style) for line in reversed(wrapped))
    text = Text(no_wrap=True, overflow="crop", end="")
    text.append("Events", "bold underline")
    for line, style in reversed(shown):
        text.append("\n")
        text.append(line, style)
    return text


class StakBotsScreen(GameScreen):
    """One game of Stak Bots; the session autosaves after every action."""

    KEYS_HELP = KEYS_HELP
    SCOPED_CSS = False  # the App.ascii rules below must reach the app's class
    DEFAULT_CSS = """
    #sb-title { height: 1; padding: 0 1; background: $boost; }
    #sb-body { height: 1fr; }
    #sb-left { width: 54; padding: 0 0 0 1; }
    #sb-stacks { height: 1fr; }
    .sb-stack { width: 1fr; height: 1fr; margin-right: 1; }
    #sb-hand { height: auto; max-height: 11;  /* HAND_MAX_HEIGHT */ border-top: solid $accent; }
    #sb-status { height: 3; }
    #sb-log { width: 1fr; height: 1fr; padding: 0 1; border-left: vkey $accent; }
    App.ascii #sb-hand { border-top: ascii $accent; }
    App.ascii #sb-log { border-left: ascii $accent; }
    """
    BINDINGS = [
        Binding("left", "cursor(-1)", "Pick", show=False),
        Binding("right", "cursor(1)", "Pick", show=False),
        Binding("up", "cursor(-1)", "Pick", show=False),
        Binding("down", "cursor(1)", "Pick", show=False),
        *[Binding(str(n), f"number({n})", "Pick", show=False) for n in range(1, 10)],
        Binding("p", "play", "Play"),
        Binding("d", "discard", "Discard"),
        Binding("c", "recycle", "Recycle"),
        Binding("s", "scrap", "Scrap"),
        Binding("a", "attack", "Attack"),
        Binding("e", "end_turn", "End turn"),
        Binding("enter", "confirm", "OK", show=False),
        # In the rules (F1); the footer keeps the essentials so Quit stays visible at 80 columns.
        Binding("u", "undo", "Undo", show=False),
        Binding("H,i", "hint", "Hint", key_display="H", show=False),
        Binding("ctrl+s", "save_as", "Save"),
        Binding("f1,question_mark", "rules", "Rules", key_display="F1"),
        Binding("q", "leave", "Quit"),
        Binding("escape", "escape", "Back", show=False),
    ]

    def __init__(self, session: GameSession, glyphs: Glyphs) -> None:
        super().__init__(session, glyphs)
        self.cursor = 0  # hand card under the cursor
        self.option = 0  # selected option in a prompt
        self.targeting = False  # choosing the stack to attack

    # -- layout ----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="sb-title")
        with Horizontal(id="sb-body"):
            with Vertical(id="sb-left"):
                with Horizontal(id="sb-stacks"):
                    for seat in range(self.session.match.num_players):
                        yield SizedText(id=f"sb-stack-{seat}", classes="sb-stack")
                yield Static(id="sb-hand")
                yield Static(id="sb-status")
            yield SizedText(id="sb-log")
        yield Footer()

    @property
    def state(self) -> StakState:
        state = self.session.match.state
        assert isinstance(state, StakState)
        return state

    def names(self) -> list[str]:
        return seat_names(self.session)

    # -- what may be done now ------------------------------------------------------
    def my_seat(self) -> int | None:
        """The human seat to move whose view is on screen, else None."""
        return self.state.current_player() if self.human_to_move() else None

    def legal(self) -> list[Move]:
        seat = self.my_seat()
        return [] if seat is None else self.state.legal_actions(seat)

    def prompt_options(self) -> list[Move]:
        """The options of the current prompt: an effect's choice or the attack target."""
        legal = self.legal()
        if self.state.choice is not None:
            return legal
        if self.targeting:
            return [m for m in legal if m.kind == "attack"]
        return []

    def picked_card(self) -> str | None:
        seat = self.my_seat()
        if seat is None:
            return None
        hand = self.state.hands[seat]
        if not hand:
            return None
        self.cursor = min(self.cursor, len(hand) - 1)
        return self.state.effects[hand[self.cursor]]

    def end_block_reason(self) -> str | None:
        state = self.state
        if state.choice is not None or self.my_seat() is None:
            return "not your decision"
        if not state.scrapped:
            return "a card must reach the scrapheap first"
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "end_turn":
            return True if self.end_block_reason() is None else None
        if action == "recycle":
            return bool(self.state.recycling)  # hidden when the variation is off
        return True

    # -- turns ------------------------------------------------------------------
    def game_over(self, result: GameResult) -> None:
        self.app.push_screen(StakBotsOverScreen(self.session, result), self.after_game_over)

    def after_game_over(self, choice: str | None) -> None:
        if choice == "board":
            self.message = "Game over. q leaves."
        super().after_game_over(choice)

    def on_human_turn(self, seat: int) -> None:
        self.option = 0
        self.targeting = False

    def on_hint(self, action: Action, seat: int) -> None:
        assert isinstance(action, Move)
        self.message = f"Hint: {describe(action, seat, self.state.cards)}."
        options = self.prompt_options()
        if action in options:
            self.option = options.index(action)
        elif action.effect:
            hand = self.state.hands[seat]
            for i, card in enumerate(hand):
                if self.state.effects[card] == action.effect:
                    self.cursor = i
                    break

    def send(self, move: Move) -> None:
        seat = self.my_seat()
        if seat is None:
            self.app.bell()
            return
        if move not in self.state.legal_actions(seat):
            self.message = f"Not now: {self.state.why_not(move)}."
            self.refresh_all()
            return
        self.targeting = False
        self.option = 0
        self.play(move, seat)

    def action_rules(self) -> None:
        """The rules with the bots of the card set this game uses."""
        self.app.push_screen(
            RulesScreen(self.session.spec.name, rules_text(self.state.cards), self.KEYS_HELP)
        )

    # -- key actions ----------------------------------------------------------------
    def action_cursor(self, step: int) -> None:
        options = self.prompt_options()
        if options:
            self.option = (self.option + step) % len(options)
        else:
            seat = self.my_seat()
            hand = self.state.hands[seat] if seat is not None else []
            if hand:
                self.cursor = (self.cursor + step) % len(hand)
        self.refresh_all()

    def action_number(self, n: int) -> None:
        options = self.prompt_options()
        if options:
            if n <= len(options):
                self.option = n - 1
                self.action_confirm()
            return
        seat = self.my_seat()
        if seat is not None and n <= len(self.state.hands[seat]):
            self.cursor = n - 1
            self.refresh_all()

    def action_confirm(self) -> None:
        options = self.prompt_options()
        if options:
            self.send(options[min(self.option, len(options) - 1)])

    def _with_card(self, kind: str) -> None:
        if self.state.choice is not None or self.targeting:
            self.message = "Answer the prompt first."
            self.refresh_all()
            return
        effect = self.picked_card()
        if effect is None:
            self.message = "You have no card in hand."
            self.refresh_all()
            return
        self.send(Move(kind, effect=effect))

    def action_play(self) -> None:
        self._with_card("play")

    def action_discard(self) -> None:
        self._with_card("discard")

    def action_recycle(self) -> None:
        self._with_card("recycle")

    def action_scrap(self) -> None:
        if self.state.choice is None and not self.targeting:
            self.send(SCRAP)

    def action_attack(self) -> None:
        if self.state.choice is not None or self.my_seat() is None:
            return
        targets = [m for m in self.legal() if m.kind == "attack"]
        if not targets:
            self.message = "No attack possible: " + self.attack_reason()
        elif len(targets) == 1:
            self.send(targets[0])
            return
        else:
            self.targeting = True
            self.option = 0
            self.message = ""
        self.refresh_all()

    def attack_reason(self) -> str:
        state = self.state
        if state.attack_over:
            return "this turn's attacker was reset, returned or scrapped."
        if state.attacker >= 0:
            return f"only {state.name(state.attacker)} may attack this turn; it is not on top."
        return "nothing to attack."

    def action_end_turn(self) -> None:
        reason = self.end_block_reason()
        if reason is not None:
            self.message = f"You cannot end the turn yet: {reason}."
            self.refresh_all()
            return
        self.send(END)

    def action_escape(self) -> None:
        if self.targeting:
            self.targeting = False
            self.message = "Attack cancelled."
            self.refresh_all()
        else:
            self.action_leave()

    # -- drawing --------------------------------------------------------------------------
    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_all)

    def refresh_all(self) -> None:
        if not self.is_mounted:
            return
        self.refresh_bindings()
        state = self.state
        names = self.names()
        n = state.num_players
        whose = "game over" if state.is_terminal() else f"P{state.active + 1}'s turn"
        title = Text.assemble(
            ("Stak Bots  ", "bold"),
            f"turn {state.turn}: {whose}  ",
            f"draw pile {len(state.draw)}  scrapheap {len(state.heap)}  ",
            ("" if state.cards.name == "robotui default" else f"set: {state.cards.name}", "dim"),
        )
        self.query_one("#sb-title", Static).update(title)
        options = self.prompt_options()
        selected = options[min(self.option, len(options) - 1)] if options else None
        marks = marks_for(selected, options)
        viewer = self.viewer()
        for seat in range(n):
            label = names[seat] + (
                " (you)"
                if seat == viewer and self.session.is_human(seat) and not self.session.hot_seat
                else ""
            )
            self.query_one(f"#sb-stack-{seat}", SizedText).show(
                self._column_drawer(seat, label, marks.get(seat, {}))
            )
        self._draw_hand()
        self._draw_status(names, options, selected)
        self._draw_log()

    def _column_drawer(
        self, seat: int, label: str, marks: dict[int, str]
    ) -> Callable[[int, int], Text]:
        fallback = max((STACK_WIDTH // self.state.num_players) - 1, 10)

        def draw(width: int, height: int) -> Text:
            return stack_column(
                self.state, seat, width or fallback, label, self.glyphs, marks, height
            )

        return draw

    def _draw_hand(self) -> None:
        widget = self.query_one("#sb-hand", Static)
        seat = self.shown_seat
        if seat is None or not self.session.is_human(seat):
            seat = self.viewer()
        hidden = self.session.hot_seat and self.shown_seat is None
        if not self.session.is_human(seat) or hidden:
            counts = ", ".join(
                f"{name}: {len(h)}" for name, h in zip(self.names(), self.state.hands, strict=True)
            )
            widget.update(Text(f"Hands are hidden. Cards in hand - {counts}", style="dim"))
            return
        others = ", ".join(
            f"P{s + 1} {len(self.state.hands[s])}"
            for s in range(self.state.num_players)
            if s != seat
        )
        text = Text()
        text.append(f"Your hand, {self.names()[seat]} (others hold {others}):\n", "dim")
        text.append(
            hand_lines(
                self.state,
                seat,
                self.cursor,
                STACK_WIDTH,
                self.human_to_move() and not self.prompt_options(),
                max_lines=HAND_MAX_HEIGHT - 2,
                ellipsis=self.glyphs.ellipsis,
            )
        )
        text.rstrip()  # no empty last line taking a row from the stacks
        widget.update(text)

    def _draw_status(self, names: list[str], options: list[Move], selected: Move | None) -> None:
        state = self.state
        widget = self.query_one("#sb-status", Static)
        ell = self.glyphs.ellipsis
        if state.is_terminal():
            result = state.result()
            assert result is not None
            widget.update(Text(fit(result.reason, 104, ell), style="bold"))
            return
        text = Text()
        thinking = self.thinking_text()
        mover = state.to_move()[0]
        if thinking is not None:
            text.append(fit(thinking, 52, ell), "yellow")
        elif options:
            title = choice_title(state, names) if state.choice else "Attack which stack?"
            text.append(fit(title, 52, ell) + "\n", "bold green")
            text.append(self._options_line(options, selected, names))
        elif self.human_to_move():
            text.append("Your turn: p play d discard s scrap a attack e end", "green")
            reason = self.end_block_reason()
            if reason is not None:
                text.append("\nEnd turn (e) waits: nothing scrapped yet.", "dim")
        else:
            text.append(f"{names[mover]} to move.")
        if self.message:
            text.append("\n" + fit(self.message, 104, ell), "bold")
        widget.update(text)

    def _options_line(self, options: list[Move], selected: Move | None,
                      names: list[str]) -> Text:
        """The prompt's options on one line, scrolled to keep the selected one in view,
        so the message line below is never pushed out of the status area."""
        ell = self.glyphs.ellipsis
        width = max(self.query_one("#sb-status", Static).content_region.width, 20)
        labels = [fit(f"{i + 1} {option_label(self.state, o, names)}", width - 8, ell)
                  for i, o in enumerate(options)]
        at = options.index(selected) if selected in options else 0
        first, end = option_window(labels, at, width, ell)
        line = Text(ell + " " if first > 0 else "")
        for i in range(first, end):
            line.append(labels[i], "reverse bold" if i == at and selected is not None else "")
            if i < end - 1:
                line.append("  ")
        if end < len(labels):
            line.append(" " + ell)
        return line

    def _draw_log(self) -> None:
        self.query_one("#sb-log", SizedText).show(
            lambda width, height: log_text(list(self.state.events or []), width, height)
        )


def seat_names(session: GameSession) -> list[str]:
    """Display names: "Player 2" as it is, else "P1 You", "P2 Computer"."""
    return [
        entry.name if entry.name.startswith("Player") else f"P{seat + 1} {entry.name}"
        for seat, entry in enumerate(session.players)
    ]


class StakBotsOverScreen(GameOverScreen):
    """The end of a game: who won and why, and the stacks left."""

    def summary(self) -> Text:
        names = seat_names(self.session)
        text = Text()
        winners = self.result.winners
        if len(winners) == 1:
            name = names[winners[0]]
            headline = "You win!" if name.endswith("You") else f"{name} wins!"
            text.append(headline + "\n\n", "bold green")
        else:
            text.append(
                "Shared win: " + ", ".join(names[s] for s in winners) + "\n\n", "bold yellow"
            )
        text.append("Cards left in each stack:\n")
        for seat, size in enumerate(self.result.scores):
            text.append(f"  {names[seat]:<16} {size}\n")
        text.append("\n" + self.result.reason + "\n\n")
        return text
