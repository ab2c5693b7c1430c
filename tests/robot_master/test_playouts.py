"""Seeded random Robot Master playouts with invariants checked after every action.

5,000 games in chunks (a mix of both hand modes and all three ``first`` options),
plus perft-style golden playouts that pin the deal and the rules to recorded values.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from engines.match import Match
from engines.robot_master import ROBOT_MASTER, Place, RobotMasterState, compare_lines, line_score
from engines.robot_master.board import CELLS, COLUMNS, EMPTY, NEIGHBOURS, ROWS
from engines.robot_master.state import SEAT_NAMES

SPEC = ROBOT_MASTER
PLAYOUTS = 5000
CHUNKS = 10
PER_CHUNK = PLAYOUTS // CHUNKS
HAND_MODES = ("full", "five")
FIRSTS = ("rows", "columns", "random")
VIEW_FIELDS = {
    "seat",
    "board",
    "hand",
    "opponent_cards",
    "unseen",
    "draw_pile_size",
    "to_play",
    "moves",
    "last",
    "first",
    "hand_mode",
    "resigned",  # public: the seat that resigned (the game is then over)
}


def options_for(seed: int) -> dict[str, str]:
    """Every seed gets one of the six option combinations, evenly."""
    return {"hand": HAND_MODES[seed % 2], "first": FIRSTS[(seed // 2) % 3]}


def pick(rng: random.Random, legal: list[Place]) -> Place:
    """A random legal action built on ``random()`` alone (stable across Python versions)."""
    return legal[int(rng.random() * len(legal))]


def expected_legal(state: RobotMasterState) -> set[Place]:
    board = state.board
    hand = state.hands[state.to_play]
    cells = [
        c
        for c in range(CELLS)
        if board[c] == EMPTY and any(board[n] != EMPTY for n in NEIGHBOURS[c])
    ]
    return {Place(c, v) for c in cells for v in range(6) if hand[v] > 0}


def check_invariants(state: RobotMasterState, expected_moves: int, dealt_first: int) -> None:
    board = state.board
    moves = state.moves
    assert moves == expected_moves == state.move_number
    placed = [c for c in range(CELLS) if board[c] != EMPTY]
    assert len(placed) == 1 + moves

    # 36 cards, six of each value: board + both hands + unused + draw pile.
    pile_counts = [state.draw_pile.count(v) for v in range(6)]
    board_counts = [board.count(v) for v in range(6)]
    for v in range(6):
        total = (
            board_counts[v]
            + state.hands[0][v]
            + state.hands[1][v]
            + state.unused[v]
            + pile_counts[v]
        )
        assert total == 6, f"value {v}: {total} copies"
        assert min(state.hands[0][v], state.hands[1][v], state.unused[v]) >= 0

    # Every placed card touches another placed card along an edge.
    if moves:
        for c in placed:
            assert any(board[n] != EMPTY for n in NEIGHBOURS[c]), f"cell {c} is isolated"

    terminal = moves == 24
    assert state.is_terminal() is terminal
    assert state.first == dealt_first
    if state.hand_mode == "full":
        assert state.draw_pile == []
        assert sum(state.unused) == 11
        if not terminal:
            first_moves = (moves + 1) // 2  # placements made by the first player
            by_first = [12 - first_moves, 12 - (moves - first_moves)]
            assert sum(state.hands[dealt_first]) == by_first[0]
            assert sum(state.hands[1 - dealt_first]) == by_first[1]
    else:
        if not terminal:
            assert sum(state.hands[0]) == sum(state.hands[1]) == 5
            assert len(state.draw_pile) == 25 - moves
            assert sum(state.unused) == 0
    if terminal:
        assert state.to_move() == ()
        assert state.current_player() is None
        assert state.legal_actions() == []
        assert state.hands == [[0] * 6, [0] * 6]
        assert state.draw_pile == []
        assert sum(state.unused) == 11
    else:
        # exactly one seat to move, alternating from the first player
        assert state.to_move() == ((dealt_first + moves) % 2,)
        assert state.current_player() == state.to_play
        assert state.result() is None
        legal = state.legal_actions()
        assert len(legal) == len(set(legal))
        assert set(legal) == expected_legal(state)
        assert legal

    # Each seat's view: only counts of what it cannot see.
    legal_now = state.legal_actions()
    for seat in (0, 1):
        view = state.view(seat)
        assert {f.name for f in dataclasses.fields(view)} == VIEW_FIELDS
        assert view.seat == seat
        assert view.board == tuple(board)
        assert view.resigned == ()
        assert view.hand == tuple(state.hands[seat])
        assert view.opponent_cards == sum(state.hands[1 - seat])
        assert view.unseen == tuple(6 - state.hands[seat][v] - board_counts[v] for v in range(6))
        assert view.draw_pile_size == len(state.draw_pile)
        assert (view.moves, view.to_play, view.first) == (moves, state.to_play, state.first)
        assert view.hand_mode == state.hand_mode
        if not terminal and seat == state.to_play:
            assert view.legal_actions() == legal_now
            assert state.legal_actions(seat) == legal_now
        else:
            assert view.legal_actions() == []
            assert state.legal_actions(seat) == []


def check_clone(state: RobotMasterState, rng: random.Random) -> None:
    before = state.fingerprint()
    copy = state.clone()
    assert copy.fingerprint() == before
    assert copy is not state
    if not copy.is_terminal():
        copy.apply(pick(rng, copy.legal_actions()), copy.to_play)
        assert state.fingerprint() == before
        assert copy.fingerprint() != before


def check_result(state: RobotMasterState) -> None:
    board = state.board
    rows = [line_score([board[i] for i in line]) for line in ROWS]
    columns = [line_score([board[i] for i in line]) for line in COLUMNS]
    cmp = compare_lines(rows, columns)
    result = state.result()
    assert result is not None
    if cmp.winner is None:
        assert result.draw and result.winners == (0, 1)
    else:
        assert not result.draw and result.winners == (cmp.winner,)
    assert result.details["level"] == cmp.level
    assert list(result.details["rows"]) == rows
    assert list(result.details["columns"]) == columns
    assert result.scores == (tuple(sorted(rows)), tuple(sorted(columns)))
    assert result.reason == cmp.reason(SEAT_NAMES)
    assert result.reason.startswith("Draw" if cmp.winner is None else SEAT_NAMES[cmp.winner])


def playout(seed: int) -> tuple[RobotMasterState, str | None]:
    """One random game with every invariant checked after every action."""
    opts = options_for(seed)
    state = SPEC.new_game(2, opts, seed)
    assert isinstance(state, RobotMasterState)
    dealt_first = state.first
    if opts["first"] != "random":
        assert dealt_first == {"rows": 0, "columns": 1}[opts["first"]]
    rng = random.Random(seed)
    check_invariants(state, 0, dealt_first)
    moves = 0
    while not state.is_terminal():
        action = pick(rng, state.legal_actions())
        state.apply(action, state.to_play)
        moves += 1
        check_invariants(state, moves, dealt_first)
        check_clone(state, rng)
        assert moves <= 24
    assert moves == 24
    check_result(state)
    result = state.result()
    assert result is not None
    return state, None if result.draw else SEAT_NAMES[result.winners[0]]


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_keep_invariants(chunk: int) -> None:
    outcomes: dict[str | None, int] = {}
    firsts = set()
    for seed in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        state, winner = playout(seed)
        outcomes[winner] = outcomes.get(winner, 0) + 1
        firsts.add((options_for(seed)["first"], state.first))
    assert sum(outcomes.values()) == PER_CHUNK
    # random play: both sides win some games in every chunk of 500
    assert outcomes.get("Rows", 0) > 0 and outcomes.get("Columns", 0) > 0
    # the random first option produced both seats
    assert ("random", 0) in firsts and ("random", 1) in firsts


def test_invariant_checker_catches_broken_states() -> None:
    """The checks above are not vacuous: tampered states fail them."""
    base = SPEC.new_game(2, {"hand": "full"}, 8)
    assert isinstance(base, RobotMasterState)
    check_invariants(base, 0, 0)

    lost_card = base.clone()
    value = next(v for v in range(6) if lost_card.hands[0][v])
    lost_card.hands[0][value] -= 1
    with pytest.raises(AssertionError, match="copies"):
        check_invariants(lost_card, 0, 0)

    isolated = base.clone()
    value = next(v for v in range(6) if isolated.hands[0][v])
    isolated.hands[0][value] -= 1
    isolated.board[0] = value  # a5: far from the centre
    isolated.moves = 1
    isolated.to_play = 1
    with pytest.raises(AssertionError, match="isolated"):
        check_invariants(isolated, 1, 0)

    wrong_turn = base.clone()
    wrong_turn.to_play = 1
    with pytest.raises(AssertionError):
        check_invariants(wrong_turn, 0, 0)


def test_determinized_views_are_consistent() -> None:
    """A state sampled from a seat's view looks the same to that seat."""
    for seed in range(40):
        state = SPEC.new_game(2, options_for(seed), seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            for seat in (0, 1):
                view = state.view(seat)
                sample = view.determinize(random.Random(seed * 31 + state.moves))
                assert sample.view(seat) == view
                check_invariants(sample, state.moves, state.first)
            state.apply(pick(rng, state.legal_actions()))


# -- perft-style golden playouts -----------------------------------------------------------
#
# For each seed and options: the deal's fingerprint, the final board (rows 5..1, as digits),
# the final fingerprint, and the result (winner seats, deciding level). Recorded once from
# the rules as written; a change here means the deal, the move order or the rules changed.

GOLDEN: list[tuple[int, dict[str, str], str, str, str, tuple[int, ...], int | None]] = [
    (
        1,
        {"hand": "full", "first": "rows"},
        "508aa22a0a7fc21e5f87acad7ddddc4880712837eb3b87b988a16b02386751b1",
        "51205/15323/35125/40104/44125",
        "95c921fec39e53ae33ac8651faa71742235e5471c76062d6afdfa3539e077071",
        (1,),
        0,
    ),
    (
        2,
        {"hand": "full", "first": "columns"},
        "6f666afbf73a4245ddb6dc291602ddbf2eeb04c0821dc0422b5b61c1f9bc3c0e",
        "05325/02104/24123/03413/51415",
        "4424e719b8a69554fb46d88d854e2f713ae52a37e1d1806f13f4dbc7e20f1fd3",
        (1,),
        0,
    ),
    (
        3,
        {"hand": "five", "first": "rows"},
        "483fb81ec71aba2da8c7fb2b1ac4f3e67a62f16c233a8322d92a2ccd92aa047f",
        "00404/20524/53425/01441/32531",
        "b3b9fa75535a8559b52d1ef891f32c759ace39cf1d83ed5913c413060523534c",
        (0,),
        0,
    ),
    (
        4,
        {"hand": "five", "first": "random"},
        "84e21520933f7e36dcde50fa88694f9c0d55f33d5cf8ff74ca92313d7cf98e9c",
        "53302/45525/51143/43302/43102",
        "88cd23510cbb5adf5eb9c5c37b303633ea25d76d3dbb790362d19fd14aa13286",
        (1,),
        0,
    ),
    (
        42,
        {"hand": "full", "first": "random"},
        "edb4922fd686c1f4a2868aa91c5c266fc7aa6495a3f424619ba0a3829f181c41",
        "25404/25041/23035/31154/23242",
        "97f8fe62114a1e16e20e1cc8ebba5d214eec3b35ed175f973a88022cd00aec01",
        (0,),
        0,
    ),
    (
        2026,
        {"hand": "five", "first": "columns"},
        "5f51c6c1911f2876676de5731661b2c72924105435b4b4628f1ca27dcdcefa99",
        "50512/14143/40514/25345/01132",
        "37e85396eed3fba830c3e790eaf14170b3f121074efe99210e4ba06800c47dac",
        (0,),
        0,
    ),
    (  # lowest lines tied: the second-lowest decides
        32,
        {"hand": "full", "first": "columns"},
        "448c6150c7979921d68aba3d99e3e50942f9e10ff35ee1ae4563c11314e87c7b",
        "00250/01152/53334/51132/54425",
        "ebb87a59f2bd08aae76ee8e0577f5dae8c346b3adb4dd17d87918510469f030f",
        (0,),
        1,
    ),
    (  # two lowest levels tied: the third-lowest decides
        594,
        {"hand": "full", "first": "rows"},
        "68cc2d14d5f12e0411ef817c27df27f5776ab4ce75337c36a1b9854158727bea",
        "12511/41322/43415/34025/42240",
        "7611fdbae63a1010381bb542a8c804bf91806bffd15afba8417b756c1aabbcd4",
        (0,),
        2,
    ),
]


def golden_playout(seed: int, options: dict[str, str]) -> tuple[Match, str]:
    match = Match(SPEC, 2, options, seed)
    start = match.state.fingerprint()
    rng = random.Random(seed)
    while not match.state.is_terminal():
        match.play(pick(rng, match.state.legal_actions()))
    return match, start


def board_text(state: RobotMasterState) -> str:
    return "/".join("".join(str(state.board[i]) for i in line) for line in ROWS)


@pytest.mark.parametrize(("seed", "options", "start", "board", "final", "winners", "level"), GOLDEN)
def test_golden_playouts(
    seed: int,
    options: dict[str, str],
    start: str,
    board: str,
    final: str,
    winners: tuple[int, ...],
    level: int | None,
) -> None:
    match, start_fp = golden_playout(seed, options)
    state = match.state
    assert isinstance(state, RobotMasterState)
    assert start_fp == start
    assert board_text(state) == board
    assert state.fingerprint() == final
    result = state.result()
    assert result is not None
    assert (result.winners, result.details["level"]) == (winners, level)
    # the log rebuilds the same game
    again = Match.replay(SPEC, 2, options, seed, match.log)
    assert again.state.fingerprint() == final


def perft(state: RobotMasterState, depth: int) -> int:
    """Number of move sequences of ``depth`` placements from ``state``."""
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action, child.to_play)
        total += perft(child, depth - 1)
    return total


@pytest.mark.parametrize(
    ("seed", "options", "counts"),
    [
        (1, {"hand": "full", "first": "rows"}, [24, 720, 30100]),
        (3, {"hand": "five", "first": "rows"}, [16, 384, 9632]),
    ],
)
def test_perft_counts(seed: int, options: dict[str, str], counts: list[int]) -> None:
    state = SPEC.new_game(2, options, seed)
    assert isinstance(state, RobotMasterState)
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts
