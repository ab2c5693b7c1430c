"""A Robo Factory turn between two people, each in their own 80x24 terminal over the real
OpenSSH client, a third watching: the manufacturer buys nothing and builds, learns in
private how close the build was, builds again; then the next customer turn. At every step
each screen draws exactly the open cards and its own hand (as the save file has them), and
nobody else's."""

from __future__ import annotations

import re
from collections import Counter

from tests.hosting.e2e.harness import Host, Terminal, enter_lobby, wait_until
from tests.hosting.e2e.scenes import (
    PANEL,
    join_only_table,
    new_table,
    snapshot,
    watch_only_table,
)

HEAD = re.compile(r"\(([RGBY])\)")
TORSO = re.compile(r"=\[([RGBY])\]=")
LEGS = re.compile(r"/([RGBY])\\")


def drawn_cards(screen: str) -> Counter[str]:
    """Every robot card drawn on the screen's left side (three lines: head, torso, legs,
    side by side) as codes like ``GBB``; the robot being built (rows named head, torso,
    legs) is not a card."""
    lines = [line.split(PANEL)[0] for line in screen.splitlines()]
    cards: Counter[str] = Counter()
    for i, line in enumerate(lines[:-2]):
        if "head" in line or "torso" in line:
            continue
        heads = HEAD.findall(line)
        torsos, legs = TORSO.findall(lines[i + 1]), LEGS.findall(lines[i + 2])
        if heads and len(heads) == len(torsos) == len(legs):
            cards.update("".join(parts) for parts in zip(heads, torsos, legs, strict=True))
    return cards


def building(code: str):
    """The robot being built (its rows named head, torso, legs) reads ``code``."""
    head, torso, legs = code
    return lambda s: (
        re.search(rf"head +\({head}\)", s) is not None
        and re.search(rf"torso +=\[{torso}\]=", s) is not None
        and re.search(rf"legs +/{legs}\\", s) is not None
    )


def turn_over(screen: str) -> list[str]:
    """The lines of the end-of-turn panel, frame removed."""
    lines = [line.strip().strip("█").strip() for line in screen.splitlines()]
    start = next(i for i, line in enumerate(lines) if line.endswith("is over"))
    end = next(i for i, line in enumerate(lines) if line.startswith("Enter: next turn"))
    return [line for line in lines[start:end] if line]


def truth(host: Host) -> tuple[Counter[str], dict[int, Counter[str]]]:
    """The open cards and each manufacturer's hand, from the table's save file."""
    snap = snapshot(host)
    open_cards = Counter(card.split("=")[0] for card in snap["open"])
    hands = {}
    for line in snap.get("hands", []):
        player, cards = line.split(":")
        hands[int(player.split()[1]) - 1] = Counter(cards.split())
    return open_cards, hands


def check_privacy(host: Host, seats: dict[int | None, Terminal]) -> None:
    """Each screen draws the open cards and its own hand, nothing more; a spectator (None)
    the open cards only."""
    open_cards, hands = truth(host)
    assert sum(open_cards.values()) == 3
    for seat, term in seats.items():
        expected = open_cards + (hands.get(seat, Counter()) if seat is not None else Counter())
        term.wait_for(lambda s, e=expected: drawn_cards(s) == e)
        screen = term.text()
        if seat not in hands:
            assert "Your cards" not in screen, screen


def test_a_robo_factory_turn_between_two_people(start_host, key, terminal) -> None:
    host: Host = start_host()
    anna, bruno = terminal(host, key("anna")), terminal(host, key("bruno"))
    enter_lobby(anna, "Anna")
    enter_lobby(bruno, "Bruno")
    new_table(anna, "Robo Factory")
    anna.wait_for("Table #1 - Robo Factory - waiting for 1")
    join_only_table(bruno, "Robo Factory")
    carla = terminal(host, key("carla"))
    enter_lobby(carla, "Carla")
    watch_only_table(carla, "Robo Factory")
    seats: dict[int | None, Terminal] = {0: anna, 1: bruno, None: carla}
    for term in seats.values():
        term.wait_for("Turn 1/6")
    assert snapshot(host)["customer"] == "player 1"

    # Anna is the customer: Bruno alone holds cards
    check_privacy(host, seats)
    anna.wait_for("Waiting for Bruno")
    bruno.wait_for("Buy information?")
    bruno.send("n")
    bruno.wait_for("Build: type r g b y")
    bruno.send("r", "g", "b")
    bruno.wait_for(building("RGB"))
    bruno.send("Enter")
    wait_until(lambda: "RGB" in str(snapshot(host)), 30, lambda: "the build never came")
    if snapshot(host)["turn"].startswith("1 "):
        # wrong: Bruno alone learns how many parts matched, then tries again
        screen = bruno.wait_for("Try 1 RGB:")
        assert re.search(r"Try 1 RGB: \d+ match", screen), screen
        for term in (anna, carla):
            term.wait_for("Bruno built RGB: wrong")
            assert "Try 1" not in term.text(), term.text()
        check_privacy(host, seats)
        bruno.send("y", "y", "y")
        bruno.wait_for(building("YYY"))
        bruno.send("Enter")

    # the turn's end: the same summary on both players' screens, Enter goes on (the
    # spectator's log tells it and goes on by itself)
    # (the whole panel, down to its key line: a screen read half drawn would lack lines)
    panels = [
        turn_over(
            term.wait_for(
                lambda screen: "Turn 1/6 is over" in screen and "Enter: next turn" in screen
            )
        )
        for term in (anna, bruno)
    ]
    assert panels[0] == panels[1]
    assert any(line.startswith("Bruno  RGB") for line in panels[0]), panels[0]
    for term in (anna, bruno):
        term.send("Enter")
    carla.wait_for("The order was")

    # the next customer turn: Bruno is the customer, Anna now holds cards
    for term in seats.values():
        term.wait_for("Turn 2/6")
    wait_until(
        lambda: snapshot(host)["customer"] == "player 2",
        30,
        lambda: f"not turn 2: {snapshot(host)}",
    )
    check_privacy(host, seats)
    anna.wait_for("Buy information?")
    assert "Your cards" in anna.text()
