"""The Textual application: menu, dialogs and one screen per game."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.binding import Binding

from engines.registry import get_game
from robotui.config import READY, AppConfig
from robotui.lobby_mode import LobbyMode
from screens.games import game_screen, playable_game_infos
from screens.glyphs import glyphs_for
from screens.lean_output import install as send_only_changed_cells
from screens.menu import MainMenu
from screens.min_size import MIN_HEIGHT, MIN_WIDTH
from screens.textual_private import share_parsed_css

if TYPE_CHECKING:
    from engines.core import GameSpec
    from screens.dialogs import TooSmallScreen
    from screens.new_game import NewGameChoice, TableChoice
    from screens.session import GameSession

# Only what the menu needs is imported with the app: the games' engines and screens, the
# saves, the dialogs and the lobby are imported when first used: the menu opens sooner.

CSS_FILE = Path(__file__).resolve().parent.parent / "screens" / "robotui.tcss"


class RobotuiApp(LobbyMode):
    """robotui's app; ``config`` says whether to open the menu, a new game or a save, or
    (lobby mode, see :mod:`robotui.lobby_mode`) the lobby of a ``robotui serve`` host."""

    TITLE = "robotui"
    CSS_PATH = str(CSS_FILE)
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(self, config: AppConfig) -> None:
        super().__init__()
        send_only_changed_cells()  # a key costs its changed cells over SSH, not whole rows
        share_parsed_css()  # each widget's CSS parsed once a process (see robotui/zygote.py)
        if self.console.color_system in ("standard", "windows"):
            # In 16 colours, keep "red" the terminal's own red: converted through the
            # default (Monokai) palette first it would come out magenta.
            self.ansi_color = True
        self.config = config
        self.glyphs = glyphs_for(config.ascii)
        self.sessions: list[GameSession] = []
        self._too_small: TooSmallScreen | None = None

    # -- start-up -----------------------------------------------------------
    def on_mount(self) -> None:
        if self.config.ascii:
            self.add_class("ascii")
        if self.config.start == "lobby":
            self.start_lobby()
        elif self.config.start != READY:  # a ready process opens the lobby later
            self.push_screen(MainMenu(playable_game_infos(), self.config.ascii))
        try:
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGHUP, signal.SIGTERM):
                loop.add_signal_handler(sig, self.hang_up)
        except (NotImplementedError, RuntimeError, ValueError):
            pass  # not on the main thread (tests) or no such signal
        cfg = self.config
        if cfg.notice:
            self.notify(cfg.notice, severity="warning", timeout=10, markup=False)
        if cfg.start == "play":
            from screens.new_game import NewGameChoice

            spec = get_game(cfg.game)
            choice = NewGameChoice(
                cfg.game,
                cfg.opponent,
                cfg.side,
                dict(cfg.options),
                cfg.seed,
                num_players=cfg.players or spec.min_players,
                humans=cfg.humans,
            )
            self.start_new_game(choice)
        elif cfg.start == "resume" and cfg.resume_path is not None:
            self.open_save(cfg.resume_path)
        elif cfg.start == "replay" and cfg.resume_path is not None:
            self.open_replay(cfg.resume_path)
        self.call_after_refresh(self.check_size)

    # -- games --------------------------------------------------------------
    def ask_new_game(self, game_id: str, previous: NewGameChoice | None = None) -> None:
        """The new-game dialog; ``previous`` (the game just played) sets its starting values."""
        from screens.new_game import NewGameChoice, NewGameScreen

        spec = get_game(game_id)

        def done(choice: NewGameChoice | TableChoice | None) -> None:
            if isinstance(choice, NewGameChoice):  # a table's choice is the lobby's
                self.start_new_game(choice)

        self.push_screen(NewGameScreen(spec, self.config.opponent, previous), done)

    def start_new_game(self, choice: NewGameChoice) -> None:
        from engines.core import EngineError
        from saves import SaveError
        from screens.session import GameSession

        try:
            spec = get_game(choice.game_id)
            session = GameSession.new(
                spec, choice.players(), choice.options, choice.seed, self.config.save_dir
            )
        except (EngineError, SaveError) as exc:  # SaveError: the save folder cannot be read
            self.notify(str(exc), severity="error", markup=False)
            return
        session.autosave()
        self.open_session(session)

    def open_session(self, session: GameSession) -> None:
        self.sessions.append(session)

        def closed(_: object = None) -> None:
            if session in self.sessions:
                self.sessions.remove(session)

        self.push_screen(game_screen(session, self.glyphs), closed)

    def open_save(self, path: Path) -> None:
        from saves import SaveError, load_save
        from screens.session import GameSession

        try:
            saved = load_save(path)
            session = GameSession(saved, self.config.save_dir)
        except SaveError as exc:
            self.notify(
                str(exc), title="Cannot load", severity="error", timeout=10, markup=False
            )  # file and save names are text, not markup
            return
        self.open_session(session)

    def open_replay(self, path: Path) -> None:
        """The replay of a finished game's save, over the menu."""
        from screens.replay.open import open_replay

        problem = open_replay(self, path, self.glyphs)
        if problem is not None:
            self.notify(problem, title="Cannot replay", severity="error", markup=False)

    def open_load_screen(self) -> None:
        from screens.load import LoadScreen

        def done(path: Path | None) -> None:
            if path is not None:
                self.open_save(path)

        self.clear_notifications()  # a menu notice would sit over the list
        self.push_screen(LoadScreen(self.config.save_dir), done)

    def resume_newest(self) -> None:
        """The newest game not over yet, as ``robotui resume`` picks it."""
        from saves import list_saves, resume_problem

        good, bad = list_saves(self.config.save_dir)
        summary = next((s for s in good if not s.finished), None)
        if summary is None:
            problem = resume_problem(self.config.save_dir, good, bad)
            self.notify(
                f"{problem[:1].upper()}{problem[1:]}.", severity="warning", timeout=10, markup=False
            )
            return
        self.open_save(summary.path)

    def show_rules(self, spec: GameSpec) -> None:
        from screens.dialogs import RulesScreen

        self.push_screen(RulesScreen(spec.name, spec.rules_text()))

    def get_key_display(self, binding: Binding) -> str:
        """Keys in footers as the games' own footers name them: "Enter", not Textual's
        "\u23ce" (which --ascii must not show either, the load list included)."""
        shown = super().get_key_display(binding)
        if not shown.isascii():
            _, key = binding.parse_key()
            shown = key.replace("_", " ").title()
        return shown

    # -- leaving ------------------------------------------------------------
    def save_all(self) -> None:
        for session in self.sessions:
            session.autosave()

    def hang_up(self) -> None:
        """The terminal closed (SIGHUP) or we were asked to stop: save and leave. A watchdog
        ends the process if leaving hangs: with the terminal gone, Textual's output thread
        can deadlock while shutting down, leaving a process deaf to SIGTERM. The games are
        saved by then."""
        self.save_all()
        self.close_table_client()
        watchdog = threading.Timer(EXIT_GRACE, os._exit, args=(0,))
        watchdog.daemon = True
        watchdog.start()
        self.exit()

    async def action_quit(self) -> None:
        """ctrl+q: asks first while a game is unfinished, whatever window is open over it
        (a turn's result window too)."""
        from screens.dialogs import ConfirmScreen
        from screens.game_screen import GameScreen

        if isinstance(self.screen, ConfirmScreen):
            return  # a question is already waiting for its answer
        game = next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)), None)
        if game is not None and not game.finished:
            game.action_leave(quit_app=True)
            return
        self.save_all()
        self.close_table_client()
        self.exit()

    # -- terminal size ------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        # Textual's own resize handler updates ``self.size``; check once it has.
        self.call_after_refresh(self.check_size)

    def lift_too_small_notice(self) -> None:
        """Take the too-small notice off the top, if it is there, so that a screen can go
        beneath it; pushing or switching a screen puts it back at once."""
        notice = self._too_small
        if notice is None or self.screen is not notice:
            return
        self._too_small = None
        self.pop_screen()

    if not TYPE_CHECKING:  # to the type checker these keep Textual's overloaded signatures

        def push_screen(self, screen, callback=None, wait_for_dismiss=False, *, mode=None):
            """Any screen opened while the terminal is too small (a game-over panel after
            the other side's move, a window the host opens) goes beneath the notice and
            waits there until the window is large enough. The size is checked here, not
            after a refresh: a callback queued on a screen that another covers first may
            never run."""
            if screen is self._too_small:
                return super().push_screen(screen, callback, wait_for_dismiss, mode=mode)
            self.lift_too_small_notice()
            pushed = super().push_screen(screen, callback, wait_for_dismiss, mode=mode)
            self.check_size()
            return pushed

        def switch_screen(self, screen):
            """Replaces the screen beneath the too-small notice, not the notice."""
            self.lift_too_small_notice()
            switched = super().switch_screen(screen)
            self.check_size()
            return switched

    def check_size(self) -> None:
        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        if small and self._too_small is None:
            from screens.dialogs import TooSmallScreen

            self._too_small = TooSmallScreen()
            self.push_screen(self._too_small)
        elif not small and self._too_small is not None:
            screen, self._too_small = self._too_small, None
            if self.screen is screen:
                self.pop_screen()
        elif small and self._too_small is not None and self.screen is self._too_small:
            self._too_small.update_size()


EXIT_GRACE = 3.0  # seconds a hang-up may take to leave cleanly before the watchdog ends it


def run_app(config: AppConfig) -> None:
    """Start the app in the terminal (the CLI calls this after setting the environment)."""
    app = RobotuiApp(config)
    app.run(mouse=config.mouse)
    if app.return_code:
        raise SystemExit(app.return_code)
