"""Saving and loading games: round trips, atomic writes, lookup, migrations, fixtures."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
import tomllib
from datetime import UTC, datetime
from pathlib import Path

import platformdirs
import pytest

import saves
import saves.format
import saves.store
from engines.match import Match
from engines.registry import get_game
from saves import (
    FORMAT_VERSION,
    PlayerEntry,
    SavedGame,
    SaveError,
    default_save_dir,
    delete_save,
    dumps_save,
    find_save,
    list_saves,
    load_save,
    loads_save,
    newest_save,
    read_summary,
    resolve_save_dir,
    save_path,
    unique_name,
    write_save,
)

FIXTURES = Path(__file__).parents[1] / "fixtures" / "saves"
WHEN = datetime(2026, 11, 22, 14, 5, 12, tzinfo=UTC)
PLAYERS = [PlayerEntry("You", "human"), PlayerEntry("Robot", "computer", "random")]


def make_match(seed: int, moves: int, hand: str = "full", first: str = "rows") -> Match:
    """A Robot Master match after ``moves`` random (seeded) moves."""
    match = Match(get_game("robot-master"), 2, {"hand": hand, "first": first}, seed)
    rng = random.Random(seed * 7919 + moves)
    for _ in range(moves):
        if match.state.is_terminal():
            break
        match.play(rng.choice(match.state.legal_actions()))
    return match


def make_saved(
    name: str = "robot-master 2026-11-22 14-05", seed: int = 2026, moves: int = 6, **kw: str
) -> SavedGame:
    players = [PlayerEntry(p.name, p.kind, p.level) for p in PLAYERS]
    return SavedGame(name, make_match(seed, moves, **kw), players, WHEN, WHEN)


def good_text(seed: int = 2026, moves: int = 6, **kw: str) -> str:
    return dumps_save(make_saved(seed=seed, moves=moves, **kw))


def assert_same_game(a: SavedGame, b: SavedGame) -> None:
    assert b.match.state.fingerprint() == a.match.state.fingerprint()
    assert b.match.state.canonical() == a.match.state.canonical()
    assert b.match.state.move_number == a.match.state.move_number
    assert b.match.log == a.match.log
    assert b.match.seed == a.match.seed
    assert b.match.options == a.match.options
    assert b.match.spec is a.match.spec
    assert b.players == a.players
    assert b.name == a.name


# -- round trips -------------------------------------------------------------


@pytest.mark.parametrize("hand", ["full", "five"])
def test_round_trip_every_move_of_200_random_games(hand: str, tmp_path: Path) -> None:
    """100 seeded games per hand mode (200 in all): identical state after save → load."""
    firsts = ["rows", "columns", "random"]
    for game in range(100):
        seed = 10_000 * (hand == "five") + game
        match = Match(get_game("robot-master"), 2, {"hand": hand, "first": firsts[game % 3]}, seed)
        rng = random.Random(seed)
        saved = SavedGame(f'game {game} ♜ "quoted"', match, list(PLAYERS), WHEN, WHEN)
        while True:
            if (game + match.state.move_number) % 25 == 0:  # real files now and then
                path = write_save(tmp_path, saved)
                loaded = load_save(path)
                assert loaded.path == path
            else:
                loaded = loads_save(dumps_save(saved), "memory.toml")
            assert_same_game(saved, loaded)
            assert loaded.match.state.is_terminal() == match.state.is_terminal()
            if match.state.is_terminal():
                break
            match.play(rng.choice(match.state.legal_actions()))
        assert match.state.move_number == 24
        # the loaded game plays on exactly like the original
        assert loaded.match.state.result() == match.state.result()


def test_loaded_game_continues_identically() -> None:
    saved = make_saved(moves=9, hand="five")
    loaded = loads_save(dumps_save(saved), "x.toml")
    rng = random.Random(5)
    while not saved.match.state.is_terminal():
        action = rng.choice(saved.match.state.legal_actions())
        saved.match.play(action)
        loaded.match.play(action)
        assert loaded.match.state.fingerprint() == saved.match.state.fingerprint()


def test_text_is_readable_toml_with_documented_keys() -> None:
    text = good_text(moves=3)
    assert text.startswith("# robotui saved game")
    doc = tomllib.loads(text)
    assert doc["format"] == FORMAT_VERSION == 1
    assert doc["game"] == "robot-master"
    assert doc["seed"] == 2026
    assert doc["options"] == {"first": "rows", "hand": "full"}
    assert doc["players"] == [
        {"name": "You", "kind": "human"},
        {"name": "Robot", "kind": "computer", "level": "random"},
    ]
    assert [a.split(" ")[0] for a in doc["log"]["actions"]] == ["0", "1", "0"]
    assert doc["created"] == WHEN
    snap = doc["snapshot"]
    assert snap["move"] == 3 and snap["to_move"] == "columns"
    assert len(snap["board"]) == 5 and snap["board"][0].startswith("5: ")
    assert len(doc["check"]["state_hash"]) == 64
    assert "[[players]]" in text and "[options]" in text and "[check]" in text
    assert "row_scores = [" in text  # short number arrays stay on one line


def test_finished_game_snapshot_says_nobody() -> None:
    saved = make_saved(moves=24)
    doc = tomllib.loads(dumps_save(saved))
    assert doc["snapshot"]["to_move"] == "nobody"
    assert read_finished(saved)


def read_finished(saved: SavedGame) -> bool:
    return loads_save(dumps_save(saved), "f.toml").match.state.is_terminal()


def test_times_are_utc_and_iso_strings_are_accepted() -> None:
    text = good_text().replace(
        "created = 2026-11-22 14:05:12+00:00", 'created = "2026-11-22T15:05:12+01:00"'
    )
    text = text.replace("updated = 2026-11-22 14:05:12+00:00", "updated = 2026-11-22T14:05:12")
    loaded = loads_save(text, "t.toml")
    assert loaded.created == WHEN and loaded.created.tzinfo is not None
    assert loaded.updated == WHEN


# -- files on disk -------------------------------------------------------------


def test_write_creates_directory_sets_path_and_updated(tmp_path: Path) -> None:
    directory = tmp_path / "deep" / "saves"
    saved = make_saved()
    before = datetime.now(UTC).replace(microsecond=0)
    path = write_save(directory, saved)
    assert path == save_path(directory, saved.name) == saved.path
    assert path.name == "robot-master-2026-11-22-14-05.toml"
    assert saved.updated >= before and saved.updated.tzinfo is not None
    assert saved.created == WHEN
    loaded = load_save(path)
    assert loaded.updated == saved.updated and loaded.created == WHEN
    assert_same_game(saved, loaded)
    assert [p.name for p in directory.iterdir()] == [path.name]  # no temp files left


def test_resave_writes_back_to_the_same_file(tmp_path: Path) -> None:
    saved = make_saved()
    path = write_save(tmp_path, saved)
    renamed = tmp_path / "my-own-name.toml"
    path.rename(renamed)
    loaded = load_save(renamed)
    loaded.match.play(loaded.match.state.legal_actions()[0])
    assert write_save(tmp_path, loaded) == renamed
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my-own-name.toml"]
    assert load_save(renamed).match.state.move_number == 7


def test_write_refuses_to_overwrite_another_save(tmp_path: Path) -> None:
    write_save(tmp_path, make_saved("My Game"))
    with pytest.raises(SaveError, match=r"already holds the save 'My Game'"):
        write_save(tmp_path, make_saved("my  game"))  # same file name, different save
    # a name differing only in case is the same name (like find_save and unique_name)
    write_save(tmp_path, make_saved("MY GAME"))
    assert load_save(save_path(tmp_path, "My Game")).name == "MY GAME"
    # the same name again is an explicit overwrite
    again = make_saved("My Game", moves=2)
    write_save(tmp_path, again)
    assert load_save(again.path).match.state.move_number == 2  # type: ignore[arg-type]
    save_path(tmp_path, "junk").write_text("not a save")
    with pytest.raises(SaveError, match="not a readable save"):
        write_save(tmp_path, make_saved("junk"))
    assert save_path(tmp_path, "junk").read_text() == "not a save"


def test_write_rejects_bad_names_and_player_counts(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="name is empty"):
        write_save(tmp_path, make_saved("   "))
    with pytest.raises(SaveError, match="control characters"):
        write_save(tmp_path, make_saved("a\nb"))
    saved = make_saved()
    saved.players.append(PlayerEntry("Extra", "human"))
    with pytest.raises(SaveError, match="3 players"):
        write_save(tmp_path, saved)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("fail_in", ["fsync", "replace", "write"])
def test_atomic_write_keeps_old_file_on_failure(
    fail_in: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = make_saved()
    path = write_save(tmp_path, saved)
    old_bytes = path.read_bytes()
    old_mtime = path.stat().st_mtime_ns
    old_updated = saved.updated
    saved.match.play(saved.match.state.legal_actions()[0])

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    if fail_in == "write":
        real_fdopen = os.fdopen

        class HalfWriter:
            def __init__(self, handle: object) -> None:
                self.handle = handle

            def __enter__(self) -> HalfWriter:
                return self

            def __exit__(self, *exc: object) -> None:
                self.handle.close()  # type: ignore[attr-defined]

            def write(self, data: bytes) -> None:
                self.handle.write(data[: len(data) // 2])  # type: ignore[attr-defined]
                raise OSError(28, "No space left on device")

        monkeypatch.setattr(
            saves.store.os, "fdopen", lambda fd, mode: HalfWriter(real_fdopen(fd, mode))
        )
    else:
        monkeypatch.setattr(saves.store.os, fail_in, boom)
    with pytest.raises(SaveError) as info:
        write_save(tmp_path, saved)
    assert str(info.value) == f"{path.name}: cannot be written (No space left on device)"
    monkeypatch.undo()
    assert path.read_bytes() == old_bytes
    assert path.stat().st_mtime_ns == old_mtime
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # temp file removed
    assert saved.updated == old_updated  # unchanged when the write failed
    assert load_save(path).match.state.move_number == 6


def test_load_never_modifies_the_file(tmp_path: Path) -> None:
    path = write_save(tmp_path, make_saved())
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    load_save(path)
    read_summary(path)
    list_saves(tmp_path)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def test_summary(tmp_path: Path) -> None:
    path = write_save(tmp_path, make_saved(moves=24))
    summary = read_summary(path)
    assert summary.name == "robot-master 2026-11-22 14-05"
    assert summary.path == path
    assert (summary.game_id, summary.game_name) == ("robot-master", "Robot Master")
    assert summary.move_number == 24 and summary.finished
    assert summary.players == PLAYERS
    assert summary.updated.tzinfo is not None


# -- directories, names and lookup ---------------------------------------------


def test_default_and_resolved_save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ROBOTUI_SAVE_DIR", raising=False)
    assert default_save_dir() == Path(platformdirs.user_data_dir("robotui")) / "saves"
    monkeypatch.setenv("ROBOTUI_SAVE_DIR", str(tmp_path / "env"))
    assert default_save_dir() == tmp_path / "env"
    assert resolve_save_dir(None) == tmp_path / "env"
    assert resolve_save_dir(str(tmp_path / "cli")) == tmp_path / "cli"
    assert resolve_save_dir(tmp_path / "cli") == tmp_path / "cli"
    monkeypatch.setenv("ROBOTUI_SAVE_DIR", "")
    assert default_save_dir() == Path(platformdirs.user_data_dir("robotui")) / "saves"


@pytest.mark.parametrize(
    "name",
    ["../../etc/passwd", "a/b\\c:d*e?f", "", "   ", "CON", "nul.txt", "ゲーム", "x" * 500,
     ".hidden", "Ñandú día 1"],
)  # fmt: skip
def test_save_path_is_a_safe_file_in_the_directory(name: str, tmp_path: Path) -> None:
    path = save_path(tmp_path, name)
    assert path.parent == tmp_path
    assert path.suffix == ".toml" and len(path.name) <= 100
    stem = path.stem
    assert stem and not stem.startswith(".") and stem.lower() not in {"con", "nul"}
    assert all(ch.isascii() and (ch.isalnum() or ch in "-._") for ch in stem)


def test_save_path_examples(tmp_path: Path) -> None:
    assert save_path(tmp_path, "robot-master 2026-11-22 14-05").name == (
        "robot-master-2026-11-22-14-05.toml"
    )
    assert save_path(tmp_path, "Ñandú día 1").name == "nandu-dia-1.toml"
    assert save_path(tmp_path, "ゲーム") != save_path(tmp_path, "ロボット")


def test_list_newest_first_and_missing_dir(tmp_path: Path) -> None:
    assert list_saves(tmp_path / "missing") == ([], [])
    assert newest_save(tmp_path / "missing") is None
    paths = []
    for i, stamp in enumerate(["2026-01-02", "2026-03-04", "2026-02-03"]):
        path = write_save(tmp_path, make_saved(f"game {i}", seed=i))
        text = "\n".join(
            f"updated = {stamp} 10:00:00+00:00" if line.startswith("updated = ") else line
            for line in path.read_text().splitlines()
        )
        path.write_text(text + "\n")
        paths.append(path)
    (tmp_path / "notes.txt").write_text("not a save, not listed")
    good, bad = list_saves(tmp_path)
    assert bad == []
    assert [s.name for s in good] == ["game 1", "game 2", "game 0"]
    newest = newest_save(tmp_path)
    assert newest is not None and newest.name == "game 1"


def test_find_save_by_name_stem_file_and_path(tmp_path: Path) -> None:
    path = write_save(tmp_path, make_saved("Evening Duel"))
    assert find_save(tmp_path, "Evening Duel") == path
    assert find_save(tmp_path, "evening duel") == path
    assert find_save(tmp_path, path.stem) == path
    assert find_save(tmp_path, path.name) == path
    assert find_save(tmp_path / "elsewhere", str(path)) == path
    other = path.rename(tmp_path / "renamed.toml")
    assert find_save(tmp_path, "Evening Duel") == other
    with pytest.raises(SaveError) as info:
        find_save(tmp_path, "Morning")
    assert str(info.value) == f"{tmp_path}: no save named 'Morning'; saves here: 'Evening Duel'"
    with pytest.raises(SaveError, match="there are no saves here"):
        find_save(tmp_path / "empty", "x")


def test_delete_save(tmp_path: Path) -> None:
    keep = write_save(tmp_path, make_saved("keep"))
    gone = write_save(tmp_path, make_saved("gone"))
    assert delete_save(tmp_path, "gone") == gone
    assert not gone.exists() and keep.exists()
    with pytest.raises(SaveError, match="no save named 'gone'"):
        delete_save(tmp_path, "gone")
    outside = write_save(tmp_path / "other", make_saved("outside"))
    with pytest.raises(SaveError, match="not in the save directory"):
        delete_save(tmp_path, str(outside))
    assert outside.exists()


def test_unique_name(tmp_path: Path) -> None:
    base = saves.default_save_name("robot-master", WHEN)
    assert base.startswith("robot-master 2026-11-22 ")
    assert unique_name(tmp_path, base) == base
    write_save(tmp_path, make_saved(base))
    assert unique_name(tmp_path, base) == f"{base} (2)"
    write_save(tmp_path, make_saved(f"{base} (2)"))
    assert unique_name(tmp_path, base) == f"{base} (3)"
    assert unique_name(tmp_path, base.upper()) == f"{base.upper()} (3)"


def test_unique_name_of_a_very_long_name_is_found_at_once(tmp_path: Path) -> None:
    """A second game saved as 300 letters must not loop for ever on numbered candidates that
    all cut to the same 80-character file name: names are kept to NAME_LIMIT characters."""
    long = "L" * 300 + "Z"
    first = unique_name(tmp_path, long)
    assert first == "L" * saves.NAME_LIMIT
    write_save(tmp_path, make_saved(first))
    second = unique_name(tmp_path, long)
    assert second == f"{first} (2)" and save_path(tmp_path, second) != save_path(tmp_path, first)
    assert saves.clean_name("a\n b\x1b[1m c") == "a b c"


# -- format versions -------------------------------------------------------------


def fixture_recipe() -> SavedGame:
    """How ``format-1-robot-master.toml`` was made (seed 424242, five-card hands, 11 moves)."""
    saved = make_saved("fixture game, format 1", seed=424242, moves=11, hand="five")
    saved.players = [PlayerEntry("Ada", "human"), PlayerEntry("Robo", "computer", "random")]
    return saved


def write_fixture() -> Path:  # pragma: no cover - run by hand when a format is released
    saved = fixture_recipe()
    path = FIXTURES / "format-1-robot-master.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps_save(saved), encoding="utf-8")
    return path


def test_every_released_format_fixture_still_loads() -> None:
    fixtures = sorted(FIXTURES.glob("format-*.toml"))
    assert "format-1-robot-master.toml" in [p.name for p in fixtures]
    for path in fixtures:
        saved = load_save(path)
        assert saved.path == path
    saved = load_save(FIXTURES / "format-1-robot-master.toml")
    assert saved.name == "fixture game, format 1"
    assert saved.match.state.move_number == 11
    assert saved.match.options == {"first": "rows", "hand": "five"}
    assert saved.players[1] == PlayerEntry("Robo", "computer", "random")
    assert not saved.match.state.is_terminal()
    recipe = fixture_recipe()
    assert saved.match.log == recipe.match.log
    assert saved.match.state.fingerprint() == recipe.match.state.fingerprint()


def test_migration_chain_runs_step_by_step(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def one_to_two(doc: dict) -> dict:
        calls.append(doc["format"])
        doc["name"] = doc["name"] + " (from 1)"
        return doc

    def two_to_three(doc: dict) -> dict:
        calls.append(doc["format"])
        doc["seed"] = doc.pop("old_seed_key", doc["seed"])
        return doc

    monkeypatch.setattr(saves.format, "FORMAT_VERSION", 3)
    monkeypatch.setattr(saves.format, "MIGRATIONS", {1: one_to_two, 2: two_to_three})
    text = (FIXTURES / "format-1-robot-master.toml").read_text()
    loaded = loads_save(text, "old.toml")
    assert calls == [1, 2]
    assert loaded.name == "fixture game, format 1 (from 1)"
    assert loaded.match.state.move_number == 11
    assert tomllib.loads(dumps_save(loaded))["format"] == 3


def test_migration_gaps_and_failures_are_save_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (FIXTURES / "format-1-robot-master.toml").read_text()
    monkeypatch.setattr(saves.format, "FORMAT_VERSION", 2)
    monkeypatch.setattr(saves.format, "MIGRATIONS", {})
    with pytest.raises(SaveError, match="format 1 is too old"):
        loads_save(text, "old.toml")

    def broken(doc: dict) -> dict:
        raise KeyError("board")

    monkeypatch.setattr(saves.format, "MIGRATIONS", {1: broken})
    with pytest.raises(SaveError, match=r"old.toml: cannot upgrade from format 1 \(KeyError"):
        loads_save(text, "old.toml")


def test_saves_does_not_import_the_user_interface() -> None:
    code = (
        "import sys, saves; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'screens', 'robotui')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_sample_in_the_format_docs_loads() -> None:
    doc = saves.format.__doc__ or ""
    sample = doc[doc.index("three moves in)::") + len("three moves in)::") :]
    sample = sample[: sample.index("Rules for readers")]
    text = textwrap.dedent(sample).strip() + "\n"
    loaded = loads_save(text, "sample.toml")
    assert loaded.match.state.move_number == 3
    assert dumps_save(loaded) == text


def test_windows_line_endings_and_byte_order_mark_are_fine(tmp_path: Path) -> None:
    text = good_text()
    path = tmp_path / "windows.toml"
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    assert load_save(path).match.state.move_number == 6
    assert loads_save("\ufeff" + text, "bom.toml").match.state.move_number == 6
