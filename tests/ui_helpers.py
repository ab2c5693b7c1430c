"""The Pilot helpers every UI test uses: the app on a temporary save folder, the terminal size,
waiting for the workers, finding a game's screen, reading the terminal as the player sees it,
and a few moves by keys (Robot Master) and saving by keys."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from engines.robot_master.board import SIZE as BOARD_SIZE
from engines.robot_master.state import RobotMasterState, legal_cells
from robotui.app import RobotuiApp
from robotui.config import AppConfig
from screens.robo_factory.screen import RoboFactoryScreen
from screens.roborally.screen import RoboRallyScreen
from screens.robot_master.screen import RobotMasterScreen
from screens.stak_bots.screen import StakBotsScreen

S = TypeVar("S")
SIZE = (80, 24)  # the smallest terminal robotui supports, where the UI tests play


def make_app(save_dir: Path, **kwargs) -> RobotuiApp:
    app = RobotuiApp(AppConfig(save_dir=save_dir, **kwargs))
    app.animation_level = "none"
    return app


UNTIL_TIMEOUT = 30.0  # seconds: far beyond any wait on a loaded machine, short of a hang


async def until(
    pilot,
    predicate: Callable[[], object],
    what: str = "",
    state: Callable[[], str] | None = None,
) -> None:
    """Let the app run until ``predicate()`` holds; fail with the screen stack (and
    ``state()``, whatever else the test wants said) if it never does."""
    try:
        async with asyncio.timeout(UNTIL_TIMEOUT):
            while not predicate():
                await pilot.pause(0.02)
    except TimeoutError:
        said = f"\n{state()}" if state is not None else ""
        raise AssertionError(
            f"never happened: {what}{said}\nscreens: {pilot.app.screen_stack}\n"
            f"{screen_text(pilot.app)}"
        ) from None


async def settle(pilot) -> None:
    """Let workers (computer players) finish and the screen catch up."""
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


def top_screen(app, kind: type[S], name: str) -> S:
    """The topmost screen of ``kind`` (the game's screen under any dialog over it)."""
    for screen in reversed(app.screen_stack):
        if isinstance(screen, kind):
            return screen
    raise AssertionError(f"no {name} screen in {app.screen_stack}")


def game_screen(app) -> RobotMasterScreen:
    return top_screen(app, RobotMasterScreen, "Robot Master")


def rf_screen(app) -> RoboFactoryScreen:
    return top_screen(app, RoboFactoryScreen, "Robo Factory")


def rr_screen(app) -> RoboRallyScreen:
    return top_screen(app, RoboRallyScreen, "RoboRally")


def sb_screen(app) -> StakBotsScreen:
    return top_screen(app, StakBotsScreen, "Stak Bots")


def screen_lines(app) -> list[str]:
    """The terminal as the player sees it, one string a row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def screen_text(app) -> str:
    """The terminal as the player sees it, rows joined by newlines."""
    return "\n".join(screen_lines(app))


def keys_to(cursor: int, target: int) -> list[str]:
    """Arrow keys that move the board cursor from ``cursor`` to ``target``."""
    r0, c0 = divmod(cursor, BOARD_SIZE)
    r1, c1 = divmod(target, BOARD_SIZE)
    keys = ["down" if r1 > r0 else "up"] * abs(r1 - r0)
    keys += ["right" if c1 > c0 else "left"] * abs(c1 - c0)
    return keys


async def play_one_move(pilot) -> tuple[int, int]:
    """Play a legal move for the human to move, by keys only; returns (cell, value)."""
    screen = game_screen(pilot.app)
    state = screen.state
    assert isinstance(state, RobotMasterState)
    seat = state.to_play
    value = next(v for v in range(6) if state.hands[seat][v])
    target = legal_cells(state.board)[0]
    await pilot.press(str(value), *keys_to(screen.cursor, target), "enter")
    await settle(pilot)
    return target, value


async def save_as_then_quit(pilot, screen, name: str) -> None:
    """ctrl+s under ``name``, then q: the confirmation says where it is saved; back to the menu."""
    from screens.dialogs import ConfirmScreen
    from screens.menu import MainMenu

    app = pilot.app
    await pilot.press("ctrl+s")
    await pilot.pause()
    await pilot.press(*["backspace"] * 40, *name, "enter")
    await pilot.pause()
    assert screen.session.name == name
    await pilot.press("q")
    await pilot.pause()
    assert isinstance(app.screen, ConfirmScreen)
    assert f"saved as '{name}'" in app.screen.question
    await pilot.press("y")
    await pilot.pause()
    assert isinstance(app.screen, MainMenu)
