"""``robotui stats``: each human player's record from the local saves, in plain text that
fits 80 columns (see :mod:`saves.stats` for what is counted and how)."""

from __future__ import annotations

from typing import Annotated

import typer

from engines.safe_text import safe_text
from robotui import completion
from robotui.commands.common import RUNTIME_ERROR, fail, game_spec, save_dir


def stats(
    ctx: typer.Context,
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            metavar="ID",
            help="Only this game, e.g. robot-master.",
            autocompletion=completion.game_ids,
        ),
    ] = None,
) -> None:
    """Your record from the saved games: won, lost and drawn per game and computer level,
    the longest winning streaks and the best games (finished games only)."""
    from saves import SaveError
    from saves.stats import compute_stats, games_of, read_finished_games
    from screens.stats_text import report_lines

    game_id = game_spec(game).id if game is not None else None
    directory = save_dir(ctx)
    try:
        scan = read_finished_games(directory)
    except SaveError as exc:
        fail(str(exc), RUNTIME_ERROR)
    games = games_of(scan.games, game_id)
    players = compute_stats(games)
    folder = safe_text(str(directory))
    typer.echo("\n".join(report_lines(players, scan, len(games), folder)))
