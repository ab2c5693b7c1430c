"""The RoboRally log tells what a player sees change on the robots' table besides the moves:
archive markers moving (a flag or repair site touched), the end of a turn (virtual robots
becoming real, repairs), power downs announced (public once the programs are revealed),
starting, kept and ended; and a resumed game tells its last turns again (replayed_log).
Engine events in engines/roborally/state.py, words in screens/roborally/log.py."""

from __future__ import annotations

from pathlib import Path

from engines.match import LoggedAction, Match
from engines.roborally import ROBORALLY
from engines.roborally.players import LEVELS
from engines.roborally.state import Decide, RoboRallyState
from saves.format import loads_save
from screens.roborally.log import decision_note, narrate, replayed_log, retold_log, tell
from tests.roborally.test_log import one_turn, register_lines
from tests.roborally.test_scenarios import build, rig

FIXTURE = Path(__file__).parents[1] / "fixtures" / "saves" / "format-1-roborally.toml"


def told(state: RoboRallyState) -> list[str]:
    """Every line the trace's pictures tell, in order (as the screen plays them back)."""
    told_lines: list[tuple[str, str]] = []
    before = None
    for picture in state.trace or []:
        start = picture.start or before or [(b.pos, b.facing) for b in picture.bots]
        tell(told_lines, narrate(picture, start, state.layout))
        before = [(b.pos, b.facing) for b in picture.bots]
    return [text for text, _ in told_lines]


def after(lines: list[str], first: str, count: int) -> list[str]:
    """``count`` lines from the line ``first`` on."""
    at = lines.index(first)
    return lines[at : at + count]


# -- archive markers ---------------------------------------------------------------------
def test_touching_a_wrench_moves_the_archive_and_the_log_says_so_once() -> None:
    """Blue drives onto the wrench at b1: the Arch column changes, and so does the log."""
    state = one_turn(".. w1 ..\n.. .. ..\n.. .. ..", ["a3 E", "b2 N"], ["L R L R L", "1 L R L R"])
    events, lines = register_lines(state, 1, 1)
    assert events[-1] == "1 archive b1"
    assert lines[1:] == [
        "  Blue Move1: b2N -> b1N",
        "  Red Left: a3E -> a3N",
        "  Blue's archive moves to b1",
    ]  # touched as the register ends
    for reg in range(2, 6):  # still on the wrench: the archive does not move again
        events, _ = register_lines(state, 1, reg)
        assert not any("archive" in e for e in events), (reg, events)
    assert state.bots[1].archive == 1  # b1


def test_a_flag_is_touched_then_the_archive_moves_there() -> None:
    state = one_turn(".. .. ..\n.. .. ..\n.. .. ..", ["b3 N"], ["1 L R L R"], flags=["b2", "c3"])
    _, lines = register_lines(state, 1, 1)
    assert lines[1:] == [
        "  Red Move1: b3N -> b2N",
        "  Red touches flag 1",
        "  Red's archive moves to b2",
    ]


def test_a_mechanical_arm_moves_the_archive_to_the_site_it_reaches() -> None:
    state = one_turn(".. w1 ..\n.. .. ..", ["b2 N options=mechanical-arm"], ["L R L R L"])
    _, lines = register_lines(state, 1, 1)
    assert "  Red's archive moves to b1" in lines


def test_a_mechanical_arm_reaches_the_next_flag_from_a_flag_or_wrench() -> None:
    """Standing on flag 1 (touched), next to flag 2, the arm touches flag 2: the arm reaches
    from flags and wrenches too, not only from plain squares. From a wrench the same."""
    state = one_turn(
        ".. .. ..\n.. .. ..",
        ["a1 E options=mechanical-arm flags=1", "c1 S powered"],
        ["R L R L R", "-"],
        flags=["a1", "b1", "c2"],
    )
    assert state.bots[0].flags == 2
    events, _ = register_lines(state, 1, 1)
    assert "0 flag 2 (arm)" in events and "0 archive b1" in events
    state = one_turn(
        ".. w1 ..\n.. .. ..", ["b1 E options=mechanical-arm"], ["R L R L R"], flags=["c1", "a2"]
    )
    assert state.bots[0].flags == 1  # c1, flag 1, from the wrench at b1
    events, _ = register_lines(state, 1, 1)
    assert "0 flag 1 (arm)" in events and "0 archive c1" in events
    # a site next to it does not take the archive from the wrench it stands on
    state = one_turn(
        ".. w1 ..\n.. .. ..", ["b1 E options=mechanical-arm"], ["R L R L R"], flags=["a2", "c2"]
    )
    assert state.bots[0].flags == 0 and state.bots[0].archive == 1  # b1, its own wrench


