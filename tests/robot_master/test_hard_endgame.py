"""Robot Master ``hard`` in the endgame: exact per deal, every deal listed, budgets kept.

The reference values here come from independent brute force: every opponent hand as a
combination of the unseen cards (not :mod:`engines.robot_master.deals`) and the older
plain alpha-beta kept with the frozen reference player
(:mod:`tests.reference_players.robot_master.search`, not the new solver).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from engines.registry import get_game
from engines.robot_master.board import EMPTY
from engines.robot_master.deals import enumerate_deals, relevant_draws
from engines.robot_master.exact import Solver
from engines.robot_master.players import Context, HardPlayer, NormalPlayer
from engines.robot_master.state import Place, RobotMasterState, RobotMasterView
from tests.reference_players.robot_master import Hard2026
from tests.reference_players.robot_master.search import Pos, exact

SPEC = get_game("robot-master")

# Six placements left, Rows to move holding 1 3 3; Columns hold 4 4 5 (hidden from Rows).
GRID = """
. . 0 . 5
2 0 3 3 1
5 0 5 . 1
2 0 4 4 2
. 2 2 . 1
"""
BOARD = [EMPTY if t == "." else int(t) for t in GRID.split()]
ROWS_HAND = [0, 1, 0, 2, 0, 0]
COLUMNS_HAND = [0, 0, 0, 0, 2, 1]
UNUSED = [2, 2, 1, 2, 2, 2]


def six_left() -> RobotMasterState:
    return RobotMasterState(
        BOARD[:], [ROWS_HAND[:], COLUMNS_HAND[:]], UNUSED[:], [], 0, 0, "full", 18, 24
    )


def brute_force_values(view: RobotMasterView) -> dict[Place, float]:
    """Each move's expected outcome for the seat to move: every combination of unseen cards
    as the opponent's hand (all equally likely), each solved by the plain alpha-beta."""
    pool = [v for v in range(6) for _ in range(view.unseen[v])]
    hands = Counter(
        tuple(Counter(combo).get(v, 0) for v in range(6))
        for combo in itertools.combinations(pool, view.opponent_cards)
    )
    total = sum(hands.values())
    sign = 1 if view.seat == 0 else -1
    values = dict.fromkeys(view.legal_actions(), 0.0)
    for hand, count in hands.items():
        both = [list(view.hand), list(hand)] if view.seat == 0 else [list(hand), list(view.hand)]
        pos = Pos(view.board, both, view.to_play, view.moves)
        for m in values:
            pos.play(m.cell, m.value)
            values[m] += count / total * sign * exact(pos, -2.0, 2.0)
            pos.undo(m.cell, m.value)
    return values


@pytest.fixture(scope="module")
def six_left_values() -> dict[Place, float]:
    return brute_force_values(six_left().view(0))


def test_exact_endgame_finds_the_best_move_the_old_hard_misses(
    six_left_values: dict[Place, float],
) -> None:
    view = six_left().view(0)
    best = max(six_left_values.values())
    assert best == pytest.approx(1.0)  # Rows win against every hand Columns may hold
    new = HardPlayer(seat=0, seed=1)
    new.iterations = 1000  # every deal, no clock
    move = new.choose(view)
    assert six_left_values[move] == pytest.approx(best)
    assert new.last_mode == "exact, every deal"
    # Today's hard judges six left by its static look-ahead and loses the won game often.
    old = Hard2026(seat=0, seed=1)
    old.iterations = 16
    assert six_left_values[old.choose(view)] < best - 0.5
    ctx = Context(view)
    moves = view.legal_actions()
    static = ctx.two_ply(moves)
    static_best = moves[max(range(len(moves)), key=lambda i: static[i])]
    assert six_left_values[static_best] < best - 0.5


def test_solver_and_listed_deals_match_brute_force(six_left_values: dict[Place, float]) -> None:
    view = six_left().view(0)
    listed = enumerate_deals(view, 10_000)
    assert listed is not None
    assert sum(w for _, w in listed) == pytest.approx(1.0)
    values = dict.fromkeys(six_left_values, 0.0)
    for (hand, draws), weight in listed:
        assert draws == ()
        solver = Solver(view.board, [list(view.hand), list(hand)], 0, view.moves)
        for m in values:
            values[m] += weight * solver.value_of(m.cell, m.value)
    for m, v in values.items():
        assert v == pytest.approx(six_left_values[m]), m


def test_solver_matches_plain_alpha_beta_on_random_deals() -> None:
    for seed, hand_mode, left in ((1, "full", 5), (2, "five", 5), (3, "full", 6), (4, "five", 4)):
        rng = random.Random(seed)
        state = SPEC.new_game(2, {"hand": hand_mode}, seed)
        while 24 - state.moves > left:
            state.play(rng.choice(state.legal_actions()))
        solver = Solver(state.board, state.hands, state.to_play, state.moves, state.draw_pile)
        pos = Pos(state.board, state.hands, state.to_play, state.moves, state.draw_pile)
        sign = 1 if state.to_play == 0 else -1
        for m in state.legal_actions():
            pos.play(m.cell, m.value)
            assert solver.value_of(m.cell, m.value) == sign * exact(pos, -2.0, 2.0)
            pos.undo(m.cell, m.value)


