"""The Robo Factory game screen: deduce the order and build it, by keys only."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from engines.core import Action, GameResult, IllegalAction
from engines.robo_factory.cards import LETTERS, PARTS, code_of, colours_of, letters
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
from screens.game_screen import FooterKey, GameOverScreen, GameScreen
from screens.glyphs import Glyphs
from screens.robo_factory.draw import (
    MARK_STYLES,
    MARKS,
    build_rows,
    letters_text,
    log_lines,
    log_text,
    match_words,
    notepad_rows,
    notes_from_rows,
    notes_to_rows,
    possible_text,
    robots_rows,
    round_text,
    styled_log,
    summary_of_last_turn,
    turn_result_text,
)
from screens.session import GameSession
from screens.sized_text import SizedText
from screens.text_fit import cut_cells, ljust_cells, pad_cells

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

PHASE_NAMES = {BUY: "buying", BUILD: "first try", REBUILD: "second try", OVER: "over"}
OPEN_GAP = 5  # spaces after each open card: room for its "2 matches" tile
OWN_COLUMN = 30  # where your own cards start in the cards panel
CARDS_WIDTH = 47  # the cards panel's width at 80x24 (#rf-left less its padding)
NOT_NOW = {
    "buy": "Cards are handed over while buying information.",
    "colour": "Colours are chosen while building.",
    "eureka": "Eureka is declared with a build.",
    "notes": "Tab first: these keys mark the notepad.",
}
NOTEPAD_KEYS = "Notepad: arrows or r g b y move, Space/x/o mark, Del clears"
# The footer (see GameScreen.footer_keys): per mode, its keys; then the optional keys in the
# order they get the room left, before "? Rules  q Quit".
FOOTER_MAIN = {
    "buy": (("card(0)", "1-3", "Card"), ("no_buy", "n", "No buy"),
            ("confirm", "Enter", "OK"), ("toggle_notes", "Tab", "Notes")),
    "build": (("colour(0)", "rgby", "Colour"), ("eureka", "e", "Eureka"),
              ("confirm", "Enter", "OK"), ("toggle_notes", "Tab", "Notes")),
    "wait": (("toggle_notes", "Tab", "Notes"),),
    "answer": (("go_on", "Enter", "Go on"), ("toggle_notes", "Tab", "Notes")),
    "notes": (("toggle_notes", "Tab", "Back"), ("vertical(-1)", "arrows", "Move"),
              ("mark(None)", "Space/x/o", "Mark"), ("mark('')", "Del", "Clear")),
    "over": (("show_result", "Enter", "Result"), ("new_game", "n", "New game")),
}
FOOTER_OPTIONAL = (("confirm", "Enter", "OK"), ("hint", "H", "Hint"), ("undo", "u", "Undo"),
                   ("possible", "p", "Possible"), ("save_as", "^s", "Save"))


class RoboFactoryScreen(GameScreen):
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
        *[Binding(ch.lower(), f"colour({i})", "Colour", show=i == 0, key_display="rgby")
          for i, ch in enumerate(LETTERS)],
        *[Binding(ch.lower(), f"note_column({i})", "Column", show=False)
          for i, ch in enumerate(LETTERS)],
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
    PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
        "card": ("buy",),
        "no_buy": ("buy",),
        "colour": ("build",),
        "eureka": ("build",),
        "confirm": ("buy", "build"),
        "toggle_notes": ("buy", "build", "wait", "answer"),
        "mark": ("buy", "build", "wait", "answer"),
        "note_column": ("buy", "build", "wait", "answer"),
        "vertical": ("buy", "build", "wait", "answer"),
        "horizontal": ("buy", "build", "wait", "answer"),
        "possible": ("buy", "build", "wait", "answer"),
        "hint": ("buy", "build"),
        "go_on": ("answer",),
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
                yield SizedText(id="rf-log")
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

    def ui_phase(self) -> str:
        """What the keys do now: ``buy`` or ``build`` (a human on screen is to move),
        ``over`` (the game is over), ``answer`` (hot seat: a buyer reads its purchase's
        answer before the keyboard goes to another human) or ``wait`` (somebody else
        plays)."""
        if self.state.is_terminal():
            return "over"
        if self.answer:
            return "answer"
        if not self.human_to_move() or self.result_up:
            return "wait"
        return "buy" if self.state.phase == BUY else "build"

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

    def footer_mode(self) -> str:
        """Which keys the footer offers: the ui phase's, or ``notes`` while the notepad
        has the keys."""
        phase = self.ui_phase()
        return "notes" if self.notes_mode and phase != "over" else phase

    def footer_main(self) -> tuple[FooterKey, ...]:
        main = super().footer_main()
        if self.footer_mode() == "notes" and self.ui_phase() == "build":  # Tab goes back
            main = tuple(("toggle_notes", "Tab", "Build") if k[0] == "toggle_notes" else k
                         for k in main)
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
        body = turn_result_text(self.state.events, turn, names, self.state.cubes,
                                open_layout=self.state.open_layout(turn))
        total = self.state.total_turns
        title = f"Turn {turn + 1}/{total} is over"
        after = ("the final result" if self.state.is_terminal() else
                 "pass the keyboard" if self.session.hot_seat else "next turn")
        def closed(answer: str | None) -> None:
            if answer == "leave":  # the result shows again when the game is resumed
                self.close(False)
            else:
                self._result_seen(turn)

        self.app.push_screen(TurnResultScreen(title, body, after, self), closed)

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
        took_part = {e.seat for e in self.state.events
                     if e.turn == last.turn and e.kind in ("deal", "check")}
        return last.turn if took_part & humans else None

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
            seats = [s for s in makers[state.actor:] if state.cubes[s] >= 1] + makers
        else:
            seats = makers[state.actor:]
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
            self.message = "Eureka on: a die roll won if right, lost if wrong." if self.eureka \
                else "Eureka off."
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

    def action_toggle_notes(self) -> None:
        self.notes_mode = not self.notes_mode
        self.message = ""  # the status line says what the keys do now
        self.refresh_all()

    def action_note_column(self, colour: int) -> None:
        """r g b y while the notepad has the keys: its cursor to that colour's column."""
        part, _ = self.note_cursor
        self.note_cursor = (part, colour)
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
        self._keep_notes(seat)
        self.refresh_all()

    def action_possible(self) -> None:
        self.show_possible = not self.show_possible
        self.refresh_all()

    def _not_now(self, why: str) -> None:
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

    def _notes(self, seat: int) -> dict[tuple[int, int], str]:
        """The seat's notepad, wiped at each new customer turn (from the save on resume)."""
        if self.notes_turn.get(seat) != self.state.turn:
            self.notes_turn[seat] = self.state.turn
            self.notes[seat] = self._saved_notes(seat)
        return self.notes[seat]

    # -- the build in progress lives in the save's [ui] table: [ui.build.SEAT] -------------
    def _saved_build(self, seat: int) -> tuple[list[int | None], bool]:
        """This try's half-made build (colours, -1 for none yet, and Eureka) from the save;
        nothing when it is of another turn or try, or does not fit."""
        saved = self.session.saved.ui.get("build")
        entry = ui_state.seat_entry(self.session.saved.ui, "build", seat)
        empty: tuple[list[int | None], bool] = ([None, None, None], False)
        at = entry.get("at") if entry is not None else None
        if (entry is None or not isinstance(at, list) or len(at) != 2
                or ui_state.whole(at[0], 0, 10**9) != self.state.turn
                or at[1] != self.state.phase):
            if isinstance(saved, dict) and saved.pop(str(seat), None) is not None and not saved:
                self.session.saved.ui.pop("build", None)  # an earlier try's: done with
            return empty
        parts, eureka = entry.get("parts"), entry.get("eureka", False)
        if (not isinstance(parts, list) or len(parts) != 3 or not isinstance(eureka, bool)
                or any(type(p) is not int or not -1 <= p < 4 for p in parts)):
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
            saved[str(seat)] = {"at": [self.state.turn, self.state.phase],
                                "parts": [-1 if p is None else p for p in self.parts],
                                "eureka": self.eureka}
        else:
            saved.pop(str(seat), None)
        if not saved:
            self.session.saved.ui.pop("build", None)
        status = self.session.autosave()
        if not status.ok:
            self.message = status.message

    # -- the notepad lives in the save's [ui] table: [ui.notes.SEAT] turn, rows ------------
    def _saved_notes(self, seat: int) -> dict[tuple[int, int], str]:
        """This customer turn's notepad from the save; an older turn's is dropped."""
        saved = self.session.saved.ui.get("notes")
        entry = ui_state.seat_entry(self.session.saved.ui, "notes", seat)
        if entry is None:
            return {}
        marks = notes_from_rows(entry.get("rows"))
        if ui_state.whole(entry.get("turn"), 0, 10**9) == self.state.turn and marks is not None:
            return marks
        assert isinstance(saved, dict)
        saved.pop(str(seat), None)
        if not saved:
            self.session.saved.ui.pop("notes", None)
        return {}

    def _keep_notes(self, seat: int) -> None:
        """Write the seat's notepad into the save, so quitting keeps it for this turn."""
        saved = self.session.saved.ui.get("notes")
        if not isinstance(saved, dict):
            saved = self.session.saved.ui["notes"] = {}
        marks = self.notes.get(seat, {})
        if marks:
            saved[str(seat)] = {"turn": self.state.turn, "rows": notes_to_rows(marks)}
        else:
            saved.pop(str(seat), None)
        if not saved:
            self.session.saved.ui.pop("notes", None)
        status = self.session.autosave()
        if not status.ok:
            self.message = status.message

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
        self.query_one("#rf-log", SizedText).show(
            lambda width, height: self._log_text(view, seat, width, height))
        self.update_footer()

    def _cards_text(self, view: RoboFactoryView, seat: int | None) -> Text:
        """The open cards over their match tiles (``2 matches``), then your private cards, in
        the order dealt, over the keys that pick them (``[1]``); a card you gave for
        information stays in its place, marked ``gave``, with its match count below."""
        text = Text.assemble(("Open cards and tiles", "bold"))
        mine = seat is not None and seat != view.customer and view.phase != OVER
        if mine:
            text.append(" " * (OWN_COLUMN - text.cell_len))
            text.append("Your cards" + (" (1-3)" if view.phase == BUY else ""), "bold")
        if view.phase == OVER:  # the last turn's, to look back at
            layout = self.state.open_layout(self.state.turn)
            text.append(" (last turn)\n", "dim")
            for row in robots_rows([card for card, _ in layout], OPEN_GAP):
                text.append_text(row)
                text.append("\n")
            text.append_text(_tiles_row([tile for _, tile in layout]))
            return text
        text.append("\n")
        own = self.state.dealt_hand(seat) if mine and seat is not None else []
        rows = robots_rows(list(view.open_cards), OPEN_GAP)
        if own:
            own_rows = robots_rows(own)
        else:  # in the place of your cards, two lines on why there are none
            note = ("private cards", "hidden", "dim") if seat is None else \
                ("you are the", "customer", "magenta")
            own_rows = [Text(), Text(note[0], note[2]), Text(note[1], note[2])]
        for row, own_row in zip(rows, own_rows, strict=True):
            line = row.copy()
            line.append(" " * (OWN_COLUMN - row.cell_len))
            line.append_text(own_row)
            line.rstrip()  # a trailing gap must not wrap in the panel
            text.append_text(line)
            text.append("\n")
        tiles = _tiles_row(view.open_tiles)
        tiles.append(" " * (OWN_COLUMN - tiles.cell_len))
        given = view.bought[0] if mine and view.bought is not None else None
        if mine:
            picking = self.human_to_move() and view.phase == BUY
            for key, card in enumerate(own, start=1):
                if card == given:
                    tiles.append(" gave ", "bold green")
                elif view.phase == BUY and given is None:  # the keys that pick a card
                    picked = picking and self.pick == key - 1
                    tiles.append(" ")
                    tiles.append(f"[{key}]", "reverse bold" if picked else
                                 ("bold" if picking else "dim"))
                    tiles.append("  ")
                else:
                    tiles.append(" " * 6)
        tiles.rstrip()
        text.append_text(tiles)
        if given is not None and view.bought is not None:
            column = OWN_COLUMN + 6 * own.index(given) + 1
            label = match_words(view.bought[1])
            text.append("\n" + " " * min(column, CARDS_WIDTH - len(label)))
            text.append(label, "bold green")
        return text

    def _notes_text(self, seat: int | None) -> Text:
        if seat is None:
            return Text.assemble(("Notes hidden", "dim"))
        cursor = self.note_cursor if self.notes_mode else None
        out = Text()
        for row in notepad_rows(self._notes(seat), cursor, self.glyphs.legal):
            out.append_text(row)
            out.append("\n")
        if self.notes_mode:  # the marks' meaning (the footer has the keys)
            out.append_text(Text.assemble(("x", MARK_STYLES["x"]), " out ",
                                          ("o", MARK_STYLES["o"]), " sure ",
                                          ("?", MARK_STYLES["?"]), " maybe"))
        return out

    def _build_text(self, view: RoboFactoryView, seat: int | None) -> Text:
        out = Text()
        if seat is None or seat == view.customer or view.phase == OVER:
            return out
        my_move = self.human_to_move() and view.actor == seat
        if view.phase == REBUILD and view.own_build is not None:
            out.append("Try 1 ")
            out.append_text(letters_text(view.own_build))
            out.append(f": {match_words(view.tile)}\n", "bold green")
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
            text = Text.assemble((_named(result.reason, names), "bold"))
            if self.message:
                text.append("\n" + self.message, "bold")
            return text
        thinking = self.thinking_text()
        if self.answer:  # hot seat: the buyer reads its answer, then passes the keyboard
            following = self.next_human()
            who = self.player_label(following) if following is not None else "the next player"
            text = Text.assemble((self.answer, "bold"), "\n",
                                 (f"Enter hides your cards: then pass the keyboard to {who}.",
                                  "green"))
            if self.notes_mode:
                text.append(f"\n{NOTEPAD_KEYS}, Tab: back.", "green")
        elif thinking is not None:
            text = Text.assemble((thinking, "yellow"))
        elif self.notes_mode and seat is not None:
            back = {BUY: "buying", BUILD: "the build", REBUILD: "the second try"}.get(
                state.phase, "the game") if self.human_to_move() else "the game"
            text = Text(f"{NOTEPAD_KEYS}. Tab: back to {back}.", "green")
        elif self.human_to_move():
            prompt = {
                BUY: "Buy information? 1-3 pick a card, Enter buys it for 1 cube, n: no.",
                BUILD: "Build: type r g b y (or arrows), "
                       + ("e Eureka, " if self.eureka_left() else "") + "Enter builds.",
                REBUILD: "Nobody was right. Second try: +2 if right, else pay the customer 1.",
            }[state.phase]
            text = Text.assemble((prompt, "green"))
            if self.session.hot_seat and seat is not None:  # whose cards these are (QA)
                text = Text.assemble((f"{names[seat]}: ", "bold"), text)
            lost = self._eureka_lost(view, seat)
            if lost:  # the die of a wrong first try (QA: only the log said so)
                text = Text.assemble((lost, "bold red"), "\n", text)
            if view.bought is not None and state.phase == BUILD:  # also after a resume
                text = Text.assemble((bought_answer(view.bought), "bold"), "\n", text)
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

    def _eureka_lost(self, view: RoboFactoryView, seat: int | None) -> str:
        """On the second try, what a Eureka on the wrong first try cost ``seat``."""
        if view.phase != REBUILD or seat is None:
            return ""
        first = next((e for e in view.events if e.turn == view.turn and e.kind == "check"
                      and e.seat == seat and e.attempt == 1), None)
        if first is None or not first.die:
            return ""
        cost = -first.gain
        paid = ("you had no cube to pay" if cost == 0 else
                "you paid 1 cube" if cost == 1 else f"you paid {cost} cubes")
        return f"Eureka on a wrong robot: the die showed {first.die}, {paid}."

    def _players_text(self, view: RoboFactoryView) -> Text:
        names = self.names()
        text = Text.assemble((f"{'Player':<16}cubes Eur", "bold underline"))
        for s in range(view.num_players):
            mark = "C" if s == view.customer and view.phase != OVER else " "
            mark += ">" if s == view.actor else " "
            mark += "$" if view.buyers[s] and view.phase != OVER else " "
            style = "bold magenta" if s == view.customer else ""
            text.append(f"\n{mark}{pad_cells(cut_cells(names[s], 12), 13)}{view.cubes[s]:>4}  ",
                        style)
            text.append("used" if view.eureka_used[s] else " E", "dim" if view.eureka_used[s]
                        else "bold red")
        text.append("\nC customer >to play $bought", "dim")
        return text

    def log_lines(self) -> list[tuple[str, str]]:
        return styled_log(self._log_strings(self.shown_view()))

    def _log_strings(self, view: RoboFactoryView) -> list[str]:
        """The log as ``view``'s seat may read it, the one human called "you"."""
        return [_you(line) for line in log_lines(view, self.names())]

    def _log_text(self, view: RoboFactoryView, seat: int | None, width: int,
                  height: int) -> Text:
        """The log's newest lines for the room it has, or the possible robots (``p``)."""
        if self.show_possible and seat is not None and view.phase != OVER \
                and seat != view.customer:
            return possible_text(view, max(8, width))
        return log_text(self._log_strings(view), width, height)


