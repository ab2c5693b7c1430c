"""Robo Factory rules: cards, match counts, every payout branch, game length, ties, views."""

from __future__ import annotations

import itertools

import pytest

from engines.core import IllegalAction, OptionError
from engines.match import Match
from engines.players import make_player
from engines.robo_factory import COLOURS, Robot, match_count
from engines.robo_factory.cards import MATCH, code_of, letters, parse_letters
from engines.robo_factory.state import (
    BOX_CUBES,
    BUILD,
    BUY,
    MAX_EXTRA_ROUNDS,
    OVER,
    REBUILD,
    Build,
    Buy,
    RoboFactoryState,
    base_turns,
    eureka_die,
)
from tests.robo_factory.support import SPEC, check_invariants, random_game

# -- cards and match counts -----------------------------------------------------


def test_64_unique_cards_and_letters() -> None:
    assert len({letters(c) for c in range(64)}) == 64
    assert letters(code_of(0, 1, 2)) == "RGB"
    assert parse_letters("ybr") == code_of(3, 2, 0)
    assert Robot.parse("RGB").names == ("red", "green", "blue")
    assert str(Robot(3, 3, 3)) == "yellow/yellow/yellow"


@pytest.mark.parametrize(
    ("a", "b", "count"),
    [
        (("red", "green", "blue"), ("red", "green", "blue"), 3),
        (("red", "green", "blue"), ("red", "yellow", "blue"), 2),
        (("red", "green", "blue"), ("blue", "green", "red"), 1),
        (("red", "green", "blue"), ("green", "blue", "red"), 0),
        (("Yellow", "YELLOW", "yellow"), ("yellow", "red", "yellow"), 2),
    ],
)
def test_match_count_examples(a: tuple, b: tuple, count: int) -> None:
    assert match_count(a, b) == count
    assert match_count(Robot.from_names(a), b) == count
    assert match_count(b, Robot.from_names(a)) == count


def test_match_count_is_symmetric_and_counts_parts() -> None:
    for a in range(64):
        for b in range(64):
            ra, rb = Robot.from_code(a), Robot.from_code(b)
            same = (ra.head == rb.head) + (ra.torso == rb.torso) + (ra.legs == rb.legs)
            assert MATCH[a][b] == MATCH[b][a] == same == match_count(ra, rb)
    # every code shares k parts with 1, 9, 27, 27 codes (k = 3, 2, 1, 0)
    assert sorted(MATCH[5].count(k) for k in range(4)) == [1, 9, 27, 27]


@pytest.mark.parametrize(
    ("a", "error", "text"),
    [
        ("rgb", TypeError, "three colour names"),
        (42, TypeError, "three colour names"),
        (("red", "green"), ValueError, "three parts"),
        (("red", "green", "blue", "red"), ValueError, "three parts"),
        (("red", "green", "purple"), ValueError, "unknown legs colour 'purple'"),
        (("red", 3, "blue"), TypeError, "torso colour must be a colour name"),
    ],
)
def test_match_count_errors_are_clear(a: object, error: type, text: str) -> None:
    with pytest.raises(error, match=text):
        match_count(a, ("red", "green", "blue"))  # type: ignore[arg-type]


def test_robot_values_are_checked() -> None:
    with pytest.raises(ValueError, match="head colour must be 0..3"):
        Robot(4, 0, 0)
    with pytest.raises(ValueError, match="three colour letters"):
        Robot.parse("rgx")
    assert COLOURS == ("red", "green", "blue", "yellow")


# -- set-up ------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_deal(n: int) -> None:
    state = SPEC.new_game(n, {}, 11)
    check_invariants(state)
    assert state.customer == 0 and state.phase == BUY
    assert state.cubes == [4] * n and state.supply == BOX_CUBES - 4 * n
    assert state.open_tiles == [MATCH[state.order][c] for c in state.open_cards]
    assert state.order not in state.open_cards
    assert state.manufacturers() == list(range(1, n))
    assert state.to_move() == (1,)
    assert len(state.deck) == 64 - 4 - 3 * (n - 1)


def test_deal_depends_on_seed_and_turn_only() -> None:
    a, b = SPEC.new_game(3, {}, 5), SPEC.new_game(3, {}, 5)
    assert a.fingerprint() == b.fingerprint()
    assert (
        SPEC.new_game(3, {}, 6).order != a.order
        or SPEC.new_game(3, {}, 6).open_cards != a.open_cards
    )


def test_options_and_player_counts() -> None:
    assert SPEC.normalize_options({}) == {"tiebreak": "share"}
    with pytest.raises(OptionError, match="valid values: share, extra"):
        SPEC.normalize_options({"tiebreak": "coin"})
    with pytest.raises(OptionError, match="2 to 6 players"):
        SPEC.new_game(7, {}, 1)
    with pytest.raises(OptionError, match="2 to 6 players"):
        SPEC.check_players(1)


