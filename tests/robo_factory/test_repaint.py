"""A Robo Factory key repaints only the panel it changed, and in it only the changed cells
(screens/panel.py): what a player pays on a thin link. Sizes 80x24 and 120x40."""

from __future__ import annotations

import pytest
from textual.geometry import Region

from screens.panel import Panel
from tests.ui_helpers import make_app, rf_screen, settle

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def record_refreshes(screen) -> dict[str, list[tuple[Region, ...]]]:
    """Every panel's refresh calls from now on, by the panel's id."""
    calls: dict[str, list[tuple[Region, ...]]] = {}
    for panel in screen.query(Panel):
        original = panel.refresh

        def refresh(*regions, _id=panel.id, _original=original, **kwargs):
            calls.setdefault(_id, []).append(regions)
            return _original(*regions, **kwargs)

        panel.refresh = refresh  # type: ignore[method-assign]
    return calls


async def buying(pilot) -> None:
    """Seat 0 is the first customer: its turn's result closed, it buys in turn 2."""
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    assert rf_screen(pilot.app).ui_phase() == "buy"


def only_cells_of(calls, panel_id: str) -> list[Region]:
    """The regions ``panel_id`` repainted, checked to be the only panel repainted and
    to have named its regions (not a whole repaint)."""
    assert set(calls) == {panel_id}, calls
    regions = [region for call in calls[panel_id] for region in call]
    assert regions and all(call for call in calls[panel_id])  # never the whole panel
    return regions


@pytest.mark.parametrize("size", SIZES)
async def test_a_notepad_key_repaints_only_the_notepad_cells_it_changed(tmp_path, size):
    app = make_app(tmp_path, start="play", game="robo-factory", players=3, opponent="easy", seed=7)
    async with app.run_test(size=size) as pilot:
        await buying(pilot)
        screen = rf_screen(app)
        await pilot.press("tab")
        await settle(pilot)
        calls = record_refreshes(screen)
        await pilot.press("right")  # the cursor moves one cell
        await settle(pilot)
        moved = only_cells_of(calls, "rf-notes")
        assert {region.y for region in moved} == {screen.room().spaced + 1}  # the head row
        calls.clear()
        await pilot.press("x")  # a mark under the cursor
        await settle(pilot)
        marked = only_cells_of(calls, "rf-notes")
        assert len(marked) == 1 and marked[0].width <= 3
        assert screen.notes[0] == {(0, 1): "x"}


@pytest.mark.parametrize("size", SIZES)
async def test_a_colour_choice_repaints_only_the_build_cells_it_changed(tmp_path, size):
    app = make_app(tmp_path, start="play", game="robo-factory", players=3, opponent="easy", seed=7)
    async with app.run_test(size=size) as pilot:
        await buying(pilot)
        screen = rf_screen(app)
        await pilot.press("2", "enter")
        await settle(pilot)
        assert screen.ui_phase() == "build"
        calls = record_refreshes(screen)
        await pilot.press("g")
        await settle(pilot)
        assert screen.parts == [1, None, None]
        regions = only_cells_of(calls, "rf-build")
        head = screen.room().spaced + 1
        step = 2 if screen.room().taller else 1  # a blank row after each on a tall terminal
        assert {region.y for region in regions} == {head, head + step}  # head, torso's "<"
