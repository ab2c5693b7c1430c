"""Robo Factory rule constants, actions and the public event record."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from engines.rng import GameRandom
from engines.robo_factory.cards import CODES, letters


class Phase(StrEnum):
    """The part of a customer's turn being played (see engines.robo_factory.state)."""

    BUY = "buy"
    BUILD = "build"
    REBUILD = "rebuild"
    OVER = "over"


BUY, BUILD, REBUILD, OVER = Phase.BUY, Phase.BUILD, Phase.REBUILD, Phase.OVER
SHARE, EXTRA = "share", "extra"
START_CUBES = 4
BOX_CUBES = 145  # 45 small cubes and 20 large ones worth 5: the whole supply of the box
RIGHT_FIRST, RIGHT_SECOND, WRONG_SECOND = 4, 2, 1
MAX_EXTRA_ROUNDS = 3
HAND = 3
OPEN = 3


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def base_turns(num_players: int) -> int:
    """Customer turns of a game: each player is customer 3 times (2 players) or twice."""
    return num_players * (3 if num_players == 2 else 2)


def deal_random(seed: int, turn: int) -> GameRandom:
    """The shuffle of one customer turn comes from the seed and the turn alone."""
    return GameRandom(seed * 1_000_003 + turn)


def eureka_die(seed: int, turn: int, seat: int, attempt: int) -> int:
    """The Eureka roll of ``seat`` on try ``attempt`` (1 or 2) of customer turn ``turn``."""
    return GameRandom(((seed * 1_000_003 + turn) * 8 + seat) * 4 + attempt + 500_000_000).die()


@dataclass(frozen=True, slots=True)
class Buy:
    """Hand private card ``card`` (a code) to the customer for its match count; ``None``: pass."""

    card: int | None = None


@dataclass(frozen=True, slots=True)
class Build:
    """Build robot ``code``; ``eureka`` declares the once-per-game Eureka with it."""

    code: int
    eureka: bool = False


class Event(NamedTuple):
    """One public entry of the game log (see :func:`engines.robo_factory.describe_event`).

    ``kind``: ``deal`` (seat = customer), ``buy`` (seat bought information), ``poor`` (seat
    had no cube to buy with), ``check`` (seat's build ``code`` on try ``attempt`` was
    ``right`` or not; ``die`` is the Eureka roll or 0; ``gain`` the seat's change in cubes;
    ``paid`` what went to the customer), ``order`` (the order ``code`` is shown at the end of
    the turn), ``extra`` (an extra round for the tie-break), ``end``.
    """

    turn: int
    kind: str
    seat: int = -1
    code: int = -1
    attempt: int = 0
    right: bool = False
    die: int = 0
    gain: int = 0
    paid: int = 0


def legal_builds(eureka_used: bool) -> list[Buy | Build]:
    out: list[Buy | Build] = [Build(c) for c in CODES]
    if not eureka_used:
        out += [Build(c, True) for c in CODES]
    return out


def card_text(code: Any) -> str:
    return letters(code) if isinstance(code, int) and 0 <= code < 64 else repr(code)


def build_text(build: Build | None) -> str:
    if build is None:
        return "-"
    return letters(build.code) + (" eureka" if build.eureka else "")