# -- actions -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action", [Buy(None), Buy(code_of(1, 2, 3)), Build(0), Build(63, True), Build(27)]
)
def test_action_text_round_trip(action: Buy | Build) -> None:
    text = SPEC.encode_action(action)
    assert SPEC.decode_action(text) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "buy",
        "buy rgb",
        "buy RGX",
        "build RG",
        "build RGB eurek",
        "pass now",
        "build RGB eureka x",
        "Build RGB",
        "3@c2",
    ],
)
def test_bad_action_text(text: str) -> None:
    with pytest.raises(IllegalAction):
        SPEC.decode_action(text)


def two_player(seed: int = 3) -> RoboFactoryState:
    state = SPEC.new_game(2, {}, seed)
    assert state.to_move() == (1,)
    return state


def wrong_code(state: RoboFactoryState, avoid: int | None = None) -> int:
    return next(c for c in range(64) if c != state.order and c != avoid)


def test_illegal_actions_say_why() -> None:
    state = two_player()
    with pytest.raises(IllegalAction, match="Player 2's turn, not Player 1's"):
        state.apply(Buy(None), 0)
    with pytest.raises(IllegalAction, match="decide whether to buy"):
        state.apply(Build(0), 1)
    outsider = next(c for c in range(64) if c not in state.hands[1])
    with pytest.raises(IllegalAction, match="holds no"):
        state.apply(Buy(outsider), 1)
    state.apply(Buy(None), 1)
    assert state.phase == BUILD
    with pytest.raises(IllegalAction, match="builds a robot"):
        state.apply(Buy(None), 1)
    with pytest.raises(IllegalAction, match="is not a robot"):
        state.apply(Build(64), 1)


# -- payouts -----------------------------------------------------------------------------


def test_first_try_right_gets_4_and_ends_the_turn() -> None:
    state = two_player()
    state.apply(Buy(None), 1)
    state.apply(Build(state.order), 1)
    assert state.cubes == [4, 8]
    assert state.turn == 1 and state.customer == 1 and state.phase == BUY
    check = [e for e in state.events if e.kind == "check"]
    assert [(e.seat, e.attempt, e.right, e.gain) for e in check] == [(1, 1, True, 4)]


def test_second_try_right_gets_2_and_wrong_pays_the_customer() -> None:
    state = two_player()
    order = state.order
    state.apply(Buy(None), 1)
    state.apply(Build(wrong_code(state)), 1)
    assert state.phase == REBUILD and state.cubes == [4, 4]
    assert state.tiles[1] == MATCH[order][wrong_code(state)]
    assert state.view(1).tile == state.tiles[1] and state.view(0).tile is None
    state.apply(Build(order), 1)
    assert state.cubes == [4, 6]

    state = two_player()
    state.apply(Buy(None), 1)
    state.apply(Build(wrong_code(state)), 1)
    state.apply(Build(wrong_code(state)), 1)
    assert state.cubes == [5, 3]
    last = state.events[-3]
    assert last.kind == "check" and last.attempt == 2 and last.paid == 1 and last.gain == -1


def test_wrong_at_zero_cubes_pays_nothing() -> None:
    state = two_player()
    state.apply(Buy(None), 1)
    state.apply(Build(wrong_code(state)), 1)
    state.supply += state.cubes[1]
    state.cubes[1] = 0
    state.apply(Build(wrong_code(state)), 1)
    assert state.cubes == [4, 0]
    check_invariants(state)


def test_buying_information() -> None:
    state = two_player()
    card = state.hands[1][1]
    state.apply(Buy(card), 1)
    assert state.cubes == [5, 3]
    assert state.bought[1] == (card, MATCH[state.order][card])
    assert state.given == [card] and card not in state.hands[1]
    view = state.view(1)
    assert view.bought == (card, MATCH[state.order][card]) and card in view.seen_cards()
    assert state.view(0).bought is None and state.view(0).buyers == (False, True)
    check_invariants(state)


def test_no_cube_no_purchase() -> None:
    state = SPEC.new_game(3, {}, 4)
    state.cubes[1] = 0
    state.supply += 4
    state.actor = 0
    state._skip_poor()
    assert state.to_move() == (2,)
    assert state.events[-1].kind == "poor" and state.events[-1].seat == 1
    state.cubes[2] = 0
    state.supply += 4
    with pytest.raises(IllegalAction, match="costs a cube"):
        state.apply(Buy(state.hands[2][0]), 2)


def test_eureka_right_gains_the_die() -> None:
    state = two_player()
    die = eureka_die(state.seed, 0, 1, 1)
    state.apply(Buy(None), 1)
    state.apply(Build(state.order, True), 1)
    assert state.cubes == [4, 8 + die]
    assert state.eureka_used == [False, True]
    assert sum(state.cubes) + state.supply == BOX_CUBES


