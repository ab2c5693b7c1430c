"""``robotui play`` and ``robotui resume``: the commands that open a game in the UI, and the
list of every game's options that ends the help of ``play``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
import typer.core

from engines.core import EngineError
from engines.safe_text import safe_text
from robotui import completion, launch
from robotui.commands.common import (
    RUNTIME_ERROR,
    app_config,
    fail,
    find_save_or_fail,
    game_spec,
    save_dir,
    whole_number,
)
from robotui.commands.game_options import CardsOption, GameOptions, given_options, with_cards


def _option_values(choices: Sequence[Any] | None, kind: str) -> str:
    if choices is None:
        return "a number" if kind == "int" else "text"
    if all(isinstance(c, int) for c in choices) and len(choices) > 3:
        return f"{min(choices)}..{max(choices)}"
    return ", ".join(str(c) for c in choices)


def _games_options_help() -> str:
    """Every game's -o options, for the help of ``play`` (``\\b`` keeps click's wrapping
    off these lines; they are wrapped here to 78 columns)."""
    import textwrap

    from engines.registry import all_games

    lines = ["\b", "Game options, -o KEY=VALUE:"]
    for spec in all_games():
        if not spec.options:
            continue
        lines.append(f"  {spec.id}")
        for o in spec.options:
            default = "" if o.default in (None, "") else f"; default {o.default}"
            text = f"{o.name}: {o.help} ({_option_values(o.choices, o.kind)}{default})"
            lines += textwrap.wrap(text, 78, initial_indent="    ", subsequent_indent="      ")
    return "\n".join(lines)


class PlayCommand(typer.core.TyperCommand):
    """``play``, whose help ends with every game's options: they are read from the games'
    engines only when that help is shown, not each time robotui starts."""

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        if self.epilog is None:
            self.epilog = _games_options_help()
        super().format_epilog(ctx, formatter)


def play(
    ctx: typer.Context,
    game: Annotated[
        str,
        typer.Argument(
            metavar="GAME",
            help="Game id, e.g. robot-master.",
            show_default=False,
            autocompletion=completion.game_ids,
        ),
    ],
    opponent: Annotated[
        str,
        typer.Option(
            "--opponent",
            metavar="LEVEL[,LEVEL...]|human",
            autocompletion=completion.opponents,
            help="Computer level (random, easy, normal, hard); with more than two players "
            "one level per computer in seat order, e.g. hard,normal,easy; or 'human': every "
            "seat human.",
        ),
    ] = "normal",
    first: Annotated[
        str | None,
        typer.Option(
            "--first",
            metavar="rows|columns|random",
            help="Robot Master: who starts, rows, columns or random.  [default: rows]",
        ),
    ] = None,
    hand: Annotated[
        str | None,
        typer.Option(
            "--hand",
            metavar="full|five",
            help="Robot Master: full (12-card hand) or five (5-card variant).  [default: full]",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", metavar="N", help="Seed for the deal (default: random).", parser=whole_number
        ),
    ] = None,
    side: Annotated[
        str | None,
        typer.Option(
            "--side",
            metavar="SEAT",
            help="Your seat: rows or columns in Robot Master, a seat number (1, 2, ...) in "
            "other games.  [default: the first]",
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            metavar="N",
            help="Number of seats, for games of more than two.  [default: the fewest]",
            parser=whole_number,
        ),
    ] = None,
    humans: Annotated[
        int | None,
        typer.Option(
            "--humans",
            metavar="N",
            parser=whole_number,
            help="Humans sharing this terminal (games of more than two); the rest are "
            "computers. Default 1, or every seat with --opponent human.",
            show_default=False,
        ),
    ] = None,
    cards: CardsOption = None,
    option: GameOptions = None,
) -> None:
    """Start a new game straight away."""
    from screens.new_game import computer_levels  # the dialog's reading of a mix of levels

    spec = game_spec(game)
    opponent = opponent.strip().lower()
    levels = list(spec.player_levels())
    wanted = computer_levels(opponent)
    for level in wanted if opponent != "human" else []:
        if level not in levels:
            valid = ", ".join(levels if len(wanted) > 1 else [*levels, "human"])
            fail(f"unknown opponent {level!r} for {spec.id}; valid: {valid}")
    opponent = ",".join(wanted)
    given = given_options(spec, option or [])
    for name, value in (("first", first), ("hand", hand)):
        if value is None:
            continue
        if name not in {o.name for o in spec.options}:
            fail(f"{spec.name} has no --{name} option")
        value = value.strip().lower()
        if name in given and str(given[name]).lower() != value:
            fail(f"--{name} {value} and -o {name}={given[name]} disagree: give one of them")
        given[name] = value
    try:
        options = spec.normalize_options(given)
    except EngineError as exc:
        fail(str(exc))
    options = with_cards(spec, options, cards)
    count = spec.min_players if players is None else players
    try:
        spec.check_players(count)
    except EngineError as exc:
        fail(str(exc))
    if opponent == "human" and count > 2:
        if humans is not None and humans != count:
            fail(
                f"--opponent human makes all {count} players human; with --humans {humans} "
                "name a computer level for the others (--opponent easy, normal, ...)"
            )
        humans = count
    humans = 1 if humans is None else humans
    if not 1 <= humans <= count:
        fail(f"--humans must be between 1 and {count}, not {humans}")
    computers = count - humans
    if len(wanted) > 1 and len(wanted) != computers:
        fail(
            f"--opponent {opponent} names {len(wanted)} levels for {computers} "
            f"computer{'' if computers == 1 else 's'}: give one level, or one for each"
        )
    seats = [name.lower() for name in spec.seat_names(count)]
    chosen = seats[0] if side is None else side.strip().lower()
    if chosen.isdigit() and 1 <= int(chosen) <= len(seats):
        chosen = seats[int(chosen) - 1]  # a seat number: --side 2
    squeezed = {name.replace(" ", ""): name for name in seats}
    chosen = squeezed.get(chosen.replace(" ", ""), chosen)  # --side player2
    if chosen not in seats:
        fail(
            f"--side cannot be {chosen!r}; valid values: {', '.join(seats)} "
            f"(or a seat number, 1 to {len(seats)})"
        )
    config = app_config(
        ctx,
        start="play",
        game=spec.id,
        opponent=opponent,
        options=options,
        seed=seed,
        side=seats.index(chosen),
        players=count,
        humans=humans,
    )
    launch.start_app(config)


def resume(
    ctx: typer.Context,
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="NAME",
            help="Name of the save (default: the newest unfinished one).",
            show_default=False,
            autocompletion=completion.save_names,
        ),
    ] = None,
) -> None:
    """Continue a saved game (the newest unfinished one unless NAME is given)."""
    from saves import SaveError, list_saves, load_save, resume_problem

    directory = save_dir(ctx)
    notice = ""
    if name is None:
        try:
            good, bad = list_saves(directory)
        except SaveError as exc:
            fail(str(exc), RUNTIME_ERROR)
        # a finished game is not one to continue, even when it is the newest save
        newest = next((s for s in good if not s.finished), None)
        if newest is None:
            hint = (
                "; 'robotui resume NAME' opens a finished one"
                if good
                else "; start one with 'robotui play GAME'"
            )
            fail(resume_problem(directory, good, bad) + hint, RUNTIME_ERROR)
        path = Path(newest.path)
        if bad:
            files = "file was" if len(bad) == 1 else f"{len(bad)} files were"
            notice = safe_text(
                f"Resumed the newest unfinished readable save, {newest.name!r}. An unreadable "
                f"save {files} skipped: 'robotui saves list' says why."
            )
            typer.echo(f"note: {notice}", err=True)
    else:
        path = find_save_or_fail(ctx, name)
    try:
        load_save(path)
    except SaveError as exc:
        fail(str(exc), RUNTIME_ERROR)
    launch.start_app(app_config(ctx, start="resume", resume_path=path, notice=notice))
