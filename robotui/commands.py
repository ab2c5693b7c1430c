"""The ``robotui`` command line: start the arcade, resume games, manage saves, run arenas.

Its entry point is :func:`robotui.cli.main`, which opens the menu without this parser when
nothing but the menu is asked for (typer, and the pydantic it converts values with, cost
about as much to import as Textual). Textual is never imported here at module level: the
commands that open the UI set the environment (colour system) first and only then import
:mod:`robotui.app`.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, Any, NoReturn

import typer
import typer.core
from rich.cells import cell_len, set_cell_size

from engines.core import EngineError, GameSpec
from engines.registry import get_game
from engines.safe_text import safe_text
from robotui import __version__, completion
from robotui.config import COLOR_SYSTEMS, AppConfig, GlobalOptions

if TYPE_CHECKING:
    from saves import SaveSummary

USAGE_ERROR = 2
RUNTIME_ERROR = 1
INTERRUPTED = 130

PROGRESS_INTERVAL = 0.2  # seconds between redraws of the arena progress bar
PROGRESS_WIDTH = 30

app = typer.Typer(
    name="robotui",
    help="A terminal arcade of robot board and card games. Run without a command for the menu.",
    invoke_without_command=True,
    no_args_is_help=False,
    add_completion=True,  # --install-completion / --show-completion (see "Command line")
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _command_group(name: str, help_text: str) -> typer.Typer:
    """A ``robotui NAME ...`` group of commands, set up like the main command."""
    group = typer.Typer(
        name=name,
        help=help_text,
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    app.add_typer(group, name=name)
    return group


saves_app = _command_group("saves", "List, show and delete saved games.")
board_app = _command_group("board", "Check and draw RoboRally board and course files.")


class Colors(StrEnum):
    auto = "auto"
    c256 = "256"
    c16 = "16"


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


def colour_system(text: str) -> str:
    choice = str(text).strip().lower()
    if choice not in COLOR_SYSTEMS:
        raise typer.BadParameter(f"{text!r} is not a colour system: auto, 256 or 16.")
    return choice


# ---------------------------------------------------------------- helpers


def fail(message: str, code: int = USAGE_ERROR) -> NoReturn:
    """Print one error line on stderr and exit with ``code`` (the line made safe for the
    terminal: it may quote a file name or what was typed)."""
    typer.echo(f"Error: {safe_text(message)}", err=True)
    raise typer.Exit(code)


def _globals(ctx: typer.Context) -> GlobalOptions:
    root = ctx.find_root()
    if isinstance(root.obj, GlobalOptions):
        return root.obj
    return GlobalOptions()


def _save_dir(ctx: typer.Context) -> Path:
    """The save folder, checked: one line and exit 1 if it exists but cannot be read."""
    from saves import SaveError, check_save_dir, resolve_save_dir

    try:
        directory = resolve_save_dir(_globals(ctx).save_dir)
        check_save_dir(directory)
    except SaveError as exc:
        fail(str(exc), RUNTIME_ERROR)
    return directory


def _app_config(ctx: typer.Context, **fields: Any) -> AppConfig:
    options = _globals(ctx)
    return AppConfig(save_dir=_save_dir(ctx), ascii=options.ascii, mouse=options.mouse, **fields)


def _run_app(config: AppConfig) -> None:
    """Open the Textual UI. Imported only now, after the environment is set."""
    from robotui.app import run_app

    run_app(config)


# How the commands open the UI: robotui.cli points this at its own ``_start_app`` (which
# tests replace to see what would have been opened).
start_app: Callable[[AppConfig], None] = _run_app


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


def _find_save_or_fail(ctx: typer.Context, name: str) -> Path:
    """The file of a save by name; a usage error listing the saves if there is none."""
    from saves import SaveError, find_save

    try:
        return find_save(_save_dir(ctx), name)
    except SaveError as exc:
        fail(str(exc))


def _game(game_id: str) -> GameSpec:
    try:
        return get_game(game_id)
    except EngineError as exc:
        fail(str(exc))


def _stdin_is_interactive() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _stderr_is_tty() -> bool:
    try:
        return sys.stderr.isatty()
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
        "  ".join(cell + " " * (w - cell_len(cell))
                  for cell, w in zip(line, widths, strict=True)).rstrip()
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


def _option_value(spec: GameSpec, key: str, text: str) -> Any:
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


def _given_options(spec: GameSpec, items: Sequence[str]) -> dict[str, Any]:
    """The ``-o key=value`` options as given (not yet completed with the defaults); an
    option given twice with different values is a usage error, not a silent override."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            fail(f"--option needs key=value, not {item!r}")
        parsed = _option_value(spec, key, value)
        if key in options and options[key] != parsed:
            fail(f"option {key} is given twice: {options[key]} and {parsed}")
        options[key] = parsed
    return options


