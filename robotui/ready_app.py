"""A player's process started ahead of its player (``robotui serve --ready-processes``).

Textual's start (the app, its stylesheet, its default screen, the driver) is a good part of
what a player's first screen costs. A ready process does it before anyone connects, with
no terminal: its driver throws away what is drawn. When the zygote hands it a session
(robotui/zygote.py: the terminal on descriptors 0-2, the session's environment), the
driver takes that terminal as Textual's own driver takes one at start, the app draws all
of its screen again and enters the lobby.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from textual import events
from textual.drivers.linux_driver import LinuxDriver
from textual.widgets import Input

from robotui.app import RobotuiApp
from robotui.config import READY, AppConfig
from robotui.table_env import ClientProblem, table_socket
from saves import resolve_save_dir
from screens.lobby import LobbyScreen, NameScreen


class AttachableDriver(LinuxDriver):
    """Textual's Linux driver, first with no terminal: it writes nothing and reads nothing
    until :meth:`attach`, and after that draws nothing until :meth:`show`."""

    attached = False
    hidden = True

    def start_application_mode(self) -> None:
        if self.attached:
            super().start_application_mode()

    def attach(self) -> None:
        """Take the terminal now on descriptors 0-2, as LinuxDriver takes it when made:
        application mode, the input thread, the terminal's size as a Resize event."""
        self._file = sys.__stderr__
        assert sys.__stdin__ is not None
        self.fileno = sys.__stdin__.fileno()
        self.input_tty = sys.__stdin__.isatty()
        self.attached = True
        self.hidden = False  # the terminal's set-up goes out
        super().start_application_mode()
        self.hidden = True

    def show(self) -> None:
        """Let frames out, once the app knows which screen the player sees (it then draws
        that screen whole: what was drawn before went nowhere)."""
        self.hidden = False

    def write(self, data: str) -> None:
        if self.attached and not self.hidden:
            super().write(data)

    def disable_input(self) -> None:
        if self.attached:
            super().disable_input()

    def stop_application_mode(self) -> None:
        if self.attached:
            self.hidden = False  # the terminal's restoring goes out
            super().stop_application_mode()


QUESTION = "ready-name-question"  # the name question composed ahead, installed under this


class ReadyApp(RobotuiApp):
    """The lobby app, started before its session: it waits for ``session`` (a descriptor)
    to be readable, then ``take_session()`` puts the session's terminal on stdio and its
    environment in os.environ (False: there will be no session; the app ends).

    Both first screens are composed, styled, laid out and drawn while it waits: the lobby,
    and over it a new player's name question. The host's welcome says which one the player
    sees: a returning player's question is taken away, uncovering the lobby, which then
    gets their name and the tables.
    """

    def __init__(self, session: int, take_session: Callable[[], bool]) -> None:
        super().__init__(AppConfig(save_dir=resolve_save_dir(None), start=READY, mouse=False))
        self.driver_class = AttachableDriver
        self._session = session
        self._take_session = take_session
        self._question: NameScreen | None = None  # the name question composed ahead
        self._drawn = False

    def on_mount(self) -> None:
        self.call_later(self._compose_ahead)

    async def _compose_ahead(self) -> None:
        lobby = self._lobby = LobbyScreen()
        await self.push_screen(lobby)
        question = self._question = NameScreen(None)
        # Installed: taken off for a returning player, it is kept rather than removed
        # (removing it lays out and draws the lobby once more, right after its first frame)
        self.install_screen(question, QUESTION)
        await self.push_screen(question)
        self._blink(False)  # nobody to see it: no redrawing twice a second
        # A session that comes before both are drawn waits until they are.
        question.call_after_refresh(
            asyncio.get_running_loop().add_reader, self._session, self._session_ready
        )

    def _blink(self, on: bool) -> None:
        if self._question is not None:
            for field in self._question.query(Input):
                field.cursor_blink = on

    async def _on_resize(self, event: events.Resize) -> None:
        # Taking the terminal reports its size; the same size as before would lay out and
        # draw the screens for nothing (Textual's handler keeps the event and passes it
        # on to the screens later): nothing has changed.
        if event.size == self.size:
            event.prevent_default()

    def _session_ready(self) -> None:
        asyncio.get_running_loop().remove_reader(self._session)
        try:
            taken = self._take_session()
        except Exception:  # noqa: BLE001 - no terminal to tell: end quietly
            taken = False
        if not taken:
            self.exit()
            return
        driver = self._driver
        assert isinstance(driver, AttachableDriver)
        driver.attach()
        try:
            socket_path, token = table_socket(os.environ)
        except ClientProblem as exc:
            self.leave_lobby(f"robotui: {exc}")
            return
        self.config = replace(
            self.config, start="lobby", table_socket=socket_path, table_token=token
        )
        self.start_lobby(self._lobby)

    def _welcome(self, welcome: dict[str, Any]) -> None:
        if welcome["you"]["name"] is not None:
            self._take_question()  # a returning player: the lobby
        super()._welcome(welcome)  # a new player's question is up already
        self._first_frame()

    def _show_connecting(self) -> None:
        self._take_question()  # the lobby says "Connecting..." until the welcome
        super()._show_connecting()
        self._first_frame()

    def _take_question(self) -> None:
        """Take the name question away (beneath the too-small notice if that is up)."""
        question, self._question = self._question, None
        if question is None or question not in self.screen_stack:
            return
        self.lift_too_small_notice()
        if self.screen is question:
            self.pop_screen()
        self.check_size()

    def _first_frame(self) -> None:
        """Draw the whole screen once: what was drawn before the terminal came went
        nowhere."""
        if not self._drawn:
            self._drawn = True
            driver = self._driver
            assert isinstance(driver, AttachableDriver)
            driver.show()
            self.screen.refresh()
            self._blink(True)
            self._question = None


def run_ready(session: int, take_session: Callable[[], bool]) -> int:
    """Run a :class:`ReadyApp` to its end; its exit status."""
    app = ReadyApp(session, take_session)
    app.run(mouse=False, size=(80, 24))
    return app.return_code or 0
