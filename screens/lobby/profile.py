"""A player's profile as the host keeps it (``p`` in the lobby): each game's games played
and won, rating with its ± and where it stands among the computer levels, the last rating
changes, the latest games and the record against players met often; ``h`` pages through
the whole history. Also the pick of whose profile to open, from the names the lobby shows.
Every name is made terminal-safe and fitted by cells."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engines.safe_text import safe_text
from screens.footer import Footer
from screens.lobby.asking import AskingScreen
from screens.text_fit import fit, ljust_cells

OUTCOMES = {"win": "won", "loss": "lost", "draw": "drew", "resigned": "resigned"}

ASKING_CSS = """
{name} {{ layout: vertical; }}
{name} .asking-title {{ height: 1; padding: 0 1; background: $boost; text-style: bold; }}
{name} .asking-body {{ height: 1fr; padding: 0 1; }}
{name} #asking-status {{ height: 1; padding: 0 1; color: $text-muted; }}
{name} #asking-status.error {{ color: $error; }}
"""


def rating_text(rating: int | None, spread: int | None) -> str:
    """ "1,540 ± 120", or "unrated"."""
    if rating is None:
        return "unrated"
    return f"{rating:,} ± {spread or 0}"


def change_text(change: int | None) -> str:
    return "" if change is None else f"{change:+d}"


def game_row(row: dict[str, Any], width: int) -> str:
    """One game played: when, game, table, outcome and place, rating change."""
    outcome = OUTCOMES.get(row["outcome"], safe_text(row["outcome"]))
    place = f"{row['rank']}/{row['seats']}"
    head = (
        f"{row['finished']}  {ljust_cells(fit(safe_text(row['game_name']), 13), 13)}"
        f" #{row['table']:<5} {outcome:<9}{place:>4}"
    )
    return fit(f"{head}  {change_text(row['change'])}".rstrip(), width)


class ProfileScreen(AskingScreen):
    """The profile of ``who`` (a name as the lobby shows it, "" for yourself)."""

    ANSWERS = frozenset({"profile"})
    DEFAULT_CSS = ASKING_CSS.format(name="ProfileScreen")
    BINDINGS: ClassVar = [
        *AskingScreen.BINDINGS,
        Binding("h", "history", "History"),
        Binding("v", "replays", "Replay"),  # a game of the latest games
    ]

    def __init__(self, who: str) -> None:
        super().__init__()
        self.who = who
        self.profile: dict[str, Any] | None = None

    def request(self) -> dict[str, Any]:
        return {"type": "profile", "who": self.who}

    def compose(self) -> ComposeResult:
        shown = safe_text(self.who) if self.who else "you"
        yield Static(fit(f"Profile: {shown}", 76), classes="asking-title", id="profile-title")
        with VerticalScroll(classes="asking-body"):
            yield Static("", id="profile-body", markup=False)
        yield Static("", id=self.STATUS_ID, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def draw(self, msg: dict[str, Any]) -> None:
        self.profile = msg
        width = max(self.size.width - 4, 40)
        name = safe_text(msg["name"])
        kind = " (you)" if msg["you"] else " (computer level)" if msg["computer"] else ""
        self.query_one("#profile-title", Static).update(fit(f"Profile: {name}{kind}", width + 2))
        self.query_one("#profile-body", Static).update(self.body(msg, width))
        self.refresh_bindings()

    def body(self, msg: dict[str, Any], width: int) -> Text:
        text = Text()
        if not msg["games"]:
            text.append("No games finished at this host yet.", style="dim")
        else:
            text.append(f"{'Game':<14}{'played':>7}{'won':>6}  {'rating':<15}where\n", style="bold")
        for game in msg["games"]:
            where = safe_text(game["place"])
            line = (
                f"{ljust_cells(fit(safe_text(game['game_name']), 13), 13)} "
                f"{game['played']:>6}{game['won']:>6}  "
                f"{rating_text(game['rating'], game['spread']):<15}{where}"
            )
            text.append(fit(line, width) + "\n")
            if game["changes"]:
                changes = " ".join(change_text(c) for c in reversed(game["changes"]))
                text.append(
                    fit(f"  rating changes, newest last: {changes}", width) + "\n", style="dim"
                )
        if msg["recent"]:
            text.append("\nLatest games\n", style="bold")
            for row in msg["recent"]:
                text.append(game_row(row, width) + "\n")
        if msg["rivals"]:
            text.append("\nAgainst players met 3 times or more\n", style="bold")
            for rival in msg["rivals"]:
                line = (
                    f"{ljust_cells(fit(safe_text(rival['name']), 20), 20)} {rival['games']:>4}"
                    f" games: {rival['won']} won, {rival['lost']} lost, {rival['drawn']} tied"
                )
                text.append(fit(line, width) + "\n")
        text.rstrip()
        return text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "history":
            return self.profile is not None
        if action == "replays":
            return self.profile is not None and bool(self.profile["recent"])
        return True

    def action_replays(self) -> None:
        """``v``: pick one of the latest games and watch its replay."""
        if self.profile is not None:
            pick_replay(self, self.profile["recent"])

    def action_history(self) -> None:
        if self.profile is not None:
            self.app.push_screen(HistoryScreen(self.profile["who"], self.profile["name"]))


class HistoryScreen(AskingScreen):
    """Every game ``who`` played at the host, a page at a time, newest first."""

    ANSWERS = frozenset({"history"})
    DEFAULT_CSS = ASKING_CSS.format(name="HistoryScreen")
    BINDINGS: ClassVar = [
        *AskingScreen.BINDINGS,
        Binding("right,pagedown,n", "page(1)", "Older"),
        Binding("left,pageup,b", "page(-1)", "Newer"),
        Binding("v", "replays", "Replay"),  # a game of this page
    ]

    def __init__(self, who: str, name: str) -> None:
        super().__init__()
        self.who = who
        self.name_shown = safe_text(name)
        self.page = 0
        self.pages = 1
        self.rows: list[dict[str, Any]] = []

    def request(self) -> dict[str, Any]:
        return {"type": "history", "who": self.who, "game": None, "page": self.page}

    def compose(self) -> ComposeResult:
        yield Static(
            fit(f"History: {self.name_shown}", 76), classes="asking-title", id="history-title"
        )
        with VerticalScroll(classes="asking-body"):
            yield Static("", id="history-body", markup=False)
        yield Static("", id=self.STATUS_ID, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def draw(self, msg: dict[str, Any]) -> None:
        self.page, self.pages = msg["page"], msg["pages"]
        width = max(self.size.width - 4, 40)
        title = f"History: {self.name_shown}, page {self.page + 1} of {self.pages}"
        self.query_one("#history-title", Static).update(fit(title, width + 2))
        self.rows = list(msg["rows"])
        text = Text()
        for row in msg["rows"]:
            text.append(game_row(row, width) + "\n")
        if not msg["rows"]:
            text.append("No games yet.", style="dim")
        text.rstrip()
        self.query_one("#history-body", Static).update(text)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "page" and parameters:
            step = int(str(parameters[0]))
            return 0 <= self.page + step < self.pages
        if action == "replays":
            return bool(self.rows)
        return True

    def action_replays(self) -> None:
        """``v``: pick one of this page's games and watch its replay."""
        pick_replay(self, self.rows)

    def action_page(self, step: int) -> None:
        if 0 <= self.page + step < self.pages and not self.waiting:
            self.page += step
            self.ask()


