"""The lobby of ``robotui serve``: the tables at the host, recent results and the keys to
create, join, watch or open a table. It draws what the app hands it (``show_lobby``,
``show_you``, ``show_status``) and asks the app (``request_table``, ``send_table``) to talk
to the table server."""

from __future__ import annotations

import platform
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.css.query import NoMatches
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engines.safe_text import safe_text
from screens.dialogs import ConfirmScreen
from screens.footer import Footer
from screens.games import playable_games
from screens.lobby.dialogs import CodeScreen, GamePickScreen, PickedGame
from screens.lobby.name import NameScreen
from screens.lobby.rows import (
    OPEN_TABLES,
    Summary,
    free_seats,
    is_mine,
    lobby_sections,
    name,
    result_line,
    result_parts,
    table_lines,
    waits_for_you,
    waits_text,
)
from screens.new_game import NewGameScreen, TableChoice
from screens.panel import Panel
from screens.text_fit import ELLIPSIS, fit

QUIT_NOTE = "q quits: your seats are kept, come back any time."
WIDE = 120  # from this width the recent results stand beside the tables
RESULTS_WIDTH = 44  # their panel's width there (see DEFAULT_CSS)


class TableList(OptionList):
    """The tables; each is drawn to the list's width, so a new width draws them again."""

    def on_resize(self) -> None:
        screen = self.screen
        if isinstance(screen, LobbyScreen):
            screen.call_later(screen.redraw)


class StatusLineScreen(Screen[None]):
    """A lobby screen with one status line (the Static ``#<STATUS_ID>``): an error from the
    server or what just happened, fitted to one row (shared with the waiting room)."""

    STATUS_ID = "lobby-status"
    status_line: tuple[str, bool] = ("", False)  # the line shown and whether an error

    def show_status(self, text: str, error: bool = False) -> None:
        """Show ``text`` on the status line (kept, and shown on mounting if not yet)."""
        self.status_line = (text, error)
        self.fit_status()

    def fit_status(self) -> None:
        """Draw the status line again, fitted to the screen's width."""
        try:
            status = self.query_one(f"#{self.STATUS_ID}", Static)
        except NoMatches:
            return
        status.update(self._status_text())
        status.set_class(self.status_line[1], "error")

    def _status_text(self) -> str:
        """The status line fitted to the screen's width."""
        return fit(safe_text(self.status_line[0]), max(self.area().width - 2, 10), self._ellipsis())

    def area(self) -> Size:
        """The screen's size: its own once laid out, else the app's (which it will get)."""
        return self.size if self.size.width else self.app.size

    def _ellipsis(self) -> str:
        glyphs = getattr(self.app, "glyphs", None)
        return "..." if glyphs is not None and glyphs.ascii_only else ELLIPSIS


