"""The save file format: one TOML file per game (UTF-8, at most 1 MB).

A save holds what rebuilds the game exactly (game id, seed, options, players and
the action log) plus a readable picture of the position and a hash to check it.
Loading replays the log from the seed and refuses the file unless the replayed
position matches the hash and the picture. Unknown extra keys are ignored.

Top-level keys
--------------
``format``   integer, the format version (this robotui writes and reads up to 1).
             Older versions are upgraded on load, step by step; newer ones are refused.
``game``     string, the game id, e.g. ``"robot-master"``.
``name``     string, the save's name as shown in lists (the file name is derived from it).
``created``  date and time the game was first saved (TOML offset date-time, UTC;
             an ISO 8601 string is accepted too, a time without offset is taken as UTC).
``updated``  date and time of the last save, same form as ``created``.
``seed``     integer, the seed of the deal: all chance in the rules comes from it.

Tables
------
``[options]``      the game's options by name, e.g. ``first = "rows"``, ``hand = "full"``.
                   Values are names (strings) where the game allows.
``[[players]]``    one table per seat, in seat order (seat 0 first):
                   ``name`` (string), ``kind`` (``"human"`` or ``"computer"``) and,
                   for computers, ``level`` (one of the game's level names, such as
                   ``"random"``: a save never names a module to import, so a shared
                   file cannot make robotui load code). The number of tables is the
                   number of players.
``[log]``          ``actions``: array of strings, one per action in the order played,
                   each ``"SEAT ACTION"``: the seat number (0-based index into
                   ``[[players]]``), a space, and the game's action text
                   (Robot Master: ``VALUE@CELL``, e.g. ``"0 3@c2"`` = seat 0 puts a 3 on c2).
``[snapshot]``     the position after the last action, for people reading the file:
                   ``move`` (number of actions played), ``to_move`` (seat name(s) in
                   lower case, or ``"nobody"`` when the game is over), then whatever the
                   game shows. Robot Master: ``board`` (five strings, top row ``"5: ..."``
                   first, ``.`` = empty), ``hand_rows``, ``hand_columns``, ``unused``
                   (card values, space separated), ``row_scores``, ``column_scores`` and,
                   in the five-card variant, ``draw_pile`` (next card first).
``[check]``        ``state_hash``: SHA-256 (hex) of the full position (hidden cards
                   included), as the engine computes it. If the log, the hash or the
                   picture was edited, the file is refused.
``[resources]``    optional: copies of the files the game was set up from, as text (a
                   RoboRally course: ``course`` and ``board.ID`` for each of its boards;
                   Stak Bots: ``cards``, the default card set's file).
                   Loading replays on these copies when the files have changed since, so
                   a mended bundled board or an edited course never breaks a save.
``[ui]``           optional: screen state that is not part of the game: a half-built
                   RoboRally program (``[ui.program.SEAT]`` with ``turn``, ``cards``,
                   ``power``); Robo Factory notepad marks (``[ui.notes.SEAT]`` with
                   ``turn`` and ``rows``, one string per part, a character per colour)
                   and ``result_seen`` (the last turn whose result was closed). Not
                   covered by the hash; the screen ignores what does not fit the game.

Sample (Robot Master, three moves in)::

    # robotui saved game; edits that change the game make the file unreadable.
    format = 1
    game = "robot-master"
    name = "robot-master 2026-11-22 14.05"
    created = 2026-11-22 14:05:12+00:00
    updated = 2026-11-22 14:06:40+00:00
    seed = 2026

    [options]
    first = "rows"
    hand = "full"

    [[players]]
    name = "You"
    kind = "human"

    [[players]]
    name = "Robot"
    kind = "computer"
    level = "random"

    [log]
    actions = [
        "0 4@c4",
        "1 4@d3",
        "0 5@c2",
    ]

    [snapshot]
    move = 3
    to_move = "columns"
    board = [
        "5: . . . . .",
        "4: . . 4 . .",
        "3: . . 5 4 .",
        "2: . . 5 . .",
        "1: . . . . .",
    ]
    hand_rows = "0 0 1 1 1 3 4 5 5 5"
    hand_columns = "0 0 1 1 2 2 2 3 3 3 4"
    unused = "0 0 1 2 2 2 3 3 4 4 5"
    row_scores = [0, 4, 9, 5, 0]
    column_scores = [0, 0, 54, 4, 0]

    [check]
    state_hash = "84904a02c1f712a2255353b8890a7063a12c850d52ecda818733f2faf21d2015"

Rules for readers and editors: the file shows every hidden card (both hands, the unused
cards, the draw pile), like the seed already implies. Editing ``name`` or the times is
safe; editing anything that changes the game (seed, options, players count, log,
snapshot, hash) makes the file refuse to load with a one-line reason.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Callable, Mapping
from datetime import UTC, date, datetime, time
from typing import Any, NoReturn

import tomli_w

from engines.core import EngineError, GameSpec, IllegalAction
from engines.match import LoggedAction, Match
from engines.registry import get_game
from saves.model import PLAYER_KINDS, PlayerEntry, SavedGame, SaveError, printable_name

FORMAT_VERSION: int = 1
"""The format this robotui writes; it reads this one and every older one it can migrate."""

MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""``MIGRATIONS[n]`` turns a parsed format-``n`` document into a format-``n + 1`` one."""

