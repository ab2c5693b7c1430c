"""The RoboRally game screen: program five registers by keys, then watch them run.

Programming is simultaneous: every computer seat that must program thinks in its own worker
(from its own seat's view) while the human builds a program. Each answer is applied and
saved as soon as it arrives; the registers then play back one by one from the engine's trace.
A half-built program lives only on the screen: after a resume you program that turn again
(the game itself is exact, every submitted program and decision is in the save).
"""

from __future__ import annotations

import contextlib
import math
import time
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.worker import Worker, WorkerState

from engines.core import Action, GameResult, IllegalAction
from engines.roborally.boardfile import Layout
from engines.roborally.cards import KIND, OPTIONS
from engines.roborally.state import (
    REGISTERS,
    SEAT_NAMES,
    Decide,
    Program,
    RoboRallyState,
    RoboRallyView,
)
from screens import ui_state
from screens.dialogs import PreviewScreen
from screens.game_screen import FooterKey, GameOverScreen, GameScreen
from screens.glyphs import Glyphs
from screens.roborally.draw import (
    SEAT_COLOURS,
    card_label,
    draw_board,
    glyph_set,
    legend,
    robot_letter,
    robot_style,
    row_label_width,
    text_style,
)
from screens.roborally.log import (
    card_steps,
    decision_note,
    narrate,
    option_name,
    replayed_log,
    retold_log,
    tell,
)
from screens.session import GameSession
from screens.text_fit import ljust_cells, wrap_log

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

TINY = ("U-T", "Lft", "Rgt", "Bck", "Mv1", "Mv2", "Mv3")
ONE_LETTER = ("U", "L", "R", "B", "1", "2", "3")
SPEEDS = (0.25, 0.5, 1.0, 2.0)
DOUBLE_TAP = 0.8  # seconds after the playback ends in which Space / Enter are not yet yours
# Keys of your next turn that, pressed on the held last picture of a stepped playback
# (see RoboRallyScreen.held), end the playback and then do what they do.
HELD_KEYS = frozenset({"number", "choose", "take_back", "cursor", "power_down", "recompile",
                       "hint"})
FIRE_TEXT = {
    "normal": "shoot: damage",
    "pressor": "Pressor Beam: push it 1 away",
    "tractor": "Tractor Beam: pull it 1 closer",
    "radio": "Radio Control: it runs your program",
    "scramble": "Scrambler: replace its next card",
    "howitzer": "Mini Howitzer: push and damage",
}
CHOICE_TEXT = {"N": "North", "E": "East", "S": "South", "W": "West"}


# Decisions made for a human when only one answer is possible, and how the log tells them.
FORCED = {
    "discard": "destroyed: you give up your only option card",
    "unlock": "the repair frees your only locked register",
}


