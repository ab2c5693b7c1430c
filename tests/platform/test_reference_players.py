"""The frozen reference players (tests/reference_players): loadable by name in the
arena, honest players that move legally, and really frozen (they import none of the engines'
computer-player modules, only the rules)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engines.players import make_player
from engines.registry import get_game

ROOT = Path(__file__).resolve().parents[2]
FROZEN = ROOT / "tests" / "reference_players"
# The engines' own computer-player modules, which the copies must not use.
LIVE_AI = {
    "robot_master": (
        "engines.robot_master.evaluation",
        "engines.robot_master.search",
        "engines.robot_master.players",
        "engines.robot_master.exact",
        "engines.robot_master.deals",
    ),
    "stak_bots": (
        "engines.stak_bots.search",
        "engines.stak_bots.players",
        "engines.stak_bots.evaluation",
        "engines.stak_bots.hard",
    ),
    "roborally": ("engines.roborally.ai", "engines.roborally.players"),
    "robo_factory": (
        "engines.robo_factory.reasoning",
        "engines.robo_factory.crowd",
        "engines.robo_factory.winplay",
        "engines.robo_factory.players",
    ),
}


@pytest.mark.parametrize("package", sorted(LIVE_AI))
def test_a_frozen_player_plays_legal_moves_from_its_seat_view(package):
    spec = get_game(package.replace("_", "-"))
    players = spec.player_levels()
    num = 2
    state = spec.new_game(num, spec.normalize_options({}), seed=5)
    frozen = make_player(spec, f"tests.reference_players.{package}:Hard2026", 0, seed=3)
    assert type(frozen).__module__ == f"tests.reference_players.{package}"
    copied = type(frozen).__mro__[1]  # the copy of the hard player's class
    assert copied.__name__ == players["hard"].__name__ and copied is not players["hard"]
    assert copied.__module__.startswith(f"tests.reference_players.{package}.")
    moves = 0
    while not state.is_terminal() and moves < 6:
        for seat in state.to_move():
            action = frozen.choose(state.view(seat)) if seat == 0 else state.legal_actions(seat)[0]
            assert action in state.legal_actions(seat)
            state.apply(action, seat)
            moves += 1
            if state.is_terminal():
                break
    assert moves >= 2


@pytest.mark.parametrize("package", sorted(LIVE_AI))
def test_a_frozen_player_imports_only_its_copies_and_the_rules(package):
    imported: set[str] = set()
    for path in (FROZEN / package).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
    assert imported, package
    live = [name for name in imported if name.startswith(LIVE_AI[package])]
    assert live == []
    assert any(name.startswith(f"tests.reference_players.{package}.") for name in imported)
