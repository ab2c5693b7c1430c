"""Robo Factory's words for a customer turn: the turn result names every change of cubes
(a try, the Eureka, information, the customer's income) so that they add up, the status
line's summary says the same, and the log tells who did not buy information."""

from __future__ import annotations

import re

import pytest

from engines.robo_factory.cards import MATCH, letters
from engines.robo_factory.state import BUILD, BUY, REBUILD, Build, Buy, RoboFactoryState
from screens.robo_factory.draw import (
    log_lines,
    seat_turn_items,
    summary_of_last_turn,
    turn_changes,
    turn_result_text,
)
from tests.robo_factory.support import SPEC, random_game

NAMES = ["You", "Computer 1", "Computer 2"]


def new_state(seed: int = 11) -> RoboFactoryState:
    state = SPEC.new_game(3, {}, seed)
    assert isinstance(state, RoboFactoryState)
    return state


def wrong_code(state: RoboFactoryState, matching: int = 0) -> int:
    """A robot that shares ``matching`` parts with the order (so it is wrong)."""
    return next(c for c in range(64) if MATCH[state.order][c] == matching)


def lines_of(text) -> dict[str, str]:
    """The turn result's line per player name, continuation lines joined."""
    out: dict[str, str] = {}
    name = ""
    for line in text.plain.splitlines()[2:]:
        if line.startswith(" "):
            out[name] += " " + line.strip()
        elif line.strip():
            name = next(n for n in NAMES if line.startswith(n))
            out[name] = line[len(name) :].strip()
    return out


def amounts(words: str) -> int:
    """The change of cubes that a turn result line names: signed amounts (``+4``,
    ``Eureka -3``), ``paid N ...`` and ``paid the customer N`` (minus N); a die roll in
    brackets is not an amount."""
    words = re.sub(r"\(die \d+\)", "", words)
    words = re.sub(r": \d+ cubes? \([+-]\d+\)$", "", words)
    return sum(int(n) for n in re.findall(r"[+-]\d+", words)) - sum(
        int(n) for n in re.findall(r"paid (?:the customer )?(\d+)", words)
    )


def test_right_with_eureka_and_information_reads_as_one_sentence() -> None:
    state = new_state()
    assert state.customer == 0 and state.manufacturers() == [1, 2]
    state.apply(Buy(state.hands[1][0]), 1)
    state.apply(Buy(None), 2)
    order, wrong = letters(state.order), letters(wrong_code(state))
    state.apply(Build(state.order, True), 1)
    state.apply(Build(wrong_code(state)), 2)
    die = next(e.die for e in state.events if e.kind == "check" and e.seat == 1)
    assert die > 0
    text = turn_result_text(state.events, 0, NAMES, state.cubes)
    rows = lines_of(text)
    assert rows["Computer 1"] == (
        f"{order} right +4, Eureka +{die}, paid 1 for information: "
        f"{state.cubes[1]} cubes (+{3 + die})"
    )
    assert rows["Computer 2"] == f"{wrong} wrong: 4 cubes (+0)"
    assert rows["You"] == f"customer, +1 for information: {state.cubes[0]} cubes (+1)"
    # the order of the lines: manufacturers from the customer's left, then the customer
    assert list(rows) == ["Computer 1", "Computer 2", "You"]
    # the status line of the next turn says the same for the seat that looks
    state_view = state.view(1)
    summary = summary_of_last_turn(state_view, NAMES)
    assert summary == (
        f"Last turn (1): order {order}. Computer 1: {order} right +4, "
        f"Eureka +{die}, paid 1 for information (+{3 + die})."
    )


def test_a_purchase_and_a_wrong_first_try_do_not_read_like_a_penalty() -> None:
    state = new_state()
    state.apply(Buy(None), 1)
    state.apply(Buy(state.hands[2][1]), 2)
    order, wrong = letters(state.order), letters(wrong_code(state, 1))
    state.apply(Build(state.order), 1)
    state.apply(Build(wrong_code(state, 1)), 2)
    rows = lines_of(turn_result_text(state.events, 0, NAMES, state.cubes))
    assert rows["Computer 2"] == f"{wrong} wrong, paid 1 for information: 3 cubes (-1)"
    assert rows["Computer 1"] == f"{order} right +4: 8 cubes (+4)"
    assert "Last turn (1)" in summary_of_last_turn(state.view(2), NAMES)
    assert summary_of_last_turn(state.view(2), NAMES).endswith(
        f"Computer 2: {wrong} wrong, paid 1 for information (-1)."
    )
    assert summary_of_last_turn(state.view(0), NAMES).endswith(
        "You (customer): +1 for information (+1)."
    )


def test_second_tries_name_what_went_to_the_customer_and_the_eureka_loss() -> None:
    state = new_state()
    state.apply(Buy(None), 1)
    state.apply(Buy(None), 2)
    first1, first2 = wrong_code(state, 0), wrong_code(state, 1)
    state.apply(Build(first1), 1)
    state.apply(Build(first2), 2)
    assert state.phase == REBUILD
    second1 = wrong_code(state, 2)
    state.apply(Build(second1, True), 1)
    order = state.order
    state.apply(Build(order), 2)
    die = next(e.die for e in state.events if e.kind == "check" and e.seat == 1 and e.attempt == 2)
    rows = lines_of(turn_result_text(state.events, 0, NAMES, state.cubes))
    loss = min(die, 3)  # 4 cubes, 1 paid to the customer, then the die (never below 0)
    capped = f" (die {die})" if loss != die else ""
    assert rows["Computer 1"] == (
        f"{letters(first1)} wrong, then {letters(second1)} wrong, paid the customer 1, "
        f"Eureka -{loss}{capped}: {3 - loss} cubes (-{1 + loss})"
    )
    assert rows["Computer 2"] == (
        f"{letters(first2)} wrong, then {letters(order)} right +2: 6 cubes (+2)"
    )
    assert rows["You"] == "customer, +1 from wrong second try: 5 cubes (+1)"


