"""What every command of the command line shares: exit codes, the one-line error, number
parsing, the global options and the save folder they name, and the game a command names."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

import typer

from engines.core import EngineError, GameSpec
from engines.registry import get_game
from engines.safe_text import safe_text
from robotui.config import AppConfig, GlobalOptions

USAGE_ERROR = 2
RUNTIME_ERROR = 1
INTERRUPTED = 130


def command_group(name: str, help_text: str) -> typer.Typer:
    """A ``robotui NAME ...`` group of commands, set up like the main command."""
    return typer.Typer(
        name=name,
        help=help_text,
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )


def whole_number(text: str, minimum: int | None = None) -> int:
    """Parse an integer option so that its error reads plainly ("'abc' is not a whole
    number") rather than in the parser's words."""
    try:
        number = int(text)
    except (TypeError, ValueError):
        raise typer.BadParameter(f"{text!r} is not a whole number.") from None
    if minimum is not None and number < minimum:
        raise typer.BadParameter(f"{number} is too small: at least {minimum}.")
    return number


def at_least_one(text: str) -> int:
    return whole_number(text, 1)


def fail(message: str, code: int = USAGE_ERROR) -> NoReturn:
    """Print one error line on stderr and exit with ``code`` (the line made safe for the
    terminal: it may quote a file name or what was typed)."""
    typer.echo(f"Error: {safe_text(message)}", err=True)
    raise typer.Exit(code)


def global_options(ctx: typer.Context) -> GlobalOptions:
    """The options given before the command (``--save-dir``, ``--ascii``, ``--no-mouse``)."""
    root = ctx.find_root()
    if isinstance(root.obj, GlobalOptions):
        return root.obj
    return GlobalOptions()


def save_dir(ctx: typer.Context) -> Path:
    """The save folder, checked: one line and exit 1 if it exists but cannot be read."""
    from saves import SaveError, check_save_dir, resolve_save_dir

    try:
        directory = resolve_save_dir(global_options(ctx).save_dir)
        check_save_dir(directory)
    except SaveError as exc:
        fail(str(exc), RUNTIME_ERROR)
    return directory


def app_config(ctx: typer.Context, **fields: Any) -> AppConfig:
    """What to open the UI with: the global options, the checked save folder and ``fields``."""
    options = global_options(ctx)
    return AppConfig(save_dir=save_dir(ctx), ascii=options.ascii, mouse=options.mouse, **fields)


def find_save_or_fail(ctx: typer.Context, name: str) -> Path:
    """The file of a save by name; a usage error listing the saves if there is none."""
    from saves import SaveError, find_save

    try:
        return find_save(save_dir(ctx), name)
    except SaveError as exc:
        fail(str(exc))


def game_spec(game_id: str) -> GameSpec:
    """The game of ``game_id``; a usage error naming the games if there is none."""
    try:
        return get_game(game_id)
    except EngineError as exc:
        fail(str(exc))
