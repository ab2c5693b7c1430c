"""The Stak Bots log, as a QA pass found it: the engine names a card of a stack one way
("Player 2's top card, Reaper Bot, goes back to their hand."), and the screen calls
the one human's cards "your" ("Your top card, Spike Bot, is scrapped."), others by the
stacks' names ("P2 Computer's"), everyone by name in hot-seat games. The wording is not
part of the game state: fingerprints and saves do not change with it."""

from __future__ import annotations

import re

import pytest

from engines.stak_bots.state import StakState
from screens.dialogs import PassScreen
from screens.stak_bots.log import named_events
from screens.stak_bots.screen import StakBotsOverScreen
from tests.stak_bots.support import act, build, copy_position
from tests.stak_bots.test_prompts import install, status_lines
from tests.stak_bots.test_screen import log_lines
from tests.ui_helpers import SIZE, make_app, sb_screen, settle

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
    ("begone", ["target p2"], "Player 2's top card, Fatal Bot, goes back to their hand."),
    ("pit", ["target p2"],
     "Player 2's top card, Fatal Bot, goes to the bottom of their stack."),
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
        "Player 2's top card, Reaper Bot, goes back to their hand.",
        "Player 3's top card, Pit Bot, goes back to Player 1's hand.",
        "Player 1's top card, Core Bot, goes to the bottom of their stack.",
        "Turn 3: Player 2 attacks. Player 1's Core Bot falls.",
        "Player 1 plays Clumsy Bot.",
        "Player 1's stack is empty: Player 1 is out.",
    ]
    assert named_events(events, names, you=0) == [
        "Your top card, Spike Bot, is scrapped.",
        "P2 Computer's top card, Reaper Bot, goes back to their hand.",
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
    ("Player 1 scraps their top card, Spike Bot.", "You scrap your top card, Spike Bot."),
    ("Player 1 recycles: scraps their top card, Clumsy Bot, discards Core Bot and draws a "
     "card.", "You recycle: scrap your top card, Clumsy Bot, discard Core Bot and draw a card."),
    ("Player 1 ends the turn.", "You end the turn."),
    ("Player 1 cannot draw: no cards left.", "You cannot draw: no cards left."),
    ("Player 1 blocks the attack by playing Pit Bot.",
     "You block the attack by playing Pit Bot."),
    ("Player 1 scraps Shot Bot from their hand.", "You scrap Shot Bot from your hand."),
    ("Expel: Player 1 must scrap a hand card.", "Expel: you must scrap a hand card."),
    ("Entry effect of Player 1's Reaper Bot.", "Entry effect of your Reaper Bot."),
    ("Player 1 has the last stack standing.", "You have the last stack standing."),
    ("Player 1 and Player 2 lost their last cards at the same moment: they share.",
     "You and P2 Computer lost your last cards at the same moment: you share."),
    ("Player 1's top card, Pit Bot, goes back to their hand.",
     "Your top card, Pit Bot, goes back to your hand."),
    # the others keep the names the stacks show
    ("Player 2 plays Reaper Bot.", "P2 Computer plays Reaper Bot."),
    ("Turn 4: Player 2 draws a card.", "Turn 4: P2 Computer draws a card."),
    ("Player 3 recycles: scraps their top card, Clumsy Bot, discards Core Bot and draws a "
     "card.", "P3 Computer 2 recycles: scraps their top card, Clumsy Bot, discards Core Bot "
     "and draws a card."),
    ("Player 2 scraps their top card, Fatal Bot.", "P2 Computer scraps their top card, Fatal Bot."),
    ("Player 3's top card, Pit Bot, goes back to their hand.",
     "P3 Computer 2's top card, Pit Bot, goes back to their hand."),
    ("Player 2 scraps Shot Bot from their hand.", "P2 Computer scraps Shot Bot from their hand."),
    ("Entry effect of Player 2's Reaper Bot.", "Entry effect of P2 Computer's Reaper Bot."),
    ("Player 2 and Player 3 lost their last cards at the same moment: they share.",
     "P2 Computer and P3 Computer 2 lost their last cards at the same moment: they share."),
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
        assert ("P2 Computer's top card, Fatal Bot, goes back to their hand."
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


# -- the QA tester's second pass: shared wins, own cards, entry effects ----------------------
@pytest.mark.parametrize(("event", "said"), [
    # you come first among those who share, and the sentence speaks to you
    ("Player 2 and Player 3 lost their last cards at the same moment: they share.",
     "You and P2 Computer 1 lost your last cards at the same moment: you share."),
    ("Player 1 and Player 3 lost their last cards at the same moment: they share.",
     "You and P1 Computer lost your last cards at the same moment: you share."),
    ("Player 1, Player 2 and Player 3 lost their last cards at the same moment: they share.",
     "You, P1 Computer and P2 Computer 1 lost your last cards at the same moment: you share."),
    # "their/they" only without you
    ("Player 1 and Player 2 lost their last cards at the same moment: they share.",
     "P1 Computer and P2 Computer 1 lost their last cards at the same moment: they share."),
])
def test_a_shared_win_with_you_says_you_first(event, said):
    names = ["P1 Computer", "P2 Computer 1", "P3 You"]
    assert named_events([event], names, you=2) == [said]
    # hot seat: the names, in seat order, as the engine says it
    hot = named_events([event], ["Player 1", "Player 2", "Player 3"])
    assert hot == [event]


def test_the_engine_lists_those_who_share_a_win():
    state = build([["core"], ["core"], ["core"]])
    state.finish([0, 2])
    assert state.end_reason == (
        "Player 1 and Player 3 lost their last cards at the same moment: they share.")
    state.finish([0, 1, 2])
    assert state.end_reason == ("Player 1, Player 2 and Player 3 lost their last cards at "
                                "the same moment: they share.")


def test_own_cards_are_theirs_in_the_engine_and_yours_on_screen():
    """A player scraps "their" top card (not "the top card"), recycles "their" top card,
    scraps a card "from their hand"; a returned card "goes back to their hand"."""
    names = ["P1 You", "P2 Computer 1", "P3 Computer 2"]
    computer = act(build([["core", "core"], ["core", "reaper+", "fatal"], ["core"]],
                         [[], [], []], active=1), "scrap")
    assert "Player 2 scraps their top card, Fatal Bot." in computer.events
    assert "P2 Computer 1 scraps their top card, Fatal Bot." in named_events(
        computer.events, names, you=0)
    mine = act(build([["core", "core", "spike"], ["core"]], [["clumsy"], []], recycling=True),
               "recycle clumsy")
    said = "Player 1 recycles: scraps their top card, Spike Bot, discards Clumsy Bot and " \
           "draws a card."
    assert said in mine.events
    assert named_events([said], names, you=0) == [
        "You recycle: scrap your top card, Spike Bot, discard Clumsy Bot and draw a card."]
    assert named_events([said.replace("Player 1", "Player 3")], names, you=0) == [
        said.replace("Player 1", "P3 Computer 2")]
    expel = act(build([["core", "core"], ["core", "core"]], [["expel", "bash", "clumsy"], []]),
                "play expel", "expel p1", "lose bash")
    assert "Player 1 scraps Bash Bot from their hand." in expel.events
    assert "You scrap Bash Bot from your hand." in named_events(expel.events, names, you=0)
    begone = effect_on_player_2("begone", "target p1")  # your own top card goes back
    assert "Player 1's top card, Begone Bot, goes back to their hand." in begone.events
    assert "Your top card, Begone Bot, goes back to your hand." in named_events(
        begone.events, names, you=0)


def test_an_entry_effect_names_whose_bot_it_is():
    state = effect_on_player_2("trip", "target p2")
    assert "Entry effect of Player 1's Trip Bot." in state.events
    names = ["P1 You", "P2 Computer", "P3 Computer 2"]
    assert "Entry effect of your Trip Bot." in named_events(state.events, names, you=0)
    assert "Entry effect of P1 You's Trip Bot." in named_events(state.events, names)
    assert named_events(["Entry effect of Player 2's Trip Bot."], names, you=0) == [
        "Entry effect of P2 Computer's Trip Bot."]
    for event in named_events(state.events, names, you=0):
        assert "(yours)" not in event and "Bot's entry effect" not in event, event


def shared_end() -> StakState:
    """Two Fatal Bots, each the last card of its stack: Player 1's attack scraps both."""
    return build([["fatal"], ["fatal"]], [["core"], []])


async def test_a_shared_win_speaks_to_you_in_the_log_status_and_result(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, shared_end())
        await pilot.press("a", "enter")  # the one target, confirmed
        await settle(pilot)
        assert screen.state.is_terminal() and screen.state.winners == (0, 1)
        other = screen.names()[1]
        said = f"You and {other} lost your last cards at the same moment: you share."
        assert isinstance(app.screen, StakBotsOverScreen)
        assert said in app.screen.summary().plain
        heading = app.screen.summary().plain.splitlines()[0]
        assert heading == f"You share the win with {other}!"
        await pilot.press("b")  # look at the board
        await settle(pilot)
        assert said in " ".join(line.strip() for line in log_lines(screen))
        status = " ".join(line.strip() for line in status_lines(screen))
        assert said in status, status
        assert "their" not in status and "they" not in status
