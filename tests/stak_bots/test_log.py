"""The Stak Bots log: the engine names a card of a stack one way
("Player 2's top card, Reaper Bot, goes back to their hand."), and the screen calls
the one human's cards "your" ("Your top card, Spike Bot, is scrapped."), others by the
stacks' names ("P2 Computer's"), everyone by name in hot-seat games. The wording is not
part of the game state: fingerprints and saves do not change with it."""

from __future__ import annotations

import re

import pytest

from engines.stak_bots.state import StakState
from engines.stak_bots.told import Told, their, they, verb, who
from screens.dialogs import PassScreen
from screens.stak_bots.log import named_events
from screens.stak_bots.screen import StakBotsOverScreen
from tests.stak_bots.support import act, build, copy_position
from tests.stak_bots.test_prompts import install, status_lines
from tests.stak_bots.test_screen import log_lines
from tests.ui_helpers import SIZE, make_app, sb_screen, settle

CARD = (
    r"(Player \d)'s ((face-down )?(top card|bottom card|\d+(st|nd|rd|th) card from the top)), "
    r"[A-Z][a-z]+ Bot, "
)


def recycles(seat: int, top: str = "Clumsy Bot", card: str = "Core Bot") -> Told:
    """The engine's line for ``seat`` recycling ``card``, its top card ``top`` scrapped."""
    return Told(
        who(seat),
        " ",
        verb(seat, "recycles"),
        ": ",
        verb(seat, "scraps"),
        " ",
        their(seat),
        f" top card, {top}, ",
        verb(seat, "discards"),
        f" {card} and ",
        verb(seat, "draws"),
        " a card.",
    )


def shared(*seats: int) -> Told:
    """The engine's line for ``seats`` sharing the win."""
    return Told(
        who(*seats),
        " lost ",
        their(*seats),
        " last cards at the same moment: ",
        they(*seats),
        " share.",
    )


def effect_on_player_2(effect: str, *answers: str) -> StakState:
    """Player 1 plays a bot whose entry effect acts on Player 2's stack (a face-up Reaper
    Bot second from its top), then answers its prompt."""
    state = build(
        [["core", "core"], ["core", "reaper+", "fatal"], ["core", "bash"]], [[effect], [], []]
    )
    return act(state, f"play {effect}", *answers)


@pytest.mark.parametrize(
    ("effect", "answers", "said"),
    [
        ("tranq", ["reset p2.2"], "Player 2's 2nd card from the top, Reaper Bot, is reset."),
        ("begone", ["target p2"], "Player 2's top card, Fatal Bot, goes back to their hand."),
        (
            "pit",
            ["target p2"],
            "Player 2's top card, Fatal Bot, goes to the bottom of their stack.",
        ),
        ("trip", ["target p2"], "Player 2's top card, Fatal Bot, falls one place."),
        ("shot", ["target p2"], "Player 2's top card, Fatal Bot, takes 3 damage (3/"),
        ("sidekick", [], "Player 1's top card, Sidekick Bot, falls one place."),
    ],
)
def test_the_engine_names_a_card_of_a_stack_one_way(effect, answers, said):
    state = effect_on_player_2(effect, *answers)
    assert any(event.startswith(said) for event in state.events), state.events
    for event in state.events:  # never "Reaper Bot of Player 2 is reset."
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
        Told(who(0, possessive=True), " top card, Spike Bot, is scrapped."),
        Told(who(1, possessive=True), " top card, Reaper Bot, goes back to ", their(1), " hand."),
        Told(
            who(2, possessive=True),
            " top card, Pit Bot, goes back to ",
            who(0, possessive=True),
            " hand.",
        ),
        Told(
            who(0, possessive=True),
            " top card, Core Bot, goes to the bottom of ",
            their(0),
            " stack.",
        ),
        Told(
            "Turn 3: ",
            who(1),
            " ",
            verb(1, "attacks"),
            ". ",
            who(0, possessive=True),
            " Core Bot falls.",
        ),
        Told(who(0), " ", verb(0, "plays"), " Clumsy Bot."),
        Told(who(0, possessive=True), " stack is empty: ", who(0), " ", verb(0, "is"), " out."),
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


