"""The Robo Factory game screen: deduce the order and build it, by keys only.

This module holds the screen's keys, phases, turns and the build in progress; the notepad
is in notepad.py, the panels in panels.py, the turn result and game over in results.py.
"""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical

from engines.core import Action, GameResult, IllegalAction
from engines.match import Match
from engines.robo_factory.cards import LETTERS, PARTS, code_of, colours_of, letters
from engines.robo_factory.rules import Event
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
from screens import dialogs, ui_state
from screens.footer import Footer
from screens.footer_keys import FooterKey
from screens.game_over import GameOverScreen
from screens.game_screen import GameScreen
from screens.glyphs import Glyphs
from screens.online.table_play import WATCHING_NOTE
from screens.panel import Panel
from screens.robo_factory.draw import RESULT_WIDTH, turn_result_text
from screens.robo_factory.notepad import NotepadMixin
from screens.robo_factory.panels import PanelsMixin, bought_answer
from screens.robo_factory.results import RoboFactoryOverScreen, TurnResultScreen
from screens.session import GameSession
from screens.sized_panel import SizedPanel
from screens.stages import UiPhase

KEYS_HELP = """\
  1 2 3            buying: pick one of your cards for the customer
  Enter            buy with the picked card / build the robot
  n                buy no information this turn
  r g b y          building: colour the selected part, then the
                   next one (typing r g b builds red, green, blue)
  Up / Down        building: select head, torso or legs
  Left / Right     building: change the selected part's colour
  e                Eureka on or off for this build (once per game)
  Tab              the notepad takes the arrow keys and r g b y, and
                   gives them back (Enter, e, 1-3, n work in both)
  arrows, r g b y  notepad: move the cursor (r g b y: to that colour)
  Space            notepad: cycle the mark (x out, o sure, ? maybe)
  x  o  Delete     notepad: ruled out, sure, clear
  p                show or hide the possible robots (help)
  u                undo your last move (against the computer)
  Enter            after a customer turn you built in or were the
                   customer of: next turn; hot seat, after buying
                   information: hide your cards for the next player;
                   after the game: the result again
  H (shift+h), i   hint: the computer's suggestion
  ctrl+s           save under a name of your choice
  F1 or ?          these rules
  q / Escape       leave the game (it is always saved)
The footer shows the keys of the moment (the notepad's while it has
the keys); H, u (when there is a move to take back), p and ctrl+s
join it while the terminal is wide enough."""

NOT_NOW = {
    "buy": "Cards are handed over while buying information.",
    "colour": "Colours are chosen while building.",
    "eureka": "Eureka is declared with a build.",
    "notes": "Tab first: these keys mark the notepad.",
}
# The footer (see GameScreen.footer_keys): per mode, its keys; then the optional keys in the
# order they get the room left, before "? Rules  q Quit".
FOOTER_MAIN = {
    UiPhase.BUY: (
        ("card(0)", "1-3", "Card"),
        ("no_buy", "n", "No buy"),
        ("confirm", "Enter", "OK"),
        ("toggle_notes", "Tab", "Notes"),
    ),
    UiPhase.BUILD: (
        ("colour(0)", "rgby", "Colour"),
        ("eureka", "e", "Eureka"),
        ("confirm", "Enter", "OK"),
        ("toggle_notes", "Tab", "Notes"),
    ),
    UiPhase.WAIT: (("toggle_notes", "Tab", "Notes"),),
    UiPhase.ANSWER: (("go_on", "Enter", "Go on"), ("toggle_notes", "Tab", "Notes")),
    UiPhase.NOTES: (
        ("toggle_notes", "Tab", "Back"),
        ("vertical(-1)", "arrows", "Move"),
        ("mark(None)", "Space/x/o", "Mark"),
        ("mark('')", "Del", "Clear"),
    ),
    UiPhase.OVER: (("show_result", "Enter", "Result"), ("new_game", "n", "New game")),
}
FOOTER_OPTIONAL = (
    ("confirm", "Enter", "OK"),
    ("hint", "H", "Hint"),
    ("undo", "u", "Undo"),
    ("possible", "p", "Possible"),
    ("save_as", "^s", "Save"),
)


