"""F1 rules at 80x24: every line of a game's rules and keys fits the rules panel, so
nothing is wrapped a second time (a lone word on a line of its own)."""

from __future__ import annotations

import pytest

from engines.registry import get_game
from screens.dialogs import RulesScreen
from screens.games import playable_games
from screens.robo_factory.screen import RoboFactoryScreen
from screens.roborally.screen import RoboRallyScreen
from screens.robot_master.screen import RobotMasterScreen
from screens.stak_bots.screen import StakBotsScreen
from tests.ui_helpers import make_app

SCREENS = {
    "robot-master": RobotMasterScreen,
    "robo-factory": RoboFactoryScreen,
    "roborally": RoboRallyScreen,
    "stak-bots": StakBotsScreen,
}


def test_every_game_is_covered():
    assert sorted(SCREENS) == sorted(g.id for g in playable_games())


@pytest.mark.parametrize("game_id", sorted(SCREENS))
async def test_rules_and_keys_fit_the_panel_at_80x24(tmp_path, game_id):
    spec = get_game(game_id)
    rules, keys = spec.rules_text(), SCREENS[game_id].KEYS_HELP
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RulesScreen(spec.name, rules, keys))
        await pilot.pause()
        text = app.screen.query_one("#rules-scroll").query("Static").first()
        width = text.content_region.width
        assert width >= 60
        for line in (rules + "\n" + keys).splitlines():
            assert len(line) <= width, f"{game_id}: {len(line)} > {width}: {line!r}"
