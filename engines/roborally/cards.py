"""The 84 program cards (a card's id is its priority) and the 26 option cards."""

from __future__ import annotations

UTURN, LEFT, RIGHT, BACK, MOVE1, MOVE2, MOVE3 = range(7)
KIND_NAMES = ("U-Turn", "Rotate Left", "Rotate Right", "Back Up", "Move 1", "Move 2", "Move 3")
KIND_SHORT = ("U", "L", "R", "B", "1", "2", "3")

_RANGES = (
    (UTURN, range(10, 61, 10)),
    (LEFT, range(70, 411, 20)),
    (RIGHT, range(80, 421, 20)),
    (BACK, range(430, 481, 10)),
    (MOVE1, range(490, 661, 10)),
    (MOVE2, range(670, 781, 10)),
    (MOVE3, range(790, 841, 10)),
)

KIND = [-1] * 841
for _kind, _r in _RANGES:
    for _p in _r:
        KIND[_p] = _kind
DECK: tuple[int, ...] = tuple(sorted(p for _, r in _RANGES for p in r))
DECK_SET = frozenset(DECK)
assert len(DECK) == 84

STEPS = {MOVE1: 1, MOVE2: 2, MOVE3: 3, BACK: -1}
TURNS = {LEFT: -1, RIGHT: 1, UTURN: 2}
MOVES = frozenset((MOVE1, MOVE2, MOVE3, BACK))
ROTATES = frozenset((LEFT, RIGHT, UTURN))


def card_text(card: int) -> str:
    return f"{KIND_NAMES[KIND[card]]} ({card})"


# The 26 option cards: id -> (name, what it does, in our own words)
OPTIONS: dict[str, tuple[str, str]] = {
    "ablative-coat": ("Ablative Coat", "absorbs the next 3 damage, then is used up"),
    "abort-switch": (
        "Abort Switch",
        "once a turn, when a card is revealed: replace it and "
        "every later card this turn with the top card of the deck",
    ),
    "brakes": ("Brakes", "a Move 1 may move 0"),
    "circuit-breaker": (
        "Circuit Breaker",
        "ending a turn with 3 or more damage powers you down for the next turn",
    ),
    "conditional-program": (
        "Conditional Program",
        "park one spare card after programming; "
        "before a later register is revealed you may swap it in",
    ),
    "crab-legs": (
        "Crab Legs",
        "put a Rotate Left/Right with a Move 1 in one register: step sideways that way",
    ),
    "double-barreled-laser": ("Double-Barreled Laser", "your main laser deals 2 damage"),
    "dual-processor": (
        "Dual Processor",
        "put a Rotate card with a move card in one register: move one square less "
        "(two less with a U-Turn, never below 0), then turn",
    ),
    "extra-memory": ("Extra Memory", "you are dealt one more card"),
    "fire-control": (
        "Fire Control",
        "a main laser hit may lock one of the target's registers "
        "or destroy one of its options instead of damaging it",
    ),
    "flywheel": (
        "Flywheel",
        "keep one spare card for your hand next turn; a destroyed robot keeps it for the "
        "hand it re-enters with; the card is lost only with the Flywheel or the last life",
    ),
    "fourth-gear": ("Fourth Gear", "a Move 3 may move 4"),
    "gyroscopic-stabilizer": (
        "Gyroscopic Stabilizer",
        "when switched on for a turn, gears and curved belts do not turn you",
    ),
    "high-power-laser": (
        "High-Power Laser",
        "your main laser shoots through one wall or robot (a robot shot through is damaged too)",
    ),
    "mechanical-arm": (
        "Mechanical Arm",
        "touch a flag or repair site one square away "
        "(not through a wall) at the end of each register; at the end of the turn such a "
        "site repairs you as if you stood on it",
    ),
    "mini-howitzer": (
        "Mini Howitzer",
        "5 shots instead of the main laser: push the target one square away and damage it",
    ),
    "power-down-shield": (
        "Power-Down Shield",
        "while powered down, 1 damage from each direction per register is blocked",
    ),
    "pressor-beam": ("Pressor Beam", "instead of the main laser: push the target one square away"),
    "radio-control": (
        "Radio Control",
        "instead of the main laser: the target runs your program for the rest of the turn",
    ),
    "ramming-gear": (
        "Ramming Gear",
        "a robot you push or bump into takes 1 damage, also when a wall stops the push "
        "(dealt when your card has finished)",
    ),
    "rear-firing-laser": ("Rear-Firing Laser", "a second laser fires backwards"),
    "recompile": (
        "Recompile",
        "once a turn while programming, with 3 damage or less (a 5th point would lock a "
        "register): take 1 damage to be dealt a new hand",
    ),
    "reverse-gear": ("Reverse Gear", "a Back Up may move 2"),
    "scrambler": (
        "Scrambler",
        "instead of the main laser: the target's next card is replaced by "
        "the top card of the deck (not in register 5)",
    ),
    "superior-archive": ("Superior Archive", "re-enter without the 2 damage"),
    "tractor-beam": (
        "Tractor Beam",
        "instead of the main laser: pull a target that is not next to you one square closer",
    ),
}
OPTION_IDS: tuple[str, ...] = tuple(OPTIONS)
assert len(OPTION_IDS) == 26