class RoboFactoryScreen(NotepadMixin, PanelsMixin, GameScreen):
    """One game of Robo Factory; the session autosaves after every action."""

    CSS_PATH = str(Path(__file__).with_name("robo_factory.tcss"))
    KEYS_HELP = KEYS_HELP
    # check_action enables only the keys of the phase on screen (see PHASE_ACTIONS) and of
    # the notepad while it has the keys; a key bound twice falls through to its second
    # binding when check_action refuses the first (r g b y move the notepad's cursor), and
    # the hidden ``not_now`` bindings after them explain a key pressed at the wrong time.
    # Which keys the footer shows, in what words, is decided by footer_keys (by mode and
    # by the room there is), not by the ``show`` flags here.
    BINDINGS = [
        Binding("1", "card(0)", "Card", key_display="1-3"),
        Binding("2", "card(1)", "Card", show=False),
        Binding("3", "card(2)", "Card", show=False),
        Binding("n", "no_buy", "No buy"),
        *[
            Binding(ch.lower(), f"colour({i})", "Colour", show=i == 0, key_display="rgby")
            for i, ch in enumerate(LETTERS)
        ],
        *[
            Binding(ch.lower(), f"note_column({i})", "Column", show=False)
            for i, ch in enumerate(LETTERS)
        ],
        Binding("up", "vertical(-1)", "Up", show=False),
        Binding("down", "vertical(1)", "Down", show=False),
        Binding("left", "horizontal(-1)", "Left", show=False),
        Binding("right", "horizontal(1)", "Right", show=False),
        Binding("l", "full_log", "Log", show=False),
        Binding("e", "eureka", "Eureka"),
        Binding("enter", "confirm", "OK", key_display="Enter"),
        Binding("enter", "show_result", "Result", key_display="Enter"),
        Binding("enter", "go_on", "Go on", key_display="Enter"),
        Binding("n", "new_game", "New game"),
        Binding("tab", "toggle_notes", "Notes", priority=True),
        Binding("space", "mark(None)", "Mark", show=False),
        Binding("x", "mark('x')", "Mark", show=False),
        Binding("o", "mark('o')", "Mark", show=False),
        Binding("delete,backspace", "mark('')", "Clear", show=False),
        Binding("p", "possible", "Possible", show=False),
        Binding("u", "undo", "Undo", show=False),
        Binding("H,i", "hint", "Hint", key_display="H", show=False),
        Binding("ctrl+s", "save_as", "Save"),
        Binding("f1,question_mark", "rules", "Rules", key_display="?"),
        Binding("q,escape", "leave", "Quit"),
        Binding("1,2,3,n", "not_now('buy')", show=False),
        Binding("r,g,b,y", "not_now('colour')", show=False),
        Binding("space,x,o,delete,backspace", "not_now('notes')", show=False),
        Binding("e", "not_now('eureka')", show=False),
        Binding("enter", "not_now('enter')", show=False),
    ]
    FOOTER_MAIN = FOOTER_MAIN
    FOOTER_OPTIONAL = FOOTER_OPTIONAL
    PHASE_ACTIONS: dict[str, tuple[UiPhase, ...]] = {
        "card": (UiPhase.BUY,),
        "no_buy": (UiPhase.BUY,),
        "colour": (UiPhase.BUILD,),
        "eureka": (UiPhase.BUILD,),
        "confirm": (UiPhase.BUY, UiPhase.BUILD),
        "toggle_notes": (UiPhase.BUY, UiPhase.BUILD, UiPhase.WAIT, UiPhase.ANSWER),
        "mark": (UiPhase.BUY, UiPhase.BUILD, UiPhase.WAIT, UiPhase.ANSWER),
        "note_column": (UiPhase.BUY, UiPhase.BUILD, UiPhase.WAIT, UiPhase.ANSWER),
        "vertical": (UiPhase.BUY, UiPhase.BUILD, UiPhase.WAIT, UiPhase.ANSWER),
        "horizontal": (UiPhase.BUY, UiPhase.BUILD, UiPhase.WAIT, UiPhase.ANSWER),
        "possible": (UiPhase.BUY, UiPhase.BUILD, UiPhase.WAIT, UiPhase.ANSWER),
        "hint": (UiPhase.BUY, UiPhase.BUILD),
        "go_on": (UiPhase.ANSWER,),
    }

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
        self.result_up = False  # the end of a customer turn is on screen
        self.bought_by: int | None = None  # the human whose purchase was just played
        self.answer = ""  # hot seat: that purchase's answer, on screen until Enter
        self.answer_since = 0.0

    # -- layout ---------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Panel(id="rf-title")
        with Horizontal(id="rf-body"):
            with Vertical(id="rf-left"):
                yield Panel(id="rf-cards")
                with Horizontal(id="rf-work"):
                    yield Panel(id="rf-notes")
                    yield Panel(id="rf-build")
                yield Panel(id="rf-status")
            with Vertical(id="rf-right"):
                yield Panel(id="rf-players")
                yield SizedPanel(id="rf-log")
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

    def ui_phase(self) -> UiPhase:
        """What the keys do now: ``buy`` or ``build`` (a human on screen is to move),
        ``over`` (the game is over), ``answer`` (hot seat: a buyer reads its purchase's
        answer before the keyboard goes to another human) or ``wait`` (somebody else
        plays)."""
        if self.state.is_terminal():
            return UiPhase.OVER
        if self.answer:
            return UiPhase.ANSWER
        if not self.human_to_move() or self.result_up:
            return UiPhase.WAIT
        return UiPhase.BUY if self.state.phase == BUY else UiPhase.BUILD

    def eureka_left(self) -> bool:
        """The human to move may still declare the Eureka."""
        seat = self.state.current_player()
        return seat is not None and not self.state.eureka_used[seat]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "eureka" and not self.eureka_left():
            return False
        # While the notepad has the keys, r g b y move its cursor instead of colouring the
        # robot (note_column); Space, x, o and Delete mark it only then.
        if action == "colour" and self.notes_mode:
            return False
        if action in ("mark", "note_column") and not self.notes_mode:
            return False
        return super().check_action(action, parameters)

    def footer_mode(self) -> UiPhase:
        """Which keys the footer offers: the ui phase's, or ``notes`` while the notepad
        has the keys."""
        phase = self.ui_phase()
        return UiPhase.NOTES if self.notes_mode and phase != UiPhase.OVER else phase

    def footer_main(self) -> tuple[FooterKey, ...]:
        main = super().footer_main()
        # Tab goes back to building
        if self.footer_mode() == UiPhase.NOTES and self.ui_phase() == UiPhase.BUILD:
            main = tuple(
                ("toggle_notes", "Tab", "Build") if k[0] == "toggle_notes" else k for k in main
            )
        return main

    def offers(self, action: str) -> bool:
        """Undo only if it would take a move back, the possible robots only where they can
        be shown."""
        if action == "possible":
            seat = self.private_seat()
            return seat is not None and seat != self.state.customer
        return super().offers(action)

    # -- turns ------------------------------------------------------------------
    def game_over_screen(self, result: GameResult) -> GameOverScreen:
        self.notes_mode = False
        return RoboFactoryOverScreen(self.session, result)

    def after_game_over(self, choice: str | None) -> None:
        if choice == "board":
            self.message = "Game over. Enter shows the result again, q leaves."
        super().after_game_over(choice)

    def play(self, action: Action, seat: int) -> None:
        """As for every game; a purchase's answer is then told (see :meth:`tell_answer`)."""
        self.bought_by = seat if isinstance(action, Buy) and action.card is not None else None
        super().play(action, seat)

    def advance(self) -> None:
        """As for every game, but a purchase's answer may wait for Enter first
        (:meth:`tell_answer`), and a finished customer turn in which a human built or was
        the customer is shown first (:class:`TurnResultScreen`); the game goes on once it
        is closed."""
        if self.hold_advance():  # leaving, or the leave question is open
            return
        if self.answer:
            return  # the buyer reads its answer; Enter goes on (action_go_on)
        buyer, self.bought_by = self.bought_by, None
        if buyer is not None and self.tell_answer(buyer):
            return
        turn = self.unseen_result()
        if turn is None:
            super().advance()
            return
        if self.result_up:
            return
        self.result_up = True
        if self.session.hot_seat:
            self.shown_seat = None  # the next human's cards stay hidden behind the result
        self.refresh_all()
        names = self.names()
        body, width = self._turn_result(turn, names)
        total = self.state.total_turns
        title = f"Turn {turn + 1}/{total} is over"
        after = (
            "the final result"
            if self.state.is_terminal()
            else "pass the keyboard"
            if self.session.hot_seat
            else "next turn"
        )

        def closed(answer: str | None) -> None:
            if answer == "leave":  # the result shows again when the game is resumed
                self.close(False)
            else:
                self._result_seen(turn)

        self.app.push_screen(TurnResultScreen(title, body, after, self, width), closed)

    def _turn_result(self, turn: int, names: list[str]) -> tuple[Text, int]:
        """The turn's result and its text's width: 70 cells at 80x24; on a wider terminal
        as wide as its longest line (up to the terminal less a margin), so that no line
        breaks that the room could hold."""

        def text(width: int) -> Text:
            return turn_result_text(
                self.state.events,
                turn,
                names,
                self.state.cubes,
                width=width,
                open_layout=self.state.open_layout(turn),
            )

        if not self.room().wide:
            return text(RESULT_WIDTH), RESULT_WIDTH
        longest = max(cell_len(line) for line in text(10_000).plain.split("\n"))
        width = max(RESULT_WIDTH, min(longest, self.app.size.width - 10))
        return text(width), width

    def unseen_result(self) -> int | None:
        """The last finished customer turn, if a human built in it or was its customer and
        its result has not been shown (kept in the save's ``[ui]`` table, so a resumed game
        shows it too, and only once)."""
        ends = [e for e in self.state.events if e.kind == "order"]
        if not ends:
            return None
        last = ends[-1]
        if last.turn <= self._seen_turn():
            return None
        humans = set(self.session.humans)
        if getattr(self.session, "at_table", False) and self._acted_since(last, humans):
            return None  # seen before a reconnect: the table's save keeps no [ui] of yours
        took_part = {
            e.seat for e in self.state.events if e.turn == last.turn and e.kind in ("deal", "check")
        }
        return last.turn if took_part & humans else None

    def _acted_since(self, order: Event, humans: set[int]) -> bool:
        """Whether one of ``humans`` moved after the ``order`` event (then its turn's
        result was on their screen before they went on): the log is replayed to the move
        that ended the turn."""
        events = self.state.events
        needed = len(events) - events[::-1].index(order)  # events up to the order's
        match = self.session.match
        replay = Match(match.spec, match.num_players, match.options, match.seed)
        for index, entry in enumerate(match.log):
            if len(replay.state.events) >= needed:  # type: ignore[attr-defined]
                return any(e.seat in humans for e in match.log[index:])
            replay.play_text(entry.text, entry.seat)
        return False

    def tell_answer(self, seat: int) -> bool:
        """The human at ``seat`` has just bought information: say what the card showed,
        ``Card GRB: 1 match (bought for 1 cube).`` In hot seat, when another human gets
        the keyboard before this one plays again, the answer stays on screen (with the
        buyer's cards) until Enter (:meth:`action_go_on`); True then. Otherwise the
        cards panel keeps showing it, and so does the status line while the buyer's view
        is on screen."""
        bought = self.state.bought[seat]
        if bought is None:
            return False
        answer = bought_answer(bought)
        if not self.session.hot_seat or self.state.current_player() == seat:
            return False
        following = self.next_human()
        if following is None or following == seat:
            return False  # the buyer's cards are hidden while computers play, then back
        self.answer = answer
        self.answer_since = dialogs.clock()
        self.refresh_all()
        return True

    def next_human(self) -> int | None:
        """The first human to play from now on in this customer turn: the seats still to
        buy (those with a cube; buying moves cubes only to the customer), then every
        manufacturer's first build."""
        state = self.state
        if state.phase == OVER:
            return None
        makers = state.manufacturers()
        if state.phase == BUY:
            seats = [s for s in makers[state.actor :] if state.cubes[s] >= 1] + makers
        else:
            seats = makers[state.actor :]
        return next((s for s in seats if self.session.is_human(s)), None)

    def action_go_on(self) -> None:
        """Enter after reading a purchase's answer in hot seat: the buyer's cards and the
        answer are hidden, and the game goes on to the next human's pass screen (a key
        pressed as soon as the answer appeared, like a double-tapped Enter, is ignored as
        on the pass screen)."""
        if not self.answer or dialogs.clock() - self.answer_since < dialogs.PassScreen.SETTLE:
            return
        self.answer = ""
        self.message = ""
        self.notes_mode = False
        self.advance()

    def reset_for_table(self) -> None:
        """The game was read again from the table: what was on its way is stale."""
        self.answer = ""
        self.bought_by = None
        self.build_key = None
        if not any(isinstance(s, TurnResultScreen) for s in self.app.screen_stack):
            self.result_up = False

    def _seen_turn(self) -> int:
        """The last turn whose result was closed (``result_seen`` in the save's ``[ui]``),
        -1 for none or when the value does not fit (not a turn of this game)."""
        seen = ui_state.whole(self.session.saved.ui.get("result_seen"), -1, self.state.turn)
        return -1 if seen is None else seen

    def _result_seen(self, turn: int) -> None:
        self.result_up = False
        self.session.saved.ui["result_seen"] = turn
        self.session.autosave()
        self.advance()

    def action_undo(self) -> None:
        super().action_undo()
        # a turn taken back and played again is shown again
        ends = [e.turn for e in self.state.events if e.kind == "order"]
        if self._seen_turn() > (ends[-1] if ends else -1):
            self.session.saved.ui["result_seen"] = ends[-1] if ends else -1

    def on_human_turn(self, seat: int) -> None:
        state = self.state
        key = (seat, state.turn, state.phase)
        if key != self.build_key:
            self.build_key = key
            self.parts, self.eureka = self._saved_build(seat)
            self.part = next((i for i, p in enumerate(self.parts) if p is None), 0)
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
        self._keep_build()
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
        self._keep_build()
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
            self._keep_build()
        self.refresh_all()

    def action_eureka(self) -> None:
        if not self._my_phase(BUILD, REBUILD):
            self._not_now("Eureka is declared with a build.")
            return
        seat = self.state.current_player() or 0
        if self.state.eureka_used[seat]:
            self.message = "You have already used your Eureka (once per game)."
        else:
            self.eureka = not self.eureka
            self.message = (
                "Eureka on: a die roll won if right, lost if wrong."
                if self.eureka
                else "Eureka off."
            )
            self._keep_build()
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
                keys = "Tab back to the build, then r g b y" if self.notes_mode else "r g b y"
                self.message = f"Choose a colour for: {missing} ({keys})."
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

    def _not_now(self, why: str) -> None:
        if self.watching_table():
            self.message = WATCHING_NOTE
        else:
            self.message = why if self.human_to_move() else "It is not your turn."
        self.refresh_all()

    def action_not_now(self, what: str) -> None:
        """A game key pressed when it does nothing: say why."""
        if what == "enter":
            self.app.bell()
        elif what == "eureka" and self.human_to_move() and not self.eureka_left():
            self.message = "You have already used your Eureka (once per game)."
            self.refresh_all()
        elif what == "notes":  # the notepad's keys, whoever is to play
            self.message = NOT_NOW[what]
            self.refresh_all()
        else:
            self._not_now(NOT_NOW[what])

    # -- the build in progress lives in the save's [ui] table: [ui.build.SEAT] -------------
    def _saved_build(self, seat: int) -> tuple[list[int | None], bool]:
        """This try's half-made build (colours, -1 for none yet, and Eureka) from the save;
        nothing when it is of another turn or try, or does not fit."""
        saved = self.session.saved.ui.get("build")
        entry = ui_state.seat_entry(self.session.saved.ui, "build", seat)
        empty: tuple[list[int | None], bool] = ([None, None, None], False)
        at = entry.get("at") if entry is not None else None
        if (
            entry is None
            or not isinstance(at, list)
            or len(at) != 2
            or ui_state.whole(at[0], 0, 10**9) != self.state.turn
            or at[1] != self.state.phase
        ):
            if isinstance(saved, dict) and saved.pop(str(seat), None) is not None and not saved:
                self.session.saved.ui.pop("build", None)  # an earlier try's: done with
            return empty
        parts, eureka = entry.get("parts"), entry.get("eureka", False)
        if (
            not isinstance(parts, list)
            or len(parts) != 3
            or not isinstance(eureka, bool)
            or any(type(p) is not int or not -1 <= p < 4 for p in parts)
        ):
            return empty
        return [None if p < 0 else p for p in parts], eureka and not self.state.eureka_used[seat]

    def _keep_build(self) -> None:
        """Write the build in progress into the save, so quitting keeps it for this try."""
        seat = self.state.current_player()
        if seat is None or not self.session.is_human(seat):
            return
        saved = self.session.saved.ui.get("build")
        if not isinstance(saved, dict):
            saved = self.session.saved.ui["build"] = {}
        if any(p is not None for p in self.parts) or self.eureka:
            saved[str(seat)] = {
                "at": [self.state.turn, self.state.phase],
                "parts": [-1 if p is None else p for p in self.parts],
                "eureka": self.eureka,
            }
        else:
            saved.pop(str(seat), None)
        if not saved:
            self.session.saved.ui.pop("build", None)
        status = self.session.autosave()
        if not status.ok:
            self.message = status.message