@pytest.mark.parametrize(
    ("event", "said"),
    [
        (
            Told(who(0), " ", verb(0, "starts"), ". Each stack has 9 cards."),
            "You start. Each stack has 9 cards.",
        ),
        (Told("Turn 3: ", who(0), " ", verb(0, "draws"), " a card."), "Turn 3: you draw a card."),
        (Told(who(0), " ", verb(0, "draws"), " a card."), "You draw a card."),
        (Told(who(0), " ", verb(0, "plays"), " Reaper Bot."), "You play Reaper Bot."),
        (Told(who(0), " ", verb(0, "turns"), " up Begone Bot."), "You turn up Begone Bot."),
        (Told(who(0), " ", verb(0, "discards"), " Pit Bot."), "You discard Pit Bot."),
        (
            Told(who(0), " ", verb(0, "scraps"), " ", their(0), " top card, Spike Bot."),
            "You scrap your top card, Spike Bot.",
        ),
        (
            recycles(0),
            "You recycle: scrap your top card, Clumsy Bot, discard Core Bot and draw a card.",
        ),
        (Told(who(0), " ", verb(0, "ends"), " the turn."), "You end the turn."),
        (Told(who(0), " cannot draw: no cards left."), "You cannot draw: no cards left."),
        (
            Told(who(0), " ", verb(0, "blocks"), " the attack by playing Pit Bot."),
            "You block the attack by playing Pit Bot.",
        ),
        (
            Told(who(0), " ", verb(0, "scraps"), " Shot Bot from ", their(0), " hand."),
            "You scrap Shot Bot from your hand.",
        ),
        (Told("Expel: ", who(0), " must scrap a hand card."), "Expel: you must scrap a hand card."),
        (
            Told("Entry effect of ", who(0, possessive=True), " Reaper Bot."),
            "Entry effect of your Reaper Bot.",
        ),
        (
            Told(who(0), " ", verb(0, "has"), " the last stack standing."),
            "You have the last stack standing.",
        ),
        (shared(0, 1), "You and P2 Computer lost your last cards at the same moment: you share."),
        (
            Told(who(0, possessive=True), " top card, Pit Bot, goes back to ", their(0), " hand."),
            "Your top card, Pit Bot, goes back to your hand.",
        ),
        # the others keep the names the stacks show
        (Told(who(1), " ", verb(1, "plays"), " Reaper Bot."), "P2 Computer plays Reaper Bot."),
        (
            Told("Turn 4: ", who(1), " ", verb(1, "draws"), " a card."),
            "Turn 4: P2 Computer draws a card.",
        ),
        (
            recycles(2),
            "P3 Computer 2 recycles: scraps their top card, Clumsy Bot, discards Core Bot "
            "and draws a card.",
        ),
        (
            Told(who(1), " ", verb(1, "scraps"), " ", their(1), " top card, Fatal Bot."),
            "P2 Computer scraps their top card, Fatal Bot.",
        ),
        (
            Told(who(2, possessive=True), " top card, Pit Bot, goes back to ", their(2), " hand."),
            "P3 Computer 2's top card, Pit Bot, goes back to their hand.",
        ),
        (
            Told(who(1), " ", verb(1, "scraps"), " Shot Bot from ", their(1), " hand."),
            "P2 Computer scraps Shot Bot from their hand.",
        ),
        (
            Told("Entry effect of ", who(1, possessive=True), " Reaper Bot."),
            "Entry effect of P2 Computer's Reaper Bot.",
        ),
        (
            shared(1, 2),
            "P2 Computer and P3 Computer 2 lost their last cards at the same moment: they share.",
        ),
    ],
)
def test_the_log_speaks_to_the_one_human(event, said):
    """ "P1 You plays Reaper Bot." read wrong: the human's own lines say "You play"."""
    names = ["P1 You", "P2 Computer", "P3 Computer 2"]
    assert named_events([event], names, you=0) == [said]
    # in hot-seat games every line keeps the names, verbs as the engine says them
    assert named_events([event], names)[0] == event.replace("Player 1", "P1 You").replace(
        "Player 2", "P2 Computer"
    ).replace("Player 3", "P3 Computer 2")


def test_the_log_speaks_to_a_human_in_another_seat():
    names = ["P1 Computer", "P2 You"]
    events = [
        Told(who(1), " ", verb(1, "plays"), " Reaper Bot."),
        Told(who(0), " ", verb(0, "plays"), " Pit Bot."),
        Told(
            who(0, possessive=True),
            " top card, Pit Bot, goes back to ",
            who(1, possessive=True),
            " hand.",
        ),
    ]
    assert named_events(events, names, you=1) == [
        "You play Reaper Bot.",
        "P1 Computer plays Pit Bot.",
        "P1 Computer's top card, Pit Bot, goes back to your hand.",
    ]


