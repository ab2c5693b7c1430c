"""Shell completion of the command line's values (typer ``autocompletion=`` callbacks).

``robotui --install-completion`` installs it for the current shell. Each callback gets what
has been typed of the value (``incomplete``) and returns ``(value, help)`` pairs; it must
never fail or be slow: a shell calls it on every Tab.
"""

from __future__ import annotations

from pathlib import Path

import typer

from engines.registry import all_games, get_game

Candidates = list[tuple[str, str]]
LEVELS_HELP = {"human": "every seat a human at this terminal"}


def _matching(pairs: Candidates, incomplete: str) -> Candidates:
    return [(value, text) for value, text in pairs if value.startswith(incomplete)]


def game_ids(incomplete: str) -> Candidates:
    """``robotui play GAME`` / ``arena GAME``: the game ids."""
    return _matching([(spec.id, spec.name) for spec in all_games()], incomplete)


def _game_of(ctx: typer.Context) -> str | None:
    game = (ctx.params or {}).get("game")
    return game if isinstance(game, str) else None


def _levels(ctx: typer.Context) -> list[str]:
    game = _game_of(ctx)
    try:
        specs = [get_game(game)] if game else all_games()
    except Exception:
        specs = all_games()
    return list(dict.fromkeys(level for spec in specs for level in spec.player_levels()))


def _level_list(ctx: typer.Context, incomplete: str, extra: list[str]) -> Candidates:
    """Levels, one per comma: ``hard,no`` completes to ``hard,normal``."""
    done, _, last = incomplete.rpartition(",")
    prefix = f"{done}," if done else ""
    words = _levels(ctx) + (extra if not done else [])
    return [
        (prefix + word, LEVELS_HELP.get(word, "computer level"))
        for word in words
        if word.startswith(last)
    ]


def opponents(ctx: typer.Context, incomplete: str) -> Candidates:
    """``play --opponent``: a level, one level per computer (``hard,normal``) or human."""
    return _level_list(ctx, incomplete, ["human"])


def arena_players(ctx: typer.Context, incomplete: str) -> Candidates:
    """``arena --players``: one level per seat, comma-separated."""
    return _level_list(ctx, incomplete, [])


def _save_dir(ctx: typer.Context) -> Path:
    from saves import resolve_save_dir

    return resolve_save_dir((ctx.find_root().params or {}).get("save_dir"))


def save_names(ctx: typer.Context, incomplete: str) -> Candidates:
    """``resume NAME``, ``saves show/delete NAME``: the names of the saves, newest first."""
    from saves import save_names as names

    try:
        found = names(_save_dir(ctx))
    except Exception:  # a folder that cannot be read completes to nothing
        return []
    folded = incomplete.casefold()
    return [(name, "saved game") for name in found if name.casefold().startswith(folded)]


def board_ids(incomplete: str) -> Candidates:
    """``board check/show``: course and board ids (a file path is typed as it is)."""
    from engines.roborally import boardfile

    pairs = [(course, "course") for course in boardfile.course_ids()]
    pairs += [(board, "board") for board in boardfile.bundled_boards() if board not in dict(pairs)]
    return _matching(pairs, incomplete)


def game_options(ctx: typer.Context, incomplete: str) -> Candidates:
    """``-o KEY=VALUE``: the game's option names, then the values of the one typed
    (course ids for RoboRally's ``course``)."""
    game = _game_of(ctx)
    try:
        specs = [get_game(game)] if game else all_games()
    except Exception:
        specs = all_games()
    key, sep, _ = incomplete.partition("=")
    pairs: Candidates = []
    for spec in specs:
        for option in spec.options:
            if not sep:
                pairs.append((f"{option.name}=", option.help))
            elif option.name == key:
                values = [str(v) for v in option.choices or option.presets or ()]
                if option.name == "course":
                    from engines.roborally.boardfile import course_ids

                    values = list(dict.fromkeys(values + course_ids()))
                pairs += [
                    (f"{key}={value}", option.label_of(value) if option.choices else option.help)
                    for value in values
                ]
    return _matching(list(dict.fromkeys(pairs)), incomplete)
