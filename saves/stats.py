"""Players' records from the local saves: won, lost and drawn per game and computer level,
the longest winning streaks and the best games.

Whose record: every human seat of a finished game, counted under that seat's name (a game
against the computer is the record of its one human, "You" unless renamed; in a hot-seat
game each human name gets its own result). A game counts under its computers' level when
they all play at one level, under :data:`MIXED` when their levels differ, and under
:data:`HUMANS` when every seat is a human. A shared win counts as a draw (as
:meth:`engines.core.GameResult.outcome` says it), resigning as a loss. Games not over yet
are left out; a save that cannot be read is skipped and counted.

Streaks follow the games in the order they finished (the save's ``updated`` time: a
finished game is never written again). The best games of a player in a game are their
wins with the widest margin over the best other seat: the difference of the scores, or
where a score is a row of line scores (Robot Master), of the first lines that differ. A win
in a game someone resigned has no margin and ranks after those that have one.

The computation (:func:`compute_stats`) is pure; :func:`read_finished_games` reads a
save folder into its input.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from engines.players import BUILTIN_LEVELS
from engines.safe_text import safe_text
from saves.model import SavedGame, SaveError
from saves.store import SUFFIX, check_save_dir, load_save

MIXED = "mixed"  # the computers of a game play at different levels
HUMANS = "humans"  # every seat is a human at this terminal
BEST_PER_GAME = 3  # the best games kept per player and game

WIN, LOSS, DRAW = "win", "loss", "draw"


@dataclass(frozen=True)
class SeatResult:
    """How one human seat did in a finished game; ``margin`` only for a win that has one."""

    player: str
    outcome: str  # WIN, LOSS or DRAW
    margin: int | None = None


@dataclass(frozen=True)
class FinishedGame:
    """What the stats need of one finished game with at least one human seat."""

    save_name: str
    path: Path | None
    game_id: str
    game_name: str
    finished: datetime
    opponents: str  # a computer level, MIXED or HUMANS
    headline: str  # the result in the game's own words, terminal-safe
    humans: tuple[SeatResult, ...]
    moves: int = 0


@dataclass
class Record:
    """Won, lost and drawn games."""

    won: int = 0
    lost: int = 0
    drawn: int = 0

    @property
    def played(self) -> int:
        return self.won + self.lost + self.drawn

    def add(self, outcome: str) -> None:
        if outcome == WIN:
            self.won += 1
        elif outcome == DRAW:
            self.drawn += 1
        else:
            self.lost += 1


@dataclass(frozen=True)
class BestGame:
    """One of a player's best wins: the game and the margin it was won by (if any)."""

    game: FinishedGame
    margin: int | None


@dataclass
class GameStats:
    """A player's record in one game."""

    game_id: str
    game_name: str
    levels: dict[str, Record] = field(default_factory=dict)  # weakest level first
    total: Record = field(default_factory=Record)
    longest_streak: int = 0
    best: list[BestGame] = field(default_factory=list)  # best first


@dataclass
class PlayerStats:
    """One human name's record over every game."""

    name: str
    games: list[GameStats] = field(default_factory=list)  # by game name
    total: Record = field(default_factory=Record)
    longest_streak: int = 0


@dataclass
class StatsScan:
    """The finished games of a save folder, how many were not over yet and the files
    that could not be read."""

    games: list[FinishedGame] = field(default_factory=list)
    unfinished: int = 0
    skipped: list[SaveError] = field(default_factory=list)


# -- one save ------------------------------------------------------------------


def finished_game(saved: SavedGame) -> FinishedGame | None:
    """The stats' view of a loaded save; ``None`` if the game is not over or has no human."""
    state = saved.match.state
    result = state.result() if state.is_terminal() else None
    if result is None:
        return None
    names = [safe_text(p.name) or f"Seat {seat + 1}" for seat, p in enumerate(saved.players)]
    humans: list[SeatResult] = []
    seen: set[str] = set()
    for seat, player in enumerate(saved.players):
        if player.kind != "human" or names[seat] in seen:
            continue  # a name seated twice counts once, by its first seat
        seen.add(names[seat])
        outcome = result.outcome(seat)
        outcome = outcome if outcome in (WIN, DRAW) else LOSS  # resigned is a loss
        margin = None
        if outcome == WIN and not result.resigned:
            margin = win_margin(result.scores, seat)
        humans.append(SeatResult(names[seat], outcome, margin))
    if not humans:
        return None
    spec = saved.match.spec
    try:
        headline = spec.result_headline(result, names)
    except Exception:  # a headline is words only: the reason does as well
        headline = result.reason
    return FinishedGame(
        save_name=safe_text(saved.name),
        path=saved.path,
        game_id=spec.id,
        game_name=safe_text(spec.name),
        finished=saved.updated,
        opponents=opponents_of([(p.kind, p.level) for p in saved.players]),
        headline=safe_text(headline),
        humans=tuple(humans),
        moves=state.move_number,
    )


def opponents_of(seats: Sequence[tuple[str, str | None]]) -> str:
    """The bucket a game counts under: its computers' one level, :data:`MIXED` or
    :data:`HUMANS` (``seats``: each seat's kind and level)."""
    levels = {safe_text(level or "") or "computer" for kind, level in seats if kind != "human"}
    if not levels:
        return HUMANS
    return levels.pop() if len(levels) == 1 else MIXED