class RoboRallyScreen(GameScreen):
    """One RoboRally game against computer robots (or other humans on this terminal)."""

    KEYS_HELP = KEYS_HELP
    CSS_PATH = str(Path(__file__).with_name("roborally.tcss"))
    # Several keys mean different things by phase (see PHASE_ACTIONS): check_action enables
    # only the bindings of the phase on screen. The footer's keys and words are planned by
    # FOOTER_MAIN and FOOTER_OPTIONAL (see GameScreen.footer_keys), not by the bindings.
    BINDINGS = [
        *[Binding(str(n), f"number({n})", "Card", show=n == 1, key_display="1-9")
          for n in range(1, 10)],
        *[Binding(str(n), f"choose({n})", "Choose", show=n == 1, key_display="1-9")
          for n in range(1, 10)],
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
        "number": ("program",),
        "take_back": ("program",),
        "toggle": ("program",),
        "confirm": ("program",),
        "power_down": ("program",),
        "recompile": ("program",),
        "choose": ("decide",),
        "pick": ("decide",),
        "cursor": ("program", "decide"),
        "hint": ("program", "decide"),
        "step": ("watch", "held"),
        # the playback's run/pause and speed may be chosen before it starts
        "run": ("watch", "held", "wait", "program", "decide"),
        "skip": ("watch", "held"),
        "speed": ("watch", "held", "wait", "program", "decide"),
        "show_result": ("over",),
        "new_game": ("over",),
    }

    FOOTER_MAIN = {
        "program": (("number(1)", "1-9", "Card"), ("take_back", "Bksp", "Back"),
                    ("confirm", "Enter", "Go")),
        "decide": (("choose(1)", "1-9", "Choose"), ("pick", "Enter", "Pick")),
        "watch": (("step", "Space", "Step"), ("run", "r", "Run/pause"), ("skip", "x", "Skip"),
                  ("full_log", "l", "Log")),
        # the last picture of a stepped playback, held (see footer_main for the words)
        "held": (("step", "Space", "Go on"), ("full_log", "l", "Log")),
        # the others still think: r and +/- already set the coming playback
        "wait": (("run", "r", "Run/pause"), ("full_log", "l", "Log")),
        "over": (("show_result", "Enter", "Result"), ("new_game", "n", "New game"),
                 ("full_log", "l", "Log")),
    }
    FOOTER_WORDS = {  # what follows a held playback: what Space (or Enter) goes on to
        "program": "Program", "decide": "Decide", "over": "Result"}

    def footer_optional(self) -> tuple[FooterKey, ...]:
        """The optional keys by priority; ``p`` says what it does now (it toggles)."""
        power = "Cancel power down" if self.power else "Power down"
        return (("power_down", "p", power), ("map", "m", "Map"), ("legend", "g", "Legend"),
                ("hint", "H", "Hint"), ("save_as", "^s", "Save"), ("undo", "u", "Undo"),
                ("full_log", "l", "Log"), ("recompile", "c", "Recompile"))

    def footer_main(self) -> tuple[FooterKey, ...]:
        """The keys of the moment, in words of the moment: while the last picture of a
        stepped playback is held, Space goes on to what follows it; while the others
        think, ``r`` says what the coming playback will do."""
        keys = super().footer_main()
        mode = self.footer_mode()
        if mode == "held":
            word = self.FOOTER_WORDS.get(self.after_watch(), "Go on")
            return tuple((a, k, word if a == "step" else t) for a, k, t in keys)
        if mode == "wait":
            word = "Pause" if self.running else "Run"
            return tuple((a, k, word if a == "run" else t) for a, k, t in keys)
        return keys

    def __init__(self, session: GameSession, glyphs: Glyphs) -> None:
        super().__init__(session, glyphs)
        self.chosen: list[int] = []  # cards placed in the free registers, in order
        self.power = False
        self.zone = "hand"  # the cursor row: "hand" or "regs"
        self.cur = 0
        self.legend_on = False
        self.working: dict[int, int] = {}  # computer seat -> generation of its worker
        self.queue: list[dict] = []  # trace pictures still to show
        self.shown: dict | None = None  # the picture on screen during playback
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
        self.last_register: dict | None = None  # the last register's picture shown
        self.last_viewport = (0, 0, 1000, 1000)  # the board panel's (x0, y0, columns, rows)

    # -- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="rr-title")
        with Horizontal(id="rr-body"):
            yield Static(id="rr-board")
            with Vertical(id="rr-side"):
                yield Static(id="rr-status")
                yield Static(id="rr-prog")
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

    def ui_phase(self) -> str:
        """What the keys do now: ``program``, ``decide`` (a numbered choice), ``watch`` (the
        registers play back), ``over`` (the game is over, its panel closed) or ``wait``."""
        if self.held:
            return "held"
        if self.queue or self.shown is not None:
            return "watch"
        if self.state.is_terminal():
            return "over"
        if self.my_turn():
            return "program" if self.state.pending_kind(self.my_seat()) == "program" else "decide"
        return "wait"

    def after_watch(self) -> str:
        """What the end of the playback leads to: ``over``, ``program`` or ``decide`` (a
        human's move), or "" (the computers move next: nothing of yours to go on to)."""
        state = self.state
        if state.is_terminal():
            return "over"
        humans = [s for s in state.to_move() if self.session.is_human(s)]
        if not humans:
            return ""
        seat = self.shown_seat if self.shown_seat in humans else humans[0]
        return "program" if state.pending_kind(seat) == "program" else "decide"

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
            choices = self.my_view().program_choices if self.ui_phase() == "program" else None
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

    def _forced_choice(self, seat: int, kind: str) -> None:
        """A decision with one possible answer (the only option card to give up, the only
        locked register to free) is made for you, and the log says so."""
        view = self.state.view(seat)
        if self.state.pending_kind(seat) != kind or len(view.choices) != 1:
            return
        choice = view.choices[0]
        what = option_name(choice) if kind == "discard" else f"register {choice}"
        self.events_log.append((f"({FORCED[kind]}: {what})", "dim"))
        self.play(choice, seat)

    # -- the half-built program lives in the save's [ui] table ---------------------------
    def _saved_draft(self, seat: int) -> tuple[list[int], bool]:
        """This turn's half-built program from the save: its cards if they are different
        cards of the hand that fit the free registers, its power down if it is true or
        false and the robot may power down (a hand-edited value that does not fit is
        ignored, see screens.ui_state)."""
        entry = ui_state.seat_entry(self.session.saved.ui, "program", seat)
        if entry is None or ui_state.whole(entry.get("turn"), 0, 10**9) != self.state.turn:
            return [], False
        view = self.state.view(seat)
        cards = ui_state.card_list(entry.get("cards", []), view.hand, len(self._free(view)))
        may_power_down = view.program_choices is not None and view.program_choices.pd
        power = ui_state.flag(entry.get("power", False)) is True and may_power_down
        return cards or [], power

    def _keep_draft(self) -> None:
        """Write the half-built program into the save, so closing the terminal keeps it."""
        seat = self.shown_seat
        if seat is None:
            return
        drafts = ui_state.seat_table(self.session.saved.ui, "program")
        if self.chosen or self.power:
            drafts[str(seat)] = {"turn": self.state.turn, "cards": self.chosen, "power": self.power}
        else:
            drafts.pop(str(seat), None)
        if not drafts:
            self.session.saved.ui.pop("program", None)
        self.session.autosave()

    def start_computer(self, seat: int) -> None:
        generation = self.generation
        view = self.state.view(seat)
        player = self.session.computer(seat)
        self.working[seat] = generation
        if self.thinking_since is None:
            self.thinking_since = time.monotonic()
        self.thinking_seat = seat

        def think() -> tuple[int, int, Any]:
            return generation, seat, player.choose(view)

        self.run_worker(think, thread=True, group="computer", name=f"computer-{seat}",
                        exit_on_error=False)

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
        generation, seat, action = worker.result
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
        self.message = self.save_note()
        note = (decision_note(state, action, seat, options, damage)
                if isinstance(action, Decide) else "")
        if note:  # told after the registers still to show, before the pictures it made
            line = (note, text_style(seat))
            if self.queue:
                self.queue[-1].setdefault("notes", []).append(line)
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

    # -- playback -----------------------------------------------------------------------
    def _next_picture(self, stepped: bool = False) -> None:
        """Show the next picture of the playback (``stepped``: Space or Enter asked for it;
        the last picture a step shows is held, see :attr:`held`)."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        watching = self.shown is not None  # a register was on screen: the player watched
        if not self.queue:
            self._end_watch(watching)
            return
        picture = self.queue.pop(0)
        whole = picture.get("of", picture)  # a card of a register: the register is told
        if not whole.get("told"):
            # where the register began (a decision in the middle of it splits the playing)
            before = whole.get("start") or self.before or [
                (b.pos, b.facing) for b in whole["bots"]]
            tell(self.events_log, narrate(whole, before, self.state.layout))
            self.before = [(b.pos, b.facing) for b in whole["bots"]]
            whole["told"] = True
        if picture is whole:  # decisions noted while its cards showed come after them
            self.events_log.extend(whole.get("notes", []))
        self.events_log = self.events_log[-1000:]  # the log window (l) shows them all
        self.shown = picture
        if picture["register"] and picture is whole:
            self.last_register = picture
        if not self.queue:
            if stepped and self.after_watch():
                self.held = True  # Space or Enter once more goes on (see action_step)
                self.message = ""
                self.advance()  # the computers may start thinking meanwhile
                return
            self._end_watch(watching)
            return
        if self.running:  # a card of a register takes half the time of the register's end
            pause = SPEEDS[self.speed] * (0.5 if "of" in picture else 1)
            self.timer = self.set_timer(pause, self._next_picture)
        self.refresh_all()

    def _end_watch(self, watched: bool) -> None:
        """The playback is over: the programming or decision keys apply again (``watched``:
        registers were on screen, so a Space or Enter may still be meant for them)."""
        if watched:
            self.watch_end = time.monotonic()
        self.shown = None
        self.held = False
        self.refresh_all()
        self.advance()

    def held_text(self) -> str:
        """The held last picture of a playback: what Space or Enter goes on to."""
        after = self.after_watch()
        if after == "over":
            return "Race over: Space/Enter for the result"
        if after == "program":
            return f"Turn {self.state.turn} begins: Space/Enter to program"
        return "Space/Enter: on to your decision"

    def _release(self) -> None:
        """Leave the held last picture for your turn (asked for: no double-tap guard)."""
        if self.held:
            self.held = False
            self.message = ""
            self._end_watch(False)

    def _double_tap(self, again: str) -> bool:
        """Space or Enter came just after the playback ended (one press too many while
        stepping): say what the key does ``again`` and do nothing, rather than put a card in
        or pick a choice the player has not seen."""
        if time.monotonic() - self.watch_end >= DOUBLE_TAP:
            return False
        self.message = f"The registers are over: {again}."
        self.refresh_all()
        return True

    def _keys_used(self) -> None:
        """Another key of this turn was pressed: Space and Enter are meant for it now."""
        self.watch_end = -math.inf

    def action_step(self) -> None:
        if self.held:
            self._release()
        elif self.queue:
            self.running = False
            self._next_picture(stepped=True)

    def action_toggle(self) -> None:
        if (
            self.my_turn()
            and self.state.pending_kind(self.my_seat()) == "program"
            and not self._double_tap("Space again puts the card under the cursor in")
        ):
            self._toggle_at_cursor()

    def action_run(self) -> None:
        """Run or pause the playback; pressed before it starts (while the others think, or
        still programming) it says how the coming playback will start."""
        self.running = not self.running
        if self.queue:
            if self.running:
                self._next_picture()
            elif self.timer is not None:
                self.timer.stop()
                self.timer = None
        else:
            self.message = self.coming_playback()
        self.refresh_all()

    def coming_playback(self) -> str:
        """How the next registers will be played back (r and +/- change it)."""
        if self.running:
            return f"The registers will run, {SPEEDS[self.speed]:g} s each (r pauses)."
        return "The registers will wait for Space at each step (r runs them)."

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        self.message = f"Playback: {SPEEDS[self.speed]:g} s a register."
        if not self.queue and not self.running:
            self.message += " (paused: r runs it)"
        self.refresh_all()

    def action_skip(self) -> None:
        """Skip to the end of the turn on screen. A later turn already waiting (your robot
        sat it out powered down) then plays as usual: x never lets a turn go by unseen."""
        first = self.shown or (self.queue[0] if self.queue else None)
        turn = first["turn"] if first is not None else None
        while self.queue and self.queue[0]["turn"] == turn:
            self.running = False
            self._next_picture()
        self.running = True
        if self.queue:
            self._next_picture()
        else:
            self._release()
        self._keys_used()  # skipping is deliberate: the next key is meant for your turn

    def action_map(self) -> None:
        """The whole course in a scrollable window, as the board shows it now (the picture
        on screen during a playback, your program's preview while you program), opened at
        your robot: no part of a course larger than the board panel is out of reach."""
        view = self.my_view()
        lay = self.state.layout
        ascii_only = self.glyphs.ascii_only
        me = view.robots[view.seat]
        robots = self.robots_now()
        marks = {} if (self.queue or not self.my_turn()) else self.preview(view)[0]
        text = Text()
        flags = ", ".join(f"F{n} {lay.short_name(p)}" for n, p in enumerate(lay.flags, 1))
        text.append(f"Flags in order: {flags}\n", "bold")
        name = self.player_label(view.seat)
        if me.flags < len(lay.flags):
            goal = f"next flag F{me.flags + 1} at {lay.short_name(lay.flags[me.flags])}"
        else:
            goal = "every flag touched"
        text.append(f"{name}: {goal}\n\n", text_style(view.seat))
        top = 3 + 1  # the lines above, then the column letters
        text.append(draw_board(lay, robots, ascii_only, (0, 0, lay.width, lay.height),
                               view.seat if self.session.humans else None, marks,
                               coords=True, acting=self.acting()))
        text.append("\n\n")
        text.append(legend(ascii_only, lay, 74))
        where = next((p for s, p, _, _ in robots if s == view.seat), -1)
        where = where if where >= 0 else me.archive
        self.app.push_screen(PreviewScreen(
            f"{lay.name}: the whole course (m or Escape closes)", text,
            focus_line=top + where // lay.width if where >= 0 else None,
        ))

    def action_legend(self) -> None:
        self.legend_on = not self.legend_on
        self.refresh_all()

    # -- programming keys -----------------------------------------------------------------
    def _free(self, view: RoboRallyView) -> list[int]:
        me = view.robots[view.seat]
        return [r for r in range(REGISTERS) if not me.locked[r]]

    def _program_cards(self, view: RoboRallyView) -> list[int]:
        """The five registers as now chosen (0 = still empty)."""
        me = view.robots[view.seat]
        cards = [view.program[r] if me.locked[r] else 0 for r in range(REGISTERS)]
        for r, card in zip(self._free(view), self.chosen, strict=False):
            cards[r] = card
        return cards

    def _row_len(self) -> int:
        view = self.my_view()
        if view.pending == "program":
            return len(view.hand) if self.zone == "hand" else REGISTERS
        return len(view.choices)

    def action_choose(self, n: int) -> None:
        self.action_number(n)

    def action_number(self, n: int) -> None:
        self._release()  # pressed on the held end of a playback: your turn begins with it
        if not self.my_turn():
            return
        self._keys_used()
        view = self.my_view()
        if view.pending != "program":
            if 1 <= n <= len(view.choices):
                self.play(view.choices[n - 1], view.seat)
            return
        if n > len(view.hand):
            self.message = f"You have only {len(view.hand)} cards."
        else:
            self._put(view, view.hand[n - 1])
        self.refresh_all()

    def _put(self, view: RoboRallyView, card: int) -> None:
        if card in self.chosen:
            self.message = f"{card_label(card)} is already in a register."
        elif len(self.chosen) >= len(self._free(view)):
            self.message = "All registers are full: Backspace takes a card back, Enter confirms."
        else:
            self.chosen.append(card)
            self.message = ""
            self._keep_draft()

    def action_take_back(self) -> None:
        self._release()
        self._keys_used()
        if self.my_turn() and self.chosen:
            self.chosen.pop()
            self._keep_draft()
            self.refresh_all()

    def _toggle_at_cursor(self) -> None:
        view = self.my_view()
        if self.zone == "hand":
            if self.cur < len(view.hand):
                card = view.hand[self.cur]
                if card in self.chosen:
                    self.chosen.remove(card)
                    self._keep_draft()
                else:
                    self._put(view, card)
        else:
            card = self._program_cards(view)[self.cur]
            if card in self.chosen:
                self.chosen.remove(card)
                self._keep_draft()
            elif card:
                self.message = f"Register {self.cur + 1} is locked."
        self.refresh_all()

    def action_cursor(self, dx: int, dy: int) -> None:
        self._release()
        if not self.my_turn():
            return
        self._keys_used()
        view = self.my_view()
        if dy and view.pending == "program":
            self.zone = "regs" if self.zone == "hand" else "hand"
        n = self._row_len()
        self.cur = (self.cur + dx) % n if n else 0
        if dy and view.pending != "program" and n:
            self.cur = (self.cur + dy) % n
        self.refresh_all()

    def action_pick(self) -> None:
        self.action_confirm()

    def action_confirm(self) -> None:
        if not self.my_turn():
            if self.queue:
                self.action_step()
            return
        view = self.my_view()
        again = "Enter again confirms" if view.pending == "program" else "Enter again picks"
        if self._double_tap(again):
            return
        if view.pending != "program":
            if view.choices:
                self.play(view.choices[min(self.cur, len(view.choices) - 1)], view.seat)
            return
        cards = self._program_cards(view)
        if 0 in [cards[r] for r in self._free(view)]:
            missing = len(self._free(view)) - len(self.chosen)
            self.message = f"Fill {missing} more register{'s' * (missing != 1)} first (1-9)."
            self.refresh_all()
            return
        self.play(Program(tuple(cards), self.power), view.seat)

    def action_power_down(self) -> None:
        self._release()
        if not self.my_turn():
            return
        self._keys_used()
        view = self.my_view()
        if view.pending != "program":
            return
        assert view.program_choices is not None
        if not view.program_choices.pd:
            self.message = "Only a damaged robot may announce a power down."
        else:
            self.power = not self.power
            self._keep_draft()
            self.message = (
                "Power down announced: next turn you repair everything but do not move."
                if self.power
                else "Power down cancelled."
            )
        self.refresh_all()

    def action_recompile(self) -> None:
        self._release()
        if not self.my_turn():
            return
        self._keys_used()
        view = self.my_view()
        if view.pending == "program" and view.program_choices is not None:
            extra = Decide("recompile", "")
            if extra in view.program_choices.extras:
                self.chosen = []
                self.play(extra, view.seat)
                return
        self.message = "You cannot recompile now."
        self.refresh_all()

    # -- hint, undo ------------------------------------------------------------------------
    def action_hint(self) -> None:
        self._release()
        if not self.my_turn() or self.hinting:
            return
        self.run_hint(self.my_seat(), "Looking for a good program...")

    def hint_key(self) -> tuple[Any, ...]:
        """Programs come in at the same time: a computer's does not make your hint stale,
        only a new decision of yours (or another human's turn at the keyboard) does."""
        seat, state = self.my_seat(), self.state
        return (self.session.match, state.turn, state.phase, state.reg, seat,
                state.pending_kind(seat))

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
        elif action in view.choices:  # the cursor goes to it: Enter takes the hint (QA)
            self.cur = view.choices.index(action)
            text = self._choice_text(view, action.value)  # type: ignore[attr-defined]
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

    # -- game over ----------------------------------------------------------------------------
    def game_over_screen(self, result: GameResult) -> GameOverScreen:
        return RoboRallyOverScreen(self.session, result)

    # -- drawing ------------------------------------------------------------------------------
    def robots_now(self) -> list[tuple[int, int, int, bool]]:
        live = self.my_view().robots
        if self.shown is not None:
            # the held last picture: a robot made real at the end of the turn is drawn real,
            # as the robots' table and the log under it say (QA)
            return [
                (s, b.pos, b.facing,
                 live[s].virtual if self.held and live[s].pos == b.pos else b.virtual)
                for s, b in enumerate(self.shown["bots"])
            ]
        return [(r.seat, r.pos, r.facing, r.virtual) for r in live]

    def acting(self) -> int | None:
        """The robot whose card plays in the picture on screen (a card of a register)."""
        return self.shown.get("actor") if self.shown is not None else None

    def preview(self, view: RoboRallyView) -> tuple[dict[int, tuple[str, str]], str]:
        """Where your robot ends after each filled register, alone on the board."""
        me = view.robots[view.seat]
        if me.pos < 0 or view.pending != "program":
            return {}, ""
        cards = self._program_cards(view)
        kinds = []
        for c in cards:
            if not c:
                break
            kinds.append(KIND[c])
        if not kinds:
            return {}, ""
        path, flags, damage, death = engine_preview(self.state, view.seat, cards, len(kinds))
        g = glyph_set(self.glyphs.ascii_only)
        warn = ""
        last = me.pos
        ends: dict[int, list[int]] = {}  # square -> the registers after which you are there
        for r, (p, _f) in enumerate(path):
            if p < 0:
                warn = f"WARNING: your robot is destroyed in register {r + 1}!"
                break
            ends.setdefault(p, []).append(r + 1)
            last = p
        marks = {p: (preview_label(regs), "bold black on green") for p, regs in ends.items()}
        if warn:  # where it dies (else where it was last seen): the register that kills it
            marks[death if death >= 0 else last] = (g.dead + str(len(path)), "bold white on red")
        elif path:
            p, f = path[-1]
            notes = [f"after register {len(path)}: {view.layout.short_name(p)} facing {'NESW'[f]}"]
            if len(ends[p]) > 2:  # its square's mark shows only the last register
                notes[0] += f" (also after {','.join(map(str, ends[p][:-1]))})"
            if damage:
                notes.append(f"{damage} laser damage")
            if flags > me.flags:
                notes.append("touches flag " + str(flags))
            warn = "Preview " + ", ".join(notes)
        # other squares with more registers than their two characters show: named here
        more = [f"{view.layout.short_name(p)} after {','.join(map(str, regs))}"
                for p, regs in ends.items() if len(regs) > 2 and not (path and p == path[-1][0])]
        if more:
            warn += (", " if warn.startswith("Preview") else " ") + ", ".join(more)
        return marks, warn

    def viewport(self, width: int, height: int, focus: int) -> tuple[int, int, int, int]:
        """(x0, y0, columns, rows) of the board that fit ``width`` x ``height`` characters
        besides the coordinates, centred on ``focus`` where the board is larger."""
        lay = self.state.layout
        cols = max(1, (width - 1 - row_label_width(lay)) // 3)
        rows = max(1, height - 1)
        x0 = y0 = 0
        if focus >= 0:
            fx, fy = focus % lay.width, focus // lay.width
            if lay.width > cols:
                x0 = min(max(0, fx - cols // 2), lay.width - cols)
            if lay.height > rows:
                y0 = min(max(0, fy - rows // 2), lay.height - rows)
        return x0, y0, cols, rows

    def refresh_all(self) -> None:
        if not self.is_mounted:
            return
        state = self.state
        view = self.my_view()
        lay = state.layout
        board = self.query_one("#rr-board", Static)
        side = self.query_one("#rr-side")
        body = self.query_one("#rr-body")
        avail_w = max(10, body.size.width - 41) if body.size.width else 37
        need_w = lay.width * 3 + 1 + row_label_width(lay)  # the row numbers at the left
        board_w = min(need_w, avail_w)
        board.styles.width = board_w
        height = body.size.height or 22
        seat = view.seat
        robots = self.robots_now()
        focus = next((p for s, p, _, _ in robots if s == seat), -1)
        if focus < 0:
            focus = view.robots[seat].archive
        marks, warn = ({}, "") if (self.queue or not self.my_turn()) else self.preview(view)
        vp = self.last_viewport = self.viewport(board_w, height, focus)
        board.update(
            draw_board(lay, robots, self.glyphs.ascii_only, vp, seat if self.session.humans
                       else None, marks, coords=True, acting=self.acting())
        )
        side.styles.width = "1fr"
        # the legend takes the whole side panel: it would not fit under 8 robots' status
        self.query_one("#rr-status").display = not self.legend_on
        self.query_one("#rr-log").display = not self.legend_on
        self.update_footer()
        self._title(view, vp)
        status_lines = self._status(view)
        prog_lines = self._prog(view, warn)
        # with many robots and a long program panel, the blank line goes before the log does
        tight = status_lines + 1 + prog_lines + 2 > (side.content_size.height or 22)
        gap = 0 if self.legend_on or tight else 1
        self.query_one("#rr-prog").styles.margin = (gap, 0, 0, 0)
        self._log()

    def _title(self, view: RoboRallyView, vp: tuple[int, int, int, int]) -> None:
        state = self.state
        lay = state.layout
        t = Text()
        t.append("RoboRally ", "bold")
        t.append(f"{lay.name}  ", "cyan")
        turn = self.shown["turn"] if self.shown is not None else state.turn
        t.append(f"turn {max(1, turn)}/{state.max_turns}  ")
        at_actor = len(t)
        if self.queue or self.shown is not None:
            reg = self.shown["register"] if self.shown else 0
            t.append(f"register {reg}  " if reg else "start of turn  ", "bold yellow")
            at_actor = len(t)  # the card playing now goes here, if it fits (below)
            if self.held:
                word = self.FOOTER_WORDS.get(self.after_watch(), "go on").lower()
                t.append(f"Space/Enter: {word}", "bold")
            else:
                steps = "Space step" if self.shown and "actor" in self.shown else (
                    "Space step, r run/pause, x skip")  # a card's step: room for its name
                t.append(steps if not self.running
                         else f"running {SPEEDS[self.speed]:g}s", "dim")
        elif state.is_terminal():
            t.append("game over", "bold")
        else:
            t.append({"face": "choose facing", "program": "programming",
                      "resolve": "registers", "endturn": "end of turn"}.get(state.phase,
                                                                            state.phase))
        x0, y0, cols, rows = vp
        room = self.app.size.width - 2 - t.cell_len
        scrolled = lay.width > cols or lay.height > rows
        if scrolled:
            at = lay.short_name(y0 * lay.width + x0)
            forms = (f"  view from {at} (m map)", f"  view {at} (m map)", f"  view {at}")
        if self.shown is not None and "actor" in self.shown:  # whose card plays: the longest
            seat = self.shown["actor"]  # form that leaves the view its "(m map)"
            label = card_label(self.shown["card"])
            need = len(forms[1]) if scrolled else 0
            actor = next((f for f in (f"{SEAT_NAMES[seat]} {label}  ",
                                      f"{SEAT_NAMES[seat]} {label.split()[0]}  ",
                                      f"{SEAT_NAMES[seat]}  ") if len(f) + need <= room), "")
            if actor:
                t = t[:at_actor] + Text(actor, f"reverse {text_style(seat)}") + t[at_actor:]
                room -= len(actor)
        if scrolled:  # the longest form that fits (QA: cut)
            t.append(next((f for f in forms if len(f) <= room), forms[-1]), "dim")
        self.query_one("#rr-title", Static).update(t)

    def _status(self, view: RoboRallyView) -> int:
        """Draw the robots' table; returns its height."""
        lay = view.layout
        g = glyph_set(self.glyphs.ascii_only)
        # One line a robot, whatever its state: 32 columns, a space and up to 7 of state
        # ("dead,pd", "off,v": see robot_state), the 40 the side panel has at 80x24. (The
        # Static does not wrap it either way: text-wrap: nowrap in roborally.tcss.)
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(TABLE_HEADER + "\n", "bold underline")
        # the picture on screen; once its last picture is held the turn is over, and the
        # table shows how it ended (repairs, robots made real: what the log says under it)
        shown_bots = self.shown["bots"] if self.shown is not None and not self.held else None
        for r in view.robots:
            s = r.seat
            if shown_bots is not None:
                b = shown_bots[s]
                pos, facing, damage, lives, flags, archive = (
                    b.pos, b.facing, b.damage, b.lives, b.flags, b.archive)
                locked, virtual, powered = b.locked, b.virtual, b.powered
                options, announced = b.options, b.announce  # as revealed in that picture
            else:
                pos, facing, damage, lives, flags, archive = (
                    r.pos, r.facing, r.damage, r.lives, r.flags, r.archive)
                locked, virtual, powered = r.locked, r.virtual, r.powered_down
                options, announced = r.options, r.announced
            arrow = (g.virtual if virtual else g.robot)[facing] if pos >= 0 else g.dead
            name = SEAT_NAMES[s] + ("*" if s == view.seat and self.session.humans else "")
            # the robot as the board draws it (its letter and facing), then its name
            t.append(f"{robot_letter(s, virtual)}{arrow}", robot_style(s, virtual))
            t.append(f"{name:<7}", SEAT_COLOURS[s])
            t.append(f" {lay.short_name(pos) if pos >= 0 else '-':<3}")  # where it stands
            if pos < 0:  # dead or out: no damage to speak of (it re-enters with 2)
                t.append(" -")
            else:  # at most 9: the 10th destroys
                t.append(f"{damage:>2}", "bold red" if damage >= 5 else "")
            lk = lock_text([bool(locked[i]) and pos >= 0 for i in range(REGISTERS)])
            t.append(f" {lk:<3}{max(0, lives):>2} {flags}/{len(lay.flags)}")
            op = str(len(options)) if len(options) < 10 else "+"
            t.append(f" {lay.short_name(archive):<3}{op:>3}")
            state_bits = robot_state(pos, lives, powered, announced, virtual)
            if state_bits:
                t.append(" " + state_bits, "yellow")
            t.append("\n")
        thinking = self.thinking_text()
        if thinking and not self.queue:
            t.append(thinking + "\n", "yellow")
        t.rstrip()
        self.query_one("#rr-status", Static).update(t)
        return len(t.plain.splitlines())

    def _prog(self, view: RoboRallyView, warn: str) -> int:
        """Draw the program, decision or playback panel; returns its height."""
        widget = self.query_one("#rr-prog", Static)
        width = self.query_one("#rr-side").content_size.width or 41
        if self.legend_on:
            widget.update(legend(self.glyphs.ascii_only, view.layout, width))
            return 0
        t = Text()
        state = self.state
        me = view.robots[view.seat]
        if self.session.hot_seat and self.shown_seat is None:
            t.append("Cards are hidden.", "dim")
        elif self.queue or self.shown is not None:
            if self.held:
                t.append(self.held_text() + "\n", "bold yellow")
            else:
                t.append("Watching the registers ", "bold")
                t.append("(+/- speed)\n", "dim")
            bots = self.shown["bots"] if self.shown else []
            reg = self.shown["register"] if self.shown else 0
            last = self.last_register
            if self.shown and not reg and last is not None and (
                    last["turn"] == self.shown["turn"] - 1):
                # a new turn's start: its programs are not dealt yet, the last turn's stay
                bots, reg = last["bots"], last["register"]
            # Up to 4 robots: a line each; more: two a line in one-letter cards, so the
            # log below keeps room for the register being played.
            pair = len(bots) > 4
            t.append("Programs", "bold")
            t.append(" (1-3 move, B back, L R U turn)" if pair else ":", "dim" if pair else "bold")
            codes = ONE_LETTER if pair else TINY
            rows = [(s, b) for s, b in enumerate(bots) if b.pos >= 0 or b.lives > 0]
            for n, (s, b) in enumerate(rows):  # robots out of the game have no program
                shown = [
                    codes[KIND[b.regs[r]]] if r < reg and b.regs[r] else "?"
                    for r in range(REGISTERS)
                ]
                cards = "dead" if b.pos < 0 else "off" if b.powered else " ".join(shown)
                cell = f"{SEAT_NAMES[s]:<7}" + cards
                t.append(" " if pair and n % 2 else "\n ")
                t.append(f"{cell:<17}" if pair else cell, text_style(s))
        elif not self.my_turn():
            if state.is_terminal():
                t.append("Game over. ", "bold")
                t.append("Enter shows the result again.", "dim")
            else:
                t.append("Waiting for the other robots...", "dim")
                if not self.message:
                    t.append("\n" + self.coming_playback(), "dim")
                if view.robots[view.seat].pos < 0 and view.robots[view.seat].lives > 0:
                    t.append("\nYour robot re-enters next turn.", "dim")
                elif view.robots[view.seat].powered_down:
                    t.append("\nYour robot is powered down this turn.", "dim")
                if self.session.humans and me.options:
                    t.append("\n")
                    self._options_line(t, me.options)
        elif view.pending == "program":
            cards = self._program_cards(view)
            t.append("Registers  ", "bold")
            if any(me.locked):  # locked stay locked, power down announced or not
                held = ",".join(str(r + 1) for r in range(REGISTERS) if me.locked[r])
                t.append(f"locked: {held} (grey)", "grey50")
            if self.power:  # a line of its own: both never fit in one
                t.append("\n[power down announced]", "bold yellow")
                t.append(" p cancels", "dim")
            t.append("\n")
            for r in range(REGISTERS):
                sel = self.zone == "regs" and self.cur == r
                label = card_label(cards[r])
                style = "reverse " if sel else ""
                if me.locked[r]:
                    style += "grey50"
                elif cards[r]:
                    style += "bold"
                t.append(f"{r + 1}:", "dim")
                t.append(f"{label:<10}"[:10], style or None)
                t.append("\n" if r == 2 else " ")
            if self.session.hot_seat:  # whose hand this is, on a shared keyboard
                t.append(f"\n{SEAT_NAMES[view.seat]}'s hand ", f"bold {text_style(view.seat)}")
            else:
                t.append("\nHand ", "bold")
            keys = "1-9,0" if len(view.hand) >= 10 else f"1-{len(view.hand)}"
            t.append(f"({keys} pick, Enter go)\n", "dim")  # 9 less damage (10: 0)
            for n, card in enumerate(view.hand):
                used = card in self.chosen
                sel = self.zone == "hand" and self.cur == n
                style = "reverse " if sel else ""
                style += "grey42 strike" if used else "bold"
                t.append(hand_key(n), "cyan")
                t.append(f" {card_label(card):<10}"[:11], style)
                t.append("\n" if n % 3 == 2 else " ")
            if not t.plain.endswith("\n"):
                t.rstrip()
                t.append("\n")
            self._options_line(t, me.options)
            assert view.program_choices is not None
            extras = []
            if view.program_choices.pd and not self.power:  # else the heading says p cancels
                extras.append("p power down")
            if view.program_choices.extras:
                extras.append("c recompile")
            if extras:
                t.append("  ".join(extras) + "\n", "dim")
            t.rstrip()
            if warn:
                t.append("\n" + warn, "bold red" if warn.startswith("WARNING") else "green")
        else:
            if view.pending == "face":
                course = view.layout.course
                if course is not None:
                    t.append(f"{course.name}", "bold cyan")
                    if course.length:
                        t.append(f" ({course.length})", "cyan")
                    if course.description:
                        t.append(f": {course.description}", "dim")
                    t.append(f"\n{len(view.layout.flags)} flags to touch in order. g legend.\n")
            if self.session.hot_seat:
                t.append(f"{SEAT_NAMES[view.seat]}: ", f"bold {text_style(view.seat)}")
            t.append(self._question(view) + "\n", "bold")
            for n, choice in enumerate(view.choices):
                sel = self.cur == n
                t.append(hand_key(n), "cyan")
                t.append(f" {self._choice_text(view, choice.value)}",
                         "reverse" if sel else "")
                t.append("\n")
        if self.message:
            t.append("\n" + self.message, "bold")
        t.rstrip()
        widget.update(t)
        return len(t.wrap(self.app.console, width))

    def _options_line(self, t: Text, options: tuple[str, ...] | list[str]) -> None:
        """``Options: Brakes, Flywheel`` (your option cards, by name) if you hold any."""
        if options:
            t.append("Options: ", "bold magenta")
            t.append(", ".join(option_name(o) for o in options) + "\n", "magenta")

    def _question(self, view: RoboRallyView) -> str:
        if view.pending == "fire" and view.fire_target >= 0:
            target = view.robots[view.fire_target]
            where = f" ({view.layout.short_name(target.pos)})" if target.pos >= 0 else ""
            return f"Your laser hits {SEAT_NAMES[view.fire_target]}{where}. Fire how?"
        if view.pending == "sacrifice":
            return f"{view.incoming} damage coming: destroy an option card instead of 1?"
        return {
            "face": "Which way does your robot face?",
            "reenter": "Re-enter: facing, and powered down?",
            "discard": "Give up which option card?",
            "wrench": "Double wrench: repair 2 or an option card?",
            "unlock": "Which locked register to free?",
            "stay": "Stay powered down next turn?",
            "abort": "Hit the Abort Switch?",
            "swap": "Swap in the conditional card?",
            "gyro": "Gyroscopic Stabilizer this turn?",
            "keep": "Flywheel: keep which card?",
            "park": "Conditional Program: park which card?",
            "crab": "Crab Legs: add which card?",
            "dual": "Dual Processor: add which card?",
            "speed": "How far does this card move you?",
            "fire": "Fire how?",
        }.get(view.pending, view.pending)

    def _choice_text(self, view: RoboRallyView, value: str) -> str:
        kind = view.pending
        g = glyph_set(self.glyphs.ascii_only)
        if kind in ("face", "reenter"):
            d = value[:1]
            text = f"{g.robot['NESW'.index(d)]} {CHOICE_TEXT[d]}"
            if kind == "reenter" and "pd" in value:
                text += " powered down"
            return text
        if kind == "discard":
            return OPTIONS.get(value, (value,))[0]
        if kind == "sacrifice":
            return "take the damage" if value == "none" else OPTIONS.get(value, (value,))[0]
        if kind in ("keep", "park") and value.isdigit():
            return card_label(int(value))
        if kind in ("crab", "dual") and "@" in value:
            card, reg = value.split("@")
            return f"{card_label(int(card))} with register {reg}"
        if kind == "fire":
            if value.startswith("destroy "):
                return "destroy its " + OPTIONS.get(value[8:], (value[8:],))[0]
            if value.startswith("lock "):
                return f"lock its register {value[5:]} (Fire Control)"
            return FIRE_TEXT.get(value, value)
        if kind == "speed":
            return f"move {value}"
        if kind == "unlock":
            return f"register {value}"
        if kind == "wrench":
            return "repair 2 damage" if value == "repair" else "take an option card"
        return value

    def _log(self) -> None:
        self.query_one("#rr-log", RegisterLog).show(self.events_log)


# The robots' table: 32 columns, a space and up to 7 of state, the 40 the side panel has
TABLE_HEADER = "Robot     Sq Dm Lk Lv Flg Arc Op"


def lock_text(locked: list[bool]) -> str:
    """The locked registers in at most 3 characters: ``-``, ``5``, ``45``, ``345``, ``2-5``
    (``13+`` for a rare gapped set of four, Fire Control locks among damage locks)."""
    regs = [r + 1 for r, on in enumerate(locked) if on]
    if len(regs) <= 3:
        return "".join(map(str, regs)) or "-"
    if regs == list(range(regs[0], regs[-1] + 1)):
        return f"{regs[0]}-{regs[-1]}"
    return f"{regs[0]}{regs[1]}+"


def hand_key(n: int) -> str:
    """The key of the ``n``-th card or choice (0-based): 1-9, then 0 for the tenth."""
    return "0" if n == 9 else str(n + 1) if n < 9 else " "


def preview_label(registers: list[int]) -> str:
    """A preview square's two characters: the registers after which your robot is there
    (``3``, ``35``), or ``+5`` for three or more (the last of them; the preview line under
    the hand names them all)."""
    if len(registers) > 2:
        return f"+{registers[-1]}"
    return "".join(map(str, registers)).ljust(2)


def robot_state(pos: int, lives: int, powered: bool, announced: bool, virtual: bool) -> str:
    """The robot table's last column, at most 7 characters so that a robot keeps one line
    in the 40 columns of the side panel: ``off`` powered down, ``pd`` power down announced,
    ``virt`` virtual (``v`` beside another word: ``off,v``), ``dead`` (re-enters next turn)
    or ``out`` (of the race); "" for none."""
    bits = []
    if pos < 0:  # a destroyed robot is neither on nor off: only its re-entry counts
        bits.append("out" if lives <= 0 else "dead")
    elif powered:
        bits.append("off")
    if announced and not (powered and pos >= 0) and lives > 0:
        bits.append("pd")
    if virtual and pos >= 0:
        bits.append("v" if bits else "virt")
    return ",".join(bits)


def with_card_steps(pictures: list[dict], lay: Layout) -> list[dict]:
    """The playback's pictures: before each register in which two or more cards play, a
    picture a card (the robots where that card leaves them, its robot marked; the rest of
    the picture is the register's, which is told in the log as the first card shows)."""
    out: list[dict] = []
    for picture in pictures:
        for step in card_steps(picture, lay):
            bots = [b.clone() for b in picture["bots"]]
            for b, (pos, facing) in zip(bots, step["spots"], strict=True):
                b.pos, b.facing = pos, facing
            out.append({"turn": picture["turn"], "register": picture["register"],
                        "of": picture, "actor": step["seat"], "card": step["card"],
                        "bots": bots, "events": []})
        out.append(picture)
    return out


def is_heading(line: tuple[str, str]) -> bool:
    """A register's, a turn's or a turn end's heading line of the log (see narrate)."""
    text, style = line
    return style == "bold" and (text.startswith(("Register ", "End of turn "))
                                or text.startswith("Turn ") and text.endswith(" begins."))


def log_window(lines: list[tuple[str, str]], width: int, height: int) -> list[tuple[str, str]]:
    """The newest ``lines`` wrapped to ``width`` that fit in ``height``. The newest heading
    (``Register 3: ...``, ``End of turn 2:``, ``Turn 3 begins.``) stays at the top while the
    lines under it are more than there is room for: what they belong to never scrolls away."""
    if height <= 0:
        return []
    wrapped = wrap_log(lines, width)
    if len(wrapped) <= height:
        return wrapped
    head = max((n for n, line in enumerate(lines) if is_heading(line)), default=-1)
    if head < 0:
        return wrapped[-height:]
    heading = wrap_log([lines[head]], width)
    under = wrap_log(lines[head + 1:], width)
    if len(heading) + len(under) <= height or len(heading) >= height:
        return wrapped[-height:]  # the heading is in view anyway (or is all there is room for)
    return heading + under[len(heading) + len(under) - height:]


class RegisterLog(Widget):
    """The newest log lines, wrapped at word boundaries to the room the log has when it is
    drawn (after the panels above it took theirs), so the last line is always on screen."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lines: list[tuple[str, str]] = []

    def show(self, lines: list[tuple[str, str]]) -> None:
        self.lines = list(lines)
        self.refresh()

    def visible_lines(self) -> list[tuple[str, str]]:
        """The wrapped lines that fit, newest last (see :func:`log_window`)."""
        return log_window(self.lines, self.content_size.width, self.content_size.height)

    def render(self) -> Text:
        t = Text(no_wrap=True, overflow="crop")
        if not self.lines:
            t.append("Log: every register will be told here.", "dim")
            return t
        for n, (text, style) in enumerate(self.visible_lines()):
            t.append(("\n" if n else "") + text, style or None)
        return t


class _Stop(Exception):
    pass


def engine_preview(
    state: RoboRallyState, seat: int, cards: list[int], registers: int
) -> tuple[list[tuple[int, int]], int, int, int]:
    """Run the first ``registers`` registers of ``cards`` with the engine itself, on a copy
    of the game where ``seat``'s robot is alone (no other robots, no option decisions):
    (square, facing) after each register (square -1 once destroyed), flags, laser damage,
    and the square where it is destroyed (the pit, the edge square it falls from; -1)."""
    sim = state.clone()
    death = [-1]
    destroy = sim._destroy

    def destroyed(s: int, why: str) -> None:
        if s == seat:
            death[0] = sim.bots[s].pos
        destroy(s, why)

    sim._destroy = destroyed  # type: ignore[method-assign]
    for s, b in enumerate(sim.bots):
        b.pending = []
        if s != seat:
            b.pos, b.lives, b.regs, b.options, b.parked = -1, 0, [0] * REGISTERS, [], 0
    me = sim.bots[seat]
    start_damage = me.damage
    me.regs = list(cards)
    me.options, me.parked, me.abort, me.radio, me.virtual = [], 0, False, -1, False
    me.crab = me.dual = -1
    me.pairs = [0] * REGISTERS
    sim.phase, sim.reg, sim.stage, sim.cursor = "resolve", 0, "reveal", 0
    sim.waiting, sim.asked, sim.winners = None, [], ()
    sim.trace = []

    def hook(st: RoboRallyState) -> None:
        if st.reg + 1 >= registers:
            raise _Stop

    sim.hook = hook
    with contextlib.suppress(_Stop):
        sim._run()
    path: list[tuple[int, int]] = []
    for picture in sim.trace:
        b = picture["bots"][seat]
        path.append((b.pos, b.facing))
        if b.pos < 0:
            break
    last = sim.trace[-1]["bots"][seat] if sim.trace else me
    damage = 0 if last.pos < 0 else max(0, last.damage - start_damage)
    return path, last.flags, damage, death[0]


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
            text.append(f"  flags {b.flags}/{len(state.layout.flags)}  lives {max(0, b.lives)}")
            if b.flags < len(state.layout.flags):
                text.append(f"  {state.distance(seat)} to next flag")
            text.append("\n")
        text.append("Ranked by flags, then robots still in the race, then distance.\n", "dim")
        reason = self.result.reason
        text.append("\n" + reason[:1].upper() + reason[1:] + "\n\n")  # "The turn limit..."
        return text