def test_eureka_wrong_pays_the_die_to_the_supply_not_below_zero() -> None:
    for seed in range(40):
        state = two_player(seed)
        die = eureka_die(seed, 0, 1, 1)
        state.apply(Buy(None), 1)
        supply = state.supply
        state.apply(Build(wrong_code(state), True), 1)
        assert state.cubes[1] == 4 - min(die, 4)
        assert state.supply == supply + min(die, 4)
        assert state.cubes[0] == 4 and state.phase == REBUILD


def test_eureka_on_the_second_try_and_only_once() -> None:
    state = two_player()
    state.apply(Buy(None), 1)
    state.apply(Build(wrong_code(state)), 1)
    assert Build(0, True) in state.legal_actions()
    die = eureka_die(state.seed, 0, 1, 2)
    state.apply(Build(state.order, True), 1)
    assert state.cubes[1] == 4 + 2 + die
    # later turns: no Eureka any more
    while state.customer == 1 or state.phase == BUY:
        state.apply(
            Buy(None) if state.phase == BUY else Build(wrong_code(state)), state.current_player()
        )
    assert state.current_player() == 1 and state.phase == BUILD
    assert all(not a.eureka for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="already used the Eureka"):
        state.apply(Build(state.order, True), 1)
    assert state.view(1).eureka_used == (False, True)


def test_several_right_all_get_paid_wrong_ones_pay_nothing_on_first_try() -> None:
    state = SPEC.new_game(4, {}, 8)
    for _ in range(3):
        state.apply(Buy(None), state.current_player())
    state.apply(Build(state.order), 1)
    state.apply(Build(wrong_code(state)), 2)
    state.apply(Build(state.order), 3)
    assert state.cubes == [4, 8, 4, 8]
    assert state.turn == 1


def test_views_reveal_builds_only_after_the_check() -> None:
    state = SPEC.new_game(3, {}, 9)
    state.apply(Buy(None), 1)
    state.apply(Buy(None), 2)
    first = wrong_code(state)
    state.apply(Build(first), 1)
    assert state.view(2).builds == (None, None, None)
    assert state.view(1).own_build == first and state.view(2).own_build is None
    state.apply(Build(wrong_code(state, first)), 2)
    assert state.phase == REBUILD
    assert state.view(2).builds[1] == first
    assert first not in state.view(2).candidates()


# -- game length, ties -------------------------------------------------------------------


@pytest.mark.parametrize(("n", "turns"), [(2, 6), (3, 6), (4, 8), (6, 12)])
def test_game_length(n: int, turns: int) -> None:
    assert base_turns(n) == turns
    (state,) = random_game(n, 100 + n)
    assert state.phase == OVER and state.is_terminal()
    deals = [e.seat for e in state.events if e.kind == "deal"]
    assert len(deals) == turns + n * state.extra_rounds
    for seat in range(n):
        assert deals.count(seat) == turns // n


def find_tied_seed(n: int) -> int:
    for seed in range(2000):
        (state,) = random_game(n, seed, check=False)
        result = state.result()
        assert result is not None
        if len(result.winners) > 1:
            return seed
    raise AssertionError("no tied game found")


def test_ties_share_the_win() -> None:
    seed = find_tied_seed(3)
    (state,) = random_game(3, seed)
    result = state.result()
    assert result is not None and len(result.winners) >= 2
    best = max(state.cubes)
    assert result.winners == tuple(s for s in range(3) if state.cubes[s] == best)
    assert "share the win" in result.reason
    assert result.outcome(result.winners[0]) == "draw"


def test_extra_rounds_break_ties() -> None:
    seed = find_tied_seed(3)
    (shared,) = random_game(3, seed)
    (extra,) = random_game(3, seed, {"tiebreak": "extra"})
    assert extra.extra_rounds >= 1
    assert [e for e in extra.events if e.turn < 6][: len(shared.events) - 1] == shared.events[:-1]
    assert extra.total_turns == 6 + 3 * extra.extra_rounds
    result = extra.result()
    assert result is not None
    if len(result.winners) == 1:
        assert "extra round" in result.reason
    else:
        assert extra.extra_rounds == MAX_EXTRA_ROUNDS


def test_extra_rounds_are_bounded() -> None:
    state = SPEC.new_game(2, {"tiebreak": "extra"}, 1)
    state.cubes = [5, 5]
    assert state._needs_extra_round()
    state.extra_rounds = MAX_EXTRA_ROUNDS
    assert not state._needs_extra_round()
    state.cubes = [5, 6]
    state.extra_rounds = 0
    assert not state._needs_extra_round()


# -- hidden information ---------------------------------------------------------------------


