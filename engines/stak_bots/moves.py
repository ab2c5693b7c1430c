"""Stak Bots actions and their text in the action log.

Cards are named by their effect keyword (unique within a card set), seats as ``p1``..``p4``:

``play shot``  ``discard core``  ``scrap``  ``recycle core``  ``attack p2``  ``end``
``target p1`` (a top card)  ``reset p2.3`` (third card from the top of p2's stack)
``expel p2`` (that player scraps a hand card)  ``lose core`` (the hand card scrapped)
``react trip`` (block an attack by playing a card)  ``take`` (let the attack happen)
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core import IllegalAction
from engines.stak_bots.cards import EFFECTS

BOT_KINDS = ("play", "discard", "recycle", "lose", "react")
SEAT_KINDS = ("attack", "target", "expel")
PLAIN_KINDS = ("scrap", "end", "take")
KINDS = (*BOT_KINDS, *SEAT_KINDS, "reset", *PLAIN_KINDS)


@dataclass(frozen=True, slots=True)
class Move:
    """One action: ``effect`` names a bot, ``seat`` a player, ``depth`` 1 = top card."""

    kind: str
    effect: str = ""
    seat: int = -1
    depth: int = 0


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision an effect or an attack demands from ``seat``.

    ``kind``: ``target`` (a top card), ``reset`` (a face-up card), ``expel`` (a player),
    ``lose`` (a card of one's own hand) or ``react`` (block an attack, reactive play).
    ``card`` is the card whose effect asks (the attacker for ``react``), ``effect`` its effect.
    """

    kind: str
    seat: int
    card: int
    effect: str
    target: int = -1


END = Move("end")
SCRAP = Move("scrap")
TAKE = Move("take")


def encode(move: Move) -> str:
    if not isinstance(move, Move) or move.kind not in KINDS:
        raise IllegalAction(f"{move!r} is not a Stak Bots action")
    if move.kind in BOT_KINDS:
        return f"{move.kind} {move.effect}"
    if move.kind in SEAT_KINDS:
        return f"{move.kind} p{move.seat + 1}"
    if move.kind == "reset":
        return f"reset p{move.seat + 1}.{move.depth}"
    return move.kind


def _seat(text: str, original: str) -> int:
    if len(text) >= 2 and text[0] == "p" and text[1:].isascii() and text[1:].isdigit():
        seat = int(text[1:]) - 1
        if 0 <= seat < 8:
            return seat
    raise IllegalAction(f"{original!r}: {text!r} is not a player like p1")


def decode(text: str) -> Move:
    words = str(text).split()
    if not words or words[0] not in KINDS:
        raise IllegalAction(
            f"{text!r} is not a Stak Bots action (like 'play shot', 'attack p2', 'end')"
        )
    kind = words[0]
    if kind in PLAIN_KINDS:
        if len(words) != 1:
            raise IllegalAction(f"{text!r}: '{kind}' takes nothing after it")
        return Move(kind)
    if len(words) != 2:
        raise IllegalAction(f"{text!r}: '{kind}' needs one word after it")
    arg = words[1]
    if kind in BOT_KINDS:
        if arg in EFFECTS:
            return Move(kind, effect=arg)
        raise IllegalAction(f"{text!r}: no bot has the effect {arg!r}")
    if kind in SEAT_KINDS:
        return Move(kind, seat=_seat(arg, text))
    who, dot, depth = arg.partition(".")
    if not dot or not (depth.isascii() and depth.isdigit()) or not 1 <= int(depth) <= 99:
        raise IllegalAction(f"{text!r}: reset needs a card like p2.3 (player.depth)")
    return Move("reset", seat=_seat(who, text), depth=int(depth))
