"""Opening a finished game's replay from the lobby's Recent games and from a profile's
latest games, fed made-up host answers through the app's routing (no host): ``v`` picks the
game, the request goes out, the host's save opens the replay with every view, a refusal is
one line where it was asked, and Escape comes back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hosting.protocol import SERVER_MESSAGES, check
from saves import dumps_save
from screens.game_screen import GameScreen
from screens.lobby import LobbyScreen
from screens.lobby.profile import HistoryScreen, ProfileScreen
from tests.hosting.lobby_pilot import SIZE, until
from tests.hosting.profile_fakes import history_msg, profile_msg
from tests.replay.games import saved_game
from tests.ui_helpers import make_app, screen_lines, screen_text

RESULT = {
    "table": 31,
    "game_name": "Robot Master",
    "finished": "2026-11-20 10:00",
    "headline": "Anna won",
    "players": [{"name": "Anna", "outcome": "win"}, {"name": "Bob", "outcome": "loss"}],
}


def footer_keys(app: Any) -> str:
    return screen_lines(app)[-1]


def replay_msg(table: int) -> dict[str, Any]:
    msg = {"type": "replay", "table": table, "save": dumps_save(saved_game("robot-master"))}
    check(msg, SERVER_MESSAGES)
    return msg


def refusal(table: int, message: str) -> dict[str, Any]:
    return {"type": "error", "code": "bad_request", "message": message, "table": table}


def in_lobby(app: Any) -> tuple[LobbyScreen, list[dict[str, Any]]]:
    sent: list[dict[str, Any]] = []
    app.send_table = sent.append
    lobby = LobbyScreen()
    app._lobby = lobby
    app.push_screen(lobby)
    return lobby, sent


async def open_profile(app: Any, pilot: Any, sent: list[dict[str, Any]]) -> ProfileScreen:
    """Anna's profile, asked for and answered with the made-up profile."""
    profile = ProfileScreen("Anna")
    app.push_screen(profile)
    await until(pilot, lambda: sent, "the profile request")
    app.route_table_message(profile_msg())
    await until(pilot, lambda: "1,540" in screen_text(app), "the profile")
    return profile


async def test_a_recent_game_replays_from_the_lobby(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        lobby, sent = in_lobby(app)
        await until(pilot, lambda: lobby.is_mounted, "the lobby")
        lobby.show_you({"name": "Anna", "bell": False, "key": "SHA256:anna"})
        lobby.show_lobby({"tables": [], "results": [RESULT]})
        await pilot.press("v")
        await until(pilot, lambda: "Replay which game?" in screen_text(app), "the pick")
        assert "#31" in screen_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: sent, "the request")
        assert sent == [{"type": "replay", "table": 31}]
        app.route_table_message(refusal(31, "that game is not kept any more"))
        await until(pilot, lambda: "not kept any more" in screen_text(app), "the refusal")
        assert app.screen is lobby

        await pilot.press("v", "enter")
        await until(pilot, lambda: len(sent) == 2, "asked again")
        app.route_table_message(replay_msg(31))
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the replay")
        await until(pilot, lambda: "Replay, move 0 of" in screen_text(app), "drawn")
        assert len(app.screen.session.views) == 3  # everyone's, then each seat's
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is lobby, "back in the lobby")


async def test_a_latest_game_replays_from_a_profile(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        _, sent = in_lobby(app)
        profile = await open_profile(app, pilot, sent)
        await pilot.press("v")
        await until(pilot, lambda: "Replay which game?" in screen_text(app), "the pick")
        await pilot.press("down", "enter")  # the second latest: table 30
        await until(pilot, lambda: len(sent) == 2, "the request")
        assert sent[-1] == {"type": "replay", "table": 30}
        app.route_table_message(refusal(30, "no finished game #30"))
        await until(pilot, lambda: "no finished game #30" in screen_text(app), "the refusal")
        assert app.screen is profile

        await pilot.press("v", "enter")
        await until(pilot, lambda: len(sent) == 3, "asked again")
        assert sent[-1] == {"type": "replay", "table": 31}
        app.route_table_message(replay_msg(30))  # not the one asked for: dropped
        await pilot.pause()
        assert app.screen is profile
        app.route_table_message(replay_msg(31))
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the replay")
        await until(pilot, lambda: "Replay, move 0 of" in screen_text(app), "drawn")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is profile, "back at the profile")


async def test_a_game_of_a_history_page_replays(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        _, sent = in_lobby(app)
        await open_profile(app, pilot, sent)
        await until(pilot, lambda: "v Replay" in footer_keys(app), "the replay key")
        assert "h History" in footer_keys(app)
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen), "the history")
        history = app.screen
        await until(pilot, lambda: len(sent) == 2, "the history request")
        app.route_table_message(history_msg(1, 3))  # the second page: games 37 to 35
        await until(pilot, lambda: "page 2 of 3" in screen_text(app), "page 2")
        await until(pilot, lambda: "v Replay" in footer_keys(app), "the replay key")
        assert "Older" in footer_keys(app) and "Newer" in footer_keys(app)
        await pilot.press("v")
        await until(pilot, lambda: "Replay which game?" in screen_text(app), "the pick")
        await pilot.press("down", "enter")
        await until(pilot, lambda: len(sent) == 3, "the request")
        assert sent[-1] == {"type": "replay", "table": 36}
        app.route_table_message(replay_msg(36))
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the replay")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is history, "back at the history")


async def test_the_lobby_says_v_replays_a_recent_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        lobby, _ = in_lobby(app)
        await until(pilot, lambda: lobby.is_mounted, "the lobby")
        lobby.show_you({"name": "Anna", "bell": False, "key": "SHA256:anna"})
        lobby.show_lobby({"tables": [], "results": []})
        await until(pilot, lambda: "none yet" in screen_text(app), "no results")
        assert "v replays one" not in screen_text(app)
        lobby.show_lobby({"tables": [], "results": [RESULT]})
        await until(pilot, lambda: "Recent games  v replays one" in screen_text(app), "the hint")
