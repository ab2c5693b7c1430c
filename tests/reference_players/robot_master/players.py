"""Computer players for Robot Master. Each sees only its seat's view.

* ``random`` - any legal move.
* ``easy``   - the best placement one move ahead by a static evaluation.
* ``normal`` - looks at the opponent's reply too, assuming any value it may hold.
* ``hard``   - determinized search: deals the hidden cards at random many times from what
  the seat has seen, weighs its best candidates against the opponent's real replies in
  each deal (exactly, to the end, in the last placements) and picks the best on average,
  within ``time_budget`` seconds.
"""

from __future__ import annotations

import random
import time

from engines.robot_master.state import Place, RobotMasterView
from tests.reference_players.robot_master.evaluation import (
    DEFAULT,
    POW6,
    WIN,
    EvalParams,
    Evaluator,
    LineTable,
    availability,
    legal_cells,
    outcome,
)
from tests.reference_players.robot_master.search import (
    PLACEMENTS,
    Pos,
    cells_after,
    exact,
    reply_value,
)


class RandomPlayer:
    """Plays a uniformly random legal move."""

    def __init__(self, seat: int, level: str = "random", seed: int = 0) -> None:
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: RobotMasterView) -> Place:
        return self.rng.choice(view.legal_actions())


class Context:
    """What every level derives from a view: who is who, and the evaluator."""

    def __init__(self, view: RobotMasterView, params: EvalParams = DEFAULT) -> None:
        self.view = view
        self.seat = view.seat
        self.sign = 1.0 if view.seat == 0 else -1.0
        remaining = PLACEMENTS - view.moves
        mine_left = (remaining + 1) // 2 if view.to_play == view.seat else remaining // 2
        theirs_left = remaining - mine_left
        pile = view.draw_pile_size
        # A card drawn after one's last placement is never played.
        own_draws = min(pile, max(0, mine_left - 1))
        opp_draws = min(max(0, pile - own_draws), max(0, theirs_left - 1))
        mine, theirs = availability(
            view.hand, view.unseen, view.opponent_cards, own_draws, opp_draws
        )
        rows_avail, cols_avail = (mine, theirs) if view.seat == 0 else (theirs, mine)
        self.evaluate = Evaluator(
            LineTable(rows_avail, params), LineTable(cols_avail, params), params
        )
        self.board = list(view.board)
        self.rk = [0] * 5
        self.ck = [0] * 5
        for cell, v in enumerate(self.board):
            if v >= 0:
                self.rk[cell // 5] += POW6[v]
                self.ck[cell % 5] += POW6[v]
        self.cells = legal_cells(self.board)
        self.remaining = remaining
        self.opponent_values = [v for v in range(6) if view.unseen[v] > 0]

    def one_ply(self, moves: list[Place]) -> list[float]:
        """Static value of each move for this seat (exact on the last placement)."""
        rk, ck = self.rk, self.ck
        sign = self.sign
        last = self.remaining <= 1
        out = []
        for m in moves:
            r, k, p = m.cell // 5, m.cell % 5, POW6[m.value]
            rk[r] += p
            ck[k] += p
            if last:
                out.append(sign * WIN * outcome(rk, ck))
            else:
                out.append(sign * self.evaluate(rk, ck))
            rk[r] -= p
            ck[k] -= p
        return out

    def two_ply(self, moves: list[Place]) -> list[float]:
        """Value of each move against the opponent's best reply with any value it may hold."""
        if self.remaining <= 1 or not self.opponent_values:
            return self.one_ply(moves)
        pos = Pos(self.board, [[0] * 6, [0] * 6], self.view.to_play, self.view.moves)
        out = []
        for m in moves:
            p = POW6[m.value]
            r, k = m.cell // 5, m.cell % 5
            pos.rk[r] += p
            pos.ck[k] += p
            pos.board[m.cell] = m.value
            pos.moves += 1
            cells = cells_after(self.cells, pos.board, m.cell)
            out.append(reply_value(pos, cells, self.opponent_values, self.evaluate, self.sign))
            pos.moves -= 1
            pos.board[m.cell] = -1
            pos.rk[r] -= p
            pos.ck[k] -= p
        return out


def _pick(moves: list[Place], values: list[float], rng: random.Random) -> Place:
    """The best-valued move; ties broken by the player's own random generator."""
    best = max(values)
    top = [m for m, v in zip(moves, values, strict=True) if v >= best - 1e-9]
    return top[0] if len(top) == 1 else rng.choice(top)


class _LookaheadPlayer:
    """Shared by ``easy`` and ``normal``: score every placement, pick among the best."""

    params = DEFAULT
    default_level = ""

    def __init__(self, seat: int, level: str = "", seed: int = 0) -> None:
        self.seat = seat
        self.level = level or self.default_level
        self.rng = random.Random(seed)

    def choose(self, view: RobotMasterView) -> Place:
        moves = view.legal_actions()
        if len(moves) == 1:
            return moves[0]
        return _pick(moves, self.scores(Context(view, self.params), moves), self.rng)

    def scores(self, ctx: Context, moves: list[Place]) -> list[float]:
        raise NotImplementedError


class EasyPlayer(_LookaheadPlayer):
    """One move ahead: the placement with the best static evaluation."""

    # A plainer evaluation than the other levels use: more hopeful, less wary.
    params = EvalParams(
        q_pair=0.3,
        q_triple=0.3,
        filler=1.2,
        opponent=0.6,
        weights=(1.0, 0.35, 0.12, 0.04, 0.015),
    )
    default_level = "easy"

    def scores(self, ctx: Context, moves: list[Place]) -> list[float]:
        return ctx.one_ply(moves)


class NormalPlayer(_LookaheadPlayer):
    """Two moves deep: each placement against the opponent's most harmful reply."""

    default_level = "normal"

    def scores(self, ctx: Context, moves: list[Place]) -> list[float]:
        return ctx.two_ply(moves)


class HardPlayer:
    """Determinized search within a time budget (see the module docstring).

    Early on it plays like ``normal``, when the opponent may still hold almost anything.
    From ``middle`` placements left it deals the hidden cards at random from the view and
    averages each candidate's value against the opponent's best reply *from the dealt
    hand*; from ``endgame`` placements left it solves every deal exactly to the end and
    counts wins. ``iterations`` caps the number of deals (``None``: as many as
    ``time_budget`` allows); with a cap the choice depends on the seed alone.
    """

    params = DEFAULT
    middle = 12  # placements left from which deals refine the two-move look-ahead
    endgame = 5  # placements left from which each deal is solved exactly
    candidates = 16  # best moves by the look-ahead that the middle game deals re-weigh
    max_deals = 64  # enough to settle the middle-game averages
    min_deals = 4  # before "every move wins (or loses)" may end the endgame early

    def __init__(self, seat: int, level: str = "hard", seed: int = 0) -> None:
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)
        self.time_budget: float = 0.4
        self.iterations: int | None = None
        self.last_deals = 0

    def choose(self, view: RobotMasterView) -> Place:
        start = time.perf_counter()
        moves = view.legal_actions()
        self.last_deals = 0
        if len(moves) == 1:
            return moves[0]
        ctx = Context(view, self.params)
        if ctx.remaining <= 1:  # the last placement: nothing hidden matters any more
            return _pick(moves, ctx.one_ply(moves), self.rng)
        base = ctx.two_ply(moves)
        if ctx.remaining <= self.endgame:
            wins = self._deals(ctx, moves, start, exact_end=True)
            best = max(wins)
            keep = [i for i, w in enumerate(wins) if w == best]
            return _pick([moves[i] for i in keep], [base[i] for i in keep], self.rng)
        if ctx.remaining > self.middle:
            return _pick(moves, base, self.rng)
        order = sorted(range(len(moves)), key=lambda i: -base[i])[: self.candidates]
        cands = [moves[i] for i in order]
        return _pick(cands, self._deals(ctx, cands, start, exact_end=False), self.rng)

    def _deals(
        self, ctx: Context, moves: list[Place], start: float, exact_end: bool
    ) -> list[float]:
        """Mean over random deals of each move's value for this seat.

        ``exact_end``: the exact outcome (+1/0/-1) with best play to the end of the deal;
        otherwise the static value after the opponent's best reply from its dealt hand.
        """
        view = ctx.view
        sign = ctx.sign
        other = 1 - self.seat
        totals = [0.0] * len(moves)
        deadline = start + self.time_budget
        capped = self.iterations is not None
        limit = self.iterations if capped else (1 << 30 if exact_end else self.max_deals)
        deals = 0
        while deals < limit:
            state = view.determinize(self.rng)
            pos = Pos(state.board, state.hands, state.to_play, state.moves, state.draw_pile)
            values = [0.0] * len(moves)
            for i, m in enumerate(moves):
                if not capped and deals and time.perf_counter() >= deadline:
                    break  # out of time: drop this unfinished deal
                pos.play(m.cell, m.value)
                if exact_end:
                    values[i] = sign * exact(pos, -2.0, 2.0)
                else:
                    hand = pos.hands[other]
                    held = [v for v in range(6) if hand[v]]
                    cells = cells_after(ctx.cells, pos.board, m.cell)
                    values[i] = reply_value(pos, cells, held, ctx.evaluate, sign)
                pos.undo(m.cell, m.value)
            else:
                deals += 1
                for i, v in enumerate(values):
                    totals[i] += v
                if exact_end and deals >= self.min_deals and max(totals) == min(totals):
                    break  # every move wins (or every move loses) in every deal so far
                continue
            break
        self.last_deals = deals
        return [t / max(deals, 1) for t in totals]


LEVELS: dict[str, type] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}
