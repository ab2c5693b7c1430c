"""The app as a player of ``robotui serve`` (``AppConfig.start == "lobby"``): it connects to
the table server, routes each message to the lobby, the waiting room or the table's
:class:`screens.online.session.TableSession`, opens a table's game and comes back to the
lobby when it closes. A lost connection ends the app with one line, never a traceback.

:class:`robotui.app.RobotuiApp` builds on :class:`LobbyMode`.
"""

from __future__ import annotations

import contextlib
import traceback
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.screen import Screen
from textual.timer import Timer

from robotui.config import AppConfig
from screens.textual_private import FatalErrorHook

if TYPE_CHECKING:
    from hosting.client import TableClient
    from screens.lobby import LobbyScreen, WaitingRoom
    from screens.online.session import TableSession

# The lobby's modules (screens.lobby, screens.online, hosting) are imported when lobby mode
# starts, not with the app: the menu opens without them.

LOST_NOTE = "Your seats are kept."
CONNECTING_AFTER = 1.0  # seconds without the host's welcome before "Connecting..." shows
CRASH_LOG = "crashes.log"  # in the host's data folder: what a player's process ran into


class LobbyMode(FatalErrorHook):
    """Lobby-mode state and routing, the base of :class:`robotui.app.RobotuiApp`."""

    # RobotuiApp's (declared here for the routing below)
    config: AppConfig
    _too_small: Screen | None
    check_size: Callable[[], None]
    lift_too_small_notice: Callable[[], None]

    table_client: TableClient | None = None
    table_session: TableSession | None = None
    table_bell: bool = False  # ring the terminal bell on your turn (kept on the host per key)
    lobby_you: dict[str, Any] | None = None  # {name, bell, key} as the host knows you
    _lobby: LobbyScreen | None = None
    _waiting: WaitingRoom | None = None
    _following: int | None = None  # the table whose messages we follow
    _asked_table = False  # join/watch/open/create sent: the next `table` is the one to open
    _closed_tables: set[int]  # tables the server said are closed: no `leave` for them
    _left_tables: set[int]  # tables we left: their `closed` is no news to us
    _told_waits: set[int] = set()  # tables told as waiting for you (see _tell_waits)
    _told_at: int | None = None  # ... at this table
    _asked_replay: int | None = None  # the finished table whose replay was asked for
    _connecting: Timer | None = None  # shows "Connecting..." if the welcome is slow

    # -- connecting -----------------------------------------------------------
    def start_lobby(self, lobby: LobbyScreen | None = None) -> None:
        """Connect in the background; the first screen waits for the host's welcome.
        ``lobby``: the lobby already composed (robotui/ready_app.py), else a new one.

        The welcome comes within milliseconds, and the first screen then depends on it: a
        new player's is the name question alone (the lobby follows the name), a returning
        player's the lobby. Drawing the lobby first ("Connecting...") and then under the
        question would cost every connecting player's process about twice the CPU, which
        is what a crowd connecting at once waits for (bench/serve_load.py). A host slow to
        welcome shows the lobby's "Connecting..." after :data:`CONNECTING_AFTER` seconds.
        """
        from screens.lobby import LobbyScreen

        self._closed_tables = set()
        self._left_tables = set()
        self._lobby = LobbyScreen() if lobby is None else lobby
        self._connecting = self.set_timer(CONNECTING_AFTER, self._show_connecting)
        self.run_worker(self._connect_lobby(), name="table-connect", exit_on_error=False)

    def _show_connecting(self) -> None:
        lobby = self._pending_lobby()
        if lobby is not None:
            self._show_screen(lobby)

    def _pending_lobby(self) -> LobbyScreen | None:
        """The lobby while it waits to be shown for the first time, else None."""
        if self._lobby is None or self._lobby in self.screen_stack:
            return None
        return self._lobby

    def _show_screen(
        self,
        screen: Screen[Any],
        callback: Callable[[Any], None] | None = None,
        replacing: Screen[Any] | None = None,
    ) -> None:
        """Show ``screen``, in place of ``replacing`` if that is on top (or just beneath the
        too-small notice, where every screen opened while the notice is up goes)."""
        self.lift_too_small_notice()
        if replacing is not None and self.screen is replacing:
            self.switch_screen(screen)
        else:
            self.push_screen(screen, callback)

    async def _connect_lobby(self) -> None:
        from hosting.client import TableClient, TableClientError

        cfg = self.config
        if cfg.table_socket is None:
            self.leave_lobby("No table server given (robotui serve starts this for you).")
            return
        client = TableClient()
        try:
            welcome = await client.connect(cfg.table_socket, cfg.table_token)
        except TableClientError as exc:
            self.leave_lobby(str(exc))
            return
        self.table_client = client

        def lost(reason: str) -> None:
            self.call_later(self.leave_lobby, f"{reason} {LOST_NOTE}")

        def message(msg: dict[str, Any]) -> None:
            self.call_later(self.route_table_message, msg)

        client.on_lost = lost
        self._welcome(welcome)
        client.on_message = message

    def leave_lobby(self, line: str) -> None:
        """End the app with ``line`` printed once it has left the terminal (exit code 1)."""
        if self.table_client is not None:
            self.table_client.close()
        # Text, not a str: no markup read into it, and no wrapping at the app's width
        self.exit(return_code=1, message=Text(line, no_wrap=True, overflow="ignore"))

    def end_on_error(self, error: BaseException | None) -> bool:
        """Textual's end after an unhandled error prints a traceback; a player of the host
        reads one line instead, and the traceback goes to the host's crash log. (Pilot
        tests still get the exception: Textual keeps it for them.)"""
        if self.config.start != "lobby":
            return False
        from hosting import paths

        with (
            contextlib.suppress(OSError),
            open(paths.data_dir() / CRASH_LOG, "a", encoding="utf-8") as log,
        ):
            log.write(f"--- {datetime.now():%Y-%m-%d %H:%M:%S}\n")
            log.write("".join(traceback.format_exception(error)) if error else "?\n")
        if self.table_client is not None:
            self.table_client.close()
        name = type(error).__name__ if error else "an error"
        self.exit_with_line(
            Text(
                f"robotui stopped on {name} (logged on the host). {LOST_NOTE}",
                no_wrap=True,
                overflow="ignore",
            )
        )
        return True

    def close_table_client(self) -> None:
        if self.table_client is not None:
            self.table_client.close()

    # -- sending (screens call these) ---------------------------------------------
    def send_table(self, msg: dict[str, Any]) -> None:
        if self.table_client is not None:
            self.table_client.send(msg)

    def request_table(self, msg: dict[str, Any]) -> None:
        """Send join/watch/open/create: the `table` that answers opens the table."""
        if self.table_client is None:
            return
        self._asked_table = True
        self.table_client.send(msg)

    # -- routing ------------------------------------------------------------------
    def _welcome(self, welcome: dict[str, Any]) -> None:
        from screens.lobby import NameScreen

        if self._connecting is not None:
            self._connecting.stop()
        self._you(welcome["you"])
        first_visit = welcome["you"]["name"] is None
        lobby = self._pending_lobby()
        if lobby is not None:
            self._show_screen(NameScreen(None) if first_visit else lobby)
        elif first_visit and self._top(NameScreen) is None:
            # over the lobby ("Connecting..." came first), unless it is asked already
            self._show_screen(NameScreen(None))
        if welcome["seated"]:  # back on your screen after a dropped link
            self.request_table({"type": "open", "table": max(welcome["seated"])})

    def _you(self, you: dict[str, Any]) -> None:
        self.lobby_you = {**(self.lobby_you or {}), **you}
        self.table_bell = bool(you["bell"])
        if self._lobby is not None:
            self._lobby.show_you(self.lobby_you)

    def route_table_message(self, msg: dict[str, Any]) -> None:
        """Every message from the table server, in the order it came."""
        from hosting.protocol import ServerType  # the table client has loaded it by now
        from screens.lobby import NameScreen

        kind = msg["type"]
        if kind == ServerType.YOU:
            self._you(msg)
            name_screen = self._top(NameScreen)
            if name_screen is not None and msg["name"] is not None and name_screen.asked:
                lobby = self._pending_lobby()
                if lobby is not None:
                    self._show_screen(lobby, replacing=name_screen)  # a first visit
                else:
                    name_screen.accepted()
        elif kind == ServerType.LOBBY:
            if self._lobby is not None:
                self._lobby.show_lobby(msg)
            self._tell_waits(msg["tables"])
        elif kind == ServerType.ERROR:
            self._error(msg)
        elif kind == ServerType.TABLE:
            self._table(msg)
        elif kind in (ServerType.PROFILE, ServerType.LEADERBOARD, ServerType.HISTORY):
            self._answer(msg)
        elif kind == ServerType.REPLAY:
            self._replay(msg)
        elif "table" in msg:
            self._for_table(msg)

    def _answer(self, msg: dict[str, Any]) -> None:
        """A profile, leaderboard or history page: to the screen that asked for it."""
        from screens.lobby.asking import AskingScreen

        asking = self._top(AskingScreen)
        if asking is not None and asking.takes(msg):
            asking.answer(msg)

    def ask_replay(self, table: int) -> None:
        """Ask the host for the save of finished table ``table``'s game: its answer opens
        the replay over the screen that asked (Escape comes back to it)."""
        self._asked_replay = table
        self.send_table({"type": "replay", "table": table})

    def _replay(self, msg: dict[str, Any]) -> None:
        """The save of a finished game: its replay, every view allowed (the game is over)."""
        from engines.core import EngineError
        from saves import SaveError, loads_save
        from screens.glyphs import glyphs_for
        from screens.replay.open import replay_problem
        from screens.replay.screen import replay_screen

        if msg["table"] != self._asked_replay:
            return  # not (or no longer) asked for
        self._asked_replay = None
        try:
            saved = loads_save(msg["save"], f"game #{msg['table']}")
            problem = replay_problem(saved)
            screen = None if problem else replay_screen(saved, glyphs_for(self.config.ascii))
        except (SaveError, EngineError) as exc:
            problem, screen = str(exc), None
        self._replay_told("" if screen else f"Cannot replay: {problem}", error=bool(problem))
        if screen is not None:
            self._show_screen(screen)

    def _replay_told(self, line: str, error: bool = False) -> None:
        """Say ``line`` where the replay was asked: an asking screen on top, or the lobby."""
        from screens.lobby.asking import AskingScreen

        top = self.screen
        if isinstance(top, AskingScreen):
            top.show_status(line, error=error)
        elif self._lobby is not None:
            self._lobby.show_status(line, error=error)

    def _error(self, msg: dict[str, Any]) -> None:
        from screens.lobby import NameScreen
        from screens.lobby.asking import AskingScreen

        table = msg["table"]
        name_screen = self._top(NameScreen)
        if msg["code"] == "name" and name_screen is not None:
            name_screen.refused(msg["message"])
            return
        if table is not None and table == self._asked_replay and table != self._following:
            self._asked_replay = None
            self._replay_told(msg["message"], error=True)
            return
        asking = self._top(AskingScreen)
        if table is None and asking is not None and asking.waiting:
            asking.refused(msg["message"])
            return
        if table is not None and table == self._following:
            if self.table_session is not None:
                self.table_session.handle(msg)
                return
            if self._waiting is not None:
                self._waiting.handle(msg)
                return
        self._asked_table = False  # what we asked for is refused
        if self._lobby is not None:
            self._lobby.show_status(msg["message"], error=True)

    def _table(self, msg: dict[str, Any]) -> None:
        table = msg["table"]
        if table != self._following:
            if not self._asked_table or self._following is not None:
                return  # a late answer about a table we no longer follow
            self._asked_table = False
            self._following = table
        if self.table_session is not None:
            self.table_session.handle(msg)
        elif msg["summary"]["status"] == "waiting":
            if self._waiting is None:
                self._open_waiting_room(msg)
            else:
                self._waiting.handle(msg)
        else:
            self._open_game(msg)

    def _for_table(self, msg: dict[str, Any]) -> None:
        from hosting.protocol import ServerType

        table = msg["table"]
        if msg["type"] == ServerType.CLOSED:
            self._closed_tables.add(table)
        if table != self._following:
            if (
                msg["type"] == ServerType.CLOSED
                and self._lobby is not None
                and table not in self._left_tables
            ):
                self._lobby.show_status(f"Table #{table} was closed: {msg['reason']}")
            return
        if self.table_session is not None:
            self.table_session.handle(msg)
            return
        room = self._waiting
        if room is None:
            return
        if msg["type"] == ServerType.CLOSED:
            self._back_to_lobby(room, f"Table #{table} was closed: {msg['reason']}")
        elif msg["type"] == ServerType.SEATS and msg["summary"]["status"] != "waiting":
            room.handle(msg)
            self.send_table({"type": "sync", "table": table})  # the full table, to play
        else:
            room.handle(msg)

    def _tell_waits(self, tables: list[dict[str, Any]]) -> None:
        """At one table (or its waiting room), another where it is your turn is told
        once when it starts waiting: "#4 waits for you" (the lobby shows it always)."""
        from screens.lobby.rows import waits_for_you, waits_text

        waits = waits_for_you(tables, besides=self._following)
        if self._told_at != self._following:  # at another table now: told there afresh
            self._told_at, self._told_waits = self._following, set()
        new = [t for t in waits if t not in self._told_waits]
        self._told_waits = set(waits)
        if not new:
            return
        text = waits_text(new)
        if self.table_session is not None:
            self.table_session.tell(text)
        elif self._waiting is not None:
            self._waiting.show_status(text)

    # -- screens --------------------------------------------------------------------
    def _top(self, kind: type[Screen]) -> Any:
        return next((s for s in reversed(self.screen_stack) if isinstance(s, kind)), None)

    def _open_waiting_room(self, msg: dict[str, Any]) -> None:
        from screens.lobby import WaitingRoom

        room = WaitingRoom(msg)
        self._waiting = room

        def left(_: object = None) -> None:
            self._waiting = None
            self._leave_table()

        self._show_screen(room, left)

    def _open_game(self, msg: dict[str, Any]) -> None:
        from engines.core import EngineError
        from saves import SaveError
        from screens.online import open_table_screen
        from screens.online.session import TableSession

        if self._waiting is not None:  # the table has started: the room gives way
            room, self._waiting = self._waiting, None
            self._remove_screen(room)
        assert self.table_client is not None
        try:
            session = TableSession(self.table_client, msg)
        except (SaveError, EngineError) as exc:
            # the host's copy of the game cannot be read here: say so, lose nothing there
            self._leave_table()
            if self._lobby is not None:
                self._lobby.show_status(f"Table #{msg['table']} cannot be shown: {exc}", error=True)
            return
        session.me = (self.lobby_you or {}).get("name")
        self.table_session = session
        screen = open_table_screen(self, session)

        def closed(_: object = None) -> None:
            if self.table_session is session:
                self.table_session = None
                self._leave_table()

        self._show_screen(screen, closed)

    def _leave_table(self) -> None:
        """Back in the lobby: stop following the table (unless it is gone already)."""
        from screens.lobby.lobby import QUIT_NOTE

        table, self._following = self._following, None
        self._asked_table = False
        if self._lobby is not None:
            self._lobby.show_status(QUIT_NOTE)
        if table is not None and table not in self._closed_tables:
            self._left_tables.add(table)
            self.send_table({"type": "leave", "table": table})

    def _back_to_lobby(self, room: WaitingRoom, line: str) -> None:
        self._waiting = None
        self._following = None
        self._remove_screen(room)
        if self._lobby is not None:
            self._lobby.show_status(line, error=True)

    def _remove_screen(self, screen: Screen) -> None:
        """Take ``screen`` and anything over it off the stack, without its callback."""
        if screen not in self.screen_stack:
            return
        while self.screen_stack and self.screen_stack[-1] is not screen:
            if self.screen_stack[-1] is self._too_small:
                self._too_small = None
            self.pop_screen()
        self.pop_screen()
        self.call_after_refresh(self.check_size)
