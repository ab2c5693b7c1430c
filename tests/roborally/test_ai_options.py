"""The hard RoboRally player's option-card decisions (engines/roborally/ai_options.py).

Each test builds a small board and a turn by hand, lets the engine run up to the decision and
checks that ``hard`` takes the clever answer (and, where it matters, what then happens). The
last tests play many seeded games with every option card dealt and check that every answer is
legal and quick.
"""

from __future__ import annotations

import json
import random

import pytest

from engines.roborally import ROBORALLY
from engines.roborally.ai.options import decide_option, fire_scores, should_recompile
from engines.roborally.boardfile import DIRS, bundled_courses, layout_from_board, parse_board
from engines.roborally.cards import DECK, KIND, KIND_SHORT, OPTION_IDS
from engines.roborally.players import LEVELS, RandomPlayer
from engines.roborally.state import REGISTERS, Decide, Program, RoboRallyState


# -- building situations --------------------------------------------------------------------
def square(state: RoboRallyState, name: str) -> int:
    return (int(name[1:]) - 1) * state.layout.width + ord(name[0]) - 97


def make(
    grid: str,
    robots: list[str],
    flags: list[str],
    *,
    walls: tuple[str, ...] = (),
    seed: int = 1,
) -> RoboRallyState:
    """A one-board game in its first programming phase. Robots: ``"b2 N key=value ..."`` with
    damage=, flags=, lives=, options=a,b, locked=45, regs=c,c,c,c,c; ``"out"``: no robot."""
    board = parse_board(f'grid = """{grid}"""\nwalls = {json.dumps(list(walls))}', "t.toml", "t")
    layout = layout_from_board(board, [(ord(f[0]) - 97, int(f[1:]) - 1) for f in flags])
    state = RoboRallyState(layout, len(robots), seed, start="docks", max_turns=5)
    for s, text in enumerate(robots):
        b = state.bots[s]
        b.pending = []
        if text == "out":
            b.pos, b.lives = -1, 0
            continue
        where, facing, *words = text.split()
        b.pos = b.archive = square(state, where)
        b.facing = DIRS.index(facing)
        for w in words:
            key, _, value = w.partition("=")
            if key == "damage":
                b.damage = int(value)
            elif key == "flags":
                b.flags = int(value)
            elif key == "lives":
                b.lives = int(value)
            elif key == "options":
                b.options = value.split(",")
                b.ablative = 3 if "ablative-coat" in b.options else 0
                b.howitzer = 5 if "mini-howitzer" in b.options else 0
            elif key == "locked":
                for ch in value:
                    b.locked[int(ch) - 1] = True
            elif key == "regs":
                b.regs = [int(c) for c in value.split(",")]
            else:
                raise AssertionError(w)
    state._start_turn()
    return state


def take(state: RoboRallyState, token: str | int) -> int:
    """A card out of the deck: a priority, or the lowest card of a kind letter (1 2 3 B L R U)."""
    if isinstance(token, int) or (token.isdigit() and int(token) >= 10):
        card = int(token)
    else:
        kind = KIND_SHORT.index(token)
        card = min(c for c in state.deck if KIND[c] == kind)
    state.deck.remove(card)
    return card


def program(
    state: RoboRallyState, seat: int, tokens: list[str], spare: tuple[str, ...] = ()
) -> Program:
    """Give the robot a hand of exactly these cards (program first) and submit the program."""
    b = state.bots[seat]
    state.deck.extend(b.hand)
    b.hand = []
    cards = []
    for r, tok in enumerate(tokens):
        cards.append(b.regs[r] if b.locked[r] else take(state, tok))
    extra = [take(state, t) for t in spare]
    b.hand = [c for r, c in enumerate(cards) if not b.locked[r]] + extra
    prog = Program(tuple(cards))
    state.apply(prog, seat)
    return prog


def on_top(state: RoboRallyState, tokens: list[str]) -> None:
    """These cards are drawn next (the first one first)."""
    cards = [take(state, t) for t in tokens]
    state.deck.extend(reversed(cards))


def hard(seat: int = 0):
    return LEVELS["hard"](seat=seat, level="hard", seed=seat)


def ask(state: RoboRallyState, seat: int = 0) -> Decide:
    """Hard's answer to its pending decision (checked legal)."""
    view = state.view(seat)
    action = hard(seat).choose(view)
    assert action in view.legal_actions(), action
    return action


