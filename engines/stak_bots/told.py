"""Stak Bots' told lines: each event is a :class:`Told`, a str (the engine's words, with
players called ``Player 1`` ...) that keeps its parts apart: the players it names, the verbs
and pronouns that follow them. A screen says it again with the players' display names and
one of them spoken to (:meth:`Told.said`: "You play Reaper Bot.", "Your top card, Spike
Bot, goes back to your hand.") without reading the words back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def and_list(items: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return " and ".join([", ".join(items[:-1]), items[-1]]) if len(items) > 1 else items[0]


class Seats(NamedTuple):
    """Players named in a line: one seat, or several (``Player 1 and Player 3``);
    ``possessive``: ``Player 1's``. Spoken to, the player comes first: ``You and ...``."""

    seats: tuple[int, ...]
    possessive: bool = False


class Verb(NamedTuple):
    """A verb of ``seat``'s: ``said`` (``plays``), or ``to_you`` (``play``) when that seat is
    spoken to."""

    seat: int
    said: str
    to_you: str


class Pronoun(NamedTuple):
    """``their`` or ``they`` for ``seats``: ``your`` or ``you`` when one of them is spoken
    to."""

    seats: tuple[int, ...]
    said: str
    to_you: str


Part = str | Seats | Verb | Pronoun


def who(*seats: int, possessive: bool = False) -> Seats:
    return Seats(seats, possessive)


_TO_YOU = {"has": "have", "is": "are"}


def verb(seat: int, said: str) -> Verb:
    """``plays`` said of ``seat``: ``play`` to it (``has``/``is``: ``have``/``are``)."""
    return Verb(seat, said, _TO_YOU.get(said) or said[:-1])


def their(*seats: int) -> Pronoun:
    return Pronoun(seats, "their", "your")


def they(*seats: int) -> Pronoun:
    return Pronoun(seats, "they", "you")


def _engine_words(part: Part) -> str:
    if isinstance(part, str):
        return part
    if isinstance(part, Seats):
        return and_list([seat_name(s) for s in part.seats]) + ("'s" if part.possessive else "")
    return part.said


class Told(str):
    """A line of the log: the engine's words, and the parts they were made of."""

    parts: tuple[Part, ...]

    def __new__(cls, *parts: Part) -> Told:
        told = super().__new__(cls, "".join(_engine_words(p) for p in parts))
        told.parts = parts
        return told

    def said(self, names: Sequence[str], you: int | None = None) -> str:
        """The line with each player called ``names[seat]`` (``Player N`` beyond them) and
        seat ``you`` spoken to: "You"/"you", "Your"/"your", its verbs and the pronouns of
        the players it is among said to it, and it named first among several."""
        if you is not None and not 0 <= you < len(names):
            you = None
        out = ""
        for part in self.parts:
            if isinstance(part, str):
                out += part
            elif isinstance(part, (Verb, Pronoun)):
                mine = part.seat == you if isinstance(part, Verb) else you in part.seats
                out += part.to_you if mine else part.said
            else:
                seats = list(part.seats)
                if you in seats:
                    seats = [you] + [s for s in seats if s != you]
                called = []
                for s in seats:
                    if s != you:
                        name = names[s] if 0 <= s < len(names) else seat_name(s)
                        called.append(name + ("'s" if part.possessive else ""))
                        continue
                    before = (out + "".join(called)).rstrip()
                    starts = not called and (not before or before.endswith((".", "!", "?")))
                    word = "your" if part.possessive else "you"
                    called.append(word.capitalize() if starts else word)
                out += and_list(called)
        return out


def said(line: str, names: Sequence[str], you: int | None = None) -> str:
    """A told line said to ``names`` and ``you`` (:meth:`Told.said`); a plain line as it
    is."""
    return line.said(names, you) if isinstance(line, Told) else line