# -- the end of a turn -------------------------------------------------------------------
def test_a_wrench_repairs_1_at_the_end_of_the_turn_after_register_5() -> None:
    state = one_turn(".. w1 ..\n.. .. ..", ["b1 N damage=3"], ["L R L R L"])
    events, lines = register_lines(state, 1, 5)
    assert events[-1] == "0 repairs 1 on wrench at b1: 2 left"
    assert lines[-2:] == ["End of turn 1:", "  Red repairs 1 damage on the wrench at b1 (2 left)"]
    start, _ = register_lines(state, 2, 0)  # told once, not again with the next turn
    assert not any("repairs" in e for e in start)
    assert state.bots[0].damage == 2


def test_a_flag_repairs_1_like_a_wrench() -> None:
    state = one_turn(
        ".. .. ..\n.. .. ..", ["b1 N damage=1 flags=1"], ["L R L R L"], flags=["b1", "c2"]
    )
    _, lines = register_lines(state, 1, 5)
    assert lines[-2:] == ["End of turn 1:", "  Red repairs 1 damage on flag 1 at b1 (none left)"]


def test_an_undamaged_robot_on_a_wrench_repairs_nothing_and_the_log_is_silent() -> None:
    state = one_turn(".. w1 ..\n.. .. ..", ["b1 N"], ["L R L R L"])
    _, lines = register_lines(state, 1, 5)
    assert not any("repairs" in line or "End of turn" in line for line in lines)


def test_a_double_wrench_without_option_cards_repairs_2() -> None:
    state = one_turn(".. w2 ..\n.. .. ..", ["b1 N damage=3"], ["L R L R L"], options_cards=False)
    _, lines = register_lines(state, 1, 5)
    assert lines[-2:] == [
        "End of turn 1:",
        "  Red repairs 2 damage on the double wrench at b1 (1 left)",
    ]


def test_a_double_wrench_choice_is_told_under_the_end_of_the_turn() -> None:
    """The robot chooses: the engine tells no repair of its own, the heading waits for the
    decision's note (the screen's, or decision_note's in a replay)."""
    state = one_turn(
        ".. w2 ..\n.. .. ..", ["b1 N damage=3"], ["L R L R L"], decisions=["0 wrench repair"]
    )
    events, lines = register_lines(state, 1, 5)
    assert not any("repairs" in e for e in events)
    assert lines[-1] == "End of turn 1:"
    assert decision_note(state, Decide("wrench", "repair"), 0, [], 3) == (
        "  Red repairs 2 damage on the double wrench at b1 (1 left)"
    )
    option = one_turn(
        ".. w2 ..\n.. .. ..", ["b1 N damage=3"], ["L R L R L"], decisions=["0 wrench option"]
    )
    card = option.bots[0].options[0]
    assert decision_note(option, Decide("wrench", "option"), 0, [], 3).startswith(
        "  Red takes an option card: "
    )
    assert card and option.bots[0].damage == 3


def test_a_virtual_robot_alone_becomes_real_before_the_repairs() -> None:
    """Rules order at the end of a turn: virtual robots alone become real, then repairs."""
    state = one_turn(
        ".. w1 ..\n.. .. ..",
        ["b1 N virtual damage=2", "a2 N virtual powered", "a2 N virtual powered"],
        ["L R L R L", "-", "-"],
    )
    _, lines = register_lines(state, 1, 5)
    assert lines[-3:] == [
        "End of turn 1:",
        "  Red becomes real (alone on b1)",
        "  Red repairs 1 damage on the wrench at b1 (1 left)",
    ]
    assert not state.bots[0].virtual and state.bots[1].virtual  # the others share a2


