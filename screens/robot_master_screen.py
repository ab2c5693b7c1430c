"""The Robot Master game screen: play by keys against the computer or a second human."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static
from textual.worker import Worker, WorkerState

from engines.core import GameResult
from engines.robot_master.board import CENTER, COLUMN_LETTERS, SIZE, cell_name
from engines.robot_master.state import (
    SEAT_NAMES,
    Place,
    RobotMasterState,
    legal_cells,
    line_scores,
)
from screens.dialogs import ConfirmScreen, PassScreen, RulesScreen, SaveAsScreen
from screens.glyphs import Glyphs
from screens.robot_master_board import RobotMasterBoard
from screens.session import GameSession

KEYS_HELP = """\
  arrows / h j k l   move the cursor over the board
  0 1 2 3 4 5        pick a value from your hand
  Enter or Space     place the picked value on the cursor
  u                  undo your last move (against the computer)
  H (shift+h) or i   hint: the computer's suggestion
  ctrl+s             save under a name of your choice
  F1 or ?            these rules
  q / Escape         leave the game (it is always saved)"""

MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


class RobotMasterScreen(Screen[None]):
    """One game of Robot Master; the session autosaves after every move."""

    BINDINGS = [
        Binding("up,k", "move('up')", "Up", show=False),
        Binding("down,j", "move('down')", "Down", show=False),
        Binding("left", "move('left')", "Left", show=False),
        Binding("right,l", "move('right')", "Right", show=False),
        Binding("h", "move('left')", "Left", show=False),
        Binding("0", "pick(0)", "Pick", key_display="0-5"),
        *[Binding(str(v), f"pick({v})", "Pick", show=False) for v in range(1, 6)],
        Binding("enter,space", "place", "Place", key_display="Enter"),
        Binding("u", "undo", "Undo"),
        Binding("H,i", "hint", "Hint", key_display="H"),
        Binding("ctrl+s", "save_as", "Save"),
        Binding("f1,question_mark", "rules", "Rules", key_display="F1/?"),
        Binding("q,escape", "leave", "Quit"),
    ]

    def __init__(self, session: GameSession, glyphs: Glyphs) -> None:
        super().__init__()
        self.session = session
        self.glyphs = glyphs
        self.cursor = CENTER
        self.picked: int | None = None
        self.generation = 0
        self.thinking_since: float | None = None
        self.hinting = False
        self.shown_seat: int | None = None
        self.game_over_shown = False
        self.message = ""

    # -- layout ---------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="rm-title")
        with Horizontal(id="rm-body"):
            with Vertical(id="rm-left"):
                yield RobotMasterBoard(self.glyphs, id="rm-board")
                yield Static(id="rm-hand")
                yield Static(id="rm-status")
            with Vertical(id="rm-right"):
                yield Static(id="rm-info")
                yield Static(id="rm-log")
        yield Footer()

    def on_mount(self) -> None:
        self.set_interval(0.25, self._tick)
        self.refresh_all()
        self.call_after_refresh(self.advance)

    @property
    def state(self) -> RobotMasterState:
        state = self.session.match.state
        assert isinstance(state, RobotMasterState)
        return state

    # -- whose turn -------------------------------------------------------------
    def viewer(self) -> int:
        """The seat whose hand is shown: the human to move, else the (first) human."""
        humans = self.session.humans
        to_play = self.state.to_play
        if to_play in humans or not humans:
            return to_play
        return humans[0]

    def human_to_move(self) -> bool:
        seat = self.state.current_player()
        return seat is not None and self.session.is_human(seat) and self.shown_seat == seat

    def advance(self) -> None:
        """Decide what happens next: game over, a computer move, or a human's turn."""
        self.refresh_all()
        state = self.state
        if state.is_terminal():
            if not self.game_over_shown:
                self.game_over_shown = True
                result = state.result()
                assert result is not None
                self.app.push_screen(
                    RobotMasterOverScreen(self.session, result), self.after_game_over
                )
            return
        seat = state.current_player()
        assert seat is not None
        if self.session.is_human(seat):
            if self.session.hot_seat and self.shown_seat != seat:
                self.shown_seat = None
                self.refresh_all()
                name = self.player_label(seat)
                self.app.push_screen(PassScreen(name), lambda _: self._reveal(seat))
            else:
                self._reveal(seat)
        else:
            self.start_computer(seat)

    def after_game_over(self, choice: str | None) -> None:
        if choice == "board":
            self.message = "Game over. u takes back your last move, q leaves."
            self.refresh_all()
            return
        self.dismiss(None)
        if choice == "new":
            self.app.ask_new_game(self.session.spec.id)  # type: ignore[attr-defined]

    def _reveal(self, seat: int) -> None:
        self.shown_seat = seat
        hand = self.state.hands[seat]
        if self.picked is None or not hand[self.picked]:
            self.picked = next((v for v in range(6) if hand[v]), None)
        legal = legal_cells(self.state.board)
        if legal and self.cursor not in legal:
            self.cursor = min(legal, key=lambda c: _distance(c, self.cursor))
        self.refresh_all()

    # -- computer moves ---------------------------------------------------------
    def start_computer(self, seat: int) -> None:
        self.generation += 1
        generation = self.generation
        view = self.state.view(seat)
        player = self.session.computer(seat)
        self.thinking_since = time.monotonic()
        self.refresh_all()

        def think() -> tuple[int, int, Place]:
            return generation, seat, player.choose(view)

        self.run_worker(think, thread=True, exclusive=True, group="computer", name="computer")

    def start_hint(self) -> None:
        seat = self.state.current_player()
        if seat is None:
            return
        self.hinting = True
        generation = self.generation
        view = self.state.view(seat)
        player = self.session.hint_player(seat)
        self.message = "Looking for a good move..."
        self.refresh_all()

        def think() -> tuple[int, int, Place]:
            return generation, seat, player.choose(view)

        self.run_worker(think, thread=True, exclusive=True, group="hint", name="hint")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if event.state == WorkerState.ERROR:
            self.thinking_since = None
            self.hinting = False
            self.message = f"The computer player failed: {worker.error}"
            self.refresh_all()
            return
        if event.state != WorkerState.SUCCESS:
            return
        generation, seat, action = worker.result
        if generation != self.generation or not self.is_attached:
            return
        if worker.group == "computer":
            self.thinking_since = None
            self.session.play(action, seat)
            self.message = self.save_note()
            self.advance()
        elif worker.group == "hint":
            self.hinting = False
            self.cursor = action.cell
            self.picked = action.value
            self.message = f"Hint: put a {action.value} on {cell_name(action.cell)}."
            self.refresh_all()

    # -- actions ------------------------------------------------------------------
    def action_move(self, direction: str) -> None:
        dr, dc = MOVES[direction]
        r, c = divmod(self.cursor, SIZE)
        r = min(max(r + dr, 0), SIZE - 1)
        c = min(max(c + dc, 0), SIZE - 1)
        self.cursor = r * SIZE + c
        self.refresh_all()

    def action_pick(self, value: int) -> None:
        if not self.human_to_move():
            return
        if not self.state.hands[self.state.to_play][value]:
            self.message = f"You hold no {value}."
        else:
            self.picked = value
            self.message = ""
        self.refresh_all()

    def action_place(self) -> None:
        if not self.human_to_move():
            self.app.bell()
            return
        if self.picked is None:
            self.message = "Pick a value from your hand first (0-5)."
            self.refresh_all()
            return
        seat = self.state.to_play
        action = Place(self.cursor, self.picked)
        try:
            self.state.check(action, seat)
        except Exception as exc:  # IllegalAction: tell the player why
            self.message = f"Not there: {exc}."
            self.refresh_all()
            return
        self.generation += 1
        self.session.play(action, seat)
        self.message = self.save_note()
        self.advance()

    def action_undo(self) -> None:
        if self.session.hot_seat or not self.session.humans:
            self.message = "Undo is for games against the computer."
            self.refresh_all()
            return
        if self.session.undo_point() is None:
            self.message = "Nothing of yours to undo yet."
            self.refresh_all()
            return
        self.generation += 1
        self.thinking_since = None
        self.hinting = False
        self.session.undo()
        self.game_over_shown = False
        self.message = "Took back your last move."
        self.advance()

    def action_hint(self) -> None:
        if not self.human_to_move() or self.hinting:
            return
        self.start_hint()

    def action_save_as(self) -> None:
        def done(name: str | None) -> None:
            if name:
                status = self.session.rename(name)
                self.message = status.message
                self.refresh_all()

        self.app.push_screen(SaveAsScreen(self.session.name), done)

    def action_rules(self) -> None:
        spec = self.session.spec
        self.app.push_screen(RulesScreen(spec.name, spec.rules_text(), KEYS_HELP))

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    def close(self, quit_app: bool) -> None:
        self.generation += 1
        if quit_app:
            self.app.exit()
        else:
            self.dismiss(None)

    def action_leave(self, quit_app: bool = False) -> None:
        if self.state.is_terminal():
            self.close(quit_app)
            return
        self.session.autosave()
        ok = self.session.last_save is not None and self.session.last_save.ok
        saved = (
            f"It is saved as {self.session.name!r}: resume it from the menu or with "
            "'robotui resume'."
            if ok
            else "WARNING: it could not be saved."
        )

        def done(leave: bool | None) -> None:
            if leave:
                self.close(quit_app)

        question = "Quit robotui?" if quit_app else "Leave this unfinished game?"
        self.app.push_screen(ConfirmScreen(f"{question}\n{saved}"), done)

    # -- drawing ------------------------------------------------------------------
    def player_label(self, seat: int) -> str:
        entry = self.session.players[seat]
        level = f" {entry.level}" if entry.kind == "computer" and entry.level else ""
        return f"{entry.name}{level} ({SEAT_NAMES[seat]})"

    def save_note(self) -> str:
        status = self.session.last_save
        if status is None or status.ok:
            return ""
        return status.message

    def _tick(self) -> None:
        if self.thinking_since is not None:
            self._draw_status()

    def refresh_all(self) -> None:
        if not self.is_mounted:
            return
        state = self.state
        board = self.query_one("#rm-board", RobotMasterBoard)
        board.update_board(
            tuple(state.board), state.last, self.cursor, self.human_to_move()
        )
        title = Text.assemble(
            ("Robot Master  ", "bold"),
            (self.player_label(0), "bold cyan"),
            "  vs  ",
            (self.player_label(1), "bold magenta"),
        )
        self.query_one("#rm-title", Static).update(title)
        self._draw_hand()
        self._draw_status()
        self._draw_info()
        self._draw_log()

    def _draw_hand(self) -> None:
        state = self.state
        seat = self.shown_seat
        widget = self.query_one("#rm-hand", Static)
        if seat is None or not self.session.is_human(seat):
            seat = self.viewer()
        if not self.session.is_human(seat) or (self.session.hot_seat and self.shown_seat is None):
            widget.update(Text("Hands are hidden.", style="dim"))
            return
        hand = state.hands[seat]
        text = Text(f"Your hand ({SEAT_NAMES[seat]}):", style="bold")
        text.append("\n")
        for v in range(6):
            label = f" {v}{self.glyphs.times}{hand[v]} "
            if v == self.picked and self.human_to_move():
                text.append(f"[{label.strip()}]", style="reverse bold")
            elif hand[v]:
                text.append(f" {label.strip()} ", style="bold")
            else:
                text.append(f" {label.strip()} ", style="dim")
            text.append(" ")
        total = sum(hand)
        text.append(f"\n{total} card{'s' if total != 1 else ''} in hand")
        widget.update(text)

    def _draw_status(self) -> None:
        state = self.state
        widget = self.query_one("#rm-status", Static)
        if state.is_terminal():
            result = state.result()
            assert result is not None
            widget.update(Text(result.reason, style="bold"))
            return
        seat = state.to_play
        if self.thinking_since is not None:
            spin = self.glyphs.thinking
            elapsed = time.monotonic() - self.thinking_since
            frame = spin[int(elapsed * 4) % len(spin)]
            text = Text(
                f"{frame} {self.player_label(seat).rsplit(' (', 1)[0]} is thinking... "
                f"{elapsed:.1f}s",
                style="yellow",
            )
        elif self.human_to_move():
            text = Text("Your turn: 0-5 pick, arrows move, Enter.", style="green")
        else:
            text = Text(f"{self.player_label(seat)} to play.")
        if self.message:
            text.append("\n" + self.message, style="bold")
        widget.update(text)

    def _draw_info(self) -> None:
        state = self.state
        rows = line_scores(state.board, 0)
        cols = line_scores(state.board, 1)
        text = Text()
        text.append(f"Move {min(state.moves + 1, 24)} of 24", style="bold")
        if state.is_terminal():
            text.append("  (finished)")
        text.append("\n")
        rmin, cmin = min(rows), min(cols)
        text.append("Weakest  ")
        text.append(f"Rows {rmin:>3} (row {SIZE - rows.index(rmin)})\n", "cyan")
        text.append("         ")
        text.append(f"Cols {cmin:>3} (col {COLUMN_LETTERS[cols.index(cmin)]})\n", "magenta")
        if rmin == cmin:
            r2, c2 = sorted(rows)[1], sorted(cols)[1]
            text.append(f"Tied: 2nd weakest {r2} / {c2}\n", "yellow")
        viewer = self.viewer()
        for seat in (0, 1):
            if seat == viewer and self.session.is_human(seat) and not self.session.hot_seat:
                continue
            n = sum(state.hands[seat])
            text.append(f"{self.session.players[seat].name} holds {n} card{'s' * (n != 1)}\n")
        text.append(f"Save: {self.session.name}"[:31] + "\n", "dim")
        if state.hand_mode == "five":
            text.append(f"Draw pile: {len(state.draw_pile)} cards\n")
        self.query_one("#rm-info", Static).update(text)

    def _draw_log(self) -> None:
        spec = self.session.spec
        log = self.session.match.log
        lines = Text("Move log\n", style="bold underline")
        start = max(0, len(log) - 10)
        for i in range(start, len(log)):
            entry = log[i]
            action = spec.decode_action(entry.text)
            name = self.session.players[entry.seat].name
            style = "cyan" if entry.seat == 0 else "magenta"
            lines.append(f"{i + 1:>2}. ", "dim")
            lines.append(f"{name}: {action.value} on {cell_name(action.cell)}\n", style)
        if not log:
            lines.append("No moves yet.\n", "dim")
        self.query_one("#rm-log", Static).update(lines)


