"""Play Stak Bots in the Textual app with Pilot, keys only."""

from __future__ import annotations

import re

from engines.stak_bots.state import StakState
from saves import list_saves, load_save
from screens.dialogs import PassScreen
from screens.menu import MainMenu
from screens.stak_bots.screen import StakBotsOverScreen, StakBotsScreen
from tests.ui_helpers import SIZE, make_app, save_as_then_quit, sb_screen, settle


def next_key(screen: StakBotsScreen) -> str:
    """A simple way to play by keys: answer prompts with 1, attack, discard, scrap, end."""
    state: StakState = screen.state
    if screen.prompt_options():
        return "1"
    legal = {m.kind for m in screen.legal()}
    if "attack" in legal and state.turn_actions < 4:
        return "a"
    if not state.scrapped:
        return "d" if "discard" in legal else "s"
    return "e"


async def play_keys(pilot, screen: StakBotsScreen, limit: int) -> int:
    """Press keys for the human until the game ends or ``limit`` keys are pressed."""
    pressed = 0
    while not screen.state.is_terminal() and pressed < limit:
        assert screen.human_to_move(), "the human should be to move after settling"
        await pilot.press(next_key(screen))
        await settle(pilot)
        pressed += 1
    return pressed


async def test_whole_game_by_keys_with_save_and_resume(tmp_path):
    app = make_app(
        tmp_path, start="play", game="stak-bots", opponent="easy", seed=11, options={"depth": 6}
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        assert screen.session.players[1].level == "easy"
        await play_keys(pilot, screen, 3)
        moves = screen.state.move_number
        assert moves > 0 and not screen.state.is_terminal()
        await save_as_then_quit(pilot, screen, "bots night")

    summaries, errors = list_saves(tmp_path)
    assert [s.name for s in summaries] == ["bots night"] and not errors
    assert summaries[0].move_number == moves

    app = make_app(tmp_path, start="resume", resume_path=summaries[0].path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        assert screen.state.move_number == moves
        await play_keys(pilot, screen, 400)
        await settle(pilot)
        assert screen.state.is_terminal()
        assert isinstance(app.screen, StakBotsOverScreen)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
    saved = load_save(summaries[0].path)
    assert saved.match.state.is_terminal()
    assert saved.match.state.fingerprint() == screen.state.fingerprint()


async def test_end_turn_waits_for_the_scrapheap_and_attack_asks_for_a_target(tmp_path):
    app = make_app(
        tmp_path,
        start="play",
        game="stak-bots",
        opponent="random",
        seed=4,
        players=3,
        options={"depth": 5},
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        state = screen.state
        assert state.active == 0 and not state.scrapped
        assert screen.check_action("end_turn", ()) is None  # shown disabled
        await pilot.press("e")  # disabled: nothing happens, the status line says why
        await pilot.pause()
        assert state.active == 0 and state.move_number == 0
        status = " ".join(str(screen.query_one("#sb-status").render()).splitlines())
        # the message in full, in the place of the note it makes redundant
        assert "You cannot end the turn yet: a card must reach the scrapheap first." in status
        assert "End turn (e) waits" not in status
        await pilot.press("a")
        await pilot.pause()
        assert screen.targeting and len(screen.prompt_options()) == 2
        status = str(screen.query_one("#sb-status").render())
        assert "Attack which stack?" in status
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.targeting and isinstance(app.screen, StakBotsScreen)
        await pilot.press("s")
        await settle(pilot)
        assert screen.check_action("end_turn", ()) is True or state.active != 0


async def test_hot_seat_hides_hands_between_players(tmp_path):
    app = make_app(
        tmp_path, start="play", game="stak-bots", opponent="human", seed=9, options={"depth": 5}
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        screen = sb_screen(app)
        hand = str(screen.query_one("#sb-hand").render())
        assert "Hands are hidden" in hand
        await pilot.press("enter")
        await pilot.pause()
        assert screen.shown_seat == 0
        assert "Your hand" in str(screen.query_one("#sb-hand").render())
        while screen.state.active == 0 and not screen.state.is_terminal():
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                await pilot.pause()
                continue
            await pilot.press(next_key(screen))
            await settle(pilot)
        if not screen.state.is_terminal() and screen.state.current_player() == 1:
            assert isinstance(app.screen, PassScreen) and "Player 2" in app.screen.player
            assert "Hands are hidden" in str(screen.query_one("#sb-hand").render())


async def test_rules_and_hint(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await pilot.press("f1")
        await pilot.pause()
        assert "robotui's own values" in app.screen.text
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("H")
        await settle(pilot)
        assert re.match(r"Hint: [a-z]+ \w", screen.message), screen.message  # "Hint: play X"