def pick_replay(screen: AskingScreen, rows: list[dict[str, Any]]) -> None:
    """Offer ``rows`` (games as a profile or a history lists them) to pick one, then ask
    the host for its replay."""
    from screens.lobby.replay_pick import ReplayPickScreen, ask_replay

    if not rows:
        return

    def picked(table: int | None) -> None:
        if table is not None:
            screen.show_status(f"Asking the host for game #{table}...")
            ask_replay(screen.app, table)

    picks = [(row["table"], game_row(row, 60)) for row in rows]
    screen.app.push_screen(ReplayPickScreen(picks), picked)


LEADERBOARDS = "\x00leaderboards"  # the pick's answer for "the leaderboards instead"


class PlayerPickScreen(ModalScreen[str | None]):
    """Whose profile: the names the lobby shows (yourself first). Answers the name, or
    :data:`LEADERBOARDS` when ``L`` asks for the leaderboards instead."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("L", "leaders", "Leaderboards"),
    ]

    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Whose profile?", classes="dialog-title")
            yield OptionList(
                *[
                    Option(fit(safe_text(name) if name else "You", 40), id=f"who:{i}")
                    for i, name in enumerate(self.names)
                ],
                id="pick-player",
            )
            yield Static("Enter: open   L: leaderboards   Esc: cancel", classes="hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = int((event.option.id or "who:0").removeprefix("who:"))
        self.dismiss(self.names[index])

    def action_leaders(self) -> None:
        self.dismiss(LEADERBOARDS)

    def action_cancel(self) -> None:
        self.dismiss(None)


def lobby_names(
    tables: list[dict[str, Any]], results: list[dict[str, Any]], first: dict[str, Any] | None
) -> list[str]:
    """The names a profile can be asked for, as the lobby shows them: "" (yourself), then
    the seats of ``first`` (the table under the cursor), of the other tables, and the
    players of the recent games; computer seats by name and level, each name once."""
    out: list[str] = [""]

    def add(name: str | None) -> None:
        if name and name not in out:
            out.append(name)

    ordered = ([first] if first else []) + [t for t in tables if t is not first]
    for table in ordered:
        for seat in table["seats"]:
            if seat["kind"] == "computer" and seat["name"]:
                add(f"{seat['name']} ({seat['level']})" if seat["level"] else seat["name"])
            elif not seat["you"]:
                add(seat["name"])
    for result in results:
        for player in result["players"]:
            add(player["name"])
    return out