def other_truth(state: RoboFactoryState, seat: int) -> RoboFactoryState:
    """The same game as ``seat`` knows it, with another order among its candidates."""
    other = state.clone()
    new = next(c for c in state.view(seat).candidates() if c != state.order)
    old = other.order
    for pile in [other.deck, *other.hands, other.given]:
        if new in pile:
            pile[pile.index(new)] = old
    other.order = new
    for s, bought in enumerate(other.bought):
        if bought is not None:
            other.bought[s] = (bought[0], MATCH[new][bought[0]])
    for s, build in enumerate(other.builds):
        if build is not None and other.tiles[s] is not None:
            other.tiles[s] = MATCH[new][build.code]
    assert other.open_tiles == [MATCH[new][c] for c in other.open_cards]
    return other


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_hidden_information_changes_neither_view_nor_choice(level: str) -> None:
    compared = 0
    for seed in range(30):
        match = Match(SPEC, 4, {}, seed)
        state = match.state
        assert isinstance(state, RoboFactoryState)
        bots = [make_player(SPEC, "normal", s, s) for s in range(4)]
        for _ in range(seed % 7):
            (s,) = state.to_move()
            match.play(bots[s].choose(state.view(s)), s)
        (seat,) = state.to_move()
        if len(state.view(seat).candidates()) < 2:
            continue
        twin = other_truth(state, seat)
        assert twin.fingerprint() != state.fingerprint()
        assert twin.view(seat) == state.view(seat)
        a = make_player(SPEC, level, seat, 99).choose(state.view(seat))
        b = make_player(SPEC, level, seat, 99).choose(twin.view(seat))
        assert a == b
        compared += 1
    assert compared >= 10


def test_view_holds_no_order_and_no_other_hands() -> None:
    state = SPEC.new_game(3, {}, 21)
    view = state.view(1)
    assert view.hand == tuple(state.hands[1])
    assert not hasattr(view, "order")
    assert set(state.hands[2]).isdisjoint(view.hand)
    assert state.order in view.candidates()
    assert len(view.legal_actions()) == 4 and state.view(2).legal_actions() == []


def test_snapshot_and_canonical_are_plain_data() -> None:
    import json

    (state,) = random_game(3, 5)
    json.dumps(state.canonical())
    fresh = SPEC.new_game(3, {}, 5)
    snap = fresh.snapshot()
    assert snap["order"] == letters(fresh.order)
    assert snap["customer"] == "player 1" and snap["phase"] == "buy"


def test_dealt_hand_is_the_hand_as_dealt_with_a_given_card_in_its_place() -> None:
    state = RoboFactoryState(4, 11, "share")
    state.start()
    checked = 0
    while state.phase == BUY:
        seat = state.manufacturers()[state.actor]
        dealt = state.dealt_hand(seat)
        assert dealt == state.hands[seat]  # nothing given yet: the very hand
        give = dealt[1]
        state.apply(Buy(give), seat)
        assert state.dealt_hand(seat) == dealt  # the given card keeps its place
        assert [c for c in dealt if c != give] == state.hands[seat]
        checked += 1
    assert checked and state.dealt_hand(state.customer) == []


def test_match_count_refuses_values_without_an_order_of_parts() -> None:
    """A set would give a count that changes with the hash seed, a dict would count its keys
    and an endless iterator would never return: a robot is a Robot, or a tuple or list of
    three."""
    good = ("red", "green", "blue")
    for bad in (
        {"red", "green", "blue"},
        {"red": 0, "green": 0, "blue": 0},
        itertools.repeat("red"),
        "rgb",
        b"rgb",
        None,
        5,
    ):
        with pytest.raises(TypeError):
            match_count(bad, good)
    assert match_count(["red", "green", "blue"], good) == 3
    for bad_code in (True, 1.5, "5"):
        with pytest.raises(TypeError):
            Robot.from_code(bad_code)
    for bad_text in (None, 5):
        with pytest.raises(TypeError):
            Robot.parse(bad_text)


def test_actions_of_the_wrong_kind_change_nothing() -> None:
    """Buy(37.0) passes an equality check (37.0 == 37) and would fail halfway, the cube paid
    and the card gone with no tile: it is refused up front, as are Build(True) and
    Build(5, eureka="no")."""
    state = SPEC.new_game(2, SPEC.normalize_options({}), 3)
    (seat,) = state.to_move()
    card = state.hands[seat][0]
    before = state.canonical()
    for action in (Buy(float(card)), Buy(True)):
        with pytest.raises(IllegalAction):
            state.apply(action, seat)
        assert state.canonical() == before
    state.apply(Buy(None), seat)
    while state.phase == BUY:
        state.apply(Buy(None), state.to_move()[0])
    (seat,) = state.to_move()
    before = state.canonical()
    for action in (Build(True), Build(5, eureka="no"), Build(5.0)):
        with pytest.raises(IllegalAction):
            state.apply(action, seat)
        assert state.canonical() == before