def test_a_customer_without_income_says_so() -> None:
    state = new_state()
    state.apply(Buy(None), 1)
    state.apply(Buy(None), 2)
    state.apply(Build(state.order), 1)
    state.apply(Build(state.order), 2)
    rows = lines_of(turn_result_text(state.events, 0, NAMES, state.cubes))
    assert rows["You"] == "customer, no income: 4 cubes (+0)"
    assert summary_of_last_turn(state.view(0), NAMES).endswith("You (customer): no income (+0).")


def test_long_lines_break_between_items_within_the_dialog() -> None:
    state = new_state()
    names = ["A long name 1", "A long name 2", "A long name 3"]
    state.apply(Buy(state.hands[1][0]), 1)
    state.apply(Buy(state.hands[2][0]), 2)
    state.apply(Build(wrong_code(state, 0), True), 1)
    state.apply(Build(wrong_code(state, 1)), 2)
    state.apply(Build(wrong_code(state, 2)), 1)
    state.apply(Build(wrong_code(state, 2)), 2)
    text = turn_result_text(state.events, 0, names, state.cubes)
    rows = text.plain.splitlines()
    assert max(len(row) for row in rows) <= 70
    continued = [row for row in rows if row.startswith(" ")]
    assert continued and all(row.startswith(" " * 13) for row in continued)
    assert not any(row.rstrip().endswith(("+", "-")) for row in rows)


# (2, 52) and (3, 17) have wrong second tries paying the customer, a seat without cubes
# and a Eureka loss cut short by the cubes left
@pytest.mark.parametrize(("players", "seed"), [(2, 52), (3, 17), (4, 7), (6, 2)])
def test_the_named_amounts_add_up_to_each_change(players: int, seed: int) -> None:
    (state,) = random_game(players, seed)
    for turn in range(state.turn + 1):
        changes = turn_changes(state.events, turn, players)
        for seat in range(players):
            words = ", ".join(t.plain for t in seat_turn_items(state.events, turn, seat))
            assert amounts(words) == changes[seat], (turn, seat, words)


# -- the log: who did not buy -------------------------------------------------------


def test_the_log_tells_who_did_not_buy_seat_by_seat() -> None:
    state = new_state()
    view = state.view(0)
    assert log_lines(view, NAMES) == ["Turn 1: You is the customer; cards dealt."]
    state.apply(Buy(None), 1)
    assert log_lines(state.view(0), NAMES)[1:] == ["Computer 1 did not buy."]
    state.apply(Buy(state.hands[2][0]), 2)
    assert state.phase == BUILD
    assert log_lines(state.view(0), NAMES)[1:] == [
        "Computer 1 did not buy.",
        "Computer 2 paid 1 cube for information.",
    ]
    # Computer 2 has no cube left for the next turn: the engine says so, in its place
    state.cubes[2], state.supply = 0, state.supply + state.cubes[2]
    state.apply(Build(state.order), 1)
    state.apply(Build(wrong_code(state)), 2)
    assert state.turn == 1 and state.customer == 1 and state.phase == BUY
    lines = log_lines(state.view(0), NAMES)
    turn2 = lines.index("Turn 2: Computer 1 is the customer; cards dealt.")
    assert lines[turn2 + 1 :] == ["Computer 2 has no cube to buy information."]
    state.apply(Buy(None), 0)
    lines = log_lines(state.view(0), NAMES)
    assert lines[turn2 + 1 :] == ["Computer 2 has no cube to buy information.", "You did not buy."]
    # the earlier turn's lines stay where they were, before its builds
    assert lines[1:3] == ["Computer 1 did not buy.", "Computer 2 paid 1 cube for information."]
    assert lines[3].startswith("Computer 1 built")


def test_the_engine_says_your_lines_and_the_result_to_you() -> None:
    """The verbs of the seat spoken to, and the result's winner, come from the engine's
    words for it ("You are the customer", "You win with 9 cubes."), not from patching its
    sentences."""
    state = new_state()
    assert log_lines(state.view(0), NAMES, 0) == ["Turn 1: You are the customer; cards dealt."]
    assert log_lines(state.view(1), ["Ann", "You", "Bob"], 1) == [
        "Turn 1: Ann is the customer; cards dealt."
    ]
    (done,) = random_game(3, 17)
    result = done.result()
    assert result is not None and done.result_reason() == result.reason
    winner = result.winners[0]
    names = [f"P{s + 1}" for s in range(3)]
    mine = done.result_reason(names, winner)
    if len(result.winners) == 1:
        assert mine.startswith(f"You win with {done.cubes[winner]} cubes.")
        assert done.result_reason(names).startswith(f"P{winner + 1} wins with ")
    else:
        assert mine.startswith("You")


@pytest.mark.parametrize(("players", "seed"), [(3, 17), (4, 3)])
def test_the_log_has_a_line_per_manufacturer_and_turn(players: int, seed: int) -> None:
    (state,) = random_game(players, seed)
    view = state.view(0)
    lines = log_lines(view, [f"P{s + 1}" for s in range(players)])
    bought = sum(1 for e in view.events if e.kind == "buy")
    poor = sum(1 for e in view.events if e.kind == "poor")
    passed = sum(1 for line in lines if line.endswith(" did not buy."))
    assert bought and passed
    assert bought + poor + passed == (players - 1) * (state.turn + 1)