MAX_SAVE_BYTES = 1_000_000
"""Files larger than this are refused before they are read."""

HEADER = "# robotui saved game; edits that change the game make the file unreadable.\n"
_LOG_ENTRY = re.compile(r"^(\d+) (\S.*)$", re.DOTALL)
_COMPACT_WIDTH = 100


# -- writing ------------------------------------------------------------------


def dumps_save(saved: SavedGame) -> str:
    """The TOML text of a save, exactly as :func:`saves.write_save` writes it."""
    return render_document(to_document(saved))


def to_document(saved: SavedGame) -> dict[str, Any]:
    """The save as plain TOML-ready data (see the module docstring for the keys)."""
    match = saved.match
    state = match.state
    if len(saved.players) != match.num_players:
        raise ValueError(
            f"{len(saved.players)} players listed for a {match.num_players}-player match"
        )
    players: list[dict[str, Any]] = []
    for p in saved.players:
        # written as it is read back: no control character, and nothing UTF-8 cannot encode
        entry: dict[str, Any] = {"name": printable_name(p.name), "kind": p.kind}
        if p.level is not None:
            entry["level"] = p.level
        players.append(entry)
    return {
        "format": FORMAT_VERSION,
        "game": match.spec.id,
        "name": saved.name,
        "created": _utc(saved.created),
        "updated": _utc(saved.updated),
        "seed": match.seed,
        "options": dict(match.options),
        "players": players,
        "log": {"actions": [f"{e.seat} {e.text}" for e in match.log]},
        "snapshot": snapshot_of(match),
        "check": {"state_hash": state.fingerprint()},
        **({"ui": saved.ui} if saved.ui else {}),
        **({"resources": res} if (res := match.spec.resources(match.options)) else {}),
    }


def snapshot_of(match: Match) -> dict[str, Any]:
    """``[snapshot]``: ``move`` and ``to_move`` followed by the game's own snapshot."""
    state = match.state
    names = match.spec.seat_names(match.num_players)
    seats = state.to_move()
    to_move = ", ".join(_seat_name(names, s).lower() for s in seats) if seats else "nobody"
    snap: dict[str, Any] = {"move": state.move_number, "to_move": to_move}
    snap.update(state.snapshot())
    cleaned = _toml_clean(snap)
    assert isinstance(cleaned, dict)
    return cleaned


def _seat_name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def _toml_clean(value: Any) -> Any:
    """Plain TOML data: tuples become lists, ``None`` values are left out."""
    if isinstance(value, Mapping):
        return {str(k): _toml_clean(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_toml_clean(v) for v in value if v is not None]
    return value


def _utc(when: datetime) -> datetime:
    """``when`` in UTC to the second (a naive time is taken as local time)."""
    return when.astimezone(UTC).replace(microsecond=0)


def render_document(doc: Mapping[str, Any]) -> str:
    """TOML text laid out for reading: scalars first, then each table in order."""
    scalars = {k: v for k, v in doc.items() if not _is_table_like(v)}
    parts = [HEADER, _render_pairs(scalars)]
    for key, value in doc.items():
        if key in scalars:
            continue
        if isinstance(value, Mapping) and _is_flat(value):
            parts.append(f"\n[{_key(key)}]\n" + _render_pairs(value))
        elif isinstance(value, list) and all(isinstance(t, Mapping) and _is_flat(t) for t in value):
            for table in value:
                parts.append(f"\n[[{_key(key)}]]\n" + _render_pairs(table))
        else:  # nested data a game might add one day: let tomli_w lay it out
            parts.append("\n" + tomli_w.dumps({key: value}))
    return "".join(parts)


def _is_table_like(value: Any) -> bool:
    return isinstance(value, Mapping) or (
        isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)
    )


