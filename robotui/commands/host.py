"""``robotui host ratings|history``: a game-night host's ratings and history, read from
its database (``robotui serve`` keeps them; docs/hosting.md)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Annotated

import typer

from engines.safe_text import safe_text
from robotui import completion
from robotui.commands.common import RUNTIME_ERROR, command_group, fail, game_spec

if TYPE_CHECKING:
    from hosting.store import Store

host_app = command_group("host", "A game-night host's ratings and history (robotui serve).")


def _open_store() -> Store:
    from hosting import paths
    from hosting.store import Store, StoreError

    path = paths.db_path()
    if not path.exists():
        fail(f"{path}: no host database here yet (robotui serve makes it)", RUNTIME_ERROR)
    try:
        return Store(path)
    except StoreError as exc:
        fail(str(exc), RUNTIME_ERROR)


GameOption = Annotated[
    str | None,
    typer.Option(
        "--game",
        metavar="GAME",
        help="One game only (default: every game).",
        show_default=False,
        autocompletion=completion.game_ids,
    ),
]


@host_app.command("ratings")
def ratings(
    game: GameOption = None,
    rebuild: Annotated[
        bool,
        typer.Option(
            "--rebuild",
            help="First recompute every rating from the kept results, in the order they "
            "finished (after a change of the rating formula; stop the host first).",
        ),
    ] = False,
) -> None:
    """Each game's leaderboard (players and computer levels with 5 rated games or more)."""
    from engines.registry import all_games
    from hosting import profiles
    from hosting.ratings import level_ratings, place

    only = game_spec(game).id if game is not None else None
    store = _open_store()
    try:
        if rebuild:
            start = time.perf_counter()
            count = store.rebuild_ratings()
            took = time.perf_counter() - start
            typer.echo(f"Rebuilt every rating from {count:,} rated results in {took:.1f} s.")
        for spec in all_games():
            if only is not None and spec.id != only:
                continue
            rows = profiles.leaderboard(store, spec.id)
            levels = level_ratings(store.db, spec.id)
            typer.echo(f"{spec.name}")
            if not rows:
                typer.echo(f"  nobody has {profiles.LEADER_GAMES} rated games yet")
            for row in rows:
                where = "" if row.computer else place(row.rating, levels)
                typer.echo(
                    f"  {row.place:>2}. {safe_text(row.name)[:24]:<24} {row.rating:>5,}"
                    f" ± {row.spread:<4} {row.games:>5} games  {where}".rstrip()
                )
    finally:
        store.close()


@host_app.command("history")
def history(
    name: Annotated[
        str, typer.Argument(metavar="NAME", help="A player's name, or computer:LEVEL.")
    ],
    game: GameOption = None,
) -> None:
    """A player's games, newest first: when, game, table, outcome, rating change."""
    from hosting import profiles

    only = game_spec(game).id if game is not None else None
    store = _open_store()
    try:
        who = profiles.identity(store, name)
        if who is None:
            fail(f"nobody is called {safe_text(name)!r} on this host", RUNTIME_ERROR)
        page, pages = 0, 1
        typer.echo(safe_text(profiles.shown_name(store, who)))
        while page < pages:
            rows, pages = profiles.history(store, who, only, page, viewer=who, per_page=500)
            for row in rows:
                change = "" if row.change is None else f"{row.change:+d}"
                typer.echo(
                    f"  {row.finished}  {row.game_name:<13} table #{row.table:<5}"
                    f" {row.outcome:<9} {row.rank}/{row.seats}  {change}".rstrip()
                )
            page += 1
    finally:
        store.close()
