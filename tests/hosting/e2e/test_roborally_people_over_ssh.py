"""A RoboRally turn at a table of two people and two random computers, each person in
their own 80x24 terminal over the real OpenSSH client, a third person watching: both
program at once (each sees only their own hand; the screens say who is done), the registers
play on every screen, and the next turn's programming starts. No screen shows a card of a
hand or a program it may not see before the registers reveal it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tests.hosting.e2e.harness import Host, Terminal, enter_lobby, wait_until
from tests.hosting.e2e.scenes import join_only_table, new_table, snapshot, watch_only_table

PANEL_COLUMN = 40  # the board is left of this column, the robots and the panel right of it
CARD = re.compile(r"\b(U-Turn|Right|Left|Back|Move1|Move2|Move3|Again) (\d{2,3})\b")
SEATS = {"Red": 0, "Blue": 1, "Green": 2, "Yellow": 3}
DECISION = "1-9 Choose  Enter Pick"  # the footer while the robot's owner must decide


def title(screen: str) -> str:
    return screen.splitlines()[0] if screen else ""


def panel(screen: str) -> str:
    """The right side of every line but the title (the board's numbers left out)."""
    return "\n".join(line[PANEL_COLUMN:] for line in screen.splitlines()[1:])


def programming(turn: int):
    return lambda s: f"turn {turn}/" in title(s) and "programming" in title(s) and "Hand (1-" in s


def hand_cards(screen: str) -> list[str]:
    """The cards of the hand a screen shows, ``Right 100``: the lines under ``Hand (``."""
    lines = panel(screen).splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("Hand (")]
    if not starts:
        return []
    start = starts[0]
    cards = []
    for line in lines[start + 1 :]:
        found = CARD.findall(line)
        if not found:
            break
        cards += [f"{name} {priority}" for name, priority in found]
    return cards


def secret_priorities(host: Host) -> dict[int, set[int]]:
    """Per seat, from the save file: the priorities of its hand and of its program while
    nothing is revealed (``Red: program M3:810 ...; hand 20 170 ...``)."""
    found: dict[int, set[int]] = {}
    for line in snapshot(host)["programs"]:
        robot, rest = line.split(":", 1)
        found[SEATS[robot]] = {int(p) for p in re.findall(r"(?<![\d])(\d{2,3})\b", rest)}
    return found


def shown_priorities(screen: str) -> set[int]:
    """The priorities of every card drawn as ``Name priority`` right of the board."""
    return {int(priority) for _, priority in CARD.findall(panel(screen))}


def question(screen: str) -> str | None:
    """The question the side panel asks the robot's owner (``Which way does your robot
    face?``), while the footer offers its choices; None when nothing is asked."""
    if DECISION not in screen or "programming" in title(screen):
        return None
    asked = [line.strip() for line in panel(screen).splitlines() if line.rstrip().endswith("?")]
    return asked[0] if asked else None


def answer_until(terms: Sequence[Terminal], done, timeout: float = 90) -> dict[str, str]:
    """Wait until every terminal shows ``done``; meanwhile answer each robot's decisions
    (its facing at a shared start, re-entering after it was destroyed, ...) with 1, on every
    terminal at once (the table waits for all of them)."""
    reached: dict[str, str] = {}

    def check() -> bool:
        for term in terms:
            screen = term.text()
            if done(screen):
                reached[term.name] = screen
                continue
            reached.pop(term.name, None)
            asked = question(screen)
            if asked is not None:
                # 1 answers at once; one key per question, and no key until the question
                # has gone, so that none lands on the programming that follows
                term.send("1")
                wait_until(
                    lambda t=term, q=asked: question(t.text()) != q,
                    15,
                    lambda s=screen: f"no answer taken:\n{s}",
                )
        return len(reached) == len(terms)

    wait_until(
        check, timeout, lambda: "never got there:\n" + "\n".join(term.text() for term in terms)
    )
    return reached


def program(term: Terminal) -> None:
    """The first five cards of the hand into the five registers, then go."""
    term.send(*["BSpace"] * 5)  # empty registers first
    term.wait_for(lambda s: "1:-" in s)
    for digit in "12345":
        term.send(digit)
    term.wait_for(lambda s: "5:-" not in s)
    term.send("Enter")


def test_two_people_and_two_computers_play_a_roborally_turn(start_host, key, terminal) -> None:
    host: Host = start_host()
    anna, bruno = terminal(host, key("anna")), terminal(host, key("bruno"))
    enter_lobby(anna, "Anna")
    enter_lobby(bruno, "Bruno")
    # four players, seats 3 and 4 random computers, the smallest course, no option cards
    # (fewer questions)
    new_table(
        anna,
        "RoboRally",
        (["Right", "Right"], "4. Yellow"),
        (["Down"] * 3 + ["Right"], lambda s: s.count("Computer: random") == 1),
        (["Down", "Right"], lambda s: s.count("Computer: random") == 2),
        (["Down", "Right"], "First Steps"),
        (["Down", "Down", "Right"], lambda s: re.search(r"Option cards +< Off >", s)),
    )
    screen = anna.wait_for(
        lambda s: "Table #1 - RoboRally - waiting for 1" in s and "4. Yellow:" in s
    )
    assert "3. Green: Computer 1 (random)" in screen and "4. Yellow: Computer 2 (random)" in screen
    assert "First Steps" in screen and "Option cards: Off" in screen.replace("\n ", " ")
    join_only_table(bruno, "RoboRally")
    carla = terminal(host, key("carla"))
    enter_lobby(carla, "Carla")
    watch_only_table(carla, "RoboRally")

    answer_until((anna, bruno), programming(1))
    screens = {
        term.name: term.wait_for(lambda s: len(hand_cards(s)) == 9) for term in (anna, bruno)
    }
    carla.wait_for(lambda s: "turn 1/" in title(s) and "programming" in title(s))
    wait_until(
        lambda: (
            snapshot(host)["phase"] == "program"
            and all(p.endswith("hand -") for p in snapshot(host)["programs"][2:])
        ),
        30,
        lambda: f"the computers never programmed: {snapshot(host)}",
    )

    # each person sees their own nine cards (as the save has them) and nobody else's
    secret = secret_priorities(host)
    for seat, term in enumerate((anna, bruno)):
        cards = hand_cards(screens[term.name])
        assert len(cards) == 9
        assert {int(c.split()[1]) for c in cards} == secret[seat]
    for seat, term in ((0, anna), (1, bruno), (None, carla)):
        shown = shown_priorities(term.text())
        for other, priorities in secret.items():
            if other != seat:
                assert not shown & priorities, (other, term.text())
    assert "Waiting for Anna" in bruno.text()

    # Anna programs first: her screen says she is done; Bruno still has his hand
    program(anna)
    screen = anna.wait_for(lambda s: re.search(r"Done: Anna, Computer", s) is not None)
    assert "Waiting for Bruno" in screen
    bruno.wait_for(lambda s: "Waiting for Anna" not in s and "Hand (1-9 pick" in s)
    secret = secret_priorities(host)  # Anna's program is now on the host, still unrevealed
    for seat, term in ((1, bruno), (None, carla)):
        shown = shown_priorities(term.text())
        for other, priorities in secret.items():
            if other != seat:
                assert not shown & priorities, (other, term.text())

    # Bruno programs: the registers play on every screen, then turn 2's programming
    program(bruno)
    for term in (anna, bruno, carla):
        term.wait_for("Register 1:", timeout=60)
    answer_until((anna, bruno), programming(2))
    carla.wait_for(lambda s: "turn 2/" in title(s), timeout=60)
    assert snapshot(host)["turn"] == 2
