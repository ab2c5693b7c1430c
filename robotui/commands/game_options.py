"""The game options of ``play`` and ``arena``: ``--option key=value`` (``-o``) read into the
option's own type and checked against the game, and ``--cards FILE``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import typer

from engines.core import EngineError, GameSpec
from robotui import completion
from robotui.commands.common import fail

CardsOption = Annotated[
    str | None,
    typer.Option(
        "--cards",
        metavar="FILE",
        help="Stak Bots: play with the card set in FILE (TOML) instead of the default.",
        show_default=False,
    ),
]
GameOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        autocompletion=completion.game_options,
        help="Game option as key=value, e.g. hand=five (repeatable).",
        show_default=False,
    ),
]


def option_value(spec: GameSpec, key: str, text: str) -> Any:
    """Turn ``--option key=value`` text into the option's own type when we can tell it."""
    for option in spec.options:
        if option.name != key:
            continue
        if option.choices is None and option.kind == "text":
            return text
        if option.choices is None:
            try:
                return int(text)
            except ValueError:
                fail(f"option {key} must be a whole number, not {text!r}")
        for choice in option.choices:
            if str(choice) == text:
                return choice
    return text


def given_options(spec: GameSpec, items: Sequence[str]) -> dict[str, Any]:
    """The ``-o key=value`` options as given (not yet completed with the defaults); an
    option given twice with different values is a usage error, not a silent override."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            fail(f"--option needs key=value, not {item!r}")
        parsed = option_value(spec, key, value)
        if key in options and options[key] != parsed:
            fail(f"option {key} is given twice: {options[key]} and {parsed}")
        options[key] = parsed
    return options


def parse_options(spec: GameSpec, items: Sequence[str]) -> dict[str, Any]:
    """The ``-o key=value`` options completed with the defaults and checked."""
    try:
        return spec.normalize_options(given_options(spec, items))
    except EngineError as exc:
        fail(str(exc))


def with_cards(spec: GameSpec, options: dict[str, Any], cards: str | None) -> dict[str, Any]:
    """``options`` with the card set of ``--cards FILE`` (checked; exit 2 with the problem)."""
    if cards is None:
        return options
    if "cards" not in {o.name for o in spec.options}:
        fail(f"{spec.name} has no --cards option")
    try:
        return spec.normalize_options({**options, "cards": cards})
    except EngineError as exc:
        fail(str(exc))
