"""RoboRally saves: save -> load -> identical at every register of 100 games, the format-1
fixture, changed board files, and damaged or edited saves with one clear error each."""

from __future__ import annotations

import random
import re
import shutil
import tomllib
from datetime import UTC, datetime
from pathlib import Path

import pytest
import tomli_w

from engines.match import Match
from engines.registry import all_games, register
from engines.roborally import ROBORALLY, boardfile
from engines.roborally.players import RandomPlayer
from saves import PlayerEntry, SavedGame, SaveError, dumps_save, load_save, loads_save

FIXTURE = Path(__file__).parents[1] / "fixtures" / "saves" / "format-1-roborally.toml"
WHEN = datetime(2026, 11, 22, 14, 5, 12, tzinfo=UTC)


@pytest.fixture(autouse=True)
def registered() -> None:
    if not any(spec.id == ROBORALLY.id for spec in all_games()):
        register(ROBORALLY)


def players(n: int) -> list[PlayerEntry]:
    return [PlayerEntry("You", "human")] + [
        PlayerEntry(f"Bot {i}", "computer", "random") for i in range(1, n)
    ]


def saved_of(match: Match, name: str = "roborally test") -> SavedGame:
    return SavedGame(name, match, players(match.num_players), WHEN, WHEN)


def random_match(seed: int, n: int, options: dict, actions: int | None = None, check=None) -> Match:
    match = Match(ROBORALLY, n, options, seed)
    bots = [RandomPlayer(s, "random", seed * 13 + s) for s in range(n)]
    done = 0
    while not match.state.is_terminal() and (actions is None or done < actions):
        for seat in match.state.to_move():
            before = (match.state.turn, match.state.reg, match.state.stage)
            match.play(bots[seat].choose(match.state.view(seat)), seat)
            done += 1
            if check is not None and before != (
                match.state.turn,
                match.state.reg,
                match.state.stage,
            ):
                check(match)
    return match


def round_trip(match: Match) -> None:
    text = dumps_save(saved_of(match))
    again = loads_save(text, "rt.toml")
    assert again.match.state.fingerprint() == match.state.fingerprint()
    assert again.match.state.canonical() == match.state.canonical()
    assert again.match.log == match.log
    assert dumps_save(again) == text


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_save_load_identical_after_every_register(chunk: int) -> None:
    """Every action that resolved registers is followed by a save/load round trip."""
    courses = boardfile.bundled_courses()
    for game in range(chunk * 25, chunk * 25 + 25):
        n = 2 + game % 4
        options = {
            "course": courses[game % len(courses)],
            "max_turns": 3,
            "start": "docks" if game % 2 else "shared",
        }
        match = random_match(game, n, options, check=round_trip)
        round_trip(match)
        assert match.state.turn >= 1


def fixture_recipe() -> SavedGame:
    """How ``format-1-roborally.toml`` was made (seed 1994, 4 robots, 40 random actions)."""
    options = {"course": "first-steps", "start": "docks", "options_cards": "on", "max_turns": 60}
    match = random_match(1994, 4, options, actions=40)
    saved = saved_of(match, "fixture game, format 1")
    saved.players = [PlayerEntry("Ada", "human")] + [
        PlayerEntry(f"Robo {i}", "computer", "random") for i in range(1, 4)
    ]
    return saved


def write_fixture() -> Path:  # pragma: no cover - run by hand when a format is released
    FIXTURE.write_text(dumps_save(fixture_recipe()), encoding="utf-8")
    return FIXTURE


def test_the_format_1_fixture_still_loads() -> None:
    saved = load_save(FIXTURE)
    recipe = fixture_recipe()
    assert saved.match.log == recipe.match.log
    assert saved.match.state.fingerprint() == recipe.match.state.fingerprint()
    assert saved.match.options["course"] == "first-steps"
    assert saved.match.state.move_number == 41  # the last round of 40 ran to its end


GOOD = None


def good_text() -> str:
    global GOOD
    if GOOD is None:
        options = {"course": "first-steps", "max_turns": 5}  # not the default: pinned
        GOOD = dumps_save(saved_of(random_match(77, 3, options, actions=20)))
    return GOOD


def log_entries(text: str) -> list[str]:
    return re.findall(r'^    "(\d+ [^"]+)",$', text, flags=re.MULTILINE)


def with_entry(text: str, number: int, new: str) -> str:
    old = log_entries(text)[number - 1]
    return text.replace(f'    "{old}",', f'    "{new}",', 1)


def test_bad_action_text_is_a_clear_error() -> None:
    text = good_text()
    first_program = next(i for i, e in enumerate(log_entries(text), 1) if " p " in e)
    seat = log_entries(text)[first_program - 1].split()[0]
    bad = with_entry(text, first_program, f"{seat} p 10,20,30")
    with pytest.raises(SaveError, match=r"action \d+ .* is not a program like"):
        loads_save(bad, "bad.toml")
    bad = with_entry(text, 1, "0 jump N")
    with pytest.raises(SaveError, match=r"is not a RoboRally action"):
        loads_save(bad, "bad.toml")


def test_a_program_with_cards_not_in_the_hand_does_not_replay() -> None:
    text = good_text()
    index = next(i for i, e in enumerate(log_entries(text), 1) if " p " in e)
    seat = log_entries(text)[index - 1].split()[0]
    bad = with_entry(text, index, f"{seat} p 10,20,30,40,50")
    with pytest.raises(SaveError, match=r"does not replay: action \d+ .*not in the hand"):
        loads_save(bad, "bad.toml")


