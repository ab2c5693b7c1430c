"""Stak Bots' panels: the title, a column for each stack, your hand, the status line (the
prompt's options, the keys of the turn, messages) and the event log.

``PanelsMixin`` is part of :class:`screens.stak_bots.screen.StakBotsScreen`.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from engines.stak_bots.moves import Move
from screens.dialogs import PreviewScreen
from screens.sized_panel import SizedPanel
from screens.stages import UiPhase
from screens.stak_bots.keys import KEY_ACTIONS
from screens.stak_bots.log import log_text
from screens.stak_bots.render import (
    choice_title,
    hand_lines,
    marks_for,
    option_label,
    option_rows,
    option_window,
    stack_column,
    stacks_text,
)
from screens.stak_bots.room import Room, room_for
from screens.stak_bots.surface import StakBotsSurface
from screens.text_fit import clip_wrap, fit, wrap_groups, wrap_text

STATUS_LINES = 3  # the height of #sb-status


class PanelsMixin(StakBotsSurface):
    """The game's panels, drawn (:meth:`refresh_all`)."""

    def stack_labels(self) -> list[str]:
        """Every column's owner as it shows it: "P1 You", "P1 Ann (you)"."""
        names = self.names()
        viewer = self.viewer()
        return [
            name + (" (you)" if self.says_you(seat, viewer, names) else "")
            for seat, name in enumerate(names)
        ]

    def action_view_stacks(self) -> None:
        """``v``: every stack's public cards with their whole texts, which narrow columns
        cut, in a scrollable window; the hand on screen too (nobody else's)."""
        text = stacks_text(self.state, self.stack_labels(), hand_seat=self.hand_seat())
        self.app.push_screen(PreviewScreen("Stacks: every face-up card, top first", text))

    def room(self) -> Room:
        """The panels' sizes for this terminal (see room.py)."""
        size = self.size if self.size.area else self.app.size
        return room_for(size.width, size.height)

    def fit_room(self) -> None:
        """Size the left panel and the hand for the terminal (at 80x24 as the CSS has
        them); a style set to what it already is changes nothing."""
        room = self.room()
        left = self.query_one("#sb-left")
        if left.styles.width is None or left.styles.width.value != room.left:
            left.styles.width = room.left
        hand = self.query_one("#sb-hand")
        if hand.styles.max_height is None or hand.styles.max_height.value != room.hand_rows:
            hand.styles.max_height = room.hand_rows

    def refresh_all(self) -> None:
        if not self.is_mounted:
            return
        self.fit_room()
        self.update_footer()
        state = self.state
        names = self.names()
        whose = "game over" if state.is_terminal() else f"P{state.active + 1}'s turn"
        title = Text.assemble(
            ("Stak Bots  ", "bold"),
            f"turn {state.turn}: {whose}  ",
            f"draw pile {len(state.draw)}  scrapheap {len(state.heap)}  ",
            ("" if state.cards.name == "robotui default" else f"set: {state.cards.name}", "dim"),
        )
        self.query_one("#sb-title", Static).update(title)
        self._note_prompt()
        options = self.prompt_options()
        selected = options[min(self.option, len(options) - 1)] if options else None
        marks = marks_for(selected, options)
        for seat, label in enumerate(self.stack_labels()):
            self.query_one(f"#sb-stack-{seat}", SizedPanel).show(
                self._column_drawer(seat, label, marks.get(seat, {}))
            )
        self._draw_hand()
        self._draw_status(names, options)
        self._draw_log()

    def says_you(self, seat: int, viewer: int, names: list[str]) -> bool:
        """Whether ``seat``'s column adds " (you)" to the owner: the one human's, unless
        the name already says so ("P1 You")."""
        return (
            seat == viewer
            and self.session.is_human(seat)
            and not self.session.hot_seat
            and names[seat].split()[-1].lower() != "you"
        )

    def _column_drawer(
        self, seat: int, label: str, marks: dict[int, str]
    ) -> Callable[[int, int], Text]:
        fallback = max((self.room().stack_width // self.state.num_players) - 1, 10)

        def draw(width: int, height: int) -> Text:
            widths = self.column_widths(fallback)
            widths[seat] = width or fallback
            return stack_column(
                self.state,
                seat,
                width or fallback,
                label,
                self.glyphs,
                marks,
                height,
                widths,
                detail=self.room().detail,
            )

        return draw

    def column_widths(self, fallback: int) -> list[int]:
        """Every stack column's width, by seat (``fallback`` until laid out), so that all
        the columns tell their counts in one form."""
        return [
            self.query_one(f"#sb-stack-{seat}", SizedPanel).content_size.width or fallback
            for seat in range(self.state.num_players)
        ]

    def hand_seat(self) -> int | None:
        """The seat whose hand is on screen, None while hands are hidden."""
        seat = self.shown_seat
        if seat is None or not self.session.is_human(seat):
            seat = self.viewer()
        hidden = self.session.hot_seat and self.shown_seat is None
        return None if not self.session.is_human(seat) or hidden else seat

    def _draw_hand(self) -> None:
        widget = self.query_one("#sb-hand", Static)
        seat = self.hand_seat()
        if seat is None:
            counts = ", ".join(
                f"{name}: {len(hand)}"
                for name, hand, out in zip(
                    self.names(), self.state.hands, self.state.out, strict=True
                )
                if not out
            )
            widget.update(Text(f"Hands are hidden. Cards in hand - {counts}", style="dim"))
            return
        options = self.prompt_options()
        picked = self.prompt_hand_card(options)  # the card a hand-card prompt would take
        if picked is None:
            cursor, active = self.cursor, self.human_to_move() and not options
        else:
            cursor, active = picked, True
        room = self.room()
        text = Text()
        text.append(self.hand_heading(seat) + "\n", "dim")
        text.append(
            hand_lines(
                self.state,
                seat,
                cursor,
                room.stack_width - 1,  # a space before the panel's border, as the stacks have
                active,
                max_lines=room.hand_rows - 2,
                ellipsis=self.glyphs.ellipsis,
                most=room.card_lines,
            )
        )
        text.rstrip()  # no empty last line taking a row from the stacks
        widget.update(text)

    def hand_heading(self, seat: int) -> str:
        """``Your hand, P1 You (P2 holds 2 cards, P3 1, P4 3):``, shorter when narrow;
        players who are out are left out."""
        state = self.state
        counts = [
            (s, len(state.hands[s]))
            for s in range(state.num_players)
            if s != seat and not state.out[s]
        ]
        held = ", ".join(
            f"P{s + 1} holds {n} card{'' if n == 1 else 's'}" if i == 0 else f"P{s + 1} {n}"
            for i, (s, n) in enumerate(counts)
        )
        name = self.names()[seat]
        width = self.room().stack_width
        if getattr(self.session, "replaying", False):  # a replay says whose hand, not "your"
            whose = f"{name}'s hand"
            heading = f"{whose} ({held}):" if held else f"{whose}:"
            return (
                heading if cell_len(heading) <= width else fit(whose, width, self.glyphs.ellipsis)
            )
        if not held:  # the game is over: nobody else is left
            return fit(f"Your hand, {name}:", width, self.glyphs.ellipsis)
        for heading in (f"Your hand, {name} ({held}):", f"Your hand ({held}):"):
            if cell_len(heading) <= width:
                return heading
        return fit(f"Your hand ({held})", width, self.glyphs.ellipsis)

    def _draw_status(self, names: list[str], options: list[Move]) -> None:
        """Three lines: what is going on (a prompt's title and options, the keys of your
        turn, who is thinking, the result), then the message, if any, on the lines left:
        your turn's keys give up their extras and the note on ending the turn for it. The
        message always shows whole, on the last lines (a hint ends with its key): should
        what is going on need more lines than it was given, it loses its last ones."""
        state = self.state
        widget = self.query_one("#sb-status", Static)
        width = self.status_width()
        ell = self.glyphs.ellipsis
        rows: list[Text] = []
        thinking = self.thinking_status(width)
        # a table's time for your decision (a daily table's, or the move timer's): a line
        # of its own, taken from the keys' room
        deadline = "" if thinking is not None else self.table_timer_line()
        if state.is_terminal():
            result = state.result()
            assert result is not None
            reason = self.named([result.reason])[0]
            rows += [
                Text(line, "bold")
                for line in clip_wrap(reason, width, 1 if self.message else 2, ell)
            ]
            if getattr(self.session, "replaying", False):
                keys = "Home back to the deal, q leave"  # a replay has no result panel
            elif self.at_table:
                keys = "Enter the result, q back to the lobby"
            else:
                keys = "Enter the result, n new game, q leave"
            rows.append(Text(f"Game over: {keys}.", "dim"))
        elif thinking is not None:
            rows.append(thinking)
        elif options:
            title = (
                choice_title(state, names, self.you(), width)
                if state.choice
                else "Attack which stack?"
            )
            rows.append(Text(fit(title, width, ell), "bold green"))
            lines = 1 if self.message or deadline else 2
            rows += self._options_lines(options, names, lines).split("\n")
        elif self.human_to_move():
            room = STATUS_LINES - (1 if deadline else 0)
            key_lines = len(self.turn_keys(width, 0).splitlines())  # the keys alone
            room -= len(self.message_lines(width, room - key_lines))
            rows += [Text(line, "green") for line in self.turn_keys(width, room).splitlines()]
        else:
            rows.append(Text(f"{names[state.to_move()[0]]} to move."))
        if deadline and not state.is_terminal():
            rows.append(Text(fit(deadline, width, ell), "yellow"))
        if self.message:
            message = self.message_lines(width, max(STATUS_LINES - len(rows), 1))
            rows = rows[: STATUS_LINES - len(message)] + [Text(m, "bold") for m in message]
        widget.update(Text("\n").join(rows))

    def message_lines(self, width: int, room: int) -> list[str]:
        """The message in at most ``room`` lines: a hint in as few lines as one of its
        forms fits whole (the longest of those), else cut with an ellipsis. A hint's
        closing parenthesis, with its key, is never broken: "(card 1 is picked: p plays
        it)." goes to the next line whole, leaving no lone "it)."."""
        if not self.message:
            return []
        forms = self.hint_forms if self.hint_forms[:1] == [self.message] else [self.message]
        for count in range(1, room + 1):
            for form in forms:
                lines = hint_wrap(form, width)
                if len(lines) == count:
                    return lines
        return clip_wrap(forms[-1], width, max(room, 1), self.glyphs.ellipsis)

    def status_width(self) -> int:
        """The columns of the status lines (the stacks' width until laid out)."""
        width = self.query_one("#sb-status", Static).content_region.width
        return width if width >= 20 else self.room().stack_width

    def turn_keys(self, width: int, room: int = STATUS_LINES) -> str:
        """The keys of your turn that do something now (as the footer: no ``p play`` with
        an empty hand, no ``e end`` before a card is scrapped), on one line or two, and why
        the turn cannot end yet, in ``room`` lines if they can (0: the keys alone). Hint,
        undo and save are named here when the footer has no room for them (see
        GameScreen.footer_left_out) and this has."""
        now = self.turn_keys_now(UiPhase.TURN)
        keys = [
            f"{key} {'end' if action == 'end_turn' else action}"
            for key, action in KEY_ACTIONS.items()
            if now[action] is True
        ]
        extra = [f"{key} {text.lower()}" for _, key, text in self.footer_left_out()]
        most = max(min(room, 2), 1)
        for count in range(len(extra) if room else 0, -1, -1):  # drop extras, not keys
            # a key stays with its word when the line breaks
            lines = wrap_groups(["Your", "turn:", *keys, *extra[:count]], width, balance=True)
            if len(lines) <= most:
                break
        if room and self.end_block_reason() is not None:
            note = " (e waits: nothing scrapped yet)"
            if len(lines) > 1 and len(lines[-1] + note) <= width:
                lines[-1] += note
            elif len(lines) < room:
                lines.append("End turn (e) waits: nothing scrapped yet.")
        return "\n".join(lines)

    def _options_lines(self, options: list[Move], names: list[str], lines: int) -> Text:
        """The prompt's options on ``lines`` lines, broken between whole options and
        scrolled to keep the selected one in view, so the message line below is never
        pushed out of the status area."""
        ell = self.glyphs.ellipsis
        width = self.status_width()
        you = self.you()
        labels = [
            fit(f"{i + 1} {option_label(self.state, o, names, you)}", width - 8, ell)
            for i, o in enumerate(options)
        ]
        at = min(self.option, len(options) - 1)
        first, end = option_window(labels, at, width, ell, lines)
        text = Text(ell + " " if first > 0 else "")
        for row, indices in enumerate(option_rows(labels, first, end, width, ell)):
            if row:
                text.append("\n")
            for n, i in enumerate(indices):
                text.append("  " if n else "")
                text.append(labels[i], "reverse bold" if i == at else "")
        if end < len(labels):
            text.append(" " + ell)
        return text

    def _draw_log(self) -> None:
        self.query_one("#sb-log", SizedPanel).show(
            lambda width, height: log_text(self.named(self.state.events), width, height)
        )


def hint_wrap(text: str, width: int) -> list[str]:
    """``text`` wrapped to ``width`` columns, a closing parenthesis kept on one line when
    it fits one: "Hint: play Bountiful Bot" / "(card 1 is picked: p plays it)."."""
    start = text.rfind(" (")
    if text.endswith((")", ").")) and start >= 0 and len(text) - start - 1 <= width:
        return wrap_groups([*text[:start].split(" "), text[start + 1 :]], width)
    return wrap_text(text, width)
