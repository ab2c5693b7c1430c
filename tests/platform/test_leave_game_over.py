"""Leaving and the end of the game are one state (GameScreen.stage), in every game.

The race guarded against: ``q`` while the computer answers the last move must not open the
game-over panel over "Leave this unfinished game?", where ``m`` would leave the player on the
board and the next way out would dismiss the game screen a second time
(``asyncio.InvalidStateError``).

Each game here starts from a save one human move before its end, whose last move is the
computer's: a stand-in computer player gives the moves of a seeded random playout and
waits for the test to let it answer, so every race is played out the same way each time.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import screens.session
from engines.core import Action
from engines.registry import get_game
from saves import PlayerEntry, load_save
from screens.dialogs import ConfirmScreen, TooSmallScreen
from screens.game_over import GameOverScreen
from screens.game_screen import BOARD, LEAVING, PANEL, PLAYING, GameScreen
from screens.games import playable_game_infos
from screens.menu import MainMenu
from screens.new_game import NewGameScreen
from screens.session import GameSession
from tests.ui_helpers import make_app, until

# (game, options, seed): seeded random playouts of two seats that the computer ends
GAMES = {
    "robot-master": ({}, 1),
    "stak-bots": ({"depth": 3}, 3),
    "robo-factory": ({}, 1),
    "roborally": ({"max_turns": 1}, 2),
}


def playout(game_id: str, options: dict, seed: int) -> list[tuple[int, Action]]:
    """A seeded random game of two seats to its end, as (seat, action)."""
    state = get_game(game_id).new_game(2, options, seed)
    rng = random.Random(seed)
    log: list[tuple[int, Action]] = []
    while not state.is_terminal():
        seat = state.current_player()
        if seat is None:
            seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(action, seat)
        log.append((seat, action))
    return log


@dataclass
class NearEnd:
    """A saved game one human move before the end; the computer's moves follow."""

    path: Path
    human: int
    computer: int
    last_move: Action  # the human's last move
    log: list[tuple[int, Action]]  # the whole playout


def near_end(tmp_path: Path, game_id: str, back: int = 0) -> NearEnd:
    """The game one human move before its end (``back`` human moves more before it)."""
    assert game_id in GAMES, f"add {game_id} to GAMES: options and a seed for its playout"
    options, seed = GAMES[game_id]
    log = playout(game_id, options, seed)
    computer = log[-1][0]
    human = 1 - computer
    last = [i for i, (seat, _) in enumerate(log) if seat == human][-1 - back]
    players = [PlayerEntry("You", "human", None), PlayerEntry("Bot", "computer", "random")]
    if human == 1:
        players.reverse()
    # outside the app's save folder: each opening goes on in a copy of its own
    session = GameSession.new(get_game(game_id), players, options, seed, tmp_path / "near")
    for seat, action in log[:last]:
        session.match.play(action, seat)
    if game_id == "robo-factory":  # the turns before were seen (their results shown)
        ends = [e.turn for e in session.match.state.events if e.kind == "order"]
        if ends:
            session.saved.ui["result_seen"] = ends[-1]
    assert session.autosave().ok
    assert session.saved.path is not None
    return NearEnd(session.saved.path, human, computer, log[last][1], log)


class ScriptedComputer:
    """Plays the playout's moves for its seat; the last one (which ends the game) once the
    test lets it answer (``go``), saying when it is asked (``asked``)."""

    def __init__(
        self, session: GameSession, seat: int, log: list[tuple[int, Action]], go: threading.Event
    ) -> None:
        self.session, self.seat, self.go = session, seat, go
        self.asked = threading.Event()
        self.moves = [action for s, action in log if s == seat]
        self.hold_at = len(self.moves) - 1  # the move that waits for go

    def choose(self, view: Any) -> Action:
        done = sum(1 for entry in self.session.match.log if entry.seat == self.seat)
        if done == self.hold_at:
            self.asked.set()
            assert self.go.wait(10), "the test never let the computer answer"
        return self.moves[done]


