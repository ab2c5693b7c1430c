"""Resigning in RoboRally: the robot leaves the race at any moment, the race goes on for the
others, the last robot left wins; a resignation is logged and replays exactly. And the
defaults the rules play for an unanswered decision."""

from __future__ import annotations

import random

import pytest

from engines.core import RESIGN, IllegalAction, ResignRule
from engines.match import Match
from engines.roborally import ROBORALLY
from engines.roborally.boardfile import bundled_courses
from engines.roborally.players import RandomPlayer
from engines.roborally.state import Decide, Program, RoboRallyState
from saves import PlayerEntry, SavedGame, dumps_save, loads_save
from tests.roborally.test_playouts import check_invariants, give_options

COURSES = bundled_courses()


def faced(n: int, seed: int = 3, **options: str | int) -> Match:
    """A match in turn 1's programming: every robot faced north."""
    match = Match(ROBORALLY, n, {"start": "docks", **options}, seed)
    for s in range(n):
        match.play(Decide("face", "N"), s)
    assert match.state.phase == "program"
    return match


def first_program(match: Match, seat: int) -> Program:
    program = match.state.legal_actions(seat)[0]
    assert isinstance(program, Program)
    return Program(program.cards, False)


def test_resign_is_logged_as_text_and_never_a_legal_action() -> None:
    assert ROBORALLY.resign_rule == ResignRule.SEAT_OUT
    assert ROBORALLY.encode_action(RESIGN) == "resign"
    assert ROBORALLY.decode_action(" resign ") == RESIGN
    match = faced(3)
    assert RESIGN not in match.state.legal_actions(0)
    assert ROBORALLY.describe_action(RESIGN, 1) == "Blue resigned"


def test_resign_while_the_others_wait_for_it_to_program() -> None:
    """Two robots have programmed and wait; the third resigns: the registers are played at
    once without it, it is off the board and every view says it resigned."""
    match = faced(3)
    state = match.state
    assert isinstance(state, RoboRallyState)
    match.play(first_program(match, 0), 0)
    match.play(first_program(match, 1), 1)
    assert state.to_move() == (2,)
    assert state.can_resign(2)
    match.resign(2)
    assert match.log[-1].seat == 2 and match.log[-1].text == "resign"
    assert state.resigned() == (2,)
    assert state.phase != "program" or state.turn == 2  # the registers were played
    assert state.bots[2].pos == -1 and not state.bots[2].hand
    assert 2 not in state.to_move()
    for seat in range(3):
        view = state.view(seat)
        assert view.resigned == (2,)
        assert view.robots[2].resigned and view.robots[2].pos == -1
        assert not view.robots[0].resigned
    assert not state.is_terminal()
    assert not state.can_resign(2)
    with pytest.raises(IllegalAction, match="already resigned"):
        match.resign(2)
    assert "resigned" in state.snapshot(public=True)["robots"][2]
    check_invariants(state)


def test_resign_off_turn_before_programming_and_the_others_play_on() -> None:
    match = faced(3)
    state = match.state
    match.resign(1)  # nobody has programmed yet
    assert state.to_move() == (0, 2)
    match.play(first_program(match, 0), 0)
    match.play(first_program(match, 2), 2)
    assert state.turn == 2 or state.is_terminal()
    assert state.bots[1].pos == -1
    check_invariants(state)


def test_the_last_robot_left_wins_at_once() -> None:
    match = faced(4)
    state = match.state
    match.resign(0)
    match.resign(3)
    assert not state.is_terminal()
    match.resign(1)
    assert state.is_terminal() and state.to_move() == ()
    result = state.result()
    assert result is not None
    assert result.winners == (2,) and result.resigned == (0, 3, 1)
    assert result.reason == "Red, Yellow and Blue resigned: Green wins"
    assert [result.outcome(s) for s in range(4)] == ["resigned", "resigned", "win", "resigned"]
    assert result.details["ranking"] == [2, 1, 3, 0]  # the last to resign ranks first of them
    names = ["Anna", "Bob", "Computer 3 (easy)", "Dan"]
    assert ROBORALLY.result_headline(result, names) == (
        "Computer 3 (easy) won: Anna, Dan and Bob resigned"
    )
    with pytest.raises(IllegalAction, match="over"):
        match.resign(2)


