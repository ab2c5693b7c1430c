"""RoboRally ``hard``: the whole table in the search, power down by search.

Hand-built positions where the frozen ``Hard2026`` errs: it stays powered down in a board
laser, it walks into another robot's push, it ignores what its Circuit Breaker will do.
"""

from __future__ import annotations

import random

from engines.roborally import ROBORALLY
from engines.roborally.ai import search as ai_search
from engines.roborally.ai.evaluation import laser_damage, simulate_program
from engines.roborally.ai.rescore import exposure, table_values
from engines.roborally.ai.search import SearchPlayer
from engines.roborally.ai.table import play_turn, unseen_cards
from engines.roborally.boardfile import layout_from_board, parse_board
from engines.roborally.cards import DECK, KIND, LEFT, MOVE1, MOVE2, MOVE3, RIGHT, UTURN
from engines.roborally.state import REGISTERS, Decide, Program, RoboRallyState
from tests.reference_players.roborally import Hard2026


def small(grid: str, flags: list[str], lasers: str = "") -> RoboRallyState:
    text = f'grid = """\n{grid}\n"""\n{lasers}'
    board = parse_board(text, "t.toml", "t")
    xy = [(ord(f[0]) - 97, int(f[1:]) - 1) for f in flags]
    return RoboRallyState(layout_from_board(board, xy), 2, 1, start="docks", max_turns=20)


def sq(state: RoboRallyState, name: str) -> int:
    return (int(name[1:]) - 1) * state.layout.width + ord(name[0]) - 97


def place(state, seat: int, name: str, facing: str, **kw) -> None:
    b = state.bots[seat]
    b.pos = b.archive = sq(state, name)
    b.facing = "NESW".index(facing)
    b.pending = []
    for k, v in kw.items():
        setattr(b, k, v)


def deal(state, hand: list[int]) -> None:
    """Red is to program this hand (the rest of the deck stays as it was)."""
    b = state.bots[0]
    b.hand = list(hand)
    b.pending = ["program"]
    state.phase = "program"
    state.turn = 3
    state.deck = [c for c in state.deck if c not in hand]


def stay_question(course: str, square: str, damage: int) -> RoboRallyState:
    """Red alone, powered down on ``square`` with the damage the turn dealt: stay?"""
    state = ROBORALLY.new_game(2, {"course": course, "start": "docks"}, seed=9)
    blue = state.bots[1]
    blue.lives, blue.pos, blue.pending = 0, -1, []
    red = state.bots[0]
    lay = state.layout
    at = next(i for i in range(lay.width * lay.height) if lay.short_name(i) == square)
    red.pos, red.facing, red.flags, red.damage = at, 3, 3, damage
    red.powered = True
    red.pending = ["stay"]
    state.phase = "endturn"
    return state


# -- power down ----------------------------------------------------------------------------
def test_grand_tour_k1_laser_no_more_turns_powered_down() -> None:
    """Grand-tour seed 9: powered down on k1 in the row-1 laser, 5 damage taken meanwhile.
    The frozen hard stays down (taking 5 a turn for 26 turns); ``hard`` powers up to move
    off."""
    state = stay_question("grand-tour", "k1", 5)
    view = state.view(0)
    assert laser_damage(view.layout, view.robots[0].pos) > 0
    assert Hard2026(seat=0, level="hard", seed=9).choose(view) == Decide("stay", "yes")
    assert SearchPlayer(seat=0, level="hard", seed=9).choose(view) == Decide("stay", "no")


def test_staying_down_still_pays_off_a_laser() -> None:
    """Off the laser, with much damage, another turn down is still worth it."""
    state = stay_question("grand-tour", "k2", 7)
    view = state.view(0)
    hard = SearchPlayer(seat=0, level="hard", seed=9)
    assert not hard.down_hurts(view.layout, view.robots[0].pos, view.robots[0].facing)
    assert hard.choose(view) == Decide("stay", "yes")


def test_power_down_only_where_the_board_does_not_hurt() -> None:
    """Pit-stop-seed-7-like: a damaged robot in a board laser programs a power down only
    with a program that ends off every damaging square (it leaves the laser first)."""
    grid = "\n".join([".. .. .. .. .. .."] * 3)
    lasers = '[[lasers]]\nat = "a2"\ndir = "E"\nbeams = 2\n'
    announced = 0
    for seed in range(1, 7):
        state = small(grid, ["f3"], lasers)
        place(state, 0, "c2", "N", damage=6)
        place(state, 1, "a1", "E", lives=0)
        state.bots[1].pos = -1
        state._settle_locks(0)
        rng = random.Random(seed)
        free = [c for c in DECK if KIND[c] in (UTURN, LEFT, RIGHT, MOVE1)]
        deal(state, rng.sample(free, state.hand_size(state.bots[0])))
        view = state.view(0)
        program = SearchPlayer(seat=0, level="hard", seed=seed).choose(view)
        assert program in view.legal_actions()
        if program.power_down:
            announced += 1
            me = view.robots[0]
            kinds = [KIND[c] for c in program.cards]
            end, facing, *_ = simulate_program(view.layout, me.pos, me.facing, 0, kinds)
            assert not SearchPlayer(0).down_hurts(view.layout, end, facing)
    assert announced >= 1


