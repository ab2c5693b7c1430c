"""The RoboRally register log tells what happened in the order the rules play it: each
robot's card in priority order with the pushes it makes, then express belts, belts, pushers,
gears, crushers, lasers and flags (engine events, screens/roborally/log.py)."""

from __future__ import annotations

import random
import re

import pytest

from engines.roborally import ROBORALLY
from engines.roborally.boardfile import bundled_courses
from engines.roborally.cards import OPTION_IDS
from engines.roborally.events import BeltRide, Path, Rammed
from engines.roborally.players import RandomPlayer
from engines.roborally.state import RoboRallyState
from engines.roborally.trace import Picture
from screens.roborally.log import joined_pushes, narrate
from screens.text_fit import wrap_log
from tests.roborally.test_log import one_turn, register_lines

OPEN = "\n".join([" ".join([".."] * 6)] * 7)  # 6 columns a-f, 7 rows 1-7


def test_a_push_is_told_before_the_pushed_robot_moves_on() -> None:
    """A register from a played game: Blue (770) pushes Red from c5 to c3, then Red (680)
    drives c3 -> c1."""
    state = one_turn(OPEN, ["c5 N", "c6 N", "a7 E"], ["680 L R L R", "770 L R L R", "830 L R L R"])
    events, lines = register_lines(state, 1, 1)
    assert events[:5] == [
        "2 plays 830: a7E -> d7E",
        "1 plays 770: c6N -> c4N",
        "0 pushed by 1: c5 -> c4",
        "0 pushed by 1: c4 -> c3",
        "0 plays 680: c3N -> c1N",
    ]
    assert lines[:5] == [
        "Register 1: Green Move3 830, Blue Move2 770, Red Move2 680",
        "  Green Move3: a7E -> d7E",
        "  Blue Move2: c6N -> c4N",
        "  Red pushed by Blue: c5 -> c3",
        "  Red Move2: c3N -> c1N",
    ]


def test_a_turn_card_on_a_belt_is_a_turn_then_a_ride() -> None:
    state = one_turn(".. b> b> ..\n.. .. .. ..", ["b1 N"], ["R L R L R"])
    events, lines = register_lines(state, 1, 1)
    assert events == ["0 plays 80: b1N -> b1E", "0 on belt: b1E -> c1E"]
    assert lines[1:] == ["  Red Right: b1N -> b1E", "  Red on belt: b1 -> c1"]


def test_a_gear_turn_is_told_after_the_card_that_drove_onto_it() -> None:
    state = one_turn(".. ..\n.. g-\n.. ..", ["b1 N"], ["B L R L R"])
    _, lines = register_lines(state, 1, 1)
    assert lines[1:] == ["  Red Back: b1N -> b2N", "  Red turned by gear: b2N -> b2W"]


def test_card_belt_gear_in_one_register_of_three_robots() -> None:
    board = OPEN.rsplit("\n", 1)[0] + "\n.. b> b> g+ .. .."
    state = one_turn(board, ["c5 N", "c6 N", "c7 N"], ["680 L R L R", "770 L R L R", "420 L R L R"])
    _, lines = register_lines(state, 1, 1)
    assert lines[:7] == [
        "Register 1: Blue Move2 770, Red Move2 680, Green Right 420",
        "  Blue Move2: c6N -> c4N",
        "  Red pushed by Blue: c5 -> c3",
        "  Red Move2: c3N -> c1N",
        "  Green Right: c7N -> c7E",
        "  Green on belt: c7 -> d7",
        "  Green turned by gear: d7E -> d7S",
    ]


def test_express_belts_ride_in_one_line_with_the_turn_of_a_curve() -> None:
    state = one_turn("B> Bv ..\n.. Bv ..\n.. .. ..", ["a1 N powered"], ["-"])
    events, lines = register_lines(state, 1, 1)
    assert events == ["0 on express belt: a1N -> b1E", "0 on express belt: b1E -> b2E"]
    assert lines[1:] == ["  Red on express belt: a1N -> b2E"]


def test_belt_rides_through_one_another_are_not_joined() -> None:
    """Red's express ride a1 -> b1 -> c1 passes where Blue was: told step by step."""
    state = one_turn("B> B> b> b> .. ..", ["a1 N powered", "b1 S"], ["-", "L L L L L"])
    _, lines = register_lines(state, 1, 1)
    assert lines[1:] == [
        "  Blue Left: b1S -> b1E",
        "  Red on express belt: a1 -> b1",
        "  Blue on express belt: b1 -> c1",
        "  Red on express belt: b1 -> c1",
        "  Blue on belt: c1 -> d1",
    ]