def test_a_two_robot_race_ends_when_one_resigns_in_the_face_phase() -> None:
    match = Match(ROBORALLY, 2, {}, 8)
    match.resign(1)  # turn 0: neither robot has chosen its facing
    result = match.state.result()
    assert result is not None and result.winners == (0,)
    assert result.reason == "Blue resigned: Red wins"


def test_resigned_robot_never_wins_and_ranks_last_at_the_turn_limit() -> None:
    match = faced(3, max_turns=1)
    match.resign(0)
    for seat in (1, 2):
        match.play(first_program(match, seat), seat)
    state = match.state
    while not state.is_terminal():  # end-of-turn decisions, if any
        for seat in state.to_move():
            default = state.default_action(seat)
            assert default is not None
            match.play(default, seat)
    result = state.result()
    assert result is not None and 0 not in result.winners
    assert result.details["ranking"][-1] == 0
    assert result.outcome(0) == "resigned"


def test_resign_during_the_registers_while_another_robot_decides() -> None:
    """A robot with an option question mid-register waits; another robot resigns meanwhile:
    the question stands, the resigned robot's later registers are not played."""
    for seed in range(200):
        match, waiting = _until_a_register_question(seed)
        if match is None:
            continue
        state = match.state
        other = next(
            s
            for s in range(state.num_players)
            if s != waiting and state.can_resign(s) and state.bots[s].pos >= 0
        )
        match.resign(other)
        check_invariants(state)
        assert state.bots[other].pos == -1
        if state.phase == "resolve" and state.waiting is not None:
            assert state.waiting[0] == waiting
        while not state.is_terminal():  # the race goes on to its end
            for seat in state.to_move():
                match.play(RandomPlayer(seat, "random", seat).choose(state.view(seat)), seat)
                check_invariants(state)
        return
    pytest.fail("no game with a question in the registers")


def _until_a_register_question(seed: int) -> tuple[Match | None, int]:
    rng = random.Random(seed)
    match = Match(ROBORALLY, 3, {"course": "first-steps", "max_turns": 4}, seed)
    state = match.state
    give_options(state, rng, 4)
    players = [RandomPlayer(s, "random", seed + s) for s in range(3)]
    while not state.is_terminal():
        if state.phase == "resolve" and state.waiting is not None:
            return match, state.waiting[0]
        for seat in state.to_move():
            match.play(players[seat].choose(state.view(seat)), seat)
    return None, -1


def random_game(
    seed: int,
    resign_chance: float = 0.04,
    with_options: bool = False,
    phases: set[str] | None = None,
) -> Match:
    """A seeded random game on a bundled course in which robots resign at random moments,
    whoever's turn it is; invariants and the defaults checked after every action.
    ``with_options``: every robot starts with 4 option cards (questions in the registers;
    such a game is not its log's replay); ``phases`` collects where resigns happened."""
    rng = random.Random(seed)
    n = 2 + seed % 5
    options = {
        "course": COURSES[seed % len(COURSES)],
        "max_turns": 3 + seed % 3,
        "start": "shared" if seed % 2 else "docks",
    }
    match = Match(ROBORALLY, n, options, seed)
    state = match.state
    assert isinstance(state, RoboRallyState)
    if with_options:
        give_options(state, rng, 4)
    players = [RandomPlayer(s, "random", seed * 31 + s) for s in range(n)]
    while not state.is_terminal():
        seats = state.to_move()
        assert seats
        for seat in seats:
            default = state.default_action(seat)
            kind = state.pending_kind(seat)
            assert (default is None) == (kind == "program"), kind
            if default is not None:
                assert default in state.legal_actions(seat)
        if rng.random() < resign_chance:
            seat = rng.choice([s for s in range(n) if state.can_resign(s)])
            if phases is not None:
                waits = state.waiting is not None and state.waiting[0] != seat
                phases.add(state.phase + (" while another decides" if waits else ""))
            match.resign(seat)
        else:
            seat = rng.choice(seats)
            action = (state.default_action(seat) if rng.random() < 0.3 else None) or players[
                seat
            ].choose(state.view(seat))
            match.play(action, seat)
        check_invariants(state)
        for s in state.resigned():
            b = state.bots[s]
            assert b.pos == -1 and not b.pending and not b.hand and s not in state.to_move()
            assert not any(b.regs) and not b.options
    result = state.result()
    assert result is not None and result.winners
    assert not set(result.winners) & set(result.resigned)
    assert result.resigned == state.resigned()
    assert sorted(result.details["ranking"]) == list(range(n))
    return match


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_with_resigns_keep_invariants_and_replay(chunk: int) -> None:
    resigned = 0
    for seed in range(chunk * 25, chunk * 25 + 25):
        match = random_game(seed)
        resigned += len(match.state.resigned())
        again = Match.replay(ROBORALLY, match.num_players, match.options, match.seed, match.log)
        assert again.state.fingerprint() == match.state.fingerprint()
    assert resigned > 0


