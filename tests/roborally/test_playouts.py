"""Seeded random RoboRally games with invariants checked after every register.

2,000 games in parametrized chunks over every bundled course, 2 to 8 robots, both start
modes, option cards on and off; in a third of the games every robot starts with random
option cards so that all of them are exercised. Each game has a short turn limit.
"""

from __future__ import annotations

import random

import pytest

from engines.roborally import ROBORALLY
from engines.roborally.boardfile import PIT, VOID, bundled_courses
from engines.roborally.cards import DECK, OPTION_IDS
from engines.roborally.players import RandomPlayer
from engines.roborally.state import REGISTERS, Decide, Program, RoboRallyState

GAMES = 2000
CHUNKS = 10
PER_CHUNK = GAMES // CHUNKS
COURSES = bundled_courses()


def check_invariants(state: RoboRallyState) -> None:
    lay = state.layout
    real = [b.pos for b in state.bots if b.pos >= 0 and not b.virtual]
    assert len(real) == len(set(real)), "two real robots on one square"
    cards = list(state.deck) + list(state.discard)
    for b in state.bots:
        cards += b.hand
        cards += [c for c in b.regs if c]
        cards += [c for c in b.pairs if c]
        if b.flywheel:
            cards.append(b.flywheel)
        if b.parked:
            cards.append(b.parked)
    if state.turn >= 1:  # the deck is first shuffled when turn 1 starts
        assert sorted(cards) == list(DECK), f"{len(cards)} program cards accounted for, not 84"
    lives0 = 3 + (state.num_players > 4)
    for s, b in enumerate(state.bots):
        assert 0 <= b.lives <= lives0, f"robot {s} has {b.lives} lives"
        assert 0 <= b.flags <= len(lay.flags)
        if b.pos >= 0:
            assert 0 <= b.damage <= 9, f"robot {s} has {b.damage} damage"
            assert lay.kind[b.pos] not in (PIT, VOID), f"robot {s} stands in a pit"
            need = min(5, max(0, b.damage - 4) + b.fc_locks)
            have = sum(b.locked)
            assert have == need or (have > need and "unlock" in b.pending), "locks out of step"
            assert b.lives >= 1
        else:
            assert not b.virtual
        assert len(b.regs) == REGISTERS and len(set(b.options)) == len(b.options)
        assert 0 <= b.ablative <= 3 and 0 <= b.howitzer <= 5
    owned = [o for b in state.bots for o in b.options]
    assert len(owned) + len(state.option_deck) <= 26
    assert not set(owned) & set(state.option_deck)


def give_options(state: RoboRallyState, rng: random.Random, count: int = 3) -> None:
    """Deal every robot ``count`` option cards from the option deck (a game so set up is
    not its log's replay: the cards are not in the log)."""
    for b in state.bots:
        for o in rng.sample(state.option_deck, min(count, len(state.option_deck))):
            state.option_deck.remove(o)
            b.options.append(o)
            b.ablative = 3 if o == "ablative-coat" else b.ablative
            b.howitzer = 5 if o == "mini-howitzer" else b.howitzer


def play(seed: int, asked: set[str] | None = None) -> RoboRallyState:
    """One random game, invariants checked throughout; ``asked`` collects the decision kinds
    played."""
    rng = random.Random(seed)
    n = 2 + seed % 7
    course = COURSES[seed % len(COURSES)]
    options = {
        "course": course,
        "start": "shared" if seed % 3 else "docks",
        "options_cards": "on" if seed % 5 else "off",
        "max_turns": 3 + seed % 4,
    }
    state = ROBORALLY.new_game(n, options, seed)
    if seed % 3 == 0 and state.options_on:
        give_options(state, rng)
    registers = [0]

    def hook(st: RoboRallyState) -> None:
        registers[0] += 1
        check_invariants(st)

    state.hook = hook
    players = [RandomPlayer(s, "random", seed * 31 + s) for s in range(n)]
    actions = 0
    while not state.is_terminal():
        seats = state.to_move()
        assert seats, "nobody to move in an unfinished game"
        for seat in seats:
            view = state.view(seat)
            legal = view.legal_actions()
            assert len(legal) > 0
            action = players[seat].choose(view)
            assert action in legal
            if asked is not None and isinstance(action, Decide):
                asked.add(action.kind)
            text = ROBORALLY.encode_action(action)
            assert ROBORALLY.decode_action(text) == action
            state.apply(action, seat)
            actions += 1
            check_invariants(state)
        for other in range(n):
            if other not in state.to_move():
                assert state.legal_actions(other) == []
    assert state.move_number == actions
    assert registers[0] >= 1 or state.turn <= 1
    result = state.result()
    assert result is not None and result.winners
    assert sorted(result.details["ranking"]) == list(range(n))
    return state


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_invariants(chunk: int) -> None:
    reasons = set()
    for seed in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        state = play(seed)
        reasons.add(state.end_reason.split(" (")[0])
    assert reasons


