"""The public snapshot (``robotui saves show`` without --spoilers) leaves out what no
player may see, in every game, at every step of seeded random games; the rest is the
full snapshot's: ``saves show`` never prints the computers' unrevealed RoboRally programs."""

from __future__ import annotations

import random

import pytest

from engines.core import GameState
from engines.registry import get_game

SECRET_KEYS = {
    "robo-factory": {"order", "hands", "given_to_customer", "builds"},
    "robot-master": {"hand_rows", "hand_columns", "unused", "draw_pile"},
    "stak-bots": set(),  # the stacks and hands are rewritten, not left out
    "roborally": {"programs", "robots"},
}


def random_states(game: str, players: int, seed: int, options: dict | None = None):
    spec = get_game(game)
    state = spec.new_game(players, spec.normalize_options(options or {}), seed)
    rng = random.Random(seed)
    yield state
    for _ in range(400):
        if state.is_terminal():
            return
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        yield state


def same_but(state: GameState, secret: set[str]) -> dict:
    full, public = state.snapshot(), state.snapshot(public=True)
    for key, value in public.items():
        if key not in secret and not key.startswith(("stack_", "hand_")):
            assert full[key] == value, key
    return public


@pytest.mark.parametrize("seed", [1, 2])
def test_robo_factory_hides_the_order_cards_purchases_and_builds(seed: int) -> None:
    for state in random_states("robo-factory", 4, seed):
        public = same_but(state, SECRET_KEYS["robo-factory"])
        assert not SECRET_KEYS["robo-factory"] & public.keys()


def test_robot_master_counts_the_hands() -> None:
    for state in random_states("robot-master", 2, 3):
        public, full = same_but(state, SECRET_KEYS["robot-master"]), state.snapshot()
        for key in ("hand_rows", "hand_columns", "unused"):
            assert public[key] == f"{len(full[key].split())} cards"


@pytest.mark.parametrize("players", [2, 4])
def test_stak_bots_hides_face_down_cards_and_hands(players: int) -> None:
    for state in random_states("stak-bots", players, 5):
        public, full = same_but(state, set()), state.snapshot()
        for seat in range(1, players + 1):
            key = f"stack_p{seat}"
            shown, truth = public[key].split(" | "), full[key].split(" | ")
            assert len(shown) == len(truth)
            for mine, real in zip(shown, truth, strict=True):
                assert mine == (
                    "(face down)" if real.startswith("(") and real != "(empty, out)" else real
                )
            hand = full[f"hand_p{seat}"]
            count = len(hand.split(", ")) if hand else 0
            assert public[f"hand_p{seat}"] == f"{count} cards"


def test_roborally_shows_only_revealed_and_locked_registers() -> None:
    for state in random_states("roborally", 4, 7, {"course": "first-steps"}):
        public = same_but(state, SECRET_KEYS["roborally"])
        view = state.view(0)
        for robot, line in zip(view.robots, public["programs"], strict=True):
            assert "hand" not in line
            cards = line.split("program ")[1].split()
            assert [0 if c == "?" else int(c.rsplit(":", 1)[1]) for c in cards] == list(
                robot.revealed
            )
        robots = state.snapshot()["robots"]
        if state.phase == "program":  # an announced power down is still secret
            robots = [r.replace(", power down announced", "") for r in robots]
        assert public["robots"] == robots


def test_saves_show_names_roborally_squares_as_the_screen_does() -> None:
    """`saves show` names squares as the screen and `board show` do (j16, not "dock:j4");
    the save file's own snapshot keeps the board-by-board names it has always had."""
    for state in random_states("roborally", 3, 4, {"course": "laser-alley"}):
        lay = state.layout
        for public in (False, True):
            shown, saved = state.shown_snapshot(public), state.snapshot(public)
            assert shown.keys() == saved.keys()
            for b, line, kept in zip(state.bots, shown["robots"], saved["robots"], strict=True):
                where = line.split(": ", 1)[1]
                if b.on_board:
                    assert where.startswith(f"{lay.short_name(b.pos)} facing ")
                    assert kept.split(": ", 1)[1].startswith(f"{lay.name_of(b.pos)} facing ")
                elif not b.out:
                    assert where.startswith(f"destroyed (archive {lay.short_name(b.archive)})")


def test_saves_show_tells_robo_factory_s_supply_in_words() -> None:
    """The rules treat the supply as unlimited: past the box it is not "-99"."""
    state = get_game("robo-factory").new_game(3, {"tiebreak": "share"}, 1)
    saved = state.snapshot()["supply"]
    assert state.shown_snapshot()["supply"] == f"{saved} cubes left in the box"
    state.supply = -12
    assert state.shown_snapshot(True)["supply"] == (
        "the box is empty; 12 more cubes came from the unlimited supply"
    )
    assert state.snapshot()["supply"] == -12  # the save file keeps the number
