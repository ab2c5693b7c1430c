"""The lobby draws what it is handed once: composed with it, and left alone when a lobby
message changes nothing it shows (each refill of the list costs a layout and a frame, and
a crowd arriving sends everyone many lobbies)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from robotui.app import RobotuiApp
from robotui.config import AppConfig
from screens.lobby import LobbyScreen
from tests.hosting.test_lobby_rows import seat, summary
from tests.ui_helpers import screen_text, until

SIZE = (80, 24)


def lobby(tables: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "lobby", "tables": tables, "results": []}


def table(table_id: int, creator: str) -> dict[str, Any]:
    return summary(id=table_id, creator=creator, seats=[seat(0, creator), seat(1, None)])


@pytest.fixture
def refills(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per time a lobby's table list was emptied and filled again."""
    counted: list[int] = []
    clear = OptionList.clear_options

    def counting(self: OptionList) -> OptionList:
        counted.append(1)
        return clear(self)

    monkeypatch.setattr(OptionList, "clear_options", counting)
    return counted


async def open_lobby(app: RobotuiApp, pilot: Any, tables: list[dict[str, Any]]) -> LobbyScreen:
    screen = LobbyScreen()
    screen.show_you({"name": "Anna", "bell": False, "key": "SHA256:anna"})
    screen.show_lobby(lobby(tables))
    app.push_screen(screen)
    await until(pilot, lambda: app.screen is screen and "Cid" in screen_text(app), "the lobby")
    return screen


async def test_the_lobby_opens_with_its_tables_without_filling_its_list_again(
    tmp_path: Path, refills: list[int]
) -> None:
    app = RobotuiApp(AppConfig(save_dir=tmp_path, start="menu", mouse=False))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_lobby(app, pilot, [table(3, "Bob"), table(4, "Cid")])
        for _ in range(3):
            await pilot.pause()
        text = screen_text(app)
        assert "Anna at" in text and "Bob" in text and "Cid" in text
        assert screen.selected() is not None and screen.selected()["id"] == 3
        assert refills == []


async def test_a_lobby_that_shows_the_same_leaves_the_list_and_the_cursor_alone(
    tmp_path: Path, refills: list[int]
) -> None:
    app = RobotuiApp(AppConfig(save_dir=tmp_path, start="menu", mouse=False))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_lobby(app, pilot, [table(3, "Bob"), table(4, "Cid")])
        await pilot.press("down")
        assert screen.selected()["id"] == 4
        screen.show_lobby(lobby([table(3, "Bob"), table(4, "Cid")]))
        await pilot.pause()
        assert refills == []
        screen.show_lobby(lobby([table(2, "Dan"), table(3, "Bob"), table(4, "Cid")]))
        await until(pilot, lambda: "Dan" in screen_text(app), "the new table")
        assert len(refills) == 1
        assert screen.selected()["id"] == 4  # the cursor stays on the table it was on
