"""Robo Factory saves: identical state after save -> load at every step; bad saves."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engines.match import Match
from engines.players import make_player
from saves import PlayerEntry, SavedGame, SaveError, dumps_save, load_save, loads_save
from tests.robo_factory.support import SPEC, check_invariants

WHEN = datetime(2026, 11, 22, 14, 5, 12, tzinfo=UTC)
FIXTURE = Path(__file__).parents[1] / "fixtures" / "saves" / "format-1-robo-factory.toml"
LEVELS = ("random", "easy", "normal", "hard")


def players_for(n: int) -> list[PlayerEntry]:
    return [PlayerEntry("You", "human")] + [
        PlayerEntry(f"Computer {s}", "computer", LEVELS[s % 4]) for s in range(1, n)
    ]


def assert_same(a: SavedGame, b: SavedGame) -> None:
    assert b.match.state.canonical() == a.match.state.canonical()
    assert b.match.state.fingerprint() == a.match.state.fingerprint()
    assert b.match.log == a.match.log
    assert b.match.options == a.match.options
    assert b.players == a.players


@pytest.mark.parametrize("chunk", range(4))
def test_save_load_identical_at_every_step_of_200_games(chunk: int) -> None:
    for game in range(chunk * 50, (chunk + 1) * 50):
        n = 2 + game % 3 if game % 10 else 6  # mostly small games, some with 6 seats
        options = {"tiebreak": "extra" if game % 4 == 0 else "share"}
        match = Match(SPEC, n, options, 9000 + game)
        rng = random.Random(game)
        bots = [make_player(SPEC, LEVELS[(game + s) % 4], s, rng.randrange(999)) for s in range(n)]
        saved = SavedGame(f"robo {game}", match, players_for(n), WHEN, WHEN)
        while True:
            loaded = loads_save(dumps_save(saved), "memory.toml")
            assert_same(saved, loaded)
            state = match.state
            if state.is_terminal():
                assert loaded.match.state.result() == state.result()
                break
            (seat,) = state.to_move()
            match.play(bots[seat].choose(state.view(seat)), seat)


def fixture_recipe() -> SavedGame:
    """The game kept in the format-1 fixture: 3 players, extra tie-break, 9 actions."""
    match = Match(SPEC, 3, {"tiebreak": "extra"}, 424242)
    bots = [make_player(SPEC, "hard", s, s) for s in range(3)]
    for bot in bots:  # the fixture was recorded by hard's expected-cubes play
        bot.win_turns = 0  # type: ignore[attr-defined]
    for _ in range(9):
        (seat,) = match.state.to_move()
        match.play(bots[seat].choose(match.state.view(seat)), seat)
    players = [
        PlayerEntry("Ada", "human"),
        PlayerEntry("Robo", "computer", "random"),
        PlayerEntry("Tin", "computer", "hard"),
    ]
    return SavedGame("fixture robo factory, format 1", match, players, WHEN, WHEN)


def write_fixture() -> Path:  # pragma: no cover - run by hand when a format is released
    FIXTURE.write_text(dumps_save(fixture_recipe()), encoding="utf-8")
    return FIXTURE


def test_format_1_fixture_still_loads() -> None:
    saved = load_save(FIXTURE)
    recipe = fixture_recipe()
    assert saved.match.log == recipe.match.log
    assert saved.match.state.fingerprint() == recipe.match.state.fingerprint()
    assert saved.match.options == {"tiebreak": "extra"}
    assert saved.players[2] == PlayerEntry("Tin", "computer", "hard")
    check_invariants(saved.match.state)  # type: ignore[arg-type]


GOOD = dumps_save(fixture_recipe())


def edit(pattern: str, replacement: str) -> str:
    text, done = re.subn(pattern, replacement, GOOD, count=1, flags=re.MULTILINE)
    assert done, pattern
    return text


def actions() -> list[str]:
    return re.findall(r'^    "(\d+ [^"]+)",$', GOOD, flags=re.MULTILINE)


BAD = {
    "edited-build": (
        lambda: edit(r'^    "(\d) build ([RGBY]{3})', r'    "\1 build YYY'),
        r"does not match its hash|does not replay",
    ),
    "bought-card-not-held": (
        lambda: edit(r'^    "(\d) buy [RGBY]{3}"', r'    "\1 buy RRR"'),
        r"action \d+ \('buy RRR'\) is not legal: Player \d holds no RRR",
    ),
    "wrong-seat": (lambda: edit(r'^    "1 ', '    "2 '), r"it is Player 2's turn, not"),
    "bad-action-text": (
        lambda: edit(r'^    "(\d) buy ', r'    "\1 purchase '),
        r"not a Robo Factory action like 'pass'",
    ),
    "lowercase-colours": (
        lambda: edit(r'^    "(\d) build ([RGBY]{3})"', r'    "\1 build rgb"'),
        r"not a Robo Factory action",
    ),
    "unknown-option-value": (
        lambda: edit(r'^tiebreak = "extra"$', 'tiebreak = "coin"'),
        r"option tiebreak cannot be 'coin'; valid values: share, extra",
    ),
    "unknown-option": (
        lambda: edit(r'^tiebreak = "extra"$', 'tiebreak = "extra"\nturbo = 1'),
        r"unknown option 'turbo' for robo-factory",
    ),
    "other-option-value": (
        lambda: edit(r'^tiebreak = "extra"$', 'tiebreak = "share"'),
        r"does not match its hash",
    ),
    "cubes-edited": (
        lambda: edit(r"^cubes = \[(\d+)", r"cubes = [99"),
        r"'snapshot.cubes' differs",
    ),
    "order-edited": (
        lambda: edit(r'^order = "[RGBY]{3}"', 'order = "RRR"'),
        r"'snapshot.order' differs|does not match",
    ),
    "seed-edited": (
        lambda: edit(r"^seed = 424242$", "seed = 424243"),
        r"does not replay|does not match its hash",
    ),
    "action-dropped": (
        lambda: GOOD.replace(f'    "{actions()[3]}",\n', "", 1),
        r"does not replay|does not match its hash",
    ),
    "seven-players": (
        lambda: GOOD.replace(
            "[log]", '[[players]]\nname = "X"\nkind = "human"\n\n' * 4 + "[log]", 1
        ),
        r"Robo Factory needs 2 to 6 players, not 7",
    ),
    "unknown-level": (lambda: edit(r'^level = "hard"$', 'level = "genius"'), r"genius"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_saves_give_one_clear_error(name: str, tmp_path: Path) -> None:
    make, expected = BAD[name]
    text = make()
    assert text != GOOD
    with pytest.raises(SaveError) as info:
        loads_save(text, "bad.toml")
    message = str(info.value)
    assert "\n" not in message and message.startswith("bad.toml: ")
    assert re.search(expected, message), message
