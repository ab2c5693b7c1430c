"""Half-built programs and the sand timer: registers filled when time runs out stay as
programmed, only the empty ones are dealt at random from that hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import IllegalAction
from engines.roborally import ROBORALLY
from engines.roborally.programs import (
    check_draft,
    complete_program,
    decode_draft,
    draft_of,
    encode_draft,
)
from engines.roborally.state import Decide, Program, RoboRallyState


def programming(seed: int = 5, damage: int = 0) -> RoboRallyState:
    state = ROBORALLY.new_game(2, {"start": "docks"}, seed)
    if damage:
        state.bots[0].damage = damage
    for s in range(2):
        state.apply(Decide("face", "N"), s)
    assert state.phase == "program"
    return state


def test_filled_registers_stay_and_the_empty_ones_come_from_the_hand() -> None:
    view = programming().view(0)
    hand = view.hand
    draft = [4, None, 0, None, None]
    assert check_draft(view, draft) is None
    program = complete_program(view, draft, random.Random(1))
    assert program.cards[0] == hand[4] and program.cards[2] == hand[0]
    rest = [c for c in program.cards if c not in (hand[4], hand[0])]
    assert len(rest) == 3 and set(rest) <= set(hand) - {hand[4], hand[0]}
    assert program in view.legal_actions() and not program.power_down


def test_a_full_draft_is_kept_exactly_and_an_empty_one_is_all_random() -> None:
    view = programming().view(1)
    full = [3, 1, 0, 8, 2]
    program = complete_program(view, full, random.Random(9))
    assert program.cards == tuple(view.hand[i] for i in full)
    dealt = {complete_program(view, [None] * 5, random.Random(n)).cards for n in range(20)}
    assert len(dealt) > 1  # random
    assert all(Program(cards) in view.legal_actions() for cards in dealt)


def test_locked_registers_are_kept_by_the_rules() -> None:
    state = ROBORALLY.new_game(2, {"start": "docks"}, 5)
    for s in range(2):
        state.apply(Decide("face", "N"), s)
    b = state.bots[0]
    program = state.legal_actions(0)[0]
    state.apply(program, 0)
    state.apply(state.legal_actions(1)[0], 1)
    while state.phase != "program" or state.turn != 2:  # turn 2, then lock registers 4-5
        for seat in state.to_move():
            default = state.default_action(seat)
            state.apply(default or state.legal_actions(seat)[0], seat)
    b = state.bots[0]
    assert b.on_board
    b.damage = 6
    b.locked = [False, False, False, True, True]
    b.regs = [0, 0, 0, *[c for c in (b.hand.pop(), b.hand.pop())]]
    view = state.view(0)
    assert check_draft(view, [None, None, None, 0, None]) == "register 4 is locked"
    assert check_draft(view, [1, None, 0, None, None]) is None
    program = complete_program(view, [1, None, 0, None, None], random.Random(3))
    assert program.cards[3:] == tuple(b.regs[3:])
    assert program.cards[0] == view.hand[1] and program.cards[2] == view.hand[0]
    assert program in view.legal_actions()
    assert draft_of(view, [view.hand[2], view.hand[0]]) == [2, 0, None, None, None]


def test_bad_drafts_are_refused_with_a_reason() -> None:
    view = programming().view(0)
    assert check_draft(view, [0, 0, None, None, None]) == (
        f"register 2: card {view.hand[0]} is in another register already"
    )
    assert check_draft(view, [9, None, None, None, None]) == (
        "register 1: 9 is not a card of the hand (1 to 9)"
    )
    assert check_draft(view, [None] * 4) == "a draft has 5 registers, not 4"
    assert check_draft(view, [None] * 5, power_down=True) == (
        "a power down can only be announced by a damaged robot"
    )
    assert check_draft(view, [True, None, None, None, None]) is not None
    with pytest.raises(IllegalAction, match="another register"):
        complete_program(view, [1, 1, None, None, None], random.Random(0))
    done = programming()
    done.apply(done.legal_actions(0)[0], 0)
    assert check_draft(done.view(0), [None] * 5) == "there is no program to write now"


def test_a_damaged_robot_keeps_its_power_down() -> None:
    view = programming(damage=3).view(0)
    program = complete_program(view, [None, 2, None, None, None], random.Random(0), True)
    assert program.power_down and program in view.legal_actions()


def test_draft_text_round_trips() -> None:
    assert encode_draft([3, None, 0, None, None]) == "3,-,0,-,-"
    assert encode_draft([None] * 5, power_down=True) == "-,-,-,-,-;pd"
    assert decode_draft("3,-,0,-,-") == ([3, None, 0, None, None], False)
    assert decode_draft(" 1,2,3,4,5;pd") == ([1, 2, 3, 4, 5], True)
    for bad in ("1,2,3", "a,-,-,-,-", "-1,-,-,-,-", "999,-,-,-,-", ""):
        with pytest.raises(IllegalAction):
            decode_draft(bad)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10_000), damage=st.integers(0, 8), data=st.data())
def test_any_valid_draft_completes_to_a_legal_program_that_keeps_it(
    seed: int, damage: int, data: st.DataObject
) -> None:
    state = ROBORALLY.new_game(2, {"start": "docks"}, seed % 50)
    state.bots[0].damage = damage
    state._settle_locks(0)
    for s in range(2):
        state.apply(Decide("face", "N"), s)
    b = state.bots[0]
    for r in range(5):  # locked registers hold a card from outside the hand
        if b.locked[r] and not b.regs[r]:
            b.regs[r] = state.deck.pop()
    view = state.view(0)
    free = [r for r in range(5) if not view.robots[0].locked[r]]
    picks = data.draw(st.permutations(range(len(view.hand))))
    filled = data.draw(st.lists(st.sampled_from(free), unique=True)) if free else []
    draft: list[int | None] = [None] * 5
    for r, index in zip(filled, picks, strict=False):
        draft[r] = index
    power = data.draw(st.booleans()) and damage > 0
    assert check_draft(view, draft, power) is None
    assert decode_draft(encode_draft(draft, power)) == (draft, power)
    program = complete_program(view, draft, random.Random(seed), power)
    assert program in view.legal_actions()
    assert program.power_down == power
    for r, index in enumerate(draft):
        if index is not None:
            assert program.cards[r] == view.hand[index]
        if view.robots[0].locked[r]:
            assert program.cards[r] == view.program[r]