def _distance(a: int, b: int) -> int:
    ar, ac = divmod(a, SIZE)
    br, bc = divmod(b, SIZE)
    return abs(ar - br) + abs(ac - bc)


class RobotMasterOverScreen(ModalScreen[str]):
    """The end of a game: both sides' lines, the winner and why."""

    BINDINGS = [
        Binding("escape,b", "close('board')", "Look at board"),
        Binding("n", "close('new')", "New game"),
        Binding("m,q", "close('menu')", "Menu"),
    ]

    def __init__(self, session: GameSession, result: GameResult) -> None:
        super().__init__()
        self.session = session
        self.result = result

    def compose(self) -> ComposeResult:
        rows, cols = self.result.scores
        players = self.session.players
        text = Text()
        if self.result.draw:
            text.append("Draw!\n\n", "bold yellow")
        else:
            (winner,) = self.result.winners
            name = players[winner].name
            headline = "You win!" if name == "You" else f"{name} ({SEAT_NAMES[winner]}) wins!"
            text.append(headline + "\n\n", "bold green")
        text.append("Lines, weakest first:\n")
        text.append(f"  Rows    {'  '.join(f'{v:>3}' for v in rows)}\n", "cyan")
        text.append(f"  Columns {'  '.join(f'{v:>3}' for v in cols)}\n\n", "magenta")
        text.append(self.result.reason + "\n\n")
        text.append("n new game   m menu   b/Escape look at the board", "dim")
        with Vertical(classes="dialog game-over"):
            yield Static("Game over", classes="dialog-title")
            yield Static(text)
        yield Footer()

    def action_close(self, choice: str) -> None:
        self.dismiss(choice)
