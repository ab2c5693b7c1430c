"""Snapshots of the RoboRally screen at 80x24 and at 120x40, where the board shows the whole
course (4 columns a square where that fits) and the log has the height the terminal gives it
(update with: pytest --snapshot-update, then look at them)."""

from __future__ import annotations

import pytest

from tests.ui_helpers import make_app, settle

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def _keys(*keys: str):
    async def run(pilot) -> None:
        await settle(pilot)
        await pilot.press("2")  # face East
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)

    return run


@pytest.mark.parametrize("size", SIZES)
def test_programming_with_cards_in_registers(snap_compare, tmp_path, size):
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=4,
        opponent="random",
        seed=42,
        options={"course": "first-steps"},
    )
    assert snap_compare(app, terminal_size=size, run_before=_keys("7", "9", "2"))


@pytest.mark.parametrize("size", SIZES)
def test_a_playback_step(snap_compare, tmp_path, size):
    """Five cards in, the playback paused (r), confirmed, then stepped once with Space."""
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=4,
        opponent="random",
        seed=42,
        options={"course": "first-steps"},
    )
    keys = ("1", "2", "3", "4", "5", "r", "enter", "space")
    assert snap_compare(app, terminal_size=size, run_before=_keys(*keys))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("course", ["grand-tour", "long-haul"])
def test_a_bigger_course(snap_compare, tmp_path, size, course):
    """Grand Tour (24x16) and Long Haul (12x28): cut to the board panel at 80x24; whole at
    120x40 (Long Haul in squares 4 columns wide, Grand Tour's 24 columns only fit in 3)."""
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=4,
        opponent="random",
        seed=42,
        options={"course": course},
    )
    assert snap_compare(app, terminal_size=size, run_before=_keys("1", "8"))
