"""The new-game dialog's memory: each game's last choices in ``settings.toml``.

The file lives in the user config folder (``platformdirs.user_config_dir("robotui")``, or
``$ROBOTUI_CONFIG_DIR``) and holds one table per game id::

    [robo-factory]
    opponent = "hard,normal"   # a level, "human", or one level per computer in seat order
    players = 3
    humans = 1
    seat = 2                   # the seat (1, 2, ...) the first human takes

    [robo-factory.options]
    tiebreak = "extra"

The file may be hand-edited or broken: :func:`load_choices` keeps only the values that the
game's spec allows (by type and range) and drops the rest, and never raises. The dialog
writes it (:func:`remember_choices`) when a game is started from it; ``robotui play`` does not.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import platformdirs
import tomli_w

from engines.core import GameSpec, OptionSpec
from engines.safe_text import safe_text
from saves.store import _atomic_write

CONFIG_ENV_VAR = "ROBOTUI_CONFIG_DIR"
SETTINGS_FILE = "settings.toml"
HUMAN = "human"
_MAX_BYTES = 256 * 1024  # a settings file is a few lines; anything bigger is not ours


def config_dir() -> Path:
    """``$ROBOTUI_CONFIG_DIR`` if set, else the user config folder."""
    env = os.environ.get(CONFIG_ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_config_dir("robotui"))


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def offered(option: OptionSpec) -> bool:
    """Whether the new-game dialog has a row for ``option`` (a card-set file has none):
    only these are remembered."""
    return option.choices is not None or bool(option.presets)


def _read(path: Path) -> dict[str, Any]:
    """The whole file as a dict; {} if it is missing, unreadable or not TOML."""
    try:
        with path.open("rb") as handle:
            data = handle.read(_MAX_BYTES + 1)
        if len(data) > _MAX_BYTES:
            return {}
        parsed = tomllib.loads(data.decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):  # deep nesting
        return {}
    return parsed if isinstance(parsed, dict) else {}


def _whole(value: Any, low: int, high: int) -> int | None:
    """``value`` if it is a whole number (not a bool) from ``low`` to ``high``."""
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    return None


def _opponent(spec: GameSpec, value: Any) -> str | None:
    """A known level, ``"human"`` (two-player games), or known levels joined by commas."""
    if not isinstance(value, str):
        return None
    text = safe_text(value).lower()
    if text == HUMAN:
        return HUMAN if spec.max_players == 2 else None
    levels = [level.strip() for level in text.split(",")]
    known = set(spec.player_levels())
    if not levels or len(levels) > spec.max_players - 1 or not set(levels) <= known:
        return None
    return ",".join(levels)


def _option(option: OptionSpec, value: Any) -> Any:
    """``value`` if the option allows it, else ``None``. An open number (a turn limit)
    must lie within the values the dialog offers for it."""
    if option.choices is not None:
        if isinstance(value, bool) or value not in option.choices:
            return None
        return option.choices[option.choices.index(value)]  # the spec's own value
    values = [v for v in (*option.presets, option.default) if isinstance(v, int)]
    if option.kind == "int" and values:
        return _whole(value, min(values), max(values))
    return None


def load_choices(spec: GameSpec, path: Path | None = None) -> dict[str, Any]:
    """The last choices remembered for ``spec``, checked against it: any of ``opponent``,
    ``players``, ``humans``, ``side`` (0-based) and ``options``; {} if none are usable."""
    table = _read(path or settings_path()).get(spec.id)
    if not isinstance(table, dict):
        return {}
    out: dict[str, Any] = {}
    opponent = _opponent(spec, table.get("opponent"))
    if opponent is not None:
        out["opponent"] = opponent
    players = spec.min_players
    if spec.max_players > 2:
        count = _whole(table.get("players"), spec.min_players, spec.max_players)
        if count is not None:
            out["players"] = players = count
        humans = _whole(table.get("humans"), 1, players)
        if humans is not None:
            out["humans"] = humans
    seat = _whole(table.get("seat"), 1, players)
    if seat is not None:
        out["side"] = seat - 1
    options = table.get("options")
    if isinstance(options, dict):
        kept = {}
        for option in spec.options:
            if offered(option) and option.name in options:
                value = _option(option, options[option.name])
                if value is not None:
                    kept[option.name] = value
        if kept:
            out["options"] = kept
    return out


def remember_choices(
    spec: GameSpec,
    *,
    opponent: str,
    side: int,
    players: int,
    humans: int,
    options: Mapping[str, Any],
    path: Path | None = None,
) -> Path:
    """Write these choices as ``spec``'s table, keeping the other games' tables (a file
    that cannot be read is replaced). Atomic: a temporary file renamed over the old one.
    Raises :class:`OSError` if the folder or file cannot be written."""
    path = path or settings_path()
    data = _read(path)
    table: dict[str, Any] = {"opponent": opponent, "seat": side + 1}
    if spec.max_players > 2:
        table.update(players=players, humans=humans)
    kept = {
        o.name: options[o.name]
        for o in spec.options
        if offered(o) and o.name in options and _option(o, options[o.name]) is not None
    }
    if kept:
        table["options"] = kept
    data[spec.id] = table
    try:
        body = tomli_w.dumps(data)
    except (TypeError, ValueError):  # something odd in another game's table: keep ours
        body = tomli_w.dumps({spec.id: table})
    text = "# robotui remembers each game's last new-game choices here.\n" + body
    path.parent.mkdir(parents=True, exist_ok=True)
    _atomic_write(path, text.encode("utf-8"))
    return path
