"""Robot Master rules, worked by hand from the rule sheets.

Sources: /work/shared/seeds/000_*.txt (German), 001_*.txt (English) and the Robot Master
section of /work/shared/reference/rules-facts.md.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core import IllegalAction, OptionError
from engines.match import Match
from engines.robot_master import (
    ROBOT_MASTER,
    LineComparison,
    Place,
    RobotMasterState,
    compare_lines,
    line_score,
)
from engines.robot_master.board import (
    CELLS,
    CENTER,
    COLUMNS,
    EMPTY,
    NEIGHBOURS,
    ROWS,
    cell_name,
    parse_cell,
)
from engines.robot_master.state import legal_cells, line_scores

SPEC = ROBOT_MASTER


def new(seed: int = 1, **options: str) -> RobotMasterState:
    state = SPEC.new_game(2, options, seed)
    assert isinstance(state, RobotMasterState)
    return state


def hand_of(values: str) -> list[int]:
    counts = [0] * 6
    for ch in values:
        counts[int(ch)] += 1
    return counts


def custom(
    placed: dict[str, int],
    rows_hand: str = "012345",
    columns_hand: str = "012345",
    to_play: int = 0,
) -> RobotMasterState:
    """A hand-made position: ``placed`` maps cell names to values."""
    board = [EMPTY] * CELLS
    for name, value in placed.items():
        board[parse_cell(name)] = value
    hands = [hand_of(rows_hand), hand_of(columns_hand)]
    used = Counter(v for v in board if v != EMPTY) + Counter(
        int(ch) for ch in rows_hand + columns_hand
    )
    unused = [6 - used[v] for v in range(6)]
    assert min(unused) >= 0, "more than six copies of a value"
    return RobotMasterState(board, hands, unused, [], to_play, 0, "full")


# -- line scores --------------------------------------------------------------------------


@pytest.mark.parametrize("value", range(6))
def test_single_card_scores_its_face_value(value: int) -> None:
    assert line_score([value]) == value


@pytest.mark.parametrize("value", range(6))
def test_pair_scores_ten_times_the_value(value: int) -> None:
    assert line_score([value, value]) == 10 * value


@pytest.mark.parametrize("value", range(6))
def test_three_of_a_kind_scores_100_whatever_the_value(value: int) -> None:
    assert line_score([value] * 3) == 100


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ([4, 4], 40),  # sheet: two 4s count 40
        ([0], 0),  # one zero scores nothing
        ([0, 0], 0),  # nor do two
        ([0, 0, 0], 100),  # but three zeros are worth 100
        ([3, 3, 3, 3, 4], 107),  # sheet: 100 for three 3s, the fourth 3 alone, plus 4
        ([3, 3, 3, 3, 3], 130),  # sheet: 100 + the remaining pair of 3s (30)
        ([1, 1, 1, 1], 101),  # rules-facts
        ([4, 4, 2, 5, 1], 48),  # 40 + 2 + 5 + 1
        ([2, 2, 5, 5, 5], 120),  # pair of 2s (20) + three 5s (100)
        ([5, 5, 5, 2, 2], 120),  # order does not matter
        ([3, 3, 4, 4, 1], 71),  # two pairs: 30 + 40 + 1
        ([1, 1, 2, 2, 0], 30),  # two pairs and a zero: 10 + 20 + 0
        ([0, 0, 5, 5, 3], 53),  # a pair of zeros scores 0, 5s 50, 3 alone 3
        ([0, 0, 0, 0, 0], 100),  # five zeros: 100 + a pair of zeros (0)
        ([0, 0, 0, 0, 1], 101),  # 100 + lone zero (0) + 1
        ([5, 5, 5, 5, 5], 150),  # 100 + pair of 5s
        ([5, 5, 5, 5, 4], 109),  # 100 + 5 + 4
        ([0, 1, 2, 3, 4], 10),  # all different: face values add up
        ([1, 2, 3, 4, 5], 15),
        ([], 0),  # an empty line
    ],
)
def test_line_score_worked_examples(values: list[int], expected: int) -> None:
    assert line_score(values) == expected


def test_empty_cells_are_ignored() -> None:
    assert line_score([4, None, 4, None, None]) == 40
    assert line_score([None] * 5) == 0
    assert line_score([0, None, 0, 0, None]) == 100
    assert line_score([3, 3, None, 3, 3]) == 103


@pytest.mark.parametrize("bad", [6, -1, 7, 10, 2.0, "3"])
def test_invalid_card_values_are_rejected(bad: object) -> None:
    with pytest.raises(ValueError, match="0 to 5"):
        line_score([1, bad])  # type: ignore[list-item]


def test_line_score_accepts_any_iterable() -> None:
    assert line_score(iter([2, 2, 2])) == 100
    assert line_score(v for v in (4, 4, 2, 5, 1)) == 48


# -- comparing rows and columns -----------------------------------------------------------


def test_rule_sheet_final_position_columns_win_at_lowest_level() -> None:
    rows = [17, 36, 70, 57, 60]  # rows 5, 4, 3, 2, 1
    columns = [102, 53, 41, 22, 74]  # columns a..e
    cmp = compare_lines(rows, columns)
    assert cmp.winner == 1
    assert cmp.level == 0
    assert cmp.rows == tuple(rows)
    assert cmp.columns == tuple(columns)
    assert cmp.rows_sorted == (17, 36, 57, 60, 70)
    assert cmp.columns_sorted == (22, 41, 53, 74, 102)
    reason = cmp.reason()
    assert reason.startswith("Columns win")
    assert "lowest" in reason
    assert "17" in reason and "22" in reason
    assert "tied" not in reason


# A board (found by search) whose lines score exactly as in the rule sheet's final position:
# rows 5..1 = 17, 36, 70, 57, 60 and columns a..e = 102, 53, 41, 22, 74.
SHEET_BOARD = (
    (0, 1, 5, 1, 2),  # row 5: pair of 1s 10 + 0 + 5 + 2 = 17
    (0, 3, 3, 1, 5),  # row 4: 30 + 0 + 1 + 5 = 36
    (0, 4, 3, 3, 4),  # row 3: 40 + 30 + 0 = 70
    (2, 1, 4, 5, 5),  # row 2: 50 + 2 + 1 + 4 = 57
    (0, 4, 2, 4, 2),  # row 1: 40 + 20 + 0 = 60
)


def _bfs_order() -> list[int]:
    order, seen, frontier = [], {CENTER}, [CENTER]
    while frontier:
        cell = frontier.pop(0)
        for n in sorted(NEIGHBOURS[cell]):
            if n not in seen:
                seen.add(n)
                order.append(n)
                frontier.append(n)
    return order


def test_rule_sheet_final_position_played_out() -> None:
    values = [v for row in SHEET_BOARD for v in row]
    assert line_scores(values, 0) == [17, 36, 70, 57, 60]
    assert line_scores(values, 1) == [102, 53, 41, 22, 74]
    order = _bfs_order()
    assert len(order) == 24
    rows_hand = "".join(str(values[c]) for c in order[0::2])
    columns_hand = "".join(str(values[c]) for c in order[1::2])
    state = custom({"c3": values[CENTER]}, rows_hand=rows_hand, columns_hand=columns_hand)
    for i, cell in enumerate(order):
        assert not state.is_terminal()
        state.apply(Place(cell, values[cell]), i % 2)
    assert state.is_terminal()
    assert state.board == values
    result = state.result()
    assert result is not None
    assert result.winners == (1,)
    assert not result.draw
    assert result.outcome(0) == "loss" and result.outcome(1) == "win"
    assert result.details["level"] == 0
    assert result.scores == ((17, 36, 57, 60, 70), (22, 41, 53, 74, 102))
    assert result.reason == "Columns win: Rows' lowest line scores 17, Columns' scores 22."


@pytest.mark.parametrize(
    ("rows", "columns", "winner", "level", "ordinal"),
    [
        # lowest tied (20) -> second-lowest decides
        ([20, 30, 40, 50, 60], [20, 31, 40, 50, 60], 1, 1, "second-lowest"),
        # lowest two tied -> third-lowest decides
        ([20, 30, 45, 50, 60], [20, 30, 40, 50, 60], 0, 2, "third-lowest"),
        # lowest three tied -> fourth-lowest decides
        ([20, 30, 40, 49, 60], [20, 30, 40, 50, 60], 1, 3, "fourth-lowest"),
        # lowest four tied -> the highest line decides
        ([20, 30, 40, 50, 61], [20, 30, 40, 50, 60], 0, 4, "highest"),
        # lowest line alone decides, whatever the rest
        ([5, 150, 150, 150, 150], [6, 6, 6, 6, 6], 1, 0, "lowest"),
    ],
)
def test_tie_breaks_go_down_every_level(
    rows: list[int], columns: list[int], winner: int, level: int, ordinal: str
) -> None:
    cmp = compare_lines(rows, columns)
    assert (cmp.winner, cmp.level) == (winner, level)
    # the order of the lines does not matter, only the sorted scores
    shuffled = compare_lines(list(reversed(rows)), columns[2:] + columns[:2])
    assert (shuffled.winner, shuffled.level) == (winner, level)
    reason = cmp.reason()
    win, lose = ("Rows", "Columns") if winner == 0 else ("Columns", "Rows")
    assert reason.startswith(f"{win} win")
    assert lose in reason
    assert f" {ordinal} line" in reason
    if ordinal == "lowest":
        assert "tied" not in reason
    else:
        assert "tied" in reason
    mine = sorted(rows if winner == 0 else columns)
    theirs = sorted(columns if winner == 0 else rows)
    assert str(mine[level]) in reason and str(theirs[level]) in reason
    # the tied lines below the deciding one are listed
    for tied in sorted(rows)[:level]:
        assert str(tied) in reason


def test_second_lowest_decides_reason_text_exactly() -> None:
    cmp = compare_lines([20, 30, 40, 50, 60], [20, 31, 40, 50, 60])
    assert cmp.reason() == (
        "Columns win: Rows' second-lowest line scores 30, Columns' scores 31 "
        "(the lines below were tied: 20)."
    )


def test_reason_uses_given_seat_names() -> None:
    cmp = compare_lines([17, 36, 70, 57, 60], [102, 53, 41, 22, 74])
    reason = cmp.reason(("Across", "Down"))
    assert reason.startswith("Down win")
    assert "Across" in reason


def test_full_draw() -> None:
    cmp = compare_lines([10, 20, 30, 40, 50], [50, 40, 30, 20, 10])
    assert cmp.winner is None
    assert cmp.level is None
    assert cmp.reason().startswith("Draw")
    assert "10, 20, 30, 40, 50" in cmp.reason()


def test_line_comparison_is_a_value() -> None:
    a = compare_lines([1, 2, 3, 4, 5], [1, 2, 3, 4, 6])
    assert a == LineComparison((1, 2, 3, 4, 5), (1, 2, 3, 4, 6), 1, 4)


def test_compare_lines_needs_five_a_side() -> None:
    with pytest.raises(ValueError):
        compare_lines([1, 2, 3, 4, 5], [1, 2, 3, 4])


def test_finished_board_result_matches_line_scores() -> None:
    # Every row 0 0 0 1 2 style would exceed six copies; use a Latin square instead:
    # each row and each column holds 0..4 once, so every line scores 10: a draw.
    board = [(r + c) % 5 for r in range(5) for c in range(5)]
    state = RobotMasterState(board, [[0] * 6, [0] * 6], [1, 1, 1, 1, 1, 6], [], 0, 0, "full", 24)
    assert state.is_terminal()
    assert line_scores(board, 0) == [10] * 5
    assert line_scores(board, 1) == [10] * 5
    result = state.result()
    assert result is not None
    assert result.draw
    assert result.winners == (0, 1)
    assert result.outcome(0) == "draw" and result.outcome(1) == "draw"
    assert result.reason.startswith("Draw")


def test_finished_board_rows_win_with_reason() -> None:
    # rows: each row is one value repeated (three of a kind and more) -> high row scores,
    # columns: every column holds 0,1,2,3,4 -> 10 each. Uses 5 copies of 0..4.
    board = [r for r in range(5) for _ in range(5)]
    state = RobotMasterState(board, [[0] * 6, [0] * 6], [1, 1, 1, 1, 1, 6], [], 0, 0, "full", 24)
    result = state.result()
    assert result is not None
    assert result.winners == (0,)
    assert not result.draw
    assert result.outcome(0) == "win" and result.outcome(1) == "loss"
    assert result.details["rows"] == (100, 110, 120, 130, 140)
    assert result.details["columns"] == (10, 10, 10, 10, 10)
    assert result.details["level"] == 0
    assert result.reason.startswith("Rows win")
    assert result.scores == ((100, 110, 120, 130, 140), (10, 10, 10, 10, 10))


# -- cells and action text ---------------------------------------------------------------


def test_cell_names() -> None:
    assert cell_name(0) == "a5"  # top left
    assert cell_name(CENTER) == "c3"
    assert CENTER == 12
    assert cell_name(24) == "e1"
    assert cell_name(4) == "e5"
    assert cell_name(20) == "a1"
    assert parse_cell("a5") == 0
    assert parse_cell("C3") == 12
    assert parse_cell(" e1 ") == 24
    assert [cell_name(i) for i in ROWS[0]] == ["a5", "b5", "c5", "d5", "e5"]
    assert [cell_name(i) for i in COLUMNS[0]] == ["a5", "a4", "a3", "a2", "a1"]


@pytest.mark.parametrize("bad", ["", "a", "a0", "a6", "f1", "zz", "5a", "a55"])
def test_parse_cell_rejects_bad_text(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_cell(bad)


def test_neighbours_are_edge_neighbours_only() -> None:
    assert sorted(NEIGHBOURS[CENTER]) == [7, 11, 13, 17]
    assert sorted(NEIGHBOURS[0]) == [1, 5]
    assert sorted(NEIGHBOURS[24]) == [19, 23]
    assert sorted(NEIGHBOURS[2]) == [1, 3, 7]


def test_encode_decode_round_trip_every_cell_and_value() -> None:
    texts = set()
    for cell in range(CELLS):
        for value in range(6):
            action = Place(cell, value)
            text = SPEC.encode_action(action)
            assert text == f"{value}@{cell_name(cell)}"
            assert SPEC.decode_action(text) == action
            assert str(action) == text
            texts.add(text)
    assert len(texts) == CELLS * 6


def test_encode_example() -> None:
    assert SPEC.encode_action(Place(parse_cell("c2"), 3)) == "3@c2"
    assert SPEC.decode_action("3@c2") == Place(17, 3)


@pytest.mark.parametrize("text", ["x@zz", "3c2", "@c2", "3@", "3@zz", "3@c6", "-1@c2", "a@b"])
def test_decode_rejects_bad_text(text: str) -> None:
    with pytest.raises(IllegalAction):
        SPEC.decode_action(text)


def test_decode_error_says_what_a_move_looks_like() -> None:
    with pytest.raises(IllegalAction, match="value@cell"):
        SPEC.decode_action("3c2")
    with pytest.raises(IllegalAction, match="not a cell"):
        SPEC.decode_action("3@zz")


def test_value_seven_never_reaches_the_board() -> None:
    """``7@c2`` is refused on the way from text to the board (today: by ``apply``)."""
    match = Match(SPEC, 2, {}, 1)
    with pytest.raises(IllegalAction, match="0 to 5"):
        match.play_text("7@c2")
    assert match.log == []


def test_decode_rejects_value_out_of_range() -> None:
    with pytest.raises(IllegalAction):
        SPEC.decode_action("7@c2")


def test_encode_rejects_non_moves() -> None:
    with pytest.raises(IllegalAction):
        SPEC.encode_action("3@c2")


# -- illegal placements --------------------------------------------------------------------


def test_occupied_cell_is_rejected() -> None:
    state = custom({"c3": 2})
    with pytest.raises(IllegalAction, match="c3 already holds a card"):
        state.apply(Place(CENTER, 1), 0)


def test_cell_not_touching_is_rejected() -> None:
    state = custom({"c3": 2})
    with pytest.raises(IllegalAction, match="a5 does not share an edge"):
        state.apply(Place(parse_cell("a5"), 1), 0)


@pytest.mark.parametrize("diagonal", ["b4", "d4", "b2", "d2"])
def test_diagonal_only_touching_counts_as_not_touching(diagonal: str) -> None:
    state = custom({"c3": 2})
    assert parse_cell(diagonal) not in legal_cells(state.board)
    with pytest.raises(IllegalAction, match=f"{diagonal} does not share an edge"):
        state.apply(Place(parse_cell(diagonal), 1), 0)


@pytest.mark.parametrize("orthogonal", ["c4", "b3", "d3", "c2"])
def test_edge_touching_cells_are_legal(orthogonal: str) -> None:
    state = custom({"c3": 2})
    state.apply(Place(parse_cell(orthogonal), 1), 0)
    assert state.board[parse_cell(orthogonal)] == 1


def test_value_not_in_hand_is_rejected() -> None:
    state = custom({"c3": 2}, rows_hand="0011", columns_hand="5555")
    with pytest.raises(IllegalAction, match="Rows hold no 3"):
        state.apply(Place(parse_cell("c4"), 3), 0)
    state.apply(Place(parse_cell("c4"), 1), 0)
    with pytest.raises(IllegalAction, match="Columns hold no 1"):
        state.apply(Place(parse_cell("c5"), 1), 1)


def test_wrong_seat_is_rejected() -> None:
    state = custom({"c3": 2}, to_play=0)
    with pytest.raises(IllegalAction, match="it is Rows' turn"):
        state.apply(Place(parse_cell("c4"), 1), 1)
    assert state.legal_actions(1) == []
    assert state.view(1).legal_actions() == []


def test_out_of_range_value_and_cell_are_rejected() -> None:
    state = custom({"c3": 2})
    with pytest.raises(IllegalAction, match="0 to 5"):
        state.apply(Place(parse_cell("c4"), 6), 0)
    with pytest.raises(IllegalAction, match="no cell 25"):
        state.apply(Place(25, 1), 0)
    with pytest.raises(IllegalAction, match="not a Robot Master move"):
        state.apply((17, 1), 0)


def test_move_after_game_over_is_rejected() -> None:
    board = [(r + c) % 5 for r in range(5) for c in range(5)]
    state = RobotMasterState(board, [[0] * 6, [0] * 6], [1, 1, 1, 1, 1, 6], [], 0, 0, "full", 24)
    assert state.to_move() == ()
    assert state.current_player() is None
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(Place(0, 5), 0)


def test_rejected_move_changes_nothing() -> None:
    state = new(5)
    before = state.fingerprint()
    for bad in (Place(CENTER, 0), Place(0, 0), Place(parse_cell("c4"), 9)):
        with pytest.raises(IllegalAction):
            state.apply(bad, 0)
    assert state.fingerprint() == before


def test_match_play_at_game_end_says_nobody_is_to_move() -> None:
    match = Match(SPEC, 2, {}, 3)
    while not match.state.is_terminal():
        match.play(match.state.legal_actions()[0])
    with pytest.raises(IllegalAction, match="nobody is to move"):
        match.play(Place(0, 0))


# -- set-up ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 99, 12345])
def test_full_hand_setup(seed: int) -> None:
    state = new(seed, hand="full")
    placed = [v for v in state.board if v != EMPTY]
    assert len(placed) == 1 and state.board[CENTER] != EMPTY
    assert sum(state.hands[0]) == 12
    assert sum(state.hands[1]) == 12
    assert sum(state.unused) == 11
    assert state.draw_pile == []
    for v in range(6):
        total = state.hands[0][v] + state.hands[1][v] + state.unused[v] + placed.count(v)
        assert total == 6
    assert state.moves == 0
    assert state.to_move() == (0,)
    assert sorted(legal_cells(state.board)) == [7, 11, 13, 17]


@pytest.mark.parametrize("seed", [0, 1, 2, 99, 12345])
def test_five_card_setup(seed: int) -> None:
    state = new(seed, hand="five")
    placed = [v for v in state.board if v != EMPTY]
    assert len(placed) == 1 and state.board[CENTER] != EMPTY
    assert sum(state.hands[0]) == 5
    assert sum(state.hands[1]) == 5
    assert len(state.draw_pile) == 25
    assert sum(state.unused) == 0
    for v in range(6):
        total = (
            state.hands[0][v]
            + state.hands[1][v]
            + state.draw_pile.count(v)
            + state.unused[v]
            + placed.count(v)
        )
        assert total == 6
    assert state.view(0).draw_pile_size == 25
    assert state.view(1).opponent_cards == 5


def test_same_seed_same_deal_different_seeds_differ() -> None:
    assert new(7).fingerprint() == new(7).fingerprint()
    assert new(7, hand="five").fingerprint() == new(7, hand="five").fingerprint()
    assert len({new(s).fingerprint() for s in range(20)}) == 20


def test_hand_modes_deal_the_same_centre_card() -> None:
    # The deck shuffle does not depend on the options: the centre card is the same.
    for seed in range(10):
        assert new(seed, hand="full").board[CENTER] == new(seed, hand="five").board[CENTER]


def test_five_card_hand_refills_after_each_placement() -> None:
    state = new(11, hand="five")
    rng_moves = 0
    while not state.is_terminal():
        seat = state.to_play
        pile_before = list(state.draw_pile)
        hand_before = list(state.hands[seat])
        action = state.legal_actions()[(rng_moves * 7) % len(state.legal_actions())]
        state.apply(action, seat)
        rng_moves += 1
        if state.is_terminal():
            break
        assert sum(state.hands[seat]) == 5
        assert sum(state.hands[1 - seat]) == 5
        drawn = pile_before[-1]  # pop() draws from the end of the list
        expected = hand_before[:]
        expected[action.value] -= 1
        expected[drawn] += 1
        assert state.hands[seat] == expected
        assert state.draw_pile == pile_before[:-1]
    assert rng_moves == 24
    # the cards never played (both hands and what is left of the pile) end up unused
    assert state.draw_pile == []
    assert sum(state.unused) == 11
    assert state.hands == [[0] * 6, [0] * 6]


def test_five_card_hand_stops_refilling_when_the_pile_is_empty() -> None:
    state = custom({"c3": 2}, rows_hand="11", columns_hand="22")
    state.hand_mode = "five"
    state.draw_pile = [4]
    state.unused[4] -= 1
    state.apply(Place(parse_cell("c4"), 1), 0)
    assert state.hands[0] == hand_of("14")
    assert state.draw_pile == []
    state.apply(Place(parse_cell("c5"), 2), 1)
    assert state.hands[1] == hand_of("2")  # nothing left to draw


def test_full_hand_has_no_refill() -> None:
    state = new(4, hand="full")
    action = state.legal_actions()[0]
    state.apply(action, 0)
    assert sum(state.hands[0]) == 11
    assert sum(state.hands[1]) == 12


@pytest.mark.parametrize(("first", "seat"), [("rows", 0), ("columns", 1)])
def test_first_option_fixed(first: str, seat: int) -> None:
    for seed in range(5):
        state = new(seed, first=first)
        assert state.first == seat
        assert state.to_move() == (seat,)
        assert state.current_player() == seat


def test_first_defaults_to_rows() -> None:
    assert SPEC.normalize_options({}) == {"first": "rows", "hand": "full"}
    assert new(3).to_move() == (0,)


def test_first_random_is_reproducible_and_both_outcomes_occur() -> None:
    firsts = []
    for seed in range(40):
        a = new(seed, first="random")
        b = new(seed, first="random")
        assert a.first == b.first
        assert a.fingerprint() == b.fingerprint()
        assert a.to_move() == (a.first,)
        firsts.append(a.first)
    assert set(firsts) == {0, 1}


def test_bad_options_are_rejected() -> None:
    with pytest.raises(OptionError, match="rows, columns, random"):
        SPEC.new_game(2, {"first": "diagonals"}, 1)
    with pytest.raises(OptionError, match="full, five"):
        SPEC.new_game(2, {"hand": "seven"}, 1)
    with pytest.raises(OptionError, match="exactly 2"):
        SPEC.new_game(3, {}, 1)


def test_seat_names_and_rules_text() -> None:
    assert SPEC.seat_names(2) == ["Rows", "Columns"]
    text = SPEC.rules_text()
    for number in ("107", "130", "48"):
        assert number in text
    assert SPEC.describe_action(Place(17, 3), 0) == "Rows put a 3 on c2"