async def open_near_end(app, pilot, game: NearEnd, go: threading.Event | None) -> GameScreen:
    """Open the game near its end: with ``go``, the computer plays the playout's moves."""
    session = GameSession(load_save(game.path), app.config.save_dir)
    if go is not None:
        session._computers[game.computer] = ScriptedComputer(  # type: ignore[assignment]
            session, game.computer, game.log, go
        )
    app.open_session(session)
    await pilot.pause()
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def wait_computer(pilot) -> None:
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def to_panel(pilot, screen: GameScreen) -> None:
    """Go on to the game-over panel: Enter closes Robo Factory's last turn result, x skips
    RoboRally's playback of the last registers."""
    for _ in range(40):
        if isinstance(pilot.app.screen, GameOverScreen):
            return
        await pilot.press("enter" if pilot.app.screen is not screen else "x")
        await wait_computer(pilot)
    raise AssertionError(f"no game-over panel: {pilot.app.screen_stack}")


def game_screens(app) -> list[GameScreen]:
    return [s for s in app.screen_stack if isinstance(s, GameScreen)]


async def assert_in_menu(pilot) -> None:
    await pilot.pause()
    await pilot.pause()
    app = pilot.app
    assert isinstance(app.screen, MainMenu), app.screen_stack
    assert not game_screens(app)
    assert not any(isinstance(s, (ConfirmScreen, GameOverScreen)) for s in app.screen_stack)


GAME_IDS = [info.id for info in playable_game_infos()]  # every game, as registered


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_q_as_the_computer_ends_the_game_then_panel_then_menu(tmp_path, game_id) -> None:
    """The issue's race: the last move, q at once (the question opens while the computer
    answers), the answer ends the game: the question closes and the panel shows; m then
    goes to the menu (before: m stayed on the board, q crashed)."""
    game = near_end(tmp_path, game_id)
    go = threading.Event()
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_near_end(app, pilot, game, go)
        screen.play(game.last_move, game.human)
        computer = screen.session._computers[game.computer]
        assert isinstance(computer, ScriptedComputer)
        for _ in range(100):  # on to the computer's last move, the one that ends the game
            if computer.asked.is_set():
                break
            # Robo Factory: Enter closes a turn's result; RoboRally: x skips the playback
            await pilot.press("enter" if app.screen is not screen else "x")
        assert computer.asked.is_set()
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen) and screen.stage == "asking"
        go.set()
        await wait_computer(pilot)
        assert screen.finished
        assert not any(isinstance(s, ConfirmScreen) for s in app.screen_stack)
        await to_panel(pilot, screen)
        assert screen.stage == PANEL
        await pilot.press("m")
        await assert_in_menu(pilot)
        assert screen.stage == LEAVING
    assert app.return_code in (None, 0)


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_q_as_the_panel_arrives_then_every_panel_key(tmp_path, game_id) -> None:
    """q, Enter, n, m pressed as the game ends; then b, Enter, b, n on the finished board:
    one new-game dialog, the game screen gone, no exception."""
    game = near_end(tmp_path, game_id)
    go = threading.Event()
    go.set()
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_near_end(app, pilot, game, go)
        screen.play(game.last_move, game.human)
        await wait_computer(pilot)
        await to_panel(pilot, screen)
        await pilot.press("b")
        assert screen.stage == BOARD and app.screen is screen
        await pilot.press("enter")
        assert screen.stage == PANEL and isinstance(app.screen, GameOverScreen)
        await pilot.press("b", "n", "n", "m", "q")
        await pilot.pause()
        await pilot.pause()
        assert not game_screens(app)
        assert screen.stage == LEAVING
        assert sum(isinstance(s, NewGameScreen) for s in app.screen_stack) <= 1
    assert app.return_code in (None, 0)


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_every_way_out_twice_dismisses_once(tmp_path, game_id) -> None:
    """The panel's m and the board's n, q and Escape arriving together, and the ways out
    called twice over: the screen is dismissed once (a second dismiss raised
    InvalidStateError)."""
    game = near_end(tmp_path, game_id)
    go = threading.Event()
    go.set()
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_near_end(app, pilot, game, go)
        screen.play(game.last_move, game.human)
        await wait_computer(pilot)
        await to_panel(pilot, screen)
        screen.after_game_over("menu")
        screen.after_game_over("menu")
        screen.action_new_game()
        screen.action_leave()
        screen.close(False)
        await assert_in_menu(pilot)
    assert app.return_code in (None, 0)


