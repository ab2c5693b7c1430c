"""Snapshots of the RoboRally screen at 80x24 (update with: pytest --snapshot-update)."""

from __future__ import annotations

from engines.core import RESIGN
from tests.ui_helpers import make_app, rr_screen, settle


def _programming(keys: tuple[str, ...]):
    async def run(pilot) -> None:
        await settle(pilot)
        await pilot.press("2")  # face East
        await settle(pilot)
        await pilot.press(*keys)
        await settle(pilot)

    return run


def test_roborally_programming_snapshot(snap_compare, tmp_path):
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=4,
        opponent="random",
        seed=42,
        options={"course": "first-steps"},
    )
    assert snap_compare(app, terminal_size=(80, 24), run_before=_programming(("7", "9", "2")))


def test_roborally_ascii_legend_snapshot(snap_compare, tmp_path):
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=2,
        opponent="random",
        seed=42,
        options={"course": "pit-stop"},
        ascii=True,
    )
    assert snap_compare(app, terminal_size=(80, 24), run_before=_programming(("1", "g")))


def test_roborally_resigned_robot_snapshot(snap_compare, tmp_path):
    """Green resigns (as a table tells it) while you program: its robot is gone from the
    board and the robots' table says "resigned"."""
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=3,
        opponent="random",
        seed=42,
        options={"course": "first-steps"},
    )

    async def run(pilot) -> None:
        await settle(pilot)
        await pilot.press("2")  # face East
        await settle(pilot)
        rr_screen(app).play(RESIGN, 2)
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)
