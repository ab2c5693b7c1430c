"""The load screen: saved games with game, players, date and move number."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from engines.safe_text import safe_text
from saves import SaveError, SaveSummary, delete_save, list_saves
from screens.dialogs import ConfirmScreen
from screens.footer import Footer
from screens.players_text import players_text
from screens.text_fit import fit

NAME_WIDTH = 54  # the table fits 80 columns: 54 + 18 and the cell padding
MAX_SKIPPED = 4  # bad files listed under the table; "saves list" shows them all


class LoadScreen(Screen[Path | None]):
    """Pick a save with up/down and Enter; v replays a finished game; d deletes; Escape goes
    back."""

    BINDINGS = [
        Binding("enter", "open", "Load", priority=True),
        Binding("v", "replay", "Replay"),
        Binding("d,delete", "delete", "Delete"),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self, save_dir: Path) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.summaries: list[SaveSummary] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="load"):
            yield Static(
                f"Saved games in {safe_text(str(self.save_dir))}", id="load-title", markup=False
            )
            yield DataTable(id="load-table", cursor_type="row", zebra_stripes=True)
            yield Static(id="load-errors")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("Save: name, game and players", width=NAME_WIDTH)
        table.add_column("Saved, move", width=18)
        self.reload()
        table.focus()

    def reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        self.summaries, errors = list_saves(self.save_dir)
        for s in self.summaries:
            save = Text(fit(s.name, NAME_WIDTH), "bold")
            save.append("\n" + fit(f"{s.game_name}: {players_text(s.players)}", NAME_WIDTH), "dim")
            when = Text(f"{s.updated.astimezone():%Y-%m-%d %H:%M}\n")
            if s.finished:
                when.append("finished", "green")
            else:  # as the game's screen says it ("move 5 of 24", "turn 3/12")
                when.append(s.progress)
            table.add_row(save, when, height=2)
        notes = Text()
        if not self.summaries:
            notes.append("No saved games yet. Games save themselves after every move.\n", "dim")
        for err in errors[:MAX_SKIPPED]:
            notes.append(f"Skipped: {err}\n", "yellow")
        if len(errors) > MAX_SKIPPED:
            notes.append(
                f"... and {len(errors) - MAX_SKIPPED} more unreadable files: "
                "'robotui saves list' names them all.\n",
                "yellow",
            )
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

    def action_replay(self) -> None:
        """``v``: the replay of a finished game, move by move (one line for another save)."""
        from saves.replay import NOT_FINISHED
        from screens.glyphs import glyphs_for
        from screens.replay.open import open_replay

        summary = self.selected()
        if summary is None:
            return
        if not summary.finished:
            self.notify(f"{summary.name!r} is {NOT_FINISHED}.", severity="warning", markup=False)
            return
        glyphs = getattr(self.app, "glyphs", None) or glyphs_for(False)
        problem = open_replay(self.app, summary.path, glyphs)
        if problem is not None:
            self.notify(problem, title="Cannot replay", severity="error", markup=False)

    def action_delete(self) -> None:
        summary = self.selected()
        if summary is None:
            return

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    delete_save(self.save_dir, str(summary.path))
                except SaveError as exc:  # gone meanwhile, or the folder cannot be written
                    self.notify(str(exc), severity="error", markup=False)
                else:
                    self.notify(f"Deleted {summary.name!r}.", markup=False)  # "[red]x" as is
                self.reload()

        self.app.push_screen(ConfirmScreen(f"Delete the save {summary.name!r}?"), done)

    def action_back(self) -> None:
        self.dismiss(None)
