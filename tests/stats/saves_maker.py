"""Hand-made saves for the stats tests: finished games played out by seeded random moves
or ended by resigning, unfinished games, and broken files, each with the finish time a
test gives it."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

from engines.match import Match
from engines.registry import get_game
from saves.format import dumps_save
from saves.model import PlayerEntry, SavedGame

YOU = PlayerEntry("You", "human")


def computer(level: str, name: str = "Computer") -> PlayerEntry:
    return PlayerEntry(name, "computer", level)


def human(name: str) -> PlayerEntry:
    return PlayerEntry(name, "human")


def day(number: int, hour: int = 12) -> datetime:
    """Noon UTC of a day of January 2026: the same date in every time zone from -11 to +11."""
    return datetime(2026, 1, number, hour, tzinfo=UTC)


def played_out(
    name: str, players: list[PlayerEntry], when: datetime, seed: int, game: str = "robot-master"
) -> SavedGame:
    """A game played to its end by seeded random moves."""
    match = Match(get_game(game), len(players), {}, seed=seed)
    rng = random.Random(seed)
    state = match.state
    while not state.is_terminal():
        seat = state.to_move()[0]
        match.play(rng.choice(state.legal_actions(seat)), seat)
    return SavedGame(name, match, players, when, when)


def resigned(
    name: str, players: list[PlayerEntry], when: datetime, seats: list[int], game: str
) -> SavedGame:
    """A game ended at once by ``seats`` resigning in turn."""
    match = Match(get_game(game), len(players), {}, seed=1)
    for seat in seats:
        match.resign(seat)
    assert match.state.is_terminal()
    return SavedGame(name, match, players, when, when)


def unfinished(name: str, players: list[PlayerEntry], when: datetime) -> SavedGame:
    match = Match(get_game("robot-master"), len(players), {}, seed=3)
    state = match.state
    match.play(state.legal_actions()[0], state.to_move()[0])
    return SavedGame(name, match, players, when, when)


def write(directory: Path, saved: SavedGame, file_name: str) -> Path:
    """``saved`` written as it is (its own times), as the file ``file_name``."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / file_name
    path.write_text(dumps_save(saved), encoding="utf-8")
    return path


def fill_folder(folder: Path) -> None:
    """You: Robot Master won (by 12, hard), lost (easy), won (by 7, hard); Stak Bots won
    by resigning (mixed levels); a hot-seat game Anna won by 11 against Bob; one game
    not over and one broken file."""
    write(folder, played_out("rm one", [YOU, computer("hard")], day(1), seed=5), "a.toml")
    write(folder, played_out("rm two", [YOU, computer("easy")], day(2), seed=1), "b.toml")
    write(folder, played_out("rm three", [YOU, computer("hard")], day(3), seed=0), "c.toml")
    table = [YOU, computer("hard", "Computer 1"), computer("easy", "Computer 2")]
    write(folder, resigned("stak night", table, day(4), [1, 2], "stak-bots"), "d.toml")
    write(folder, played_out("hot seat", [human("Anna"), human("Bob")], day(5), 9), "e.toml")
    write(folder, unfinished("going", [YOU, computer("hard")], day(6)), "f.toml")
    (folder / "broken.toml").write_text("junk = ", encoding="utf-8")
