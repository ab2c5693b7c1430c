"""RoboRally: an option card given up instead of 1 damage (1994 rules).

The question (``sacrifice``), when it is asked and when not, what it does, how it is told,
saved and replayed, and how the computer players answer it. Hand-worked positions on small
boards (helpers from test_roborally_ai_options)."""

from __future__ import annotations

from engines.roborally import ROBORALLY
from engines.roborally.ai.sacrifice import sacrifice_choice
from engines.roborally.players import LEVELS
from engines.roborally.state import Decide, RoboRallyState
from tests.roborally.test_ai_options import make, program, run_until

ROW = "\n.. .. .. ..\n"


def shot_once(target_words: str, *, extra: str = "") -> RoboRallyState:
    """Red (a1) turns east in register 1 and its laser hits Blue on c1, then faces north and
    south; Blue turns east, north, south ... and never hits Red. Programs submitted."""
    red = "a1 N" + (f" options={extra}" if extra else "")
    state = make(ROW, [red, f"c1 N {target_words}".strip()], ["d1"])
    program(state, 0, ["R", "L", "U", "U", "U"])
    program(state, 1, ["R", "L", "U", "U", "U"])
    return state


def test_the_question_offers_each_option_or_none_and_names_the_damage() -> None:
    state = shot_once("options=brakes,flywheel")
    run_until(state, 1, "sacrifice")
    assert state.reg == 0 and state.stage == "fire"
    view = state.view(1)
    assert [c.value for c in view.choices] == ["none", "brakes", "flywheel"]
    assert view.incoming == 1
    assert state.to_move() == (1,)
    assert ROBORALLY.describe_action(Decide("sacrifice", "brakes"), 1) == (
        "Blue gave up Brakes instead of 1 damage"
    )
    assert ROBORALLY.describe_action(Decide("sacrifice", "none"), 1) == "Blue takes the damage"
    text = ROBORALLY.encode_action(Decide("sacrifice", "flywheel"))
    assert text == "sacrifice flywheel"
    assert ROBORALLY.decode_action(text) == Decide("sacrifice", "flywheel")
    state.apply(Decide("sacrifice", "brakes"), 1)
    b = state.bots[1]
    assert b.damage == 0 and b.options == ["flywheel"]
    assert state.pending_kind(1) != "sacrifice"  # the one point is stopped: no second question


def test_taking_the_damage_keeps_the_options() -> None:
    state = shot_once("options=brakes")
    run_until(state, 1, "sacrifice")
    state.apply(Decide("sacrifice", "none"), 1)
    assert state.bots[1].damage == 1 and state.bots[1].options == ["brakes"]


def test_double_barreled_laser_two_points_two_questions() -> None:
    state = shot_once("options=brakes,flywheel,recompile", extra="double-barreled-laser")
    run_until(state, 1, "sacrifice")
    assert state.view(1).incoming == 2
    state.apply(Decide("sacrifice", "recompile"), 1)
    assert state.pending_kind(1) == "sacrifice" and state.view(1).incoming == 1
    state.apply(Decide("sacrifice", "none"), 1)
    assert state.bots[1].damage == 1 and state.bots[1].options == ["brakes", "flywheel"]


def test_no_question_when_the_ablative_coat_takes_the_damage() -> None:
    state = shot_once("options=ablative-coat,brakes")
    run_until(state, 0, "program", guard=80)  # the whole turn: Blue is never asked
    b = state.bots[1]
    assert b.damage == 0 and b.ablative == 2 and state.turn == 2  # the hit absorbed


def test_no_question_against_fire_control() -> None:
    state = shot_once("options=brakes,flywheel", extra="fire-control")
    run_until(state, 0, "fire")
    state.apply(Decide("fire", "lock 1"), 0)
    assert state.pending_kind(1) != "sacrifice"  # a lock is no damage: nothing to give up
    assert state.bots[1].fc_locks == 1 and state.bots[1].options == ["brakes", "flywheel"]
    state = shot_once("options=brakes,flywheel", extra="fire-control")
    run_until(state, 0, "fire")
    state.apply(Decide("fire", "destroy brakes"), 0)
    assert state.pending_kind(1) != "sacrifice" and state.bots[1].options == ["flywheel"]


def test_no_question_for_recompile() -> None:
    state = make(ROW, ["a1 N options=recompile,brakes", "d1 N"], ["d1"])
    state.apply(Decide("recompile"), 0)
    assert state.bots[0].damage == 1 and state.pending_kind(0) == "program"


def test_a_sacrifice_saves_a_robot_from_destruction() -> None:
    state = shot_once("damage=9 options=brakes")
    run_until(state, 1, "sacrifice")
    state.apply(Decide("sacrifice", "brakes"), 1)
    assert state.bots[1].pos >= 0 and state.bots[1].damage == 9


def test_giving_up_the_last_howitzer_shots_is_safe() -> None:
    """Red gives up the Mini Howitzer it has just fired at Blue, who fires back (Red's shots
    count is cleared, not taken below 0); both are pushed one square apart."""
    grid = "\n.. .. .. .. ..\n"
    state = make(grid, ["b1 N options=mini-howitzer", "d1 N options=mini-howitzer"], ["c1"])
    program(state, 0, ["R", "L", "U", "U", "U"])  # east in register 1 only
    program(state, 1, ["L", "R", "U", "U", "U"])  # west in register 1 only
    assert state.pending_kind(0) == "fire"
    state.apply(Decide("fire", "howitzer"), 0)
    state.apply(Decide("fire", "howitzer"), 1)
    assert state.pending_kind(0) == "sacrifice" and state.view(0).incoming == 1
    state.apply(Decide("sacrifice", "mini-howitzer"), 0)
    assert state.pending_kind(1) == "sacrifice"
    state.apply(Decide("sacrifice", "none"), 1)
    red, blue = state.bots
    assert red.howitzer == 0 and "mini-howitzer" not in red.options and red.damage == 0
    assert blue.howitzer == 4 and blue.damage == 1
    assert (red.pos, blue.pos) == (0, 4)  # a1 and e1


