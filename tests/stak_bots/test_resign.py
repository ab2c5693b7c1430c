"""Resigning in Stak Bots: the player is out at any moment (its stack and hand go to the
scrapheap), the game goes on for the others and the last one left wins; a resignation is
logged and replays exactly. And the answers given for a prompt nobody answers."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from engines.core import RESIGN, IllegalAction, ResignRule
from engines.match import Match
from engines.stak_bots.moves import TAKE, Move
from engines.stak_bots.spec import STAK_BOTS
from engines.stak_bots.state import StakState
from saves import PlayerEntry, SavedGame, dumps_save, loads_save
from tests.stak_bots.support import act, build, check_invariants, legal_texts
from tests.stak_bots.test_playouts import options_for, pick

WHEN = datetime(2026, 11, 22, 14, 5, 12, tzinfo=UTC)


def test_resign_is_logged_as_text_and_never_a_legal_action() -> None:
    assert STAK_BOTS.resign_rule == ResignRule.SEAT_OUT
    assert STAK_BOTS.encode_action(RESIGN) == "resign"
    assert STAK_BOTS.decode_action("resign") == RESIGN
    state = STAK_BOTS.new_game(3, {}, 4)
    assert RESIGN not in state.legal_actions()
    assert STAK_BOTS.describe_action(RESIGN, 2) == "Player 3: resign"


def test_three_players_then_two_then_a_winner() -> None:
    match = Match(STAK_BOTS, 3, {}, 11)
    state = match.state
    assert isinstance(state, StakState)
    assert state.active == 0
    match.resign(1)  # not its turn
    assert state.out == [False, True, False] and state.resigned() == (1,)
    assert state.stacks[1] == [] and state.hands[1] == []
    assert not state.is_terminal() and state.to_move() == (0,)
    assert "Player 2 resigns" in (state.events or [])[-1]
    view = state.view(2)
    assert view.resigned == (1,) and view.out[1]
    assert "attack p2" not in legal_texts(state)
    check_invariants(state)
    match.resign(0)  # its own turn: the turn passes to Player 3
    assert state.is_terminal()
    result = state.result()
    assert result is not None and result.winners == (2,) and result.resigned == (1, 0)
    assert result.reason == "Player 1 resigned: Player 3 has the last stack standing."
    assert [result.outcome(s) for s in range(3)] == ["resigned", "resigned", "win"]
    assert STAK_BOTS.result_headline(result, ["Anna", "Bob", "Cid"]) == "Cid won: Anna resigned"
    with pytest.raises(IllegalAction, match="over"):
        match.resign(2)
    check_invariants(state)


def test_the_active_player_resigns_and_the_next_plays_on() -> None:
    match = Match(STAK_BOTS, 3, {}, 12)
    state = match.state
    match.resign(0)
    assert state.active == 1 and state.to_move() == (1,) and state.turn == 2
    assert not state.can_resign(0)
    with pytest.raises(IllegalAction, match="already resigned"):
        match.resign(0)
    check_invariants(state)


def test_an_out_player_cannot_resign() -> None:
    state = build([["core"], ["core", "core"], ["core"]])
    state.out[0] = True
    state.heap.append(state.stacks[0].pop())
    assert not state.can_resign(0)
    with pytest.raises(IllegalAction, match="out of the game"):
        state.apply(RESIGN, 0)


def test_a_defender_that_resigns_while_asked_to_block_ends_the_attack() -> None:
    state = build(
        [["clumsy", "bash"], ["clumsy", "bash"], ["clumsy", "bash"]],
        hands=[[], ["trip"], []],
        reactive=True,
    )
    act(state, "attack p2")
    assert state.choice is not None and state.choice.kind == "react"
    assert state.default_action(1) == TAKE
    state.apply(RESIGN, 1)
    assert state.choice is None and state.to_move() == (0,)
    assert not state.attack_done  # no damage was dealt
    assert "attack p3" in legal_texts(state)  # the same card may attack elsewhere
    check_invariants(state)


def test_an_attacker_that_resigns_while_the_defender_decides() -> None:
    state = build(
        [["clumsy", "bash"], ["clumsy", "bash"], ["clumsy", "bash"]],
        hands=[[], ["trip"], []],
        reactive=True,
    )
    act(state, "attack p2")
    state.apply(RESIGN, 0)
    assert state.choice is None
    assert state.active == 1 and state.to_move() == (1,)
    check_invariants(state)


def test_a_prompt_left_with_one_answer_is_made_and_one_with_none_lapses() -> None:
    """Player 1's Tranq Bot asks which face-up card to reset: its own Core Bot under it or
    Player 2's top card. Player 2 resigns: one answer is left, and it is made."""
    state = build([["core", "core"], ["core", "core"], ["tranq"]], hands=[["tranq"], [], []])
    act(state, "play tranq")
    assert state.choice is not None and state.choice.kind == "reset"
    assert legal_texts(state) == {"reset p1.2", "reset p2.1"}
    assert state.default_action(0) == Move("reset", seat=1, depth=1)
    state.apply(RESIGN, 1)
    assert state.choice is None  # one answer left (Player 1's Core Bot): made
    assert not state.up[state.stacks[0][0]]
    check_invariants(state)
    # only Player 2's cards could be reset: it resigns and the effect lapses
    lapse = build([["tranq"], ["core+", "core"], ["tranq"]], hands=[["tranq"], [], []])
    act(lapse, "play tranq")
    assert legal_texts(lapse) == {"reset p2.1", "reset p2.2"}
    lapse.apply(RESIGN, 1)
    assert lapse.choice is None and lapse.to_move() == (0,)
    assert "Tranq Bot finds nothing to do." in (lapse.events or [])
    check_invariants(lapse)