# -- power downs -------------------------------------------------------------------------
def test_a_power_down_is_told_when_the_programs_are_revealed_not_before() -> None:
    sc = {
        "board": ".. .. ..\n.. .. ..\n.. .. ..",
        "robots": ["a2 N damage=2", "c2 N"],
        "programs": ["L R L R L pd", "R L R L R"],
    }
    state = build(sc)
    state.trace = []
    state._start_turn()
    programs = rig(state, sc)
    state.apply(programs[0], 0)  # Red announces; Blue still programs: nobody may know
    assert not any("announces" in e for e in state.events)
    assert not any("announces" in e for p in state.trace for e in p.events)
    assert not state.view(1).robots[0].announced
    state.apply(programs[1], 1)
    _, lines = register_lines(state, 1, 1)
    assert lines[0].startswith("Register 1: Blue Right")
    assert lines[1:3] == ["  Red announces a power down for next turn", "  Blue Right: c2N -> c2E"]
    assert state.turn == 2 and state.bots[0].powered  # the whole turn played: it is down


def test_a_power_down_starts_the_next_turn_with_the_damage_repaired() -> None:
    """Announced with the program, repaired 1 by the wrench at the end of the turn, the
    rest cleared when the power down begins."""
    state = one_turn(".. w1 ..\n.. .. ..", ["b1 N damage=2", "a2 N"], ["L R L R L pd", "L R L R L"])
    lines = told(state)
    assert after(lines, "End of turn 1:", 4) == [
        "End of turn 1:",
        "  Red repairs 1 damage on the wrench at b1 (1 left)",
        "Turn 2 begins.",
        "  Red powers down: all 1 damage repaired",
    ]
    assert lines.index("  Red announces a power down for next turn") < lines.index("End of turn 1:")
    assert state.bots[0].powered and state.bots[0].damage == 0


def test_staying_powered_down_and_powering_up_again() -> None:
    stay = one_turn(
        ".. .. ..",
        ["b1 N powered"],
        ["-"],
        decisions=["0 stay yes"],
        lasers=[{"at": "c1", "dir": "W", "beams": 1}],
    )
    assert after(told(stay), "Turn 2 begins.", 2) == [
        "Turn 2 begins.",
        "  Red remains powered down: all 5 damage repaired",
    ]
    _, lines = register_lines(stay, 1, 5)
    assert lines[-1] == "End of turn 1:"  # the stay decision is told after it
    up = one_turn(".. .. ..", ["b1 N powered", "a1 N"], ["-", "L R L R L"])
    assert after(told(up), "Turn 2 begins.", 2) == ["Turn 2 begins.", "  Red powers up again"]


def test_re_entering_powered_down_is_announced_at_the_end_of_the_turn() -> None:
    state = one_turn(
        ".. .. ..\n.. .. ..", ["b1 N archive=b2"], ["1 L R L R"], decisions=["0 reenter N pd"]
    )
    lines = told(state)
    assert after(lines, "End of turn 1:", 5) == [
        "End of turn 1:",
        "  Red announces a power down for next turn",
        "Turn 2 begins.",
        "  Red re-enters at b2 facing N with 2 damage",
        "  Red powers down: all 2 damage repaired",
    ]


def test_a_plain_re_entry_leaves_no_empty_end_of_turn_heading() -> None:
    """No "End of turn 2:" followed at once by "Turn 3 begins." when the decision waited for
    is a re-entry, which is told as the next turn begins."""
    state = one_turn(
        ".. .. ..\n.. .. ..", ["b1 N archive=b2"], ["1 L R L R"], decisions=["0 reenter N"]
    )
    lines = told(state)
    assert "End of turn 1:" not in lines
    assert after(lines, "Turn 2 begins.", 2) == [
        "Turn 2 begins.",
        "  Red re-enters at b2 facing N with 2 damage",
    ]


