"""RoboRally: how long a resumed game takes to rebuild its register log (the screen replays
the action log with tracing for the last turns, see ``screens.roborally.log.replayed_log``).

    python bench/roborally_resume_log.py [--players 6] [--course pit-stop] [--seed 3]

Plays one game of ``easy`` computer robots to the turn limit (60), then times the rebuild
of the last 2 turns (what a resume shows) and of the whole game, best of 3 each.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.match import LoggedAction, Match  # noqa: E402
from engines.players import make_player  # noqa: E402
from engines.roborally import ROBORALLY  # noqa: E402
from screens.roborally.log import replayed_log  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--course", default="pit-stop")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    match = Match(ROBORALLY, args.players, {"course": args.course, "max_turns": 60}, args.seed)
    bots = [make_player(ROBORALLY, "easy", s, args.seed + s) for s in range(args.players)]
    while not match.state.is_terminal():
        seat = match.state.to_move()[0]
        match.play(bots[seat].choose(match.state.view(seat)), seat)
    log = [LoggedAction(e.seat, e.text) for e in match.log]
    began = time.perf_counter()
    resumed = Match.replay(match.spec, match.num_players, match.options, match.seed, log)
    load = time.perf_counter() - began
    print(f"{args.players} robots on {args.course}, {match.state.turn} turns, "
          f"{len(log)} actions; replaying the save: {load * 1000:.1f} ms")
    for turns in (2, 60):
        best = float("inf")
        for _ in range(3):
            began = time.perf_counter()
            lines = replayed_log(resumed, turns)
            best = min(best, time.perf_counter() - began)
        print(f"log of the last {turns} turns: {len(lines)} lines in {best * 1000:.1f} ms")


if __name__ == "__main__":
    main()
