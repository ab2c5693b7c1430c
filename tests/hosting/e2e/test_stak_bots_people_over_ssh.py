"""Stak Bots between two people, each in their own 80x24 terminal over the real OpenSSH
client, a third watching: turns are played from the screens (scrap the top card, answer
the entry effects it turns up, end the turn) until an Expel Bot's entry effect, played from
a hand or turned up in a stack, makes the OTHER player choose a hand card to scrap on their
own terminal. The host deals from a fixed seed (``robotui serve --seed``): with a random
one, about one game in 40 ends before an Expel Bot asks anyone (all three stay face down
or in the draw pile, one is the starting top card and is scrapped without its effect, or
the other hand holds one kind of bot and scraps at once). The driver reads each screen,
only once every screen shows the host's position (a screen read before the last move
reached it would make a second move), and makes one move at a time. Every screen lists
only its own hand; the spectator's none."""

from __future__ import annotations

import re
from collections import Counter

from engines.stak_bots.state import StakState
from saves import load_save
from tests.hosting.e2e.harness import Host, Terminal, enter_lobby, wait_until
from tests.hosting.e2e.scenes import (
    PANEL,
    join_only_table,
    log_length,
    new_table,
    snapshot,
    watch_only_table,
)

HAND_CARD = re.compile(r"^ (\d) ([A-Z][a-z]+ Bot) \(")
# "Your Expel Bot: choose ...", "P2's Expel Bot: choose ..." or, where the line is short,
# "Expel Bot: choose ..."
PROMPT = re.compile(r"^ ((?:Your |P\d's )?[A-Z][a-z]+ Bot): choose (.+)$")
OPTION = re.compile(r"(\d) (\S.*?)(?=\s{2}\d |$)")
LOSE = "Expel Bot: choose a hand card to scrap"
MAX_TURNS = 60  # two stacks of 12, one card scrapped a turn: the game ends well before
# Table 1 is dealt from SEED + 1: with stacks of 12 and the driver's play, Bruno draws an
# Expel Bot on turn 4 and plays it (a seed found by playing the driver's choices on the
# engine for many seeds)
SEED = 83


def left(screen: str) -> list[str]:
    return [line.split(PANEL)[0].rstrip() for line in screen.splitlines()]


def shown_hand(screen: str) -> list[str]:
    """The bots of the hand a screen lists (``1 Leader Bot (X) ...``), in order."""
    return [m.group(2) for line in left(screen) if (m := HAND_CARD.match(line))]


def events(screen: str) -> str:
    """The events column (right of the panel line) as one line of text."""
    return " ".join(line.split(PANEL)[1].strip() for line in screen.splitlines() if PANEL in line)


def prompt(screen: str) -> tuple[str, list[tuple[str, str]]] | None:
    """An entry effect's question and its numbered options, if the screen asks one."""
    lines = left(screen)
    for i, line in enumerate(lines[:-1]):
        if match := PROMPT.match(line):
            return match.group(0).strip(), OPTION.findall(lines[i + 1].strip())
    return None


def stack_sizes(screen: str) -> list[int]:
    """Cards in each player's stack, from the line under the names (``9 cards, 8 face
    down      9 cards, 8 face down``)."""
    for line in left(screen):
        sizes = re.findall(r"(\d+) cards?, \d+ face down", line)
        if sizes:
            return [int(n) for n in sizes]
    return []


def balanced(screen: str, seat: int, options: list[tuple[str, str]]) -> str:
    """The option an effect's question is answered with: a card of the bigger stack (the
    effects take cards away: both stacks last, so more of the deck is turned up)."""
    sizes = stack_sizes(screen)

    def owner(label: str) -> int:
        if label.startswith("your"):
            return seat
        match = re.match(r"P(\d)", label)
        return int(match.group(1)) - 1 if match else seat

    if len(sizes) == 2:
        return max(options, key=lambda option: sizes[owner(option[1])])[0]
    return options[0][0]


def true_hand(host: Host, seat: int) -> Counter[str]:
    text = snapshot(host)[f"hand_p{seat + 1}"]
    return Counter(name.strip() for name in text.split(",") if name.strip())


def check_privacy(host: Host, players: tuple[Terminal, Terminal], spectator: Terminal) -> None:
    """Each player's screen lists cards of its own hand only; the spectator's none."""
    for seat, term in enumerate(players):
        shown = Counter(shown_hand(term.text()))
        assert not shown - true_hand(host, seat), (seat, term.text())
    assert shown_hand(spectator.text()) == [], spectator.text()


def truth(host: Host) -> StakState:
    """The table's position as the host has it: its save file (written after every move,
    once the move has gone to every screen) replayed."""
    state = load_save(host.data / "tables" / "table-1.toml").match.state
    assert isinstance(state, StakState)
    return state


def in_sync(state: StakState, players: tuple[Terminal, Terminal]) -> bool:
    """Every player's screen shows ``state`` as far as the driver reads it: the turn, the
    stack sizes, who is asked for what, the hands and whether a card was scrapped.
    A screen the host's last move has not reached yet is not read (a stale "nothing
    scrapped yet" would scrap a second card)."""
    choice = state.choice
    asked = choice.seat if choice is not None else state.active
    for seat, term in enumerate(players):
        screen = term.text()
        turn = re.search(r"Stak Bots  turn (\d+)", screen)
        if turn is None or int(turn.group(1)) != state.turn:
            return False
        if stack_sizes(screen) != [len(stack) for stack in state.stacks]:
            return False
        shown = prompt(screen)
        if seat != asked:
            if "Your turn:" in screen or shown is not None:
                return False
        elif choice is not None:
            if shown is None or (LOSE in shown[0]) != (choice.kind == "lose"):
                return False
        elif (
            "Your turn:" not in screen
            or shown is not None
            or ("nothing scrapped yet" in screen) == state.scrapped
            or not listed(shown_hand(screen), [state.name(c) for c in state.hands[seat]])
        ):
            return False
        held = re.search(r"\(P\d holds (\d+) cards?\)", screen)
        if held and int(held.group(1)) != len(state.hands[1 - seat]):
            return False
    return True


