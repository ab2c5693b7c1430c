"""Robo Factory's notepad: a grid of marks (x out, o sure, ? maybe) for each part and colour,
its keys (Tab gives it the keys), and its place in the save's [ui] table, so that quitting
keeps it for the customer turn.

``NotepadMixin`` is part of :class:`screens.robo_factory.screen.RoboFactoryScreen`.
"""

from __future__ import annotations

from rich.text import Text

from screens import ui_state
from screens.robo_factory.draw import (
    MARK_STYLES,
    MARKS,
    notepad_rows,
    notes_from_rows,
    notes_to_rows,
)
from screens.robo_factory.surface import RoboFactorySurface

NOTEPAD_KEYS = "Notepad: arrows or r g b y move, Space/x/o mark, Del clears"


class NotepadMixin(RoboFactorySurface):
    """The notepad's keys (Tab, r g b y, Space/x/o, Del, p) and its panel."""

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

    def _notes(self, seat: int) -> dict[tuple[int, int], str]:
        """The seat's notepad, wiped at each new customer turn (from the save on resume)."""
        if self.notes_turn.get(seat) != self.state.turn:
            self.notes_turn[seat] = self.state.turn
            self.notes[seat] = self._saved_notes(seat)
        return self.notes[seat]

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
    def _notes_text(self, seat: int | None) -> Text:
        if seat is None:
            return Text.assemble(("Notes hidden", "dim"))
        cursor = self.note_cursor if self.notes_mode else None
        room = self.room()
        out = Text()
        rows = notepad_rows(self._notes(seat), cursor, self.glyphs.legal, room.cell)
        for i, row in enumerate(rows):
            out.append_text(row)
            blank = room.taller or (room.spaced and i in (0, len(rows) - 1))
            out.append("\n\n" if blank else "\n")
        if self.notes_mode:  # the marks' meaning (the footer has the keys)
            out.append_text(
                Text.assemble(
                    ("x", MARK_STYLES["x"]),
                    " out ",
                    ("o", MARK_STYLES["o"]),
                    " sure ",
                    ("?", MARK_STYLES["?"]),
                    " maybe",
                )
            )
        return out
