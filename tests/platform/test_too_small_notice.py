"""The too-small notice stays on top of whatever opens while it is up: a window a game opens
by itself (a game-over panel after the other side's move) goes beneath it and is there,
usable, once the terminal is large enough; nothing is left behind the player's back."""

from __future__ import annotations

import asyncio

from textual.app import ComposeResult
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from screens.dialogs import TooSmallScreen
from screens.menu import MainMenu
from tests.ui_helpers import SIZE, make_app


class Panel(ModalScreen[str]):
    BINDINGS = [("escape", "dismiss('closed')", "Close")]

    def compose(self) -> ComposeResult:
        yield Static("PANEL")


class Other(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("OTHER")


def _stack(app) -> list[str]:
    return [type(s).__name__ for s in app.screen_stack[1:]]


async def _stack_becomes(pilot, want: list[str]) -> None:
    """Let the app run until its screens are ``want`` (bottom first); fail if they never are."""
    try:
        async with asyncio.timeout(15):
            while _stack(pilot.app) != want:
                await pilot.pause(0.02)
    except TimeoutError:
        raise AssertionError(f"screens {_stack(pilot.app)}, not {want}") from None


async def test_a_window_opened_while_too_small_waits_beneath_the_notice(tmp_path) -> None:
    app = make_app(tmp_path, start="menu")
    answers: list[str | None] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.resize_terminal(40, 10)
        await _stack_becomes(pilot, ["MainMenu", "TooSmallScreen"])
        assert isinstance(app.screen, TooSmallScreen)
        app.push_screen(Panel(), answers.append)  # no key: as a game opens its panel
        await _stack_becomes(pilot, ["MainMenu", "Panel", "TooSmallScreen"])
        await pilot.resize_terminal(*SIZE)
        await _stack_becomes(pilot, ["MainMenu", "Panel"])
        await pilot.press("escape")
        await _stack_becomes(pilot, ["MainMenu"])
        assert answers == ["closed"]  # the window's answer still reaches its opener
        assert isinstance(app.screen, MainMenu)


async def test_a_screen_switched_in_while_too_small_replaces_the_one_beneath(tmp_path) -> None:
    app = make_app(tmp_path, start="menu")
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(Other())
        await _stack_becomes(pilot, ["MainMenu", "Other"])
        await pilot.resize_terminal(40, 10)
        await _stack_becomes(pilot, ["MainMenu", "Other", "TooSmallScreen"])
        app.switch_screen(Panel())
        await _stack_becomes(pilot, ["MainMenu", "Panel", "TooSmallScreen"])
        await pilot.resize_terminal(*SIZE)
        await _stack_becomes(pilot, ["MainMenu", "Panel"])


async def test_the_notice_comes_and_goes_over_a_window_many_times(tmp_path) -> None:
    app = make_app(tmp_path, start="menu")
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(Panel())
        await _stack_becomes(pilot, ["MainMenu", "Panel"])
        for _ in range(3):
            await pilot.resize_terminal(40, 10)
            await _stack_becomes(pilot, ["MainMenu", "Panel", "TooSmallScreen"])
            await pilot.resize_terminal(*SIZE)
            await _stack_becomes(pilot, ["MainMenu", "Panel"])


async def test_the_notice_is_over_a_new_window_at_once(tmp_path) -> None:
    """No refresh in between: a size check queued for after a refresh, on a screen another
    covers first, may never run."""
    app = make_app(tmp_path, start="menu")
    async with app.run_test(size=(40, 10)) as pilot:
        await _stack_becomes(pilot, ["MainMenu", "TooSmallScreen"])
        app.push_screen(Panel())
        assert _stack(app) == ["MainMenu", "Panel", "TooSmallScreen"]
        app.switch_screen(Other())
        assert _stack(app) == ["MainMenu", "Other", "TooSmallScreen"]