def run_until(state: RoboRallyState, seat: int, kind: str, guard: int = 50) -> None:
    """Play on (other robots' questions answered by default) until ``seat`` is asked ``kind``."""
    for _ in range(guard):
        if state.pending_kind(seat) == kind:
            return
        movers = state.to_move()
        assert movers, f"the turn ended before {kind!r} was asked"
        s = movers[0]
        state.apply(state.legal_actions(s)[-1 if state.pending_kind(s) == "stay" else 0], s)
    raise AssertionError(f"{kind!r} never asked")


def answer_hard(state: RoboRallyState, seat: int = 0) -> Decide:
    action = ask(state, seat)
    state.apply(action, seat)
    return action


# -- lasers ---------------------------------------------------------------------------------
GRID_3x5 = """
.. .. .. .. ..
.. .. .. .. ..
.. .. .. .. ..
"""


def test_pressor_beam_pushes_the_target_into_a_pit() -> None:
    grid = GRID_3x5.replace(".. .. .. .. ..\n.. .. .. .. ..\n", ".. .. .. .. ..\n.. .. .. XX ..\n")
    state = make(grid, ["a2 N options=pressor-beam", "c2 S"], ["e3"])
    program(state, 0, ["R", "L", "R", "L", "R"])
    program(state, 1, ["L", "R", "L", "R", "L"])
    run_until(state, 0, "fire")
    assert {c.value for c in state.view(0).choices} == {"normal", "pressor"}
    assert answer_hard(state) == Decide("fire", "pressor")
    assert state.bots[1].pos == -1 and state.bots[1].lives == 2  # fell into the pit


def test_tractor_beam_pulls_the_target_into_a_pit_rather_than_pushing_it_away() -> None:
    grid = GRID_3x5.replace(".. .. .. .. ..\n.. .. .. .. ..\n", ".. .. .. .. ..\n.. .. XX .. ..\n")
    state = make(grid, ["a2 N options=pressor-beam,tractor-beam", "d2 S"], ["e3"])
    program(state, 0, ["R", "L", "R", "L", "R"])
    program(state, 1, ["L", "R", "L", "R", "L"])
    run_until(state, 0, "fire")
    assert {c.value for c in state.view(0).choices} == {"normal", "pressor", "tractor"}
    assert answer_hard(state) == Decide("fire", "tractor")
    assert state.bots[1].pos == -1


def _fire_control_duel(target: str, flags: list[str] | None = None) -> RoboRallyState:
    state = make(GRID_3x5, ["a2 N options=fire-control", target], flags or ["e1", "e3"])
    program(state, 0, ["R", "L", "R", "L", "R"])
    program(state, 1, ["L", "R", "L", "R", "L"])
    run_until(state, 0, "fire")
    return state


def test_fire_control_damages_when_the_damage_destroys_the_target() -> None:
    state = _fire_control_duel("c2 S damage=9 options=extra-memory")
    assert answer_hard(state) == Decide("fire", "normal")
    # the target may give up its option instead of the point that destroys it: if not, it dies
    assert state.pending_kind(1) == "sacrifice" and state.view(1).incoming == 1
    state.apply(Decide("sacrifice", "none"), 1)
    assert state.bots[1].pos == -1


def test_fire_control_destroys_the_most_valuable_option() -> None:
    state = _fire_control_duel("c2 S options=circuit-breaker,extra-memory,rear-firing-laser")
    action = ask(state)
    assert action == Decide("fire", "destroy extra-memory")


def test_fire_control_locks_a_register_rather_than_a_point_of_damage() -> None:
    state = _fire_control_duel("c2 S damage=1")
    action = ask(state)
    assert action.value.startswith("lock ")
    state.apply(action, 0)
    assert state.bots[1].fc_locks == 1 and sum(state.bots[1].locked) == 1
    assert state.bots[1].damage == 1


def test_fire_prefers_to_hurt_the_leader() -> None:
    """The same shot is worth more against a robot with more flags, near its next one."""
    lagging = _fire_control_duel("c2 S flags=0", ["e1", "a1", "c1"])
    leading = _fire_control_duel("c2 S flags=2", ["e1", "a1", "c1"])
    values = ["normal", "lock 2"]
    low, high = fire_scores(lagging.view(0), values), fire_scores(leading.view(0), values)
    assert high["lock 2"] > low["lock 2"] and high["normal"] > low["normal"]


