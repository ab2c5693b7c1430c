"""Computer and hint answers come back from worker threads: a hint that comes back after
the position changed is dropped (in a hot-seat RoboRally game it filled the next player's
registers with the last player's cards) and leaves H working; a computer player that
raises is told on the status line and does not end robotui. Slow players here wait on an
event the test sets, so nothing depends on timing."""

from __future__ import annotations

import threading
from typing import Any

from engines.core import Action
from engines.roborally.state import Program
from screens.dialogs import PassScreen
from screens.game_screen import GameScreen
from tests.ui_helpers import make_app, settle, until


class GatedHint:
    """The real hint player, answering once the test opens the gate."""

    def __init__(self, inner) -> None:
        self.inner, self.seat, self.level = inner, inner.seat, inner.level
        self.gate = threading.Event()

    def choose(self, view: Any) -> Action:
        self.gate.wait(30)
        return self.inner.choose(view)


class Crashing:
    seat, level = 1, "broken"

    def choose(self, view: Any) -> Action:
        raise RuntimeError("player crashed")


def game_screen(app) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


async def pause(pilot) -> None:
    """Let the screen catch up without waiting for the workers (a gated one would block
    :func:`settle`)."""
    for _ in range(3):
        await pilot.pause()


async def wait_hint(pilot, screen: GameScreen) -> None:
    await until(pilot, lambda: not screen.hinting, "the hint back")
    await pause(pilot)


async def test_a_late_hint_is_dropped_and_h_works_again(tmp_path) -> None:
    app = make_app(tmp_path, start="play", game="robot-master", opponent="random", seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        session = screen.session
        real = session.hint_player(0)
        slow = session._hinters[0] = GatedHint(real)
        await pilot.press("H")
        await pause(pilot)
        assert screen.hinting
        state = screen.game_state
        screen.play(state.legal_actions(0)[0], 0)  # you move before it answers
        # the computer answers (the hint still waits)
        await until(pilot, screen.human_to_move, "the computer's answer")
        slow.gate.set()
        await wait_hint(pilot, screen)
        assert screen.last_hint is None and not screen.message.startswith("Hint:")
        session._hinters[0] = real
        await pilot.press("H")  # it still works (not stuck until an undo)
        await settle(pilot)
        await wait_hint(pilot, screen)
        assert screen.message.startswith("Hint:")


async def test_a_hot_seat_hint_never_reaches_the_next_player(tmp_path) -> None:
    app = make_app(tmp_path, start="play", game="roborally", opponent="human", seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        for _ in range(40):  # to the first human with a program to write
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                await settle(pilot)
                continue
            seat = screen.shown_seat
            if seat is not None and screen.state.pending_kind(seat) == "program":
                break
            if seat is not None and screen.state.pending_kind(seat):
                screen.play(screen.state.legal_actions(seat)[0], seat)
            await settle(pilot)
        first = screen.shown_seat
        assert first is not None
        slow = screen.session._hinters[first] = GatedHint(screen.session.hint_player(first))
        await pilot.press("H")
        await pause(pilot)
        assert screen.hinting
        program = screen.state.legal_actions(first)[0]
        screen.play(Program(program.cards, False), first)  # programmed by hand meanwhile
        for _ in range(40):
            await pause(pilot)
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                await settle(pilot)
            if screen.shown_seat not in (None, first):
                break
        second = screen.shown_seat
        assert second not in (None, first)
        slow.gate.set()
        await wait_hint(pilot, screen)
        assert screen.chosen == [] and "program" not in screen.session.saved.ui
        assert screen.message == "" or not screen.message.startswith("Hint:")


async def test_a_crashing_computer_player_is_told_and_robotui_goes_on(tmp_path) -> None:
    app = make_app(tmp_path, start="play", game="robot-master", opponent="random", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        screen.session._computers[1] = Crashing()
        state = screen.game_state
        screen.play(state.legal_actions(0)[0], 0)
        await until(pilot, lambda: screen.thinking_since is None, "the computer done")
        await pause(pilot)
        assert app.is_running and app.return_code is None
        assert screen.message.startswith("The computer player failed (player crashed).")
        assert screen.thinking_since is None and state.current_player() == 1
