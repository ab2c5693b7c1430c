"""The 64 robot cards: every head, torso and legs colour combination once.

A card is kept as a *code* ``0..63`` (``head * 16 + torso * 4 + legs``, colours
numbered red 0, green 1, blue 2, yellow 3) inside the engine; :class:`Robot` is
the readable value for the library API and the screens.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

COLOURS: tuple[str, ...] = ("red", "green", "blue", "yellow")
LETTERS = "RGBY"
PARTS: tuple[str, ...] = ("head", "torso", "legs")
CODES = range(64)


def code_of(head: int, torso: int, legs: int) -> int:
    """The code of a robot from its three colour numbers."""
    return head * 16 + torso * 4 + legs


def colours_of(code: int) -> tuple[int, int, int]:
    """``(head, torso, legs)`` colour numbers of a code."""
    return code >> 4, (code >> 2) & 3, code & 3


def letters(code: int) -> str:
    """Three colour letters, e.g. ``"RGB"`` for a red head, green torso and blue legs."""
    h, t, leg = colours_of(code)
    return LETTERS[h] + LETTERS[t] + LETTERS[leg]


def parse_letters(text: str) -> int:
    """The code of three colour letters (``"rgb"``, ``"RGB"``); ``ValueError`` otherwise
    (``TypeError`` for what is not text)."""
    if not isinstance(text, str):
        raise TypeError(f"colour letters are text like 'RGB', not {text!r}")
    text = text.strip().upper()
    if len(text) != 3 or any(ch not in LETTERS for ch in text):
        raise ValueError(f"{text!r} is not three colour letters from R, G, B, Y (like 'RGB')")
    return code_of(*(LETTERS.index(ch) for ch in text))


def _count(a: int, b: int) -> int:
    ha, ta, la = colours_of(a)
    hb, tb, lb = colours_of(b)
    return (ha == hb) + (ta == tb) + (la == lb)


MATCH: tuple[tuple[int, ...], ...] = tuple(tuple(_count(a, b) for b in CODES) for a in CODES)
"""``MATCH[a][b]``: how many parts two codes share (same part, same colour)."""

SAME: tuple[tuple[frozenset[int], ...], ...] = tuple(
    tuple(frozenset(b for b in CODES if MATCH[a][b] == k) for k in range(4)) for a in CODES
)
"""``SAME[card][k]``: the codes that share exactly ``k`` parts with ``card``."""


@dataclass(frozen=True, slots=True, order=True)
class Robot:
    """A robot card: a colour (0 red, 1 green, 2 blue, 3 yellow) for each part."""

    head: int
    torso: int
    legs: int

    def __post_init__(self) -> None:
        for part, value in zip(PARTS, (self.head, self.torso, self.legs), strict=True):
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
                raise ValueError(
                    f"{part} colour must be 0..3 (red, green, blue, yellow), not {value!r}"
                )

    @classmethod
    def from_code(cls, code: int) -> Robot:
        if type(code) is not int:
            raise TypeError(f"a robot code is a whole number 0..63, not {code!r}")
        if not 0 <= code < 64:
            raise ValueError(f"robot codes are 0..63, not {code}")
        return cls(*colours_of(code))

    @classmethod
    def parse(cls, text: str) -> Robot:
        """From three colour letters such as ``"rgb"``."""
        return cls.from_code(parse_letters(text))

    @classmethod
    def from_names(cls, names: Sequence[str]) -> Robot:
        """From three colour names for head, torso and legs, e.g. ``("red", "green", "blue")``."""
        return to_robot(names)

    @property
    def code(self) -> int:
        return code_of(self.head, self.torso, self.legs)

    @property
    def letters(self) -> str:
        return letters(self.code)

    @property
    def names(self) -> tuple[str, str, str]:
        return COLOURS[self.head], COLOURS[self.torso], COLOURS[self.legs]

    def __str__(self) -> str:
        return "/".join(self.names)


def _colour_number(name: Any, part: str) -> int:
    if not isinstance(name, str):
        raise TypeError(f"the {part} colour must be a colour name, not {type(name).__name__}")
    key = name.strip().lower()
    for i, colour in enumerate(COLOURS):
        if key in (colour, colour[0]):
            return i
    raise ValueError(f"unknown {part} colour {name!r}; colours are red, green, blue, yellow")


def to_robot(value: Robot | Sequence[str] | Any) -> Robot:
    """A :class:`Robot` from a robot value or three colour names (head, torso, legs).

    Colour names are ``"red"``, ``"green"``, ``"blue"``, ``"yellow"`` in any case (their first
    letters are accepted too), as a tuple or list. Raises ``TypeError`` for other kinds of
    value (a set, a dict, an iterator: no order of parts) and
    ``ValueError`` for a wrong number of parts or an unknown colour.
    """
    if isinstance(value, Robot):
        return value
    if not isinstance(value, Sequence) or isinstance(value, str | bytes):
        # a sequence only: a set or a dict has no head, torso and legs order, and an
        # iterator may never end
        raise TypeError(
            f"a robot is a Robot value or three colour names like ('red', 'green', 'blue'), "
            f"not {value!r}"
        )
    names = list(value)
    if len(names) != 3:
        raise ValueError(
            f"a robot has three parts (head, torso, legs), not {len(names)}: {tuple(names)!r}"
        )
    h, t, leg = (_colour_number(n, p) for n, p in zip(names, PARTS, strict=True))
    return Robot(h, t, leg)


def match_count(a: Robot | Sequence[str], b: Robot | Sequence[str]) -> int:
    """How many parts two robots share: same part in the same colour (0 to 3).

    Each robot is a :class:`Robot` or three colour names for head, torso and legs::

        match_count(("red", "green", "blue"), ("red", "yellow", "blue"))   # 2
    """
    return MATCH[to_robot(a).code][to_robot(b).code]