# -- the other robots ----------------------------------------------------------------------
def push_position() -> RoboRallyState:
    """Red on b2 facing its flag two squares ahead on b4; Blue on a2 facing east with
    every register locked (9 damage): its Move 2 (780) in register 1 pushes whatever is on b2
    into the pit on c2 before any Move 2 of Red's moves."""
    grid = "\n".join([".. .. .. ..", ".. .. XX ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."])
    state = small(grid, ["b4"])
    place(state, 0, "b2", "S")
    place(state, 1, "a2", "E", damage=9, locked=[True] * REGISTERS, regs=[780, 10, 20, 30, 40])
    deal(state, [670, 800, 430, 70, 90, 110, 130, 150, 170])
    return state


def test_a_push_from_a_visible_program_makes_the_naive_program_fatal() -> None:
    state = push_position()
    view = state.view(0)
    assert view.robots[1].revealed[0] == 780  # locked: face up for every seat
    naive = Hard2026(seat=0, level="hard", seed=1).choose(view)
    assert naive.cards[0] == 670  # alone, Move 2 touches the flag at once
    deck = unseen_cards(view)
    others = {1: list(state.bots[1].regs)}
    st, out = play_turn(view, naive.cards, False, others, deck, 1)
    assert st.bots[0].destroyed  # pushed into the pit first
    new = SearchPlayer(seat=0, level="hard", seed=1).choose(view)
    assert KIND[new.cards[0]] == MOVE3  # it moves first (800 > 780), then backs onto the flag
    st, out = play_turn(view, new.cards, False, others, deck, 1)
    assert not st.bots[0].destroyed and st.winners == (0,)


def test_table_values_price_the_death_and_keep_samples_common() -> None:
    state = push_position()
    view = state.view(0)
    programs = [(670, 70, 90, 110, 130), (800, 430, 90, 130, 70)]
    clock = iter(range(1000)).__next__
    means, deaths, played = table_values(view, 0, programs, 4, random.Random(3), 1e9, clock)
    assert played == 4
    assert deaths == [1.0, 0.0]
    assert means[0] < means[1]


def test_the_lone_score_breaks_what_the_table_barely_tells_apart(monkeypatch) -> None:
    """The table's value is a mean over a few guessed turns of the others: a small lead of a
    slower program there does not beat the lone search's fastest (BLEND); a large one does;
    and when the fastest risks more deaths than another, the table alone decides."""
    state = four_robots()
    view = state.view(0)
    seen: list[list[tuple[int, ...]]] = []

    def table(lead: float, risk: float):
        def fake(view, seat, programs, *args, **kw):
            seen.append(list(programs))
            means = [0.0] * len(programs)
            means[-1] = lead  # the last candidate: the best of another first card
            deaths = [risk] * len(programs)
            deaths[-1] = 0.0
            return means, deaths, 1

        return fake

    for lead, risk, pick in ((1.0, 0.0, 0), (5000.0, 0.0, -1), (0.0, 0.01, -1)):
        monkeypatch.setattr("engines.roborally.ai.search.table_values", table(lead, risk))
        player = SearchPlayer(seat=0, level="hard", seed=7)
        player.clock = FakeClock(0.0)
        action = player.choose(view)
        assert len(seen[-1]) > 1
        assert action.cards == seen[-1][pick]


def test_every_candidate_risky_widens_to_slower_programs(monkeypatch) -> None:
    """When the table's best program still dies in WIDEN_RISK of the sampled turns, the lone
    search's WIDER best programs not judged yet meet the same sampled turns, and a safe one
    among them is played; a safe best leaves the first candidates alone."""
    state = four_robots()
    view = state.view(0)

    def run(first_risk: float) -> tuple[list[list[tuple[int, ...]]], list[float], object]:
        calls: list[list[tuple[int, ...]]] = []
        seeds: list[float] = []

        def fake(view, seat, programs, samples, rng, *args, **kw):
            calls.append(list(programs))
            seeds.append(rng.random())
            risk = first_risk if len(calls) == 1 else 0.0
            deaths = [risk] * len(programs)
            if len(calls) == 2:
                deaths[:-1] = [1.0] * (len(programs) - 1)  # the last of the wider ones is safe
            return [0.0] * len(programs), deaths, 3

        monkeypatch.setattr("engines.roborally.ai.search.table_values", fake)
        player = SearchPlayer(seat=0, level="hard", seed=7)
        player.clock = FakeClock(0.0)
        return calls, seeds, player.choose(view)

    calls, seeds, action = run(ai_search.WIDEN_RISK)
    assert len(calls) == 2 and seeds[0] == seeds[1]
    assert calls[1] and not set(calls[0]) & set(calls[1])
    assert len(calls[0]) + len(calls[1]) > ai_search.CANDIDATES
    assert action.cards == calls[1][-1]
    calls, _, action = run(ai_search.WIDEN_RISK / 2)
    assert len(calls) == 1