def _is_flat(table: Mapping[str, Any]) -> bool:
    """True if every value is a scalar or an array of scalars."""
    return all(
        not isinstance(v, Mapping)
        and not (isinstance(v, list) and any(isinstance(i, list | Mapping) for i in v))
        for v in table.values()
    )


@functools.lru_cache(maxsize=256)
def _key(key: str) -> str:
    return tomli_w.dumps({key: 0}).rsplit(" = ", 1)[0]


_PLAIN_STRING = re.compile(r'^[^"\\\x00-\x1f\x7f]*\Z')  # \Z: "$" let a final newline through


def _value(value: Any) -> str:
    """One TOML value (tomli_w's spelling; plain ints and strings take a fast path)."""
    if type(value) is int:
        return str(value)
    if isinstance(value, str) and _PLAIN_STRING.match(value):
        return f'"{value}"'
    return tomli_w.dumps({"v": value})[4:-1]


def _render_pairs(table: Mapping[str, Any]) -> str:
    lines = []
    for k, v in table.items():
        if isinstance(v, list) and v:
            items = [_value(item) for item in v]
            one_line = f"{_key(k)} = [{', '.join(items)}]\n"
            if all(not isinstance(i, str) for i in v) and len(one_line) <= _COMPACT_WIDTH:
                lines.append(one_line)
            else:
                lines.append(f"{_key(k)} = [\n" + "".join(f"    {i},\n" for i in items) + "]\n")
        elif isinstance(v, list):
            lines.append(f"{_key(k)} = []\n")
        else:
            lines.append(f"{_key(k)} = {_value(v)}\n")
    return "".join(lines)


# -- reading ------------------------------------------------------------------


def loads_save(text: str, source_name: str) -> SavedGame:
    """Parse and fully check the TOML text of a save; ``source_name`` names it in errors.

    Raises :class:`SaveError` (never anything else) for any text.
    """
    try:
        return _loads(text, source_name)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(source_name, "not valid TOML (nested too deeply)") from None
    except Exception as exc:  # anything unexpected still becomes a one-line SaveError
        raise SaveError(source_name, f"could not be loaded ({type(exc).__name__}: {exc})") from exc


def parse_document(text: str, source_name: str) -> dict[str, Any]:
    """The parsed TOML of a save, upgraded to :data:`FORMAT_VERSION` (keys not yet checked)."""
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise SaveError(source_name, "the file is empty")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(source_name, _toml_problem(str(exc), text)) from None
    return _upgrade(data, source_name)


def _loads(text: str, source_name: str) -> SavedGame:
    doc = parse_document(text, source_name)
    c = _Checker(source_name)
    game_id = c.get(doc, "game", str)
    name = printable_name(c.get(doc, "name", str))  # a hand-edited newline or escape: spaces
    if not name:
        c.fail("'name' is empty")
    created = c.when(doc, "created")
    updated = c.when(doc, "updated")
    seed = c.get(doc, "seed", int)
    options = c.get(doc, "options", dict)
    players = c.players(doc)
    log_table = c.get(doc, "log", dict, prefix="")
    actions = c.get(log_table, "actions", list, prefix="log.")
    snapshot = c.get(doc, "snapshot", dict)
    c.get(snapshot, "move", int, prefix="snapshot.")
    check = c.get(doc, "check", dict)
    state_hash = c.get(check, "state_hash", str, prefix="check.")
    log = c.log(actions, len(players))

    try:
        spec = get_game(game_id)
    except EngineError as exc:
        c.fail(f"saved for an {exc}")
    resources = c.get(doc, "resources", dict) if "resources" in doc else {}
    if not all(isinstance(v, str) for v in resources.values()):
        c.fail("'resources' must hold text only")
    c.option_types(spec, options)
    try:
        options = spec.with_resources(options, resources)
        options = c.normalized_options(spec, options)
        spec.check_players(len(players))
    except EngineError as exc:
        c.fail(str(exc))
    c.levels(spec, players)
    try:
        match = Match.replay(spec, len(players), options, seed, log)
    except IllegalAction as exc:
        c.fail(f"the action log does not replay: {exc}")
    except EngineError as exc:
        c.fail(f"the game cannot be set up: {exc}")
    if match.state.fingerprint() != state_hash.strip().lower():
        c.fail("the position does not match its hash: the file was edited or is damaged")
    c.snapshot_matches(snapshot, match)
    # Screen state only: a [ui] that is not a table is ignored like any that no longer fits.
    raw_ui = doc.get("ui")
    ui = raw_ui if isinstance(raw_ui, dict) else {}
    return SavedGame(name, match, players, created, updated, ui=ui)


