"""``robotui saves list|show|delete``: the saved games, read and deleted from the command
line."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.cells import cell_len, set_cell_size

from engines.safe_text import safe_text
from robotui import completion
from robotui.commands.common import (
    RUNTIME_ERROR,
    command_group,
    fail,
    find_save_or_fail,
    save_dir,
)

if TYPE_CHECKING:
    from saves import SaveSummary

saves_app = command_group("saves", "List, show and delete saved games.")


def _stdin_is_interactive() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _when(moment: datetime) -> str:
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def _players_text(summary: SaveSummary) -> str:
    parts = []
    for player in summary.players:
        detail = player.level if getattr(player, "level", None) else player.kind
        parts.append(f"{player.name} ({detail})" if detail else str(player.name))
    return safe_text(", ".join(parts))


NAME_COLUMN = 41  # saves list: longer save names are cut (PROGRESS takes up to 13)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Columns aligned by the cells the terminal gives each character (a wide character
    such as 日 or 🤖 takes two; counted as one, such names shift the columns)."""
    widths = [cell_len(h) for h in header]
    for row in rows:
        widths = [max(w, cell_len(cell)) for w, cell in zip(widths, row, strict=True)]
    lines = [
        "  ".join(
            cell + " " * (w - cell_len(cell)) for cell, w in zip(line, widths, strict=True)
        ).rstrip()
        for line in [header, *rows]
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _snapshot_lines(snapshot: Mapping[str, Any], indent: str = "  ") -> list[str]:
    """A save's position snapshot as readable text: lists one item a line."""
    lines: list[str] = []
    for key, value in snapshot.items():
        label = str(key).replace("_", " ")
        if isinstance(value, Mapping):
            lines.append(f"{indent}{label}:")
            lines.extend(_snapshot_lines(value, indent + "  "))
        elif isinstance(value, list | tuple):
            if all(isinstance(v, str) for v in value):
                lines.append(f"{indent}{label}:")
                lines.extend(f"{indent}  {v}" for v in value)
            else:
                lines.append(f"{indent}{label}: {' '.join(str(v) for v in value)}")
        else:
            text = str(value)
            lines.append(f"{indent}{label}: {text}" if text else f"{indent}{label}: (none)")
    # a snapshot may quote names from files (players, boards, card sets): kept safe, with
    # its spacing (board rows line up)
    return [safe_text(line, one_line=False) for line in lines]


@saves_app.command("list")
def saves_list(ctx: typer.Context) -> None:
    """List saved games, newest first, and any files that cannot be read."""
    from saves import SaveError, list_saves
    from screens.players_text import players_text

    directory = save_dir(ctx)
    try:
        summaries, errors = list_saves(directory)
    except SaveError as exc:
        fail(str(exc), RUNTIME_ERROR)
    if summaries:
        # One line of facts per save and one for the game and its players, to stay within
        # 80 columns; names longer than NAME_COLUMN are cut.
        def cut(text: str) -> str:
            text = safe_text(text)
            if cell_len(text) <= NAME_COLUMN:
                return text
            return set_cell_size(text, NAME_COLUMN - 3).rstrip() + "..."

        rows = [
            [cut(s.name), _when(s.updated), s.progress, "yes" if s.finished else "no"]
            for s in summaries
        ]
        table = _table(["NAME", "UPDATED", "PROGRESS", "DONE"], rows).splitlines()
        lines = table[:2]
        for s, line in zip(summaries, table[2:], strict=True):
            game = safe_text(f"    {s.game_name or s.game_id}: {players_text(s.players)}")
            game = "    " + game  # safe_text trims the indent
            if cell_len(game) > 80:
                game = set_cell_size(game, 77).rstrip() + "..."
            lines += [line, game]
        typer.echo("\n".join(lines))
    else:
        typer.echo(f"No saved games in {safe_text(str(directory))}.")
    for error in errors:
        typer.echo(f"skipped: {safe_text(str(error))}")


@saves_app.command("show")
def saves_show(
    ctx: typer.Context,
    name: Annotated[
        str,
        typer.Argument(
            metavar="NAME",
            help="Name of the save.",
            show_default=False,
            autocompletion=completion.save_names,
        ),
    ],
    spoilers: Annotated[
        bool,
        typer.Option(
            "--spoilers",
            help="Show the hidden cards too (hands, secret order, programs not yet revealed).",
        ),
    ] = False,
) -> None:
    """Show a saved game: players, progress and the position (what every player may see,
    unless --spoilers or the game is over)."""
    from saves import SaveError, load_save, read_summary

    path = find_save_or_fail(ctx, name)
    try:
        summary = read_summary(path)
        saved = load_save(path)
    except SaveError as exc:
        fail(str(exc), RUNTIME_ERROR)
    state = saved.match.state
    lines = [
        f"name:     {safe_text(summary.name)}",
        f"file:     {safe_text(str(path))}",
        f"game:     {summary.game_name} ({summary.game_id})",
        f"updated:  {_when(summary.updated)}",
        f"progress: {summary.progress}",  # as the game's screen and saves list say it
        f"players:  {_players_text(summary)}",
        f"finished: {'yes' if summary.finished else 'no'}",
    ]
    result = state.result()
    if result is not None:
        lines.append(f"result:   {safe_text(result.reason)}")
    public = not spoilers and not summary.finished
    lines.append(
        "position (hidden cards left out; --spoilers shows them):" if public else "position:"
    )
    lines.extend(_snapshot_lines(state.shown_snapshot(public=public)))
    typer.echo("\n".join(lines))


@saves_app.command("delete")
def saves_delete(
    ctx: typer.Context,
    name: Annotated[
        str,
        typer.Argument(
            metavar="NAME",
            help="Name of the save.",
            show_default=False,
            autocompletion=completion.save_names,
        ),
    ],
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Delete without asking for confirmation.")
    ] = False,
) -> None:
    """Delete a saved game (asks first unless --yes)."""
    from saves import SaveError, delete_save

    directory = save_dir(ctx)
    path = find_save_or_fail(ctx, name)
    if not yes:
        if not _stdin_is_interactive():
            fail(f"not deleting {name!r} without confirmation; pass --yes to delete it")
        question = safe_text(f"Delete saved game {name!r} ({path})?")
        if not typer.confirm(question, default=False):
            typer.echo("Nothing deleted.")
            raise typer.Exit(RUNTIME_ERROR)
    try:
        deleted = delete_save(directory, name)
    except SaveError as exc:
        fail(str(exc), RUNTIME_ERROR)
    typer.echo(safe_text(f"Deleted {name} ({deleted})."))