def test_random_games_with_option_cards_and_resigns_in_the_registers() -> None:
    """Option questions stop the registers: robots resign while another robot decides."""
    phases: set[str] = set()
    for seed in range(40):
        random_game(seed, 0.15, with_options=True, phases=phases)
    assert "resolve while another decides" in phases
    assert {"face", "program", "endturn"} <= phases


def test_save_and_load_with_a_resign_in_the_log_gives_the_same_game() -> None:
    match = faced(3)
    match.play(first_program(match, 0), 0)
    match.resign(1)
    players = [
        PlayerEntry("You", "human"),
        PlayerEntry("Bob", "human"),
        PlayerEntry("Computer", "computer", "random"),
    ]
    saved = SavedGame("resigned", match, players, *([SAVED_AT] * 2))
    loaded = loads_save(dumps_save(saved), "test")
    assert [(e.seat, e.text) for e in loaded.match.log] == [(e.seat, e.text) for e in match.log]
    assert loaded.match.state.fingerprint() == match.state.fingerprint()
    assert loaded.match.state.resigned() == (1,)


def test_the_fingerprint_of_a_game_without_resigns_is_unchanged() -> None:
    """Saves keep a hash of the position: a game nobody resigned in hashes as before."""
    state = ROBORALLY.new_game(2, {}, 1)
    assert "resigned" not in state.canonical()
    assert "resigned" not in state.snapshot()


# -- defaults for unanswered decisions ------------------------------------------------------


def test_defaults_keep_the_facing_and_decline() -> None:
    match = Match(ROBORALLY, 2, {"start": "docks"}, 4)
    state = match.state
    assert isinstance(state, RoboRallyState)
    state.bots[0].facing = 1
    assert state.default_action(0) == Decide("face", "E")
    assert state.default_action(1) == Decide("face", "N")
    match.play(Decide("face", "S"), 0)
    assert state.default_action(0) is None  # it answered
    match.play(state.default_action(1), 1)
    assert state.phase == "program"
    assert state.default_action(0) is None  # a program is a regular turn
    cases = {
        "stay": "no",
        "abort": "no",
        "swap": "no",
        "gyro": "off",
        "keep": "none",
        "park": "none",
        "wrench": "repair",
        "sacrifice": "none",
    }
    for kind, value in cases.items():
        state.bots[0].pending = [kind]
        state.phase = "endturn"
        assert state.default_action(0) == Decide(kind, value)
    state.bots[0].locked = [False, False, True, True, True]
    state.bots[0].pending = ["unlock"]
    assert state.default_action(0) == Decide("unlock", "3")
    state.bots[0].facing = 3
    state.bots[0].pending = ["reenter"]
    assert state.default_action(0) == Decide("reenter", "W")  # not powered down
    state.bots[0].options = ["brakes", "flywheel"]
    state.bots[0].pending = ["discard"]
    assert state.default_action(0) == Decide("discard", "brakes")  # held longest
    assert state.default_action(7) is None


def test_the_timer_default_is_legal_in_every_kind_of_decision() -> None:
    seen: set[str] = set()
    for seed in range(0, 60, 3):
        rng = random.Random(seed)
        state = ROBORALLY.new_game(4, {"course": "first-steps", "max_turns": 3}, seed)
        give_options(state, rng, 4)
        players = [RandomPlayer(s, "random", seed + s) for s in range(4)]
        while not state.is_terminal():
            for seat in state.to_move():
                if seat not in state.to_move():
                    continue
                default = state.default_action(seat)
                if default is not None:
                    assert default in state.legal_actions(seat)
                    seen.add(default.kind)
                    state.apply(default, seat)
                else:
                    state.apply(players[seat].choose(state.view(seat)), seat)
    assert {"face", "sacrifice", "reenter"} <= seen


SAVED_AT = __import__("datetime").datetime(2024, 1, 2, 3, 4, 5)
