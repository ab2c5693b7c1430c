"""RoboRally engine speed: full turns (8 robots program and 5 registers resolve) per second.

    python -m bench.roborally_speed [--turns N] [--course ID]

Robots get random legal programs (no computer-player thinking is timed, only the engine:
dealing, validating the programs, the register sequence and the end of the turn). Games
run on the course until they end and are restarted; option cards are off so that no robot
stops the turn for a decision.
"""

from __future__ import annotations

import argparse
import random
import time

from engines.roborally import ROBORALLY
from engines.roborally.boardfile import (
    BOARDS_DIR,
    Course,
    Layout,
    Placement,
    parse_board,
)
from engines.roborally.state import Decide, RoboRallyState


def walled_layout() -> Layout:
    """Crossroads with its pits filled, crushers removed and walls all round: robots stay on."""
    text = (BOARDS_DIR / "crossroads.toml").read_text().replace("XX", "..")
    text = text.split("[[crushers]]")[0]
    edge = [f"{chr(97 + i)}1 N" for i in range(12)] + [f"{chr(97 + i)}12 S" for i in range(12)]
    edge += [f"a{i} W" for i in range(1, 13)] + [f"l{i} E" for i in range(1, 13)]
    text = text.replace("walls = [", "walls = [" + ", ".join(f'"{w}"' for w in edge) + ",")
    text = text.replace(
        '.. .. .. .. .. .. .. b^ .. .. .. ..\n"""', 's1 s2 s3 s4 s5 s6 .. b^ s7 s8 .. ..\n"""'
    )
    board = parse_board(text, "walled.toml", "walled")
    course = Course(
        "walled", "Walled", "", "", 2, 8, (Placement(board, "walled", 0, 0),), ((0, 0), (11, 0))
    )
    return Layout.build(course)


def random_program(state: RoboRallyState, seat: int, rng: random.Random):
    choices = state.legal_actions(seat)
    return choices[int(rng.random() * len(choices))]


def new_state(course: str, players: int, seed: int) -> RoboRallyState:
    if course == "walled":
        return RoboRallyState(
            WALLED, players, seed, start="docks", options_cards=False, max_turns=1000
        )
    options = {"course": course, "start": "docks", "options_cards": "off", "max_turns": 1000}
    return ROBORALLY.new_game(players, options, seed)


def run(turns: int, course: str, players: int, seed: int = 1) -> tuple[int, float, float, float]:
    rng = random.Random(seed)
    done = 0
    on_board = 0
    engine_time = 0.0
    total_start = time.perf_counter()
    game = 0
    while done < turns:
        state = new_state(course, players, seed + game)
        game += 1
        for s in range(players):
            state.apply(Decide("face", "N"), s)
        while not state.is_terminal() and done < turns:
            turn = state.turn
            on_board += sum(1 for b in state.bots if b.pos >= 0)
            programs = []
            for seat in state.to_move():
                if state.pending_kind(seat) == "program":
                    programs.append((seat, random_program(state, seat, rng)))
            start = time.perf_counter()
            for seat, action in programs:
                state.apply(action, seat)
            while not state.is_terminal() and state.turn == turn:  # end-of-turn decisions
                for seat in state.to_move():
                    acts = state.legal_actions(seat)
                    state.apply(acts[int(rng.random() * len(acts))], seat)
            engine_time += time.perf_counter() - start
            done += 1
    return done, engine_time, time.perf_counter() - total_start, on_board / max(1, done)


WALLED = walled_layout()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=3000)
    parser.add_argument(
        "--course", default="grand-tour", help="a course id, or 'walled' (no pits, walls all round)"
    )
    parser.add_argument("--players", type=int, default=8)
    args = parser.parse_args()
    done, engine, total, avg = run(args.turns, args.course, args.players)
    print(
        f"course {args.course}, {args.players} robots, {done} full turns "
        f"(on average {avg:.1f} robots on the board at the start of a turn)"
    )
    print(f"engine only (programs in -> turn resolved): {done / engine:,.0f} turns/s")
    print(f"including random program choice:            {done / total:,.0f} turns/s")


if __name__ == "__main__":
    main()
