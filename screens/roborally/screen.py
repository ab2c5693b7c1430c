"""The RoboRally game screen: program five registers by keys, then watch them run.

Programming is simultaneous: every computer seat that must program thinks in its own worker
(from its own seat's view) while the human builds a program. Each answer is applied and
saved as soon as it arrives; the registers then play back one by one from the engine's trace.
A half-built program is kept in the save's [ui] table (screen state outside the hash,
checked by screens.ui_state when resumed); every submitted program and decision is in the
game's log.

This module holds the screen's keys, phases and turns; what it does is in the mixins beside
it: programming.py (the hand and the registers), decisions.py (the numbered questions),
playback.py (the registers played back) and panels.py (the title, the board, the robots'
table, the side panel and the log).
"""

from __future__ import annotations

import contextlib
import math
import time
from pathlib import Path
from typing import Any, cast

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.worker import Worker, WorkerState

from engines.core import Action, GameResult, IllegalAction
from engines.roborally.state import (
    SEAT_NAMES,
    Decide,
    Program,
    RoboRallyState,
    RoboRallyView,
)
from screens import ui_state
from screens.footer import Footer
from screens.footer_keys import FooterKey
from screens.game_over import GameOverScreen
from screens.game_screen import GameScreen
from screens.glyphs import Glyphs
from screens.panel import Panel
from screens.roborally.decisions import FORCED, DecisionsMixin
from screens.roborally.draw import SEAT_COLOURS, text_style
from screens.roborally.frames import Frame
from screens.roborally.log import action_note, replayed_log, retold_log
from screens.roborally.panels import PanelsMixin, RegisterLog
from screens.roborally.playback import PlaybackMixin, with_card_steps
from screens.roborally.programming import ProgrammingMixin
from screens.roborally.replay import ReplayMixin
from screens.session import GameSession
from screens.stages import UiPhase
from screens.text_fit import ljust_cells

KEYS_HELP = """\
  Programming
  1-9, 0        put that card of your hand into the next free register
                (0 is card 10, with Extra Memory or Flywheel)
  Backspace     take the last card back
  Left / Right  move between cards (Up / Down: hand or registers)
  Space         put the card under the cursor in / take it out again
  p             announce a power down for next turn (when damaged);
                p again cancels it
  c             Recompile (option card), when you may
  Enter         confirm the program
  Decisions     1-9, or the arrows and Enter, pick one of the choices
  Watching      Space next step: each card of a register (its
                robot in reverse, named in the title), then the
                register's end; r run/pause, + / - speed,
                x skip to the end, l the whole log. Stepped with
                Space, the last picture stays until Space or Enter
                once more (or 1-9, an arrow, Backspace, p: your
                turn begins with that key); a Space or Enter just
                after a running playback ends is not taken either
  r, + / -      work before the registers play too (while the
                others think): the playback starts paused / at
                that speed
  Game over     Enter shows the result again
  l             the whole log in a scrollable window (any time)
  m             the whole course in a scrollable window, your robot
                in the middle (a course larger than the board panel
                scrolls to follow your robot; m shows the rest)
  g             legend of the board glyphs on / off
  Robot table   Sq its square, Dm damage, Lk locked registers
                (2-5: 2 to 5), Lv lives, Flg flags, Arc archive
                square, Op option cards (+: 10 or more); then
                off (powered down), pd (power down announced),
                virt (virtual; v beside another word), dead
                (re-enters next turn), out (out of the race)
  u             undo your last move (against the computer)
  H (shift+h)   hint: the hard computer's suggestion (also i)
  ctrl+s        save under a name of your choice
  F1 or ?       these rules
  q / Escape    leave the game (it is always saved)"""

# Keys of your next turn that, pressed on the held last picture of a stepped playback
# (see RoboRallyScreen.held), end the playback and then do what they do.
HELD_KEYS = frozenset(
    {"number", "choose", "take_back", "cursor", "power_down", "recompile", "hint"}
)


