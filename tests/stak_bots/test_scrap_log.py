"""The log says where a scrapped card was ("Player 3's bottom card, Clumsy Bot, is
scrapped."), so a copy of the bot whose effect is being told is not taken for that bot."""

from __future__ import annotations

import re

from engines.match import Match
from engines.players import make_player
from engines.stak_bots.spec import STAK_BOTS

SCRAP = re.compile(
    r"^Player \d's (face-down )?(top card|bottom card|\d+(nd|rd|th) card from the top), "
    r"[A-Z][a-z]+ Bot, is scrapped\.$"
)


def test_every_scrap_names_its_place() -> None:
    scraps = 0
    for seed in range(6):
        match = Match(STAK_BOTS, 3, {}, seed)
        state = match.state
        while not state.is_terminal() and state.turn < 60:
            seat = state.to_move()[0]
            match.play(make_player(STAK_BOTS, "random", seat, seed).choose(state.view(seat)), seat)
        for event in state.events or []:
            if "is scrapped" in event:
                scraps += 1
                assert SCRAP.match(event), event
                assert "face-down top card" not in event, event  # a top card is face up
    assert scraps > 20


def test_place_names() -> None:
    state = Match(STAK_BOTS, 2, {}, 1).state
    stack = state.stacks[0]
    assert state.place_name(0, stack[-1]) == "top card"
    assert state.place_name(0, stack[0]) == "face-down bottom card"
    assert state.place_name(0, stack[-2]) == "face-down 2nd card from the top"
    assert state.place_name(0, stack[-3]) == "face-down 3rd card from the top"
    assert state.place_name(0, stack[-4]) == "face-down 4th card from the top"


def test_depth_names_and_the_reset_hint() -> None:
    from engines.stak_bots.moves import Move
    from engines.stak_bots.spec import describe
    from engines.stak_bots.state import depth_name

    assert [depth_name(d) for d in (1, 2, 3, 4, 11, 21, 22)] == [
        "top card",
        "2nd card from the top",
        "3rd card from the top",
        "4th card from the top",
        "11th card from the top",
        "21st card from the top",
        "22nd card from the top",
    ]
    move = Move("reset", seat=1, depth=2)
    assert describe(move, 0, None) == (
        "Player 1: reset the 2nd card from the top of Player 2's stack"
    )


def test_bash_names_the_bottom_card_it_scraps_under_a_scrapped_top() -> None:
    """Bash Bot scraps Player 1's Core Bot and, with it, the face-down card under it, the
    stack's bottom card: not "Your face-down top card, Reaper Bot, is scrapped."."""
    from screens.stak_bots.log import named_events
    from tests.stak_bots.support import act, build

    state = build([["reaper", "core"], ["core", "bash"], ["core", "fatal"]], [[], [], []], active=1)
    act(state, "attack p1")
    scrapped = [event for event in state.events if "is scrapped" in event]
    assert scrapped == [
        "Player 1's top card, Core Bot, is scrapped.",
        "Player 1's face-down bottom card, Reaper Bot, is scrapped.",
        "Player 2's top card, Bash Bot, is scrapped.",
    ]
    names = ["P1 You", "P2 Computer", "P3 Computer 2"]
    assert named_events(scrapped, names, you=0)[:2] == [
        "Your top card, Core Bot, is scrapped.",
        "Your face-down bottom card, Reaper Bot, is scrapped.",
    ]
    # deeper in a stack, the place is told as it was before the top went
    state = build(
        [["core", "reaper", "trip"], ["core", "spike"], ["core", "fatal"]], [[], [], []], active=1
    )
    act(state, "attack p1")
    assert "Player 1's face-down 2nd card from the top, Reaper Bot, is scrapped." in (
        state.events
    ), state.events
