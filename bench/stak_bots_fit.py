"""Fit Stak Bots' learned evaluation: a logistic regression of "the player to act wins" on
:func:`engines.stak_bots.evaluation.features`, over positions at the start of each turn of
self-play games (``easy`` with some random actions, for variety).

    python bench/stak_bots_fit.py --games 3000 --seed 1 [--explore 0.2]

Prints the intercept and the weights (paste them into ``LEARNED`` in evaluation.py) and the
fit's accuracy and log loss on a held-out fifth of the games. Needs numpy (bench only).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.stak_bots.evaluation import FEATURES, features  # noqa: E402
from engines.stak_bots.search import Weights, greedy  # noqa: E402
from engines.stak_bots.spec import STAK_BOTS  # noqa: E402


def play(seed: int, explore: float) -> tuple[list[list[float]], list[int]]:
    """One game's turn-start positions and, for each, whether the player to act won."""
    state = STAK_BOTS.new_game(2, {}, seed)
    state.events = None
    rng = random.Random(seed)
    weights = Weights(stack=10.0, hand=rng.choice((0.0, 3.5, 6.0)), power=0.0, face_up=0.0)
    rows: list[tuple[list[float], int]] = []
    turn = -1
    while state.winners is None:
        if state.turn != turn and state.choice is None:
            turn = state.turn
            rows.append((features(state), state.active))
        mover = state.choice.seat if state.choice is not None else state.active
        if rng.random() < explore:
            legal = state.legal_actions()
            move = legal[int(rng.random() * len(legal))]
        else:
            move = greedy(state, mover, rng, weights, depth=2)
        state.play(move)
    if len(state.winners) != 1:
        return [], []
    return [f for f, _ in rows], [int(a == state.winners[0]) for _, a in rows]


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, rounds: int = 25) -> np.ndarray:
    """Logistic regression by Newton's method (x has a column of ones first)."""
    w = np.zeros(x.shape[1])
    for _ in range(rounds):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x.T * (p * (1 - p))) @ x / len(y) + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--explore", type=float, default=0.2)
    args = parser.parse_args()
    start = time.perf_counter()
    xs: list[list[list[float]]] = [[], []]
    ys: list[list[int]] = [[], []]
    for g in range(args.games):
        f, y = play(args.seed + g, args.explore)
        part = int(g % 5 == 0)  # every fifth game held out
        xs[part].extend(f)
        ys[part].extend(y)
    train = np.hstack([np.ones((len(xs[0]), 1)), np.array(xs[0], dtype=float)])
    test = np.hstack([np.ones((len(xs[1]), 1)), np.array(xs[1], dtype=float)])
    w = fit(train, np.array(ys[0], dtype=float))
    p = 1 / (1 + np.exp(-test @ w))
    y = np.array(ys[1], dtype=float)
    loss = -np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))
    acc = np.mean((p > 0.5) == (y > 0.5))
    print(f"{len(train)} positions to fit, {len(test)} held out; "
          f"held-out accuracy {acc:.3f}, log loss {loss:.3f}; {time.perf_counter() - start:.0f} s")
    print(f"intercept {w[0]:.3f}")
    for name, value in zip(FEATURES, w[1:], strict=True):
        print(f"    {name!r}: {value:.3f},")


if __name__ == "__main__":
    main()
