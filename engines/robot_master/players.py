"""Computer players for Robot Master. Each sees only its seat's view.

* ``random`` - any legal move.
* ``easy``   - the best placement one move ahead by a static evaluation.
* ``normal`` - looks at the opponent's reply too, assuming any value it may hold.
* ``hard``   - determinized search: deals the hidden cards many times from what the seat
  has seen, weighs its best candidates against the opponent's real replies in each deal
  and picks the best on average. In the last 8 or 9 placements every deal is solved
  exactly to the end, and when the deals that can matter are few they are all listed with
  their probabilities instead of sampled. It stops when the choice is settled and spends
  ``time_budget`` (up to ``max_budget`` while the best moves are close) otherwise.
"""

from __future__ import annotations

import itertools
import math
import random
import time

from engines.robot_master.deals import enumerate_deals, relevant_draws
from engines.robot_master.evaluation import (
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
from engines.robot_master.exact import OutOfTime, Solver
from engines.robot_master.search import PLACEMENTS, Pos, cells_after, reply_value
from engines.robot_master.state import HAND_FIVE, Place, RobotMasterView


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
    hand*. From ``endgame`` placements left it solves every deal exactly to the end
    (:mod:`engines.robot_master.exact`): it lists every distinct deal with its probability
    when there are few enough (:mod:`engines.robot_master.deals`) and otherwise samples;
    moves that can no longer be best are dropped as the deals come in, and it stops as soon
    as the choice is settled. ``time_budget`` is spent on a choice that is still open, up to
    ``max_budget`` when the best two moves are still close. ``iterations`` caps the number
    of deals (``None``: as many as the budget allows); with a cap the choice depends on the
    seed alone.
    """

    params = DEFAULT
    middle = 12  # placements left from which deals refine the two-move look-ahead
    endgame = 8  # placements left from which each deal is solved exactly (all 12 cards)
    endgame_five = 7  # ... with five-card hands (more values in hand: dearer to solve)
    exact_top_from = 9  # placements left from which the best few static moves are solved
    exact_top_from_five = 0  # ... with five-card hands (0: never)
    exact_top = 6  # ... that many of them
    candidates = 16  # best moves by the look-ahead that the middle game deals re-weigh
    max_deals = 64  # enough to settle the middle-game averages
    max_listed = 20_000  # deals worth listing one by one (before equivalent ones merge)
    max_enumerated = 400  # distinct deals worth solving one by one rather than sampling
    min_samples = 8  # sampled deals before a move may be dropped
    z_drop = 2.5  # a move is dropped when this many standard errors behind the leader
    z_clear = 2.0  # ... and the choice is clear when the runner-up is this far behind

    def __init__(self, seat: int, level: str = "hard", seed: int = 0) -> None:
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)
        self.time_budget: float = 0.4
        self.max_budget: float = 0.8
        self.iterations: int | None = None
        self.last_deals = 0
        self.last_mode = ""
        self.clock = time.perf_counter

    def choose(self, view: RobotMasterView) -> Place:
        start = self.clock()
        moves = view.legal_actions()
        self.last_deals = 0
        self.last_mode = "single"
        if len(moves) == 1:
            return moves[0]
        ctx = Context(view, self.params)
        self.last_mode = "last"
        if ctx.remaining <= 1:  # the last placement: nothing hidden matters any more
            return _pick(moves, ctx.one_ply(moves), self.rng)
        base = ctx.two_ply(moves)
        five = view.hand_mode == HAND_FIVE
        if ctx.remaining <= (self.endgame_five if five else self.endgame):
            return self._exact_pick(ctx, moves, base, start)
        self.last_mode = "look-ahead"
        if ctx.remaining > self.middle:
            return _pick(moves, base, self.rng)
        self.last_mode = "static deals"
        order = sorted(range(len(moves)), key=lambda i: -base[i])[: self.candidates]
        cands = [moves[i] for i in order]
        static = self._deals(ctx, cands, start)
        if ctx.remaining > (self.exact_top_from_five if five else self.exact_top_from):
            return _pick(cands, static, self.rng)
        # Just before the endgame: the best few by the static deals, solved exactly.
        first = sorted(range(len(cands)), key=lambda i: -static[i])[: self.exact_top]
        return self._exact_pick(ctx, [cands[i] for i in first], [static[i] for i in first], start)

    def _exact_pick(
        self, ctx: Context, moves: list[Place], tiebreak: list[float], start: float
    ) -> Place:
        """The move with the best expected exact outcome; ties go to ``tiebreak``."""
        values = self._exact(ctx, moves, start)
        best = max(v for v in values if v is not None)
        keep = [i for i, v in enumerate(values) if v is not None and v >= best - 1e-9]
        return _pick([moves[i] for i in keep], [tiebreak[i] for i in keep], self.rng)

    # -- the endgame: exact per deal --------------------------------------------------
    def _exact(self, ctx: Context, moves: list[Place], start: float) -> list[float | None]:
        """Each move's expected outcome for this seat (+1 win, -1 loss) over the deals;
        ``None`` for a move dropped because it can no longer be (or is very unlikely to be)
        the best.

        Every distinct deal is solved when they are few enough to finish (with a cap on
        the deals: no more than the cap; with a clock: the first deal's cost times their
        number fits in ``max_budget``); otherwise deals are sampled, from the listed ones
        by their probability when they could be listed (a deal drawn again costs nothing),
        else dealt at random from the view."""
        listed = enumerate_deals(ctx.view, self.max_listed)
        if listed is not None and len(listed) > self.max_enumerated:
            listed = None
        capped = self.iterations is not None
        deadline = None if capped else start + self.max_budget
        solved: dict[tuple, dict[int, int]] = {}
        if listed is not None and (self.iterations is None or len(listed) <= self.iterations):
            self.last_mode = "exact, every deal"
            listed.sort(key=lambda item: -item[1])
            (hand, draws), weight = listed[0]
            solver = self._solver(ctx, list(hand), list(reversed(draws)), deadline)
            try:
                first = [solver.value_of(m.cell, m.value) for m in moves]
            except OutOfTime:
                self.last_deals = 0
                return [0.0] * len(moves)
            per_deal = self.clock() - start
            if deadline is None or start + per_deal * len(listed) <= deadline:
                return self._every_deal(ctx, moves, listed, first, deadline)
            solved[(hand, draws)] = dict(enumerate(first))
        self.last_mode = "exact, sampled deals"
        return self._sampled(ctx, moves, start, listed, solved)

    def _solver(
        self, ctx: Context, hand: list[int], pile: list[int], deadline: float | None
    ) -> Solver:
        view = ctx.view
        hands = [list(view.hand), hand] if self.seat == 0 else [hand, list(view.hand)]
        return Solver(view.board, hands, view.to_play, view.moves, pile, deadline, self.clock)

    def _every_deal(
        self,
        ctx: Context,
        moves: list[Place],
        listed: list,
        first: list[int],
        deadline: float | None,
    ) -> list[float | None]:
        """Deals from the most likely down (the first one already solved: ``first``); each
        move's weighted sum so far and the weight still to come bound its final value: a
        move whose best case is below another's worst case is dropped, and the search ends
        when one move is left."""
        weight = listed[0][1]
        sums = [weight * v for v in first]
        alive = list(range(len(moves)))
        done = weight
        left = max(0.0, 1.0 - weight)
        deals = 1
        for (hand, draws), weight in listed[1:]:
            floor = max(sums[i] for i in alive) - 2 * left
            alive = [i for i in alive if sums[i] + 2 * left >= floor - 1e-12]
            if len(alive) == 1 or (deadline is not None and self.clock() >= deadline):
                break
            solver = self._solver(ctx, list(hand), list(reversed(draws)), deadline)
            try:
                values = [solver.value_of(moves[i].cell, moves[i].value) for i in alive]
            except OutOfTime:
                break
            deals += 1
            for i, v in zip(alive, values, strict=True):
                sums[i] += weight * v
            done += weight
            left = max(0.0, left - weight)
        self.last_deals = deals
        return [sums[i] / done if i in alive else None for i in range(len(moves))]

    def _sampled(
        self,
        ctx: Context,
        moves: list[Place],
        start: float,
        listed: list | None,
        solved: dict[tuple, dict[int, int]],
    ) -> list[float | None]:
        """Random deals; a move is dropped once it trails the leader by ``z_drop`` standard
        errors of their paired difference. The search stops when one move is left, or the
        moves left have done equally well in every deal so far, or (at ``time_budget``)
        when the choice is clear (see :func:`_prune`); else it goes on to ``max_budget``
        while the best moves are still close."""
        view = ctx.view
        history: list[list[int]] = [[] for _ in moves]
        alive = list(range(len(moves)))
        capped = self.iterations is not None
        soft = start + self.time_budget
        deadline = None if capped else start + self.max_budget
        limit = self.iterations if self.iterations is not None else 1 << 30
        draws = relevant_draws(view)
        cumulative = list(itertools.accumulate(w for _, w in listed)) if listed else []
        deals = 0
        while deals < limit and len(alive) > 1:
            if deadline is not None and self.clock() >= deadline:
                break  # (a solver looks at the clock only every so many positions)
            if listed is not None:
                (hand, seq), _ = self.rng.choices(listed, cum_weights=cumulative)[0]
                deal = (hand, seq)
                hand, pile = list(hand), list(reversed(seq))
            else:
                state = view.determinize(self.rng)
                hand = state.hands[1 - self.seat]
                pile = state.draw_pile[len(state.draw_pile) - draws :]
                deal = (tuple(hand), tuple(pile))
            known = solved.setdefault(deal, {})
            todo = [i for i in alive if i not in known]
            if todo:
                solver = self._solver(ctx, hand, pile, deadline)
                try:
                    for i in todo:
                        known[i] = solver.value_of(moves[i].cell, moves[i].value)
                except OutOfTime:
                    break
            deals += 1
            for i in alive:
                history[i].append(known[i])
            if deals >= self.min_samples:
                alive, clear, tied = _prune(alive, history, deals, self.z_drop, self.z_clear)
                if tied or (not capped and clear and self.clock() >= soft):
                    break
        self.last_deals = deals
        n = max(deals, 1)
        return [sum(history[i][-n:]) / n if i in alive else None for i in range(len(moves))]

    # -- the middle game: static value after the dealt reply ----------------------------
    def _deals(self, ctx: Context, moves: list[Place], start: float) -> list[float]:
        """Mean over random deals of each move's static value for this seat after the
        opponent's best reply from its dealt hand."""
        view = ctx.view
        sign = ctx.sign
        other = 1 - self.seat
        totals = [0.0] * len(moves)
        deadline = start + self.time_budget
        capped = self.iterations is not None
        limit = self.iterations if self.iterations is not None else self.max_deals
        deals = 0
        while deals < limit:
            state = view.determinize(self.rng)
            pos = Pos(state.board, state.hands, state.to_play, state.moves, state.draw_pile)
            values = [0.0] * len(moves)
            for i, m in enumerate(moves):
                if not capped and deals and self.clock() >= deadline:
                    break  # out of time: drop this unfinished deal
                pos.play(m.cell, m.value)
                hand = pos.hands[other]
                held = [v for v in range(6) if hand[v]]
                cells = cells_after(ctx.cells, pos.board, m.cell)
                values[i] = reply_value(pos, cells, held, ctx.evaluate, sign)
                pos.undo(m.cell, m.value)
            else:
                deals += 1
                for i, v in enumerate(values):
                    totals[i] += v
                continue
            break
        self.last_deals = deals
        return [t / max(deals, 1) for t in totals]


def _prune(
    alive: list[int], history: list[list[int]], n: int, z_drop: float, z_clear: float
) -> tuple[list[int], bool, bool]:
    """Drop the moves that trail the leader by ``z_drop`` standard errors of the paired
    difference over the last ``n`` deals. Also say whether the choice is clear (every move
    that did differ from the leader trails it by ``z_clear``) and whether the moves left
    are tied (each did exactly as well as the leader in every deal: more deals would
    hardly part them)."""
    sums = {i: sum(history[i][-n:]) for i in alive}
    lead = max(alive, key=lambda i: sums[i])
    top = history[lead][-n:]
    keep = []
    closest = float("inf")
    for i in alive:
        if i == lead:
            keep.append(i)
            continue
        diffs = [a - b for a, b in zip(top, history[i][-n:], strict=True)]
        if not any(diffs):
            keep.append(i)
            continue
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        se = math.sqrt(var / n) if var > 0 else 1.0 / n
        z = mean / se
        if z < z_drop:
            keep.append(i)
        closest = min(closest, z)
    tied = all(history[i][-n:] == top for i in keep)
    return keep, closest >= z_clear, tied


LEVELS: dict[str, type] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}
