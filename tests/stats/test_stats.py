"""saves.stats: records worked out by hand from hand-made games, then from save files."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves.model import SaveError
from saves.stats import (
    DRAW,
    HUMANS,
    LOSS,
    MIXED,
    WIN,
    FinishedGame,
    SeatResult,
    compute_stats,
    finished_game,
    level_label,
    longest_streak,
    opponents_of,
    read_finished_games,
    win_margin,
)
from tests.platform.test_save_folder import lock
from tests.stats.saves_maker import (
    YOU,
    computer,
    day,
    human,
    played_out,
    resigned,
    unfinished,
    write,
)

RM, SB = "robot-master", "stak-bots"
NAMES = {RM: "Robot Master", SB: "Stak Bots"}


def game(
    when: int,
    outcome: str,
    game_id: str = RM,
    level: str = "hard",
    margin: int | None = None,
    player: str = "You",
    name: str = "",
) -> FinishedGame:
    """A finished game of one human seat, made by hand."""
    return FinishedGame(
        save_name=name or f"{game_id} day {when}",
        path=Path(f"/saves/{game_id}-{when}.toml"),
        game_id=game_id,
        game_name=NAMES[game_id],
        finished=day(when),
        opponents=level,
        headline=f"{player} {outcome}",
        humans=(SeatResult(player, outcome, margin),),
    )


def only(players):
    assert len(players) == 1, players
    return players[0]


# -- streaks, levels, draws ---------------------------------------------------------


def test_longest_streak_by_hand() -> None:
    assert longest_streak([]) == 0
    assert longest_streak([LOSS, DRAW]) == 0
    assert longest_streak([WIN, WIN, LOSS, WIN, WIN, WIN, DRAW, WIN]) == 3


def test_streaks_follow_finish_time_across_games() -> None:
    # in finish order: RM win, SB win, RM win, RM loss, SB win, SB win, RM win, RM win
    # (given out of order: the stats sort them by finish time)
    games = [
        game(8, WIN, RM),
        game(3, WIN, RM),
        game(1, WIN, RM),
        game(2, WIN, SB),
        game(4, LOSS, RM),
        game(6, WIN, SB),
        game(5, WIN, SB),
        game(7, WIN, RM),
    ]
    you = only(compute_stats(games))
    # overall: days 1-3 (3 wins), loss on day 4, days 5-8 (4 wins)
    assert you.longest_streak == 4
    rm, sb = you.games
    assert (rm.game_id, sb.game_id) == (RM, SB)  # by game name
    # Robot Master alone: days 1, 3 (2 wins), loss on 4, days 7, 8 (2 wins)
    assert rm.longest_streak == 2
    # Stak Bots alone: days 2, 5, 6, uninterrupted: Robot Master's loss does not break it
    assert sb.longest_streak == 3
    assert (you.total.won, you.total.lost, you.total.drawn) == (7, 1, 0)


def test_a_draw_ends_a_streak_and_counts_as_drawn() -> None:
    games = [game(1, WIN), game(2, WIN), game(3, DRAW), game(4, WIN)]
    you = only(compute_stats(games))
    assert you.longest_streak == 2
    assert (you.total.won, you.total.lost, you.total.drawn) == (3, 0, 1)
    assert you.total.played == 4


def test_record_per_level_weakest_first_then_mixed_then_humans() -> None:
    games = [
        game(1, WIN, level="hard"),
        game(2, LOSS, level="hard"),
        game(3, DRAW, level="hard"),
        game(4, WIN, level=HUMANS),
        game(5, WIN, level="easy"),
        game(6, LOSS, level=MIXED),
        game(7, WIN, level="easy"),
        game(8, WIN, level="random"),
    ]
    rm = only(only(compute_stats(games)).games)
    table = {level: (r.won, r.lost, r.drawn) for level, r in rm.levels.items()}
    assert list(table) == ["random", "easy", "hard", MIXED, HUMANS]
    assert table == {
        "random": (1, 0, 0),
        "easy": (2, 0, 0),
        "hard": (1, 1, 1),
        MIXED: (0, 1, 0),
        HUMANS: (1, 0, 0),
    }
    assert (rm.total.won, rm.total.lost, rm.total.drawn) == (5, 2, 1)
    assert [level_label(level) for level in (MIXED, HUMANS, "hard")] == [
        "mixed levels",
        "humans only",
        "hard",
    ]


def test_hot_seat_counts_per_human_name() -> None:
    both = FinishedGame(
        save_name="hot seat",
        path=None,
        game_id=RM,
        game_name="Robot Master",
        finished=day(2),
        opponents=HUMANS,
        headline="Anna won",
        humans=(SeatResult("Anna", WIN, 5), SeatResult("Bob", LOSS)),
    )
    players = compute_stats([both, game(1, WIN, player="Bob"), game(3, WIN, player="Bob")])
    bob, anna = players  # most games first
    assert (bob.name, anna.name) == ("Bob", "Anna")
    assert (bob.total.won, bob.total.lost) == (2, 1)
    assert bob.longest_streak == 1  # day 1 win, day 2 loss to Anna, day 3 win
    assert (anna.total.won, anna.total.lost) == (1, 0)
    assert [b.game.save_name for b in anna.games[0].best] == ["hot seat"]


def test_best_games_widest_margin_first_then_without_margin() -> None:
    games = [
        game(1, WIN, margin=7),
        game(2, WIN, margin=None, name="by resigning"),
        game(3, WIN, margin=12),
        game(4, LOSS),
        game(5, WIN, margin=1),
        game(6, WIN, margin=7, name="newer seven"),
    ]
    rm = only(only(compute_stats(games)).games)
    # three kept: 12, then the two 7s, the newer first; 1 and the margin-less win drop out
    assert [(b.margin, b.game.save_name) for b in rm.best] == [
        (12, "robot-master day 3"),
        (7, "newer seven"),
        (7, "robot-master day 1"),
    ]
    few = only(only(compute_stats([game(1, WIN, margin=None), game(2, WIN, margin=2)])).games)
    assert [b.margin for b in few.best] == [2, None]


def test_filter_by_game() -> None:
    games = [game(1, WIN, RM), game(2, LOSS, SB), game(3, LOSS, SB)]
    you = only(compute_stats(games, SB))
    assert [g.game_id for g in you.games] == [SB]
    assert (you.total.won, you.total.lost) == (0, 2)
    assert compute_stats(games, "roborally") == []


def test_win_margin_by_hand() -> None:
    assert win_margin((17, 12, 9), 0) == 5  # ahead of the best other seat
    assert win_margin((12, 12), 1) == 0  # a shared score
    # sorted line scores, weakest first: the first lines that differ decide
    assert win_margin(((13, 20, 30), (6, 40, 50)), 0) == 7
    assert win_margin(((8, 20, 30), (8, 15, 50)), 0) == 5
    assert win_margin((("a",), ("b",)), 0) is None
    assert win_margin((3,), 0) is None
    assert win_margin((True, False), 0) is None  # flags are not scores


def test_opponents_of() -> None:
    assert opponents_of([("human", None), ("computer", "hard")]) == "hard"
    assert opponents_of([("human", None), ("computer", "hard"), ("computer", "easy")]) == MIXED
    assert opponents_of([("human", None), ("human", None)]) == HUMANS


# -- from real games -----------------------------------------------------------------


def test_finished_game_of_a_played_out_save() -> None:
    won = finished_game(played_out("won", [YOU, computer("hard")], day(1), seed=5))
    assert won is not None
    assert won.opponents == "hard" and won.game_name == "Robot Master"
    assert won.humans == (SeatResult("You", WIN, 12),)
    assert won.headline == "You won: lowest line 20 to 8"  # 20 - 8: the margin
    lost = finished_game(played_out("lost", [YOU, computer("easy")], day(1), seed=1))
    assert lost is not None and lost.humans == (SeatResult("You", LOSS),)


def test_finished_game_leaves_out_unfinished_and_computer_only_games() -> None:
    assert finished_game(unfinished("going", [YOU, computer("hard")], day(1))) is None
    arena = [computer("hard", "A"), computer("easy", "B")]
    assert finished_game(played_out("arena", arena, day(1), seed=5)) is None


def test_resigning_is_a_loss_and_a_win_by_resigning_has_no_margin() -> None:
    table = [YOU, computer("hard", "Computer 1"), computer("easy", "Computer 2")]
    won = finished_game(resigned("won", table, day(1), [1, 2], SB))
    assert won is not None and won.humans == (SeatResult("You", WIN, None),)
    assert won.opponents == MIXED
    gave_up = finished_game(resigned("gave up", [YOU, computer("hard")], day(1), [0], RM))
    assert gave_up is not None and gave_up.humans == (SeatResult("You", LOSS),)


def test_hot_seat_save_gives_each_human_a_result() -> None:
    both = finished_game(played_out("hot", [human("Anna"), human("Bob")], day(1), seed=9))
    assert both is not None and both.opponents == HUMANS
    assert both.humans == (SeatResult("Anna", WIN, 11), SeatResult("Bob", LOSS))


def test_read_folder_counts_unfinished_and_broken_saves(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    opponent = [YOU, computer("hard")]
    write(folder, played_out("first", opponent, day(1), seed=0), "a.toml")
    write(folder, played_out("second", opponent, day(2), seed=1), "b.toml")
    write(folder, unfinished("going", opponent, day(3)), "c.toml")
    (folder / "broken.toml").write_text("junk = ", encoding="utf-8")
    (folder / "empty.toml").write_bytes(b"")
    (folder / ".hidden.toml").write_text("junk = ", encoding="utf-8")  # not a save
    (folder / "notes.txt").write_text("not a save", encoding="utf-8")
    scan = read_finished_games(folder)
    assert sorted(g.save_name for g in scan.games) == ["first", "second"]
    assert scan.unfinished == 1
    assert sorted(e.source for e in scan.skipped) == ["broken.toml", "empty.toml"]
    you = only(compute_stats(scan.games))
    assert (you.total.won, you.total.lost) == (1, 1)
    assert you.games[0].best[0].game.path == folder / "a.toml"  # replayable by its path


def test_a_missing_folder_has_no_games(tmp_path: Path) -> None:
    scan = read_finished_games(tmp_path / "nothing here")
    assert (scan.games, scan.unfinished, scan.skipped) == ([], 0, [])


def test_an_unreadable_folder_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    lock(monkeypatch, folder, "000")  # as chmod 000 would for a user who is not root
    with pytest.raises(SaveError) as caught:
        read_finished_games(folder)
    assert "\n" not in str(caught.value)
    assert "locked: the save folder cannot be read (permission denied)" in str(caught.value)


def test_a_file_in_place_of_the_folder_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(SaveError, match="is not a folder"):
        read_finished_games(tmp_path / "file")
