"""Would a stronger value model help Stak Bots' ``hard``? Held-out log loss of the fitted
logistic regression (:data:`engines.stak_bots.evaluation.LEARNED`'s method) against a small
neural network (one hidden layer of tanh units, fitted with Adam), on the same turn-start
positions of greedy self-play as ``bench/stak_bots_fit.py`` (issue 19, session 6).

    python bench/stak_bots_fit_mlp.py --games 30000 --seed 1 [--extra]

``--extra`` adds 38 features to the 20 of :func:`engines.stak_bots.evaluation.features`:
each top card's bot (one column per bot), each stack's second card (face up, its power),
the draw pile and the scrapheap. The brief's bar for a play-test: 0.01 less log loss.
Needs numpy (bench only).

``--games 30000 --seed 1`` (285,303 positions to fit, 72,190 held out; 2 min each): the
logistic regression 0.5307 (accuracy 0.722), 8/16/32 hidden units 0.5246/0.5244/0.5248;
with ``--extra`` the logistic regression 0.5262, 8 hidden units 0.5218 (accuracy 0.724):
0.009 at best, under the bar, so no play-test.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import stak_bots_fit  # noqa: E402
from engines.stak_bots.evaluation import features  # noqa: E402
from engines.stak_bots.state import StakState  # noqa: E402


def extra_features(state: StakState) -> list[float]:
    """The 20 features, then 38 more (see the module docstring)."""
    x = features(state)
    order = state.order
    a = state.active
    r = next(s for s in range(state.num_players) if s != a and not state.out[s])
    for s in (a, r):
        stack = state.stacks[s]
        bot = [0.0] * len(order)
        bot[order.index(state.effects[stack[-1]])] = 1.0
        x += bot
        second = len(stack) >= 2 and state.up[stack[-2]]
        x += [float(second), float(state.power_at(s, -2)) if second else 0.0]
    x += [len(state.draw), len(state.heap)]
    return x


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    return float(-np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12)))


def fit_mlp(
    x: np.ndarray, y: np.ndarray, hidden: int, epochs: int, seed: int
) -> list[np.ndarray]:
    """One hidden layer of tanh units, a logistic output; Adam on mini-batches of 1024."""
    rng = np.random.default_rng(seed)
    params = [
        rng.normal(0, 1 / np.sqrt(x.shape[1]), (x.shape[1], hidden)), np.zeros(hidden),
        rng.normal(0, 1 / np.sqrt(hidden), hidden), np.zeros(1),
    ]
    m = [np.zeros_like(q) for q in params]
    v = [np.zeros_like(q) for q in params]
    t = 0
    for _ in range(epochs):
        order = rng.permutation(len(y))
        for i in range(0, len(order), 1024):
            j = order[i:i + 1024]
            h = np.tanh(x[j] @ params[0] + params[1])
            dz = (predict_hidden(h, params) - y[j]) / len(j)
            dh = np.outer(dz, params[2]) * (1 - h * h)
            grads = [x[j].T @ dh + 1e-5 * params[0], dh.sum(0), h.T @ dz + 1e-5 * params[2],
                     np.array([dz.sum()])]
            t += 1
            for k, g in enumerate(grads):
                m[k] = 0.9 * m[k] + 0.1 * g
                v[k] = 0.999 * v[k] + 0.001 * g * g
                params[k] -= 3e-3 * (m[k] / (1 - 0.9**t)) / (np.sqrt(v[k] / (1 - 0.999**t)) + 1e-8)
    return params


def predict_hidden(h: np.ndarray, params: list[np.ndarray]) -> np.ndarray:
    return 1 / (1 + np.exp(-(h @ params[2] + params[3][0])))


def positions(
    games: int, seed: int, explore: float, extra: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Turn-start positions of ``games`` greedy self-play games (``extra``: with the 38 more
    features) and who won: to fit, then every fifth game held out (as bench/stak_bots_fit.py)."""
    if extra:
        stak_bots_fit.features = extra_features  # type: ignore[assignment]
    xs: list[list[list[float]]] = [[], []]
    ys: list[list[int]] = [[], []]
    for g in range(games):
        f, y = stak_bots_fit.play(seed + g, explore)
        part = int(g % 5 == 0)
        xs[part].extend(f)
        ys[part].extend(y)
    return (np.array(xs[0], dtype=float), np.array(ys[0], dtype=float),
            np.array(xs[1], dtype=float), np.array(ys[1], dtype=float))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--explore", type=float, default=0.2)
    parser.add_argument("--extra", action="store_true")
    parser.add_argument("--epochs", type=int, default=30)
    args = parser.parse_args()
    start = time.perf_counter()
    train, y_train, test, y_test = positions(args.games, args.seed, args.explore, args.extra)
    print(f"{len(train)} positions to fit, {len(test)} held out, {train.shape[1]} features; "
          f"{time.perf_counter() - start:.0f} s")
    mean, scale = train.mean(0), train.std(0) + 1e-9
    train, test = (train - mean) / scale, (test - mean) / scale
    ones = np.ones((len(test), 1))
    w = stak_bots_fit.fit(np.hstack([np.ones((len(train), 1)), train]), y_train)
    p = 1 / (1 + np.exp(-np.hstack([ones, test]) @ w))
    print(f"logistic: held-out log loss {log_loss(p, y_test):.4f}, "
          f"accuracy {np.mean((p > 0.5) == (y_test > 0.5)):.3f}")
    for hidden in (8, 16, 32):
        params = fit_mlp(train, y_train, hidden, args.epochs, args.seed)
        p = predict_hidden(np.tanh(test @ params[0] + params[1]), params)
        print(f"{hidden} hidden units: held-out log loss {log_loss(p, y_test):.4f}, "
              f"accuracy {np.mean((p > 0.5) == (y_test > 0.5)):.3f}")


if __name__ == "__main__":
    main()
