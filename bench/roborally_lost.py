"""Where race2v2's lost races are lost: how far the new robots were when the race ended.

    python bench/roborally_lost.py [--games 144] [--new hard] [--old ref] [--seed-base 3000]
                                   [--log FILE]

The races of ``bench/roborally_ai.py race2v2 --fixed`` (same seatings, courses, seeds, the new
side's clock stopped). At the start of every turn each robot's registers to go are taken from
the distance field (to its next flag, then flag to flag, a destroyed robot from its archive;
a Move 3 is one register, so a turn is 5 registers at best). For every race the old side won
alone, the best new robot's registers to go at the start of the last turn and at the end are
counted by band (within a turn: 5 registers or fewer), with what it did in the last three
turns (power downs, deaths). ``--log`` writes one JSON line per race with every turn's
picture, for further questions.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from roborally_ai import setup_race  # noqa: E402

from engines.roborally.ai.evaluation import UNREACHABLE, dist_to_flag, distance_field  # noqa: E402
from engines.roborally.boardfile import Layout, bundled_courses  # noqa: E402
from engines.roborally.state import RoboRallyState  # noqa: E402


def to_go(lay: Layout, pos: int, facing: int, flags: int, archive: int) -> float:
    """Registers from here to the last flag (the distance field, flag after flag)."""
    n = len(lay.flags)
    if flags >= n:
        return 0.0
    if pos < 0:
        if archive < 0:
            return float(UNREACHABLE)
        d = min(dist_to_flag(lay, archive, f, flags) for f in range(4)) + 1.0
    else:
        d = dist_to_flag(lay, pos, facing, flags)
    for i in range(flags + 1, n):
        field = distance_field(lay, lay.flags[i])
        d += min(field[lay.flags[i - 1] * 4 + f] for f in range(4))
    return round(d, 1)


def picture(state: RoboRallyState) -> list[dict]:
    lay = state.layout
    return [
        {
            "go": to_go(lay, b.pos, b.facing, b.flags, b.archive),
            "flags": b.flags,
            "damage": b.damage,
            "dead": b.pos < 0,
            "down": bool(b.powered),
            "lives": b.lives,
        }
        for b in state.bots
    ]


def band(go: float) -> str:
    return "<= 5" if go <= 5 else "5-10" if go <= 10 else "10-20" if go <= 20 else "> 20"


def run(games: int, new: str, old: str, seed_base: int, log: str | None) -> None:
    last: Counter[str] = Counter()
    end: Counter[str] = Counter()
    late_down = late_dead = lost = 0
    turns_lost: list[int] = []
    courses = bundled_courses()
    for g in range(games):
        state, course, side, players = setup_race(g, new, old, seed_base, True, courses)
        pair = [s for s in range(4) if side[s] == "new"]
        turns: list[list[dict]] = []
        downs: list[list[bool]] = []
        seen = -1
        while not state.is_terminal():
            if state.turn != seen:
                seen = state.turn
                turns.append(picture(state))
                downs.append([False] * 4)
            for seat in state.to_move():
                view = state.view(seat)
                action = players[seat].choose(view)
                if view.pending == "program" and getattr(action, "power_down", False):
                    downs[-1][seat] = True
                state.apply(action, seat)
        final = picture(state)
        winners = list(state.winners)
        if log:
            with open(log, "a") as f:
                f.write(json.dumps({
                    "game": g, "course": course, "side": side, "winners": winners,
                    "turns": turns, "downs": downs, "final": final,
                }) + "\n")
        if not winners or any(side[s] == "new" for s in winners):
            continue
        lost += 1
        turns_lost.append(len(turns))
        best = min(pair, key=lambda s: (final[s]["go"], s))
        last[band(turns[-1][best]["go"])] += 1
        end[band(final[best]["go"])] += 1
        recent = range(max(0, len(turns) - 3), len(turns))
        late_down += any(downs[t][s] for t in recent for s in pair)
        late_dead += any(
            turns[t + 1][s]["lives"] < turns[t][s]["lives"] if t + 1 < len(turns)
            else final[s]["lives"] < turns[t][s]["lives"]
            for t in recent for s in pair
        )
    print(f"{new} (2) vs {old} (2), {games} races from seed {seed_base}: the old side alone "
          f"won {lost} (mean {sum(turns_lost) / max(1, lost):.1f} turns)")
    print("  best new robot's registers to go at the start of the last turn: "
          + ", ".join(f"{k}: {last[k]}" for k in ("<= 5", "5-10", "10-20", "> 20")))
    print("  ... and at the end of the race: "
          + ", ".join(f"{k}: {end[k]}" for k in ("<= 5", "5-10", "10-20", "> 20")))
    print(f"  races where a new robot powered down in the last 3 turns: {late_down}; "
          f"was destroyed in them: {late_dead}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=144)
    parser.add_argument("--new", default="hard")
    parser.add_argument("--old", default="ref")
    parser.add_argument("--seed-base", type=int, default=3000)
    parser.add_argument("--log", help="one JSON line per race, every turn's picture")
    args = parser.parse_args()
    run(args.games, args.new, args.old, args.seed_base, args.log)


if __name__ == "__main__":
    main()
