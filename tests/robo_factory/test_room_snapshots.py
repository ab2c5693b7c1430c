"""Snapshots of Robo Factory at 80x24, 100x30 and 120x40: on the bigger terminals the cards
spread out, the notepad's cells widen and get blank rows, the key line is spelled out, at
120 columns the left part grows, and the log shows more lines (see
screens/robo_factory/room.py). Update with: pytest --snapshot-update."""

from __future__ import annotations

import pytest

from tests.ui_helpers import make_app, rf_screen, settle

SIZES = [
    pytest.param((80, 24), id="80x24"),
    pytest.param((100, 30), id="100x30"),
    pytest.param((120, 40), id="120x40"),
]


async def marks_while_buying(pilot) -> None:
    """Seat 0 is the first customer: its turn's result, closed; then, buying in turn 2,
    three marks in the notepad, which keeps the keys (its cursor and legend shown)."""
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    await pilot.press("tab", "x", "right", "space", "down", "o", "right", "x")
    await settle(pilot)
    screen = rf_screen(pilot.app)
    assert screen.notes_mode and screen.state.turn == 1 and screen.ui_phase() == "buy"
    assert screen.notes[0] == {(0, 0): "x", (0, 1): "x", (1, 1): "o", (1, 2): "x"}


@pytest.mark.parametrize("size", SIZES)
def test_robo_factory_buying_with_notes_and_a_log(snap_compare, tmp_path, size):
    app = make_app(tmp_path, start="play", game="robo-factory", players=3, opponent="easy", seed=7)
    assert snap_compare(app, terminal_size=size, run_before=marks_while_buying)


@pytest.mark.parametrize("size", SIZES)
def test_robo_factory_building(snap_compare, tmp_path, size):
    app = make_app(tmp_path, start="play", game="robo-factory", players=3, opponent="easy", seed=7)

    async def building(pilot) -> None:
        await marks_while_buying(pilot)
        await pilot.press("tab", "2", "enter")  # the notepad gives the keys back; a buy
        await settle(pilot)
        await pilot.press("r", "g")
        await settle(pilot)
        screen = rf_screen(pilot.app)
        assert screen.ui_phase() == "build" and screen.parts == [0, 1, None]

    assert snap_compare(app, terminal_size=size, run_before=building)
