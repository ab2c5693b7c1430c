"""Robo Factory's panels: the title, the open cards and yours, your build, the status line,
the players' cubes and the log (the notepad's panel is in notepad.py).

``PanelsMixin`` is part of :class:`screens.robo_factory.screen.RoboFactoryScreen`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from engines.robo_factory.cards import letters
from engines.robo_factory.state import BUILD, BUY, OVER, REBUILD, RoboFactoryView
from screens.panel import Panel
from screens.robo_factory.draw import (
    build_rows,
    letters_text,
    log_lines,
    log_text,
    match_words,
    possible_text,
    robots_rows,
    round_text,
    styled_log,
    summary_of_last_turn,
)
from screens.robo_factory.notepad import NOTEPAD_KEYS
from screens.robo_factory.results import reason_text
from screens.robo_factory.room import Room, room_for
from screens.robo_factory.surface import RoboFactorySurface
from screens.sized_panel import SizedPanel
from screens.text_fit import cut_cells, fit, pad_cells

PHASE_NAMES = {BUY: "buying", BUILD: "first try", REBUILD: "second try", OVER: "over"}
NARROW = room_for(80, 24)
OPEN_GAP = NARROW.open_gap  # at 80x24: spaces after each open card
OWN_COLUMN = NARROW.own_column  # at 80x24: where your own cards start in the cards panel
CARDS_WIDTH = NARROW.cards_width  # at 80x24: the cards panel's width
ROBOT_TITLE_CELLS = 22  # "Computer 3's robot" beside the notepad, at 80x24 too


class PanelsMixin(RoboFactorySurface):
    """The game's panels, drawn (:meth:`refresh_all`)."""

    def _replayed_name(self, seat: int) -> str | None:
        """In a replay, the name of the seat whose cards are shown (the panels say whose,
        not "your"); None in a game being played."""
        if not getattr(self.session, "replaying", False):
            return None
        return self.names()[seat]

    def room(self) -> Room:
        """The layout for the terminal's size (see room.py)."""
        size = self.app.size
        return room_for(size.width, size.height)

    def on_resize(self) -> None:
        """Drawn again for the new size (Textual also runs GameScreen's handler)."""
        self.refresh_all()

    def refresh_all(self) -> None:
        if not self.is_mounted:
            return
        room = self.room()
        self.set_class(room.wide, "rf-wide")  # robo_factory.tcss: the panels' sizes
        self.set_class(room.spaced, "rf-tall")
        self.set_class(room.roomy, "rf-roomy")
        self.set_class(room.taller, "rf-taller")
        view = self.shown_view()
        seat = self.private_seat()
        names = self.names()
        title = Text.assemble(("Robo Factory  ", "bold"), round_text(view), "  ")
        if self.state.phase != OVER:
            title.append(f"Customer: {names[view.customer]}", "bold magenta")
            title.append(f"  ({PHASE_NAMES[self.state.phase]})")
        self.query_one("#rf-title", Panel).update(title)
        self.query_one("#rf-cards", Panel).update(self._cards_text(view, seat))
        self.query_one("#rf-notes", Panel).update(self._notes_text(seat))
        self.query_one("#rf-build", Panel).update(self._build_text(view, seat))
        self.query_one("#rf-status", Panel).update(self._status_text(view, seat))
        self.query_one("#rf-players", Panel).update(self._players_text(view))
        self.query_one("#rf-log", SizedPanel).show(
            lambda width, height: self._log_text(view, seat, width, height)
        )
        self.update_footer()

    def _cards_text(self, view: RoboFactoryView, seat: int | None) -> Text:
        """The open cards over their match tiles (``2 matches``), then your private cards, in
        the order dealt, over the keys that pick them (``[1]``); a card you gave for
        information stays in its place, marked ``gave``, with its match count below."""
        room = self.room()
        own_column, step = room.own_column, room.own_step
        text = Text.assemble(("Open cards and tiles", "bold"))
        mine = seat is not None and seat != view.customer and view.phase != OVER
        if mine and seat is not None:
            text.append(" " * (own_column - text.cell_len))
            if (whose := self._replayed_name(seat)) is not None:  # a replay: whose they are
                room_left = max(room.cards_width - own_column, 8)
                text.append(fit(f"{whose}'s cards", room_left, self.glyphs.ellipsis), "bold")
            else:
                text.append("Your cards" + (" (1-3)" if view.phase == BUY else ""), "bold")
        if view.phase == OVER:  # the last turn's, to look back at
            layout = self.state.open_layout(self.state.turn)
            text.append(" (last turn)\n", "dim")
            for row in robots_rows([card for card, _ in layout], room.open_gap):
                text.append_text(row)
                text.append("\n")
            text.append_text(_tiles_row([tile for _, tile in layout], room.open_gap))
            return text
        text.append("\n")
        own = self.state.dealt_hand(seat) if mine and seat is not None else []
        rows = robots_rows(list(view.open_cards), room.open_gap)
        if own:
            own_rows = robots_rows(own, room.own_gap)
        else:  # in the place of your cards, two lines on why there are none
            if seat is None:
                note = ("private cards", "hidden", "dim")
            elif self._replayed_name(seat) is not None:
                note = ("this seat is", "the customer", "magenta")
            else:
                note = ("you are the", "customer", "magenta")
            own_rows = [Text(), Text(note[0], note[2]), Text(note[1], note[2])]
        for row, own_row in zip(rows, own_rows, strict=True):
            line = row.copy()
            line.append(" " * (own_column - row.cell_len))
            line.append_text(own_row)
            line.rstrip()  # a trailing gap must not wrap in the panel
            text.append_text(line)
            text.append("\n")
        tiles = _tiles_row(view.open_tiles, room.open_gap)
        tiles.append(" " * (own_column - tiles.cell_len))
        given = view.bought[0] if mine and view.bought is not None else None
        if mine:
            picking = self.human_to_move() and view.phase == BUY
            for key, card in enumerate(own, start=1):
                if card == given:
                    tiles.append(" gave".ljust(step), "bold green")
                elif view.phase == BUY and given is None:  # the keys that pick a card
                    picked = picking and self.pick == key - 1
                    tiles.append(" ")
                    tiles.append(
                        f"[{key}]", "reverse bold" if picked else ("bold" if picking else "dim")
                    )
                    tiles.append(" " * (step - 4))
                else:
                    tiles.append(" " * step)
        tiles.rstrip()
        text.append_text(tiles)
        if given is not None and view.bought is not None:
            column = own_column + step * own.index(given) + 1
            label = match_words(view.bought[1])
            text.append("\n" + " " * min(column, room.cards_width - len(label)))
            text.append(label, "bold green")
        return text

    def _build_text(self, view: RoboFactoryView, seat: int | None) -> Text:
        out = Text()
        if seat is None or seat == view.customer or view.phase == OVER:
            return out
        my_move = self.human_to_move() and view.actor == seat
        if view.phase == REBUILD and view.own_build is not None:
            assert view.tile is not None  # a first build's match count, known in rebuild
            out.append("Try 1 ")
            out.append_text(letters_text(view.own_build))
            out.append(f": {match_words(view.tile)}\n", "bold green")
        elif view.phase == BUILD and view.own_build is not None:
            out.append("Built ")
            out.append_text(letters_text(view.own_build))
            out.append(" - wait\n", "dim")
        else:
            whose = self._replayed_name(seat)
            title = "Your robot" if whose is None else f"{whose}'s robot"
            title = fit(title, ROBOT_TITLE_CELLS, self.glyphs.ellipsis)
            out.append(title + (" (try 2)" if view.phase == REBUILD else "") + "\n", "bold")
        building = my_move and view.phase in (BUILD, REBUILD)
        room = self.room()  # blank rows as in the notepad beside it
        out.append("\n" if room.spaced else "")
        for row in build_rows(
            self.parts if building else [None] * 3, self.part, building and not self.notes_mode
        ):
            out.append_text(row)
            out.append("\n\n" if room.taller else "\n")
        out.append("\n" if room.spaced and not room.taller else "")
        if view.eureka_used[seat]:
            out.append("Eureka used", "dim")
        else:
            out.append("Eureka: ")
            out.append(
                "ON" if self.eureka and building else "off",
                "bold reverse red" if self.eureka and building else "",
            )
            out.append(" (e)", "dim")
        return out

    def _status_text(self, view: RoboFactoryView, seat: int | None) -> Text:
        state = self.state
        names = self.names()
        if state.is_terminal():
            text = Text.assemble((reason_text(state, names), "bold"))
            if self.message:
                text.append("\n" + self.message, "bold")
            return text
        width = self.query_one("#rf-status").content_size.width or CARDS_WIDTH
        thinking = self.thinking_status(width)
        if self.answer:  # hot seat: the buyer reads its answer, then passes the keyboard
            following = self.next_human()
            who = self.player_label(following) if following is not None else "the next player"
            text = Text.assemble(
                (self.answer, "bold"),
                "\n",
                (f"Enter hides your cards: then pass the keyboard to {who}.", "green"),
            )
            if self.notes_mode:
                text.append(f"\n{NOTEPAD_KEYS}, Tab: back.", "green")
        elif thinking is not None:
            text = thinking
        elif self.notes_mode and seat is not None:
            back = (
                {BUY: "buying", BUILD: "the build", REBUILD: "the second try"}.get(
                    state.phase, "the game"
                )
                if self.human_to_move()
                else "the game"
            )
            text = Text(f"{NOTEPAD_KEYS}. Tab: back to {back}.", "green")
        elif self.human_to_move():
            prompt = {
                BUY: "Buy information? 1-3 pick a card, Enter buys it for 1 cube, n: no.",
                BUILD: "Build: type r g b y (or arrows), "
                + ("e Eureka, " if self.eureka_left() else "")
                + "Enter builds.",
                REBUILD: "Nobody was right. Second try: +2 if right, else pay the customer 1.",
            }[state.phase]
            text = Text.assemble((prompt, "green"))
            if self.session.hot_seat and seat is not None:  # whose cards these are
                text = Text.assemble((f"{names[seat]}: ", "bold"), text)
            lost = self._eureka_lost(view, seat)
            if lost:  # the die of a wrong first try, not only in the log
                text = Text.assemble((lost, "bold red"), "\n", text)
            if view.bought is not None and state.phase == BUILD:  # also after a resume
                text = Text.assemble((bought_answer(view.bought), "bold"), "\n", text)
            if deadline := self.table_timer_line():  # a daily table's time for your move
                text.append("\n" + deadline, "yellow")
        else:
            actor = state.current_player()
            who = names[actor] if actor is not None else "Nobody"
            text = Text(f"{who} to play.")
            if seat is not None and seat == view.customer:
                text.append(
                    " You are the customer: the computer deals and checks for you.", "magenta"
                )
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
        first = next(
            (
                e
                for e in view.events
                if e.turn == view.turn and e.kind == "check" and e.seat == seat and e.attempt == 1
            ),
            None,
        )
        if first is None or not first.die:
            return ""
        cost = -first.gain
        paid = (
            "you had no cube to pay"
            if cost == 0
            else "you paid 1 cube"
            if cost == 1
            else f"you paid {cost} cubes"
        )
        return f"Eureka on a wrong robot: the die showed {first.die}, {paid}."

    def _players_text(self, view: RoboFactoryView) -> Text:
        names = self.names()
        text = Text.assemble((f"{'Player':<16}cubes Eur", "bold underline"))
        for s in range(view.num_players):
            mark = "C" if s == view.customer and view.phase != OVER else " "
            mark += ">" if s == view.actor else " "
            mark += "$" if view.buyers[s] and view.phase != OVER else " "
            style = "bold magenta" if s == view.customer else ""
            text.append(
                f"\n{mark}{pad_cells(cut_cells(names[s], 12), 13)}{view.cubes[s]:>4}  ", style
            )
            text.append(
                "used" if view.eureka_used[s] else " E",
                "dim" if view.eureka_used[s] else "bold red",
            )
        if self.room().wide:
            text.append("\nC customer  > to play\n$ bought information this turn", "dim")
        else:
            text.append("\nC customer >to play $bought", "dim")
        return text

    def log_lines(self) -> list[tuple[str, str]]:
        return styled_log(self._log_strings(self.shown_view()))

    def _log_strings(self, view: RoboFactoryView) -> list[str]:
        """The log as ``view``'s seat may read it, the one human called "you"."""
        names = self.names()
        return log_lines(view, names, names.index("You") if "You" in names else None)

    def _log_text(self, view: RoboFactoryView, seat: int | None, width: int, height: int) -> Text:
        """The log's newest lines for the room it has, or the possible robots (``p``)."""
        if self.show_possible and seat is not None and view.phase != OVER and seat != view.customer:
            possible = possible_text(view, max(8, width))
            if self.room().base:
                return possible
            # the possible robots on top, the log's newest lines under them
            rows = len(possible.wrap(self.app.console, max(8, width)))
            if height - rows - 1 < 2:
                return possible
            possible.append("\n\n")
            possible.append_text(log_text(self._log_strings(view), width, height - rows - 1))
            return possible
        return log_text(self._log_strings(view), width, height)


def _tiles_row(tiles: Sequence[int], gap: int) -> Text:
    """The open cards' match tiles, each under its card (``gap`` spaces after a card):
    ``2 matches 0 matches 1 match``."""
    row = Text()
    for tile in tiles:
        row.append(match_words(tile).ljust(5 + gap), "bold cyan")
    return row


def bought_answer(bought: tuple[int, int]) -> str:
    """What a purchase showed its buyer: ``Card GRB: 1 match (bought for 1 cube).`` (the
    status line keeps it while the buyer builds that turn)."""
    card, tile = bought
    return f"Card {letters(card)}: {match_words(tile)} (bought for 1 cube)."
