"""RoboRally's panels: the title line, the board (and the whole course, m), the robots' table,
the side panel (its playback, program and decision parts live in playback.py, programming.py
and decisions.py) and the register log under it.

``PanelsMixin`` is part of :class:`screens.roborally.screen.RoboRallyScreen`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.visual import Visual

from engines.roborally.boardfile import Layout
from engines.roborally.state import REGISTERS, SEAT_NAMES, RoboRallyView
from screens.dialogs import PreviewScreen
from screens.panel import Panel
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
from screens.roborally.log import option_name
from screens.roborally.playback import SPEEDS
from screens.roborally.surface import RoboRallySurface
from screens.text_fit import wrap_log


class PanelsMixin(RoboRallySurface):
    """The board, the title, the robots' table, the side panel and the log, drawn."""

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
        size = self.app.size
        full = size.width > 80 or size.height > 24  # the whole window (80x24: as it was)
        cell_w, cell_h, shown = 3, 1, False
        if full:  # the widest and tallest squares with which the whole course fits
            room_w = size.width - 6  # the window's border, padding and scroll bar
            room_h = size.height - 4 - top  # its border, title and key line
            cell_w = 4 if lay.width * 4 + 1 + row_label_width(lay) <= room_w else 3
            cell_h = 2 if lay.height * 2 <= room_h else 1
            shown = lay.height * cell_h <= room_h  # every row on screen: opened at the top
        text.append(
            draw_board(
                lay,
                robots,
                ascii_only,
                (0, 0, lay.width, lay.height),
                view.seat if self.session.humans else None,
                marks,
                coords=True,
                acting=self.acting(),
                cell_width=cell_w,
                cell_height=cell_h,
            )
        )
        text.append("\n\n")
        text.append(legend(ascii_only, lay, 74))
        where = next((p for s, p, _, _ in robots if s == view.seat), -1)
        where = where if where >= 0 else me.archive
        self.app.push_screen(
            PreviewScreen(
                f"{lay.name}: the whole course (m or Escape closes)",
                text,
                focus_line=top + where // lay.width * cell_h if where >= 0 and not shown else None,
                full=full,
            )
        )

    def action_legend(self) -> None:
        self.legend_on = not self.legend_on
        self.refresh_all()

    def viewport(
        self, width: int, height: int, focus: int, cell_width: int = 3, cell_height: int = 1
    ) -> tuple[int, int, int, int]:
        """(x0, y0, columns, rows) of the board that fit ``width`` x ``height`` characters
        besides the coordinates (``cell_width`` columns and ``cell_height`` rows a square),
        centred on ``focus`` where the board is larger."""
        lay = self.state.layout
        cols = max(1, (width - 1 - row_label_width(lay)) // cell_width)
        rows = max(1, (height - 1) // cell_height)
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
        board = self.query_one("#rr-board", Panel)
        side = self.query_one("#rr-side")
        body = self.query_one("#rr-body")
        avail_w = max(10, body.size.width - 41) if body.size.width else 37
        cell_w = board_cell_width(lay, self.app.size.width, avail_w)
        need_w = lay.width * cell_w + 1 + row_label_width(lay)  # the row numbers at the left
        board_w = min(need_w, avail_w)
        board.styles.width = board_w
        height = body.size.height or max(self.app.size.height - 2, 22)  # title, footer
        seat = view.seat
        robots = self.robots_now()
        focus = next((p for s, p, _, _ in robots if s == seat), -1)
        if focus < 0:
            focus = view.robots[seat].archive
        marks, warn = ({}, "") if (self.queue or not self.my_turn()) else self.preview(view)
        cell_h = board_cell_height(lay, self.app.size.height, height)
        vp = self.last_viewport = self.viewport(board_w, height, focus, cell_w, cell_h)
        board.update(
            draw_board(
                lay,
                robots,
                self.glyphs.ascii_only,
                vp,
                seat if self.session.humans else None,
                marks,
                coords=True,
                acting=self.acting(),
                cell_width=cell_w,
                cell_height=cell_h,
            )
        )
        side.styles.width = "1fr"
        # the legend takes the whole side panel: it would not fit under 8 robots' status
        self.update_footer()
        self._title(view, vp)
        status_lines = self._status(view)
        prog_lines = self._prog(view, warn)
        # with many robots and a long program panel, the blank line goes before the log does
        tight = status_lines + 1 + prog_lines + 2 > (side.content_size.height or 22)
        gap = 0 if self.legend_on or tight else 1
        status = self.query_one("#rr-status", Panel)
        prog = self.query_one("#rr-prog", Panel)
        heads = [(0, prog)] if self.legend_on else [(0, status), (gap, prog)]
        self.query_one("#rr-log", RegisterLog).show(self.events_log, heads, not self.legend_on)

    def _title(self, view: RoboRallyView, vp: tuple[int, int, int, int]) -> None:
        state = self.state
        lay = state.layout
        t = Text()
        t.append("RoboRally ", "bold")
        t.append(f"{lay.name}  ", "cyan")
        turn = self.shown.turn if self.shown is not None else state.turn
        t.append(f"turn {max(1, turn)}/{state.max_turns}  ")
        at_actor = len(t)
        if self.queue or self.shown is not None:
            reg = self.shown.register if self.shown else 0
            t.append(f"register {reg}  " if reg else "start of turn  ", "bold yellow")
            at_actor = len(t)  # the card playing now goes here, if it fits (below)
            if self.held:
                word = self.FOOTER_WORDS.get(self.after_watch(), "go on").lower()
                t.append(f"Space/Enter: {word}", "bold")
            else:
                steps = (
                    "Space step"
                    if self.shown and self.shown.is_card
                    else ("Space step, r run/pause, x skip")
                )  # a card's step: room for its name
                t.append(steps if not self.running else f"running {SPEEDS[self.speed]:g}s", "dim")
        elif state.is_terminal():
            t.append("game over", "bold")
        else:
            t.append(
                {
                    "face": "choose facing",
                    "program": "programming",
                    "resolve": "registers",
                    "endturn": "end of turn",
                }.get(state.phase, state.phase)
            )
        x0, y0, cols, rows = vp
        room = self.app.size.width - 2 - t.cell_len
        scrolled = lay.width > cols or lay.height > rows
        if scrolled:
            at = lay.short_name(y0 * lay.width + x0)
            forms = (f"  view from {at} (m map)", f"  view {at} (m map)", f"  view {at}")
        playing = self.shown.playing if self.shown is not None else None
        if playing is not None:  # whose card plays: the longest form that leaves the
            seat, card = playing  # view its "(m map)"
            label = card_label(card)
            need = len(forms[1]) if scrolled else 0
            actor = next(
                (
                    f
                    for f in (
                        f"{SEAT_NAMES[seat]} {label}  ",
                        f"{SEAT_NAMES[seat]} {label.split()[0]}  ",
                        f"{SEAT_NAMES[seat]}  ",
                    )
                    if len(f) + need <= room
                ),
                "",
            )
            if actor:
                t = t[:at_actor] + Text(actor, f"reverse {text_style(seat)}") + t[at_actor:]
                room -= len(actor)
        if scrolled:  # the longest form that fits, never cut
            t.append(next((f for f in forms if len(f) <= room), forms[-1]), "dim")
        self.query_one("#rr-title", Panel).update(t)

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
        shown_bots = self.shown.bots if self.shown is not None and not self.held else None
        locked: Sequence[bool]  # a robot's of the picture (a list) or of the view (a tuple)
        options: Sequence[str]
        for r in view.robots:
            s = r.seat
            if shown_bots is not None:
                b = shown_bots[s]
                pos, facing, damage, lives, flags, archive = (
                    b.pos,
                    b.facing,
                    b.damage,
                    b.lives,
                    b.flags,
                    b.archive,
                )
                locked, virtual, powered = b.locked, b.virtual, b.powered
                options, announced = b.options, b.announce  # as revealed in that picture
            else:
                pos, facing, damage, lives, flags, archive = (
                    r.pos,
                    r.facing,
                    r.damage,
                    r.lives,
                    r.flags,
                    r.archive,
                )
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
            if r.resigned and pos < 0:  # gone for good: nothing else about it counts
                t.append(" resigned\n", "yellow")
                continue
            lk = lock_text([bool(locked[i]) and pos >= 0 for i in range(REGISTERS)])
            t.append(f" {lk:<3}{max(0, lives):>2} {flags}/{len(lay.flags)}")
            op = str(len(options)) if len(options) < 10 else "+"
            t.append(f" {lay.short_name(archive):<3}{op:>3}")
            state_bits = robot_state(pos, lives, powered, announced, virtual)
            if state_bits:
                t.append(" " + state_bits, "yellow")
            t.append("\n")
        if self.at_table:  # whom the table waits for: a line each, cut by the table's width
            waiting = None if self.queue else self.thinking_text()
            if waiting:
                t.append(waiting + "\n", "yellow")
        else:  # the spinner and the seconds apart: a tick rewrites only them
            width = self.query_one("#rr-side").content_size.width or 41
            thinking = None if self.queue else self.thinking_status(width)
            if thinking is not None:
                t.append_text(thinking)
        t.rstrip()
        self.query_one("#rr-status", Panel).update(t, layout=False)
        return len(t.plain.splitlines())

    def _prog(self, view: RoboRallyView, warn: str) -> int:
        """Write the program, decision or playback panel (drawn by the log panel, see
        :class:`RegisterLog`); returns its height."""
        widget = self.query_one("#rr-prog", Panel)
        width = self.query_one("#rr-side").content_size.width or 41
        if self.legend_on:
            widget.update(legend(self.glyphs.ascii_only, view.layout, width), layout=False)
            return 0
        t = Text()
        state = self.state
        me = view.robots[view.seat]
        if self.session.hot_seat and self.shown_seat is None:
            t.append("Cards are hidden.", "dim")
        elif self.queue or self.shown is not None:
            self._playback_panel(t)
        elif not self.my_turn():
            if state.is_terminal():
                t.append("Game over. ", "bold")
                t.append("Enter shows the result again.", "dim")
            elif self.watching_table():  # a spectator has no robot: the players' texts
                t.append("You are watching the race.", "dim")
                if not self.message:
                    t.append("\n" + self.coming_playback(), "dim")
            elif me.resigned:
                t.append("You resigned: the race goes on without your robot.", "dim")
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
            self._program_panel(t, view, warn)
            if timer := self.table_timer_line():  # at a table, the last one to program
                t.append("\n" + timer, "bold yellow")
        else:
            self._decision_panel(t, view)
            if deadline := self.table_timer_line():  # at a table, the decision's time
                t.append(deadline, "bold yellow")
        if self.message:
            t.append("\n" + self.message, "bold")
        t.rstrip()
        widget.update(t, layout=False)
        return len(t.wrap(self.app.console, width))

    def _options_line(self, t: Text, options: tuple[str, ...] | list[str]) -> None:
        """``Options: Brakes, Flywheel`` (your option cards, by name) if you hold any."""
        if options:
            t.append("Options: ", "bold magenta")
            t.append(", ".join(option_name(o) for o in options) + "\n", "magenta")


# Squares are drawn 4 columns wide only on a terminal wider than this (at 80x24 the screen
# stays as it always was, whatever the course).
WIDE_FROM = 81
TALL_FROM = 30  # terminal rows from which a course that fits gets two-row squares


def board_cell_height(lay: Layout, terminal_height: int, room: int) -> int:
    """2 rows a square on a terminal of :data:`TALL_FROM` rows or more where the whole
    course fits ``room`` rows that way (with its line of column letters), else 1."""
    return 2 if terminal_height >= TALL_FROM and lay.height * 2 + 1 <= room else 1


def board_cell_width(lay: Layout, terminal_width: int, room: int) -> int:
    """Columns a square takes on the board panel: 4 on a terminal wider than 80 where the
    whole course is that wide fits in ``room`` columns (with its row numbers), else 3."""
    wide = lay.width * 4 + 1 + row_label_width(lay)
    return 4 if terminal_width >= WIDE_FROM and wide <= room else 3


# The robots' table: 32 columns, a space and up to 7 of state, the 40 the side panel has
TABLE_HEADER = "Robot     Sq Dm Lk Lv Flg Arc Op"


def lock_text(locked: list[bool]) -> str:
    """The locked registers in at most 3 characters: ``-``, ``5``, a run as ``4-5`` or
    ``2-5``, two apart as ``3,5`` (``45`` read like forty-five), and ``13+`` for a rare gapped
    set of three or more (Fire Control locks among damage locks)."""
    regs = [r + 1 for r, on in enumerate(locked) if on]
    if len(regs) <= 1:
        return "".join(map(str, regs)) or "-"
    if regs == list(range(regs[0], regs[-1] + 1)):
        return f"{regs[0]}-{regs[-1]}"
    if len(regs) == 2:
        return f"{regs[0]},{regs[1]}"
    return f"{regs[0]}{regs[1]}+"


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


def is_heading(line: tuple[str, str]) -> bool:
    """A register's, a turn's or a turn end's heading line of the log (see narrate)."""
    text, style = line
    return style == "bold" and (
        text.startswith(("Register ", "End of turn "))
        or text.startswith("Turn ")
        and text.endswith(" begins.")
    )


def log_window(lines: list[tuple[str, str]], width: int, height: int) -> list[tuple[str, str]]:
    """The newest ``lines`` wrapped to ``width`` that fit in ``height``, whole entries only
    (the window never starts with the tail of a wrapped line). The newest heading
    (``Register 3: ...``, ``End of turn 2:``, ``Turn 3 begins.``) stays at the top while the
    lines under it are more than there is room for: what they belong to never scrolls away."""
    if height <= 0:
        return []
    head = max((n for n, line in enumerate(lines) if is_heading(line)), default=-1)
    # An entry takes a line at least: only the newest ``height`` entries and the newest
    # heading can show, and only they are wrapped (a long race's log has a thousand).
    first = max(0, len(lines) - height)
    if head >= 0:
        first = min(first, head)
        head -= first
    lines = lines[first:]
    groups = [wrap_log([line], width) for line in lines]
    if sum(map(len, groups)) <= height:
        return [part for group in groups for part in group]
    heading = groups[head] if head >= 0 else []
    under = sum(len(group) for group in groups[head + 1 :])
    if head < 0 or len(heading) + under <= height or len(heading) >= height:
        return _newest_entries(groups, height)  # the heading is in view anyway
    return heading + _newest_entries(groups[head + 1 :], height - len(heading))


def _newest_entries(groups: list[list[tuple[str, str]]], room: int) -> list[tuple[str, str]]:
    """The newest wrapped entries that fit ``room`` lines whole (the newest one's last lines
    when even it does not fit)."""
    shown: list[tuple[str, str]] = []
    for group in reversed(groups):
        if len(group) > room:
            break
        shown[:0] = group
        room -= len(group)
    return shown or groups[-1][-room:]


class RegisterLog(Panel):
    """The whole side panel: the robots' table, the program panel and under them the
    newest log lines, wrapped at word boundaries to the room left (so the last line is
    always on screen).

    All are drawn in this one panel, so that a table or a program panel a line longer or
    shorter (a first card's preview line, a message, the thinking line) moves what is under
    it by cells, not by a layout that repaints the panels whole. The table's and the
    program panel's contents stay in their own hidden widgets (``#rr-status``,
    ``#rr-prog``), which draw them here exactly as they would show themselves."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lines: list[tuple[str, str]] = []
        self.heads: list[tuple[int, Panel]] = []  # (blank lines before, panel) above the log
        self.log_shown = True  # False: the legend (the program panel's content) alone

    def show(
        self,
        lines: list[tuple[str, str]],
        heads: list[tuple[int, Panel]] | None = None,
        log_shown: bool = True,
    ) -> None:
        self.lines = list(lines)
        self.heads, self.log_shown = list(heads or []), log_shown
        self.update(self.window_text())

    def on_resize(self) -> None:
        self.update(self.window_text())

    def head_lines(self) -> list[Text]:
        """The lines above the log: each panel as its own widget draws it at this width."""
        width = self.content_size.width
        rows: list[Text] = []
        if width <= 0:
            return rows
        for gap, head in self.heads:
            strips = Visual.to_strips(head, head.visual, width, None, head.visual_style)
            rows.extend(Text() for _ in range(gap))
            rows.extend(
                Text.assemble(*((seg.text, seg.style or "") for seg in strip if not seg.control))
                for strip in strips
            )
        return rows

    def log_room(self, head: int) -> int:
        """Lines left to the log under ``head`` lines (at least 2, as its min-height was
        when it was a panel of its own: what does not fit is cut at the bottom)."""
        if not self.log_shown:
            return 0
        return max(2, self.content_size.height - head)

    def visible_lines(self) -> list[tuple[str, str]]:
        """The wrapped log lines that fit, newest last (see :func:`log_window`)."""
        room = self.log_room(len(self.head_lines()))
        return log_window(self.lines, self.content_size.width, room)

    def window_text(self) -> Text:
        """The table, the program panel and the log lines that fit, as drawn."""
        rows = self.head_lines()
        t = Text(no_wrap=True, overflow="crop")
        room = self.log_room(len(rows))
        if room and not self.lines:
            rows.append(Text("Log: every register will be told here.", "dim"))
        elif room:
            window = log_window(self.lines, self.content_size.width, room)
            rows.extend(Text(text, style or "") for text, style in window)
        t.append_text(Text("\n").join(rows))
        return t
        for n, (text, style) in enumerate(self.visible_lines()):
            t.append(("\n" if n else "") + text, style or None)
        return t
