"""The main menu: the games that work, saved games, stats, quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engines.registry import GameInfo, get_game
from screens.footer import Footer

BANNER = """\
 ┏━┓┏━┓┏┓ ┏━┓╺┳╸╻ ╻╻
 ┣┳┛┃ ┃┣┻┓┃ ┃ ┃ ┃ ┃┃
 ╹┗╸┗━┛┗━┛┗━┛ ╹ ┗━┛╹"""
BANNER_ASCII = "r o b o t u i"


class MenuOptions(OptionList):
    """The menu's list: a cursor move repaints the two options it changes, not every option
    (the whole list is ~2,600 bytes over SSH)."""

    highlighted: reactive[int | None] = reactive(None, repaint=False)

    # Textual calls a watcher with as many of (old, new) as it takes: this one takes both,
    # where OptionList's own takes only the new value.
    def watch_highlighted(  # type: ignore[override]
        self, old: int | None, new: int | None
    ) -> None:
        super().watch_highlighted(new)
        for index in (old, new):
            self._repaint_option(index)

    def _repaint_option(self, index: int | None) -> None:
        if index is None or not self.is_mounted:
            return
        try:
            line = self._index_to_line[index]
            height = self._heights[index]
        except (KeyError, IndexError):
            self.refresh()  # not laid out yet: all of it
            return
        self.refresh_lines(line, height)


class MainMenu(Screen[None]):
    """Pick a game to start, or load a saved one."""

    BINDINGS = [
        Binding("enter", "choose", "Choose", show=True),
        Binding("l", "load", "Load game"),
        Binding("r", "resume", "Resume newest"),
        Binding("s", "stats", "Stats"),
        Binding("f1,question_mark", "rules", "Rules", key_display="?"),
        # q only: an Escape once too often (closing the rules, say) must not end robotui
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, games: list[GameInfo], ascii_only: bool = False) -> None:
        super().__init__()
        self.games = games
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            yield Static(BANNER_ASCII if self.ascii_only else BANNER, id="banner")
            yield Static("Robot board and card games for the terminal.", id="tagline")
            options: list[Option | None] = []
            for spec in self.games:
                label = Text.assemble((f"{spec.name:<14}", "bold"), "  ", (spec.blurb, "dim"))
                options.append(Option(label, id=f"game:{spec.id}"))
            if self.ascii_only:  # Textual draws its separator with box-drawing lines
                options.append(Option(Text("-" * 72, style="dim"), disabled=True))
            else:
                options.append(None)
            # the newest game not over yet, as 'robotui resume' picks it
            options.append(
                Option(Text("Resume the newest unfinished game", style="bold"), id="resume")
            )
            options.append(Option(Text("Load a saved game...", style="bold"), id="load"))
            options.append(
                Option(Text("Stats: your record and best games", style="bold"), id="stats")
            )
            options.append(Option(Text("Quit", style="bold"), id="quit"))
            yield MenuOptions(*options, id="menu-options")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.run_choice(event.option.id or "")

    def action_choose(self) -> None:
        options = self.query_one(OptionList)
        if options.highlighted is not None:
            self.run_choice(options.get_option_at_index(options.highlighted).id or "")

    def run_choice(self, choice: str) -> None:
        app = self.app
        if choice.startswith("game:"):
            app.ask_new_game(choice.removeprefix("game:"))  # type: ignore[attr-defined]
        elif choice == "resume":
            self.action_resume()
        elif choice == "load":
            self.action_load()
        elif choice == "stats":
            self.action_stats()
        elif choice == "quit":
            app.exit()

    def action_load(self) -> None:
        self.app.open_load_screen()  # type: ignore[attr-defined]

    def action_stats(self) -> None:
        """The stats of the local saves; their best games replay through the app's
        ``open_replay(path)`` where the app has one (else the screen offers no replay)."""
        from screens.stats import StatsScreen  # when first used: the menu opens sooner

        app = self.app
        replay = getattr(app, "open_replay", None)
        app.clear_notifications()  # a menu notice would sit over the records
        app.push_screen(StatsScreen(app.config.save_dir, replay))  # type: ignore[attr-defined]

    def action_resume(self) -> None:
        self.app.resume_newest()  # type: ignore[attr-defined]

    def action_rules(self) -> None:
        options = self.query_one(OptionList)
        game = self.games[0]
        if options.highlighted is not None:
            chosen = options.get_option_at_index(options.highlighted).id or ""
            game = next((g for g in self.games if f"game:{g.id}" == chosen), game)
        self.app.show_rules(get_game(game.id))  # type: ignore[attr-defined]