# -- option cards in the search ------------------------------------------------------------
def breaker_position(options: list[str]) -> RoboRallyState:
    """Red (3 damage) on a1 facing east, two Move 3s and turns; a board laser on g1. Alone
    its best ends on g1 (one register in the beam, 1 register from the flag on h1); with a
    Circuit Breaker that end means a turn powered down in the laser."""
    state = small(".. .. .. .. .. .. .. ..", ["h1", "a1"], LASER_G1)
    place(state, 0, "a1", "E", damage=3, options=options)
    place(state, 1, "b1", "E", lives=0)
    state.bots[1].pos = -1
    deal(state, [840, 830, 70, 80, 10, 90])
    return state


LASER_G1 = '[[lasers]]\nat = "g1"\ndir = "N"\nbeams = 1\n'


def end_of(view, program: Program) -> tuple[int, int]:
    me = view.robots[0]
    kinds = [KIND[c] for c in program.cards]
    pos, _, _, dmg, _ = simulate_program(view.layout, me.pos, me.facing, me.flags, kinds)
    return pos, dmg


def test_circuit_breaker_changes_the_program() -> None:
    plain = breaker_position([])
    view = plain.view(0)
    free = SearchPlayer(seat=0, level="hard", seed=1).choose(view)
    pos, _ = end_of(view, free)
    assert view.layout.short_name(pos) == "g1"
    held = breaker_position(["circuit-breaker"])
    view = held.view(0)
    careful = SearchPlayer(seat=0, level="hard", seed=1).choose(view)
    pos, dmg = end_of(view, careful)
    assert laser_damage(view.layout, pos) == 0 and dmg == 0


# -- determinism and budget ----------------------------------------------------------------
def four_robots(seed: int = 5) -> RoboRallyState:
    state = ROBORALLY.new_game(4, {"course": "pit-stop", "start": "docks"}, seed=seed)
    for seat in state.to_move():
        state.apply(state.legal_actions(seat)[0], seat)
    return state


def test_the_same_seed_gives_the_same_programs() -> None:
    state = four_robots()
    for seat in range(4):
        view = state.view(seat)
        a = SearchPlayer(seat=seat, level="hard", seed=7)
        b = SearchPlayer(seat=seat, level="hard", seed=7)
        a.time_budget = b.time_budget = 60.0
        assert a.choose(view) == b.choose(view)
        assert a.last_table is not None and a.last_table == b.last_table


class FakeClock:
    """Each reading moves time on by ``step`` seconds."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def test_the_budget_stops_the_sampling() -> None:
    state = four_robots()
    view = state.view(0)
    slow = SearchPlayer(seat=0, level="hard", seed=7)
    slow.clock = FakeClock(0.05)  # every reading: 50 ms gone
    action = slow.choose(view)
    assert action in view.legal_actions()
    assert slow.last_table is not None
    assert slow.last_table[2] < slow.samples  # it stopped sampling early
    fast = SearchPlayer(seat=0, level="hard", seed=7)
    fast.clock = FakeClock(0.0)
    fast.choose(view)
    assert fast.last_table is not None and fast.last_table[2] == fast.samples


def test_hidden_cards_do_not_change_the_rescored_program() -> None:
    """Honesty: the table is built from the view: other robots' hidden programs and the
    deck order change nothing."""
    state = four_robots(6)
    for seat in (1, 2, 3):
        state.apply(state.legal_actions(seat)[seat * 7], seat)
    view = state.view(0)
    first = SearchPlayer(seat=0, level="hard", seed=3).choose(view)
    other = state.clone()
    for s in (1, 2, 3):
        other.bots[s].regs = list(reversed(other.bots[s].regs))
    other.deck.reverse()
    assert SearchPlayer(seat=0, level="hard", seed=3).choose(other.view(0)) == first


def test_program_is_legal_with_power_down_choice() -> None:
    state = four_robots()
    b = state.bots[0]
    b.damage = 6
    state._settle_locks(0)
    b.hand = b.hand[: state.hand_size(b)]
    view = state.view(0)
    action = SearchPlayer(seat=0, level="hard", seed=2).choose(view)
    assert isinstance(action, Program) and action in view.legal_actions()
    assert KIND[action.cards[0]] in (UTURN, LEFT, RIGHT, MOVE1, MOVE2, MOVE3, 3)


def test_exposure_counts_a_pit_beside_and_a_robot_in_line_behind() -> None:
    grid = "\n".join([".. .. .. .. ..", ".. .. XX .. .."])
    state = small(grid, ["e1"])
    place(state, 0, "b2", "E")  # the pit on c2 east of it
    place(state, 1, "a2", "E")  # a robot west of it, in line: a push next turn
    assert exposure(state, 0) == 1.0
    place(state, 1, "a1", "E")  # out of line
    assert exposure(state, 0) == 0.0
    state.bots[1].virtual = True  # a virtual robot pushes nobody
    place(state, 1, "a2", "E", virtual=True)
    assert exposure(state, 0) == 0.0