def test_a_blocked_belt_is_told_once_a_register() -> None:
    state = one_turn("B> B< ..", ["a1 N powered", "b1 N powered"], ["-", "-"])
    _, lines = register_lines(state, 1, 1)
    assert lines[1:] == ["  Red on belt: a1 (blocked)", "  Blue on belt: b1 (blocked)"]


def test_falls_and_crushers_come_where_they_happen() -> None:
    state = one_turn(
        ".. XX\n.. ..\n.. ..",
        ["b3 N", "a1 N"],
        ["2 L R L R", "1 L R L R"],
        decisions=["0 reenter N", "1 reenter N"],
    )
    _, lines = register_lines(state, 1, 1)
    assert lines[1:] == [
        "  Red Move2: b3N -> b1",
        "  Red destroyed: falls into a pit",
        "  Blue Move1: a1N -> off the board",
        "  Blue destroyed: falls off the edge",
    ]
    state = one_turn(
        "b> b> ..",
        ["a1 N powered"],
        ["-"],
        decisions=["0 reenter N"],
        crushers=[{"at": "b1", "registers": [1]}],
    )
    _, lines = register_lines(state, 1, 1)
    assert lines[1:] == ["  Red on belt: a1 -> b1", "  Red destroyed: crushed"]


def test_a_move_stopped_by_a_wall_says_blocked() -> None:
    state = one_turn(".. ..\n.. ..\n.. ..", ["a3 N"], ["3 L R L R"], walls=["a2 N"])
    _, lines = register_lines(state, 1, 1)
    assert lines[1:] == ["  Red Move3: a3N -> a2N (blocked)"]


def test_option_moves_are_told() -> None:
    """Crab Legs, Dual Processor, Fourth Gear, Ramming Gear, Pressor and Tractor Beams."""
    crab = one_turn(
        ".. .. ..\n.. .. ..",
        ["b2 N options=crab-legs hand=410", "a2 N powered"],
        ["490 R L R L", "-"],
        decisions=["0 crab 410@1", "1 reenter N"],
    )
    assert register_lines(crab, 1, 1)[1][1:] == [
        "  Red sidesteps W: b2N -> a2N",
        "  Blue pushed by Red: a2 -> off the board",
        "  Blue destroyed: falls off the edge",
    ]
    dual = one_turn(
        OPEN, ["b3 N options=dual-processor hand=80"], ["670 L L L L"], decisions=["0 dual 80@1"]
    )
    assert register_lines(dual, 1, 1)[1][1:] == ["  Red Move2+Right: b3N -> b2E"]  # 1 shorter
    gear = one_turn(OPEN, ["a5 N options=fourth-gear"], ["3 L R L R"], decisions=["0 speed 4"])
    assert register_lines(gear, 1, 1)[1][1:] == ["  Red Move3 (4 squares): a5N -> a1N"]
    ram = one_turn(OPEN, ["a1 S options=ramming-gear", "a2 N powered"], ["2 L R L R", "-"])
    assert register_lines(ram, 1, 1)[1][1:4] == [
        "  Red Move2: a1S -> a3S",
        "  Blue pushed by Red: a2 -> a4",
        "  Blue rammed by Red (2)",
    ]
    for beam, told in (
        ("pressor", "pushed by Red: c1 -> d1"),
        ("tractor", "pulled by Red: c1 -> b1"),
    ):
        state = one_turn(
            ".. .. .. ..",
            [f"a1 E options={beam}-beam", "c1 N powered"],
            ["L R L L L", "-"],
            decisions=[f"0 fire {beam}"],
        )
        lines = register_lines(state, 1, 2)[1]
        assert lines[-2:] == [f"  Blue shot by Red {beam}", f"  Blue {told}"]


def test_a_radio_controlled_robot_runs_the_shooters_card() -> None:
    state = one_turn(
        ".. .. .. .. ..\n.. .. .. .. ..\n.. .. .. .. ..",
        ["a2 E options=radio-control", "e2 S"],
        ["L R 490 L L", "R L U U U"],
        decisions=["0 fire radio"],
    )
    _, lines = register_lines(state, 1, 3)
    assert lines == [
        "Register 3: Red Move1 490, Blue Move1 490",
        "  Red Move1: a2E -> b2E",
        "  Blue runs Red's Move1: e2S -> e3S",
    ]


def test_joined_belt_rides_and_rams() -> None:
    a1, b1, c1 = range(3)
    n, e = 0, 1
    assert joined_pushes(
        [
            BeltRide(1, False, Path(a1, n, b1, n)),
            BeltRide(1, False, Path(b1, n, c1, e)),
            Rammed(1, 0),
            Rammed(1, 0),
        ]
    ) == [BeltRide(1, False, Path(a1, n, c1, e)), Rammed(1, 0, 2)]


