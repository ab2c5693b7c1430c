"""The stats screen: each human player's record from the local saves (won, lost and drawn
per game and computer level, longest winning streaks) and their best games, which the
replay key opens when the app gives the screen a way to replay a save."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engines.safe_text import safe_text
from saves import SaveError
from saves.stats import BestGame, PlayerStats, StatsScan, compute_stats, read_finished_games
from screens.footer import Footer
from screens.stats_text import (
    best_columns,
    best_games,
    best_text,
    record_lines,
    scan_notes,
    title_line,
)
from screens.text_fit import fit, wrap_text

BEST_ROWS = 6  # the least the best games' list gets of the height (three games)
MAX_SKIPPED = 2  # unreadable files named under the title; "robotui stats" names them all
LINE_STYLES = {"player": "bold", "head": "dim", "game": "bold"}


class StatsScreen(Screen[None]):
    """The records over the best games; Tab moves between them, Escape goes back.
    ``open_replay`` (a save's path) is what the replay key and Enter on a best game call;
    without it the list only shows the best games."""

    DEFAULT_CSS = """
    #stats { padding: 0 1; }
    #stats-title { text-style: bold; }
    #stats-notes { height: auto; color: $warning; }
    #stats-records { height: auto; margin-top: 1; }
    #stats-best-title { margin-top: 1; text-style: bold; }
    #stats-best { height: 1fr; min-height: 2; border: none; padding: 0; }
    #stats-best:focus { border: none; }
    """

    BINDINGS = [
        Binding("v", "replay", "Replay"),
        Binding("tab", "app.focus_next", "Records/best", show=True),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self, save_dir: Path, open_replay: Callable[[Path], None] | None = None) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.open_replay = open_replay
        self.scan = StatsScan()
        self.problem = ""  # the save folder cannot be read
        self.players: list[PlayerStats] = []
        self.bests: list[BestGame] = []
        self._width = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="stats"):
            yield Static(id="stats-title", markup=False)
            yield Static(id="stats-notes", markup=False)
            with VerticalScroll(id="stats-records"):
                yield Static(id="stats-table", markup=False)
            yield Static(id="stats-best-title", markup=False)
            yield OptionList(id="stats-best")
        yield Footer()

    def on_mount(self) -> None:
        try:
            self.scan = read_finished_games(self.save_dir)
        except SaveError as exc:
            self.problem = str(exc)
        self.players = compute_stats(self.scan.games)
        self.bests = [best for player in self.players for best in best_games(player)]
        self.show()
        self.query_one(OptionList if self.bests else VerticalScroll).focus()

    def on_resize(self, event: events.Resize) -> None:
        if self._width:  # filled once mounted
            if self.text_width() != self._width:
                self.show()
            self.share_height()

    def share_height(self) -> None:
        """The records take the height they need, leaving the best games at least
        :data:`BEST_ROWS` rows (fewer if there are fewer); the best games get the rest."""
        notes = len(self.notes(self._width or self.text_width()).plain.splitlines())
        best = min(2 * len(self.bests), BEST_ROWS)
        fixed = 5 + notes  # title, margins, the best games' title, the footer
        room = self.size.height - fixed - best
        self.query_one("#stats-records", VerticalScroll).styles.max_height = max(room, 3)

    def text_width(self) -> int:
        return max(self.size.width - 2, 20)  # the screen's padding

    def show(self) -> None:
        """Fill the widgets for the screen's width."""
        width = self._width = self.text_width()
        folder = safe_text(str(self.save_dir))
        counted = len(self.scan.games)
        self.query_one("#stats-title", Static).update(title_line(counted, folder, width))
        self.query_one("#stats-notes", Static).update(self.notes(width))
        self.query_one("#stats-table", Static).update(self.records(width))
        self.show_best(width)
        self.share_height()

    def notes(self, width: int) -> Text:
        if self.problem:  # the folder cannot be read: all of the one line, wrapped
            return Text("\n".join(wrap_text(self.problem, width)), "bold")
        lines = [" ".join(scan_notes(self.scan))]
        lines += [f"Skipped: {error}" for error in self.scan.skipped[:MAX_SKIPPED]]
        if len(self.scan.skipped) > MAX_SKIPPED:
            lines.append("'robotui stats' names every unreadable file.")
        return Text("\n".join(fit(line, width) for line in lines if line))

    def records(self, width: int) -> Text:
        text = Text()
        if not self.players:
            text.append(
                "No finished games to count yet: the games you play to the end against the "
                "computer, or with friends at this terminal, are counted here.",
                "dim",
            )
            return text
        for number, player in enumerate(self.players):
            if number:
                text.append("\n\n")
            lines = record_lines(player, width)
            for index, line in enumerate(lines):
                text.append(line.text, LINE_STYLES.get(line.kind, ""))
                if index < len(lines) - 1:
                    text.append("\n")
        return text

    def show_best(self, width: int) -> None:
        title = "Best games"
        if self.bests and self.open_replay is not None:
            title += " (v or Enter replays the one picked)"
        if not self.bests:
            title += ": none yet (your wins are listed here, widest margin first)"
        self.query_one("#stats-best-title", Static).update(fit(title, width))
        options = self.query_one("#stats-best", OptionList)
        highlighted = options.highlighted
        options.clear_options()
        cells = best_columns(self.bests)
        for index, best in enumerate(self.bests):
            first, second = best_text(best, cells, width - 1)
            prompt = Text(first)
            prompt.append("\n" + second, "dim")
            options.add_option(Option(prompt, id=f"best:{index}"))
        options.display = bool(self.bests)
        if self.bests:
            options.highlighted = min(highlighted or 0, len(self.bests) - 1)

    def selected(self) -> BestGame | None:
        options = self.query_one("#stats-best", OptionList)
        if not self.bests or options.highlighted is None:
            return None
        return self.bests[options.highlighted]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay":
            return self.open_replay is not None and bool(self.bests)
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_replay()

    def action_replay(self) -> None:
        best = self.selected()
        if best is None or self.open_replay is None:
            return
        if best.game.path is None:
            return
        self.open_replay(best.game.path)

    def action_back(self) -> None:
        self.dismiss(None)