def late_view(hand_mode: str, left: int, seed: int) -> tuple[RobotMasterState, RobotMasterView]:
    """A position reached by ``normal`` against itself with ``left`` placements to go."""
    state = SPEC.new_game(2, {"hand": hand_mode}, seed)
    players = [NormalPlayer(seat=s, seed=seed + s) for s in (0, 1)]
    while 24 - state.moves > left:
        state.play(players[state.to_play].choose(state.view(state.to_play)))
    return state, state.view(state.to_play)


def test_listed_deals_cap_the_hand_and_keep_the_draw_order() -> None:
    """Five cards, three placements left: the opponent places one card more (only which
    values it holds matters) and the mover's draw after this move is played; brute force
    over every hand and every first draw, all equally likely."""
    _, view = late_view("five", 3, 11)
    assert relevant_draws(view) == 1
    pool = [v for v in range(6) for _ in range(view.unseen[v])]
    expected: Counter = Counter()
    combos = list(itertools.combinations(range(len(pool)), view.opponent_cards))
    rest = len(pool) - view.opponent_cards
    for combo in combos:
        hand = Counter(pool[i] for i in combo)
        capped = tuple(min(hand.get(v, 0), 1) for v in range(6))
        for j in range(len(pool)):
            if j not in combo:
                expected[(capped, (pool[j],))] += 1 / (len(combos) * rest)
    listed = dict(enumerate_deals(view, 100_000) or [])
    assert set(listed) == set(expected)
    for key, weight in listed.items():
        assert weight == pytest.approx(expected[key]), key
    assert enumerate_deals(view, 10) is None  # too many to list


@pytest.mark.parametrize(
    ("hand_mode", "left", "seed", "iterations", "mode"),
    [
        ("full", 7, 21, 100, "exact, every deal"),
        ("full", 8, 21, 10, "exact, sampled deals"),  # drawn from the listed deals
        ("five", 7, 22, 6, "exact, sampled deals"),  # too many to list: dealt from the view
        ("full", 9, 24, 6, "exact, sampled deals"),  # the best six static moves
        ("full", 10, 23, 6, "static deals"),
    ],
)
def test_fixed_iterations_same_choice(
    hand_mode: str, left: int, seed: int, iterations: int, mode: str
) -> None:
    _, view = late_view(hand_mode, left, seed)
    choices = []
    for _ in range(2):
        player = HardPlayer(seat=view.seat, seed=5)
        player.iterations = iterations
        choices.append((player.choose(view), player.last_deals, player.last_mode))
    assert choices[0] == choices[1]
    assert choices[0][2] == mode
    assert choices[0][1] <= iterations


class FakeClock:
    """Time that moves only when read: ``step`` seconds a reading."""

    def __init__(self, step: float) -> None:
        self.now = 1000.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize(
    ("hand_mode", "left", "seed"), [("full", 8, 31), ("five", 7, 32), ("full", 10, 33)]
)
def test_budget_kept_with_a_fake_clock(hand_mode: str, left: int, seed: int) -> None:
    _, view = late_view(hand_mode, left, seed)
    player = HardPlayer(seat=view.seat, seed=1)
    clock = player.clock = FakeClock(0.1)
    start = clock.now
    move = player.choose(view)
    assert move in view.legal_actions()
    # The clock is read at the start and then past the deadline at most once.
    assert clock.now - start <= player.max_budget + 2 * clock.step + 1e-9
    # No time at all: still a legal move, from the look-ahead.
    player = HardPlayer(seat=view.seat, seed=1)
    player.clock = FakeClock(10.0)
    assert player.choose(view) in view.legal_actions()


@pytest.mark.parametrize(
    ("hand_mode", "left"), [("full", 6), ("full", 8), ("full", 9), ("five", 7)]
)
@pytest.mark.parametrize("seat", [0, 1])
def test_endgame_sees_only_the_view(hand_mode: str, left: int, seat: int) -> None:
    """Same view, other hidden cards (the opponent's hand, the pile, the unused cards dealt
    anew): the same choice, whatever mode the search is in."""
    state, _ = late_view(hand_mode, left, 40 + seat)
    if state.to_play != seat:
        state.play(NormalPlayer(seat=state.to_play, seed=0).choose(state.view(state.to_play)))
    other = state.clone()
    other.redeal(1 - seat, 1234)
    assert other.canonical() != state.canonical()
    assert other.view(seat) == state.view(seat)
    moves = []
    for s in (state, other):
        player = HardPlayer(seat=seat, seed=9)
        player.iterations = 5
        moves.append(player.choose(s.view(seat)))
    assert moves[0] == moves[1]


def test_budgets_leave_room_under_a_second() -> None:
    player = HardPlayer(seat=0, seed=0)
    assert 0 < player.time_budget <= player.max_budget <= 0.8
    assert player.iterations is None