def test_the_log_lines_stay_out_of_the_game_state() -> None:
    state = one_turn(OPEN, ["c5 N", "c6 N"], ["680 L R L R", "770 L R L R"])
    assert "events" not in state.canonical()
    other = state.clone()
    other.events = ["0 plays 680: a1N -> a3N"]
    assert other.fingerprint() == state.fingerprint()


_SQUARE = r"(?:[a-z]+\d+|\d+,\d+)"
_MOVE = re.compile(
    rf"^(\d) (?:plays [^:]*|sidesteps [NESW]|on (?:express )?belt|turned by gear|"
    rf"(?:pushed|pulled) by \w+): ({_SQUARE})([NESW]?)"
    rf"(?: -> ({_SQUARE}|off the board)([NESW]?))?(?: \((?:blocked|held in place)\))?$"
)


def _follow(state: RoboRallyState, picture: Picture, before: list[tuple[int, int]]) -> None:
    """Every robot's moves told by the register's events, one after another, from where it
    was: each starts where the last ended and they end where the robot is."""
    lay = state.layout
    index = {lay.short_name(i): i for i in range(len(lay.kind))}
    where = [list(p) for p in before]
    for e in picture.events:
        m = _MOVE.match(e)
        if m:
            s = int(m[1])
            assert index[m[2]] == where[s][0], (e, where[s], picture.events)
            if m[3]:
                assert "NESW"[where[s][1]] == m[3], (e, where[s], picture.events)
            if m[4]:
                where[s][0] = index.get(m[4], -1)
                where[s][1] = "NESW".index(m[5]) if m[5] else where[s][1]
        elif " destroyed: " in e:
            where[int(e[0])][0] = -1
        else:
            assert "->" not in e and " belt" not in e and " gear" not in e, e
    for s, b in enumerate(picture.bots):
        if b.pos < 0:
            assert where[s][0] == -1, (s, picture.events, before)
        else:
            assert (b.pos, b.facing) == tuple(where[s]), (s, picture.events, before)


@pytest.mark.parametrize("seed", range(6))
def test_the_events_tell_every_move_of_random_games(seed: int) -> None:
    course = bundled_courses()[seed % len(bundled_courses())]
    n = 3 + seed % 4
    state = ROBORALLY.new_game(n, {"course": course, "start": "docks", "max_turns": 6}, seed)
    rng = random.Random(seed)
    if seed % 2:  # every robot with option cards: beams, rams, crab legs ...
        for b in state.bots:
            b.options = rng.sample(OPTION_IDS, 4)
            b.ablative = 3 if "ablative-coat" in b.options else 0
            b.howitzer = 5 if "mini-howitzer" in b.options else 0
    state.trace = []
    players = [RandomPlayer(s, "random", seed * 31 + s) for s in range(n)]
    while not state.is_terminal():
        for seat in state.to_move():
            if seat in state.to_move():
                state.apply(players[seat].choose(state.view(seat)), seat)
    pictures = state.trace
    assert sum(p.register > 0 for p in pictures) >= 10
    for previous, picture in zip(pictures, pictures[1:], strict=False):
        if picture.register == 0:
            continue
        before = [(b.pos, b.facing) for b in previous.bots]
        _follow(state, picture, before)
        lines = narrate(picture, before, state.layout)
        for text, _ in wrap_log(lines, 38):
            assert len(text) <= 38


def test_a_register_split_by_a_decision_is_told_from_its_start() -> None:
    """A register from a played game: Blue's Move3 drives it off the board, then Red's
    Fourth Gear asks how far. The screen plays the program and the answer as two actions;
    the register's picture still says where it began, so Blue's card stays in the header."""
    from engines.roborally.state import Decide
    from tests.roborally.test_scenarios import build, rig

    scenario = {
        "board": ".. .. ..\n.. .. ..\n.. .. ..\n.. .. ..",
        "robots": ["a4 N options=fourth-gear", "c2 N"],
        "programs": ["3 L R L R", "830 L R L R"],
    }
    state = build(scenario)
    state._start_turn()
    start = [(b.pos, b.facing) for b in state.bots]
    state.trace = []
    for seat, program in enumerate(rig(state, scenario)):
        state.apply(program, seat)
    assert state.pending_kind(0) == "speed" and state.bots[1].pos < 0  # Blue is gone
    assert not [p for p in state.trace if p.register == 1]
    state.trace = []  # the answer is a second action, as on the screen
    state.apply(Decide("speed", "3"), 0)
    picture = next(p for p in state.trace if p.register == 1)
    assert picture.start == start
    lines = [text for text, _ in narrate(picture, picture.start, state.layout)]
    assert lines[0].startswith("Register 1: Blue Move3 830, Red Move3 ")
    assert lines[1].startswith("  Blue Move3: c2N -> off the board")
