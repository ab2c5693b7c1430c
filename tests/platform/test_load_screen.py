"""The load screen at 80x24: whole save names, game and players, a finished mark."""

from __future__ import annotations

import random

from textual.widgets import DataTable

from engines.registry import get_game
from saves import PlayerEntry
from screens.load import LoadScreen
from screens.session import GameSession
from tests.ui_helpers import make_app


def save_game(tmp_path, game_id: str, players: list[PlayerEntry], finish: bool) -> str:
    session = GameSession.new(get_game(game_id), players, {}, 7, tmp_path)
    rng = random.Random(1)
    state = session.match.state
    while finish and not state.is_terminal():
        seat = state.to_move()[0]
        session.match.play(rng.choice(state.legal_actions(seat)), seat)
    session.autosave()
    return session.name


async def test_names_players_and_finished_fit_80_columns(tmp_path):
    duel = [PlayerEntry("You", "human"), PlayerEntry("Computer", "computer", "hard")]
    crowd = [PlayerEntry("You", "human")] + [
        PlayerEntry(f"Computer {i}", "computer", "normal") for i in (1, 2, 3)
    ]
    done = save_game(tmp_path, "robot-master", duel, finish=True)
    going = save_game(tmp_path, "robo-factory", crowd, finish=False)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        table = app.screen.query_one(DataTable)
        assert table.virtual_size.width <= table.size.width  # no column off screen
        lines = [
            "".join(seg.text for seg in strip).rstrip()
            for strip in table.render_lines(table.region.reset_offset)
        ]
        text = "\n".join(lines)
        assert done in text and going in text  # whole names, time included
        assert "Robot Master: You vs Computer (hard)" in text
        assert "Robo Factory: You + 3 computers (normal)" in text
        row = next(i for i, line in enumerate(lines) if done in line)
        assert "finished" in lines[row + 1]  # under the date, by the move number
        other = next(i for i, line in enumerate(lines) if going in line)
        assert "finished" not in lines[other] + lines[other + 1]


async def test_a_notice_from_the_command_line_is_shown(tmp_path):
    app = make_app(tmp_path, notice="An unreadable save file was skipped.")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = [n.message for n in app._notifications]  # what the toast rack shows
        assert shown == ["An unreadable save file was skipped."]
