"""RoboRally spec and state: options, action text, set-up, views, legality, results."""

from __future__ import annotations

import pytest

from engines.core import IllegalAction, OptionError
from engines.match import Match
from engines.roborally import ROBORALLY
from engines.roborally.cards import DECK, KIND, KIND_NAMES, OPTION_IDS, OPTIONS
from engines.roborally.players import LEVELS, RandomPlayer
from engines.roborally.state import Decide, Program, ProgramChoices, RoboRallyState


def started(n: int = 4, **options) -> RoboRallyState:
    state = ROBORALLY.new_game(n, {"start": "docks", **options}, 3)
    for s in range(n):
        state.apply(Decide("face", "N"), s)
    return state


def test_the_deck_has_84_cards_with_unique_priorities() -> None:
    assert len(DECK) == len(set(DECK)) == 84
    counts = {name: sum(1 for c in DECK if KIND_NAMES[KIND[c]] == name) for name in KIND_NAMES}
    assert counts == {
        "U-Turn": 6,
        "Rotate Left": 18,
        "Rotate Right": 18,
        "Back Up": 6,
        "Move 1": 18,
        "Move 2": 12,
        "Move 3": 6,
    }
    assert (min(DECK), max(DECK)) == (10, 840)
    assert len(OPTION_IDS) == 26 == len(OPTIONS)


def test_options_and_players() -> None:
    opts = ROBORALLY.normalize_options({})
    assert opts == {
        "course": "pit-stop",  # the default: a 4-robot race of about 12 turns
        "start": "shared",
        "options_cards": "on",
        "max_turns": 60,
    }
    with pytest.raises(OptionError, match="valid courses: .*grand-tour"):
        ROBORALLY.normalize_options({"course": "atlantis"})
    with pytest.raises(OptionError, match="max_turns must be 1 to 1000"):
        ROBORALLY.normalize_options({"max_turns": 0})
    with pytest.raises(OptionError, match="2 to 8 players"):
        ROBORALLY.new_game(9, {}, 1)
    assert ROBORALLY.seat_names(3) == ["Red", "Blue", "Green"]
    assert "random" in LEVELS and ROBORALLY.player_levels()["random"] is RandomPlayer
    assert "VIRTUAL ROBOTS" in ROBORALLY.rules_text()


def test_start_modes_lives_and_hands() -> None:
    shared = ROBORALLY.new_game(5, {}, 1)
    assert len({b.pos for b in shared.bots}) == 1 and all(b.virtual for b in shared.bots)
    assert all(b.lives == 4 for b in shared.bots)  # more than 4 players: one more life
    docks = ROBORALLY.new_game(4, {"start": "docks"}, 1)
    assert len({b.pos for b in docks.bots}) == 4 and not any(b.virtual for b in docks.bots)
    assert all(b.lives == 3 for b in docks.bots)
    assert docks.to_move() == (0, 1, 2, 3) and docks.phase == "face"
    state = started()
    assert state.phase == "program" and state.turn == 1
    assert [len(b.hand) for b in state.bots] == [9, 9, 9, 9]


def test_action_text_round_trips_and_bad_text_is_refused() -> None:
    for action in (
        Program((330, 490, 670, 80, 10)),
        Program((10, 20, 30, 40, 0), True),
        Decide("face", "N"),
        Decide("fire", "lock 3"),
        Decide("recompile"),
    ):
        text = ROBORALLY.encode_action(action)
        assert ROBORALLY.decode_action(text) == action
    assert (
        ROBORALLY.encode_action(Program((330, 490, 670, 80, 10), True)) == "p 330,490,670,80,10;pd"
    )
    for bad, message in (
        ("p 1,2", "is not a program"),
        ("p 10,20,30,40,55", "55 is not"),
        ("p 10,20,30,40,50;x", "only ';pd'"),
        ("jump", "not a RoboRally"),
    ):
        with pytest.raises(IllegalAction, match=message):
            ROBORALLY.decode_action(bad)
    assert (
        ROBORALLY.describe_action(Decide("reenter", "E pd"), 1)
        == "Blue re-enters facing E powered down"
    )


def test_program_choices_count_and_check_programs() -> None:
    state = started()
    choices = state.legal_actions(0)
    assert isinstance(choices, ProgramChoices)
    assert len(choices) == 9 * 8 * 7 * 6 * 5  # no power down without damage
    assert len(set(choices[i] for i in range(0, len(choices), 97))) == len(range(0, 15120, 97))
    hand = sorted(state.bots[0].hand)
    good = Program(tuple(hand[:5]))
    assert good in choices and good in list(choices[:0]) + [good]
    with pytest.raises(IllegalAction, match="only be announced by a damaged robot"):
        state.apply(Program(tuple(hand[:5]), True), 0)
    with pytest.raises(IllegalAction, match="only once"):
        state.apply(Program((hand[0],) * 5), 0)
    other = next(c for c in DECK if c not in hand)
    with pytest.raises(IllegalAction, match=f"card {other} is not in the hand"):
        state.apply(Program((other, *hand[1:5])), 0)
    with pytest.raises(IllegalAction, match="must submit a program"):
        state.apply(Decide("face", "N"), 0)
    state.bots[1].damage = 6
    state.bots[1].locked = [False, False, False, True, True]
    state.bots[1].regs = [0, 0, 0, 10, 20]
    locked_choices = state.legal_actions(1)
    assert len(locked_choices) == 9 * 8 * 7 * 2  # 3 free registers, power down allowed
    assert all(p.cards[3:] == (10, 20) for p in locked_choices[:50])
    with pytest.raises(IllegalAction, match="register 4 is locked with card 10"):
        state.apply(Program(tuple(sorted(state.bots[1].hand)[:5])), 1)


def test_views_hide_hands_and_programs_until_revealed() -> None:
    state = started(2)
    p0 = state.legal_actions(0)[123]
    state.apply(p0, 0)
    v1 = state.view(1)
    assert v1.robots[0].revealed == (0,) * 5
    assert v1.hand == tuple(sorted(state.bots[1].hand))
    assert v1.robots[0].announced is False
    v0 = state.view(0)
    assert v0.program == p0.cards
    assert v0.legal_actions() == []
    assert state.to_move() == (1,)
    with pytest.raises(IllegalAction, match="Red has nothing to decide now"):
        state.apply(p0, 0)


def test_arena_style_games_end_and_rank_by_flags_then_distance() -> None:
    match = Match(ROBORALLY, 3, {"max_turns": 4, "start": "docks"}, 21)
    players = [RandomPlayer(s, "random", s) for s in range(3)]
    while not match.state.is_terminal():
        for seat in match.state.to_move():
            match.play(players[seat].choose(match.state.view(seat)), seat)
    state = match.state
    result = state.result()
    assert result is not None
    ranking = result.details["ranking"]
    keys = [(-state.bots[s].flags, state.bots[s].out, state.distance(s)) for s in ranking]
    assert keys == sorted(keys)
    assert result.winners[0] == ranking[0]
    assert result.scores == tuple(b.flags for b in state.bots)
    assert state.to_move() == () and state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="the game is over|nobody"):
        state.apply(Decide("face", "N"), 0)


def test_clone_is_independent() -> None:
    state = started(3)
    copy = state.clone()
    assert copy.fingerprint() == state.fingerprint()
    copy.apply(copy.legal_actions(0)[0], 0)
    assert copy.fingerprint() != state.fingerprint()
    assert state.pending_kind(0) == "program"
