"""Stak Bots: ``hard`` judging positions by a small neural network instead of the fitted
logistic win chance (issue 19, session 6). Bench only.

    python bench/stak_bots_mlp.py --games 30000 --seed 1 --hidden 8 --out /tmp/mlp.json
    STAK_MLP=/tmp/mlp.json python bench/stak_bots_ab.py \
        --players bench.stak_bots_mlp:MlpHard,easy --games 400 --seed 1 --iterations 8

The first command fits one hidden layer of tanh units on the 58 features of
``bench/stak_bots_fit_mlp.py --extra`` (turn-start positions of greedy self-play, every fifth
game held out) and writes the weights as JSON. ``MlpHard`` is ``hard`` with
:func:`engines.stak_bots.evaluation.win_chance` replaced, in this process, by the network read
from ``STAK_MLP`` (pure Python, as a player in the engine would be): play it against players
that do not use the win chance (``easy``, ``random``). Needs numpy (bench only).

With the commands above (held-out log loss 0.5218 against the logistic regression's 0.5307 on
the same positions; 128 s): 278-10-112, 69.5% (64.8-73.8) against hard's 304-7-89, 76.0%
(71.6-79.9), p95 408 ms (load 1.0-2.5, beside the CI, 1275 s). A better fit of greedy
self-play's outcomes plays worse, as the refits of sessions 3 and 4 did.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stak_bots_fit_mlp import (  # noqa: E402
    extra_features,
    fit_mlp,
    log_loss,
    positions,
    predict_hidden,
)
from engines.stak_bots import evaluation  # noqa: E402
from engines.stak_bots.hard import HardPlayer  # noqa: E402
from engines.stak_bots.state import StakState  # noqa: E402


class Network:
    """The fitted network, evaluated in pure Python."""

    def __init__(self, path: str) -> None:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        self.mean: list[float] = data["mean"]
        self.scale: list[float] = data["scale"]
        self.units: list[tuple[list[float], float]] = list(
            zip(data["w1"], data["b1"], strict=True)
        )
        self.out: list[float] = data["w2"]
        self.bias: float = data["b2"]

    def chance(self, state: StakState) -> float:
        """The chance that the player to act wins (2 players)."""
        x = [
            (v - m) / s
            for v, m, s in zip(extra_features(state), self.mean, self.scale, strict=True)
        ]
        z = self.bias
        for (weights, b), w in zip(self.units, self.out, strict=True):
            z += w * math.tanh(b + sum(a * v for a, v in zip(weights, x, strict=True)))
        return 1 / (1 + math.exp(-z))


class MlpHard(HardPlayer):
    """``hard`` with the network's win chance (see the module docstring)."""

    def __init__(self, seat: int, level: str = "hard", seed: int = 0) -> None:
        super().__init__(seat, level, seed)
        evaluation.win_chance = Network(os.environ["STAK_MLP"]).chance  # type: ignore[assignment]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--explore", type=float, default=0.2)
    parser.add_argument("--hidden", type=int, default=8)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    start = time.perf_counter()
    train, y_train, test, y_test = positions(args.games, args.seed, args.explore, extra=True)
    mean, scale = train.mean(0), train.std(0) + 1e-9
    params = fit_mlp((train - mean) / scale, y_train, args.hidden, args.epochs, args.seed)
    p = predict_hidden(np.tanh((test - mean) / scale @ params[0] + params[1]), params)
    print(f"{len(train)} positions fitted, {len(test)} held out; {args.hidden} hidden units: "
          f"held-out log loss {log_loss(p, y_test):.4f}, "
          f"accuracy {np.mean((p > 0.5) == (y_test > 0.5)):.3f}; "
          f"{time.perf_counter() - start:.0f} s")
    Path(args.out).write_text(json.dumps({
        "mean": mean.tolist(), "scale": scale.tolist(), "w1": params[0].T.tolist(),
        "b1": params[1].tolist(), "w2": params[2].tolist(), "b2": float(params[3][0]),
    }), encoding="utf-8")


if __name__ == "__main__":
    main()
