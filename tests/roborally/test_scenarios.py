"""Data-driven RoboRally rule scenarios: every file in ``tests/roborally/scenarios``.

Each ``[[scenario]]`` table is one turn on a small board::

    [[scenario]]
    name = "Move 2 pushes a robot into a wall: nobody moves"
    board = \"\"\"
    .. .. ..
    .. .. ..
    \"\"\"
    walls = ["c1 E"]                      # as in board files; also lasers/pushers/crushers
    flags = ["c1"]                         # the course's flags, in order
    robots = ["a1 E", "b1 N damage=2"]     # square, facing, then key=value or words
    programs = ["670 80 90 100 110", "-"]  # 5 cards per robot ("-": no program)
    decisions = ["0 speed 0"]              # answers in the order they are asked
    [[scenario.expect]]
    register = 1                           # 1-5, or 6 = after the turn (and re-entries)
    robots = ["a1 E", "b1 N damage=2"]
    events = ["1 pushed"]                  # pieces of text the register's events must hold

Robot words: ``damage=N lives=N flags=N archive=SQ options=a,b locked=45 regs=c,c,c,c,c
fc=N`` (Fire Control locks), ``hand=c,c`` (extra cards dealt besides the program),
``virtual``, ``powered`` (powered down from the start of the turn), ``announce``. In programs
a card is its priority, or a kind letter (``1 2 3 B L R U``) for the lowest free card of that
kind; ``pd`` at the end announces a power down. Expected robots: a square and facing, or
``dead`` (off the board), then any of ``damage= lives= flags= locked= regs= archive=
options=a,b`` (``options=#N``: how many), ``inhand=CARD``, ``virtual``, ``real``,
``powered``, ``announce``. ``register = 6`` is the position after the turn, once re-entries
are placed and the next hands dealt. Other scenario keys: ``deck`` (cards on top of the deck,
first drawn first), ``dealt`` (hand sizes), ``result`` (the winners when the game ends),
``options_cards``, ``seed``, and ``no_events`` in an expectation.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from engines.roborally.boardfile import DIRS, layout_from_board, parse_board
from engines.roborally.cards import DECK, KIND, KIND_SHORT
from engines.roborally.state import REGISTERS, Decide, Program, RoboRallyState

FOLDER = Path(__file__).parent / "scenarios"


def load_scenarios() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(FOLDER.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for sc in data["scenario"]:
            out.append((f"{path.stem}: {sc['name']}", sc))
    return out


SCENARIOS = load_scenarios()


def square(layout, name: str) -> int:
    x, y = ord(name[0]) - 97, int(name[1:]) - 1
    return y * layout.width + x


def name_of(layout, i: int) -> str:
    return f"{chr(97 + i % layout.width)}{i // layout.width + 1}"


def build(sc: dict[str, Any]) -> RoboRallyState:
    parts = [f'grid = """{sc["board"]}"""']
    parts.append(f"walls = {sc.get('walls', [])!r}".replace("'", '"'))
    for key in ("lasers", "pushers", "crushers"):
        for t in sc.get(key, []):
            parts.append(f"[[{key}]]")
            for k, v in t.items():
                parts.append(f"{k} = {v!r}".replace("'", '"'))
    board = parse_board("\n".join(parts), "scenario.toml", "scenario")
    flags = []
    for f in sc.get("flags", []):
        flags.append((ord(f[0]) - 97, int(f[1:]) - 1))
    layout = layout_from_board(board, flags)
    n = len(sc["robots"])
    state = RoboRallyState(
        layout,
        n,
        sc.get("seed", 1),
        start="docks",
        options_cards=sc.get("options_cards", True),
        max_turns=5,
    )
    for s, text in enumerate(sc["robots"]):
        b = state.bots[s]
        words = text.split()
        b.pos = square(layout, words[0]) if words[0] != "dead" else -1
        b.facing = DIRS.index(words[1]) if b.pos >= 0 else 0
        b.archive = b.pos
        b.pending = []
        for w in words[2:]:
            key, _, value = w.partition("=")
            if key == "damage":
                b.damage = int(value)
            elif key == "lives":
                b.lives = int(value)
            elif key == "flags":
                b.flags = int(value)
            elif key == "archive":
                b.archive = square(layout, value)
            elif key == "options":
                b.options = value.split(",")
                if "ablative-coat" in b.options:
                    b.ablative = 3
                if "mini-howitzer" in b.options:
                    b.howitzer = 5
            elif key == "locked":
                for ch in value:
                    b.locked[int(ch) - 1] = True
            elif key == "regs":
                b.regs = [int(c) for c in value.split(",")]
            elif key == "fc":
                b.fc_locks = int(value)
            elif key in ("hand", "face"):
                pass
            elif key == "virtual":
                b.virtual = True
            elif key == "powered":
                b.announce = True  # powered down from the start of this turn
            elif key == "announce":
                b.announce = True
            else:
                raise AssertionError(f"unknown robot word {w!r}")
    return state


def rig(state: RoboRallyState, sc: dict[str, Any]) -> list[Program | None]:
    """Give each robot a hand holding its program (and extra cards); fix the deck."""
    used: set[int] = {c for b in state.bots for c in b.regs if c}
    wanted: list[list[int]] = []
    late: list[int] = []
    programs: list[Program | None] = []
    for s, text in enumerate(sc["programs"]):
        b = state.bots[s]
        if text.strip() == "-":
            programs.append(None)
            wanted.append([])
            continue
        tokens = text.split()
        pd = tokens[-1] == "pd"
        if pd:
            tokens = tokens[:-1]
        assert len(tokens) == REGISTERS, f"program {text!r} needs 5 cards"
        cards = []
        for r, tok in enumerate(tokens):
            if b.locked[r]:
                cards.append(b.regs[r])
                continue
            cards.append(pick(tok, used))
        extra = []
        for w in sc["robots"][s].split()[2:]:
            if w.startswith("hand="):
                extra = [pick(t, used) for t in w[5:].split(",")]
        if f"{s} recompile" in sc.get("decisions", []):
            # the program comes from the new hand: its cards go on top of the deck
            late.extend(c for r, c in enumerate(cards) if not b.locked[r])
            late.extend(extra)
            wanted.append([])
        else:
            wanted.append([c for r, c in enumerate(cards) if not b.locked[r]] + extra)
        programs.append(Program(tuple(cards), pd))
    free = [c for c in DECK if c not in used]
    for s, b in enumerate(state.bots):
        if not b.hand and not wanted[s]:
            continue
        size = len(b.hand)
        if not wanted[s]:
            b.hand = [free.pop() for _ in range(size)]
            used.update(b.hand)
            continue
        hand = list(wanted[s])
        while len(hand) < size:
            hand.append(free.pop())
        used.update(hand)
        b.hand = hand
    kept = {c for b in state.bots for c in b.regs if c}
    deck = [c for c in free if c not in used and c not in kept]
    top = [int(c) for c in sc.get("deck", [])] + late
    for c in top:
        if c in deck:
            deck.remove(c)
        else:  # a card that was dealt: swap it out of its hand for a spare deck card
            for b in state.bots:
                if c in b.hand:
                    b.hand[b.hand.index(c)] = deck.pop(0)
    state.deck = deck + list(reversed(top))
    if "dealt" in sc:
        assert [len(b.hand) for b in state.bots] == sc["dealt"]
    return programs


def pick(token: str, used: set[int]) -> int:
    if token.isdigit() and int(token) >= 10:
        card = int(token)
        assert card not in used, f"card {card} used twice"
    else:
        kind = KIND_SHORT.index(token)
        card = next(c for c in DECK if KIND[c] == kind and c not in used)
    used.add(card)
    return card


def robot_text(state: RoboRallyState, s: int, pic: tuple | None = None) -> str:
    b = state.bots[s]
    return f"{name_of(state.layout, b.pos) if b.pos >= 0 else 'dead'} {DIRS[b.facing]}"


def check_robot(state: RoboRallyState, pic: tuple, b: Any, s: int, text: str, where: str) -> None:
    pos, facing, damage, lives, flags, virtual = pic
    words = text.split()
    if words[0] == "dead":
        assert pos < 0, (
            f"{where}: robot {s} should be off the board, is at {name_of(state.layout, pos)}"
        )
        rest = words[1:]
    else:
        got = f"{name_of(state.layout, pos) if pos >= 0 else 'dead'} {DIRS[facing]}"
        assert got == f"{words[0]} {words[1]}", f"{where}: robot {s} is {got}, expected {text}"
        rest = words[2:]
    for w in rest:
        key, _, value = w.partition("=")
        if key == "damage":
            assert damage == int(value), f"{where}: robot {s} damage {damage}, expected {value}"
        elif key == "lives":
            assert lives == int(value), f"{where}: robot {s} lives {lives}, expected {value}"
        elif key == "flags":
            assert flags == int(value), f"{where}: robot {s} flags {flags}, expected {value}"
        elif key == "virtual":
            assert virtual, f"{where}: robot {s} should be virtual"
        elif key == "real":
            assert not virtual, f"{where}: robot {s} should be real"
        elif key == "locked":
            got = "".join(str(r + 1) for r in range(REGISTERS) if b.locked[r])
            assert got == value, f"{where}: robot {s} locked {got!r}, expected {value!r}"
        elif key == "options" and value.startswith("#"):
            assert len(b.options) == int(value[1:]), f"{where}: robot {s} options {b.options}"
        elif key == "inhand":
            assert int(value) in b.hand, f"{where}: robot {s} hand {b.hand} lacks {value}"
        elif key == "options":
            got = ",".join(sorted(b.options)) or "none"
            assert got == ",".join(sorted(value.split(","))), f"{where}: robot {s} options {got}"
        elif key == "powered":
            assert b.powered, f"{where}: robot {s} should be powered down"
        elif key == "announce":
            assert b.announce, f"{where}: robot {s} should have announced a power down"
        elif key == "archive":
            got = name_of(state.layout, b.archive)
            assert got == value, f"{where}: robot {s} archive {got}, expected {value}"
        elif key == "regs":
            got = ",".join(str(c) for c in b.regs)
            assert got == value, f"{where}: robot {s} registers {got}, expected {value}"
        else:
            raise AssertionError(f"unknown expectation {w!r}")


def run_scenario(sc: dict[str, Any]) -> RoboRallyState:
    state = build(sc)
    state.trace = []
    state._start_turn()  # a turn of powered-down robots only runs at once
    start_turn = 1
    programs = rig(state, sc)
    decisions = list(sc.get("decisions", []))
    for s, program in enumerate(programs):
        if decisions and decisions[0] == f"{s} recompile":
            answer(state, decisions)
        if program is not None and state.turn == start_turn:
            assert state.pending_kind(s) == "program", f"robot {s} is not asked for a program"
            assert program in state.legal_actions(s), f"robot {s}: {program} is not legal"
            state.apply(program, s)
        while (
            state.phase == "program"
            and state.bots[s].pending
            and decisions
            and decisions[0].startswith(f"{s} ")
        ):
            answer(state, decisions)
    guard = 0
    while state.phase != "over" and (state.turn == start_turn) and guard < 100:
        guard += 1
        seats = state.to_move()
        if not seats:
            break
        if (
            not (decisions and decisions[0].startswith(f"{seats[0]} stay"))
            and state.pending_kind(seats[0]) == "stay"
        ):
            state.apply(Decide("stay", "no"), seats[0])  # unless the scenario says otherwise
            continue
        if (
            not (decisions and decisions[0].startswith(f"{seats[0]} sacrifice"))
            and state.pending_kind(seats[0]) == "sacrifice"
        ):
            state.apply(Decide("sacrifice", "none"), seats[0])  # takes the damage unless told
            continue
        assert decisions, (
            f"robot(s) {seats} must decide {state.pending_kind(seats[0])!r} "
            f"but the scenario has no more decisions"
        )
        answer(state, decisions)
    assert not decisions, f"decisions never asked: {decisions}"
    return state


def answer(state: RoboRallyState, decisions: list[str]) -> None:
    text = decisions.pop(0)
    seat_text, kind, *value = text.split(" ", 2)
    seat = int(seat_text)
    asked = state.pending_kind(seat)
    assert asked == kind or (kind == "recompile" and asked == "program"), (
        f"expected robot {seat} to be asked {kind!r}, it is asked {asked!r} "
        f"(to move: {state.to_move()})"
    )
    action = Decide(kind, value[0] if value else "")
    legal = state.legal_actions(seat)
    assert action in legal, f"{text!r} is not legal; choices: {[str(a) for a in legal]}"
    state.apply(action, seat)


@pytest.mark.parametrize("sc", [s for _, s in SCENARIOS], ids=[n for n, _ in SCENARIOS])
def test_scenario(sc: dict[str, Any]) -> None:
    state = run_scenario(sc)
    trace = state.trace or []
    for exp in sc.get("expect", []):
        reg = exp["register"]
        want = (2, 0) if reg == 6 else (1, reg)
        found = [p for p in trace if (p.turn, p.register) == want]
        assert found, f"register {reg} never ran"
        pic = found[0]
        robots = pic.robots
        events = pic.events
        where = f"register {reg}" if reg != 6 else "after the turn"
        for s, text in enumerate(exp.get("robots", [])):
            if text == "*":
                continue
            check_robot(state, robots[s], pic.bots[s], s, text, where)
        for e in exp.get("events", []):
            assert any(e in ev for ev in events), f"{where}: no event {e!r} in {events}"
        for e in exp.get("no_events", []):
            assert not any(e in ev for ev in events), f"{where}: unexpected {e!r} in {events}"
    if "result" in sc:
        result = state.result()
        assert result is not None, "the game should be over"
        assert list(result.winners) == sc["result"], result


def test_there_are_enough_scenarios() -> None:
    assert len(SCENARIOS) >= 60
    names = [n for n, _ in SCENARIOS]
    assert len(set(names)) == len(names)


def test_every_option_card_has_a_scenario() -> None:
    from engines.roborally.cards import OPTION_IDS

    owned = set()
    for _, sc in SCENARIOS:
        for text in sc["robots"]:
            for word in text.split():
                if word.startswith("options="):
                    owned.update(word[8:].split(","))
    assert set(OPTION_IDS) <= owned, set(OPTION_IDS) - owned