def _parse_options(spec: GameSpec, items: Sequence[str]) -> dict[str, Any]:
    try:
        return spec.normalize_options(_given_options(spec, items))
    except EngineError as exc:
        fail(str(exc))


def _with_cards(spec: GameSpec, options: dict[str, Any], cards: str | None) -> dict[str, Any]:
    """``options`` with the card set of ``--cards FILE`` (checked; exit 2 with the problem)."""
    if cards is None:
        return options
    if "cards" not in {o.name for o in spec.options}:
        fail(f"{spec.name} has no --cards option")
    try:
        return spec.normalize_options({**options, "cards": cards})
    except EngineError as exc:
        fail(str(exc))


class ProgressBar:
    """``[#####.....] 120/400 games`` on a terminal, redrawn at most every 0.2 s."""

    def __init__(self, total: int, stream: IO[str], interval: float = PROGRESS_INTERVAL) -> None:
        self.total = total
        self.stream = stream
        self.interval = interval
        self.last_draw: float | None = None  # monotonic time may start near 0 after a boot
        self.width = 0

    def __call__(self, done: int) -> None:
        now = time.monotonic()
        if (
            done < self.total
            and self.last_draw is not None
            and now - self.last_draw < self.interval
        ):
            return
        self.last_draw = now
        filled = PROGRESS_WIDTH * done // self.total if self.total else PROGRESS_WIDTH
        text = f"[{'#' * filled}{'.' * (PROGRESS_WIDTH - filled)}] {done}/{self.total} games"
        self.width = max(self.width, len(text))
        self.stream.write("\r" + text)
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar so the report starts on a clean line."""
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


# ---------------------------------------------------------------- commands


def _version(value: bool) -> None:
    if value:
        typer.echo(f"robotui {__version__}")
        raise typer.Exit()


@app.callback()
def main_callback(
    ctx: typer.Context,
    save_dir: Annotated[
        Path | None,
        typer.Option(
            "--save-dir",
            metavar="PATH",
            help="Folder for saved games (default: $ROBOTUI_SAVE_DIR or the user data folder).",
            # checked by _save_dir, in one line (click's own check printed a usage block)
            readable=False,
        ),
    ] = None,
    ascii_only: Annotated[
        bool, typer.Option("--ascii", help="Draw with plain ASCII characters only.")
    ] = False,
    no_mouse: Annotated[
        bool, typer.Option("--no-mouse", help="Keyboard only: ignore the mouse.")
    ] = False,
    colors: Annotated[
        str,
        typer.Option(
            "--colors",
            metavar="auto|256|16",
            help="Colour system: auto (detect), 256, or 16 (basic terminal colours).",
            parser=colour_system,
        ),
    ] = Colors.auto.value,
    version: Annotated[
        bool | None,
        typer.Option(
            "--version", help="Show the version and exit.", callback=_version, is_eager=True
        ),
    ] = None,
) -> None:
    """A terminal arcade of robot board and card games. Run without a command for the menu."""
    color_system = COLOR_SYSTEMS[colors]
    if color_system is not None:
        os.environ["TEXTUAL_COLOR_SYSTEM"] = color_system
    ctx.obj = GlobalOptions(save_dir=save_dir, ascii=ascii_only, mouse=not no_mouse)
    if ctx.invoked_subcommand is None:
        start_app(_app_config(ctx, start="menu"))


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


@app.command(cls=PlayCommand)
def play(
    ctx: typer.Context,
    game: Annotated[
        str,
        typer.Argument(metavar="GAME", help="Game id, e.g. robot-master.", show_default=False,
                       autocompletion=completion.game_ids),
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

    spec = _game(game)
    opponent = opponent.strip().lower()
    levels = list(spec.player_levels())
    wanted = computer_levels(opponent)
    for level in wanted if opponent != "human" else []:
        if level not in levels:
            valid = ", ".join(levels if len(wanted) > 1 else [*levels, "human"])
            fail(f"unknown opponent {level!r} for {spec.id}; valid: {valid}")
    opponent = ",".join(wanted)
    given = _given_options(spec, option or [])
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
    options = _with_cards(spec, options, cards)
    count = spec.min_players if players is None else players
    try:
        spec.check_players(count)
    except EngineError as exc:
        fail(str(exc))
    if opponent == "human" and count > 2:
        if humans is not None and humans != count:
            fail(f"--opponent human makes all {count} players human; with --humans {humans} "
                 "name a computer level for the others (--opponent easy, normal, ...)")
        humans = count
    humans = 1 if humans is None else humans
    if not 1 <= humans <= count:
        fail(f"--humans must be between 1 and {count}, not {humans}")
    computers = count - humans
    if len(wanted) > 1 and len(wanted) != computers:
        fail(f"--opponent {opponent} names {len(wanted)} levels for {computers} "
             f"computer{'' if computers == 1 else 's'}: give one level, or one for each")
    seats = [name.lower() for name in spec.seat_names(count)]
    chosen = seats[0] if side is None else side.strip().lower()
    if chosen.isdigit() and 1 <= int(chosen) <= len(seats):
        chosen = seats[int(chosen) - 1]  # a seat number: --side 2
    squeezed = {name.replace(" ", ""): name for name in seats}
    chosen = squeezed.get(chosen.replace(" ", ""), chosen)  # --side player2
    if chosen not in seats:
        fail(f"--side cannot be {chosen!r}; valid values: {', '.join(seats)} "
             f"(or a seat number, 1 to {len(seats)})")
    config = _app_config(
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
    start_app(config)


@app.command()
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

    directory = _save_dir(ctx)
    notice = ""
    if name is None:
        try:
            good, bad = list_saves(directory)
        except SaveError as exc:
            fail(str(exc), RUNTIME_ERROR)
        # a finished game is not one to continue, even when it is the newest save
        newest = next((s for s in good if not s.finished), None)
        if newest is None:
            hint = ("; 'robotui resume NAME' opens a finished one" if good
                    else "; start one with 'robotui play GAME'")
            fail(resume_problem(directory, good, bad) + hint, RUNTIME_ERROR)
        path = Path(newest.path)
        if bad:
            files = "file was" if len(bad) == 1 else f"{len(bad)} files were"
            notice = safe_text(
                f"Resumed the newest unfinished readable save, {newest.name!r}. An unreadable "
                f"save {files} skipped: 'robotui saves list' says why.")
            typer.echo(f"note: {notice}", err=True)
    else:
        path = _find_save_or_fail(ctx, name)
    try:
        load_save(path)
    except SaveError as exc:
        fail(str(exc), RUNTIME_ERROR)
    start_app(_app_config(ctx, start="resume", resume_path=path, notice=notice))


@saves_app.command("list")
def saves_list(ctx: typer.Context) -> None:
    """List saved games, newest first, and any files that cannot be read."""
    from saves import SaveError, list_saves
    from screens.players_text import players_text

    directory = _save_dir(ctx)
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
        typer.Argument(metavar="NAME", help="Name of the save.", show_default=False,
                       autocompletion=completion.save_names),
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

    path = _find_save_or_fail(ctx, name)
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
    lines.append("position (hidden cards left out; --spoilers shows them):" if public
                 else "position:")
    lines.extend(_snapshot_lines(state.shown_snapshot(public=public)))
    typer.echo("\n".join(lines))


@saves_app.command("delete")
def saves_delete(
    ctx: typer.Context,
    name: Annotated[
        str,
        typer.Argument(metavar="NAME", help="Name of the save.", show_default=False,
                       autocompletion=completion.save_names),
    ],
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Delete without asking for confirmation.")
    ] = False,
) -> None:
    """Delete a saved game (asks first unless --yes)."""
    from saves import SaveError, delete_save

    directory = _save_dir(ctx)
    path = _find_save_or_fail(ctx, name)
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


@app.command()
def arena(
    game: Annotated[
        str,
        typer.Argument(metavar="GAME", help="Game id, e.g. robot-master.", show_default=False,
                       autocompletion=completion.game_ids),
    ],
    players: Annotated[
        str,
        typer.Option(
            "--players",
            metavar="SPEC,SPEC[,...]",
            autocompletion=completion.arena_players,
            help="Comma-separated players, one per seat: levels (random, easy, normal, hard) "
            "or package.module:Class.",
            show_default=False,
        ),
    ],
    games: Annotated[
        int,
        typer.Option(
            "--games", metavar="N", help="Number of games to play.", parser=at_least_one
        ),
    ] = 100,
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            metavar="S",
            help="Seed of the first game (game g uses seed+g).",
            parser=whole_number,
        ),
    ] = 0,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object instead of a table.")
    ] = False,
    cards: CardsOption = None,
    option: GameOptions = None,
) -> None:
    """Play computer players against each other and report wins and decision times."""
    from engines.arena import format_report, run_arena
    from engines.players import check_player_spec

    spec = _game(game)
    entrants = [p.strip() for p in players.split(",")]
    if any(not p for p in entrants):
        fail(f"--players has an empty entry: {players!r}")
    try:
        spec.check_players(len(entrants))
    except EngineError as exc:
        fail(str(exc))
    if any(":" in p for p in entrants) and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # let package.module:Class name modules in this folder
    for entrant in dict.fromkeys(entrants):
        try:
            check_player_spec(spec, entrant)
        except EngineError as exc:
            fail(str(exc))
        except Exception as exc:  # a custom player's module or constructor failed
            fail(f"cannot make player {entrant!r}: {type(exc).__name__}: {exc}")
    options = _with_cards(spec, _parse_options(spec, option or []), cards)

    bar = ProgressBar(games, sys.stderr) if _stderr_is_tty() else None
    try:
        report = run_arena(spec, entrants, games, seed, options, progress=bar)
    except KeyboardInterrupt:
        if bar is not None:
            bar.close()
        typer.echo("Interrupted: arena stopped.", err=True)
        raise typer.Exit(INTERRUPTED) from None
    except Exception as exc:  # an engine or custom player failed mid-run
        if bar is not None:
            bar.close()
        fail(f"arena stopped: {type(exc).__name__}: {exc}", RUNTIME_ERROR)
    if bar is not None:
        bar.close()
    if as_json:
        import json

        typer.echo(json.dumps(report.as_dict(), indent=2))
    else:
        typer.echo(format_report(report))


BoardFile = Annotated[
    str,
    typer.Argument(
        metavar="FILE", help="Board or course file (or a bundled id).", show_default=False,
        autocompletion=completion.board_ids,
    ),
]


@board_app.command("check")
def board_check(
    file: BoardFile,
) -> None:
    """Check a RoboRally board or course file; errors name the line and column."""
    from engines.roborally.boardfile import BoardError, resolve_file, summary

    try:
        typer.echo(safe_text(summary(resolve_file(file)), one_line=False))
    except BoardError as exc:
        fail(str(exc), RUNTIME_ERROR)


@board_app.command("show")
def board_show(
    ctx: typer.Context,
    file: BoardFile,
) -> None:
    """Draw a RoboRally board or course in the terminal, with a legend."""
    from engines.roborally.boardfile import BoardError, resolve_file, show

    try:
        typer.echo(safe_text(show(resolve_file(file), ascii_only=_globals(ctx).ascii),
                             one_line=False))
    except BoardError as exc:
        fail(str(exc), RUNTIME_ERROR)


def _serve_number(option: str, text: str, minimum: int) -> int:
    try:
        return whole_number(text, minimum)
    except typer.BadParameter as exc:
        fail(f"{option}: {exc.message}")


@app.command()
def serve(
    listen: Annotated[
        str,
        typer.Option(
            "--listen",
            metavar="ADDR:PORT",
            help="Address and port to accept SSH on; 0.0.0.0:2222 lets other machines in.",
        ),
    ] = "127.0.0.1:2222",
    allow: Annotated[
        Path | None,
        typer.Option(
            "--allow",
            metavar="FILE",
            help="Only the public keys in FILE (authorized_keys form) may enter "
            "(default: anyone with an SSH key). Read again when it changes.",
            show_default=False,
            readable=False,  # checked by serve, in one line
        ),
    ] = None,
    max_sessions: Annotated[
        str,
        typer.Option(
            "--max-sessions", metavar="N",
            help="Players connected at once; one more is told the host is full.",
        ),
    ] = "32",
    idle_timeout: Annotated[
        str,
        typer.Option(
            "--idle-timeout", metavar="MIN",
            help="Close a session after MIN minutes without a key (0: never); "
            "the player's seats are kept.",
        ),
    ] = "60",
    max_per_key: Annotated[
        str,
        typer.Option(
            "--max-per-key", metavar="N",
            help="Sessions one key may have open at once; one more is told why.",
        ),
    ] = "2",
    no_session_timeout: Annotated[
        str,
        typer.Option(
            "--no-session-timeout", metavar="SEC",
            help="Close a logged-in connection that opens no session for SEC seconds "
            "(0: never).",
        ),
    ] = "30",
    max_logins: Annotated[
        str,
        typer.Option(
            "--max-logins", metavar="N",
            help="Connections still logging in at once; more are dropped at once.",
        ),
    ] = "64",
    max_logins_per_address: Annotated[
        str,
        typer.Option(
            "--max-logins-per-address", metavar="N",
            help="Connections still logging in at once from one address.",
        ),
    ] = "8",
    keepalive: Annotated[
        str,
        typer.Option(
            "--keepalive", metavar="SEC",
            help="Seconds of silence before the host checks a link; a dead link is closed "
            "within 4 times SEC (0: never checked).",
        ),
    ] = "15",
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed", metavar="N",
            help="Deal table k from seed N+k (default: a random deal), to replay a reported "
            "game.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Host a game night: friends play together with `ssh -p PORT HOST` (docs/hosting.md)."""
    import asyncio

    from robotui.serve import ServeOptions, ServeProblem, parse_listen
    from robotui.serve import serve as run_serve
    from robotui.serve_limits import DoorLimits

    # every mistake is one line (not click's usage block): the host reads it in a log too
    try:
        host, port = parse_listen(listen)
    except ValueError as exc:
        fail(str(exc))
    sessions = _serve_number("--max-sessions", max_sessions, 1)
    idle = _serve_number("--idle-timeout", idle_timeout, 0)
    door = DoorLimits(
        max_per_key=_serve_number("--max-per-key", max_per_key, 1),
        no_session_seconds=_serve_number("--no-session-timeout", no_session_timeout, 0),
        max_logins=_serve_number("--max-logins", max_logins, 1),
        max_logins_per_address=_serve_number("--max-logins-per-address",
                                             max_logins_per_address, 1),
        keepalive_seconds=_serve_number("--keepalive", keepalive, 0),
    )
    deal_seed = None if seed is None else _serve_number("--seed", seed, 0)
    options = ServeOptions(host, port, allow, sessions, idle, door, deal_seed)
    try:
        asyncio.run(run_serve(options, say=typer.echo))
    except ServeProblem as exc:
        fail(str(exc), RUNTIME_ERROR)
    except KeyboardInterrupt:  # Ctrl+C before the signal handlers were in place
        raise typer.Exit(INTERRUPTED) from None