def test_a_circuit_breaker_power_down_says_why() -> None:
    state = one_turn(
        ".. .. .. ..",
        ["c1 N damage=0 options=circuit-breaker"],
        ["U U U U U"],
        lasers=[{"at": "a1", "dir": "E", "beams": 1}],
    )
    lines = told(state)
    assert after(lines, "Turn 2 begins.", 2)[1] == "  Red powers down: all 5 damage repaired"
    at = lines.index("Turn 2 begins.")
    assert lines[at - 1] == "  Red announces a power down for next turn (Circuit Breaker)"


# -- saves and the replayed log ----------------------------------------------------------
def played(
    players: int, course: str, seed: int, level: str, turns: int
) -> tuple[Match, list[tuple[str, str]]]:
    """A computer game and the log lines told while it was played, as the screen tells
    them: each action's decision note, then the registers it played."""
    match = Match(ROBORALLY, players, {"course": course, "max_turns": turns}, seed)
    bots = [LEVELS[level](s, level, seed + s) for s in range(players)]
    state = match.state
    assert isinstance(state, RoboRallyState)
    lines: list[tuple[str, str]] = []
    before: list = []
    while not state.is_terminal():
        seat = state.to_move()[0]
        action = bots[seat].choose(state.view(seat))
        options, damage = list(state.bots[seat].options), state.bots[seat].damage
        before = before or [(b.pos, b.facing) for b in state.bots]
        state.trace = []
        match.play(action, seat)
        pictures, state.trace = state.trace, None
        if isinstance(action, Decide):
            note = decision_note(state, action, seat, options, damage)
            if note:
                lines.append((note, ""))
        for picture in pictures:
            tell(lines, narrate(picture, picture.start, state.layout))
            before = [(b.pos, b.facing) for b in picture.bots]
    return match, lines


def test_tracing_changes_neither_the_game_nor_its_fingerprint() -> None:
    match, _ = played(4, "pit-stop", 3, "random", 12)
    plain = Match.replay(match.spec, match.num_players, match.options, match.seed, match.log)
    assert plain.state.fingerprint() == match.state.fingerprint()
    assert "events" not in match.state.canonical() and "trace" not in match.state.canonical()
    fingerprint = match.state.fingerprint()
    replayed_log(match, 3)
    assert match.state.fingerprint() == fingerprint and match.state.trace is None


def test_the_replayed_log_is_the_log_told_while_playing() -> None:
    match, live = played(4, "pit-stop", 3, "easy", 15)
    texts = [t for t, _ in live]
    again = [t for t, _ in replayed_log(match, 1000)]
    assert again == texts
    state = match.state
    last_two = [t for t, _ in replayed_log(match, 2)]
    first = texts.index(f"Turn {state.turn - 1} begins.")
    assert last_two == texts[first:]


def test_a_resumed_save_tells_its_last_turns() -> None:
    saved = loads_save(FIXTURE.read_text(encoding="utf-8"), FIXTURE.name)
    state = saved.match.state
    assert isinstance(state, RoboRallyState) and state.phase == "endturn"
    lines = [t for t, _ in replayed_log(saved.match)]
    assert lines[0] == f"Turn {state.turn - 1} begins."
    assert f"Turn {state.turn} begins." in lines
    assert lines[-1] == f"End of turn {state.turn}:"  # where the game stands: deciding
    assert [t for t, _ in replayed_log(saved.match, 1)] == lines[
        lines.index(f"Turn {state.turn} begins.") :
    ]


def test_the_replayed_log_of_a_game_not_begun_is_empty() -> None:
    match = Match(ROBORALLY, 2, {}, 1)
    assert replayed_log(match) == []
    match.play(Decide("face", "N"), 0)
    assert replayed_log(match) == []  # still choosing facings: nothing told yet