def test_radio_control_drives_the_target_into_a_pit() -> None:
    """Red's remaining program starts with a Move 1: run by Blue (facing east at c2), it drives
    Blue into the pit at d2; Red itself runs it safely from a2."""
    grid = GRID_3x5.replace(".. .. .. .. ..\n.. .. .. .. ..\n", ".. .. .. .. ..\n.. .. .. XX ..\n")
    state = make(grid, ["a2 N options=radio-control", "c2 S"], ["e3"])
    program(state, 0, ["R", "1", "L", "L", "1"])
    program(state, 1, ["L", "R", "L", "R", "L"])
    run_until(state, 0, "fire")
    assert answer_hard(state) == Decide("fire", "radio")
    run_until(state, 0, "program", guard=60)
    assert state.bots[1].lives == 2 and state.bots[0].lives == 3


# -- register-time decisions -----------------------------------------------------------------
GRID_PIT = """
.. .. .. .. ..
.. .. .. XX ..
.. .. .. .. ..
"""


def _pushed_into_danger(options: str, spare: tuple[str, ...] = ()) -> RoboRallyState:
    """Red (b2 N) plans Right, Move 1 east to c2, Lefts: safe. Blue's Move 1 in register 1
    pushes it to c2 first, so its Move 1 in register 2 now drives into the pit at d2."""
    state = make(GRID_PIT, [f"b2 N options={options}", "a2 E"], ["e3"])
    program(state, 0, ["R", "1", "L", "L", "L"], spare)
    program(state, 1, ["1", "L", "R", "L", "R"])
    return state


def test_abort_switch_waits_while_the_program_is_safe_and_aborts_once_it_kills() -> None:
    state = _pushed_into_danger("abort-switch")
    on_top(state, ["L", "R", "L", "R"])
    run_until(state, 0, "abort")
    assert state.reg == 0 and answer_hard(state) == Decide("abort", "no")
    run_until(state, 0, "abort")
    assert state.reg == 1
    assert state.bots[0].pos == square(state, "c2"), "pushed by Blue"
    assert answer_hard(state) == Decide("abort", "yes")
    run_until(state, 1, "program", guard=60)
    assert state.bots[0].pos >= 0 and state.bots[0].lives == 3


def test_abort_switch_is_left_alone_by_a_good_program() -> None:
    state = make(GRID_PIT, ["b3 N options=abort-switch", "out"], ["b1"])
    program(state, 0, ["L", "R", "1", "1", "L"])
    for reg in range(2):
        run_until(state, 0, "abort")
        assert state.reg == reg and answer_hard(state) == Decide("abort", "no")


def test_conditional_program_swaps_the_parked_card_in_when_it_saves_the_robot() -> None:
    state = _pushed_into_danger("conditional-program", spare=("L",))
    assert state.pending_kind(0) == "park"
    parked = state.bots[0].hand[0]
    state.apply(Decide("park", str(parked)), 0)
    run_until(state, 0, "swap")
    assert state.reg == 0 and answer_hard(state) == Decide("swap", "no")
    run_until(state, 0, "swap")
    assert state.reg == 1 and answer_hard(state) == Decide("swap", "yes")
    run_until(state, 1, "program", guard=60)
    assert state.bots[0].pos >= 0 and state.bots[0].lives == 3


def test_brakes_stop_short_of_a_belt_that_runs_into_a_pit() -> None:
    grid = """
.. .. .. ..
.. b> XX ..
.. .. .. ..
"""
    state = make(grid, ["a2 E options=brakes", "out"], ["d3"])
    program(state, 0, ["1", "R", "L", "R", "L"])
    run_until(state, 0, "speed")
    assert answer_hard(state) == Decide("speed", "0")
    assert state.bots[0].pos == square(state, "a2")


def test_fourth_gear_drives_on_to_the_flag() -> None:
    grid = "\n" + "\n".join([".. .. .."] * 6) + "\n"
    state = make(grid, ["b6 N options=fourth-gear,reverse-gear", "out"], ["b2", "b1"])
    program(state, 0, ["3", "L", "R", "L", "R"])
    run_until(state, 0, "speed")
    assert answer_hard(state) == Decide("speed", "4")
    assert state.bots[0].flags == 1


