"""Recent games' headline: the winner first, every seat named as on the game's panel."""

from __future__ import annotations

from engines.core import GameResult
from hosting.results import headline, old_headline


def test_the_winner_comes_first_with_the_score() -> None:
    names = ["Anna", "Computer 1 (easy)", "Computer 2 (easy)", "Computer 3 (easy)"]
    result = GameResult(winners=(3,), draw=False, reason="", scores=(12, 9, 17 - 3, 17))
    assert headline("robo-factory", result, names) == (
        "Computer 3 (easy) won with 17 cubes, Computer 2 (easy) 14, Anna 12, Computer 1 (easy) 9"
    )


def test_shared_wins_resignations_and_games_without_a_count() -> None:
    shared = GameResult(winners=(0, 1), draw=True, reason="", scores=(2, 2))
    assert (
        headline("roborally", shared, ["Anna", "Bob"])
        == "Anna and Bob shared the win with 2 flags each"
    )
    resigned = GameResult(winners=(1,), draw=False, reason="", resigned=(0,))
    assert headline("robot-master", resigned, ["Anna", "Bob"]) == "Bob won, Anna resigned"
    assert headline("stak-bots", None, ["Anna", "Bob"]) == "abandoned: Anna, Bob"


def test_a_result_kept_before_headlines_reads_from_its_players() -> None:
    row = {"players": [{"name": "Anna", "outcome": "loss"}, {"name": "Bob", "outcome": "win"}]}
    assert old_headline(row) == "Bob won, Anna lost"
