"""Snapshots of each game's replay at 80x24 and 120x40 (plus one in --ascii and one in 16
colours): the game's own screen, the replay's keys in the footer and its move on the status
line (update with: pytest --snapshot-update)."""

from __future__ import annotations

import pytest
import textual.constants

from tests.replay.games import GAMES, write_game
from tests.ui_helpers import make_app, settle

# the keys that bring each game to a position worth looking at
KEYS = {
    "robot-master": ["right"] * 7,
    "stak-bots": ["pagedown"] * 3,
    "robo-factory": ["right"] * 5,
    "roborally": ["pagedown"] * 2 + ["x"],
}


def replay_app(tmp_path, game_id: str, **config):
    path = write_game(tmp_path, game_id)
    return make_app(tmp_path, start="replay", resume_path=path, **config)


def keys_of(game_id: str):
    async def run(pilot) -> None:
        await settle(pilot)
        for key in KEYS[game_id]:
            await pilot.press(key)
            await settle(pilot)

    return run


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_replay(snap_compare, tmp_path, game_id, size):
    app = replay_app(tmp_path, game_id)
    assert snap_compare(app, terminal_size=size, run_before=keys_of(game_id))


def test_ascii_replay(snap_compare, tmp_path):
    app = replay_app(tmp_path, "robo-factory", ascii=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys_of("robo-factory"))


def test_sixteen_colour_replay(snap_compare, tmp_path, monkeypatch):
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "standard")
    app = replay_app(tmp_path, "robot-master")
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys_of("robot-master"))
