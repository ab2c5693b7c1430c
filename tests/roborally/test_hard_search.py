"""RoboRally ``hard``: other robots' lasers in the search, power down by look-ahead."""

from __future__ import annotations

import time

from engines.roborally import ROBORALLY
from engines.roborally.ai import search as ai_search
from engines.roborally.ai.evaluation import simulate_program
from engines.roborally.ai.search import (
    REGISTERS,
    SearchPlayer,
    locks_after,
    repair_at,
    threat_map,
)
from engines.roborally.boardfile import WRENCH
from engines.roborally.cards import KIND, LEFT, RIGHT
from engines.roborally.state import Decide


def race(players: int = 3, course: str = "first-steps", seed: int = 3):
    state = ROBORALLY.new_game(players, {"course": course, "start": "docks"}, seed=seed)
    for seat in state.to_move():
        state.apply(state.legal_actions(seat)[1], seat)  # everyone faces east
    assert state.phase == "program"
    return state


def alone(course: str = "first-steps", seed: int = 3):
    state = ROBORALLY.new_game(2, {"course": course, "start": "docks"}, seed=seed)
    blue = state.bots[1]
    blue.lives, blue.pos, blue.pending = 0, -1, []
    for seat in state.to_move():
        state.apply(state.legal_actions(seat)[1], seat)
    return state


def open_row(lay, length: int) -> list[int]:
    """A row of ``length`` plain squares eastwards with no walls between them."""
    for start in range(lay.width * lay.height):
        cells = [start]
        while len(cells) < length:
            here = cells[-1]
            nxt = lay.nbr[here][1]
            if nxt < 0 or lay.wall[here] >> 1 & 1 or lay.kind[nxt] != lay.kind[start]:
                break
            cells.append(nxt)
        if len(cells) == length and lay.kind[start] == 0:
            return cells
    raise AssertionError("no open row")


def test_threat_follows_the_beam_and_stops_at_the_first_robot() -> None:
    state = race()
    lay = state.layout
    row = open_row(lay, 5)
    red, blue, green = state.bots
    for b in state.bots:
        b.virtual = False
    blue.pos, blue.facing = row[0], 1  # east, along the row
    green.pos, green.facing = row[3], 3  # west, back at Blue
    red.pos = lay.nbr[row[0]][0] if lay.nbr[row[0]][0] >= 0 else lay.nbr[row[0]][2]
    threat = threat_map(state.view(0), 0)
    assert threat is not None and len(threat) == REGISTERS
    first = threat[0]
    # Blue's beam covers row[1..3] (stopping at Green); Green's covers row[2], row[1], row[0]
    assert first[row[1]] > 0 and first[row[2]] > 0 and first[row[3]] > 0
    assert row[4] not in first, "the beam stops at Green"
    assert first[row[1]] == first[row[2]] > first[row[3]], "two beams cross row[1] and row[2]"
    assert all(threat[r][row[1]] < threat[r - 1][row[1]] for r in range(1, REGISTERS))


def test_virtual_and_powered_down_robots_do_not_threaten() -> None:
    state = race()
    lay = state.layout
    row = open_row(lay, 4)
    red, blue, green = state.bots
    blue.pos, blue.facing, blue.virtual = row[0], 1, False
    green.pos, green.facing, green.virtual, green.powered = row[3], 3, False, True
    red.virtual = False
    blue.virtual = True
    assert threat_map(state.view(0), 0) is None
    red.virtual = True  # a virtual robot cannot be shot at all
    blue.virtual = False
    assert threat_map(state.view(0), 0) is None


def test_hard_keeps_out_of_a_line_of_fire_when_it_can() -> None:
    state = alone("first-steps")
    view = state.view(0)
    me = view.robots[0]
    hard = SearchPlayer(seat=0, level="hard", seed=1)
    counts = [0] * 7
    for c in view.hand:
        counts[KIND[c]] += 1
    free = [None] * REGISTERS
    deadline = time.monotonic() + 5
    _, seq = hard.plan(view.layout, me.pos, me.facing, me.flags, 0, tuple(counts), free, deadline)
    kinds = SearchPlayer.fill(seq, tuple(counts), free)
    *_, path = simulate_program(view.layout, me.pos, me.facing, me.flags, kinds)
    hot = path[0][0]
    threat = [{hot: 5.0} for _ in range(REGISTERS)]
    _, seq2 = hard.plan(
        view.layout, me.pos, me.facing, me.flags, 0, tuple(counts), free, deadline, threat
    )
    kinds2 = SearchPlayer.fill(seq2, tuple(counts), free)
    *_, path2 = simulate_program(view.layout, me.pos, me.facing, me.flags, kinds2)
    assert all(p != hot for p, _ in path2), "another way avoids the square under fire"


