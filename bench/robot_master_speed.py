"""Robot Master speed figures: random playouts, evaluation and the players' thinking.

Run by hand (not part of the tests)::

    python -m bench.robot_master_speed [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from engines.registry import get_game
from engines.robot_master.evaluation import POW6, Evaluator, LineTable
from engines.robot_master.exact import Solver
from engines.robot_master.players import LEVELS, Context, HardPlayer
from engines.robot_master.search import Pos
from engines.robot_master.state import RobotMasterState, RobotMasterView

SPEC = get_game("robot-master")


def rate(work: Callable[[int], int], seconds: float) -> float:
    """Units of ``work`` done per second, calling ``work(i)`` until ``seconds`` pass."""
    start = time.perf_counter()
    done = i = 0
    while time.perf_counter() - start < seconds:
        done += work(i)
        i += 1
    return done / (time.perf_counter() - start)


def checked_playout(seed: int, hand: str) -> int:
    """A random game through the public API: ``legal_actions`` + ``apply`` (checked)."""
    rng = random.Random(seed)
    state = SPEC.new_game(2, {"hand": hand}, seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.result() is not None
    return 1


def fast_playout(seed: int, hand: str) -> int:
    """The same with ``RobotMasterState.play`` (no checks)."""
    rng = random.Random(seed)
    state = SPEC.new_game(2, {"hand": hand}, seed)
    assert isinstance(state, RobotMasterState)
    while not state.is_terminal():
        state.play(rng.choice(state.legal_actions()))
    assert state.result() is not None
    return 1


def compact_playout(seed: int, hand: str) -> int:
    """The same on the players' compact :class:`Pos` (move lists, in-place play)."""
    rng = random.Random(seed)
    state = SPEC.new_game(2, {"hand": hand}, seed)
    assert isinstance(state, RobotMasterState)
    pos = Pos(state.board, state.hands, state.to_play, state.moves, state.draw_pile)
    while not pos.is_over():
        pos.play(*rng.choice(pos.moves_list()))
    return 1


def midgame_views(count: int, hand: str, placed: int) -> list[RobotMasterView]:
    """Views of the player to move after ``placed`` random placements."""
    views = []
    for seed in range(count):
        rng = random.Random(seed)
        state = SPEC.new_game(2, {"hand": hand}, 1000 + seed)
        assert isinstance(state, RobotMasterState)
        for _ in range(placed):
            state.play(rng.choice(state.legal_actions()))
        views.append(state.view(state.to_play))
    return views


def eval_rate(seconds: float) -> float:
    view = midgame_views(1, "full", 8)[0]
    ctx = Context(view)
    evaluate: Evaluator = ctx.evaluate
    rk, ck = ctx.rk, ctx.ck
    moves = view.legal_actions()

    def work(i: int) -> int:
        m = moves[i % len(moves)]
        p = POW6[m.value]
        rk[m.cell // 5] += p
        ck[m.cell % 5] += p
        evaluate(rk, ck)
        rk[m.cell // 5] -= p
        ck[m.cell % 5] -= p
        return 1

    return rate(work, seconds)


def decision_ms(level: str, views: list[RobotMasterView], budget: float | None) -> list[float]:
    times = []
    for i, view in enumerate(views):
        player = LEVELS[level](seat=view.seat, level=level, seed=i)
        if budget is not None and isinstance(player, HardPlayer):
            player.time_budget = budget
        start = time.perf_counter()
        player.choose(view)
        times.append((time.perf_counter() - start) * 1000)
    return times


def deals_per_second(views: list[RobotMasterView], budget: float) -> float:
    deals = 0.0
    total = 0.0
    for i, view in enumerate(views):
        player = HardPlayer(seat=view.seat, level="hard", seed=i)
        player.time_budget = budget
        start = time.perf_counter()
        player.choose(view)
        total += time.perf_counter() - start
        deals += player.last_deals
    return deals / total


def exact_ms(hand: str, left: int, count: int = 6) -> float:
    """Mean time to solve every legal move of one deal exactly (one solver per deal)."""
    total = 0.0
    for seed in range(count):
        rng = random.Random(seed)
        state = SPEC.new_game(2, {"hand": hand}, 1000 + seed)
        assert isinstance(state, RobotMasterState)
        while 24 - state.moves > left:
            state.play(rng.choice(state.legal_actions()))
        start = time.perf_counter()
        solver = Solver(state.board, state.hands, state.to_play, state.moves, state.draw_pile)
        for m in state.legal_actions():
            solver.value_of(m.cell, m.value)
        total += time.perf_counter() - start
    return total / count * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per playout figure")
    args = parser.parse_args()
    s = args.seconds
    print("Robot Master random playouts (games/s, one core):")
    for hand in ("full", "five"):
        checked = rate(lambda i, h=hand: checked_playout(i, h), s)
        fast = rate(lambda i, h=hand: fast_playout(i, h), s)
        compact = rate(lambda i, h=hand: compact_playout(i, h), s)
        print(
            f"  hand={hand}: apply {checked:7.0f}   play {fast:7.0f}   compact Pos {compact:7.0f}"
        )
    _ = LineTable([1.0] * 6)  # warm imports
    print(f"static evaluations: {eval_rate(s):,.0f}/s")
    for placed, label in ((4, "opening (4 placed)"), (13, "middle (13 placed)")):
        views = midgame_views(20, "full", placed)
        for level in ("easy", "normal"):
            t = decision_ms(level, views, None)
            print(f"{level:>6} decision, {label}: mean {statistics.mean(t):6.1f} ms")
    for placed in (13, 20):
        views = midgame_views(10, "full", placed)
        left = 24 - placed
        print(f"  hard deals/s with {left} placements left: {deals_per_second(views, 0.4):,.0f}")
    for hand, lefts in (("full", (6, 7, 8, 9)), ("five", (5, 6, 7))):
        figures = ", ".join(f"{left} left {exact_ms(hand, left):.0f} ms" for left in lefts)
        print(f"  exact solving of a deal (every move), hand={hand}: {figures}")
    views = midgame_views(20, "full", 6) + midgame_views(20, "five", 14)
    t = sorted(decision_ms("hard", views, None))
    print(
        f"  hard decision (default budget {HardPlayer(seat=0).time_budget}s): "
        f"mean {statistics.mean(t):.0f} ms, max {t[-1]:.0f} ms"
    )


if __name__ == "__main__":
    main()
