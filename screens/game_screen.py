"""What every game screen shares: turns, computer players in a worker, hints, saving,
rules, hot-seat privacy and leaving. A game's screen subclasses :class:`GameScreen`."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, cast

from rich.text import Text
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.worker import Worker, WorkerState

from engines.core import Action, GameResult, GameState, IllegalAction
from screens.dialogs import ConfirmScreen, PassScreen, PreviewScreen, RulesScreen, SaveAsScreen
from screens.footer_keys import FooterKeys
from screens.game_over import GameOverScreen
from screens.glyphs import Glyphs
from screens.new_game import NewGameChoice
from screens.online.table_play import TablePlayMixin
from screens.session import GameSession
from screens.stages import Stage, UiPhase
from screens.text_fit import fit, wrap_log

# How often a running clock is redrawn: the thinking spinner and seconds, a table's timer.
# Twice a second keeps the spinner alive at under 200 bytes a second over SSH.
TICK_SECONDS = 0.5

# Where leaving and the end of the game stand (GameScreen.stage). Every way out (q, Escape,
# ctrl+q, the game-over panel's n/m/b, n or Enter on the finished board, a pass screen's or a
# turn result's leave) goes through this one state, so the screen is dismissed at most once.
PLAYING = Stage.PLAYING
ASKING = Stage.ASKING
PANEL = Stage.PANEL
BOARD = Stage.BOARD
LEAVING = Stage.LEAVING


class GameScreen(TablePlayMixin, FooterKeys, Screen[None]):
    """Drives one game session; subclasses draw it and turn keys into actions.

    Subclasses implement :meth:`refresh_all`, :meth:`on_human_turn` (a human seat is to
    move and its private information may be shown), :meth:`game_over_screen` (the
    game-over panel) and may override :meth:`on_hint` and :attr:`KEYS_HELP`.
    At a table of ``robotui serve`` the session is a TableSession (see TablePlayMixin).
    """

    KEYS_HELP = ""
    BINDINGS = [
        Binding("ctrl+t", "table_window", "Table", show=False),
        Binding("ctrl+r", "table_resign", "Resign", show=False),
    ]

    def __init__(self, session: GameSession, glyphs: Glyphs) -> None:
        super().__init__()
        self.session = session
        self.glyphs = glyphs
        self.generation = 0  # bumped whenever a pending computer answer becomes stale
        self.thinking_since: float | None = None
        self.thinking_seat: int | None = None
        self.hinting = False
        self.shown_seat: int | None = None  # the human whose private view is on screen
        self.hidden_seat: int | None = None  # ... hidden while computers play after them
        self.stage: Stage = PLAYING  # leaving and the end of the game: see PLAYING above
        self.question: ConfirmScreen | None = None  # the leave question while ASKING
        self.panel: GameOverScreen | None = None  # the game-over panel while PANEL
        self.advance_held = False  # a move came in while ASKING: go on after "No"
        self.message = ""
        self.footer_key: tuple[object, ...] = ()  # what the footer was last drawn for
        self.last_hint: tuple[Any, int, int, Action] | None = None  # (match, moves, seat, hint)
        self.table_setup()

    # -- to implement ---------------------------------------------------------
    def refresh_all(self) -> None:
        raise NotImplementedError

    def on_human_turn(self, seat: int) -> None:
        """Called when ``seat`` (a human) is to move and may see its private cards."""

    def game_over_screen(self, result: GameResult) -> GameOverScreen:
        """The game-over panel of this game."""
        raise NotImplementedError

    def on_hint(self, action: Action, seat: int) -> None:
        spec = self.session.spec
        self.message = f"Hint: {spec.describe_action(action, seat)}."

    # -- common ---------------------------------------------------------------
    def on_mount(self) -> None:
        self.set_interval(TICK_SECONDS, self._tick)
        self.refresh_all()
        self.call_after_refresh(self.advance)

    @property
    def game_state(self) -> GameState:
        return self.session.match.state

    @property
    def finished(self) -> bool:
        return self.game_state.is_terminal()

    # Keys that still work once the game is over (the board stays to be looked at); a
    # screen adds its own, e.g. moving a cursor over the finished board.
    OVER_ACTIONS = frozenset(
        {"show_result", "new_game", "save_as", "rules", "leave", "undo", "full_log", "table_window"}
    )
    # Keys whose meaning depends on the moment: the ui phases (see :meth:`ui_phase`) in
    # which an action works. The footer shows only the keys that work, so it tells the truth.
    PHASE_ACTIONS: dict[str, tuple[UiPhase, ...]] = {}

    def undo_offered(self) -> bool:
        """Undo is for one human against the computer, not between humans."""
        return bool(self.session.humans) and not self.session.hot_seat

    def undo_works(self) -> bool:
        """Undo would take a move back now: a footer offers ``u`` only then (the session
        keeps the answer per position, so asking is cheap)."""
        return self.undo_offered() and self.session.why_no_undo() is None

    def ui_phase(self) -> UiPhase:
        """What the keys do now; a screen with :attr:`PHASE_ACTIONS` names its phases
        (``over`` once the game is over, else ``play`` here)."""
        return UiPhase.OVER if self.finished else UiPhase.PLAY

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide (and switch off) the keys that do nothing now: a key of
        :attr:`PHASE_ACTIONS` outside its phases, otherwise the game's keys once it is over
        (:attr:`OVER_ACTIONS` stay) and ``show_result`` before. (Undo between humans stays
        on, so ``u`` says why it does nothing; a screen keeps it out of its footer.)"""
        table = self.table_check(action)
        if table is not None:
            return table
        phases = self.PHASE_ACTIONS.get(action)
        if phases is not None:
            return self.ui_phase() in phases
        if self.finished:
            return action in self.OVER_ACTIONS
        return action not in ("show_result", "new_game")

    def on_resize(self) -> None:
        self.update_footer()  # the optional keys that fit depend on the width

    def update_footer(self) -> None:
        """Redraw the footer's keys when what they depend on has changed (called from
        ``refresh_all``; refreshing the bindings every time would be wasted work)."""
        key = (self.finished, *self.footer_state())
        if key != self.footer_key:
            self.footer_key = key
            self.refresh_bindings()

    def player_label(self, seat: int) -> str:
        entry = self.session.players[seat]
        seat_name = self.session.spec.seat_names(self.session.match.num_players)[seat]
        level = f" {entry.level}" if entry.kind == "computer" and entry.level else ""
        if seat_name == entry.name:
            return f"{entry.name}{level}"
        return f"{entry.name}{level} ({seat_name})"

    def human_to_move(self) -> bool:
        seat = self.game_state.current_player()
        return seat is not None and self.session.is_human(seat) and self.shown_seat == seat

    def viewer(self) -> int:
        """The seat whose private view is shown: the human to move, else the first human."""
        humans = self.session.humans
        seat = self.game_state.current_player()
        if seat is not None and (seat in humans or not humans):
            return seat
        return humans[0] if humans else 0

    @property
    def game_over_shown(self) -> bool:
        """The game-over panel has opened (it may be closed again to look at the board)."""
        return self.stage in (PANEL, BOARD)

    def hold_advance(self) -> bool:
        """Whether :meth:`advance` must wait (every screen's ``advance`` asks first): nothing
        happens once leaving; while the leave question is open the game waits behind it
        (a pass screen or a turn's result must not open over it) and goes on after "No".
        A game that ends meanwhile closes the question (there is nothing left to lose)
        and goes on to its result."""
        if self.stage == LEAVING:
            return True
        if self.at_table and self.session.status == "waiting":
            self.refresh_all()  # nobody moves before every seat is taken
            return True
        if self.stage == ASKING:
            if not self.finished:
                self.advance_held = True
                self.refresh_all()
                return True
            question, self.question = self.question, None
            self.stage = PLAYING
            self.advance_held = False
            if question is not None:
                self.drop_screen(question)
        return False

    def advance(self) -> None:
        """Decide what happens next: game over, a computer move, or a human's turn."""
        if self.hold_advance():
            return
        self.refresh_all()
        state = self.game_state
        if state.is_terminal():
            if self.stage == PLAYING:
                self.refresh_bindings()
                self.game_over()
            return
        seat = state.current_player()
        if seat is None:
            return  # simultaneous moves: the subclass handles them
        if self.session.is_human(seat):
            was_hidden_from = self.hidden_seat
            self.hidden_seat = None
            if self.session.hot_seat and self.shown_seat != seat and was_hidden_from != seat:
                self.shown_seat = None
                self.refresh_all()
                self.pass_keyboard(seat, lambda: self._reveal(seat))
            else:
                self._reveal(seat)
        else:
            if self.session.hot_seat and self.shown_seat is not None:
                # Between humans nobody's cards stay up while computers play; the same
                # human's next move needs no pass screen (nobody else has played since).
                self.hidden_seat, self.shown_seat = self.shown_seat, None
            self.start_computer(seat)

    def _reveal(self, seat: int) -> None:
        self.table_bell(seat)
        self.shown_seat = seat
        self.on_human_turn(seat)
        self.refresh_all()

    def play(self, action: Action, seat: int) -> None:
        """Play a human's action (already checked), autosave, and move on."""
        self.generation += 1
        try:
            self.session.play(action, seat)
        except IllegalAction as exc:  # at a table: not yours to play now
            self.message = f"Not now: {exc}."
            self.refresh_all()
            return
        self.message = self.save_note()
        self.advance()

    # -- computer players in a worker thread ------------------------------------
    def start_computer(self, seat: int) -> None:
        if self.at_table:  # played on the host: its move comes from the table
            self.wait_for_table(seat)
            return
        self.generation += 1
        generation = self.generation
        view = self.game_state.view(seat)
        player = self.session.computer(seat)
        self.thinking_since = time.monotonic()
        self.thinking_seat = seat
        self.refresh_all()

        def think() -> tuple[int, int, Any]:
            return generation, seat, player.choose(view)

        # exit_on_error=False: a failing player is told on the status line (the game is
        # saved and resumes where it was), it does not end robotui
        self.run_worker(
            think,
            thread=True,
            exclusive=True,
            group="computer",
            name="computer",
            exit_on_error=False,
        )

    def start_hint(self) -> None:
        seat = self.game_state.current_player()
        if seat is None or self.hinting:
            return
        match = self.session.match
        if self.last_hint is not None and self.last_hint[:3] == (match, len(match.log), seat):
            self.on_hint(self.last_hint[3], seat)  # asked again: the same advice
            self.refresh_all()
            return
        self.run_hint(seat, "Looking for a good move...")

    def run_hint(self, seat: int, looking: str) -> None:
        """Ask the hint player in a worker for ``seat``'s move in the position on screen; its
        answer is shown only if the position is still that one (:meth:`hint_key`)."""
        self.hinting = True
        asked = self.hint_key()
        view = self.game_state.view(seat)
        player = self.session.hint_player(seat)
        self.message = looking
        self.refresh_all()

        def think() -> tuple[Any, int, Any]:
            return asked, seat, player.choose(view)

        self.run_worker(
            think, thread=True, exclusive=True, group="hint", name="hint", exit_on_error=False
        )

    def hint_key(self) -> tuple[Any, ...]:
        """The position a hint is for: the match, its length and who is to move. A hint
        that comes back after the position changed is dropped (in a hot-seat game it would
        show one player's cards to the next)."""
        match = self.session.match
        return (match, len(match.log), self.game_state.current_player())

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if event.state == WorkerState.ERROR:
            if worker.group == "hint":
                self.hinting = False
                self.message = f"No hint: the hint player failed ({worker.error})."
            else:
                self.thinking_since = None
                self.thinking_seat = None
                self.message = (
                    f"The computer player failed ({worker.error}). The game is "
                    "saved: q leaves, resuming asks it again."
                )
            self.refresh_all()
            return
        if event.state != WorkerState.SUCCESS:
            return
        if worker.group == "hint":
            self.hinting = False  # whatever came of it, H works again
            asked, seat, action = cast("tuple[Any, int, Action]", worker.result)
            if asked != self.hint_key() or not self.is_attached:
                return  # the position changed meanwhile: that advice is for another one
            match = self.session.match
            self.last_hint = (match, len(match.log), seat, action)
            self.on_hint(action, seat)
            self.refresh_all()
            return
        generation, seat, action = cast("tuple[int, int, Action]", worker.result)
        if generation != self.generation or not self.is_attached:
            return
        if worker.group == "computer":
            self.thinking_since = None
            self.thinking_seat = None
            self.session.play(action, seat)
            self.message = self.save_note()
            self.advance()

    def thinking_text(self) -> str | None:
        """``◐ Computer hard is thinking... 1.2s`` while a computer player works, else None."""
        if self.at_table:
            return self.table_waiting_text()
        parts = self._thinking_parts()
        return None if parts is None else "".join(parts)

    def _thinking_parts(self) -> tuple[str, str, str] | None:
        """The spinner, `` Computer hard is thinking... `` and the seconds."""
        if self.thinking_since is None or self.thinking_seat is None:
            return None
        spin = self.glyphs.thinking
        elapsed = time.monotonic() - self.thinking_since
        frame = spin[int(elapsed / TICK_SECONDS) % len(spin)]  # a step a tick
        who = self.player_label(self.thinking_seat).rsplit(" (", 1)[0]
        return frame, f" {who} is thinking... ", f"{elapsed:.1f}s"

    def thinking_status(self, width: int, style: str = "yellow") -> Text | None:
        """:meth:`thinking_text` fitted to ``width`` cells, for a status panel. The spinner
        and the seconds are segments of their own (styled alike, but apart): Textual
        repaints whole segments, so each tick rewrites only those few cells."""
        if self.at_table:  # whom the table waits for: it may take several lines
            waiting = self.table_waiting_text()
            if waiting is None:
                return None
            lines = (fit(part, width, self.glyphs.ellipsis) for part in waiting.split("\n"))
            return Text("\n".join(lines), style=style)
        parts = self._thinking_parts()
        if parts is None:
            return None
        line = "".join(parts)
        fitted = fit(line, width, self.glyphs.ellipsis)
        if fitted != line:  # cut: the seconds are gone, one segment will do
            return Text(fitted, style=style)
        spinner, words, seconds = parts
        apart = f"{style} not bold"
        return Text.assemble((spinner, apart), (words, style), (seconds, apart))

    def _tick(self) -> None:
        if (self.thinking_since is not None or self.at_table) and self.table_tick():
            self.refresh_all()

    # -- undo (against the computer only) -----------------------------------------
    def action_undo(self) -> None:
        if self.at_table:
            self.message = self.session.why_no_undo() or ""
        elif not self.undo_offered():
            self.message = "Undo is for games against the computer."
        elif (why := self.session.why_no_undo()) is not None:
            self.message = why
        else:
            self.generation += 1
            self.thinking_since = None
            self.hinting = False
            self.session.undo()
            if self.panel is not None:  # a key that came in as the panel opened
                self.drop_screen(self.panel)
                self.panel = None
            if self.stage in (PANEL, BOARD):
                self.stage = PLAYING
            self.refresh_bindings()
            self.message = "Took back your last move."
            self.advance()
            return
        self.refresh_all()

    def action_hint(self) -> None:
        if self.table_refusal("hint"):
            return
        if self.human_to_move():
            self.start_hint()

    # -- saving, rules, leaving ---------------------------------------------------
    def save_note(self) -> str:
        status = self.session.last_save
        if status is not None and not status.ok:
            return status.message
        return self.session.notice  # said until a human moves (a computer saves right after)

    def action_save_as(self) -> None:
        if self.table_refusal("save_as"):
            return

        def done(name: str | None) -> None:
            if name:
                self.message = self.session.rename(name).message
                self.refresh_all()

        self.app.push_screen(SaveAsScreen(self.session.name), done)

    LOG_TITLE = "Log"

    def log_lines(self) -> list[tuple[str, str]]:
        """The whole log so far as this screen may show it, (line, style), oldest first:
        what ``l`` opens in a scrollable window (the side panel keeps only the newest)."""
        return []

    def action_full_log(self) -> None:
        text = Text()
        for n, (line, style) in enumerate(wrap_log(self.log_lines(), 72)):  # the window's width
            text.append(("\n" if n else "") + line, style or None)
        if not text:
            text.append("Nothing has happened yet.", "dim")
        self.app.push_screen(PreviewScreen(f"{self.LOG_TITLE} (newest last)", text, at_end=True))

    def action_rules(self) -> None:
        spec = self.session.spec
        self.app.push_screen(RulesScreen(spec.name, spec.rules_text(), self.KEYS_HELP))

    def close(self, quit_app: bool, new_game: bool = False) -> None:
        """Leave the game (every way out ends here, once): quit robotui, or go back to the
        menu, with the new-game dialog when ``new_game``. Windows still open over the game
        close without answering."""
        if self.stage == LEAVING:
            return
        self.stage = LEAVING
        self.question = self.panel = None
        self.generation += 1  # computer and hint answers still coming are dropped
        if quit_app:
            self.app.exit()
        else:
            self._dismiss_when_on_top(new_game)

    def drop_screen(self, screen: Screen[Any]) -> None:
        """Close ``screen`` (and any window over it) without its answer, if it is open."""
        stack = self.app.screen_stack
        if screen not in stack:
            return
        while self.app.screen is not screen and isinstance(self.app.screen, ModalScreen):
            self.app.pop_screen()
        if self.app.screen is screen:
            self.app.pop_screen()

    def _dismiss_when_on_top(self, new_game: bool) -> None:
        if self not in self.app.screen_stack:
            return
        while self.app.screen is not self and isinstance(self.app.screen, ModalScreen):
            self.app.pop_screen()  # their answers are dropped with them
        if self.app.screen is not self:  # the too-small notice: leave once it is gone
            self.set_timer(0.2, lambda: self._dismiss_when_on_top(new_game))
            return
        self.dismiss(None)
        if new_game:
            session = self.session
            previous = NewGameChoice.like(session.spec.id, session.players, session.match.options)
            # Asked from the app, not from this closing screen: the dialog's answer goes
            # back to whoever asked, and a closed screen would drop it (no game started).
            ask = self.app.ask_new_game  # type: ignore[attr-defined]
            self.app.call_later(ask, session.spec.id, previous)

    def pass_keyboard(self, seat: int, then: Callable[[], None]) -> None:
        """Hide the screen behind a pass screen for human ``seat``; ``then`` once they are
        ready. ``q`` there leaves the game, after the usual question."""

        def done(answer: str | None) -> None:
            if answer == "leave":
                self.close(False)
            else:
                then()

        self.app.push_screen(PassScreen(self.player_label(seat), self.leave_question), done)

    def leave_question(self, quit_app: bool = False) -> str:
        """The question before leaving an unfinished game, saying where it is saved (it is
        saved once more to be sure)."""
        if self.at_table:
            return self.table_leave_question(quit_app)
        status = self.session.autosave()
        saved = (
            f"It is saved as {self.session.name!r}: resume it from the menu or with "
            "'robotui resume'."
            if status.ok
            else f"WARNING: {status.message} Leaving loses the moves since the last save."
        )
        question = "Quit robotui?" if quit_app else "Leave this unfinished game?"
        return f"{question}\n{saved}"

    def action_leave(self, quit_app: bool = False) -> None:
        """``q``: leave a finished game at once, an unfinished one after the question."""
        if self.stage in (LEAVING, ASKING):
            return  # on the way out already, or the question is open
        if self.finished:
            self.close(quit_app)
            return
        question = ConfirmScreen(self.leave_question(quit_app))

        def done(leave: bool | None) -> None:
            if self.question is not question:
                return  # the game ended meanwhile and closed the question
            self.question = None
            self.stage = PLAYING
            if leave:
                self.close(quit_app)
            elif self.advance_held:
                self.advance_held = False
                self.advance()

        self.stage = ASKING
        self.question = question
        self.app.push_screen(question, done)

    def game_over(self) -> None:
        """Open the game-over panel (when the game ends, and again on ``show_result``)."""
        result = self.game_state.result()
        assert result is not None
        panel = self.game_over_screen(result)

        def done(choice: str | None) -> None:
            if self.panel is not panel:
                return  # closed on the way out (or by undo): its answer is not wanted
            self.panel = None
            self.after_game_over(choice)

        self.stage = PANEL
        self.panel = panel
        self.app.push_screen(panel, done)

    def action_show_result(self) -> None:
        """Open the game-over panel again after ``b`` closed it to look at the board (a game
        screen binds a key to ``show_result`` to offer this)."""
        if self.stage == BOARD and self.finished:
            self.game_over()

    def action_new_game(self) -> None:
        """``n`` on the board after the game: a new game like this one."""
        if self.stage == BOARD and self.finished:
            self.close(False, new_game=True)

    def after_game_over(self, choice: str | None) -> None:
        """The game-over panel closed: ``board`` stays, ``new`` starts another, else leave."""
        if self.stage == LEAVING:
            return
        if choice == "board":
            self.stage = BOARD
            self.refresh_bindings()
            self.refresh_all()
            return
        self.close(False, new_game=choice == "new" and not self.at_table)
