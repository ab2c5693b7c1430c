"""Search helpers for the Robot Master players, on a compact position.

:class:`Pos` is a full position (all hands known, e.g. a determinization) as plain lists
with row/column keys (see :mod:`engines.robot_master.evaluation`); moves are
``(cell, value)`` pairs applied and undone in place, so search allocates little.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engines.robot_master.board import CELLS, EMPTY, NEIGHBOURS
from tests.reference_players.robot_master.evaluation import (
    POW6,
    WIN,
    board_keys,
    legal_cells,
    outcome,
)

PLACEMENTS = CELLS - 1
Move = tuple[int, int]
EvalFn = Callable[[Sequence[int], Sequence[int]], float]


class Pos:
    """A position with every card known; ``pile`` is drawn from its end."""

    __slots__ = ("board", "rk", "ck", "hands", "to_play", "moves", "pile", "drawn")

    def __init__(
        self,
        board: Sequence[int],
        hands: Sequence[Sequence[int]],
        to_play: int,
        moves: int,
        pile: Sequence[int] = (),
    ) -> None:
        self.board = list(board)
        self.rk, self.ck = board_keys(self.board)
        self.hands = [list(hands[0]), list(hands[1])]
        self.to_play = to_play
        self.moves = moves
        self.pile = list(pile)
        self.drawn: list[int] = []  # value drawn at each ply (-1: none), for undo

    def moves_list(self) -> list[Move]:
        hand = self.hands[self.to_play]
        values = [v for v in range(6) if hand[v]]
        return [(c, v) for c in legal_cells(self.board) for v in values]

    def play(self, cell: int, v: int) -> None:
        self.board[cell] = v
        p = POW6[v]
        self.rk[cell // 5] += p
        self.ck[cell % 5] += p
        hand = self.hands[self.to_play]
        hand[v] -= 1
        if self.pile:
            d = self.pile.pop()
            hand[d] += 1
            self.drawn.append(d)
        else:
            self.drawn.append(-1)
        self.to_play ^= 1
        self.moves += 1

    def undo(self, cell: int, v: int) -> None:
        self.moves -= 1
        self.to_play ^= 1
        hand = self.hands[self.to_play]
        d = self.drawn.pop()
        if d >= 0:
            hand[d] -= 1
            self.pile.append(d)
        hand[v] += 1
        p = POW6[v]
        self.rk[cell // 5] -= p
        self.ck[cell % 5] -= p
        self.board[cell] = EMPTY

    def is_over(self) -> bool:
        return self.moves >= PLACEMENTS


def cells_after(cells: list[int], board: Sequence[int], cell: int) -> list[int]:
    """Legal cells once ``cell`` (one of ``cells``) has been filled."""
    out = [c for c in cells if c != cell]
    for n in NEIGHBOURS[cell]:
        if board[n] == EMPTY and n not in out:
            out.append(n)
    return out


def exact(pos: Pos, alpha: float, beta: float) -> float:
    """Exact minimax value (Rows' view: +1 win, 0 draw, -1 loss) with alpha-beta."""
    if pos.moves >= PLACEMENTS:
        return float(outcome(pos.rk, pos.ck))
    maximizing = pos.to_play == 0
    hand = pos.hands[pos.to_play]
    values = [v for v in range(6) if hand[v]]
    cells = legal_cells(pos.board)
    if not values:  # cannot happen in a legal game; score as it stands
        return float(outcome(pos.rk, pos.ck))
    best = -2.0 if maximizing else 2.0
    for c in cells:
        for v in values:
            pos.play(c, v)
            val = exact(pos, alpha, beta)
            pos.undo(c, v)
            if maximizing:
                if val > best:
                    best = val
                    if best > alpha:
                        alpha = best
            else:
                if val < best:
                    best = val
                    if best < beta:
                        beta = best
            if alpha >= beta:
                return best
    return best


def reply_value(
    pos: Pos,
    cells: list[int],
    values: Sequence[int],
    evaluate: EvalFn,
    sign: float,
) -> float:
    """The best static value (for the side ``sign`` works against) of one reply.

    ``pos`` has the opponent to move; returns min over the opponent's replies of
    ``sign * evaluate`` (``sign`` = +1 for Rows as root player, -1 for Columns).
    """
    rk = pos.rk
    ck = pos.ck
    if pos.moves + 1 >= PLACEMENTS:
        worst = 2 * WIN
        for c in cells:
            r, k = c // 5, c % 5
            for v in values:
                p = POW6[v]
                rk[r] += p
                ck[k] += p
                val = sign * WIN * outcome(rk, ck)
                rk[r] -= p
                ck[k] -= p
                if val < worst:
                    worst = val
        return worst
    worst = 2 * WIN
    for c in cells:
        r, k = c // 5, c % 5
        for v in values:
            p = POW6[v]
            rk[r] += p
            ck[k] += p
            val = sign * evaluate(rk, ck)
            rk[r] -= p
            ck[k] -= p
            if val < worst:
                worst = val
    return worst
