"""Snapshots of key screens at 80x24 (update with: pytest --snapshot-update)."""

from __future__ import annotations

from tests.ui_helpers import make_app, play_one_move, settle


def test_menu_snapshot(snap_compare, tmp_path):
    assert snap_compare(make_app(tmp_path), terminal_size=(80, 24))


def test_game_screen_snapshot(snap_compare, tmp_path):
    app = make_app(tmp_path, start="play", opponent="random", seed=42)

    async def three_moves(pilot) -> None:
        await settle(pilot)
        for _ in range(3):
            await play_one_move(pilot)
        await pilot.press("right")
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=three_moves)


def test_ascii_game_screen_snapshot(snap_compare, tmp_path):
    app = make_app(tmp_path, start="play", opponent="human", seed=7, ascii=True)
    assert snap_compare(app, terminal_size=(80, 24), press=["enter", "2"])


def test_new_game_dialog_snapshot(snap_compare, tmp_path):
    assert snap_compare(make_app(tmp_path), terminal_size=(80, 24), press=["enter"])
