"""The Stak Bots log, as a QA pass found it: the engine names a card of a stack one way
("Player 2's top card, Reaper Bot, goes back to Player 2's hand."), and the screen calls
the one human's cards "your" ("Your top card, Spike Bot, is scrapped."), others by the
stacks' names ("P2 Computer's"), everyone by name in hot-seat games. The wording is not
part of the game state: fingerprints and saves do not change with it."""

from __future__ import annotations

import re

import pytest

from engines.stak_bots.state import StakState
from screens.dialogs import PassScreen
from screens.stak_bots_screen import named_events
from tests.test_stak_bots_prompts import install
from tests.test_stak_bots_support import act, build, copy_position
from tests.test_stak_bots_ui import sb_screen
from tests.test_stak_bots_ui_layout import log_lines
from tests.ui_helpers import make_app, settle

SIZE = (80, 24)
CARD = r"(Player \d)'s ((face-down )?(top card|bottom card|\d+(st|nd|rd|th) card from the top)), " \
       r"[A-Z][a-z]+ Bot, "


def effect_on_player_2(effect: str, *answers: str) -> StakState:
    """Player 1 plays a bot whose entry effect acts on Player 2's stack (a face-up Reaper
    Bot second from its top), then answers its prompt."""
    state = build([["core", "core"], ["core", "reaper+", "fatal"], ["core", "bash"]],
                  [[effect], [], []])
    return act(state, f"play {effect}", *answers)


@pytest.mark.parametrize(("effect", "answers", "said"), [
    ("tranq", ["reset p2.2"], "Player 2's 2nd card from the top, Reaper Bot, is reset."),
    ("begone", ["target p2"],
     "Player 2's top card, Fatal Bot, goes back to Player 2's hand."),
    ("pit", ["target p2"],
     "Player 2's top card, Fatal Bot, goes to the bottom of Player 2's stack."),
    ("trip", ["target p2"], "Player 2's top card, Fatal Bot, falls one place."),
    ("shot", ["target p2"], "Player 2's top card, Fatal Bot, takes 3 damage (3/"),
    ("sidekick", [], "Player 1's top card, Sidekick Bot, falls one place."),
])
def test_the_engine_names_a_card_of_a_stack_one_way(effect, answers, said):
    state = effect_on_player_2(effect, *answers)
    assert any(event.startswith(said) for event in state.events), state.events
    for event in state.events:  # no "Reaper Bot of Player 2 is reset." any more
        assert not re.search(r"Bot of Player", event), event
        if re.search(r"is reset|goes back|bottom of|falls one|takes \d damage", event):
            assert re.match(CARD, event), event


def test_event_wording_is_not_part_of_the_game_state():
    state = effect_on_player_2("begone", "target p2")
    other = copy_position(state)
    other.events = [event.replace("Player", "Somebody") for event in state.events]
    assert other.events != state.events
    assert other.fingerprint() == state.fingerprint()
    assert "events" not in state.canonical()
    assert "goes back" not in repr(state.canonical())


def test_your_possessive_for_the_one_human():
    names = ["P1 You", "P2 Computer", "P3 Computer 2"]
    events = [
        "Player 1's top card, Spike Bot, is scrapped.",
        "Player 2's top card, Reaper Bot, goes back to Player 2's hand.",
        "Player 3's top card, Pit Bot, goes back to Player 1's hand.",
        "Player 1's top card, Core Bot, goes to the bottom of Player 1's stack.",
        "Turn 3: Player 2 attacks. Player 1's Core Bot falls.",
        "Player 1 plays Clumsy Bot.",
        "Player 1's stack is empty: Player 1 is out.",
    ]
    assert named_events(events, names, you=0) == [
        "Your top card, Spike Bot, is scrapped.",
        "P2 Computer's top card, Reaper Bot, goes back to P2 Computer's hand.",
        "P3 Computer 2's top card, Pit Bot, goes back to your hand.",
        "Your top card, Core Bot, goes to the bottom of your stack.",
        "Turn 3: P2 Computer attacks. Your Core Bot falls.",
        "You play Clumsy Bot.",
        "Your stack is empty: you are out.",
    ]
    # without a one human (hot seat, computers only): the names everywhere
    assert named_events(events[:1], names) == ["P1 You's top card, Spike Bot, is scrapped."]


