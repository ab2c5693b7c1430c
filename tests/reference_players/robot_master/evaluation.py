"""Fast position arithmetic and static evaluation for the Robot Master computer players.

A line (row or column) is kept as one integer *key*: the base-6 number whose digit ``v``
is how many cards of value ``v`` the line holds (``key += 6**v`` places a ``v``).
The number of empty cells follows from the key, so exact scores and the estimated
final value of a line are table look-ups, and a move changes just two keys.

Evaluations are from the Rows' side (seat 0): positive is good for Rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.robot_master.board import CELLS, EMPTY, NEIGHBOURS

POW6 = (1, 6, 36, 216, 1296, 7776)
NKEYS = 6**6
WIN = 100_000.0


def group_score(value: int, count: int) -> int:
    """Same rule as :func:`engines.robot_master.scoring._group_score`."""
    if count <= 0:
        return 0
    if count == 1:
        return value
    if count == 2:
        return 10 * value
    return 100 + group_score(value, count - 3)


GS = tuple(tuple(group_score(v, k) for k in range(7)) for v in range(6))


def key_counts(key: int) -> list[int]:
    out = []
    for _ in range(6):
        key, d = divmod(key, 6)
        out.append(d)
    return out


def _score_table() -> tuple[list[int], list[int]]:
    scores = [0] * NKEYS
    filled = [0] * NKEYS
    for key in range(NKEYS):
        counts = key_counts(key)
        n = sum(counts)
        if n > 5:
            filled[key] = 99
            continue
        filled[key] = n
        scores[key] = sum(GS[v][counts[v]] for v in range(6))
    return scores, filled


SCORE, FILLED = _score_table()


def line_key(values: Sequence[int]) -> int:
    return sum(POW6[v] for v in values if v != EMPTY)


def board_keys(board: Sequence[int]) -> tuple[list[int], list[int]]:
    """Keys of the five rows and the five columns."""
    rk = [0] * 5
    ck = [0] * 5
    for cell in range(CELLS):
        v = board[cell]
        if v != EMPTY:
            p = POW6[v]
            rk[cell // 5] += p
            ck[cell % 5] += p
    return rk, ck


def legal_cells(board: Sequence[int]) -> list[int]:
    return [
        c
        for c in range(CELLS)
        if board[c] == EMPTY and any(board[n] != EMPTY for n in NEIGHBOURS[c])
    ]


def outcome(rk: Sequence[int], ck: Sequence[int]) -> int:
    """+1 Rows win, -1 Columns win, 0 draw, on a full board."""
    rs = sorted([SCORE[k] for k in rk])
    cs = sorted([SCORE[k] for k in ck])
    if rs == cs:
        return 0
    return 1 if rs > cs else -1


@dataclass(frozen=True)
class EvalParams:
    """Knobs of the line estimate (tuned against each other in the arena)."""

    q_pair: float = 0.15  # per empty cell: chance the owner adds a held value to a single
    q_triple: float = 0.15  # ... to a pair
    q_blind: float = 0.04  # chance when the owner has no such card (luck / opponent)
    filler: float = 5.0  # expected value an empty cell adds otherwise
    new_pair: float = 0.15  # chance per 2 empties of a fresh pair of a held value
    cap: float = 110.0  # lines above this are safe: no extra credit
    weights: tuple[float, ...] = (1.0, 0.25, 0.08, 0.03, 0.01)
    opponent: float = 1.0  # weight of the other side's lines


DEFAULT = EvalParams()


class LineTable:
    """Estimated final value of a line by key, for one owner's card availability."""

    __slots__ = ("avail", "params", "cache")

    def __init__(self, avail: Sequence[float], params: EvalParams = DEFAULT) -> None:
        self.avail = tuple(avail)
        self.params = params
        self.cache: dict[int, float] = {}

    def get(self, key: int) -> float:
        v = self.cache.get(key)
        if v is None:
            v = self.cache[key] = self._estimate(key)
        return v

    def _estimate(self, key: int) -> float:
        p = self.params
        score = SCORE[key]
        empty = 5 - FILLED[key]
        if empty <= 0:
            return float(min(score, p.cap))
        counts = key_counts(key)
        avail = self.avail
        bonus = 0.0
        best_new = 0.0
        for v in range(6):
            k = counts[v]
            a = avail[v]
            if k == 0:
                if empty >= 2 and a >= 2:
                    best_new = max(best_new, 10.0 * v)
                continue
            if k >= 3:
                continue
            q = (p.q_pair if k == 1 else p.q_triple) * min(a, 2.0) / 2.0 + p.q_blind
            prob = 1.0 - (1.0 - min(q, 0.95)) ** empty
            gain = GS[v][k + 1] - GS[v][k]
            bonus += prob * gain
            if k == 1 and empty >= 2 and a >= 2:
                bonus += prob * prob * 0.5 * (100 - 10 * v)
        bonus += best_new * p.new_pair * (empty // 2)
        bonus += p.filler * empty
        return min(score + bonus, p.cap)


def aggregate(mine: list[float], theirs: list[float], params: EvalParams = DEFAULT) -> float:
    """Weighted comparison of sorted line values: the weakest lines decide the game."""
    mine.sort()
    theirs.sort()
    w = params.weights
    o = params.opponent
    return (
        w[0] * (mine[0] - o * theirs[0])
        + w[1] * (mine[1] - o * theirs[1])
        + w[2] * (mine[2] - o * theirs[2])
        + w[3] * (mine[3] - o * theirs[3])
        + w[4] * (mine[4] - o * theirs[4])
    )


class Evaluator:
    """Static evaluation (Rows' point of view) given line tables for both owners."""

    __slots__ = ("rows", "cols", "params")

    def __init__(self, rows: LineTable, cols: LineTable, params: EvalParams = DEFAULT) -> None:
        self.rows = rows
        self.cols = cols
        self.params = params

    def __call__(self, rk: Sequence[int], ck: Sequence[int]) -> float:
        rg = self.rows.get
        cg = self.cols.get
        return aggregate(
            [rg(rk[0]), rg(rk[1]), rg(rk[2]), rg(rk[3]), rg(rk[4])],
            [cg(ck[0]), cg(ck[1]), cg(ck[2]), cg(ck[3]), cg(ck[4])],
            self.params,
        )


def availability(
    own_hand: Sequence[int],
    unseen: Sequence[int],
    opponent_cards: int,
    own_draws: int,
    opponent_draws: int,
) -> tuple[list[float], list[float]]:
    """Expected cards of each value the seat and its opponent can still place.

    The draws are how many draw-pile cards each side will still draw *and* be able to play
    (five-card hands); the opponent's hand and every draw are spread over the unseen cards.
    """
    total = sum(unseen)
    if total <= 0:
        return [float(h) for h in own_hand], [0.0] * 6
    own_frac = min(1.0, own_draws / total)
    opp_frac = min(1.0, (opponent_cards + opponent_draws) / total)
    mine = [own_hand[v] + own_frac * unseen[v] for v in range(6)]
    theirs = [opp_frac * unseen[v] for v in range(6)]
    return mine, theirs
