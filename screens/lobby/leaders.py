"""A game's leaderboard at the host (``L`` in the lobby): the best ratings among players
and computer levels with enough rated games; Left/Right switch the game, Enter opens the
profile of the player under the cursor. Names are made terminal-safe and fitted by cells."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engines.safe_text import safe_text
from screens.footer import Footer
from screens.lobby.asking import AskingScreen
from screens.lobby.profile import ASKING_CSS, ProfileScreen
from screens.text_fit import fit, ljust_cells


def leader_line(row: dict[str, Any], width: int) -> str:
    name = safe_text(row["name"]) + (" (you)" if row["you"] else "")
    rating = f"{row['rating']:,} ± {row['spread']}"
    line = (
        f"{row['place']:>2}. {ljust_cells(fit(name, 28), 28)} {rating:<13} {row['games']:>5} games"
    )
    return fit(line, width)


class LeadersScreen(AskingScreen):
    """The leaderboard of one of ``games`` (``(id, name)`` pairs), starting at ``start``."""

    ANSWERS = frozenset({"leaderboard"})
    DEFAULT_CSS = (
        ASKING_CSS.format(name="LeadersScreen")
        + """
    LeadersScreen #leaders-list { height: 1fr; border: none; padding: 0 1; }
    """
    )
    BINDINGS: ClassVar = [
        *AskingScreen.BINDINGS,
        Binding("left", "game(-1)", "Game"),
        Binding("right", "game(1)", "Game", show=False),
        Binding("enter", "profile", "Profile", priority=True),
    ]

    def __init__(self, games: list[tuple[str, str]], start: str | None = None) -> None:
        super().__init__()
        self.games = games
        ids = [g for g, _ in games]
        self.index = ids.index(start) if start in ids else 0
        self.rows: list[dict[str, Any]] = []

    def request(self) -> dict[str, Any]:
        return {"type": "leaderboard", "game": self.games[self.index][0]}

    def compose(self) -> ComposeResult:
        yield Static("", classes="asking-title", id="leaders-title")
        yield OptionList(id="leaders-list")
        yield Static("", id=self.STATUS_ID, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._title()
        self.query_one(OptionList).focus()

    def _title(self, min_games: int | None = None) -> None:
        name = safe_text(self.games[self.index][1])
        more = f" ({min_games} rated games or more)" if min_games else ""
        spread = "   Left/Right: game" if len(self.games) > 1 else ""
        title = f"Leaderboard: {name}{more}"
        width = max(self.size.width - 2, 40)
        self.query_one("#leaders-title", Static).update(fit(title + spread, width))

    def takes(self, msg: dict[str, Any]) -> bool:
        # an answer for a game left since is dropped
        return super().takes(msg) and msg.get("game") == self.games[self.index][0]

    def draw(self, msg: dict[str, Any]) -> None:
        self.rows = list(msg["rows"])
        self._title(msg["min_games"])
        options = self.query_one(OptionList)
        width = max(options.size.width - 4, 40) if options.size.width else 74
        options.clear_options()
        if not self.rows:
            empty = f"Nobody has {msg['min_games']} rated games of this game yet."
            options.add_option(Option(Text(empty, style="dim"), disabled=True))
        for i, row in enumerate(self.rows):
            style = "bold" if row["you"] else ("dim" if row["computer"] else "")
            options.add_option(Option(Text(leader_line(row, width), style=style), id=f"row:{i}"))
        if self.rows:
            options.highlighted = 0
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "game":
            return len(self.games) > 1
        if action == "profile":
            return bool(self.rows)
        return True

    def action_game(self, step: int) -> None:
        self.index = (self.index + step) % len(self.games)
        self.rows = []
        self._title()
        self.query_one(OptionList).clear_options()
        self.ask()

    def action_profile(self) -> None:
        options = self.query_one(OptionList)
        index = options.highlighted
        if index is None or not self.rows or index >= len(self.rows):
            return
        self.app.push_screen(ProfileScreen(self.rows[index]["who"]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_profile()