@pytest.mark.parametrize(("event", "said"), [
    ("Player 1 starts. Each stack has 9 cards.", "You start. Each stack has 9 cards."),
    ("Turn 3: Player 1 draws a card.", "Turn 3: you draw a card."),
    ("Player 1 draws a card.", "You draw a card."),
    ("Player 1 plays Reaper Bot.", "You play Reaper Bot."),
    ("Player 1 turns up Begone Bot.", "You turn up Begone Bot."),
    ("Player 1 discards Pit Bot.", "You discard Pit Bot."),
    ("Player 1 scraps the top card, Spike Bot.", "You scrap your top card, Spike Bot."),
    ("Player 1 recycles: scraps Clumsy Bot, discards Core Bot, draws a card.",
     "You recycle: scrap Clumsy Bot, discard Core Bot, draw a card."),
    ("Player 1 ends the turn.", "You end the turn."),
    ("Player 1 cannot draw: no cards left.", "You cannot draw: no cards left."),
    ("Player 1 blocks the attack by playing Pit Bot.",
     "You block the attack by playing Pit Bot."),
    ("Player 1 scraps Shot Bot from hand.", "You scrap Shot Bot from your hand."),
    ("Expel: Player 1 must scrap a hand card.", "Expel: you must scrap a hand card."),
    ("Reaper Bot's entry effect (Player 1).", "Reaper Bot's entry effect (yours)."),
    ("Player 1 has the last stack standing.", "You have the last stack standing."),
    ("Player 1 and Player 2 lost their last cards at the same moment: they share.",
     "You and P2 Computer lost their last cards at the same moment: they share."),
    # the others keep the names the stacks show
    ("Player 2 plays Reaper Bot.", "P2 Computer plays Reaper Bot."),
    ("Turn 4: Player 2 draws a card.", "Turn 4: P2 Computer draws a card."),
    ("Player 3 recycles: scraps Clumsy Bot, discards Core Bot, draws a card.",
     "P3 Computer 2 recycles: scraps Clumsy Bot, discards Core Bot, draws a card."),
    ("Reaper Bot's entry effect (Player 2).", "Reaper Bot's entry effect (P2 Computer)."),
])
def test_the_log_speaks_to_the_one_human(event, said):
    """"P1 You plays Reaper Bot." read wrong: the human's own lines say "You play"."""
    names = ["P1 You", "P2 Computer", "P3 Computer 2"]
    assert named_events([event], names, you=0) == [said]
    # in hot-seat games every line keeps the names, verbs as the engine says them
    assert named_events([event], names)[0] == event.replace("Player 1", "P1 You").replace(
        "Player 2", "P2 Computer").replace("Player 3", "P3 Computer 2")


def test_the_log_speaks_to_a_human_in_another_seat():
    names = ["P1 Computer", "P2 You"]
    events = ["Player 2 plays Reaper Bot.", "Player 1 plays Pit Bot.",
              "Player 1's top card, Pit Bot, goes back to Player 2's hand."]
    assert named_events(events, names, you=1) == [
        "You play Reaper Bot.", "P1 Computer plays Pit Bot.",
        "P1 Computer's top card, Pit Bot, goes back to your hand."]


def log_text(screen) -> str:
    return " ".join(line.strip() for line in log_lines(screen))


def begone_both_ways() -> StakState:
    """Player 1 holds two Begone Bots; Player 2's stack has a Fatal Bot on top."""
    return build([["core", "core", "spike"], ["core", "bash", "fatal"]],
                 [["begone", "begone"], ["pit"]])


async def test_the_log_says_your_for_the_human_and_names_the_computer(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, begone_both_ways())
        await pilot.press("1", "p")  # Begone Bot: choose a top card
        await settle(pilot)
        options = screen.prompt_options()
        await pilot.press(str(options.index(next(o for o in options if o.seat == 1)) + 1))
        await settle(pilot)
        assert ("P2 Computer's top card, Fatal Bot, goes back to P2 Computer's hand."
                in log_text(screen))
        await pilot.press("1", "p")  # the other one, on your own stack
        await settle(pilot)
        options = screen.prompt_options()
        await pilot.press(str(options.index(next(o for o in options if o.seat == 0)) + 1))
        await settle(pilot)
        assert "Your top card, Begone Bot, goes back to your hand." in log_text(screen)
        assert "P1 You's" not in log_text(screen)


async def test_hot_seat_logs_keep_the_names(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="human", seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await pilot.pause()
        screen = sb_screen(app)
        assert screen.you() is None
        event = "Player 1's top card, Spike Bot, is scrapped."
        assert screen.named([event]) == named_events([event], screen.names())
        assert not screen.named([event])[0].startswith("Your")
