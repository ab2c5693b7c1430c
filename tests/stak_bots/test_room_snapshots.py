"""Stak Bots with long card names at 80x24 and at 120x40, where the screen has the room to
show them whole: the stacks, hand and status are wider, the hand and the log taller.

Update with: pytest -n 0 --snapshot-update tests/stak_bots/test_room_snapshots.py
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.stak_bots.cards import CardSet, default_card_set
from engines.stak_bots.state import StakState
from engines.stak_bots.told import Told, their, verb, who
from tests.stak_bots.support import build, match_from
from tests.ui_helpers import make_app, sb_screen, settle

# The default bots renamed as long as a card set allows (24 cells at most).
LONG_NAMES = {
    "bountiful": "Bountiful Harvester Bot",
    "sidekick": "Loyal Sidekick Bot",
    "clumsy": "Clumsy Stumbler Bot",
    "leader": "Fearless Leader Bot",
    "begone": "Begone Banisher Bot",
    "reaper": "Grim Reaper Scrapper Bot",
    "stomp": "Stomping Stomper Bot",
    "expel": "Expeller Hand Thief Bot",
    "spike": "Spiky Spike Thrower Bot",
    "tranq": "Tranquilizer Dart Bot",
    "fatal": "Fatal Final Blow Bot",
    "core": "Core Standard Model Bot",
    "trip": "Tripwire Tumbler Bot",
    "shot": "Sharp Shooter Shot Bot",
    "bash": "Basher Bottom Smash Bot",
    "pit": "Deep Pit Digger Bot",
}
SIZES = [(80, 24), (120, 40)]


def long_names() -> CardSet:
    cards = default_card_set()
    bots = tuple(replace(bot, name=LONG_NAMES[bot.effect]) for bot in cards.bots)
    return CardSet("long names", bots)


EVENTS = [
    Told("Turn 4: ", who(2), " ", verb(2, "draws"), " a card."),
    Told(who(2), " ", verb(2, "plays"), " Tranquilizer Dart Bot."),
    Told(who(2), " ", verb(2, "ends"), " ", their(2), " turn."),
    Told("Turn 5: ", who(0), " ", verb(0, "draws"), " a card."),
]


def mid_game() -> StakState:
    """Three players on turn 5: face-up cards under the tops, a hand of four."""
    state = build(
        [
            ["bash", "core", "fatal+", "reaper"],
            ["bash", "clumsy", "stomp+", "spike"],
            ["core", "bash+", "tranq"],
        ],
        [["bountiful", "begone", "sidekick", "leader"], ["core"], ["trip", "pit"]],
        heap=["expel"],
        cards=long_names(),
    )
    state.turn = 5
    state.events = list(EVENTS)
    return state


async def install(pilot) -> None:
    """Play on from :func:`mid_game` (a match that starts from it)."""
    await settle(pilot)
    screen = sb_screen(pilot.app)
    screen.session.saved.match = match_from(screen.session.match, mid_game())
    screen.advance()
    await settle(pilot)


def three_players(tmp_path):
    return make_app(
        tmp_path, start="play", game="stak-bots", opponent="easy,easy", players=3, seed=5
    )


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_long_names_mid_game_snapshot(snap_compare, tmp_path, size):
    async def picked_second(pilot) -> None:
        await install(pilot)
        await pilot.press("right")
        await settle(pilot)
        assert sb_screen(pilot.app).cursor == 1

    assert snap_compare(three_players(tmp_path), terminal_size=size, run_before=picked_second)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_long_names_prompt_snapshot(snap_compare, tmp_path, size):
    """Begone Banisher Bot's prompt, three top cards to choose from: 80 columns show two
    of them, 120 all three."""

    async def begone_prompt(pilot) -> None:
        await install(pilot)
        await pilot.press("2", "p")
        await settle(pilot)
        assert len(sb_screen(pilot.app).prompt_options()) == 3  # the prompt is open

    assert snap_compare(three_players(tmp_path), terminal_size=size, run_before=begone_prompt)