def test_a_decision_out_of_turn_does_not_replay() -> None:
    text = good_text()
    bad = with_entry(text, 1, "0 wrench option")
    with pytest.raises(SaveError, match=r"does not replay: action 1 .*must decide 'face'"):
        loads_save(bad, "bad.toml")


def without_resources(text: str) -> str:
    doc = tomllib.loads(text)
    del doc["resources"]
    return tomli_w.dumps(doc)


def test_an_unknown_course_lists_the_valid_ones() -> None:
    """Without the save's copy of its course, the course id must name one."""
    text = without_resources(good_text()).replace('course = "first-steps"', 'course = "moon-base"')
    with pytest.raises(SaveError, match=r"no course 'moon-base'; valid courses: .*first-steps"):
        loads_save(text, "bad.toml")


def test_an_edited_snapshot_or_hash_is_refused() -> None:
    text = good_text()
    bad = re.sub(r'state_hash = "[0-9a-f]+"', 'state_hash = "' + "0" * 64 + '"', text)
    with pytest.raises(SaveError, match="does not match its hash"):
        loads_save(bad, "bad.toml")
    bad = text.replace("turn = ", "turn = 1", 1)
    with pytest.raises(SaveError):
        loads_save(bad, "bad.toml")


def test_a_save_replays_on_its_own_copy_of_a_changed_or_deleted_course(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save keeps copies of the course and board files: editing a board or deleting
    the course afterwards does not break it, and it is saved again with the same copies;
    a save without copies whose board changed fails with a hash error."""
    user = tmp_path / "roborally"
    (user / "boards").mkdir(parents=True)
    (user / "courses").mkdir()
    monkeypatch.setattr(boardfile, "user_dir", lambda: user)
    shutil.copy(boardfile.BOARDS_DIR / "crossroads.toml", user / "boards" / "my-floor.toml")
    shutil.copy(boardfile.BOARDS_DIR / "dock.toml", user / "boards" / "dock.toml")
    (user / "courses" / "my-course.toml").write_text(
        'name = "Mine"\nflags = ["my-floor:e9", "my-floor:j2"]\n\n[[boards]]\n'
        'board = "my-floor"\nat = [0, 0]\n\n[[boards]]\nboard = "dock"\nat = [0, 12]\n'
    )
    assert "my-course" in boardfile.course_ids()
    match = random_match(5, 2, {"course": "my-course", "max_turns": 4}, actions=12)
    text = dumps_save(saved_of(match))
    assert loads_save(text, "mine.toml").match.state.fingerprint() == match.state.fingerprint()
    assert "[resources]" in text and "board.my-floor" in text and "board.dock" in text
    board = user / "boards" / "my-floor.toml"
    board.write_text(board.read_text().replace('"d3 S",', '"d3 S", "e5 E",'))
    loaded = loads_save(text, "mine.toml")
    assert loaded.match.state.fingerprint() == match.state.fingerprint()
    assert loaded.match.options["course"].startswith("my-course@")  # the saved copy
    again = dumps_save(loaded)  # saved again: the same copies, still loadable
    assert loads_save(again, "mine.toml").match.state.fingerprint() == match.state.fingerprint()
    (user / "courses" / "my-course.toml").unlink()
    assert loads_save(text, "mine.toml").match.state.fingerprint() == match.state.fingerprint()
    with pytest.raises(SaveError, match="no course 'my-course'"):
        loads_save(without_resources(text), "mine.toml")
    (user / "courses" / "my-course.toml").write_text(
        'name = "Mine"\nflags = ["my-floor:e9", "my-floor:j2"]\n\n[[boards]]\n'
        'board = "my-floor"\nat = [0, 0]\n\n[[boards]]\nboard = "dock"\nat = [0, 12]\n'
    )
    with pytest.raises(SaveError, match="does not match its hash"):
        loads_save(without_resources(text), "mine.toml")


def test_random_corruption_of_a_roborally_save_is_always_a_save_error() -> None:
    text = good_text()
    rng = random.Random(4)
    for _ in range(150):
        chars = list(text)
        for _ in range(3):
            chars[rng.randrange(len(chars))] = rng.choice('x"0,; \n[]=')
        try:
            loads_save("".join(chars), "junk.toml")
        except SaveError as exc:
            assert "\n" not in str(exc)


def test_a_course_with_its_board_beside_its_folder_resumes_after_the_board_goes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/boards.md: a course's boards are looked up in a ``boards`` folder next to the
    course's folder. The save must embed such a board too (it looked in ``courses/boards``),
    so the game resumes after the board file is moved away."""
    monkeypatch.setattr(boardfile, "user_dir", lambda: tmp_path / "no-user-data")
    project = tmp_path / "my-project"
    (project / "courses").mkdir(parents=True)
    (project / "boards").mkdir()
    shutil.copy(boardfile.BOARDS_DIR / "crossroads.toml", project / "boards" / "side-floor.toml")
    course = project / "courses" / "beside.toml"
    course.write_text(
        'name = "Beside"\nflags = ["side-floor:e9", "side-floor:j2"]\n\n[[boards]]\n'
        'board = "side-floor"\nat = [0, 0]\n\n[[boards]]\nboard = "dock"\nat = [0, 12]\n'
    )
    match = random_match(7, 2, {"course": str(course), "max_turns": 4}, actions=10)
    assert match.log  # a few actions played
    text = dumps_save(saved_of(match))
    assert "board.side-floor" in text
    (project / "boards" / "side-floor.toml").rename(tmp_path / "moved.toml")
    loaded = loads_save(text, "beside.toml")
    assert loaded.match.state.fingerprint() == match.state.fingerprint()
    assert loaded.match.log == match.log
