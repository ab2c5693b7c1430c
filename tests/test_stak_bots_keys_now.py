"""Stak Bots at 80x24, as a QA pass found it: the footer and the turn line name only the
keys that do something now (no ``p Play`` with an empty hand, no ``a Attack`` once the
turn's attacker is scrapped, ``u Undo`` only when there is a move to take back), the
footer follows as that changes, and a key that does nothing still says why."""

from __future__ import annotations

import pytest

from engines.stak_bots.state import StakState
from screens.stak_bots.screen import StakBotsScreen
from tests.test_stak_bots_keys import footer_keys
from tests.test_stak_bots_prompts import install, status_lines
from tests.test_stak_bots_support import build
from tests.test_stak_bots_ui import sb_screen
from tests.ui_helpers import make_app, settle

SIZE = (80, 24)


def turn_line(screen: StakBotsScreen) -> str:
    """The turn's keys (the status lines before any message)."""
    lines = status_lines(screen)
    assert lines[0].startswith("Your turn: "), lines
    return " ".join(line for line in lines[:2] if "waits" not in line)


def one_card_left() -> StakState:
    """Player 1 holds one Core Bot (no entry effect); playing it empties the hand."""
    return build([["core", "core", "reaper"], ["core", "bash", "shot"]],
                 [["core"], ["pit"]], recycling=True)


async def test_an_empty_hand_hides_play_discard_and_recycle(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4,
                   options={"recycling": "on"})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, one_card_left())
        keys = footer_keys(screen)
        assert {"Play", "Discard", "Recycle"} <= set(keys)
        assert "p play d discard c recycle" in turn_line(screen)
        await pilot.press("p")  # the last card: the footer follows at once
        await settle(pilot)
        assert screen.state.hands[0] == [] and screen.human_to_move()
        keys = footer_keys(screen)
        assert not {"Play", "Discard", "Recycle"} & set(keys), keys
        assert {"Scrap", "Attack", "Quit"} <= set(keys)
        line = turn_line(screen)
        assert "play" not in line and "discard" not in line and "recycle" not in line
        assert line.startswith("Your turn: s scrap a attack"), line
        for key in "pdc":  # hidden, not silent
            screen.message = ""
            await pilot.press(key)
            await pilot.pause()
            assert screen.message == "You have no card in hand."
        assert screen.state.hands[0] == []


def attacker_falls() -> StakState:
    """Player 1's Core Bot attacks Player 2's Fatal Bot and is scrapped: no more attacks
    this turn, though a card is on top and Player 2's stack stands."""
    return build([["core", "core", "core"], ["bash", "core", "fatal"]], [["pit"], ["shot"]])


async def test_no_attack_key_once_the_attacker_is_scrapped(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, attacker_falls())
        assert "Attack" in footer_keys(screen) and "a attack" in turn_line(screen)
        assert "e end" not in turn_line(screen)  # nothing scrapped yet: "e" waits
        await pilot.press("a", "enter")  # the one target
        await settle(pilot)
        state = screen.state
        assert state.attack_over and state.stacks[0] and state.active == 0
        keys = footer_keys(screen)
        assert "Attack" not in keys and keys["End"] == "e", keys
        line = turn_line(screen)
        assert "attack" not in line and "e end" in line, line
        await pilot.press("a")  # hidden, not silent
        await pilot.pause()
        assert screen.message == ("No attack possible: this turn's attacker was reset, "
                                  "returned or scrapped.")
        assert not screen.targeting


@pytest.mark.parametrize("recycling", ["off", "on"])
async def test_undo_shows_only_when_there_is_a_move_to_take_back(tmp_path, recycling):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4,
                   options={"recycling": recycling})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        assert screen.session.why_no_undo() is not None
        assert "Undo" not in footer_keys(screen) and "u undo" not in turn_line(screen)
        await pilot.press("u")  # hidden, not silent
        await pilot.pause()
        assert screen.message == "Nothing of yours to undo yet."
        await pilot.press("p")  # plays Spike Bot: nothing new seen, it can be taken back
        await settle(pilot)
        assert screen.session.why_no_undo() is None
        if recycling == "off":
            assert footer_keys(screen)["Undo"] == "u"
        else:  # no room in the footer: the turn line names it
            assert "u undo" in turn_line(screen)
        await pilot.press("u")
        await settle(pilot)
        assert screen.message == "Took back your last move." and screen.state.move_number == 0
        assert "Undo" not in footer_keys(screen) and "u undo" not in turn_line(screen)


async def test_undo_hides_once_a_card_was_shown(tmp_path):
    """Too late to take the move back (a card was drawn): no ``u Undo``, ``u`` says why."""
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await pilot.press("2", "p")  # Bountiful Bot: its entry effect draws a card
        await settle(pilot)
        why = screen.session.why_no_undo()
        assert why is not None and why.startswith("Too late")
        assert "Undo" not in footer_keys(screen) and "u undo" not in turn_line(screen)
        await pilot.press("u")
        await pilot.pause()
        assert screen.message == why
