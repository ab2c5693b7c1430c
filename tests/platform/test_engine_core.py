"""The shared engine machinery: randomness, match log and replay, registry, options, arena."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from engines import registry
from engines.arena import (
    ArenaReport,
    PlayerStats,
    format_report,
    run_arena,
    seating,
    timing_summary,
    wilson_interval,
)
from engines.core import (
    RESIGN,
    RESIGN_TEXT,
    Action,
    GameResult,
    GameSpec,
    GameState,
    IllegalAction,
    OptionError,
    OptionSpec,
    ResignRule,
    UnknownGame,
    sorted_unique,
)
from engines.match import LoggedAction, Match
from engines.players import PlayerSpecError, check_player_spec, make_player
from engines.rng import GameRandom
from engines.robot_master import ROBOT_MASTER, Place

SPEC = ROBOT_MASTER


# -- GameRandom ---------------------------------------------------------------------------


def test_same_seed_same_sequence() -> None:
    a, b = GameRandom(123), GameRandom(123)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    assert [a.die() for _ in range(50)] == [b.die() for _ in range(50)]
    a, c = GameRandom(123), GameRandom(124)
    assert [a.below(1000) for _ in range(20)] != [c.below(1000) for _ in range(20)]


def test_golden_values_for_seed_42() -> None:
    """Recorded once: if a Python upgrade changes these, saved games would no longer replay."""
    items = list(range(10))
    GameRandom(42).shuffle(items)
    assert items == [9, 7, 8, 5, 3, 4, 1, 2, 0, 6]
    rng = GameRandom(42)
    assert [rng.below(1000) for _ in range(5)] == [639, 25, 275, 223, 736]
    rng = GameRandom(7)
    assert [rng.die() for _ in range(10)] == [2, 1, 4, 1, 4, 3, 1, 4, 1, 3]


def test_below_range_and_errors() -> None:
    rng = GameRandom(5)
    seen = Counter(rng.below(3) for _ in range(3000))
    assert set(seen) == {0, 1, 2}
    assert all(700 < n < 1300 for n in seen.values())
    assert {rng.below(1) for _ in range(20)} == {0}
    for bad in (0, -1):
        with pytest.raises(ValueError, match="positive"):
            rng.below(bad)


def test_die_and_choice() -> None:
    rng = GameRandom(9)
    assert {rng.die() for _ in range(500)} == {1, 2, 3, 4, 5, 6}
    assert {rng.die(4) for _ in range(500)} == {1, 2, 3, 4}
    assert {rng.choice("abc") for _ in range(200)} == {"a", "b", "c"}


def test_shuffle_is_a_permutation_and_varies_with_seed() -> None:
    results = set()
    for seed in range(30):
        items = list(range(10))
        GameRandom(seed).shuffle(items)
        assert sorted(items) == list(range(10))
        results.add(tuple(items))
    assert len(results) == 30
    empty: list[int] = []
    GameRandom(1).shuffle(empty)
    assert empty == []


def test_clone_and_state_continue_the_same_sequence_independently() -> None:
    rng = GameRandom(77)
    rng.below(10)
    copy = rng.clone()
    saved = rng.getstate()
    first = [rng.below(100) for _ in range(10)]
    assert [copy.below(100) for _ in range(10)] == first
    rng.setstate(saved)
    assert [rng.below(100) for _ in range(10)] == first


def test_game_random_is_not_the_global_random() -> None:
    random.seed(0)
    a = GameRandom(3).below(10**6)
    random.seed(999)
    assert GameRandom(3).below(10**6) == a


# -- Match log, replay, undo ----------------------------------------------------------------


def random_match(seed: int, options: Mapping[str, Any] | None = None) -> tuple[Match, list[str]]:
    """A full random game; returns the match and the fingerprint after every step."""
    match = Match(SPEC, 2, options, seed)
    rng = random.Random(seed)
    prints = [match.state.fingerprint()]
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        match.play(legal[int(rng.random() * len(legal))])
        prints.append(match.state.fingerprint())
    return match, prints


@pytest.mark.parametrize(
    "options", [{}, {"hand": "five"}, {"first": "random"}, {"first": "columns", "hand": "five"}]
)
def test_replay_rebuilds_identical_fingerprints(options: dict[str, str]) -> None:
    match, prints = random_match(17, options)
    assert len(match.log) == 24
    assert len(set(prints)) == 25
    again = Match.replay(SPEC, 2, options, 17, match.log)
    assert again.state.fingerprint() == prints[-1]
    assert again.log == match.log
    assert again.options == match.options
    for step in (0, 1, 5, 12, 23, 24):
        assert (
            Match.replay(SPEC, 2, options, 17, match.log[:step]).state.fingerprint() == prints[step]
        )


def test_log_entries_are_seat_and_text() -> None:
    match = Match(SPEC, 2, {"first": "columns"}, 4)
    action = match.state.legal_actions()[0]
    match.play(action)
    assert match.log == [LoggedAction(1, SPEC.encode_action(action))]
    match.play_text(SPEC.encode_action(match.state.legal_actions()[0]))
    assert [e.seat for e in match.log] == [1, 0]


def test_match_normalizes_options_and_checks_players() -> None:
    match = Match(SPEC, 2, None, 1)
    assert match.options == {"first": "rows", "hand": "full"}
    with pytest.raises(OptionError):
        Match(SPEC, 3, None, 1)
    with pytest.raises(OptionError, match="valid options"):
        Match(SPEC, 2, {"colour": "red"}, 1)


def test_replay_of_illegal_log_names_the_step() -> None:
    match, _ = random_match(8)
    log = list(match.log[:5])
    # step 6 puts a card on the centre, which always holds a card
    log.append(LoggedAction(log[-1].seat ^ 1, "0@c3"))
    with pytest.raises(IllegalAction, match=r"action 6 \('0@c3'\) is not legal: c3 already holds"):
        Match.replay(SPEC, 2, None, 8, log)


def test_replay_wrong_seat_and_bad_text_name_the_step() -> None:
    match, _ = random_match(8)
    log = list(match.log[:3])
    swapped = [log[0], log[1], LoggedAction(1 - log[2].seat, log[2].text)]
    with pytest.raises(IllegalAction, match=r"action 3 .*turn"):
        Match.replay(SPEC, 2, None, 8, swapped)
    garbled = [log[0], LoggedAction(log[1].seat, "garbage")]
    with pytest.raises(IllegalAction, match=r"action 2 \('garbage'\)"):
        Match.replay(SPEC, 2, None, 8, garbled)


def test_replay_with_a_different_seed_fails_or_differs() -> None:
    match, prints = random_match(21)
    try:
        other = Match.replay(SPEC, 2, None, 22, match.log)
    except IllegalAction as exc:
        assert "action" in str(exc)
    else:
        assert other.state.fingerprint() != prints[-1]


def test_truncated_for_undo() -> None:
    match, prints = random_match(5, {"hand": "five"})
    undone = match.truncated(len(match.log) - 1)
    assert len(undone.log) == 23
    assert undone.state.fingerprint() == prints[23]
    assert not undone.state.is_terminal()
    # the original is untouched
    assert match.state.fingerprint() == prints[24]
    assert len(match.log) == 24
    assert match.truncated(0).state.fingerprint() == prints[0]
    assert match.truncated(0).log == []
    # undo, then play on: the same move gives the same position again
    redo = match.truncated(10)
    redo.play_text(match.log[10].text, match.log[10].seat)
    assert redo.state.fingerprint() == prints[11]


def test_fingerprint_depends_on_every_fact() -> None:
    state = SPEC.new_game(2, {}, 3)
    copy = state.clone()
    assert copy.fingerprint() == state.fingerprint()
    copy.hands[1][0], copy.hands[1][1] = copy.hands[1][1] + 1, copy.hands[1][0] - 1
    assert copy.fingerprint() != state.fingerprint()


# -- small core pieces ------------------------------------------------------------------


def test_game_result_outcome() -> None:
    win = GameResult(winners=(1,), draw=False, reason="x")
    assert (win.outcome(0), win.outcome(1)) == ("loss", "win")
    draw = GameResult(winners=(0, 1), draw=True, reason="x")
    assert (draw.outcome(0), draw.outcome(1)) == ("draw", "draw")
    shared = GameResult(winners=(0, 2), draw=False, reason="x")
    assert (shared.outcome(0), shared.outcome(1), shared.outcome(2)) == ("draw", "loss", "draw")


def test_game_result_outcome_of_a_resigned_seat() -> None:
    result = GameResult(winners=(2,), draw=False, reason="x", resigned=(0, 1))
    assert [result.outcome(s) for s in range(4)] == ["resigned", "resigned", "win", "loss"]


def test_default_headline_names_the_winners_first() -> None:
    names = ["Anna", "Bob", "Cid"]
    spec = registry.get_game("robo-factory")
    win = GameResult(winners=(1,), draw=False, reason="x")
    assert GameSpec.headline(win, names) == "Bob won"
    assert GameSpec.headline(win, names, " with 17 cubes") == "Bob won with 17 cubes"
    drew = GameResult(winners=(0, 1, 2), draw=True, reason="x")
    assert GameSpec.headline(drew, names, " at 12 cubes") == "Anna, Bob and Cid drew at 12 cubes"
    shared = GameResult(winners=(0, 2), draw=False, reason="x")
    assert GameSpec.headline(shared, names) == "Anna and Cid shared the win"
    resigned = GameResult(winners=(2,), draw=False, reason="x", resigned=(1, 0))
    assert GameSpec.headline(resigned, names) == "Cid won: Bob and Anna resigned"
    assert spec.result_headline(GameResult((), False, "x"), names) == "Nobody won"


@pytest.mark.parametrize(
    ("game", "rule"), [(spec.id, spec.resign_rule) for spec in registry.all_games()]
)
def test_every_game_says_what_resigning_does(game: str, rule: ResignRule) -> None:
    """One shape for every game: the rule on the spec (each game's own tests say which);
    the ``resign`` action where the game has one, never among the legal actions (so no
    computer player picks it), playable off turn through Match.resign, logged and
    replayed."""
    spec = registry.get_game(game)
    assert isinstance(rule, ResignRule)
    match = Match(spec, 2, {}, 7)
    state = match.state
    assert all(RESIGN not in state.legal_actions(s) for s in range(2))
    if rule == ResignRule.COMPUTER_PLAYS:
        assert not state.can_resign(0)
        with pytest.raises(IllegalAction, match="computer plays"):
            match.resign(0)
        return
    waiting = [s for s in range(2) if s not in state.to_move()]
    seat = waiting[0] if waiting else 1
    assert state.can_resign(seat)
    assert spec.decode_action(spec.encode_action(RESIGN)) == RESIGN
    match.resign(seat)
    assert match.log[-1] == LoggedAction(seat, RESIGN_TEXT)
    assert state.is_terminal() and state.resigned() == (seat,)
    result = state.result()
    assert result is not None and result.winners == (1 - seat,)
    assert result.outcome(seat) == "resigned"
    names = ["Anna", "Bob"]
    assert spec.result_headline(result, names) == f"{names[1 - seat]} won: {names[seat]} resigned"
    again = Match.replay(spec, 2, {}, 7, match.log)
    assert again.state.fingerprint() == state.fingerprint()
    with pytest.raises(IllegalAction, match="no seat"):
        match.resign(5)


def test_sorted_unique_keeps_first_seen_order() -> None:
    assert sorted_unique([3, 1, 3, 2, 1]) == [3, 1, 2]
    assert sorted_unique([]) == []


# -- registry -------------------------------------------------------------------------------


def test_registry_knows_robot_master() -> None:
    assert "robot-master" in registry.game_ids()
    assert registry.get_game("robot-master") is ROBOT_MASTER
    assert ROBOT_MASTER in registry.all_games()


def test_unknown_game_lists_valid_ids() -> None:
    with pytest.raises(UnknownGame) as info:
        registry.get_game("robot-mister")
    message = str(info.value)
    assert "'robot-mister'" in message
    for game_id in registry.game_ids():
        assert game_id in message


def test_registering_a_game_first_keeps_the_builtin_games() -> None:
    # A fresh interpreter, so that nothing has been loaded into the registry yet.
    code = textwrap.dedent(
        """
        from engines import registry
        from engines.robot_master.spec import RobotMasterSpec

        class Other(RobotMasterSpec):
            id = "other-game"

        registry.register(Other())
        print(",".join(sorted(registry.game_ids())))
        """
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    ids = done.stdout.strip().split(",")
    assert "other-game" in ids and "robot-master" in ids


# -- options and players count ------------------------------------------------------------


class DummySpec(GameSpec):
    """A minimal spec to test the base class: never registered."""

    id = "dummy"
    name = "Dummy"
    blurb = "test only"
    min_players = 2
    max_players = 4
    options = (
        OptionSpec("size", 5, None, "any whole number"),
        OptionSpec("colour", "red", ("red", "blue"), "a colour"),
    )

    def new_game(self, num_players: int, options: Mapping[str, Any], seed: int) -> GameState:
        raise NotImplementedError

    def encode_action(self, action: Action) -> str:
        return str(action)

    def decode_action(self, text: str) -> Action:
        return text

    def describe_action(self, action: Action, seat: int) -> str:
        return str(action)

    def seat_names(self, num_players: int) -> list[str]:
        return [f"P{i + 1}" for i in range(num_players)]

    def rules_text(self) -> str:
        return ""


def test_normalize_options_fills_defaults() -> None:
    assert SPEC.normalize_options(None) == {"first": "rows", "hand": "full"}
    assert SPEC.normalize_options({"hand": "five"}) == {"first": "rows", "hand": "five"}
    assert DummySpec().normalize_options({"size": 9}) == {"size": 9, "colour": "red"}


def test_normalize_options_bad_value_lists_valid_values() -> None:
    with pytest.raises(OptionError) as info:
        SPEC.normalize_options({"first": "diagonal"})
    message = str(info.value)
    assert "first" in message and "'diagonal'" in message
    assert "valid values: rows, columns, random" in message
    with pytest.raises(OptionError, match="valid values: full, five"):
        SPEC.normalize_options({"hand": 12})


def test_normalize_options_unknown_name_lists_valid_options() -> None:
    with pytest.raises(OptionError) as info:
        SPEC.normalize_options({"hand": "full", "turbo": True})
    message = str(info.value)
    assert "'turbo'" in message and "robot-master" in message
    assert "valid options: first, hand" in message


def test_normalize_options_whole_number_option() -> None:
    spec = DummySpec()
    with pytest.raises(OptionError, match="size must be a whole number"):
        spec.normalize_options({"size": "big"})
    with pytest.raises(OptionError, match="valid values: red, blue"):
        spec.normalize_options({"colour": "green"})


def test_check_players() -> None:
    SPEC.check_players(2)
    for bad in (0, 1, 3):
        with pytest.raises(OptionError, match=f"Robot Master needs exactly 2 players, not {bad}"):
            SPEC.check_players(bad)
    spec = DummySpec()
    for good in (2, 3, 4):
        spec.check_players(good)
    with pytest.raises(OptionError, match="Dummy needs 2 to 4 players, not 5"):
        spec.check_players(5)


# -- arena ----------------------------------------------------------------------------------


@pytest.mark.parametrize("entrants", [2, 3, 4, 5])
@pytest.mark.parametrize("rounds", [1, 3])
def test_seating_rotates_evenly(entrants: int, rounds: int) -> None:
    counts: Counter[tuple[int, int]] = Counter()
    for game in range(rounds * entrants):
        seats = seating(game, entrants)
        assert sorted(seats) == list(range(entrants))  # everyone sits once per game
        for seat, entrant in enumerate(seats):
            counts[(entrant, seat)] += 1
    assert counts == {(e, s): rounds for e in range(entrants) for s in range(entrants)}


def test_seating_first_games() -> None:
    assert seating(0, 2) == [0, 1]
    assert seating(1, 2) == [1, 0]
    assert seating(2, 2) == [0, 1]
    assert seating(1, 3) == [1, 2, 0]


def test_run_arena_counts_every_game_for_every_entrant() -> None:
    progress: list[int] = []
    report = run_arena(SPEC, ["random", "random"], 10, 100, progress=progress.append)
    assert isinstance(report, ArenaReport)
    assert progress == list(range(1, 11))
    assert (report.game, report.games, report.seed) == ("robot-master", 10, 100)
    assert report.options == {"first": "rows", "hand": "full"}
    for entrant in report.players:
        assert entrant.wins + entrant.draws + entrant.losses == 10
        assert len(entrant.times_ms) == 10 * 12  # 12 placements each per full-hand game
        assert entrant.as_dict()["decisions"] == 120
    a, b = report.players
    assert a.wins == b.losses and a.losses == b.wins and a.draws == b.draws
    data = report.as_dict()
    assert [p["spec"] for p in data["players"]] == ["random", "random"]
    assert set(data["players"][0]["decision_ms"]) == {"mean", "p95", "max"}
    text = format_report(report)
    assert text.splitlines()[0] == "robot-master: 10 games, seed 100"
    assert len(text.splitlines()) == 4


def test_run_arena_is_reproducible_and_uses_options() -> None:
    def tally(seed: int) -> list[tuple[int, int, int]]:
        report = run_arena(SPEC, ["random", "random"], 6, seed, {"hand": "five"})
        assert report.options["hand"] == "five"
        return [(p.wins, p.draws, p.losses) for p in report.players]

    assert tally(7) == tally(7)
    assert sum(sum(t) for t in tally(7)) == 12


def test_run_arena_in_parts_plays_the_same_games_and_setup_sees_every_player() -> None:
    whole = run_arena(SPEC, ["random", "easy"], 5, 40)
    seen: list[tuple[str, int]] = []
    parts = [
        run_arena(
            SPEC,
            ["random", "easy"],
            count,
            40,
            first=first,
            setup=lambda player, entrant: seen.append((player.level, entrant)),
        )
        for first, count in ((0, 2), (2, 3))
    ]
    for e in range(2):
        assert [
            sum(getattr(p.players[e], k) for p in parts) for k in ("wins", "draws", "losses")
        ] == [getattr(whole.players[e], k) for k in ("wins", "draws", "losses")]
    assert sorted(seen) == [("easy", 1)] * 5 + [("random", 0)] * 5


def test_run_arena_rejects_wrong_player_count_and_unknown_player() -> None:
    with pytest.raises(OptionError, match="exactly 2"):
        run_arena(SPEC, ["random"], 1, 0)
    with pytest.raises(PlayerSpecError, match="valid levels"):
        run_arena(SPEC, ["random", "grandmaster"], 1, 0)


def test_timing_summary_nearest_rank() -> None:
    order = [7, 3, 20, 1, 15, 9, 2, 18, 11, 5, 4, 16, 8, 12, 6, 19, 10, 14, 13, 17]
    times = [float(v) for v in order]
    # 20 values: rank ceil(0.95 * 20) = 19 -> the 19th smallest is 19
    assert timing_summary(times) == {"mean": 10.5, "p95": 19.0, "max": 20.0}
    # 10 values: rank ceil(9.5) = 10 -> the largest
    assert timing_summary([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 100.0]) == {
        "mean": 14.5,
        "p95": 100.0,
        "max": 100.0,
    }
    # 40 values 1..40: rank 38
    assert timing_summary([float(v) for v in range(40, 0, -1)])["p95"] == 38.0
    assert timing_summary([2.5]) == {"mean": 2.5, "p95": 2.5, "max": 2.5}
    assert timing_summary([]) == {"mean": 0.0, "p95": 0.0, "max": 0.0}
    assert timing_summary([0.12345, 0.2, 0.3]) == {"mean": 0.208, "p95": 0.3, "max": 0.3}


def test_player_stats_as_dict() -> None:
    stats = PlayerStats("random", wins=2, draws=1, losses=3, times_ms=[1.0, 3.0])
    assert stats.as_dict() == {
        "spec": "random",
        "wins": 2,
        "draws": 1,
        "losses": 3,
        "win_rate": 0.3333,
        "win_rate_ci95": [0.0968, 0.7000],
        "decisions": 2,
        "decision_ms": {"mean": 2.0, "p95": 3.0, "max": 3.0},
    }


def test_wilson_interval_matches_hand_worked_values() -> None:
    # 5 of 10: centre 0.5, half-width 1.96 * sqrt(0.025 + 0.0096) / 1.3842 = 0.2634
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    # none or all: one end is exact, the other 1.96^2 / (10 + 1.96^2) = 0.2775 away
    assert wilson_interval(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert wilson_interval(10, 10) == (pytest.approx(0.7225, abs=1e-4), 1.0)
    # the issue-19 bar: 58% of 400 games
    assert [round(v, 3) for v in wilson_interval(232, 400)] == [0.531, 0.627]
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_report_prints_the_interval() -> None:
    stats = PlayerStats("hard", wins=5, draws=0, losses=5)
    report = ArenaReport("robot-master", 10, 1, {}, [stats])
    row = format_report(report).splitlines()[2].split()
    assert row[:6] == ["hard", "5", "0", "5", "50.0%", "23.7-76.3"]


# -- make_player ------------------------------------------------------------------------------

PLAYER_MODULE = """
class Good:
    def __init__(self, seat, level, seed):
        self.seat, self.level, self.seed = seat, level, seed

    def choose(self, view):
        return view.legal_actions()[0]


class NoChoose:
    def __init__(self, seat, level, seed):
        self.seat = seat


class WrongSignature:
    def __init__(self, colour):
        self.colour = colour


class Cheater:
    def __init__(self, seat, level, seed):
        self.seat, self.level = seat, level

    def choose(self, view):
        return ("not", "a", "move")
"""


@pytest.fixture
def player_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    name = "rm_core_test_players"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(PLAYER_MODULE))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    return name


def test_make_player_builtin_level() -> None:
    player = make_player(SPEC, "random", seat=1, seed=5)
    assert player.seat == 1 and player.level == "random"
    state = SPEC.new_game(2, {"first": "columns"}, 2)
    assert player.choose(state.view(1)) in state.legal_actions()


def test_make_player_unknown_level_lists_valid_levels() -> None:
    with pytest.raises(PlayerSpecError) as info:
        make_player(SPEC, "grandmaster", seat=0, seed=0)
    message = str(info.value)
    assert "'grandmaster'" in message
    for level in SPEC.player_levels():
        assert level in message
    assert "valid levels" in message
    assert "package.module:Class" in message
    with pytest.raises(PlayerSpecError, match="valid levels"):
        check_player_spec(SPEC, "grandmaster")


def test_make_player_from_import_path(player_module: str) -> None:
    player = make_player(SPEC, f"{player_module}:Good", seat=1, seed=9)
    assert (player.seat, player.level) == (1, f"{player_module}:Good")
    check_player_spec(SPEC, f"{player_module}:Good")
    builtin = make_player(SPEC, "engines.robot_master.players:RandomPlayer", seat=0, seed=1)
    assert builtin.seat == 0


def test_make_player_import_errors_are_clear(player_module: str) -> None:
    with pytest.raises(PlayerSpecError, match="cannot import 'no_such_pkg.mod'.*No module named"):
        make_player(SPEC, "no_such_pkg.mod:Player", seat=0, seed=0)
    with pytest.raises(PlayerSpecError, match=f"module '{player_module}' has no class 'Missing'"):
        make_player(SPEC, f"{player_module}:Missing", seat=0, seed=0)
    with pytest.raises(PlayerSpecError, match=r"must accept \(seat=, level=, seed=\)"):
        make_player(SPEC, f"{player_module}:WrongSignature", seat=0, seed=0)
    with pytest.raises(PlayerSpecError, match=r"has no choose\(view\) method"):
        make_player(SPEC, f"{player_module}:NoChoose", seat=0, seed=0)


@pytest.mark.parametrize("bad", [":Player", ".relative:Player"])
def test_make_player_malformed_import_path_is_a_player_spec_error(bad: str) -> None:
    with pytest.raises(PlayerSpecError):
        make_player(SPEC, bad, seat=0, seed=0)


def test_arena_rejects_a_player_choosing_an_illegal_action(player_module: str) -> None:
    with pytest.raises(IllegalAction, match="chose an illegal action"):
        run_arena(SPEC, ["random", f"{player_module}:Cheater"], 2, 0)


def test_arena_with_imported_player(player_module: str) -> None:
    report = run_arena(SPEC, [f"{player_module}:Good", "random"], 4, 3)
    for entrant in report.players:
        assert entrant.wins + entrant.draws + entrant.losses == 4


def test_place_actions_are_small_hashable_values() -> None:
    assert Place(3, 4) == Place(3, 4)
    assert len({Place(3, 4), Place(3, 4), Place(4, 3)}) == 2
