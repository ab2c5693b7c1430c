"""The Robot Master game screen: play by keys against the computer or a second human."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from engines.core import Action, GameResult, IllegalAction, Resign
from engines.robot_master.board import CENTER, COLUMN_LETTERS, SIZE, cell_name
from engines.robot_master.state import (
    SEAT_NAMES,
    Place,
    Redeal,
    RobotMasterState,
    legal_cells,
    line_scores,
)
from engines.safe_text import safe_text
from screens.footer import Footer
from screens.game_over import GameOverScreen
from screens.game_screen import GameScreen
from screens.glyphs import Glyphs
from screens.panel import Panel
from screens.robot_master.board import RobotMasterBoard
from screens.robot_master.room import BASE, Room, room_for
from screens.session import GameSession
from screens.stages import UiPhase
from screens.text_fit import ELLIPSIS, clip_wrap, cut_cells, fit

KEYS_HELP = """\
  arrows / h j k l   move the cursor over the board
  0 1 2 3 4 5        pick a value from your hand
  Enter or Space     place the picked value on the cursor
  u                  undo your last move (against the computer)
  H (shift+h) or i   hint: the computer's suggestion
  ctrl+s             save under a name of your choice
  F1 or ?            these rules
  q / Escape         leave the game (it is always saved)"""

STATUS_LINES = 3  # the height of #rm-status in robot_master.tcss
TITLE_TEXT_CELLS = len("Robot Master    vs  ")  # the title less the two labels

MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


class RobotMasterScreen(GameScreen):
    """One game of Robot Master; the session autosaves after every move."""

    CSS_PATH = str(Path(__file__).with_name("robot_master.tcss"))
    KEYS_HELP = KEYS_HELP
    BINDINGS = [
        Binding("up,k", "move('up')", "Up", show=False),
        Binding("down,j", "move('down')", "Down", show=False),
        Binding("left", "move('left')", "Left", show=False),
        Binding("right,l", "move('right')", "Right", show=False),
        Binding("h", "move('left')", "Left", show=False),
        Binding("0", "pick(0)", "Pick", key_display="0-5"),
        *[Binding(str(v), f"pick({v})", "Pick", show=False) for v in range(1, 6)],
        Binding("enter,space", "place", "Place", key_display="Enter"),
        Binding("enter", "show_result", "Result", key_display="Enter"),
        Binding("n", "new_game", "New game"),
        Binding("u", "undo", "Undo"),
        Binding("H,i", "hint", "Hint", key_display="H"),
        Binding("ctrl+s", "save_as", "Save"),
        Binding("f1,question_mark", "rules", "Rules", key_display="?"),
        Binding("q,escape", "leave", "Quit"),
    ]

    OVER_ACTIONS = GameScreen.OVER_ACTIONS | {"move"}
    # The footer offers u only while undo would work; u says why not.
    FOOTER_MAIN = {
        UiPhase.PLAY: (("pick(0)", "0-5", "Pick"), ("place", "Enter", "Place")),
        UiPhase.OVER: (("show_result", "Enter", "Result"), ("new_game", "n", "New game")),
    }

    def __init__(self, session: GameSession, glyphs: Glyphs) -> None:
        super().__init__(session, glyphs)
        self.cursor = CENTER
        self.picked: int | None = None
        self.room: Room = BASE  # the sizes the widgets were last given (see compose)

    # -- layout ---------------------------------------------------------------
    def compose(self) -> ComposeResult:
        self.room = room_for(self.app.size.width, self.app.size.height)
        yield Panel(id="rm-title")
        with Horizontal(id="rm-body") as body:
            with Vertical(id="rm-left") as left:
                board = RobotMasterBoard(self.glyphs, id="rm-board")
                yield board
                yield Panel(id="rm-hand")
                yield Panel(id="rm-status")
            with Vertical(id="rm-right") as right:
                yield Panel(id="rm-info")
                yield Panel(id="rm-log")
        yield Footer()
        # sized before the first layout: a size fitted later would draw the screen twice
        _fit(self.room, body, left, board, right)

    def on_resize(self) -> None:
        super().on_resize()
        self.refresh_all()

    def fit_room(self) -> None:
        """Size the cells and panels for the terminal, if it changed size since."""
        room = room_for(self.app.size.width, self.app.size.height)
        if room == self.room:
            return
        self.room = room
        _fit(
            room,
            self.query_one("#rm-body"),
            self.query_one("#rm-left"),
            self.query_one("#rm-board", RobotMasterBoard),
            self.query_one("#rm-right"),
        )

    @property
    def state(self) -> RobotMasterState:
        state = self.session.match.state
        assert isinstance(state, RobotMasterState)
        return state

    # -- turns ------------------------------------------------------------------
    def game_over_screen(self, result: GameResult) -> GameOverScreen:
        return RobotMasterOverScreen(self.session, result)

    def after_game_over(self, choice: str | None) -> None:
        if choice == "board":
            self.message = (
                "Game over. q goes back to the lobby."
                if self.at_table
                else "Game over. u takes back your last move, q leaves."
            )
        super().after_game_over(choice)

    def on_human_turn(self, seat: int) -> None:
        hand = self.state.hands[seat]
        if self.picked is None or not hand[self.picked]:
            self.picked = next((v for v in range(6) if hand[v]), None)
        legal = legal_cells(self.state.board)
        if legal and self.cursor not in legal:
            self.cursor = min(legal, key=lambda c: _distance(c, self.cursor))

    def on_hint(self, action: Action, seat: int) -> None:
        assert isinstance(action, Place)
        self.cursor = action.cell
        self.picked = action.value
        self.message = f"Hint: put a {action.value} on {cell_name(action.cell)}."

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
        except IllegalAction as exc:
            self.message = f"Not there: {exc}."
            self.refresh_all()
            return
        self.play(action, seat)

    # -- drawing ------------------------------------------------------------------
    def refresh_all(self) -> None:
        if not self.is_mounted:
            return
        self.update_footer()
        self.fit_room()
        state = self.state
        board = self.query_one("#rm-board", RobotMasterBoard)
        board.update_board(tuple(state.board), state.last, self.cursor, self.human_to_move())
        label_cells = (max(self.app.size.width, 80) - 2 - TITLE_TEXT_CELLS) // 2
        title = Text.assemble(  # each label in its half of the title line's text
            ("Robot Master  ", "bold"),
            (_cut(safe_text(self.player_label(0)), label_cells), "bold cyan"),
            "  vs  ",
            (_cut(safe_text(self.player_label(1)), label_cells), "bold magenta"),
        )
        self.query_one("#rm-title", Static).update(title)
        self._draw_hand()
        self._draw_status()
        self._draw_log(self.room.log_lines(self._draw_info()))

    def name_of(self, seat: int) -> str:
        """A player's name as the screen shows it: safe for the terminal."""
        return safe_text(self.session.players[seat].name)

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
        tail = f" hand ({SEAT_NAMES[seat]}):"
        if self.session.hot_seat:  # two players at one terminal: whose hand this is
            owner = _cut(self.name_of(seat), self.room.left_cells - cell_len(tail) - 2) + "'s"
        else:
            owner = "Your"
        text = Text(owner + tail, style="bold")
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
        drawn = state.last_drawn[seat]
        if drawn is not None and not state.is_terminal():
            text.append(f"; you drew a {drawn}", "bold")
        widget.update(text)

    def _draw_status(self) -> None:
        state = self.state
        widget = self.query_one("#rm-status", Static)
        if state.is_terminal():
            result = state.result()
            assert result is not None
            text = Text(result.reason, style="bold")
            if self.message and getattr(self.session, "replaying", False):  # its position
                width = self.room.left_cells
                if len(text.wrap(self.app.console, width)) >= STATUS_LINES:
                    # a long tie-break: the replay's position keeps its line
                    reason = clip_wrap(result.reason, width, STATUS_LINES - 1)
                    text = Text("\n".join(reason), style="bold")
                room = STATUS_LINES - len(text.wrap(self.app.console, width))
                lines = clip_wrap(self.message, width, room)
                if lines:
                    text.append("\n" + "\n".join(lines), style="not bold")
            widget.update(text)
            return
        seat = state.to_play
        width = self.room.left_cells
        thinking = self.thinking_status(width)
        if thinking is not None:
            text = thinking
        elif self.human_to_move() and self.session.hot_seat:
            keys = "'s turn: 0-5, arrows, Enter."
            name = _cut(self.name_of(seat), width - cell_len(keys))
            text = Text(name + keys, style="green")
        elif self.human_to_move():
            text = Text("Your turn: 0-5 pick, arrows move, Enter.", style="green")
            if deadline := self.table_timer_line():  # a daily table's time for your move
                text.append("\n" + fit(deadline, width), style="yellow")
        else:
            text = Text(f"{_cut(safe_text(self.player_label(seat)), width - 9)} to play.")
        if self.message:  # the rest of the status box's 3 lines, cut in cells (a long name)
            room = STATUS_LINES - len(text.wrap(self.app.console, width))
            lines = clip_wrap(self.message, width, room)
            if lines:
                text.append("\n" + "\n".join(lines), style="bold")
        widget.update(text)

    def _draw_info(self) -> int:
        """Draw the info panel; the rows it takes (its text ends with a new line)."""
        state = self.state
        info_cells = self.room.info_cells
        rows = line_scores(state.board, 0)
        cols = line_scores(state.board, 1)
        text = Text()
        text.append(state.progress.capitalize(), style="bold")
        if state.is_terminal():
            text.append("  (finished)")
        text.append("\n")
        rmin, cmin = min(rows), min(cols)
        text.append("Weakest  ")
        text.append(f"Rows {rmin:>3} (row {SIZE - rows.index(rmin)})\n", "cyan")
        text.append("         ")
        text.append(f"Cols {cmin:>3} (col {COLUMN_LETTERS[cols.index(cmin)]})\n", "magenta")
        if rmin == cmin:  # tied: the second weakest lines decide, each side's named
            r2, c2 = sorted(rows)[1], sorted(cols)[1]
            text.append("Tied, 2nd ", "yellow")
            text.append(f"Rows {r2:>3}", "cyan")
            text.append(", ", "yellow")
            text.append(f"Cols {c2:>3}\n", "magenta")
        viewer = self.viewer()
        for seat in (0, 1):
            if seat == viewer and self.session.is_human(seat) and not self.session.hot_seat:
                continue
            n = sum(state.hands[seat])
            verb = "hold" if self.name_of(seat) == "You" else "holds"  # "You hold 10 cards"
            holds = f" {verb} {n} card{'s' * (n != 1)}"
            text.append(f"{_cut(self.name_of(seat), info_cells - cell_len(holds))}{holds}\n")
        text.append("Saved as\n", "dim")
        for line in clip_wrap(safe_text(self.session.name), info_cells, 2):  # two lines
            text.append(f"{line}\n", "dim")
        if state.hand_mode == "five":
            text.append(f"Draw pile: {len(state.draw_pile)} cards\n")
        self.query_one("#rm-info", Static).update(text)
        return text.plain.count("\n") + 1

    def _draw_log(self, shown: int) -> None:
        """Draw the move log: its last ``shown`` lines."""
        spec = self.session.spec
        lines: list[tuple[str, str, str]] = []
        move = 0
        for entry in self.session.match.log:
            action = spec.decode_action(entry.text)
            name = _cut(self.name_of(entry.seat), self.room.log_name_cells)
            if isinstance(action, Redeal):  # an undo re-dealt the computer's hidden cards
                lines.append(("    ", f"{name}: new hand", "dim"))
                continue
            if isinstance(action, Resign):
                lines.append(("    ", f"{name}: resigned", "bold"))
                continue
            move += 1
            style = "cyan" if entry.seat == 0 else "magenta"
            placed = f"{name}: {action.value} on {cell_name(action.cell)}"
            lines.append((f"{move:>2}. ", placed, style))
        text = Text("Move log\n", style="bold underline")
        for number, line, style in lines[-shown:]:
            text.append(number, "dim")
            text.append(line + "\n", style)
        if not lines:
            text.append("No moves yet.\n", "dim")
        self.query_one("#rm-log", Static).update(text)