def win_margin(scores: Sequence[Any], seat: int) -> int | None:
    """How far ``seat``'s score is ahead of the best other seat's: numbers by their
    difference, rows of numbers (sorted line scores, weakest first) by the first place
    where they differ; ``None`` when the scores are not of either kind."""
    if seat >= len(scores) or len(scores) < 2:
        return None
    own = scores[seat]
    others = [s for i, s in enumerate(scores) if i != seat]
    if _is_number(own) and all(_is_number(s) for s in others):
        return int(own - max(others))
    if _is_numbers(own) and all(_is_numbers(s) for s in others):
        best = max(tuple(s) for s in others)
        for mine, theirs in zip(own, best, strict=False):
            if mine != theirs:
                return int(mine - theirs)
        return 0
    return None


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_numbers(value: Any) -> bool:
    return isinstance(value, list | tuple) and bool(value) and all(map(_is_number, value))


# -- a save folder ---------------------------------------------------------------


def read_finished_games(directory: Path) -> StatsScan:
    """Every save of ``directory`` read in full: the finished games with a human seat,
    the count of games not over yet and one :class:`SaveError` per file that cannot be
    read. Raises :class:`SaveError` (one line) when the folder itself cannot be read;
    a folder that does not exist yet has no games."""
    directory = Path(directory)
    check_save_dir(directory)
    scan = StatsScan()
    try:
        if not directory.exists():
            return scan
        files = sorted(
            Path(entry.path)
            for entry in os.scandir(directory)
            if entry.name.lower().endswith(SUFFIX) and not entry.name.startswith(".")
        )
    except OSError as exc:
        raise SaveError(str(directory), f"the save folder cannot be read ({exc})") from None
    for path in files:
        try:
            saved = load_save(path)
        except SaveError as exc:
            scan.skipped.append(exc)
            continue
        except Exception as exc:  # defensive: one file never ends the stats
            scan.skipped.append(SaveError(path, f"could not be loaded ({type(exc).__name__})"))
            continue
        game = finished_game(saved)
        if game is not None:
            scan.games.append(game)
        elif not saved.match.state.is_terminal():
            scan.unfinished += 1
    return scan


# -- the stats -------------------------------------------------------------------


def games_of(games: Iterable[FinishedGame], game_id: str | None) -> list[FinishedGame]:
    """The games of ``game_id`` (all of them for ``None``)."""
    return [g for g in games if game_id is None or g.game_id == game_id]


def compute_stats(games: Iterable[FinishedGame], game_id: str | None = None) -> list[PlayerStats]:
    """Each human name's record (most games first, then by name), from finished games in
    any order; ``game_id`` keeps that game only."""
    ordered = sorted(games_of(games, game_id), key=lambda g: (g.finished, g.save_name))
    by_player: dict[str, list[tuple[FinishedGame, SeatResult]]] = {}
    for game in ordered:
        for seat in game.humans:
            by_player.setdefault(seat.player, []).append((game, seat))
    players = [_player_stats(name, played) for name, played in by_player.items()]
    players.sort(key=lambda p: (-p.total.played, p.name.casefold(), p.name))
    return players


def _player_stats(name: str, played: list[tuple[FinishedGame, SeatResult]]) -> PlayerStats:
    stats = PlayerStats(name)
    per_game: dict[str, list[tuple[FinishedGame, SeatResult]]] = {}
    for game, seat in played:
        per_game.setdefault(game.game_id, []).append((game, seat))
        stats.total.add(seat.outcome)
    stats.longest_streak = longest_streak(seat.outcome for _, seat in played)
    for game_id, rows in per_game.items():
        stats.games.append(_game_stats(game_id, rows))
    stats.games.sort(key=lambda g: (g.game_name.casefold(), g.game_id))
    return stats


def _game_stats(game_id: str, rows: list[tuple[FinishedGame, SeatResult]]) -> GameStats:
    stats = GameStats(game_id, rows[0][0].game_name)
    levels: dict[str, Record] = {}
    for game, seat in rows:
        levels.setdefault(game.opponents, Record()).add(seat.outcome)
        stats.total.add(seat.outcome)
    stats.levels = {level: levels[level] for level in sorted(levels, key=level_order)}
    stats.longest_streak = longest_streak(seat.outcome for _, seat in rows)
    wins = [BestGame(game, seat.margin) for game, seat in rows if seat.outcome == WIN]
    wins.sort(
        key=lambda b: (
            b.margin is not None,
            b.margin or 0,
            b.game.finished,
            b.game.save_name,
        ),
        reverse=True,
    )
    stats.best = wins[:BEST_PER_GAME]
    return stats


def level_order(level: str) -> tuple[int, str]:
    """The built-in levels weakest first, then other levels by name, then mixed, then
    humans only."""
    if level in BUILTIN_LEVELS:
        return (BUILTIN_LEVELS.index(level), level)
    if level == HUMANS:
        return (len(BUILTIN_LEVELS) + 2, level)
    if level == MIXED:
        return (len(BUILTIN_LEVELS) + 1, level)
    return (len(BUILTIN_LEVELS), level)


def longest_streak(outcomes: Iterable[str]) -> int:
    """The most wins in a row; a loss or a draw ends a run."""
    best = run = 0
    for outcome in outcomes:
        run = run + 1 if outcome == WIN else 0
        best = max(best, run)
    return best


def level_label(level: str) -> str:
    """How a bucket is named on screen and in the command line."""
    if level == MIXED:
        return "mixed levels"
    if level == HUMANS:
        return "humans only"
    return level
