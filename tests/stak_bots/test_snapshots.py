"""Stak Bots screens at 80x24.

Update with: pytest --snapshot-update tests/test_stak_bots_snapshots.py
"""

from __future__ import annotations

from engines.core import RESIGN
from tests.ui_helpers import make_app, sb_screen, settle


def test_stak_bots_screen_snapshot(snap_compare, tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="easy", seed=21)

    async def a_few_keys(pilot) -> None:
        await settle(pilot)
        await pilot.press("2", "p")
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=a_few_keys)


def test_stak_bots_three_players_ascii_snapshot(snap_compare, tmp_path):
    app = make_app(
        tmp_path, start="play", game="stak-bots", opponent="random", seed=8, players=3, ascii=True
    )

    async def target_prompt(pilot) -> None:
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=target_prompt)


def test_stak_bots_resigned_player_snapshot(snap_compare, tmp_path):
    """Player 3 resigns (as a table tells it): its column says it is out, resigned."""
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=8, players=3)

    async def run(pilot) -> None:
        await settle(pilot)
        sb_screen(app).play(RESIGN, 2)
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)
