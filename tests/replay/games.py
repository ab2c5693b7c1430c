"""Finished games of every game for the replay tests: computer players play them out from
a fixed seed and the game is saved as a player's save would be."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from engines.match import Match
from engines.players import make_player
from engines.registry import get_game
from saves import PlayerEntry, SavedGame, write_save

# game id -> (players, options, seed, level): short, finished games
GAMES: dict[str, tuple[int, dict[str, object], int, str]] = {
    "robot-master": (2, {}, 7, "random"),
    "stak-bots": (2, {}, 3, "easy"),
    "robo-factory": (3, {}, 5, "easy"),
    "roborally": (2, {"course": "first-steps"}, 11, "normal"),
}
WHEN = datetime(2026, 11, 22, 14, 5)


def played(game_id: str, moves: int | None = None) -> Match:
    """The game of ``game_id`` played by computers to the end (or ``moves`` moves)."""
    count, options, seed, level = GAMES[game_id]
    spec = get_game(game_id)
    match = Match(spec, count, options, seed)
    players = [make_player(spec, level, seat, seed + seat) for seat in range(count)]
    while not match.state.is_terminal() and (moves is None or len(match.log) < moves):
        for seat in match.state.to_move():
            match.play(players[seat].choose(match.state.view(seat)), seat)
            break
    return match


def saved_game(game_id: str, moves: int | None = None, name: str = "") -> SavedGame:
    match = played(game_id, moves)
    players = [PlayerEntry("Anna", "human")] + [
        PlayerEntry(f"Computer {seat + 1}", "computer", GAMES[game_id][3])
        for seat in range(1, match.num_players)
    ]
    return SavedGame(
        name=name or f"{game_id} replay",
        match=match,
        players=players,
        created=WHEN,
        updated=WHEN,
    )


def write_game(folder: Path, game_id: str, moves: int | None = None, name: str = "") -> Path:
    saved = saved_game(game_id, moves, name)
    write_save(folder, saved)
    assert saved.path is not None
    return saved.path