def test_the_replayed_log_of_a_long_game_tells_the_turns_asked_for() -> None:
    """A resumed 60-turn game of 6 robots: its log tells the last turns asked for, each
    begun once (the replay's speed is measured in bench/roborally_speed.py)."""
    match, _ = played(6, "pit-stop", 3, "easy", 60)
    assert match.state.turn >= 40, match.state.turn  # a long game, or the test says little
    log = [LoggedAction(e.seat, e.text) for e in match.log]
    resumed = Match.replay(match.spec, match.num_players, match.options, match.seed, log)
    turn = resumed.state.turn
    for turns in (2, 60):
        lines = [t for t, _ in replayed_log(resumed, turns)]
        begun = [t for t in lines if t.endswith(" begins.") and t.startswith("Turn ")]
        first = max(1, turn - turns + 1)
        assert begun == [f"Turn {n} begins." for n in range(first, turn + 1)], begun


def test_an_undo_tells_the_taken_back_turns_again_and_keeps_the_earlier_lines() -> None:
    """After an undo no line may tell a move taken back: the screen's log keeps what it
    told before the last two turns and tells those again (retold_log)."""
    match, _ = played(4, "pit-stop", 3, "easy", 15)
    decisions = [
        i
        for i, entry in enumerate(match.log)
        if i > len(match.log) // 2
        and isinstance(action := match.spec.decode_action(entry.text), Decide)
        and action.kind in ("wrench", "discard", "unlock", "stay")  # a told decision
    ]
    assert decisions, "the game has no late decision to take back"
    point = decisions[-1]
    done = match.truncated(point + 1)
    told = replayed_log(done, 1000)  # the whole log as the screen told it
    undone = match.truncated(point)
    again = retold_log(told, undone)
    assert again == replayed_log(undone, 1000)
    # what the decision told is gone, and nothing else
    assert len(again) < len(told) and again == told[: len(again)]
    turn = undone.state.turn
    first = told.index((f"Turn {turn - 1} begins.", "bold"))
    assert again[:first] == told[:first]  # earlier turns: the very lines told before


def test_a_repair_that_only_ends_fire_control_locks_is_told() -> None:
    """A wrench frees the registers Fire Control locked even without damage to repair:
    the log says so rather than nothing."""
    state = one_turn(".. w1 ..\n.. .. ..", ["b1 N fc=1 locked=5"], ["L R L R L"])
    events, lines = register_lines(state, 1, 5)
    assert events[-1] == "0 repairs 0 on wrench at b1: 0 left frees 1"
    assert lines[-2:] == [
        "End of turn 1:",
        "  Red frees 1 register locked by Fire Control on the wrench at b1",
    ]
    assert state.bots[0].fc_locks == 0 and not any(state.bots[0].locked)


def test_a_repair_with_damage_and_fire_control_locks_tells_both() -> None:
    state = one_turn(".. w1 ..\n.. .. ..", ["b1 N damage=5 fc=2 locked=345"], ["L R L R L"])
    _, lines = register_lines(state, 1, 5)
    assert lines[-1] == (
        "  Red repairs 1 damage on the wrench at b1 (4 left) and frees 2 "
        "registers locked by Fire Control"
    )


def test_a_destroyed_robot_re_entering_without_its_announced_power_down_says_so() -> None:
    """A power down told with the programs, then the robot destroyed and re-entering
    powered up: the log says the announcement is dropped, never drops it without a word."""
    state = one_turn(
        ".. .. ..\n.. .. ..",
        ["b1 N archive=b2 damage=2"],
        ["1 L R L R pd"],
        decisions=["0 reenter N"],
    )
    lines = told(state)
    assert "  Red announces a power down for next turn" in lines
    assert after(lines, "End of turn 1:", 4) == [
        "End of turn 1:",
        "  Red calls off the power down it announced",
        "Turn 2 begins.",
        "  Red re-enters at b2 facing N with 2 damage",
    ]
    assert not state.bots[0].powered


def test_a_re_entry_tells_its_facing_damage_and_a_shared_square() -> None:
    from engines.roborally.events import ReEntered
    from screens.roborally.log import _public

    square = {9: "e9", 16: "f16"}.__getitem__
    assert _public("Red", ReEntered(0, 9, 3, 2), square) == (
        "Red re-enters at e9 facing W with 2 damage",
        "",
    )
    assert _public("Blue", ReEntered(1, 16, 0, 0, virtual=True), square) == (
        "Blue re-enters at f16 facing N with no damage as a virtual robot (the square is shared)",
        "",
    )
