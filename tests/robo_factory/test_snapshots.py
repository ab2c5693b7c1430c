"""Snapshots of the Robo Factory screen at 80x24 (update with: pytest --snapshot-update)."""

from __future__ import annotations

from tests.ui_helpers import make_app, settle


async def close_first_result(pilot) -> None:
    """Seat 0 is the first customer: its turn's result waits for Enter."""
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


def test_robo_factory_screen_snapshot(snap_compare, tmp_path):
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=3, opponent="random", seed=42
    )

    async def buy_then_start_building(pilot) -> None:
        await close_first_result(pilot)
        await pilot.press("1", "enter")
        await settle(pilot)
        await pilot.press("r", "g")
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=buy_then_start_building)


def test_robo_factory_ascii_snapshot_with_notes_and_possible_robots(snap_compare, tmp_path):
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=4, opponent="easy", seed=7, ascii=True
    )

    async def notes(pilot) -> None:
        await close_first_result(pilot)
        await pilot.press("tab", "space", "right", "x", "p")
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=notes)


def test_robo_factory_your_customer_turn_result_snapshot(snap_compare, tmp_path):
    """The first screen of a game in which you are the first customer: that turn's result."""
    app = make_app(tmp_path, start="play", game="robo-factory", players=3, opponent="hard", seed=1)
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)
