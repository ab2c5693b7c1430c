"""A hand-edited ``[ui]`` table never breaks resuming a game.

docs/saves.md promises that ``[ui]`` content that does not fit is ignored: every value is
checked by type and range (a bool is not a turn, 330.0 is not a card), what does not fit is
ignored and what does still counts. ``program = 5``, a string, a list, a boolean,
``cards = [[330]]`` or float cards never crash RoboRally's ``_saved_draft``/``preview``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engines.registry import get_game
from saves import PlayerEntry, load_save
from screens import ui_state
from screens.game_screen import GameScreen
from screens.robo_factory.screen import RoboFactoryScreen, TurnResultScreen
from screens.roborally.screen import RoboRallyScreen
from screens.session import GameSession
from tests.ui_helpers import make_app, settle, until

# values that fit no [ui] key of any game (as a table, a seat's table, a turn, cards, ...)
HOSTILE: list[Any] = [
    5,
    -1,
    10**12,
    "x",
    "",
    [],
    [1],
    True,
    False,
    3.5,
    [[330]],
    {"a": 1},
    [1.5, 2.5],
    {"0": 5},
]
PLAYERS = [PlayerEntry("You", "human", None), PlayerEntry("Bot", "computer", "random")]


def session_at(tmp_path: Path, game_id: str, options: dict, ready) -> GameSession:  # noqa: ANN001
    """A new game (human seat 0 against a random computer) played at random until
    ``ready(state)``, saved."""
    session = GameSession.new(get_game(game_id), PLAYERS, options, 5, tmp_path / "near")
    rng = random.Random(5)
    state = session.match.state
    while not ready(state):
        seat = state.current_player()
        if seat is None:
            seat = state.to_move()[0]
        session.match.play(rng.choice(state.legal_actions(seat)), seat)
        state = session.match.state
    return session


async def resume(tmp_path: Path, session: GameSession, ui: dict[str, Any], pilot, app) -> Any:
    """Save ``session`` with ``ui`` as its [ui] table, open the save, return its screen."""
    session.saved.ui = ui
    assert session.autosave().ok
    assert session.saved.path is not None
    loaded = load_save(session.saved.path)
    app.open_session(GameSession(loaded, app.config.save_dir))
    await settle(pilot)
    screens = [s for s in app.screen_stack if isinstance(s, GameScreen)]
    assert screens, app.screen_stack
    return screens[-1]


# -- the helpers -------------------------------------------------------------------------
@pytest.mark.parametrize("value", [True, False, 3.0, "3", None, [3], 11, -2])
def test_whole_takes_only_whole_numbers_in_range(value) -> None:
    assert ui_state.whole(value, -1, 10) is None
    assert ui_state.whole(3, -1, 10) == 3


@pytest.mark.parametrize(
    "value",
    [[330.0], [True], [[330]], [330, 330], [1], "330", 330, [330, 100, 200], None, {"330": 1}],
)
def test_card_list_refuses_what_is_not_distinct_cards_of_the_hand(value) -> None:
    assert ui_state.card_list(value, (100, 200, 330), 2) is None
    assert ui_state.card_list([330, 100], (100, 200, 330), 2) == [330, 100]


@pytest.mark.parametrize("value", [v for v in HOSTILE if not isinstance(v, dict)])
def test_writing_over_a_hostile_table_replaces_it(value) -> None:
    ui: dict[str, Any] = {"program": value, "notes": {"0": 1}}
    ui_state.seat_table(ui, "program")["0"] = {"turn": 1}
    assert ui["program"] == {"0": {"turn": 1}} and ui["notes"] == {"0": 1}
    ui_state.drop_seat(ui, "program", 0)
    ui["build"] = value
    ui_state.drop_seat(ui, "build", 0)
    assert "program" not in ui and "build" not in ui


# -- RoboRally: the half-built program -----------------------------------------------------
def rr_session(tmp_path: Path) -> GameSession:
    return session_at(
        tmp_path,
        "roborally",
        {"max_turns": 5, "start": "docks"},
        lambda s: s.turn >= 1 and s.pending_kind(0) == "program",
    )


def rr_cases(turn: int, hand: list[int]) -> list[tuple[str, dict[str, Any], list[int]]]:
    """(case, [ui] table, the cards the draft must keep)."""
    good = hand[:2]
    cases: list[tuple[str, dict[str, Any], list[int]]] = []
    for n, bad in enumerate(HOSTILE):
        cases.append((f"program={n}", {"program": bad}, []))
        cases.append((f"seat={n}", {"program": {"0": bad}}, []))
        cases.append((f"turn={n}", {"program": {"0": {"turn": bad, "cards": good}}}, []))
        cases.append((f"cards={n}", {"program": {"0": {"turn": turn, "cards": bad}}}, []))
        cases.append(
            (f"power={n}", {"program": {"0": {"turn": turn, "cards": good, "power": bad}}}, good)
        )
    cards_cases = {
        "floats": [float(c) for c in good],
        "nested": [[c] for c in good],
        "bools": [True],
        "duplicate": [good[0], good[0]],
        "not in hand": [1, 2],
        "too many": hand[:6],
        "strings": [str(c) for c in good],
    }
    for name, cards in cards_cases.items():
        cases.append((name, {"program": {"0": {"turn": turn, "cards": cards}}}, []))
    cases.append(("turn true", {"program": {"0": {"turn": True, "cards": good}}}, []))
    cases.append(("good", {"program": {"0": {"turn": turn, "cards": good}}, "junk": 5}, good))
    return cases


async def test_roborally_resumes_over_every_hostile_program_draft(tmp_path) -> None:
    session = rr_session(tmp_path)
    state = session.match.state
    turn, hand = state.turn, list(state.view(0).hand)
    assert not state.view(0).program_choices.pd  # an undamaged robot: no power down
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        for case, ui, kept in rr_cases(turn, hand):
            screen = await resume(tmp_path, session, ui, pilot, app)
            assert isinstance(screen, RoboRallyScreen)
            assert screen.chosen == kept, case
            assert screen.power is False, case  # never from a value that does not fit
            await pilot.press("9")  # a card more: the draft is written back over the table
            await pilot.pause()
            assert app.screen is screen, case
            entry = ui_state.seat_entry(screen.session.saved.ui, "program", 0)
            assert entry is not None and entry["turn"] == turn, case
            screen.close(False)
            await pilot.pause()
    assert app.return_code in (None, 0)


# -- Robo Factory: build in progress, notepad, the last turn result seen ------------------
def rf_session(tmp_path: Path) -> GameSession:
    return session_at(
        tmp_path,
        "robo-factory",
        {},
        lambda s: s.turn == 1 and s.phase == "build" and s.current_player() == 0,
    )


GOOD_NOTES = {"turn": 1, "rows": ["-x--", "----", "----"]}  # [ui.notes.0] that fits turn 1


def rf_cases(turn: int, phase: str) -> list[tuple[str, dict[str, Any], bool]]:
    """(case, [ui] table, whether the build [0, 1, -1] is kept)."""
    good_build = {"at": [turn, phase], "parts": [0, 1, -1], "eureka": False}
    good_notes = GOOD_NOTES
    assert GOOD_NOTES["turn"] == turn
    cases: list[tuple[str, dict[str, Any], bool]] = []
    for n, bad in enumerate(HOSTILE):
        cases += [
            (f"build={n}", {"build": bad, "notes": {"0": good_notes}}, False),
            (f"build seat={n}", {"build": {"0": bad}}, False),
            (f"at={n}", {"build": {"0": {**good_build, "at": bad}}}, False),
            (f"at turn={n}", {"build": {"0": {**good_build, "at": [bad, phase]}}}, False),
            (f"parts={n}", {"build": {"0": {**good_build, "parts": bad}}}, False),
            (f"notes={n}", {"notes": bad, "build": {"0": good_build}}, True),
            (f"notes seat={n}", {"notes": {"0": bad}, "build": {"0": good_build}}, True),
            (
                f"notes turn={n}",
                {"notes": {"0": {**good_notes, "turn": bad}}, "build": {"0": good_build}},
                True,
            ),
            (
                f"rows={n}",
                {"notes": {"0": {**good_notes, "rows": bad}}, "build": {"0": good_build}},
                True,
            ),
            (f"result_seen={n}", {"result_seen": bad, "build": {"0": good_build}}, True),
        ]
    for n, bad in enumerate(v for v in HOSTILE if v != -1):  # -1: no colour yet (fits)
        cases.append((f"part={n}", {"build": {"0": {**good_build, "parts": [0, bad, -1]}}}, False))
    for n, bad in enumerate(v for v in HOSTILE if type(v) is not bool):
        cases.append((f"eureka={n}", {"build": {"0": {**good_build, "eureka": bad}}}, False))
    cases.append(("at bool turn", {"build": {"0": {**good_build, "at": [True, phase]}}}, False))
    cases.append(
        ("good", {"build": {"0": good_build}, "notes": {"0": good_notes}, "result_seen": 0}, True)
    )
    return cases


async def test_robo_factory_resumes_over_every_hostile_ui_value(tmp_path) -> None:
    session = rf_session(tmp_path)
    state = session.match.state
    assert state.turn == 1  # so a bool True would pass for the turn without the checks
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        for case, ui, kept in rf_cases(state.turn, state.phase):
            screen = await resume(tmp_path, session, ui, pilot, app)
            assert isinstance(screen, RoboFactoryScreen), case
            expected = [0, 1, None] if kept else [None, None, None]
            # turn 0's result may come up a refresh after the screen (the game goes on,
            # and the build is restored, once it is closed): wait for one or the other
            await until(
                pilot,
                lambda screen=screen, expected=expected: (
                    isinstance(app.screen, TurnResultScreen) or screen.parts == expected
                ),
                f"turn 0's result or the build restored ({case})",
            )
            while isinstance(app.screen, TurnResultScreen):  # turn 0's result, if shown
                await pilot.press("enter")
                await pilot.pause()
            assert app.screen is screen, case
            assert screen.parts == expected, case
            assert screen.eureka is False, case
            marks = screen._notes(0)
            notes = ui.get("notes")
            good_notes = isinstance(notes, dict) and notes.get("0") is GOOD_NOTES
            assert marks == ({(0, 1): "x"} if good_notes else {}), case
            screen.close(False)
            await pilot.pause()
    assert app.return_code in (None, 0)


@pytest.mark.parametrize("seen", [True, 1.0, "0", [0], 999, -5, {"turn": 0}])
async def test_robo_factory_result_seen_that_does_not_fit_shows_the_result(tmp_path, seen) -> None:
    """``result_seen`` that is not a turn of the game is ignored: the first turn's result,
    in which you took part, shows on resume as when nothing was seen (``true`` would pass for
    turn 1 and 999 for every turn, and the result would never show)."""
    session = session_at(tmp_path, "robo-factory", {}, lambda s: s.turn == 1)
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resume(tmp_path, session, {"result_seen": seen}, pilot, app)
        assert isinstance(app.screen, TurnResultScreen)
        assert app.screen.title_text.startswith("Turn 1/")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.session.saved.ui["result_seen"] == 0


# -- Robot Master and Stak Bots keep nothing in [ui]: whatever is there does no harm ------
@pytest.mark.parametrize("game_id", ["robot-master", "stak-bots"])
async def test_games_without_ui_state_resume_over_a_hostile_table(tmp_path, game_id) -> None:
    session = session_at(tmp_path, game_id, {}, lambda s: s.current_player() == 0)
    ui = {"program": 5, "build": "x", "notes": [1], "result_seen": True, "junk": [[1.5]]}
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resume(tmp_path, session, ui, pilot, app)
        assert app.screen is screen and screen.human_to_move()
        await pilot.press("q", "y")
        await pilot.pause()
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
