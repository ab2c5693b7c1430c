"""What destroys the new side's robots and when they power down, in race2v2's races.

    python bench/roborally_deaths.py [--games 72] [--new hard] [--old ref] [--seed-base 3000]

The races of ``bench/roborally_ai.py race2v2 --fixed`` (same seatings, courses, seeds and the
new side's clock stopped). Each destruction of a new robot in the real game (not in the
players' simulated turns) is counted by the engine's reason (falls into a pit, off the edge,
too much damage, crushed), marked "pushed by a robot of the new (or old) side" when such a
push is among the last six events the engine told before it (a close guess, not an exact
cause), and by the death rate the table had sampled for the program the robot was playing
(``last_risk``: 0, below 0.25, at least 0.25; "-" when no table was played).
Power downs announced are counted by the damage the robot had when programming.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from roborally_ai import setup_race  # noqa: E402

from engines.roborally.boardfile import bundled_courses  # noqa: E402
from engines.roborally.state import RoboRallyState  # noqa: E402

PUSHED = r"{} pushed by (\d+)"  # the engine's log text ("pusher": a board pusher, not matched)


def count(games: int, new: str, old: str, seed_base: int) -> None:
    causes: Counter[str] = Counter()
    downs: Counter[int] = Counter()
    side: list[str] = []
    risk: dict[int, float | None] = {}  # seat: the sampled death rate of its last program
    destroy = RoboRallyState._destroy

    def watched(state: RoboRallyState, s: int, why: str) -> None:
        if type(state) is RoboRallyState and side[s] == "new":
            recent = state.events[-6:]  # what the engine told just before
            pushers = [int(m.group(1)) for e in recent if (m := re.match(PUSHED.format(s), e))]
            by = f", pushed by a robot of the {side[pushers[-1]]} side" if pushers else ""
            r = risk.get(s)
            seen = "-" if r is None else "0" if r == 0 else "< 0.25" if r < 0.25 else ">= 0.25"
            causes[f"{why}{by} (risk sampled {seen})"] += 1
        destroy(state, s, why)

    RoboRallyState._destroy = watched  # type: ignore[method-assign]
    turns = 0
    courses = bundled_courses()
    for g in range(games):
        state, _, sides, players = setup_race(g, new, old, seed_base, True, courses)
        side[:] = sides
        while not state.is_terminal():
            for seat in state.to_move():
                view = state.view(seat)
                action = players[seat].choose(view)
                if side[seat] == "new" and view.pending == "program":
                    turns += 1
                    risk[seat] = players[seat].last_risk
                    if getattr(action, "power_down", False):
                        downs[view.robots[seat].damage] += 1
                state.apply(action, seat)
    RoboRallyState._destroy = destroy  # type: ignore[method-assign]
    print(f"{new} (2) vs {old} (2), {games} races from seed {seed_base}: {new} robots destroyed "
          f"{sum(causes.values())} times in {2 * games} robot-races")
    for why, n in causes.most_common():
        print(f"  {n:4}  {why}")
    print(f"power downs announced: {sum(downs.values())} in {turns} programs; by damage held: "
          + (", ".join(f"{d}: {n}" for d, n in sorted(downs.items())) or "-"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=72)
    parser.add_argument("--new", default="hard")
    parser.add_argument("--old", default="ref")
    parser.add_argument("--seed-base", type=int, default=3000)
    args = parser.parse_args()
    count(args.games, args.new, args.old, args.seed_base)


if __name__ == "__main__":
    main()