def test_reverse_gear_backs_up_one_square_only_before_the_edge() -> None:
    grid = "\n" + "\n".join([".. .. .."] * 4) + "\n"
    state = make(grid, ["b3 N options=reverse-gear", "out"], ["b1"])
    program(state, 0, ["B", "L", "R", "L", "R"])
    run_until(state, 0, "speed")
    assert answer_hard(state) == Decide("speed", "1")


# -- programming follow-ups --------------------------------------------------------------------
GRID_GEAR = """
.. .. ..
.. .. ..
.. g+ ..
"""


def test_gyroscopic_stabilizer_goes_on_when_the_gear_would_turn_the_robot_wrong() -> None:
    """Left, Right, Move 2 from b3 facing north: the gear would turn it south, off the board."""
    state = make(GRID_GEAR, ["b3 N options=gyroscopic-stabilizer", "out"], ["b1"])
    program(state, 0, ["L", "R", "2", "L", "R"])
    assert state.pending_kind(0) == "gyro"
    assert answer_hard(state) == Decide("gyro", "on")
    assert state.winners == (0,)


def test_gyroscopic_stabilizer_stays_off_when_the_gear_turn_is_wanted() -> None:
    """Facing a wall on the gear: the Move 1 stays, the gear turns it north for the Move 2."""
    state = make(GRID_GEAR, ["b3 W options=gyroscopic-stabilizer", "out"], ["b1"], walls=("b3 W",))
    program(state, 0, ["1", "2", "L", "R", "L"])
    assert answer_hard(state) == Decide("gyro", "off")
    assert state.winners == (0,)


def test_crab_legs_sidestep_onto_the_flag() -> None:
    state = make(GRID_3x5, ["b2 N options=crab-legs", "out"], ["a2", "e3"])
    program(state, 0, ["1", "U", "U", "U", "U"], spare=("L", "R"))
    assert state.pending_kind(0) == "crab"
    left = next(c for c in state.bots[0].hand if KIND_SHORT[KIND[c]] == "L")
    assert answer_hard(state) == Decide("crab", f"{left}@1")
    run_until(state, 0, "program", guard=60)
    assert state.bots[0].flags == 1


def test_dual_processor_turns_after_the_move_instead_of_driving_off_the_board() -> None:
    """From a3 facing north, Move 2 then Move 2 runs off the north edge; a Right paired with
    the first Move 2 moves the robot one square (a Dual Processor move is one shorter) to a2
    and turns it east for the second Move 2, onto the flag at c2. Paired with the second Move 2
    it would still run off the edge; a Left or U-turn would send it off the west or south."""
    grid = "\n" + "\n".join([".. .. .."] * 3) + "\n"
    state = make(grid, ["a3 N options=dual-processor", "out"], ["c2", "c3"])
    program(state, 0, ["2", "2", "U", "U", "U"], spare=("L", "R", "U"))
    right = next(c for c in state.bots[0].hand if KIND_SHORT[KIND[c]] == "R")
    assert answer_hard(state) == Decide("dual", f"{right}@1")
    run_until(state, 0, "program", guard=60)
    assert state.bots[0].flags == 1 and state.bots[0].pos >= 0


def test_flywheel_keeps_a_move_3_towards_the_flag() -> None:
    grid = "\n" + "\n".join([".. .. .."] * 8) + "\n"
    state = make(grid, ["b8 E options=flywheel", "out"], ["b1"])
    program(state, 0, ["L", "R", "L", "R", "L"], spare=("3", "B", "U", "1"))
    move3 = next(c for c in state.bots[0].hand if KIND_SHORT[KIND[c]] == "3")
    assert answer_hard(state) == Decide("keep", str(move3))
    run_until(state, 0, "program", guard=60)
    assert move3 in state.bots[0].hand


def test_flywheel_keeps_a_u_turn_when_a_move_3_would_drive_off_the_board() -> None:
    """The program ends at b2 facing north with the flag behind: the Move 3 would kill."""
    grid = "\n" + "\n".join([".. .. .."] * 6) + "\n"
    state = make(grid, ["b2 E options=flywheel", "out"], ["b6"])
    program(state, 0, ["L", "R", "L", "R", "L"], spare=("3", "U"))
    uturn = next(c for c in state.bots[0].hand if KIND_SHORT[KIND[c]] == "U")
    assert answer_hard(state) == Decide("keep", str(uturn))