def programmed_with(damage: int, seed: int, course: str = "pit-stop"):
    state = alone(course, seed)
    b = state.bots[0]
    b.damage = damage
    state._settle_locks(0)
    b.hand = b.hand[: state.hand_size(b)]
    return state


def test_hard_powers_down_badly_damaged_and_not_when_healthy(monkeypatch) -> None:
    # the decision must not depend on how busy the machine is: no time limit here
    monkeypatch.setattr(ai_search, "PD_BUDGET", 60.0)
    for seed in range(1, 7):
        for damage, expected in ((0, False), (2, False), (6, True), (7, True)):
            state = programmed_with(damage, seed)
            player = SearchPlayer(seat=0, level="hard", seed=seed)
            player.time_budget = 60.0
            program = player.choose(state.view(0))
            assert program.power_down is expected, (seed, damage)
            state.apply(program, 0)  # legal, locked registers kept


def test_staying_powered_down_depends_on_the_damage_taken_meanwhile() -> None:
    state = alone("pit-stop", 2)
    view = state.view(0)
    hard = SearchPlayer(seat=0, level="hard", seed=2)
    me = view.robots[0]
    calm = hard.repair_pays(view, me.pos, me.facing, me.flags, 1, locks_after([-1] * 5, 1))
    hurt = hard.repair_pays(view, me.pos, me.facing, me.flags, 7, locks_after([-1] * 5, 7))
    assert calm is False and hurt is True


def test_hard_answers_stay_and_reenter_legally_in_play(monkeypatch) -> None:
    """Whole races where robots get shot and destroyed: every answer is a legal one."""
    monkeypatch.setattr(ai_search, "PD_SAMPLES", 2)  # a light look-ahead: legality matters
    asked: set[str] = set()
    for seed in (1, 2, 3):
        state = ROBORALLY.new_game(4, {"course": "laser-alley"}, seed=seed)
        for b in state.bots:  # badly damaged from the start: the lasers destroy some
            b.damage = 8
        players = [SearchPlayer(seat=s, level="hard", seed=seed * 10 + s) for s in range(4)]
        for p in players:  # a light search: the answers' legality is the point here
            p.samples, p.candidates = 2, 2
        while not state.is_terminal() and state.turn <= 10:
            for seat in state.to_move():
                view = state.view(seat)
                action = players[seat].choose(view)
                assert action in view.legal_actions()
                if isinstance(action, Decide):
                    asked.add(action.kind)
                state.apply(action, seat)
    assert {"face", "reenter"} <= asked, asked


def test_repairs_counted_by_the_look_ahead() -> None:
    state = alone("pit-stop")
    lay = state.layout
    flag = lay.flags[0]
    assert repair_at(lay, flag) == 1
    wrench = next((i for i, k in enumerate(lay.kind) if k == WRENCH), None)
    if wrench is not None:
        assert repair_at(lay, wrench) == 1
    assert repair_at(lay, -1) == 0
    assert locks_after([1, 2, 3, 4, 5], 4) == [None] * 5
    assert locks_after([1, 2, 3, 4, 5], 6) == [None, None, None, 4, 5]


def test_a_robot_a_register_from_winning_does_not_power_down(monkeypatch) -> None:
    """The repair is worth a turn, but not the race: one step before the last flag with 3-4
    damage, going on wins a turn earlier (the look-ahead once valued both ends alike)."""
    for seed in (1, 2, 3):
        state = alone("pit-stop", seed)
        lay = state.layout
        b = state.bots[0]
        last = lay.flags[-1]
        before = lay.nbr[last][2]  # the square south of the last flag, facing north
        assert lay.kind[before] == 0 and not lay.wall[before] & 1
        b.pos, b.facing, b.flags, b.virtual = before, 0, len(lay.flags) - 1, False
        turns = [LEFT, RIGHT] * 2 + [LEFT]  # this turn it stays where it is
        for damage in (3, 4):
            b.damage = damage
            view = state.view(0)
            hard = SearchPlayer(seat=0, level="hard", seed=seed)
            hard.clock = lambda: 0.0  # every sampled hand played
            assert hard.power_down_pays(view, turns) is False, (seed, damage)
    monkeypatch.setattr(ai_search, "EARLY_WIN", 0.0)  # as before: the repair won (seed 3, 4)
    hard = SearchPlayer(seat=0, level="hard", seed=3)
    hard.clock = lambda: 0.0
    assert hard.power_down_pays(view, turns) is True
