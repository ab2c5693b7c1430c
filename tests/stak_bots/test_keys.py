"""Stak Bots keys at 80x24: the footer shows the keys that apply and always keeps
"q Quit"; the turn line names recycling when it is on; after the game the board's keys
lead back to the result."""

from __future__ import annotations

import re

import pytest

from engines.stak_bots.state import StakState
from screens.new_game import NewGameScreen
from screens.stak_bots.screen import StakBotsOverScreen, StakBotsScreen
from tests.stak_bots.support import build
from tests.stak_bots.test_prompts import install, status_lines
from tests.ui_helpers import SIZE, make_app, sb_screen, settle

TURN_KEYS = {"Play", "Discard", "Scrap", "Attack", "End"}


def footer_keys(screen: StakBotsScreen) -> dict[str, str]:
    """The footer's keys as they show: description -> key, each checked to fit the screen."""
    keys = {}
    for key in screen.query("FooterKey"):
        region = key.region
        assert region.width > 0 and region.right <= SIZE[0], (key.description, region)
        keys[key.description] = key.key_display
    return keys


@pytest.mark.parametrize("recycling", ["off", "on"])
@pytest.mark.parametrize("players", [2, 4])
async def test_footer_keeps_quit_and_shows_only_keys_that_apply(tmp_path, recycling, players):
    app = make_app(
        tmp_path,
        start="play",
        game="stak-bots",
        opponent="random",
        seed=4,
        players=players,
        options={"recycling": recycling},
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        keys = footer_keys(screen)
        assert keys["Quit"] == "q" and keys["Rules"] == "?"
        assert set(keys) >= TURN_KEYS
        assert ("Recycle" in keys) == (recycling == "on")
        assert "Undo" not in keys  # nothing to undo yet
        turn_line = " ".join(status_lines(screen)[:2])
        assert ("c recycle" in turn_line) == (recycling == "on")
        assert "p play" in turn_line and "u undo" not in turn_line
        assert "e end" not in turn_line and "(e) waits" in " ".join(status_lines(screen))
        if recycling == "off":  # room for the hint and save
            assert keys["Hint"] == "H" and keys["Save"] == "^s"
            assert "H hint" not in turn_line and "^s save" not in turn_line
        else:  # no room in the footer: the turn line names them instead
            assert "Hint" not in keys and "Save" not in keys
            assert "H hint ^s save" in turn_line

        await pilot.press("d")  # a discard: something to undo, and the turn may end
        await settle(pilot)
        keys = footer_keys(screen)
        turn_line = " ".join(status_lines(screen)[:2])
        assert "e end" in turn_line
        if recycling == "off":  # undo takes the room of save
            assert keys["Hint"] == "H" and keys["Undo"] == "u" and "Save" not in keys
            assert "H hint" not in turn_line and "^s save" in turn_line
        else:
            assert "Hint" not in keys and "Undo" not in keys
            assert "H hint u undo ^s save" in turn_line
        assert not status_lines(screen)[1].startswith("Your turn")  # two lines at most

        await pilot.press("a")  # a prompt: its keys instead of the turn's
        await settle(pilot)
        if screen.targeting:
            keys = footer_keys(screen)
            assert not TURN_KEYS & set(keys)
            assert {"Choose", "OK", "Cancel", "Hint", "Undo", "Quit"} <= set(keys)
            await pilot.press("escape")
            await settle(pilot)
            assert not screen.targeting


async def test_hint_key_works_while_the_footer_has_no_room_for_it(tmp_path):
    app = make_app(
        tmp_path,
        start="play",
        game="stak-bots",
        opponent="random",
        seed=5,
        options={"recycling": "on"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        assert "Hint" not in footer_keys(screen)
        await pilot.press("H")
        await settle(pilot)
        assert re.match(r"Hint: [a-z]+ \w", screen.message), screen.message  # "Hint: play X"


async def test_game_keys_say_why_they_do_nothing(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await pilot.press("c")  # recycling is off: hidden, but not silent
        await pilot.pause()
        assert screen.message == "Recycling is off in this game."
        await pilot.press("e")  # nothing scrapped yet
        await pilot.pause()
        assert screen.message.startswith("You cannot end the turn yet")
        assert screen.state.move_number == 0


def last_blow() -> StakState:
    """Player 1's Stomp Bot scraps player 2's whole stack: attacking wins at once."""
    return build([["core", "stomp"], ["core", "bountiful", "reaper"]], [["core"], []])


async def test_board_after_the_game_offers_the_result_again(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        assert not screen.check_action("show_result", ())
        await install(pilot, screen, last_blow())
        await pilot.press("a", "enter")  # the one target, confirmed
        await settle(pilot)
        assert screen.state.is_terminal()
        assert isinstance(app.screen, StakBotsOverScreen)
        await pilot.press("b")  # look at the board
        await settle(pilot)
        assert app.screen is screen and screen.ui_phase() == "over"
        keys = footer_keys(screen)
        assert not TURN_KEYS & set(keys) and "Choose" not in keys
        assert keys["Result"] == "Enter" and keys["Quit"] == "q" and "New game" in keys
        assert "Game over: Enter the result" in " ".join(status_lines(screen))
        events = len(screen.state.events)
        await pilot.press("p", "d", "s", "a", "e", "1")  # the game's keys do nothing now
        await settle(pilot)
        assert len(screen.state.events) == events and app.screen is screen
        await pilot.press("enter")  # the result again
        await settle(pilot)
        assert isinstance(app.screen, StakBotsOverScreen)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)


async def test_n_on_the_board_after_the_game_asks_for_a_new_game(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, last_blow())
        await pilot.press("a", "enter")  # the one target, confirmed
        await settle(pilot)
        await pilot.press("b", "n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)


async def test_a_single_target_is_asked_for_too(tmp_path):
    """Two players: ``a`` opens the target prompt with the one stack; Escape cancels it,
    so a stray ``a`` costs nothing."""
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, last_blow())
        await pilot.press("a")
        await pilot.pause()
        assert screen.targeting and len(screen.prompt_options()) == 1
        assert not screen.state.is_terminal()
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.targeting and not screen.state.is_terminal()


# Stak Bots at 80x24: the footer and the turn line name only the
# keys that do something now (no ``p Play`` with an empty hand, no ``a Attack`` once the
# turn's attacker is scrapped, ``u Undo`` only when there is a move to take back), the
# footer follows as that changes, and a key that does nothing still says why.


def turn_line(screen: StakBotsScreen) -> str:
    """The turn's keys (the status lines before any message)."""
    lines = status_lines(screen)
    assert lines[0].startswith("Your turn: "), lines
    return " ".join(line for line in lines[:2] if "waits" not in line)


def one_card_left() -> StakState:
    """Player 1 holds one Core Bot (no entry effect); playing it empties the hand."""
    return build(
        [["core", "core", "reaper"], ["core", "bash", "shot"]], [["core"], ["pit"]], recycling=True
    )


async def test_an_empty_hand_hides_play_discard_and_recycle(tmp_path):
    app = make_app(
        tmp_path,
        start="play",
        game="stak-bots",
        opponent="random",
        seed=4,
        options={"recycling": "on"},
    )
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
        assert screen.message == (
            "No attack possible: this turn's attacker was reset, returned or scrapped."
        )
        assert not screen.targeting


@pytest.mark.parametrize("recycling", ["off", "on"])
async def test_undo_shows_only_when_there_is_a_move_to_take_back(tmp_path, recycling):
    app = make_app(
        tmp_path,
        start="play",
        game="stak-bots",
        opponent="random",
        seed=4,
        options={"recycling": recycling},
    )
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
