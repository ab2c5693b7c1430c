"""Exact solving of one Robot Master deal (every card known) to the end of the game.

:class:`Solver` is a negamax alpha-beta search over win / draw / loss (+1 / 0 / -1 for the
side to move) with a transposition table and move ordering. Positions are keyed by the
cards on the cells that were empty at the root and the Rows' hand: the rest (the Columns'
hand, who is to move, the draw pile) follows from those. One solver serves every root move
of a deal, so the positions the root moves share are solved once.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from engines.robot_master.board import CELLS, EMPTY, NEIGHBOURS
from engines.robot_master.evaluation import FILLED, POW6, SCORE, board_keys

PLACEMENTS = CELLS - 1
HAND_BASE = (1, 13, 169, 2197, 28561, 371293)  # hand counts are at most 12
LOWER, UPPER = 0, 1
CHECK_EVERY = 512  # nodes between two looks at the clock


def _top_table() -> list[int]:
    """The most a line can still score: its score when full, the best with one more card
    when one cell is empty, unbounded (1,000) with more empty cells."""
    top = [1000] * len(SCORE)
    for key, filled in enumerate(FILLED):
        if filled == 5:
            top[key] = SCORE[key]
        elif filled == 4:
            top[key] = max(SCORE[key + POW6[v]] for v in range(6))
    return top


TOP = _top_table()


class OutOfTime(Exception):
    """The solver's deadline passed; the deal being solved is unfinished."""


def _outcome(rk: list[int], ck: list[int]) -> int:
    """+1 Rows win, -1 Columns win, 0 draw (full board)."""
    rs = sorted([SCORE[rk[0]], SCORE[rk[1]], SCORE[rk[2]], SCORE[rk[3]], SCORE[rk[4]]])
    cs = sorted([SCORE[ck[0]], SCORE[ck[1]], SCORE[ck[2]], SCORE[ck[3]], SCORE[ck[4]]])
    if rs == cs:
        return 0
    return 1 if rs > cs else -1


