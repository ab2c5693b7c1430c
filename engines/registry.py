"""The games robotui knows, by id."""

from __future__ import annotations

from engines.core import GameSpec, UnknownGame

_GAMES: dict[str, GameSpec] = {}
_builtin_loaded = False


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.id] = spec
    return spec


def game_ids() -> list[str]:
    _load_builtin()
    return list(_GAMES)


def get_game(game_id: str) -> GameSpec:
    _load_builtin()
    try:
        return _GAMES[game_id]
    except KeyError:
        valid = ", ".join(_GAMES)
        raise UnknownGame(f"unknown game {game_id!r}; valid games: {valid}") from None


def all_games() -> list[GameSpec]:
    _load_builtin()
    return list(_GAMES.values())


def _load_builtin() -> None:
    global _builtin_loaded
    if _builtin_loaded:
        return
    _builtin_loaded = True
    from engines.robot_master.spec import ROBOT_MASTER

    register(ROBOT_MASTER)
    from engines.stak_bots.spec import STAK_BOTS

    register(STAK_BOTS)
    from engines.robo_factory.spec import ROBO_FACTORY

    register(ROBO_FACTORY)
    from engines.roborally.spec import ROBORALLY

    register(ROBORALLY)