def _toml_problem(message: str, text: str) -> str:
    """tomllib's message as ``not valid TOML at line L, column C (reason)``."""
    found = re.match(r"^(.*?)\s*\(at line (\d+), column (\d+)\)\s*$", message, re.DOTALL)
    if found:
        reason, line, column = found.group(1), found.group(2), found.group(3)
        return f"not valid TOML at line {line}, column {column} ({reason})"
    found = re.match(r"^(.*?)\s*\(at end of document\)\s*$", message, re.DOTALL)
    if found:
        lines = text.split("\n")
        line, column = len(lines), len(lines[-1]) + 1
        return (
            f"not valid TOML at line {line}, column {column} "
            f"({found.group(1)}, at the end of the file: was it cut short?)"
        )
    return f"not valid TOML ({message})"


def _upgrade(data: dict[str, Any], source_name: str) -> dict[str, Any]:
    """Check ``format`` and run the migrations up to :data:`FORMAT_VERSION`."""
    if "format" not in data:
        raise SaveError(source_name, "missing key 'format': this is not a robotui save")
    version = data["format"]
    if type(version) is not int:
        raise SaveError(source_name, f"'format' should be an integer, not {_type_name(version)}")
    if version > FORMAT_VERSION:
        raise SaveError(
            source_name,
            f"saved by a newer robotui (format {version}, this version reads up to "
            f"{FORMAT_VERSION})",
        )
    if version < 1:
        raise SaveError(source_name, f"unknown save format {version}")
    while version < FORMAT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(
                source_name, f"format {version} is too old: this robotui cannot upgrade it"
            )
        try:
            data = step(data)
        except SaveError:
            raise
        except Exception as exc:
            raise SaveError(
                source_name,
                f"cannot upgrade from format {version} ({type(exc).__name__}: {exc})",
            ) from exc
        version += 1
        data["format"] = version
    return data


_TYPE_NAMES: tuple[tuple[type, str], ...] = (
    (bool, "a boolean"),
    (int, "an integer"),
    (float, "a decimal number"),
    (str, "a string"),
    (list, "an array"),
    (dict, "a table"),
    (datetime, "a date and time"),
    (date, "a date"),
    (time, "a time"),
)


def _type_name(value: Any) -> str:
    for kind, name in _TYPE_NAMES:
        if isinstance(value, kind):
            return name
    return type(value).__name__


def _shown(value: Any, limit: int = 40) -> str:
    """A value as the file spells it, cut to ``limit`` characters."""
    text = _value(value) if isinstance(value, str | int | float | bool) else _type_name(value)
    if len(text) <= limit:
        return text
    return text[: limit - 4] + ('..."' if text.startswith('"') else "...")


def _is(value: Any, kind: type) -> bool:
    if kind is int:
        return type(value) is int  # not a boolean
    return isinstance(value, kind)


