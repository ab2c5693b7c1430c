"""The games robotui knows, by id.

Two levels: :data:`BUILTIN` names each bundled game (id, name, blurb, player counts) without
importing its engine, for the menu and the command line; :func:`get_game` imports a game's
engine (its ``spec`` module) the first time that game is asked for, and only that game's.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from engines.core import GameSpec, UnknownGame


@dataclass(frozen=True)
class GameInfo:
    """What the menu shows of a game; its :class:`GameSpec` is loaded by :func:`get_game`.
    (tests/platform/test_start.py checks that each matches its spec.)"""

    id: str
    name: str
    blurb: str
    min_players: int
    max_players: int
    spec_path: str = ""  # "module:NAME" of the GameSpec; "" for a game registered in code

    @classmethod
    def of(cls, spec: GameSpec) -> GameInfo:
        return cls(spec.id, spec.name, spec.blurb, spec.min_players, spec.max_players)


BUILTIN: dict[str, GameInfo] = {
    info.id: info
    for info in (
        GameInfo(
            "robot-master",
            "Robot Master",
            "Knizia's 5x5 card duel: your rows against their columns.",
            2,
            2,
            "engines.robot_master.spec:ROBOT_MASTER",
        ),
        GameInfo(
            "stak-bots",
            "Stak Bots",
            "Stack bots, chain entry effects, scrap rival stacks.",
            2,
            4,
            "engines.stak_bots.spec:STAK_BOTS",
        ),
        GameInfo(
            "robo-factory",
            "Robo Factory",
            "Deduce the customer's secret robot and build it first.",
            2,
            6,
            "engines.robo_factory.spec:ROBO_FACTORY",
        ),
        GameInfo(
            "roborally",
            "RoboRally",
            "Program five moves ahead and race over factory floors.",
            2,
            8,
            "engines.roborally.spec:ROBORALLY",
        ),
    )
}

_GAMES: dict[str, GameSpec] = {}  # loaded or registered specs


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.id] = spec
    return spec


def game_ids() -> list[str]:
    return list(dict.fromkeys([*BUILTIN, *_GAMES]))


def game_infos() -> list[GameInfo]:
    """Every game's id, name, blurb and player counts, no engine imported for them."""
    return [
        BUILTIN[game_id]
        if game_id in BUILTIN and game_id not in _GAMES
        else GameInfo.of(_GAMES[game_id])
        for game_id in game_ids()
    ]


def get_game(game_id: str) -> GameSpec:
    spec = _GAMES.get(game_id)
    if spec is not None:
        return spec
    info = BUILTIN.get(game_id)
    if info is None:
        valid = ", ".join(game_ids())
        raise UnknownGame(f"unknown game {game_id!r}; valid games: {valid}")
    module, _, name = info.spec_path.partition(":")
    return register(getattr(importlib.import_module(module), name))


def all_games() -> list[GameSpec]:
    """Every game's spec: imports every engine (the menu needs only :func:`game_infos`)."""
    return [get_game(game_id) for game_id in game_ids()]
