"""The computer player protocol and how player specs are turned into players.

A computer player is an object made for one seat, with a level and a seed::

    class MyPlayer:
        def __init__(self, seat: int, level: str, seed: int) -> None: ...
        def choose(self, view: SeatView) -> Action: ...

``choose`` receives only the seat's view (see :meth:`engines.core.GameState.view`),
which holds no hidden cards, and must return one of ``view.legal_actions()``.
Players keep their own ``random.Random(seed)``, apart from the game's randomness.
A player may have a ``time_budget`` attribute (seconds per decision).
"""

from __future__ import annotations

import importlib
from typing import Protocol, runtime_checkable

from engines.core import Action, EngineError, GameSpec, SeatView

BUILTIN_LEVELS = ("random", "easy", "normal", "hard")


@runtime_checkable
class ComputerPlayer(Protocol):
    seat: int
    level: str

    def choose(self, view: SeatView) -> Action: ...


class PlayerSpecError(EngineError):
    """A player spec that names no level and no importable class."""


def make_player(spec: GameSpec, player_spec: str, seat: int, seed: int) -> ComputerPlayer:
    """A player for ``seat`` from a level name or ``package.module:Class``."""
    levels = spec.player_levels()
    if player_spec in levels:
        return levels[player_spec](seat=seat, level=player_spec, seed=seed)
    if ":" not in player_spec:
        valid = ", ".join(levels)
        raise PlayerSpecError(
            f"unknown player {player_spec!r} for {spec.id}; valid levels: {valid}, "
            "or package.module:Class"
        )
    module_name, _, class_name = player_spec.partition(":")
    if not module_name or module_name.startswith(".") or not class_name:
        raise PlayerSpecError(
            f"player {player_spec!r} must look like package.module:Class (absolute module name)"
        )
    try:
        module = importlib.import_module(module_name)
    except (ImportError, ValueError, TypeError) as exc:
        raise PlayerSpecError(
            f"cannot import {module_name!r} for player {player_spec!r}: {exc}"
        ) from None
    cls = getattr(module, class_name, None)
    if cls is None:
        raise PlayerSpecError(f"module {module_name!r} has no class {class_name!r}")
    try:
        player = cls(seat=seat, level=player_spec, seed=seed)
    except TypeError as exc:
        raise PlayerSpecError(
            f"{player_spec} must accept (seat=, level=, seed=) keyword arguments: {exc}"
        ) from exc
    if not callable(getattr(player, "choose", None)):
        raise PlayerSpecError(f"{player_spec} has no choose(view) method")
    return player


def check_player_spec(spec: GameSpec, player_spec: str) -> None:
    """Raise :class:`PlayerSpecError` early for a spec that cannot be made."""
    make_player(spec, player_spec, seat=0, seed=0)
