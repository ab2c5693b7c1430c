"""Opening and closing dialogs leaves nothing behind: the footer of the screen under them
keeps no old keys alive, and 200 cycles of the lobby's new-table dialog (after the first
100, which fill Textual's bounded caches) grow a player's process by less than 5 MB (counted
with gc and tracemalloc, never timed)."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from screens.footer import Footer
from screens.lobby import LobbyScreen
from screens.lobby.dialogs import GamePickScreen
from tests.hosting.lobby_pilot import SIZE, lobby_app, named, running_server, until

CYCLES = 200
WARM_UP = 100
GROWTH_LIMIT = 5 * 1024 * 1024


def live_footer_keys() -> int:
    gc.collect()
    return sum(1 for thing in gc.get_objects() if isinstance(thing, FooterKey))


class _Dialog(ModalScreen[None]):
    BINDINGS = [Binding("escape", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        yield Static("a dialog")


class _Base(App[None]):
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("d", "dialog", "Dialog"),
        Binding("x", "bell", "Bell"),
        Binding("y", "app.bell", "Other"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("base")
        yield Footer()

    def action_dialog(self) -> None:
        self.push_screen(_Dialog())


async def test_the_footer_under_a_dialog_keeps_no_old_keys() -> None:
    app = _Base()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = len(app.screen.query(FooterKey))
        assert shown == 3
        for _ in range(40):
            await pilot.press("d")
            await until(pilot, lambda: isinstance(app.screen, _Dialog), "the dialog")
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, _Dialog), "the dialog closed")
        await pilot.pause()
        # the keys on screen, and at most a recompose's worth waiting to be collected
        assert live_footer_keys() <= 2 * shown
        assert len(app.screen.query(FooterKey)) == shown


async def test_the_footer_still_follows_compact() -> None:
    app = _Base()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        assert not any(key.compact for key in footer.query(FooterKey))
        footer.compact = True
        await pilot.pause()
        assert all(key.has_class("-compact") for key in footer.query(FooterKey))


async def test_200_new_table_dialogs_grow_a_session_by_less_than_5_mb(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)

            async def cycle() -> None:
                await pilot.press("n")
                await until(pilot, lambda: isinstance(app.screen, GamePickScreen), "the dialog")
                await pilot.press("escape")
                await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")

            # Traced from the start: a block allocated before tracing began and freed later
            # (a cache entry replaced) would not count, its replacement would.
            tracemalloc.start()
            try:
                # one-time costs first: the dialog's import and Textual's bounded caches (of
                # styles and drawn lines), full after about 100 dialogs (~6.5 MB)
                for _ in range(WARM_UP):
                    await cycle()
                gc.collect()
                keys_before = live_footer_keys()
                before = tracemalloc.get_traced_memory()[0]
                for _ in range(CYCLES):
                    await cycle()
                await pilot.pause()
                gc.collect()
                growth = tracemalloc.get_traced_memory()[0] - before
            finally:
                tracemalloc.stop()
            assert growth < GROWTH_LIMIT, f"{growth / 1024:.0f} KB after {CYCLES} dialogs"
            assert live_footer_keys() <= keys_before + len(app.screen.query(FooterKey))


def test_every_screen_uses_the_footer_without_watchers() -> None:
    root = Path(__file__).resolve().parents[2]
    direct = [
        str(path.relative_to(root))
        for folder in ("screens", "robotui")
        for path in (root / folder).rglob("*.py")
        if path.name != "footer.py"
        and any(
            line.startswith("from textual.widgets import") and "Footer" in line
            for line in path.read_text().splitlines()
        )
    ]
    assert direct == []