class Solver:
    """One deal: board, both hands and the draw pile (drawn from its end) all known."""

    __slots__ = (
        "board",
        "rk",
        "ck",
        "hands",
        "to_play",
        "moves",
        "pile",
        "drawn",
        "empties",
        "isolated",
        "weight",
        "code",
        "hcode",
        "tt",
        "last_tt",
        "nodes",
        "deadline",
        "clock",
    )

    def __init__(
        self,
        board: Sequence[int],
        hands: Sequence[Sequence[int]],
        to_play: int,
        moves: int,
        pile: Sequence[int] = (),
        deadline: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.board = list(board)
        self.rk, self.ck = board_keys(self.board)
        self.hands = [list(hands[0]), list(hands[1])]
        self.to_play = to_play
        self.moves = moves
        self.pile = list(pile)
        self.drawn: list[int] = []
        self.empties = [c for c in range(CELLS) if self.board[c] == EMPTY]
        # Empty cells without a card beside them yet; every other empty cell stays legal.
        self.isolated = {
            c for c in self.empties if all(self.board[n] == EMPTY for n in NEIGHBOURS[c])
        }
        self.weight = [0] * CELLS
        for i, c in enumerate(self.empties):
            self.weight[c] = 7**i
        self.code = 0
        self.hcode = sum(HAND_BASE[v] * self.hands[0][v] for v in range(6))
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.last_tt: dict[int, int] = {}  # the values of positions with one placement left
        self.nodes = 0
        self.deadline = deadline
        self.clock = clock

    # -- moves ----------------------------------------------------------------------
    def legal(self) -> list[int]:
        board = self.board
        if self.isolated:
            return [
                c
                for c in self.empties
                if board[c] == EMPTY
                and (c not in self.isolated or any(board[n] != EMPTY for n in NEIGHBOURS[c]))
            ]
        return [c for c in self.empties if board[c] == EMPTY]

    def play(self, cell: int, v: int) -> None:
        self.board[cell] = v
        p = POW6[v]
        self.rk[cell // 5] += p
        self.ck[cell % 5] += p
        self.code += self.weight[cell] * (v + 1)
        seat = self.to_play
        hand = self.hands[seat]
        hand[v] -= 1
        if seat == 0:
            self.hcode -= HAND_BASE[v]
        if self.pile:
            d = self.pile.pop()
            hand[d] += 1
            if seat == 0:
                self.hcode += HAND_BASE[d]
            self.drawn.append(d)
        else:
            self.drawn.append(-1)
        self.to_play = seat ^ 1
        self.moves += 1

    def undo(self, cell: int, v: int) -> None:
        self.moves -= 1
        seat = self.to_play = self.to_play ^ 1
        hand = self.hands[seat]
        d = self.drawn.pop()
        if d >= 0:
            hand[d] -= 1
            self.pile.append(d)
            if seat == 0:
                self.hcode -= HAND_BASE[d]
        hand[v] += 1
        if seat == 0:
            self.hcode += HAND_BASE[v]
        p = POW6[v]
        self.rk[cell // 5] -= p
        self.ck[cell % 5] -= p
        self.code -= self.weight[cell] * (v + 1)
        self.board[cell] = EMPTY

    # -- values ---------------------------------------------------------------------
    def value_of(self, cell: int, v: int) -> int:
        """Exact value for the side to move of playing ``v`` on ``cell`` (Rows' sign not
        applied: +1 means the mover wins)."""
        self.play(cell, v)
        try:
            return -self.negamax(-1, 1)
        finally:
            self.undo(cell, v)

    def negamax(self, alpha: int, beta: int) -> int:
        """Exact value in ``(alpha, beta)`` for the side to move (fail-soft bounds outside)."""
        if self.moves >= PLACEMENTS:
            o = _outcome(self.rk, self.ck)
            return o if self.to_play == 0 else -o
        self.nodes += 1
        if (
            self.deadline is not None
            and not self.nodes % CHECK_EVERY
            and self.clock() >= self.deadline
        ):
            raise OutOfTime
        key = (self.code << 23) + self.hcode
        if self.moves == PLACEMENTS - 1:
            last = self.last_tt.get(key)
            if last is None:
                last = self.last_tt[key] = self._last()
            return last
        entry = self.tt.get(key)
        first = -1
        if entry is None:
            settled = self._settled()
            if settled:
                return settled if self.to_play == 0 else -settled
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi = -1, 1
        a0, b0 = alpha, beta
        seat = self.to_play
        hand = self.hands[seat]
        values = [v for v in range(6) if hand[v]]
        if self.moves >= PLACEMENTS - 2:
            order = [(c, v) for c in self.legal() for v in values]
        else:
            order = self._ordered(self.legal(), values, seat)
        if first >= 0:
            fm = (first // 8, first % 8)
            if fm in order:
                order.remove(fm)
                order.insert(0, fm)
        best = -2
        best_move = -1
        for c, v in order:
            self.play(c, v)
            val = -self.negamax(-beta, -alpha)
            self.undo(c, v)
            if val > best:
                best = val
                best_move = c * 8 + v
                if val > alpha:
                    alpha = val
                    if alpha >= beta:
                        break
        if best <= a0:
            hi = best
        elif best >= b0:
            lo = best
        else:
            lo = hi = best
        self.tt[key] = (lo, hi, best_move)
        return best

    def _settled(self) -> int:
        """+1 (-1) if the Rows (Columns) win however the rest is played, else 0.

        Line scores only grow as cards are added: a side loses for sure when one of its
        lines cannot reach the other side's weakest line as it stands even with the best
        card on its one empty cell (or as it is, full).
        """
        rk, ck = self.rk, self.ck
        r_low = min(SCORE[rk[0]], SCORE[rk[1]], SCORE[rk[2]], SCORE[rk[3]], SCORE[rk[4]])
        c_low = min(SCORE[ck[0]], SCORE[ck[1]], SCORE[ck[2]], SCORE[ck[3]], SCORE[ck[4]])
        if r_low != c_low:
            if r_low < c_low:
                for key in rk:
                    if TOP[key] < c_low:
                        return -1
            else:
                for key in ck:
                    if TOP[key] < r_low:
                        return 1
        return 0

    def _last(self) -> int:
        """The last placement: the best outcome for the side to move, no recursion."""
        rk, ck = self.rk, self.ck
        sign = 1 if self.to_play == 0 else -1
        hand = self.hands[self.to_play]
        best = -2
        for c in self.legal():
            r, k = c // 5, c % 5
            for v in range(6):
                if not hand[v]:
                    continue
                p = POW6[v]
                rk[r] += p
                ck[k] += p
                o = sign * _outcome(rk, ck)
                rk[r] -= p
                ck[k] -= p
                if o > best:
                    if o == 1:
                        return 1
                    best = o
        return best

    def _ordered(self, cells: list[int], values: list[int], seat: int) -> list[tuple[int, int]]:
        """Moves, the most promising first: a card that lifts the mover's line the most and
        the opponent's crossing line the least."""
        rk, ck = self.rk, self.ck
        scored = []
        for c in cells:
            mine, theirs = (rk[c // 5], ck[c % 5]) if seat == 0 else (ck[c % 5], rk[c // 5])
            sm, st = SCORE[mine], SCORE[theirs]
            for v in values:
                p = POW6[v]
                gain = (SCORE[mine + p] - sm) - (SCORE[theirs + p] - st)
                scored.append((-gain, c, v))
        scored.sort()
        return [(c, v) for _, c, v in scored]