def _cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` terminal cells, with an ellipsis when something is cut."""
    if cell_len(text) <= width:
        return text
    return cut_cells(text, width - cell_len(ELLIPSIS)).rstrip() + ELLIPSIS


def _fit(room: Room, body: Widget, left: Widget, board: RobotMasterBoard, right: Widget) -> None:
    """Give the widgets the sizes of ``room`` (at 80x24 those of robot_master.tcss)."""
    board.set_cell_size(room.cell_width, room.cell_height)
    board.styles.width = room.board_width
    board.styles.height = room.board_height
    left.styles.width = room.left
    left.styles.align_vertical = "top" if room.base else "middle"
    right.styles.width = "1fr" if room.base else room.side
    body.styles.align_horizontal = "center"


def _distance(a: int, b: int) -> int:
    ar, ac = divmod(a, SIZE)
    br, bc = divmod(b, SIZE)
    return abs(ar - br) + abs(ac - bc)


class RobotMasterOverScreen(GameOverScreen):
    """The end of a game: both sides' lines, the winner and why."""

    def summary(self) -> Text:
        rows, cols = self.result.scores
        players = self.session.players
        text = Text()
        if self.result.draw:
            text.append("Draw!\n\n", "bold yellow")
        else:
            (winner,) = self.result.winners
            name = _cut(safe_text(players[winner].name), 40)  # the panel is 66 wide
            headline = "You win!" if name == "You" else f"{name} ({SEAT_NAMES[winner]}) wins!"
            text.append(headline + "\n\n", "bold green")
        so_far = " so far" if self.result.resigned else ""  # a resignation: grid not full
        text.append(f"Lines{so_far}, weakest first:\n")
        text.append(f"  Rows    {'  '.join(f'{v:>3}' for v in rows)}\n", "cyan")
        text.append(f"  Columns {'  '.join(f'{v:>3}' for v in cols)}\n\n", "magenta")
        text.append(self.result.reason + "\n\n")
        return text
