"""The optional [ui] table: screen state kept with a save, outside the game's hash."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engines.match import Match
from engines.registry import get_game
from saves import PlayerEntry, SavedGame, dumps_save, loads_save


def saved_game(ui: dict) -> SavedGame:
    now = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
    match = Match(get_game("robot-master"), 2, {}, 5)
    players = [PlayerEntry("You", "human"), PlayerEntry("Computer", "computer", "easy")]
    return SavedGame("ui test", match, players, now, now, ui=ui)


def test_ui_table_round_trips() -> None:
    ui = {"program": {"0": {"turn": 3, "cards": [490, 670], "power": False}}}
    text = dumps_save(saved_game(ui))
    assert "[ui.program.0]" in text or "[ui.program" in text
    assert loads_save(text, "x.toml").ui == ui


def test_no_ui_table_when_empty() -> None:
    text = dumps_save(saved_game({}))
    assert "[ui" not in text
    assert loads_save(text, "x.toml").ui == {}


@pytest.mark.parametrize("value", ['"oops"', "5", "true", "[1, 2]", "2026-01-01"])
def test_ui_that_is_not_a_table_is_ignored(value: str) -> None:
    # [ui] is screen state outside the hash: one that does not fit loses nothing of the game.
    good = saved_game({})
    text = dumps_save(good).replace("format = 1\n", f"format = 1\nui = {value}\n", 1)
    loaded = loads_save(text, "x.toml")
    assert loaded.ui == {}
    assert loaded.match.state.fingerprint() == good.match.state.fingerprint()