def log_text(screen) -> str:
    return " ".join(line.strip() for line in log_lines(screen))


def begone_both_ways() -> StakState:
    """Player 1 holds two Begone Bots; Player 2's stack has a Fatal Bot on top."""
    return build(
        [["core", "core", "spike"], ["core", "bash", "fatal"]], [["begone", "begone"], ["pit"]]
    )


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
        assert "P2 Computer's top card, Fatal Bot, goes back to their hand." in log_text(screen)
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
        event = Told(who(0, possessive=True), " top card, Spike Bot, is scrapped.")
        assert screen.named([event]) == named_events([event], screen.names())
        assert not screen.named([event])[0].startswith("Your")


# -- shared wins, own cards, entry effects ---------------------------------------------------
@pytest.mark.parametrize(
    ("event", "said"),
    [
        # you come first among those who share, and the sentence speaks to you
        (shared(1, 2), "You and P2 Computer 1 lost your last cards at the same moment: you share."),
        (shared(0, 2), "You and P1 Computer lost your last cards at the same moment: you share."),
        (
            shared(0, 1, 2),
            "You, P1 Computer and P2 Computer 1 lost your last cards at the same moment: "
            "you share.",
        ),
        # "their/they" only without you
        (
            shared(0, 1),
            "P1 Computer and P2 Computer 1 lost their last cards at the same moment: they share.",
        ),
    ],
)
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
        "Player 1 and Player 3 lost their last cards at the same moment: they share."
    )
    state.finish([0, 1, 2])
    assert state.end_reason == (
        "Player 1, Player 2 and Player 3 lost their last cards at the same moment: they share."
    )


def test_own_cards_are_theirs_in_the_engine_and_yours_on_screen():
    """A player scraps "their" top card (not "the top card"), recycles "their" top card,
    scraps a card "from their hand"; a returned card "goes back to their hand"."""
    names = ["P1 You", "P2 Computer 1", "P3 Computer 2"]
    computer = act(
        build([["core", "core"], ["core", "reaper+", "fatal"], ["core"]], [[], [], []], active=1),
        "scrap",
    )
    assert "Player 2 scraps their top card, Fatal Bot." in computer.events
    assert "P2 Computer 1 scraps their top card, Fatal Bot." in named_events(
        computer.events, names, you=0
    )
    mine = act(
        build([["core", "core", "spike"], ["core"]], [["clumsy"], []], recycling=True),
        "recycle clumsy",
    )
    said = (
        "Player 1 recycles: scraps their top card, Spike Bot, discards Clumsy Bot and draws a card."
    )
    assert said in mine.events
    assert named_events([line for line in mine.events if line == said], names, you=0) == [
        "You recycle: scrap your top card, Spike Bot, discard Clumsy Bot and draw a card."
    ]
    assert named_events([recycles(2, "Spike Bot", "Clumsy Bot")], names, you=0) == [
        said.replace("Player 1", "P3 Computer 2")
    ]
    expel = act(
        build([["core", "core"], ["core", "core"]], [["expel", "bash", "clumsy"], []]),
        "play expel",
        "expel p1",
        "lose bash",
    )
    assert "Player 1 scraps Bash Bot from their hand." in expel.events
    assert "You scrap Bash Bot from your hand." in named_events(expel.events, names, you=0)
    begone = effect_on_player_2("begone", "target p1")  # your own top card goes back
    assert "Player 1's top card, Begone Bot, goes back to their hand." in begone.events
    assert "Your top card, Begone Bot, goes back to your hand." in named_events(
        begone.events, names, you=0
    )


def test_an_entry_effect_names_whose_bot_it_is():
    state = effect_on_player_2("trip", "target p2")
    assert "Entry effect of Player 1's Trip Bot." in state.events
    names = ["P1 You", "P2 Computer", "P3 Computer 2"]
    assert "Entry effect of your Trip Bot." in named_events(state.events, names, you=0)
    assert "Entry effect of P1 You's Trip Bot." in named_events(state.events, names)
    assert named_events(
        [Told("Entry effect of ", who(1, possessive=True), " Trip Bot.")], names, you=0
    ) == ["Entry effect of P2 Computer's Trip Bot."]
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