def _tiles_row(tiles: Sequence[int]) -> Text:
    """The open cards' match tiles, each under its card: ``2 matches 0 matches 1 match``."""
    row = Text()
    for tile in tiles:
        row.append(match_words(tile).ljust(5 + OPEN_GAP), "bold cyan")
    return row


def bought_answer(bought: tuple[int, int]) -> str:
    """What a purchase showed its buyer: ``Card GRB: 1 match (bought for 1 cube).`` (the
    status line keeps it while the buyer builds that turn)."""
    card, tile = bought
    return f"Card {letters(card)}: {match_words(tile)} (bought for 1 cube)."


def _you(line: str) -> str:
    """Grammar for the display name "You"."""
    return line.replace("You is ", "You are ").replace("You has ", "You have ")


def _named(reason: str, names: list[str]) -> str:
    """The engine's reason with display names instead of ``Player N``."""
    for seat in range(len(names) - 1, -1, -1):
        reason = reason.replace(f"Player {seat + 1}", names[seat])
    return reason.replace("You wins ", "You win ")  # "You win with 40 cubes."


class TurnResultScreen(ModalScreen[str | None]):
    """The end of a customer turn in which a human built or was the customer: every build,
    right or wrong, the Eureka dice, the cubes and the order (public information only),
    until Enter. The game's ``?`` and ``l`` work over it; ``q`` or Escape leave the game
    after the usual question (answering ``"leave"``: the result waits for the resume)."""

    BINDINGS = [
        Binding("enter,space", "close", "Continue", key_display="Enter"),
        Binding("l", "log", "Log"),
        Binding("question_mark,f1", "rules", "Rules", key_display="?"),
        Binding("q,escape", "leave", "Quit", key_display="q"),
    ]

    def __init__(self, title: str, body: Text, after: str, game: GameScreen) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.after = after
        self.game = game

    def compose(self) -> ComposeResult:
        body = self.body.copy()
        body.append(f"\nEnter: {self.after}", "dim")
        with Vertical(classes="dialog rf-turn"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(body)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_log(self) -> None:
        self.game.action_full_log()

    def action_rules(self) -> None:
        self.game.action_rules()

    def action_leave(self) -> None:
        def done(leave: bool | None) -> None:
            if leave:
                self.dismiss("leave")

        self.app.push_screen(dialogs.ConfirmScreen(self.game.leave_question()), done)


class RoboFactoryOverScreen(GameOverScreen):
    """The end of a game: the ranking by cubes and the winners."""

    DIALOG_CLASSES = "dialog game-over rf-over"

    def summary(self) -> Text:
        names = [p.name for p in self.session.players]
        scores = list(self.result.scores)
        winners = self.result.winners
        # the headline says who won and with how much, once (QA: "You win!" over a line
        # "You win with 21 cubes.")
        text = Text(_named(self.result.reason, names) + "\n\n",
                    "bold green" if len(winners) == 1 else "bold yellow")
        order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
        place = 0
        for i, s in enumerate(order):
            if i == 0 or scores[s] != scores[order[i - 1]]:
                place = i + 1
            style = "bold green" if s in winners else ""
            cubes = "cube" if scores[s] == 1 else "cubes"
            text.append(f"  {place}. {ljust_cells(names[s], 16)} {scores[s]:>3} {cubes}\n", style)
        text.append("\n")
        return text
