"""The ``robotui`` command's entry point.

A plain ``robotui [--ascii] [--no-mouse] [--save-dir PATH] [--colors auto|256|16]`` opens the
menu straight away; anything else (a command, ``--help``, a mistake) goes to the command line
of :mod:`robotui.commands`, whose parser (typer, and the pydantic it converts each value
with) costs about as much to import as Textual: the menu opens within 1.5 times a bare Textual
app's first screen. Textual is never imported here at module level.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from robotui import launch
from robotui.config import COLOR_SYSTEMS, AppConfig, GlobalOptions

RUNTIME_ERROR = 1
VALUE_OPTIONS = ("--save-dir", "--colors")


def menu_options(args: Sequence[str]) -> tuple[GlobalOptions, str] | None:
    """The options and colour choice of a plain ``robotui [--ascii] [--no-mouse]
    [--save-dir PATH] [--colors auto|256|16]`` (the menu), read without the parser; ``None``
    for anything else, which the parser reads and answers."""
    if any(name.startswith("_ROBOTUI") and name.endswith("_COMPLETE") for name in os.environ):
        return None  # shell completion asks the parser
    options = GlobalOptions()
    colors = "auto"
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--ascii":
            options.ascii = True
            continue
        if arg == "--no-mouse":
            options.mouse = False
            continue
        name, equals, value = arg.partition("=")
        if name not in VALUE_OPTIONS:
            return None
        if not equals:
            if not rest:
                return None
            value = rest.pop(0)
        if not value or value.startswith("-"):
            return None  # the parser's reading of these is the reference
        if name == "--save-dir":
            options.save_dir = Path(value)
        elif value.strip().lower() in COLOR_SYSTEMS:
            colors = value.strip().lower()
        else:
            return None  # the parser says what is wrong
    return options, colors


def open_menu(options: GlobalOptions, colors: str) -> None:
    """What the command line does without a command: the menu (see ``main_callback``)."""
    from engines.safe_text import safe_text
    from saves import SaveError, check_save_dir, resolve_save_dir

    color_system = COLOR_SYSTEMS[colors]
    if color_system is not None:
        os.environ["TEXTUAL_COLOR_SYSTEM"] = color_system
    try:
        save_dir = resolve_save_dir(options.save_dir)
        check_save_dir(save_dir)
    except SaveError as exc:  # one line and exit 1, as the command line says it
        print(f"Error: {safe_text(str(exc))}", file=sys.stderr)
        raise SystemExit(RUNTIME_ERROR) from None
    config = AppConfig(save_dir=save_dir, ascii=options.ascii, mouse=options.mouse, start="menu")
    try:
        launch.start_app(config)
    except (EOFError, KeyboardInterrupt):  # as the parser ends then
        print(file=sys.stderr)
        print("Aborted!", file=sys.stderr)
        raise SystemExit(1) from None


def main() -> None:
    """Console script entry point."""
    menu = menu_options(sys.argv[1:])
    if menu is not None:
        open_menu(*menu)
        return
    from robotui.commands import app

    app(prog_name="robotui")