def test_a_position_in_the_question_replays_to_the_same_fingerprint() -> None:
    """The answers are actions like any other: replaying them gives the same position, in the
    middle of the question and after it; outside a damage event the position's fingerprint
    has no trace of the question (older saves keep their fingerprints)."""

    def game() -> tuple[RoboRallyState, list[tuple[int, Decide]]]:
        state = shot_once("options=brakes,flywheel", extra="double-barreled-laser")
        return state, []

    first, _ = game()
    log: list[tuple[int, object]] = []
    for _ in range(60):
        if first.pending_kind(1) == "sacrifice":
            break
        seat = first.to_move()[0]
        action = first.legal_actions(seat)[0]
        log.append((seat, action))
        first.apply(action, seat)
    mid = first.fingerprint()
    assert "damage_event" not in first.canonical()  # nothing given up yet
    first.apply(Decide("sacrifice", "brakes"), 1)
    assert first.canonical()["damage_event"]["guard"] == [0, 1]
    asked = first.fingerprint()
    first.apply(Decide("sacrifice", "none"), 1)
    assert "damage_event" not in first.canonical()
    again, _ = game()
    for seat, action in log:
        again.apply(ROBORALLY.decode_action(ROBORALLY.encode_action(action)), seat)
    assert again.fingerprint() == mid
    again.apply(ROBORALLY.decode_action("sacrifice brakes"), 1)
    assert again.fingerprint() == asked
    clone = again.clone()
    clone.apply(Decide("sacrifice", "none"), 1)
    again.apply(Decide("sacrifice", "none"), 1)
    assert again.fingerprint() == clone.fingerprint() == first.fingerprint()


def test_the_log_tells_the_option_given_up() -> None:
    state = shot_once("options=brakes")
    state.trace = []
    run_until(state, 1, "sacrifice")
    state.apply(Decide("sacrifice", "brakes"), 1)
    events = [e for picture in state.trace for e in picture.events] + state.events
    assert "1 gives up Brakes instead of 1 damage" in events


# -- the computer's answer ---------------------------------------------------------------------
def ask_all_levels(state: RoboRallyState, seat: int = 1) -> set[str]:
    view = state.view(seat)
    answers = set()
    for level, cls in LEVELS.items():
        if level == "random":
            continue
        action = cls(seat, level, 5).choose(view)
        assert action in view.legal_actions()
        assert cls(seat, level, 9).choose(view) == action  # deterministic
        answers.add(action.value)
    return answers


def test_computers_give_up_the_least_valuable_option_rather_than_die() -> None:
    state = shot_once("damage=9 options=extra-memory,rear-firing-laser")
    run_until(state, 1, "sacrifice")
    assert ask_all_levels(state) == {"rear-firing-laser"}


def test_computers_give_up_an_option_rather_than_lock_a_register() -> None:
    state = shot_once("damage=4 options=fourth-gear,brakes")
    run_until(state, 1, "sacrifice")
    assert ask_all_levels(state) == {"brakes"}


def test_computers_take_a_harmless_point() -> None:
    state = shot_once("damage=1 options=fourth-gear,brakes")
    run_until(state, 1, "sacrifice")
    assert ask_all_levels(state) == {"none"}


def test_computers_gladly_give_up_a_circuit_breaker() -> None:
    state = shot_once("options=fourth-gear,circuit-breaker")
    run_until(state, 1, "sacrifice")
    assert ask_all_levels(state) == {"circuit-breaker"}


def test_a_computer_that_announced_a_power_down_takes_what_the_power_down_repairs() -> None:
    state = shot_once("damage=5 options=fourth-gear,brakes")
    run_until(state, 1, "sacrifice")
    view = state.view(1)
    me = view.robots[1]
    announced = view.__class__(
        **{
            **view.__dict__,
            "robots": tuple(
                r if r.seat != 1 else r.__class__(**{**r.__dict__, "announced": True})
                for r in view.robots
            ),
        }
    )
    assert me.damage == 5
    assert sacrifice_choice(view, ["none", "fourth-gear", "brakes"]) == "brakes"
    assert sacrifice_choice(announced, ["none", "fourth-gear", "brakes"]) == "none"


def test_the_screen_asks_with_the_damage_coming() -> None:
    from types import SimpleNamespace

    from screens.roborally.screen import RoboRallyScreen

    state = shot_once("options=brakes", extra="double-barreled-laser")
    run_until(state, 1, "sacrifice")
    view = state.view(1)
    question = RoboRallyScreen._question(None, view)  # type: ignore[arg-type]
    assert question == "2 damage coming: destroy an option card instead of 1?"
    fake = SimpleNamespace(glyphs=SimpleNamespace(ascii_only=True))
    texts = [RoboRallyScreen._choice_text(fake, view, c.value) for c in view.choices]  # type: ignore[arg-type]
    assert texts == ["take the damage", "Brakes"]