def test_defaults_answer_every_prompt() -> None:
    # Expel: Player 2 must scrap a hand card: the one of lowest rank
    state = build([["core", "expel"], ["core", "core"]], hands=[["expel"], ["reaper", "core"]])
    state.stacks[0].pop()
    act(state, "play expel")
    if state.choice is not None and state.choice.kind == "expel":
        assert state.default_action(0) == Move("expel", seat=1)  # an opponent, not oneself
        act(state, "expel p2")
    assert state.choice is not None and state.choice.kind == "lose"
    bots = {b.effect: b for b in state.bots}
    low = min(("reaper", "core"), key=lambda e: bots[e].rank)
    assert state.default_action(1) == Move("lose", effect=low)
    assert state.default_action(0) is None  # not Player 1's decision
    # a Shot Bot aims at the next opponent's top card, not its own stack
    shot = build([["core", "core"], ["stomp", "stomp"], ["stomp"]], hands=[["shot"], [], []])
    act(shot, "play shot")
    assert shot.choice is not None and shot.choice.kind == "target"
    assert shot.default_action(0) == Move("target", seat=1)
    # a regular turn has no default: a stand-in chooses there
    assert STAK_BOTS.new_game(2, {}, 1).default_action(0) is None


def random_game(seed: int, resign_chance: float = 0.03) -> tuple[Match, set[str]]:
    """A random game in which players resign at random moments, whoever is to move; the
    defaults (when any) are legal and sometimes played. Returns the prompt kinds seen."""
    players, options = options_for(seed)
    match = Match(STAK_BOTS, players, options, seed)
    state = match.state
    assert isinstance(state, StakState)
    rng = random.Random(seed)
    kinds: set[str] = set()
    while not state.is_terminal():
        (mover,) = state.to_move()
        default = state.default_action(mover)
        assert (default is None) == (state.choice is None)
        for other in range(players):
            if other != mover:
                assert state.default_action(other) is None
        if default is not None:
            assert default in state.legal_actions(mover)
            kinds.add(state.choice.kind)
        if rng.random() < resign_chance:
            match.resign(rng.choice([s for s in range(players) if state.can_resign(s)]))
        elif default is not None and rng.random() < 0.5:
            match.play(default, mover)
        else:
            match.play(pick(rng, state.legal_actions()), mover)
        check_invariants(state)
        for s in state.resigned():
            assert state.out[s] and not state.stacks[s] and not state.hands[s]
    result = state.result()
    assert result is not None and result.winners
    assert not set(result.winners) & set(result.resigned)
    return match, kinds


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_with_resigns_keep_invariants_and_save_load_identical(chunk: int) -> None:
    resigned = 0
    kinds: set[str] = set()
    for seed in range(chunk * 60, chunk * 60 + 60):
        match, seen = random_game(seed)
        kinds |= seen
        resigned += len(match.state.resigned())
        saved = SavedGame(
            "resigns",
            match,
            [PlayerEntry(f"P{s}", "human") for s in range(match.num_players)],
            WHEN,
            WHEN,
        )
        loaded = loads_save(dumps_save(saved), "test")
        assert loaded.match.state.fingerprint() == match.state.fingerprint()
        assert loaded.match.state.resigned() == match.state.resigned()
    assert resigned > 0
    assert {"target", "react"} <= kinds


def test_the_fingerprint_of_a_game_without_resigns_is_unchanged() -> None:
    state = STAK_BOTS.new_game(2, {}, 1)
    assert "resigned" not in state.canonical()
    assert all("resigned" not in str(v) for v in state.snapshot().values())
