"""The stats screen: from the menu and back by keys, its best games replayed through the
function the app gives it (the real replay from the menu; no replay key without one), and
snapshots at 80x24 and 120x40."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from screens.menu import MainMenu
from screens.stats import StatsScreen
from tests.stats.saves_maker import fill_folder
from tests.ui_helpers import make_app, screen_lines, screen_text, until


def stats_shown(app) -> bool:
    """The stats screen is on top, filled in."""
    return isinstance(app.screen, StatsScreen) and "Stats of" in screen_text(app)


def words(app) -> str:
    """The screen's text with its rows joined by spaces (wrapped lines read as one)."""
    return " ".join(" ".join(line.split()) for line in screen_lines(app))


def footer_keys(app) -> str:
    return screen_lines(app)[-1]


async def test_menu_to_stats_and_back(tmp_path: Path) -> None:
    fill_folder(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        await pilot.press("s")
        await until(pilot, lambda: stats_shown(app), "the stats")
        text = screen_text(app)
        assert "Stats of 5 finished games in" in text
        assert "You: 4 games, 3 won, 1 lost, 0 drawn; longest winning streak 2" in text
        assert "1 game not finished yet left out. 1 unreadable file skipped." in text
        assert "Skipped: broken.toml" in text
        assert "Replay" in footer_keys(app)
        # v replays the best game picked, on its own game's screen, and comes back
        await pilot.press("v")
        await until(pilot, lambda: "Replay, move" in screen_text(app), "the replay")
        await pilot.press("end")
        await until(pilot, lambda: "Replay, move" in screen_text(app), "the replay's end")
        await pilot.press("escape")
        await until(pilot, lambda: stats_shown(app), "back at the stats")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainMenu), "back at the menu")
        # the menu's item does the same as its key
        options = app.screen.query_one(OptionList)
        options.highlighted = options.get_option_index("stats")
        await pilot.press("enter")
        await until(pilot, lambda: stats_shown(app), "the stats again")
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, MainMenu), "back again")


async def test_best_games_replay_through_the_apps_function(tmp_path: Path) -> None:
    fill_folder(tmp_path)
    app = make_app(tmp_path)
    replayed: list[Path] = []
    app.open_replay = replayed.append  # type: ignore[attr-defined]
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        await pilot.press("s")
        await until(pilot, lambda: stats_shown(app), "the stats")
        assert "v Replay" in footer_keys(app)
        assert "Best games (v or Enter replays the one picked)" in screen_text(app)
        await pilot.press("v")  # the widest win first: rm one, by 12
        await pilot.press("down", "enter")  # then rm three, by 7
        await until(pilot, lambda: len(replayed) == 2, "two replays")
        assert replayed == [tmp_path / "a.toml", tmp_path / "c.toml"]


async def test_without_a_replay_function_the_keys_do_nothing(tmp_path: Path) -> None:
    fill_folder(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        screen = StatsScreen(tmp_path)
        app.push_screen(screen)
        await until(pilot, lambda: app.screen is screen and stats_shown(app), "the stats")
        assert screen.check_action("replay", ()) is False
        await pilot.press("v", "enter")
        await pilot.pause()
        assert app.screen is screen  # nothing opened, nothing failed


async def test_no_saves_and_an_unreadable_folder(tmp_path: Path) -> None:
    app = make_app(tmp_path / "none yet")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        app.push_screen(StatsScreen(tmp_path / "none yet"))
        await until(pilot, lambda: stats_shown(app), "the stats")
        text = screen_text(app)
        assert "No finished games to count yet" in text
        assert "Best games: none yet" in text
        (tmp_path / "file").write_text("x", encoding="utf-8")
        app.push_screen(StatsScreen(tmp_path / "file"))
        # the whole one-line problem, wrapped where the folder's path is long
        await until(pilot, lambda: "is not a folder" in words(app), "the problem")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_stats_snapshot(snap_compare, tmp_path, monkeypatch, size) -> None:
    fill_folder(tmp_path / "saves")
    monkeypatch.chdir(tmp_path)  # the title names the folder: "saves" on every machine
    app = make_app(Path("saves"))
    assert snap_compare(app, terminal_size=size, press=["s"])
