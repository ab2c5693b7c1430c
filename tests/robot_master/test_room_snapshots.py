"""Snapshots of Robot Master's game screen at 80x24 and on bigger terminals, where its cells
and side panel grow and the whole is centred (update with: pytest --snapshot-update)."""

from __future__ import annotations

import pytest

from engines.core import RESIGN
from tests.ui_helpers import game_screen, make_app, play_one_move, settle


async def three_moves(pilot) -> None:
    """Three moves each (the last placed marked, a weak line highlighted), then the cursor
    one cell to the right."""
    await settle(pilot)
    for _ in range(3):
        await play_one_move(pilot)
    await pilot.press("right")
    await settle(pilot)


@pytest.mark.parametrize(
    "size", [(80, 24), (100, 30), (120, 40)], ids=lambda s: "x".join(map(str, s))
)
def test_game_screen(snap_compare, tmp_path, size):
    app = make_app(tmp_path, start="play", opponent="random", seed=42)
    assert snap_compare(app, terminal_size=size, run_before=three_moves)


def test_ascii_game_screen_at_120x40(snap_compare, tmp_path):
    app = make_app(tmp_path, start="play", opponent="random", seed=42, ascii=True)
    assert snap_compare(app, terminal_size=(120, 40), run_before=three_moves)


def test_resigned_game_over_at_80x24(snap_compare, tmp_path):
    """The computer (Columns) resigns after three moves each, as a table tells it: the game
    is over, Rows win, and the result says so."""
    app = make_app(tmp_path, start="play", opponent="random", seed=42)

    async def run(pilot) -> None:
        await three_moves(pilot)
        game_screen(app).play(RESIGN, 1)
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)
