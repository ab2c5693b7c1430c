"""The load screen: saved games with game, date, move number and players."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from saves import SaveSummary, delete_save, list_saves
from screens.dialogs import ConfirmScreen


def players_text(summary: SaveSummary) -> str:
    parts = []
    for p in summary.players:
        parts.append(p.name if p.kind == "human" else f"{p.name}")
    return " vs ".join(parts)


class LoadScreen(Screen[Path | None]):
    """Pick a save with up/down and Enter; d deletes; Escape goes back."""

    BINDINGS = [
        Binding("enter", "open", "Load", priority=True),
        Binding("d,delete", "delete", "Delete"),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self, save_dir: Path) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.summaries: list[SaveSummary] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="load"):
            yield Static(f"Saved games in {self.save_dir}", id="load-title")
            yield DataTable(id="load-table", cursor_type="row", zebra_stripes=True)
            yield Static(id="load-errors")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Name", "Game", "Saved", "Move", "Players", "")
        self.reload()
        table.focus()

    def reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        self.summaries, errors = list_saves(self.save_dir)
        for s in self.summaries:
            table.add_row(
                s.name[:24],
                s.game_name,
                f"{s.updated.astimezone():%Y-%m-%d %H:%M}",
                str(s.move_number),
                players_text(s)[:26],
                "finished" if s.finished else "",
            )
        notes = Text()
        if not self.summaries:
            notes.append("No saved games yet. Games save themselves after every move.\n", "dim")
        for err in errors:
            notes.append(f"Skipped: {err}\n", "yellow")
        self.query_one("#load-errors", Static).update(notes)

    def selected(self) -> SaveSummary | None:
        table = self.query_one(DataTable)
        if not self.summaries or table.cursor_row is None:
            return None
        return self.summaries[table.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        summary = self.selected()
        if summary is not None:
            self.dismiss(summary.path)

    def action_delete(self) -> None:
        summary = self.selected()
        if summary is None:
            return

        def done(yes: bool | None) -> None:
            if yes:
                delete_save(self.save_dir, str(summary.path))
                self.notify(f"Deleted {summary.name!r}.")
                self.reload()

        self.app.push_screen(ConfirmScreen(f"Delete the save {summary.name!r}?"), done)

    def action_back(self) -> None:
        self.dismiss(None)