class _Checker:
    """Key and type checks that stop at the first problem with a one-line SaveError."""

    def __init__(self, source_name: str) -> None:
        self.source = source_name

    def fail(self, problem: str) -> NoReturn:
        raise SaveError(self.source, problem)

    def get(self, table: dict[str, Any], key: str, kind: type, prefix: str = "") -> Any:
        if key not in table:
            self.fail(f"missing key '{prefix}{key}'")
        value = table[key]
        if not _is(value, kind):
            self.fail(f"'{prefix}{key}' should be {_type_name(kind())}, not {_type_name(value)}")
        return value

    def when(self, table: dict[str, Any], key: str) -> datetime:
        if key not in table:
            self.fail(f"missing key '{key}'")
        value = table[key]
        if isinstance(value, str):
            try:
                value = datetime.fromisoformat(value.strip())
            except ValueError:
                self.fail(f"'{key}' is not a date and time like 2026-11-22T14:05:00Z")
        if not isinstance(value, datetime):
            self.fail(f"'{key}' should be a date and time, not {_type_name(value)}")
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.astimezone(UTC)

    def players(self, doc: dict[str, Any]) -> list[PlayerEntry]:
        raw = self.get(doc, "players", list)
        out = []
        for index, entry in enumerate(raw):
            where = f"players[{index}]."
            if not isinstance(entry, dict):
                self.fail(f"'players[{index}]' should be a table, not {_type_name(entry)}")
            # a hand-edited escape sequence or control character must never reach a screen
            name = printable_name(self.get(entry, "name", str, prefix=where))
            kind = self.get(entry, "kind", str, prefix=where)
            if kind not in PLAYER_KINDS:
                self.fail(f'\'{where}kind\' should be "human" or "computer", not {kind!r}')
            level = None
            if kind == "computer" or "level" in entry:
                level = self.get(entry, "level", str, prefix=where)
            out.append(PlayerEntry(name, kind, level))
        return out

    def log(self, actions: list[Any], num_players: int) -> list[LoggedAction]:
        out = []
        for number, entry in enumerate(actions, start=1):
            if not isinstance(entry, str):
                self.fail(f"log action {number} should be a string, not {_type_name(entry)}")
            found = _LOG_ENTRY.match(entry)
            if not found:
                self.fail(
                    f"log action {number} ({entry!r}) should be a seat number, "
                    'a space and the action, like "0 3@c2"'
                )
            seat = int(found.group(1))
            if seat >= num_players:
                self.fail(
                    f"log action {number} ({entry!r}) names seat {seat}, but there are "
                    f"only {num_players} players (seats 0 to {num_players - 1})"
                )
            out.append(LoggedAction(seat, found.group(2)))
        return out

    def option_types(self, spec: GameSpec, options: dict[str, Any]) -> None:
        """Each known option's value has the option's own type (``depth = 9.0`` is refused:
        taken as 9 it would break the deal with a bare TypeError)."""
        for opt in spec.options:
            if opt.name not in options:
                continue
            value = options[opt.name]
            where = f"'options.{opt.name}'"
            if opt.choices is not None:
                kinds = list(dict.fromkeys(type(c) for c in opt.choices))
                if type(value) not in kinds:  # a value of the right type is checked next
                    wanted = " or ".join(_type_name(k()) for k in kinds)
                    self.fail(
                        f"{where} should be {wanted}, not {_type_name(value)} ({_shown(value)})"
                    )
            elif opt.kind == "int" and type(value) is not int:
                self.fail(f"{where} should be an integer, not {_type_name(value)}")
            elif opt.kind == "text" and not isinstance(value, str):
                self.fail(f"{where} should be a string, not {_type_name(value)}")

    def normalized_options(self, spec: GameSpec, options: dict[str, Any]) -> dict[str, Any]:
        """``spec.normalize_options``; a failure that is not the game's own
        :class:`EngineError` (a text option taken for a file name too long for the
        system, say) names the option that caused it."""
        try:
            return spec.normalize_options(options)
        except EngineError:
            raise
        except Exception as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            for key in options:
                try:
                    spec.normalize_options({key: options[key]})
                except Exception:
                    self.fail(f"'options.{key}' {_shown(options[key])} cannot be used ({why})")
            self.fail(f"the options cannot be used ({why})")

    def levels(self, spec: GameSpec, players: list[PlayerEntry]) -> None:
        known = spec.player_levels()
        for index, p in enumerate(players):
            if p.kind == "computer" and p.level not in known:
                valid = ", ".join(known) or "none"
                self.fail(
                    f"'players[{index}].level' {p.level!r} is not a computer level of "
                    f"{spec.id}; valid levels: {valid}"
                )

    def snapshot_matches(self, saved: dict[str, Any], match: Match) -> None:
        """Every key of the file's snapshot that the game still shows must match it."""
        actual = snapshot_of(match)
        for key, value in saved.items():
            if key in actual and actual[key] != value:
                self.fail(
                    f"the position does not match its hash: the file was edited or is "
                    f"damaged ('snapshot.{key}' differs from the replayed game)"
                )