def test_conditional_program_parks_a_card_but_not_the_one_the_crab_legs_need() -> None:
    state = make(GRID_3x5, ["b2 N options=conditional-program,crab-legs", "out"], ["a2", "e3"])
    program(state, 0, ["1", "U", "U", "U", "U"], spare=("L", "B"))
    assert state.pending_kind(0) == "park"
    action = answer_hard(state)
    assert action.value != "none" and KIND_SHORT[KIND[int(action.value)]] == "B"
    assert state.pending_kind(0) == "crab"
    assert answer_hard(state).value.endswith("@1")


# -- end of turn ----------------------------------------------------------------------------
def _at_end_of_turn(robot: str, kind: str, flags: list[str] | None = None, grid: str = GRID_3x5):
    state = make(grid, [robot, "out"], flags or ["e3"])
    state.phase = "endturn"
    state.bots[0].pending = [kind]
    state.bots[0].hand = []
    return state


@pytest.mark.parametrize(
    ("robot", "choice"),
    [
        ("c2 N damage=1", "option"),
        ("c2 N damage=5", "repair"),
        ("c2 N damage=6 announce", "option"),
        ("c2 N damage=3 options=circuit-breaker", "repair"),
        ("c2 N damage=6 options=circuit-breaker", "option"),
    ],
)
def test_double_wrench_repair_or_option(robot: str, choice: str) -> None:
    announce = robot.endswith(" announce")
    state = _at_end_of_turn(robot.removesuffix(" announce"), "wrench")
    state.bots[0].announce = announce
    assert ask(state) == Decide("wrench", choice)


@pytest.mark.parametrize(
    ("options", "lost"),
    [
        ("extra-memory,circuit-breaker,fourth-gear", "circuit-breaker"),
        ("superior-archive,brakes", "brakes"),
        ("mini-howitzer,dual-processor", "mini-howitzer"),
    ],
)
def test_a_destroyed_robot_gives_up_its_least_useful_option(options: str, lost: str) -> None:
    state = _at_end_of_turn(f"c2 N options={options}", "discard")
    state.bots[0].pos = -1
    state.bots[0].howitzer = 1
    assert ask(state) == Decide("discard", lost)


@pytest.mark.parametrize(
    ("rows", "flag", "regs", "free"),
    [
        # a U-Turn locked in register 4 spoils the run north; the Move 2 in 5 finishes it
        (12, "b1", "0,0,0,10,670", "4"),
        # a Move 3 locked in register 4 is needed to reach the flag 14 squares away in time
        (16, "b2", "0,0,0,790,10", "5"),
    ],
)
def test_unlock_frees_the_register_whose_locked_card_hampers_next_turn(
    rows: int, flag: str, regs: str, free: str
) -> None:
    grid = "\n" + "\n".join([".. .. .."] * rows) + "\n"
    robot = f"b{rows} N damage=5 locked=45 regs={regs}"
    state = _at_end_of_turn(robot, "unlock", [flag], grid)
    assert [c.value for c in state.view(0).choices] == ["4", "5"]
    assert ask(state) == Decide("unlock", free)


# -- Recompile ---------------------------------------------------------------------------------
def _hand(state: RoboRallyState, tokens: list[str]) -> None:
    b = state.bots[0]
    state.deck.extend(b.hand)
    b.hand = [take(state, t) for t in tokens]


def test_recompile_a_hand_that_cannot_move() -> None:
    grid = "\n" + "\n".join([".. .. .."] * 8) + "\n"
    state = make(grid, ["b8 N options=recompile", "out"], ["b1"])
    _hand(state, ["U", "U", "U", "L", "L", "L", "R", "R", "R"])
    view = state.view(0)
    assert Decide("recompile", "") in view.legal_actions()
    assert should_recompile(hard(), view, None)
    assert should_recompile(hard(), view, -70.0)  # a search that found no progress either


