"""The optional [ui] table: screen state kept with a save, outside the game's hash."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engines.match import Match
from engines.registry import get_game
from saves import PlayerEntry, SavedGame, SaveError, dumps_save, loads_save


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


def test_ui_that_is_not_a_table_is_refused_clearly() -> None:
    text = dumps_save(saved_game({})).replace("format = 1\n", 'format = 1\nui = "oops"\n', 1)
    with pytest.raises(SaveError, match=r"^x\.toml: 'ui' should be a table"):
        loads_save(text, "x.toml")
