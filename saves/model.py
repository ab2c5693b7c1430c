"""The plain data of saved games, and the one error every save problem becomes."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engines.safe_text import safe_text

if TYPE_CHECKING:
    from engines.match import Match  # only a field's type here

PLAYER_KINDS = ("human", "computer")


class SaveError(Exception):
    """A save that cannot be read, written or found.

    ``str(error)`` is always one line: the file (or directory) and the problem,
    e.g. ``"mygame.toml: not valid TOML at line 4, column 7 (Invalid value)"``.
    ``source`` is the name shown, ``problem`` the rest and ``path`` the full path if known.
    """

    def __init__(self, source: str | Path, problem: str, path: Path | None = None) -> None:
        if isinstance(source, Path):
            path = path if path is not None else source
            source = source.name or str(source)
        self.source = _one_line(str(source), 200)
        self.problem = _one_line(problem, 400)
        self.path = path
        super().__init__(f"{self.source}: {self.problem}")


# The longest save name: a number such as " (12)" added to it still leaves its file name
# (at most 80 characters) its own, so unique_name always finds a free one.
NAME_LIMIT = 60


def printable_name(name: str) -> str:
    """A save name (or an error's text) on one line, safe for a terminal
    (:func:`engines.safe_text.safe_text`: no escape sequence, control or bidi character)."""
    return safe_text(name)


def clean_name(name: str) -> str:
    """A save name as a new save gets it: :func:`printable_name`, at most
    :data:`NAME_LIMIT` characters."""
    return printable_name(name)[:NAME_LIMIT].rstrip()


def _one_line(text: str, limit: int) -> str:
    """``text`` on one line (:func:`printable_name`), cut to ``limit`` characters."""
    flat = printable_name(text)
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


@dataclass
class PlayerEntry:
    """Who sits in one seat: a name, ``"human"`` or ``"computer"``, and the computer's level."""

    name: str
    kind: str
    level: str | None = None


@dataclass
class SavedGame:
    """A game with its save name, players and times (``path`` is set once written or loaded)."""

    name: str
    match: Match
    players: list[PlayerEntry]
    created: datetime
    updated: datetime
    path: Path | None = None
    # Screen state that is not part of the game (e.g. a half-built RoboRally program).
    # Not covered by the hash: whoever reads it checks it against the game.
    ui: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SaveSummary:
    """What a list of saves shows about one good save file."""

    name: str
    path: Path
    game_id: str
    game_name: str
    updated: datetime
    move_number: int
    players: list[PlayerEntry]
    finished: bool
    progress: str = ""  # the game's own words for move_number, as its screen says it


def summarize(saved: SavedGame, path: Path) -> SaveSummary:
    """The summary of a loaded save."""
    state = saved.match.state
    return SaveSummary(
        name=saved.name,
        path=path,
        game_id=saved.match.spec.id,
        game_name=saved.match.spec.name,
        updated=saved.updated,
        move_number=state.move_number,
        players=[PlayerEntry(p.name, p.kind, p.level) for p in saved.players],
        finished=state.is_terminal(),
        progress=state.progress,
    )