class LobbyScreen(StatusLineScreen):
    """Arrows pick a table; Enter opens yours, joins a free seat or watches a full table."""

    SCOPED_CSS = False  # "App.ascii #..." below must match from the app down
    DEFAULT_CSS = """
    LobbyScreen { layout: vertical; }
    #lobby-title { height: 1; padding: 0 1; background: $boost; text-style: bold; }
    #lobby-tables { height: 1fr; border: round $accent; border-title-color: $accent; }
    #lobby-body { height: 1fr; }
    #lobby-results { height: auto; padding: 0 1; }
    LobbyScreen.wide #lobby-body { layout: horizontal; }
    LobbyScreen.wide #lobby-results { width: 44; height: 1fr; border: round $accent;
                                      padding: 0 1; }
    App.ascii LobbyScreen.wide #lobby-results { border: ascii $accent; }
    #lobby-status { height: 1; padding: 0 1; color: $text-muted; }
    #lobby-status.error { color: $error; }
    App.ascii #lobby-tables { border: ascii $accent; }
    """

    BINDINGS = [
        Binding("enter", "open_table", "Open", priority=True),
        Binding("enter", "join_table", "Join", priority=True),
        Binding("enter", "watch_table", "Watch", priority=True),
        Binding("n", "new_table", "New table"),
        Binding("w", "watch_table", "Watch", show=False),
        Binding("c", "join_code", "Code"),
        Binding("x", "close_table", "Close"),
        Binding("b", "bell", "Bell"),
        Binding("r", "rename", "Name"),
        Binding("p", "profile", "Profile"),
        Binding("v", "replays", "Replay", show=False),  # said by Recent games' title
        Binding("L", "leaders", "Leaders", show=False),  # also from p's dialog
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.you: dict[str, Any] = {"name": None, "bell": False}
        self.tables: list[Summary] = []
        self.results: list[dict[str, Any]] = []
        self.connected = False
        self.status_line = ("Connecting to the host...", False)
        self._stale = False  # changed while another screen was on top: draw on return
        # the tables as the list shows them: a draw that would show the same leaves the list
        # alone (refilling it costs a layout and a frame, and the lobby is drawn on every
        # message and resize)
        self._listed: list[tuple[str | None, object]] | None = None

    def compose(self) -> ComposeResult:
        # Composed with what it shows, fitted to the size the app has: the first frame is
        # the whole lobby, not empty widgets filled (and laid out, and drawn) again.
        self.set_class(self.app.size.width >= WIDE, "wide")
        yield Panel(self._title_text(), id="lobby-title", markup=False)
        with Container(id="lobby-body"):
            items = self._table_items()
            self._listed = self._listing(items)
            tables = TableList(*items, id="lobby-tables")
            tables.border_title = "Tables"
            yield tables
            yield Panel(self._results_text(), id="lobby-results", markup=False)
        error = "error" if self.status_line[1] else ""
        yield Panel(self._status_text(), id="lobby-status", classes=error, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.focus()
        self._highlight(options, None)
        self._draw()

    def on_screen_resume(self) -> None:
        if self._stale:
            self._draw()

    def on_resize(self) -> None:
        self.set_class(self.size.width >= WIDE, "wide")
        self.fit_status()
        self._draw()  # the list draws again once it has its new width (TableList)

    # -- what the app hands over --------------------------------------------
    def show_you(self, you: dict[str, Any]) -> None:
        self.you = dict(you)
        if not self.connected:
            self.connected = True
            self.show_status(QUIT_NOTE)
        self._draw()

    def show_lobby(self, msg: dict[str, Any]) -> None:
        self.tables = list(msg["tables"])
        self.results = list(msg["results"])
        self._draw()

    # -- drawing ----------------------------------------------------------------
    def redraw(self) -> None:
        """Draw the lists again (the table list's width changed)."""
        self._draw()

    def _draw(self) -> None:
        if not self.is_mounted:
            return
        if self.app.screen is not self:
            # under a game or a dialog: drawn when it is back on top. (Every move at any
            # table changes the lobby; drawing it beneath a game sent that player's whole
            # game screen again each time: bench/serve_load.py, 14 KB per change per player.
            # Not Screen.is_current: the screen just below the top counts as current there)
            self._stale = True
            return
        self._stale = False
        try:
            self._draw_title()
            self._draw_tables()
            self._draw_results()
        except NoMatches:  # the app is closing: its widgets are gone
            return
        self.refresh_bindings()

    def _draw_title(self) -> None:
        self.query_one("#lobby-title", Static).update(self._title_text())

    def _title_text(self) -> str:
        you = name(self.you["name"]) if self.you.get("name") else "(no name yet)"
        host = safe_text(platform.node()) or "this host"
        bell = "bell on" if self.you.get("bell") else "bell off"
        waits = waits_text(waits_for_you(self.tables))
        if waits:
            bell = f"{waits}  {bell}"
        left = f"robotui lobby - {you} at {host}"
        width = max(self.area().width - 2, 20)
        title = fit(left, width - len(bell) - 2, self._ellipsis())
        return title + " " * max(width - cell_len(title) - len(bell), 1) + bell

    def _draw_tables(self) -> None:
        options = self.query_one(OptionList)
        items = self._table_items()
        listed = self._listing(items)
        if listed == self._listed:
            return
        self._listed = listed
        keep = self.selected()
        options.clear_options()
        options.add_options(items)
        self._highlight(options, keep)

    @staticmethod
    def _listing(items: list[Option]) -> list[tuple[str | None, object]]:
        return [(item.id, item.prompt) for item in items]

    def _highlight(self, options: OptionList, keep: Summary | None) -> None:
        """Keep the cursor on ``keep``'s table, else put it on the first table."""
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        if keep is not None and f"table:{keep['id']}" in ids:
            options.highlighted = ids.index(f"table:{keep['id']}")
        elif self.tables:
            # the first table: the one waiting longest for your move, if any
            options.highlighted = next(i for i, id_ in enumerate(ids) if id_)

    def _table_items(self) -> list[Option]:
        width = max(self._list_width() - 4, 30)
        items: list[Option] = []
        sections = lobby_sections(self.tables)
        titled = any(title != OPEN_TABLES for title, _ in sections)  # only with yours
        for title, part in sections:
            if titled:
                items.append(Option(Text(title, style="bold underline"), disabled=True))
            for summary in part:
                head, seats = table_lines(summary, width, self._ellipsis())
                prompt = Text(head, style="bold" if is_mine(summary) else "")
                prompt.append("\n" + seats, style="dim")
                items.append(Option(prompt, id=f"table:{summary['id']}"))
        if not items:
            empty = "No tables yet: n creates one." if self.connected else "Connecting..."
            items.append(Option(Text(empty, style="dim"), disabled=True))
        return items

    def _draw_results(self) -> None:
        self.query_one("#lobby-results", Static).update(self._results_text())

    def _results_text(self) -> Text:
        """Below the tables, a few lines; beside them (wide), as many as the height holds,
        each result on two lines (when and what, then who)."""
        ell = self._ellipsis()
        text = Text("Recent games", style="bold")
        if self.results:  # the footer has no room for v at 80 columns: said here
            text.append("  v replays one", style="dim")
        lines: list[str] = []
        if self.has_class("wide"):
            width = RESULTS_WIDTH - 4
            for result in self.results[: max((self.area().height - 8) // 2, 1)]:
                when, game, players = result_parts(result)
                lines += [fit(f"{when}  {game}", width, ell), fit(f"  {players}", width, ell)]
        else:
            room = 3 if self.area().height < 32 else 8
            width = max(self.area().width - 2, 20)
            lines = [result_line(r, width, ell) for r in self.results[:room]]
        for line in lines or ["none yet"]:
            text.append("\n" + line)
        return text

    def _list_width(self) -> int:
        """The table list's width inside its border: its own once laid out, else what the
        layout will give it (so that the first draw is already the right one)."""
        try:
            width = self.query_one(OptionList).size.width
        except NoMatches:  # being composed
            width = 0
        if width:
            return width
        beside = RESULTS_WIDTH if self.has_class("wide") else 0
        return self.app.size.width - beside - 4

    # -- the table under the cursor --------------------------------------------
    def selected(self) -> Summary | None:
        try:
            options = self.query_one(OptionList)
        except NoMatches:  # not composed yet, or closing
            return None
        index = options.highlighted
        if index is None or index >= options.option_count:
            return None
        option_id = options.get_option_at_index(index).id or ""
        if not option_id.startswith("table:"):
            return None
        table_id = int(option_id.removeprefix("table:"))
        return next((s for s in self.tables if s["id"] == table_id), None)

    def enter_does(self) -> str | None:
        """What Enter does on the table under the cursor: open, join or watch."""
        summary = self.selected()
        if summary is None:
            return None
        if is_mine(summary) and summary["status"] != "finished":
            return "open"
        if summary["status"] == "waiting" and free_seats(summary) > 0:
            return "join"
        return "watch"

    def is_creator(self, summary: Summary | None) -> bool:
        """You made the table: the server says so by your key, never by a name."""
        return summary is not None and summary.get("yours") is True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("open_table", "join_table"):
            return self.enter_does() == action.removesuffix("_table")
        if action == "watch_table":
            return self.selected() is not None
        if action == "close_table":
            return self.is_creator(self.selected())
        return True

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        doing = self.enter_does()  # a click, or Enter before the priority bindings
        if doing is not None:
            getattr(self, f"action_{doing}_table")()

    # -- actions ----------------------------------------------------------------
    def _request(self, msg: dict[str, Any]) -> None:
        self.app.request_table(msg)  # type: ignore[attr-defined]

    def _send(self, msg: dict[str, Any]) -> None:
        self.app.send_table(msg)  # type: ignore[attr-defined]

    def action_open_table(self) -> None:
        summary = self.selected()
        if summary is not None:
            self.show_status(f"Opening table #{summary['id']}...")
            self._request({"type": "open", "table": summary["id"]})

    def action_join_table(self) -> None:
        summary = self.selected()
        if summary is not None:
            self.show_status(f"Joining table #{summary['id']}...")
            self._request({"type": "join", "table": summary["id"], "seat": None, "code": None})

    def action_watch_table(self) -> None:
        summary = self.selected()
        if summary is not None:
            self.show_status(f"Watching table #{summary['id']}...")
            self._request({"type": "watch", "table": summary["id"], "code": None})

    def action_join_code(self) -> None:
        def done(answer: tuple[str, bool] | None) -> None:
            if answer is not None:
                code, watch = answer
                self.show_status(f"{'Watching' if watch else 'Joining'} the table {code}...")
                self._request({"type": "code", "code": code, "watch": watch})

        self.app.push_screen(CodeScreen(), done)

    def action_new_table(self) -> None:
        def picked(game: PickedGame | None) -> None:
            if game is None:
                return

            def created(choice: object) -> None:
                if isinstance(choice, TableChoice):
                    self.show_status("Setting up the table...")
                    self._request({**choice.create_message(), **game.pace.fields()})

            self.app.push_screen(NewGameScreen(game.spec, table=True), created)

        self.app.push_screen(GamePickScreen(playable_games()), picked)

    def action_close_table(self) -> None:
        summary = self.selected()
        if summary is None or not self.is_creator(summary):
            return
        table_id = summary["id"]

        def done(yes: bool | None) -> None:
            if yes:
                self._send({"type": "close", "table": table_id})

        question = f"Close table #{table_id} ({safe_text(summary['game_name'])}) for everyone?"
        if summary["status"] == "playing":
            question = (
                f"Close table #{table_id} ({safe_text(summary['game_name'])})? A running "
                "game closes once everyone seated agrees; it is kept as abandoned."
            )
        self.app.push_screen(ConfirmScreen(question, yes="Close it", no="Keep it"), done)

    def action_bell(self) -> None:
        self._send({"type": "set_bell", "on": not self.you.get("bell", False)})

    def action_profile(self) -> None:
        """A profile: pick whose among the names the lobby shows."""
        from screens.lobby.profile import (
            LEADERBOARDS,
            PlayerPickScreen,
            ProfileScreen,
            lobby_names,
        )

        def picked(who: str | None) -> None:
            if who == LEADERBOARDS:
                self.action_leaders()
            elif who is not None:
                self.app.push_screen(ProfileScreen(who))

        names = lobby_names(self.tables, self.results, self.selected())
        self.app.push_screen(PlayerPickScreen(names), picked)

    def action_replays(self) -> None:
        """``v``: pick one of Recent games and watch its replay (the host sends the save of
        a finished game you may see, or says in one line why not)."""
        from screens.lobby.replay_pick import ReplayPickScreen, ask_replay

        if not self.results:
            self.show_status("No recent games to replay.")
            return

        def picked(table: int | None) -> None:
            if table is not None:
                self.show_status(f"Asking the host for game #{table}...")
                ask_replay(self.app, table)

        ell = self._ellipsis()
        rows = [(r["table"], f"#{r['table']}  {result_line(r, 52, ell)}") for r in self.results]
        self.app.push_screen(ReplayPickScreen(rows), picked)

    def action_leaders(self) -> None:
        """The leaderboard of the game of the table under the cursor (or the first game)."""
        from screens.lobby.leaders import LeadersScreen

        summary = self.selected()
        games = [(g.id, g.name) for g in playable_games()]
        self.app.push_screen(LeadersScreen(games, summary["game"] if summary else None))

    def action_rename(self) -> None:
        self.app.push_screen(NameScreen(self.you.get("name")))
