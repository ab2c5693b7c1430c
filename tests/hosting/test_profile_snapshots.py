"""Snapshots of a profile and a leaderboard at 80x24, drawn from made-up answers (a
hostile name and a wide CJK one among them)."""

from __future__ import annotations

from pathlib import Path

from screens.lobby.leaders import LeadersScreen
from screens.lobby.profile import ProfileScreen
from tests.hosting.lobby_pilot import SIZE, until
from tests.hosting.profile_fakes import GAMES, leaderboard_msg, profile_msg
from tests.ui_helpers import make_app, screen_text


def test_profile_snapshot(snap_compare, tmp_path: Path) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        app.send_table = lambda msg: None
        app.push_screen(ProfileScreen("Anna"))
        await until(pilot, lambda: "Asking" in screen_text(app), "asking")
        app.route_table_message(profile_msg())
        await until(pilot, lambda: "1,540" in screen_text(app), "the profile")

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_leaderboard_snapshot(snap_compare, tmp_path: Path) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        app.send_table = lambda msg: None
        app.push_screen(LeadersScreen(GAMES, "robot-master"))
        await until(pilot, lambda: "Asking" in screen_text(app), "asking")
        app.route_table_message(leaderboard_msg())
        await until(pilot, lambda: "1,712" in screen_text(app), "the rows")

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)
