"""The profile, history and leaderboard screens, fed made-up answers through the app's
routing (no host): what they ask, what they show, names made safe, keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hosting.protocol import SERVER_MESSAGES, check
from screens.lobby.leaders import LeadersScreen
from screens.lobby.profile import HistoryScreen, ProfileScreen, lobby_names
from tests.hosting.lobby_pilot import SIZE, until
from tests.hosting.messages import computer, person
from tests.hosting.profile_fakes import GAMES, history_msg, leaderboard_msg, profile_msg
from tests.ui_helpers import make_app, screen_text


def test_the_fakes_fit_the_protocol() -> None:
    for msg in (profile_msg(), history_msg(0, 3), leaderboard_msg()):
        check(msg, SERVER_MESSAGES)


def sending(app: Any) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    app.send_table = sent.append
    return sent


async def test_a_profile_asks_then_shows_every_part(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        sent = sending(app)
        app.push_screen(ProfileScreen("Anna"))
        await until(pilot, lambda: sent, "the request")
        assert sent == [{"type": "profile", "who": "Anna"}]
        assert "Asking the host..." in screen_text(app)
        app.route_table_message(profile_msg())
        await until(pilot, lambda: "1,540 ± 118" in screen_text(app), "the profile")
        text = screen_text(app)
        assert "\x1b" not in text
        assert "Profile: Anna" in text and "between normal and hard" in text
        assert "rating changes, newest last: -11 +7 +15 -9 +12" in text
        assert "unrated" in text
        assert "#31" in text and "won" in text and "+12" in text
        await pilot.press("end")
        await until(pilot, lambda: "山田太郎さん" in screen_text(app), "the rivals")
        assert "9 games: 5 won, 4 lost, 0 tied" in screen_text(app)


async def test_history_pages_by_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        sent = sending(app)
        app.push_screen(ProfileScreen(""))
        await until(pilot, lambda: sent, "the profile request")
        assert sent[-1] == {"type": "profile", "who": ""}
        app.route_table_message(profile_msg())
        await until(pilot, lambda: "1,540" in screen_text(app), "the profile")
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen), "the history")
        await until(pilot, lambda: len(sent) == 2, "the history request")
        assert sent[-1] == {"type": "history", "who": "Anna\x1b[31m", "game": None, "page": 0}
        app.route_table_message(history_msg(0, 3))
        await until(pilot, lambda: "page 1 of 3" in screen_text(app), "page 1")
        await pilot.press("left")  # no newer page: nothing asked
        await pilot.press("right")
        await until(pilot, lambda: len(sent) == 3, "page 2 asked")
        assert sent[-1]["page"] == 1
        app.route_table_message(history_msg(1, 3))
        await until(pilot, lambda: "page 2 of 3" in screen_text(app), "page 2")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ProfileScreen), "back")


async def test_a_refusal_is_one_line(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        sending(app)
        app.push_screen(ProfileScreen("Zed"))
        await until(pilot, lambda: "Asking" in screen_text(app), "asking")
        message = "nobody is called 'Zed' on this host"
        app.route_table_message(
            {"type": "error", "code": "bad_request", "message": message, "table": None}
        )
        await until(pilot, lambda: message in screen_text(app), "the refusal")
        # a late answer for nobody waiting is dropped
        app.route_table_message(profile_msg())
        await pilot.pause()
        assert "1,540" not in screen_text(app)


async def test_the_leaderboard_switches_games_and_opens_profiles(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        sent = sending(app)
        app.push_screen(LeadersScreen(GAMES, "robot-master"))
        await until(pilot, lambda: sent, "the request")
        assert sent == [{"type": "leaderboard", "game": "robot-master"}]
        app.route_table_message(leaderboard_msg())
        await until(pilot, lambda: "1,712 ± 98" in screen_text(app), "the rows")
        text = screen_text(app)
        assert "Leaderboard: Robot Master (5 rated games or more)" in text
        assert "Bob (you)" in text and "\x07" not in text and "山田太郎さん" in text
        await pilot.press("right")
        await until(pilot, lambda: len(sent) == 2, "the next game")
        assert sent[-1] == {"type": "leaderboard", "game": "robo-factory"}
        app.route_table_message(leaderboard_msg())  # the game left: dropped
        await pilot.pause()
        assert "1,712" not in screen_text(app)
        app.route_table_message({**leaderboard_msg("robo-factory", "Robo Factory"), "rows": []})
        await until(pilot, lambda: "Nobody has 5 rated games" in screen_text(app), "empty")
        await pilot.press("left")
        app.route_table_message(leaderboard_msg())
        await until(pilot, lambda: "1,712" in screen_text(app), "back to Robot Master")
        await pilot.press("down", "enter")
        await until(pilot, lambda: isinstance(app.screen, ProfileScreen), "a profile")
        assert sent[-1] == {"type": "profile", "who": "computer:hard"}


def test_the_names_a_profile_can_be_asked_for() -> None:
    def seat(kind: str, name: str | None, level: str | None = None, you: bool = False) -> dict:
        return {"kind": kind, "name": name, "level": level, "you": you}

    tables = [
        {"seats": [seat("person", "Anna", you=True), seat("computer", "Computer", "hard")]},
        {"seats": [seat("person", "Bob"), seat("person", None), seat("person", "Cleo")]},
    ]
    results = [{"players": [{"name": "Dan", "outcome": "win"}, {"name": "Bob", "outcome": "x"}]}]
    assert lobby_names(tables, results, tables[1]) == [
        "",
        "Bob",
        "Cleo",
        "Computer (hard)",
        "Dan",
    ]


async def test_from_the_lobby_by_keys_against_a_real_host(tmp_path: Path) -> None:
    from screens.lobby import LobbyScreen
    from tests.hosting.lobby_pilot import host_table, lobby_app, named, running_server, shows

    async with running_server(tmp_path / "data") as server:
        bob, _ = await host_table(server, "stak-bots", [person(), computer("hard")])
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await named(pilot)
            await shows(pilot, "Stak Bots")
            await pilot.press("p")
            await shows(pilot, "Whose profile?")
            assert "Computer (hard)" in screen_text(app) and "Bob" in screen_text(app)
            await pilot.press("down", "enter")  # Bob, the first seat of the table
            await shows(pilot, "Profile: Bob")
            await shows(pilot, "No games finished at this host yet.")
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await pilot.press("L")
            await shows(pilot, "Leaderboard: Stak Bots (5 rated games or more)")
            await shows(pilot, "Nobody has 5 rated games of this game yet.")
            await pilot.press("escape", "p", "L")
            await shows(pilot, "Leaderboard: Stak Bots")
        await bob.close()