def listed(shown: list[str], hand: list[str]) -> bool:
    """The hand a screen lists is the hand, in order; a long one may be cut short."""
    return bool(shown) == bool(hand) and shown == hand[: len(shown)]


def whose_turn(host: Host, players: tuple[Terminal, Terminal]) -> int:
    """The seat asked for something now (its turn, or an effect's question), once every
    screen shows the host's position."""

    def find() -> tuple[int] | None:
        state = truth(host)
        if state.winners is not None:
            raise AssertionError(
                f"the game dealt from seed {state.seed} ended before an "
                "Expel Bot asked anyone: the deal or the driver has "
                f"changed, pick another SEED:\n{players[0].text()}"
            )
        if not in_sync(state, players):
            return None
        return (state.choice.seat if state.choice is not None else state.active,)

    found = wait_until(
        find,
        30,
        lambda: (
            "the screens do not show the host's position:\n"
            + "\n".join(t.text() for t in players)
            + f"\n{snapshot(host)}"
        ),
    )
    assert isinstance(found, tuple)
    return found[0]


def act(host: Host, term: Terminal, keys: list[str]) -> None:
    """Send the keys of one move and wait until the host has taken it."""
    before = log_length(host)
    term.send(*keys)
    wait_until(
        lambda: log_length(host) > before, 15, lambda: f"no move after {keys}:\n{term.text()}"
    )
    assert log_length(host) == before + 1, f"{keys} made more than one move"


def test_an_expel_bot_asks_the_other_player(start_host, key, terminal) -> None:
    host: Host = start_host("--seed", str(SEED))
    assert f"Deals: table k uses seed {SEED} + k" in host.output
    anna, bruno = terminal(host, key("anna")), terminal(host, key("bruno"))
    enter_lobby(anna, "Anna")
    enter_lobby(bruno, "Bruno")
    # the deepest stacks, as SEED was chosen for
    new_table(anna, "Stak Bots", (["Down"] * 3 + ["Right"] * 3, "< 12 >"))
    anna.wait_for("Table #1 - Stak Bots - waiting for 1")
    join_only_table(bruno, "Stak Bots")
    carla = terminal(host, key("carla"))
    enter_lobby(carla, "Carla")
    watch_only_table(carla, "Stak Bots")
    players = (anna, bruno)
    for term in (*players, carla):
        term.wait_for("Stak Bots  turn 1")
    assert anna.wait_for("12 cards, 11 face down")
    check_privacy(host, players, carla)

    names = ("Anna", "Bruno")
    for _ in range(MAX_TURNS * 4):  # a few steps a turn
        seat = whose_turn(host, players)
        term, other = players[seat], players[1 - seat]
        screen = term.text()
        asked = prompt(screen)
        if asked is not None:
            question, options = asked
            if "choose who scraps a hand card" in question:
                # the Expel Bot of the player to move: the other player scraps
                digit = next(
                    d for d, label in options if names[1 - seat] in label or f"P{2 - seat}" in label
                )
                act(host, term, [digit])
                # the other player is asked now, or (a hand of one kind of bot) scraps at
                # once and the mover plays on; the screens say which (the save file may still
                # hold the move before, the Expel Bot played: it is written after the screen)
                wait_until(
                    lambda t=term, o=other: (
                        LOSE in o.text() or ("Your turn:" in t.text() and prompt(t.text()) is None)
                    ),
                    30,
                    lambda t=term: f"the choice never reached the host:\n{t.text()}",
                )
                if LOSE in other.text():
                    break
                continue
            act(host, term, [balanced(screen, seat, options)])
            continue
        hand = shown_hand(screen)
        if "Expel Bot" in hand:
            act(host, term, [str(hand.index("Expel Bot") + 1), "p"])
        elif "nothing scrapped yet" in screen:
            act(host, term, ["s"])
        else:
            act(host, term, ["e"])
    else:
        raise AssertionError(
            "no Expel Bot asked the other player in "
            f"{MAX_TURNS} turns:\n{anna.text()}\n{bruno.text()}"
        )

    # the other player is asked on their own terminal; the mover and the spectator wait
    assert names[seat] == "Bruno", f"the deal of seed {SEED + 1} has Bruno play it"
    asked_seat = 1 - seat
    screen = players[asked_seat].text()
    lose = prompt(screen)
    assert lose is not None and lose[0] == f"P{seat + 1}'s {LOSE}" and lose[1], screen
    players[seat].wait_for("Waiting for " + names[asked_seat])
    assert LOSE not in carla.text()
    check_privacy(host, players, carla)
    wait_until(
        lambda: snapshot(host)["to_move"] == f"player {asked_seat + 1}",
        30,
        lambda: f"the table does not wait for the other player: {snapshot(host)}",
    )
    held = true_hand(host, asked_seat)
    first_card = lose[1][0][0]
    act(host, players[asked_seat], [first_card])
    wait_until(
        lambda: sum(true_hand(host, asked_seat).values()) == sum(held.values()) - 1,
        30,
        lambda: f"no card scrapped: {snapshot(host)}",
    )
    (scrapped,) = (held - true_hand(host, asked_seat)).elements()
    for term in (*players, carla):  # every events column tells it
        term.wait_for(lambda s, c=scrapped: f"{c} from" in events(s))