def test_random_games_with_options_give_up_options_instead_of_damage() -> None:
    """Games in which every robot starts with 3 option cards (seed % 3 == 0, options on) ask
    the new question, keep the invariants, and answer it both ways."""
    asked: set[str] = set()
    for seed in [s for s in range(3, 120, 3) if s % 5][:16]:
        play(seed, asked)
    assert "sacrifice" in asked


def test_computer_players_answer_the_option_for_damage_question() -> None:
    """Easy and normal computers (the answer is shared by every level) in games full of
    option cards: every answer legal, the game finishes."""
    from engines.roborally.players import LEVELS

    answered = 0
    for seed in (3, 6):
        rng = random.Random(seed)
        state = ROBORALLY.new_game(4, {"course": "first-steps", "max_turns": 3}, seed)
        give_options(state, rng, 4)
        players = [LEVELS["easy" if s % 2 else "normal"](s, "easy", seed + s) for s in range(4)]
        while not state.is_terminal():
            for seat in state.to_move():
                view = state.view(seat)
                action = players[seat].choose(view)
                assert action in view.legal_actions()
                answered += view.pending == "sacrifice"
                state.apply(action, seat)
                check_invariants(state)
    assert answered > 0


def test_the_checker_catches_broken_states() -> None:
    state = ROBORALLY.new_game(3, {"start": "docks"}, 5)
    for s in range(3):
        state.apply(Decide("face", "N"), s)
    assert state.turn == 1
    check_invariants(state)
    lost = state.clone()
    lost.deck.pop()
    with pytest.raises(AssertionError, match="84"):
        check_invariants(lost)
    stacked = state.clone()
    stacked.bots[1].pos = stacked.bots[0].pos
    with pytest.raises(AssertionError, match="two real robots"):
        check_invariants(stacked)
    hurt = state.clone()
    hurt.bots[0].damage = 12
    with pytest.raises(AssertionError, match="damage"):
        check_invariants(hurt)


def test_every_option_card_turns_up_in_the_random_games() -> None:
    seen = set()
    for seed in range(0, 60, 3):
        state = ROBORALLY.new_game(4, {"course": "first-steps", "max_turns": 2}, seed)
        rng = random.Random(seed)
        for b in state.bots:
            b.options = rng.sample(OPTION_IDS, 3)
            seen.update(b.options)
    assert seen == set(OPTION_IDS)


def test_programs_are_simultaneous_and_hidden() -> None:
    state = ROBORALLY.new_game(4, {"start": "docks"}, 11)
    assert state.to_move() == (0, 1, 2, 3)
    for s in range(4):
        state.apply(Decide("face", "N"), s)
    assert state.to_move() == (0, 1, 2, 3)
    first = state.legal_actions(0)[0]
    assert isinstance(first, Program)
    state.apply(first, 0)
    assert state.to_move() == (1, 2, 3)
    view = state.view(1)
    assert view.robots[0].revealed == (0, 0, 0, 0, 0)
    assert view.hand == tuple(sorted(state.bots[1].hand))
    assert not hasattr(view, "deck")


# Golden games: seed, robots, course -> log length, turns, winners and final fingerprint.
# Recorded from the rules as written; a change here means the deal, the rules or the bundled
# boards changed (saves keep copies of their course files, so they still load). Long Haul's
# record has the wall south of the Spiral's l6 that ends the l1 laser's beam.
GOLDEN = [
    (
        1,
        4,
        "first-steps",
        42,
        12,
        (3,),
        "3558fb11758ccd53d64107826e51f56737c41c0f4233d0a855e465978709bcfa",
    ),
    (
        2,
        8,
        "grand-tour",
        101,
        12,
        (3,),
        "1fdd9e295aa47771cb6dde67ef6f911b842b243493f11b24eb8617529d226f0b",
    ),
    (
        3,
        6,
        "long-haul",
        77,
        12,
        (4,),
        "55b45cb3e33e011ed0067293df3f95f41fa1fa354407a46f81882f29016127f5",
    ),
]


@pytest.mark.parametrize(("seed", "n", "course", "length", "turns", "winners", "final"), GOLDEN)
def test_golden_games(seed, n, course, length, turns, winners, final) -> None:
    from engines.match import Match

    match = Match(ROBORALLY, n, {"course": course, "max_turns": 12}, seed)
    players = [RandomPlayer(s, "random", seed * 100 + s) for s in range(n)]
    while not match.state.is_terminal():
        for s in match.state.to_move():
            match.play(players[s].choose(match.state.view(s)), s)
    result = match.state.result()
    assert (len(match.log), match.state.turn, result.winners) == (length, turns, winners)
    assert match.state.fingerprint() == final
    again = Match.replay(ROBORALLY, n, {"course": course, "max_turns": 12}, seed, match.log)
    assert again.state.fingerprint() == final