def test_no_recompile_with_a_good_hand_or_too_much_damage() -> None:
    grid = "\n" + "\n".join([".. .. .."] * 8) + "\n"
    state = make(grid, ["b8 N options=recompile", "out"], ["b1"])
    _hand(state, ["3", "3", "1", "U", "L", "L", "R", "R", "B"])
    assert not should_recompile(hard(), state.view(0), None)
    hurt = make(grid, ["b8 N options=recompile damage=4", "out"], ["b1"])
    _hand(hurt, ["U", "U", "L", "L", "R"])
    assert not should_recompile(hard(), hurt.view(0), None)
    plain = make(grid, ["b8 N", "out"], ["b1"])
    _hand(plain, ["U", "U", "U", "L", "L", "L", "R", "R", "R"])
    assert not should_recompile(hard(), plain.view(0), None)


# -- honesty and legality ----------------------------------------------------------------------
def test_the_view_holds_the_seats_own_option_state_only() -> None:
    state = _pushed_into_danger("conditional-program", spare=("L",))
    parked = state.bots[0].hand[0]
    state.apply(Decide("park", str(parked)), 0)
    assert state.view(0).parked == parked
    assert state.view(1).parked == 0  # Blue's own (none), never Red's
    before = state.canonical()
    state.view(0)
    assert state.canonical() == before


def deal_all_options(state: RoboRallyState, rng: random.Random) -> None:
    """Every option card, dealt round the robots."""
    deck = list(OPTION_IDS)
    rng.shuffle(deck)
    state.option_deck = []
    for i, option in enumerate(deck):
        b = state.bots[i % state.num_players]
        b.options.append(option)
        b.ablative = 3 if option == "ablative-coat" else b.ablative
        b.howitzer = 5 if option == "mini-howitzer" else b.howitzer


def play_with_hard_decisions(seed: int, hard_programs: bool = False) -> tuple[int, float]:
    rng = random.Random(seed)
    courses = bundled_courses()
    n = 2 + seed % 4
    options = {"course": courses[seed % len(courses)], "max_turns": 3 + seed % 3}
    state = ROBORALLY.new_game(n, options, seed)
    deal_all_options(state, rng)
    players = [LEVELS["hard"](seat=s, level="hard", seed=s) for s in range(n)]
    for p in players:
        p.time_budget = 0.03
    randoms = [RandomPlayer(s, "random", seed * 31 + s) for s in range(n)]
    asked = 0
    while not state.is_terminal():
        for seat in state.to_move():
            view = state.view(seat)
            legal = view.legal_actions()
            if view.pending == "program" and not hard_programs:
                action = randoms[seat].choose(view)
            else:
                action = players[seat].choose(view)
                if view.pending != "program":
                    answer = decide_option(players[seat], view)
                    asked += 1
                    assert answer is None or answer in legal, (view.pending, answer)
                    if answer is not None:
                        assert action == answer, "hard plays the option decision"
            assert action in legal, (seed, view.pending, action)
            state.apply(action, seat)
    return asked


CHUNKS = 4
GAMES = 240


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_hard_answers_legally_with_every_option_card_in_play(chunk: int) -> None:
    per = GAMES // CHUNKS
    asked = sum(play_with_hard_decisions(seed) for seed in range(chunk * per, (chunk + 1) * per))
    assert asked > per * 5


def test_hard_plays_whole_games_with_every_option_card() -> None:
    for seed in range(3):
        assert play_with_hard_decisions(1000 + seed, hard_programs=True) > 0
    assert len(DECK) == 84 and REGISTERS == 5


def test_the_option_simulator_knows_the_mechanical_arm_repairs_from_next_door() -> None:
    """The arm's end-of-turn repair from a wrench one square away (not through a wall) is
    worth the same to the hard player's option decisions as standing on it."""
    from engines.roborally.ai.simulation import OptionSim

    state = make("\n.. .. w1\n.. .. ..\n", ["a2 N", "out"], ["a1"], walls=("c2 N",))
    lay = state.layout
    arm, plain = OptionSim(lay, ["mechanical-arm"]), OptionSim(lay, [])
    b1, c2, b2 = square(state, "b1"), square(state, "c2"), square(state, "b2")
    assert arm.final(b1, 0, 0, 3) > plain.final(b1, 0, 0, 3)  # w1 is next door
    assert arm.final(c2, 0, 0, 3) == plain.final(c2, 0, 0, 3)  # a wall between
    assert arm.final(b2, 0, 0, 3) == plain.final(b2, 0, 0, 3)  # diagonal: out of reach
    assert arm.final(b1, 0, 0, 0) == plain.final(b1, 0, 0, 0)  # nothing to repair