async def test_a_move_under_the_question_waits_and_no_goes_on(tmp_path) -> None:
    """q while the computer thinks (not the last move); its answer comes in under the
    question, which stays (nothing opens over it); No closes it and the human plays on."""
    game = near_end(tmp_path, "robot-master", back=1)
    go = threading.Event()
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_near_end(app, pilot, game, go)
        computer = screen.session._computers[game.computer]
        assert isinstance(computer, ScriptedComputer)
        computer.hold_at -= 1  # the answer to this move waits, not the last one
        screen.play(game.last_move, game.human)
        await until(pilot, computer.asked.is_set, "the computer asked")
        await pilot.press("q")
        assert screen.stage == "asking"
        moves = len(screen.session.match.log)
        go.set()
        await wait_computer(pilot)
        assert len(screen.session.match.log) == moves + 1  # the computer's answer is in
        assert isinstance(app.screen, ConfirmScreen) and screen.stage == "asking"
        await pilot.press("n")
        await pilot.pause()
        assert screen.stage == PLAYING and app.screen is screen
        assert not screen.finished and screen.human_to_move()
        await pilot.press("q", "y")
        await assert_in_menu(pilot)


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_random_keys_over_the_end_of_a_game_never_crash(
    tmp_path, game_id, monkeypatch
) -> None:
    """300 seeded random keys over a game one move from its end (and whatever the keys
    open after it: the menu, a new game): robotui never crashes."""
    monkeypatch.setattr(screens.session, "make_player", _random_player)
    game = near_end(tmp_path, game_id)
    rng = random.Random(f"fuzz {game_id}")
    keys = [
        "q",
        "escape",
        "enter",
        "n",
        "m",
        "b",
        "y",
        "u",
        "space",
        "x",
        "left",
        "right",
        "up",
        "down",
        "1",
        "2",
        "tab",
        "e",
        "p",
        "c",
        "a",
        "d",
        "r",
        "question_mark",
    ]
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_near_end(app, pilot, game, None)
        screen.play(game.last_move, game.human)
        for step in range(300):
            if not app.is_running:
                break
            if isinstance(app.screen, MainMenu) and step % 3:
                await open_near_end(app, pilot, game, None)  # back to the game's end
            key = rng.choice(keys)
            if isinstance(app.screen, MainMenu) and key in ("q", "enter", "r"):
                continue  # the menu's quit and starting an unrelated game are not the point
            await pilot.press(key)
            if step % 10 == 0:
                await wait_computer(pilot)
        await wait_computer(pilot)
    assert app._exception is None
    assert app.return_code in (None, 0)


def _random_player(spec, level, seat, seed):  # noqa: ANN001, ANN202
    """Every computer plays at random: the fuzz is about the keys, not the thinking."""
    from engines.players import make_player

    return make_player(spec, "random", seat, seed)


async def test_a_game_ending_under_the_too_small_notice_opens_its_panel_beneath(
    tmp_path,
) -> None:
    """The game ends while the terminal is too small: the panel opens beneath the notice
    and is on top once the terminal is large enough; m then leaves the game."""
    game = near_end(tmp_path, "robot-master")
    go = threading.Event()
    go.set()
    app = make_app(tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_near_end(app, pilot, game, go)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        screen.play(game.last_move, game.human)
        await wait_computer(pilot)
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, TooSmallScreen)
                and any(isinstance(s, GameOverScreen) for s in app.screen_stack)
            ),
        )
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
        await pilot.press("m")
        await until(pilot, lambda: not game_screens(app))
        await assert_in_menu(pilot)
