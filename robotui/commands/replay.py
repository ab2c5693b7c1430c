"""``robotui replay NAME``: a finished game move by move, on the game's own screen."""

from __future__ import annotations

from typing import Annotated

import typer

from robotui import completion, launch
from robotui.commands.common import RUNTIME_ERROR, app_config, fail, save_dir


def replay(
    ctx: typer.Context,
    name: Annotated[
        str,
        typer.Argument(
            metavar="NAME",
            help="Name of a finished game's save (or its file name or path).",
            show_default=False,
            autocompletion=completion.save_names,
        ),
    ],
) -> None:
    """Replay a finished game move by move (Left/Right a move, PgUp/PgDn a turn, s whose
    view, q leaves)."""
    from saves import SaveError, find_save, load_save
    from saves.replay import NOT_FINISHED

    directory = save_dir(ctx)
    try:
        path = find_save(directory, name)
        saved = load_save(path)
    except SaveError as exc:
        fail(str(exc), RUNTIME_ERROR)
    if not saved.match.state.is_terminal():
        fail(f"{saved.name!r} is {NOT_FINISHED}; 'robotui resume' continues it", RUNTIME_ERROR)
    launch.start_app(app_config(ctx, start="replay", resume_path=path))