class RoboRallyScreen(
    ProgrammingMixin, DecisionsMixin, PlaybackMixin, PanelsMixin, ReplayMixin, GameScreen
):
    """One RoboRally game against computer robots (or other humans on this terminal)."""

    KEYS_HELP = KEYS_HELP
    CSS_PATH = str(Path(__file__).with_name("roborally.tcss"))
    TIMER_THEN = "the table deals at random"  # the empty registers, from your hand
    # Several keys mean different things by phase (see PHASE_ACTIONS): check_action enables
    # only the bindings of the phase on screen. The footer's keys and words are planned by
    # FOOTER_MAIN and FOOTER_OPTIONAL (see GameScreen.footer_keys), not by the bindings.
    BINDINGS = [
        *[
            Binding(str(n), f"number({n})", "Card", show=n == 1, key_display="1-9")
            for n in range(1, 10)
        ],
        *[
            Binding(str(n), f"choose({n})", "Choose", show=n == 1, key_display="1-9")
            for n in range(1, 10)
        ],
        # a tenth card (Extra Memory, Flywheel) or choice: 0, as the hand labels it
        Binding("0", "number(10)", "Card", show=False),
        Binding("0", "choose(10)", "Choose", show=False),
        Binding("backspace", "take_back", "Back", key_display="Bksp"),
        Binding("left", "cursor(-1, 0)", "Left", show=False),
        Binding("right", "cursor(1, 0)", "Right", show=False),
        Binding("up", "cursor(0, -1)", "Up", show=False),
        Binding("down", "cursor(0, 1)", "Down", show=False),
        Binding("space", "toggle", "Put/take", show=False),
        Binding("space", "step", "Step", key_display="Space"),
        Binding("enter", "confirm", "Go", key_display="Enter"),
        Binding("enter", "pick", "Pick", key_display="Enter"),
        Binding("enter", "step", "Step", show=False),
        Binding("enter", "show_result", "Result", key_display="Enter"),
        Binding("n", "new_game", "New game"),
        Binding("p", "power_down", "Power down"),
        Binding("c", "recompile", "Recompile", show=False),
        Binding("r", "run", "Run/pause"),
        Binding("x", "skip", "Skip"),
        Binding("plus,equals_sign", "speed(-1)", "Faster", show=False),
        Binding("minus", "speed(1)", "Slower", show=False),
        Binding("l", "full_log", "Log"),
        Binding("g", "legend", "Legend"),
        Binding("m", "map", "Map"),
        Binding("u", "undo", "Undo", show=False),
        Binding("H,i", "hint", "Hint", key_display="H"),
        Binding("ctrl+s", "save_as", "Save"),
        Binding("f1,question_mark", "rules", "Rules", key_display="?"),
        Binding("q,escape", "leave", "Quit"),
    ]
    # The legend stays after the game; the playback keys work while the last turn plays
    # back, even once the game is over (ui_phase says "watch" then).
    OVER_ACTIONS = GameScreen.OVER_ACTIONS | {"legend", "map"}
    PHASE_ACTIONS = {
        "number": (UiPhase.PROGRAM,),
        "take_back": (UiPhase.PROGRAM,),
        "toggle": (UiPhase.PROGRAM,),
        "confirm": (UiPhase.PROGRAM,),
        "power_down": (UiPhase.PROGRAM,),
        "recompile": (UiPhase.PROGRAM,),
        "choose": (UiPhase.DECIDE,),
        "pick": (UiPhase.DECIDE,),
        "cursor": (UiPhase.PROGRAM, UiPhase.DECIDE),
        "hint": (UiPhase.PROGRAM, UiPhase.DECIDE),
        "step": (UiPhase.WATCH, UiPhase.HELD),
        # the playback's run/pause and speed may be chosen before it starts
        "run": (UiPhase.WATCH, UiPhase.HELD, UiPhase.WAIT, UiPhase.PROGRAM, UiPhase.DECIDE),
        "skip": (UiPhase.WATCH, UiPhase.HELD),
        "speed": (UiPhase.WATCH, UiPhase.HELD, UiPhase.WAIT, UiPhase.PROGRAM, UiPhase.DECIDE),
        "show_result": (UiPhase.OVER,),
        "new_game": (UiPhase.OVER,),
    }

    FOOTER_MAIN = {
        UiPhase.PROGRAM: (
            ("number(1)", "1-9", "Card"),
            ("take_back", "Bksp", "Back"),
            ("confirm", "Enter", "Go"),
        ),
        UiPhase.DECIDE: (("choose(1)", "1-9", "Choose"), ("pick", "Enter", "Pick")),
        UiPhase.WATCH: (
            ("step", "Space", "Step"),
            ("run", "r", "Run/pause"),
            ("skip", "x", "Skip"),
            ("full_log", "l", "Log"),
        ),
        # the last picture of a stepped playback, held (see footer_main for the words)
        UiPhase.HELD: (("step", "Space", "Go on"), ("full_log", "l", "Log")),
        # the others still think: r and +/- already set the coming playback
        UiPhase.WAIT: (("run", "r", "Run/pause"), ("full_log", "l", "Log")),
        UiPhase.OVER: (
            ("show_result", "Enter", "Result"),
            ("new_game", "n", "New game"),
            ("full_log", "l", "Log"),
        ),
    }
    FOOTER_WORDS = {  # what follows a held playback: what Space (or Enter) goes on to
        UiPhase.PROGRAM: "Program",
        UiPhase.DECIDE: "Decide",
        UiPhase.OVER: "Result",
    }

    def footer_optional(self) -> tuple[FooterKey, ...]:
        """The optional keys by priority; ``p`` says what it does now (it toggles)."""
        power = "Cancel power down" if self.power else "Power down"
        return (
            ("power_down", "p", power),
            ("map", "m", "Map"),
            ("legend", "g", "Legend"),
            ("hint", "H", "Hint"),
            ("save_as", "^s", "Save"),
            ("undo", "u", "Undo"),
            ("full_log", "l", "Log"),
            ("recompile", "c", "Recompile"),
        )

    def footer_main(self) -> tuple[FooterKey, ...]:
        """The keys of the moment, in words of the moment: while the last picture of a
        stepped playback is held, Space goes on to what follows it; while the others
        think, ``r`` says what the coming playback will do."""
        keys = super().footer_main()
        mode = self.footer_mode()
        if mode == UiPhase.HELD:
            word = self.FOOTER_WORDS.get(self.after_watch(), "Go on")
            return tuple((a, k, word if a == "step" else t) for a, k, t in keys)
        if mode == "wait":
            word = "Pause" if self.running else "Run"
            return tuple((a, k, word if a == "run" else t) for a, k, t in keys)
        if mode == "program":  # the hand's own keys: 7 cards with 2 damage, 0 for a tenth
            size = len(self.my_view().hand)
            cards = "1-9,0" if size >= 10 else f"1-{size}"
            return tuple((a, cards if a == "number(1)" else k, t) for a, k, t in keys)
        return keys

    def __init__(self, session: GameSession, glyphs: Glyphs) -> None:
        super().__init__(session, glyphs)
        self.chosen: list[int] = []  # cards placed in the free registers, in order
        self.power = False
        self.zone = "hand"  # the cursor row: "hand" or "regs"
        self.cur = 0
        self.legend_on = False
        self.working: dict[int, int] = {}  # computer seat -> generation of its worker
        self.queue: list[Frame] = []  # the playback's frames still to show
        self.shown: Frame | None = None  # the frame on screen during playback
        self.before: list[tuple[int, int]] = []
        self.running = True
        self.speed = 1
        self.timer: Any = None
        self.events_log: list[tuple[str, str]] = []
        if session.match.log:  # a resumed game: its last turns are told again
            state = session.match.state
            assert isinstance(state, RoboRallyState)
            self.events_log = replayed_log(session.match)
            self.events_log.append((f"Game resumed in turn {state.turn}.", "dim"))
        self.program_turn: tuple[int, int] = (-1, -1)
        self.passing = False  # a PassScreen is up
        self.watch_end = -math.inf  # when the last watched playback ended (time.monotonic)
        # A playback stepped with Space (or Enter) to its last picture keeps that picture on
        # screen until Space or Enter once more (or a key of your turn): the step keys are
        # never taken as programming keys unasked, however slowly they are pressed.
        self.held = False
        self.last_register: Frame | None = None  # the last register's end shown
        self.last_viewport = (0, 0, 1000, 1000)  # the board panel's (x0, y0, columns, rows)

    # -- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Panel(id="rr-title")
        with Horizontal(id="rr-body"):
            yield Panel(id="rr-board")
            with Vertical(id="rr-side"):
                yield Panel(id="rr-status")  # drawn by #rr-log, see RegisterLog
                yield Panel(id="rr-prog")
                yield RegisterLog(id="rr-log")
        yield Footer()

    def on_resize(self) -> None:
        self.refresh_all()

    @property
    def state(self) -> RoboRallyState:
        state = self.session.match.state
        assert isinstance(state, RoboRallyState)
        return state

    def my_seat(self) -> int:
        if self.shown_seat is not None:
            return self.shown_seat
        humans = self.session.humans
        return humans[0] if humans else 0

    def my_view(self) -> RoboRallyView:
        return self.state.view(self.my_seat())

    def ui_phase(self) -> UiPhase:
        """What the keys do now: ``program``, ``decide`` (a numbered choice), ``watch`` (the
        registers play back), ``over`` (the game is over, its panel closed) or ``wait``."""
        if self.held:
            return UiPhase.HELD
        if self.queue or self.shown is not None:
            return UiPhase.WATCH
        if self.state.is_terminal():
            return UiPhase.OVER
        if self.my_turn():
            if self.state.pending_kind(self.my_seat()) == "program":
                return UiPhase.PROGRAM
            return UiPhase.DECIDE
        return UiPhase.WAIT

    def after_watch(self) -> UiPhase | None:
        """What the end of the playback leads to: ``over``, ``program`` or ``decide`` (a
        human's move), or None (the computers move next: nothing of yours to go on to)."""
        state = self.state
        if state.is_terminal():
            return UiPhase.OVER
        humans = [s for s in state.to_move() if self.session.is_human(s)]
        if not humans:
            return None
        seat = self.shown_seat if self.shown_seat in humans else humans[0]
        return UiPhase.PROGRAM if state.pending_kind(seat) == "program" else UiPhase.DECIDE

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """On the held last picture of a playback the keys of what follows work too (they
        end the playback first): a number, an arrow, Backspace, p... is never lost. Space
        and Enter stay the playback's: they go on to your turn."""
        if self.held and action in HELD_KEYS:
            return self.after_watch() in self.PHASE_ACTIONS[action]
        return super().check_action(action, parameters)

    def power_down_offered(self) -> bool:
        """Programming a damaged robot: a power down may be announced (or taken back)."""
        if self.ui_phase() != "program":
            return False
        choices = self.my_view().program_choices
        return bool(choices and choices.pd)

    def offers(self, action: str) -> bool:
        """``p Power down`` only while a damaged robot programs (p says why not else),
        ``c Recompile`` only while the robot holds that option card."""
        if action == "power_down":
            return self.power_down_offered()
        if action == "map":  # where the board is larger than its panel
            x0, y0, cols, rows = self.last_viewport
            lay = self.state.layout
            return lay.width > cols or lay.height > rows
        if action == "recompile":
            choices = self.my_view().program_choices if self.ui_phase() == UiPhase.PROGRAM else None
            return bool(choices and Decide("recompile", "") in choices.extras)
        return super().offers(action)

    LOG_TITLE = "Register log"

    def log_lines(self) -> list[tuple[str, str]]:
        return list(self.events_log)  # with 8 robots a register is longer than the panel

    def my_turn(self) -> bool:
        """A human seat is shown and has something to do now, and no playback runs."""
        seat = self.shown_seat
        return (
            seat is not None
            and not self.queue
            and not self.held
            and self.session.is_human(seat)
            and bool(self.state.pending_kind(seat))
            and not self.table_sent()  # at a table: your move is on its way
        )

    # -- turns --------------------------------------------------------------------------
    def advance(self) -> None:
        if self.hold_advance():  # leaving, or the leave question is open
            return
        state = self.state
        if state.is_terminal():
            if self.queue or self.held:  # the game-over panel waits for the playback
                self.refresh_all()
            else:
                super().advance()
            return
        seats = state.to_move()
        for seat in seats:
            if not self.session.is_human(seat) and seat not in self.working:
                self.start_computer(seat)
        if self.queue or self.held:  # your turn begins once the playback is over
            self.refresh_all()
            return
        humans = [s for s in seats if self.session.is_human(s)]
        if humans:
            seat = self.shown_seat if self.shown_seat in humans else humans[0]
            if self.session.hot_seat and self.shown_seat != seat:
                self.shown_seat = None
                self.refresh_all()
                if not self.passing:
                    self.passing = True
                    self.pass_keyboard(seat, lambda: self._passed(seat))
                return
            self._reveal(seat)
            return
        self.refresh_all()

    def _passed(self, seat: int) -> None:
        self.passing = False
        self._reveal(seat)

    def on_human_turn(self, seat: int) -> None:
        state = self.state
        if state.pending_kind(seat) == "program" and self.program_turn != (seat, state.turn):
            self.program_turn = (seat, state.turn)
            self.chosen, self.power = self._saved_draft(seat)
            self.zone = "hand"
            self.cur = 0
        self.cur = max(0, min(self.cur, max(0, self._row_len() - 1)))
        kind = state.pending_kind(seat)
        if kind in FORCED and len(state.view(seat).choices) == 1:
            self.call_later(self._forced_choice, seat, kind)

    # -- the computers ------------------------------------------------------------------
    def start_computer(self, seat: int) -> None:
        if self.at_table:  # played on the host: its program comes from the table
            self.wait_for_table(seat)
            return
        generation = self.generation
        view = self.state.view(seat)
        player = self.session.computer(seat)
        self.working[seat] = generation
        if self.thinking_since is None:
            self.thinking_since = time.monotonic()
        self.thinking_seat = seat

        def think() -> tuple[int, int, Any]:
            return generation, seat, player.choose(view)

        self.run_worker(
            think, thread=True, group="computer", name=f"computer-{seat}", exit_on_error=False
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        event.prevent_default()  # Textual would call the base class handler too
        if worker.group != "computer":
            super().on_worker_state_changed(event)
            return
        if event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        if event.state == WorkerState.ERROR:
            self.working.clear()
            self.thinking_since = None
            self.message = f"The computer player failed: {worker.error}"
            self.refresh_all()
            return
        generation, seat, action = cast("tuple[int, int, Action]", worker.result)
        if self.working.get(seat) == generation:
            del self.working[seat]
        if not self.working:
            self.thinking_since = None
            self.thinking_seat = None
        if generation != self.generation or not self.is_attached:
            return
        with contextlib.suppress(IllegalAction):  # the game moved on: it will be asked again
            self.apply(action, seat)
        self.advance()

    def apply(self, action: Action, seat: int) -> None:
        """Play an action with the register trace on, and queue the registers to show."""
        state = self.state
        before = [(b.pos, b.facing) for b in state.bots]
        if isinstance(action, Program):
            # The program is in: its draft leaves the save with the next autosave.
            ui_state.drop_seat(self.session.saved.ui, "program", seat)
        options = list(state.bots[seat].options)
        damage = state.bots[seat].damage
        state.trace = []
        try:
            self.session.play(action, seat)
        finally:
            pictures = state.trace or []
            state.trace = None
        if self.table_sent():  # at a table: played when the table sends it back
            return
        self.message = self.save_note()
        note = action_note(state, action, seat, options, damage)
        if note:  # told after the registers still to show, before the pictures it made
            line = (note, text_style(seat))
            if self.queue:
                self.queue[-1].of.notes.append(line)
            else:
                self.events_log.append(line)
        if pictures:
            self.held = False  # more to watch: Space steps on to it
            idle = not self.queue and self.shown is None
            if idle:
                self.before = before
            self.queue.extend(with_card_steps(pictures, state.layout))
            if idle:  # else the running playback gets to them in turn
                self._next_picture()

    def play(self, action: Action, seat: int) -> None:
        try:
            self.apply(action, seat)
        except IllegalAction as exc:
            self.message = f"Not allowed: {exc}."
            self.refresh_all()
            return
        self.advance()

    # -- hint, undo ------------------------------------------------------------------------
    def action_hint(self) -> None:
        if self.table_refusal("hint"):
            return
        self._release()
        if not self.my_turn() or self.hinting:
            return
        self.run_hint(self.my_seat(), "Looking for a good program...")

    def hint_key(self) -> tuple[Any, ...]:
        """Programs come in at the same time: a computer's does not make your hint stale,
        only a new decision of yours (or another human's turn at the keyboard) does."""
        seat, state = self.my_seat(), self.state
        return (
            self.session.match,
            state.turn,
            state.phase,
            state.reg,
            seat,
            state.pending_kind(seat),
        )

    def on_hint(self, action: Action, seat: int) -> None:
        view = self.my_view()
        self._keys_used()
        if isinstance(action, Program):
            self.chosen = [action.cards[r] for r in self._free(view)]
            # A power down the hint would announce is told, never done silently; one you
            # announced yourself stays (a quick Enter must not lose it).
            power = ""
            if action.power_down and not self.power:
                power = ", and a power down is announced for next turn"
                self.power = True
            elif self.power and not action.power_down:
                power = "; your power down stays (the hint would not: p cancels it)"
            self._keep_draft()
            self.message = f"Hint: the registers are filled in{power}; Enter confirms."
        elif action in view.choices:  # the cursor goes to it: Enter takes the hint
            self.cur = view.choices.index(action)
            text = self._choice_text(view, action.value)
            self.message = f"Hint: {self.cur + 1}, {text} (Enter)."
        else:
            self.message = f"Hint: {self.session.spec.describe_action(action, seat)}."

    def action_undo(self) -> None:
        if not self.undo_offered() or self.session.why_no_undo() is not None:
            super().action_undo()  # says why not; the playback goes on where it was
            return
        if self.queue:
            self.action_skip()
        if self.held:  # the turn is taken back: no playback end to go on from
            self.held, self.shown = False, None
        self.working.clear()
        self.program_turn = (-1, -1)
        log_length = len(self.session.match.log)
        super().action_undo()
        if len(self.session.match.log) < log_length:
            self.events_log = retold_log(self.events_log, self.session.match)
            self.events_log.append(("(took back your last move)", "dim"))
            self.refresh_all()

    # -- at a table -----------------------------------------------------------------------------
    def on_table_draft(self) -> None:
        """Another session of yours changed your half-built program: show it here."""
        seat = self.my_seat()
        if self.state.pending_kind(seat) != "program":
            return
        self.chosen, self.power = self._saved_draft(seat)
        self.refresh_all()

    def reset_for_table(self) -> None:
        """The game was read again from the table: the playback and drafts start over."""
        self.queue.clear()
        self.shown = None
        self.held = False
        self.working.clear()
        self.program_turn = (-1, -1)
        self.events_log = replayed_log(self.session.match)
        self.events_log.append((f"Caught up with the table in turn {self.state.turn}.", "dim"))

    def seat_doing(self, seat: int) -> str:
        """What a robot's owner is doing now, as a spectator reads it."""
        return SEAT_DOING.get(self.state.pending_kind(seat), "deciding")

    def table_waiting_text(self) -> str | None:
        """Whom the table waits for; while everyone programs (or faces their robot) at once,
        who is done first (a line each: the robots' table cuts a line at its width)."""
        parts = self.table_waiting_parts()
        state = self.state
        pending = set(state.to_move())
        done = [
            self.session.seat_name(s)
            for s, b in enumerate(state.bots)
            if s not in pending and b.lives > 0
        ]
        if not parts:
            # the last to program: who is done, as the others see it
            mine = [s for s in self.session.humans if s in pending]
            if done and mine and state.phase not in ("resolve", "over"):
                return f"Done: {', '.join(done)}.\nThe table waits for you."
            return None
        if done and state.phase not in ("resolve", "over"):
            parts.insert(0, f"Done: {', '.join(done)}")
        return "\n".join(parts)

    # -- game over ----------------------------------------------------------------------------
    def game_over_screen(self, result: GameResult) -> GameOverScreen:
        return RoboRallyOverScreen(self.session, result)


# a decision's kind (RoboRallyState.pending_kind) as a spectator reads it: "Ann is ..."
SEAT_DOING = {
    "program": "programming",
    "face": "choosing a facing",
    "reenter": "re-entering",
    "power": "deciding on power down",
    "stay": "deciding on power down",
    "discard": "choosing an option to lose",
    "wrench": "choosing a repair",
    "abort": "deciding on an option",
    "swap": "deciding on an option",
    "speed": "deciding on an option",
    "fire": "choosing a target",
    "sacrifice": "deciding on an option",
}


class RoboRallyOverScreen(GameOverScreen):
    """The end of a race: the ranking and why."""

    def summary(self) -> Text:
        state = self.session.match.state
        assert isinstance(state, RoboRallyState)
        players = self.session.players
        text = Text()
        winners = self.result.winners
        names = ", ".join(f"{players[w].name} ({SEAT_NAMES[w]})" for w in winners)
        you = len(winners) == 1 and players[winners[0]].name == "You"
        verb = "wins" if len(winners) == 1 and not you else "win"
        text.append(f"{names} {verb}!\n\n", "bold green")
        text.append("Ranking\n", "bold underline")
        who = [f"{p.name} ({SEAT_NAMES[s]})" for s, p in enumerate(players)]
        width = max(cell_len(w) for w in who)
        for place, seat in enumerate(state.ranking(), start=1):
            b = state.bots[seat]
            text.append(f"{place}. {ljust_cells(who[seat], width)}", SEAT_COLOURS[seat])
            text.append(f"  flags {b.flags}/{len(state.layout.flags)}")
            if seat in state.resigned():
                text.append("  resigned\n", "yellow")
                continue
            text.append(f"  lives {max(0, b.lives)}")
            if b.flags < len(state.layout.flags):
                text.append(f"  {state.distance(seat)} to next flag")
            text.append("\n")
        text.append("Ranked by flags, then robots still in the race, then distance.\n", "dim")
        reason = self.result.reason
        text.append("\n" + reason[:1].upper() + reason[1:] + "\n\n")  # "The turn limit..."
        return text
