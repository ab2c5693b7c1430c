"""RoboRally computer players: legal answers, hidden information, and hard's racing."""

from __future__ import annotations

from engines.roborally import ROBORALLY
from engines.roborally.ai.evaluation import (
    DEAD,
    distance_field,
    simulate_program,
)
from engines.roborally.cards import KIND
from engines.roborally.players import LEVELS
from engines.roborally.state import REGISTERS, Program


def alone(course: str, seed: int = 3):
    """A race for Red alone: Blue is taken off the board before the start."""
    state = ROBORALLY.new_game(2, {"course": course, "start": "docks"}, seed=seed)
    blue = state.bots[1]
    blue.lives, blue.pos, blue.pending = 0, -1, []
    return state


def test_every_level_answers_legally_in_a_four_robot_game() -> None:
    levels = ["random", "easy", "normal", "hard"]
    state = ROBORALLY.new_game(4, {"course": "pit-stop"}, seed=9)
    players = [LEVELS[lv](seat=s, level=lv, seed=s) for s, lv in enumerate(levels)]
    programs = 0
    while not state.is_terminal() and state.turn <= 8:
        for seat in state.to_move():
            view = state.view(seat)
            action = players[seat].choose(view)
            assert action in view.legal_actions(), (levels[seat], action)
            if isinstance(action, Program):
                programs += 1
                for r in range(REGISTERS):
                    if view.robots[seat].locked[r]:
                        assert action.cards[r] == view.program[r]
            state.apply(action, seat)
    assert programs >= 8


def test_players_see_only_their_seat() -> None:
    state = ROBORALLY.new_game(3, {"course": "first-steps"}, seed=4)
    for seat in state.to_move():
        state.apply(state.legal_actions(seat)[0], seat)  # facings
    assert state.phase == "program"
    state.apply(state.legal_actions(1)[5], 1)  # Blue has programmed
    view = state.view(0)
    blue = view.robots[1]
    assert all(c == 0 for c in blue.revealed), "Blue's program is hidden from Red"
    assert not hasattr(view, "bots") and not hasattr(view, "deck")
    hard = LEVELS["hard"](seat=0, level="hard", seed=1)
    first = hard.choose(view)
    # changing what Red may not see (Blue's program, the deck) changes nothing
    other = state.clone()
    other.bots[1].regs = list(reversed(other.bots[1].regs))
    other.deck.reverse()
    assert LEVELS["hard"](seat=0, level="hard", seed=1).choose(other.view(0)) == first


def test_hard_finishes_the_shortest_course_alone_quickly() -> None:
    state = alone("first-steps")
    hard = LEVELS["hard"](seat=0, level="hard", seed=1)
    while not state.is_terminal() and state.turn <= 20:
        for seat in state.to_move():
            state.apply(hard.choose(state.view(seat)), seat)
    assert state.is_terminal() and state.winners == (0,)
    assert state.bots[0].flags == len(state.layout.flags)


def test_simulator_matches_the_engine_for_a_robot_alone() -> None:
    """The preview / search simulator agrees with the engine's own rules."""
    for course, seed in (("pit-stop", 1), ("merry-go-round", 2), ("laser-alley", 3)):
        state = alone(course, seed)
        rnd = LEVELS["random"](seat=0, level="random", seed=seed)
        checked = 0
        while not state.is_terminal() and state.turn <= 12 and checked < 8:
            seat = state.to_move()[0]
            view = state.view(seat)
            action = rnd.choose(view)
            if view.pending == "program" and isinstance(action, Program):
                me = state.bots[0]
                kinds = [KIND[c] if c else -1 for c in action.cards]
                pos, facing, flags, damage, path = simulate_program(
                    state.layout, me.pos, me.facing, me.flags, kinds
                )
                trace: list = []
                state.trace = trace
                before_damage = me.damage
                state.apply(action, seat)
                state.trace = None
                regs = [p for p in trace if p.register > 0]
                for (p, f), picture in zip(path, regs, strict=False):
                    bp, bf = picture.robots[0][:2]
                    if p == DEAD:
                        assert bp == -1
                        break
                    assert (p, f) == (bp, bf), (course, action, path, picture.robots[0])
                if pos != DEAD and len(regs) == REGISTERS:
                    assert me.flags >= flags or state.is_terminal()
                    assert before_damage >= 0 and damage >= 0
                checked += 1
            else:
                state.apply(action, seat)
        assert checked >= 3


def test_distance_field_is_zero_on_the_flag_and_grows() -> None:
    state = alone("first-steps")
    lay = state.layout
    field = distance_field(lay, lay.flags[0])
    assert all(field[lay.flags[0] * 4 + f] == 0 for f in range(4))
    start = lay.starts[0]
    assert 0 < min(field[start * 4 + f] for f in range(4)) < 99


def test_screen_preview_runs_the_engine_for_the_robot_alone() -> None:
    from engines.roborally.preview import preview_program

    for course, seed in (("pit-stop", 1), ("merry-go-round", 2), ("laser-alley", 3)):
        state = ROBORALLY.new_game(3, {"course": course, "start": "docks"}, seed=seed)
        for seat in state.to_move():
            state.apply(state.legal_actions(seat)[1], seat)
        rnd = LEVELS["random"](seat=0, level="random", seed=seed)
        prog = rnd.choose(state.view(0))
        me = state.bots[0]
        before = state.snapshot()
        path, flags, damage, _ = preview_program(state, 0, list(prog.cards), REGISTERS)
        assert state.snapshot() == before  # the game itself is untouched
        kinds = [KIND[c] for c in prog.cards]
        pos, facing, sflags, sdamage, spath = simulate_program(
            state.layout, me.pos, me.facing, me.flags, kinds
        )
        assert [p if p >= 0 else DEAD for p, _ in path] == [p for p, _ in spath]
        if pos != DEAD:
            assert (flags, damage) == (sflags, sdamage)
        short, _, _, _ = preview_program(state, 0, list(prog.cards[:2]) + [0, 0, 0], 2)
        assert short == path[:2]
