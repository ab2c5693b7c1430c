"""Damaged, edited and foreign files: each gives one clear SaveError and harms nothing."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from saves import SaveError, list_saves, load_save, loads_save, read_summary, write_save
from tests.platform.test_saves import good_text, make_saved

GOOD = good_text(seed=77, moves=8)


def edit(pattern: str, replacement: str, count: int = 1) -> bytes:
    """The good text with one regex edit (which must apply)."""
    text, done = re.subn(pattern, replacement, GOOD, count=count, flags=re.MULTILINE)
    assert done, pattern
    return text.encode()


def drop_line(prefix: str) -> bytes:
    lines = GOOD.splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.startswith(prefix))
    return "".join(lines[:index] + lines[index + 1 :]).encode()


def drop_table(header: str) -> bytes:
    """The good text without the table ``[header]`` and its keys."""
    out, skipping = [], False
    for line in GOOD.splitlines(keepends=True):
        if line.startswith("["):
            skipping = line.strip() == f"[{header}]"
        if not skipping:
            out.append(line)
    return "".join(out).encode()


def log_actions() -> list[str]:
    return re.findall(r'^    "(\d+ [^"]+)",$', GOOD, flags=re.MULTILINE)


def replace_action(number: int, new: str) -> bytes:
    old = log_actions()[number - 1]
    return edit(rf'^    "{re.escape(old)}",$', f'    "{new}",')


def first_cell() -> str:
    return log_actions()[0].split("@")[1]


# name → (file bytes, a piece of the expected message, as a regex)
BAD: dict[str, tuple[Callable[[], bytes], str]] = {
    "empty": (lambda: b"", r"the file is empty"),
    "only-whitespace": (lambda: b"\n  \n\t\n", r"the file is empty"),
    "not-toml": (
        lambda: b"format = 1\nthis is not toml {{{\n",
        r"not valid TOML at line 2, column \d+ \(",
    ),
    "truncated-mid-string": (
        lambda: GOOD[: GOOD.index('"1 ') + 3].encode(),
        r"not valid TOML at line \d+, column \d+ \(.*cut short",
    ),
    "truncated-before-check": (lambda: GOOD[: GOOD.index("[check]")].encode(), "'check'"),
    "binary-junk": (
        lambda: random.Random(3).randbytes(4096),
        r"not a text file",
    ),
    "not-utf8": (lambda: 'format = 1\nname = "café"\n'.encode("latin-1"), r"not UTF-8"),
    "png-header": (lambda: b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, r"not a text file"),
    "five-mb-junk": (lambda: b"x" * 5_000_000, r"too large to be a save \(5\.0 MB\)"),
    "deeply-nested": (lambda: b"format = 1\na = " + b"[" * 50_000, r"not valid TOML"),
    "json": (lambda: b'{"format": 1, "game": "robot-master"}', r"not valid TOML at line 1"),
    "no-format": (lambda: drop_line("format = "), r"missing key 'format': this is not"),
    "format-string": (
        lambda: edit(r"^format = 1$", 'format = "1"'),
        r"'format' should be an integer, not a string",
    ),
    "future-format": (
        lambda: edit(r"^format = 1$", "format = 2"),
        r"saved by a newer robotui \(format 2, this version reads up to 1\)$",
    ),
    "format-zero": (lambda: edit(r"^format = 1$", "format = 0"), r"unknown save format 0"),
    "missing-game": (lambda: drop_line("game = "), r"missing key 'game'$"),
    "missing-name": (lambda: drop_line("name = "), r"missing key 'name'$"),
    "missing-created": (lambda: drop_line("created = "), r"missing key 'created'$"),
    "missing-updated": (lambda: drop_line("updated = "), r"missing key 'updated'$"),
    "missing-seed": (lambda: drop_line("seed = "), r"missing key 'seed'$"),
    "missing-options": (lambda: drop_table("options"), r"missing key 'options'$"),
    "missing-players": (
        lambda: re.sub(r"\[\[players\]\]\n(\w+ = .*\n)+\n?", "", GOOD).encode(),
        r"missing key 'players'$",
    ),
    "missing-log": (lambda: drop_table("log"), r"missing key 'log'$"),
    "missing-snapshot": (lambda: drop_table("snapshot"), r"missing key 'snapshot'$"),
    "missing-check": (lambda: drop_table("check"), r"missing key 'check'$"),
    "missing-hash": (lambda: drop_line("state_hash = "), r"missing key 'check.state_hash'$"),
    "missing-player-kind": (
        lambda: edit(r'^kind = "human"\n', ""),
        r"missing key 'players\[0\]\.kind'$",
    ),
    "missing-computer-level": (
        lambda: edit(r'^level = "random"\n', ""),
        r"missing key 'players\[1\]\.level'$",
    ),
    "seed-string": (
        lambda: edit(r"^seed = (\d+)$", r'seed = "\1"'),
        r"'seed' should be an integer, not a string$",
    ),
    "seed-boolean": (
        lambda: edit(r"^seed = (\d+)$", "seed = true"),
        r"'seed' should be an integer, not a boolean$",
    ),
    "name-number": (
        lambda: edit(r"^name = .*$", "name = 12"),
        r"'name' should be a string, not an integer$",
    ),
    "created-date-only": (
        lambda: edit(r"^created = .*$", "created = 2026-11-22"),
        r"'created' should be a date and time, not a date$",
    ),
    "updated-bad-string": (
        lambda: edit(r"^updated = .*$", 'updated = "yesterday"'),
        r"'updated' is not a date and time",
    ),
    "options-not-table": (
        lambda: re.sub(
            r"^seed = (\d+)$",
            r'seed = \1\noptions = "full"',
            drop_table("options").decode(),
            flags=re.MULTILINE,
        ).encode(),
        r"'options' should be a table, not a string$",
    ),
    "log-actions-numbers": (
        lambda: edit(r"^actions = \[\n(    .*\n)*\]", "actions = [1, 2]"),
        r"log action 1 should be a string, not an integer$",
    ),
    "log-entry-shape": (
        lambda: replace_action(2, "3@c2"),
        r"log action 2 \('3@c2'\) should be a seat number, a space and the action",
    ),
    "log-seat-out-of-range": (
        lambda: replace_action(1, "5 " + log_actions()[0].split(" ")[1]),
        r"log action 1 .* names seat 5, but there are only 2 players",
    ),
    "player-kind": (
        lambda: edit(r'^kind = "human"$', 'kind = "robot"'),
        r"'players\[0\]\.kind' should be \"human\" or \"computer\", not 'robot'$",
    ),
    "player-level-unknown": (
        lambda: edit(r'^level = "random"$', 'level = "grandmaster"'),
        r"'players\[1\]\.level' 'grandmaster' is not a computer level of robot-master",
    ),
    "player-level-a-module": (  # would be imported on the first computer move, then crash
        lambda: edit(r'^level = "random"$', 'level = "antigravity:Fly"'),
        r"'players\[1\]\.level' 'antigravity:Fly' is not a computer level of robot-master",
    ),
    "three-players": (
        lambda: edit(r"^\[log\]$", '[[players]]\nname = "Third"\nkind = "human"\n\n[log]'),
        r"Robot Master needs exactly 2 players, not 3$",
    ),
    "unknown-game": (
        lambda: edit(r'^game = "robot-master"$', 'game = "chess"'),
        r"saved for an unknown game 'chess'; valid games: (\S+, )*robot-master(, \S+)*$",
    ),
    "unknown-option": (
        lambda: edit(r"^\[options\]$", '[options]\nspeed = "fast"'),
        r"unknown option 'speed' for robot-master; valid options: first, hand$",
    ),
    "bad-option-value": (
        lambda: edit(r'^hand = "full"$', 'hand = "six"'),
        r"option hand cannot be 'six'; valid values: full, five$",
    ),
    "replay-occupied-cell": (
        lambda: replace_action(3, f"0 1@{first_cell()}"),
        r"the action log does not replay: action 3 \('0 1@.*' is not legal|"
        r"the action log does not replay: action 3 \('1@\w+'\) is not legal: ",
    ),
    "replay-wrong-seat": (
        lambda: replace_action(2, "0 " + log_actions()[1].split(" ")[1]),
        r"the action log does not replay: action 2 \('[0-5]@\w+'\) is not legal: it is",
    ),
    "replay-garbage-action": (
        lambda: replace_action(4, "1 hello"),
        r"the action log does not replay: action 4 \('hello'\) is not legal",
    ),
    "edited-hash": (
        lambda: edit(r'^state_hash = "[0-9a-f]', 'state_hash = "g'),
        r"the position does not match its hash: the file was edited or is damaged$",
    ),
    "edited-board": (
        lambda: edit(r'^    "1: (.*)",$', r'    "1: 5 5 5 5 5",'),
        r"the position does not match its hash: .*'snapshot\.board' differs",
    ),
    "edited-seed": (
        lambda: edit(r"^seed = (\d+)$", "seed = 78"),
        r"(does not replay|does not match its hash)",
    ),
}


@pytest.fixture
def save_dir(tmp_path: Path) -> Path:
    """A save directory with two good saves."""
    write_save(tmp_path, make_saved("good one", seed=1))
    write_save(tmp_path, make_saved("good two", seed=2, moves=24))
    return tmp_path


def check_error(error: SaveError, file_name: str, expected: str) -> None:
    message = str(error)
    assert "\n" not in message and "\r" not in message
    assert message.startswith(f"{file_name}: "), message
    assert re.search(expected, message), message
    assert "Traceback" not in message


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_file_gives_one_clear_error_and_is_untouched(case: str, save_dir: Path) -> None:
    content, expected = BAD[case]
    data = content()
    path = save_dir / f"{case}.toml"
    path.write_bytes(data)
    mtime = path.stat().st_mtime_ns

    with pytest.raises(SaveError) as info:
        load_save(path)
    check_error(info.value, path.name, expected)
    assert info.value.path == path
    with pytest.raises(SaveError) as info:
        read_summary(path)
    check_error(info.value, path.name, expected)

    good, bad = list_saves(save_dir)
    assert sorted(s.name for s in good) == ["good one", "good two"]
    assert [str(e) for e in bad] == [str(info.value)]

    assert path.read_bytes() == data
    assert path.stat().st_mtime_ns == mtime


def test_the_good_text_itself_loads() -> None:
    assert loads_save(GOOD, "good.toml").match.state.move_number == 8


def test_edited_log_that_still_replays_fails_the_hash_check() -> None:
    saved = make_saved(seed=77, moves=8)
    last = saved.match.log[-1]
    state = saved.match.truncated(7).state
    spec = saved.match.spec
    other = next(
        spec.encode_action(a) for a in state.legal_actions() if spec.encode_action(a) != last.text
    )
    text = GOOD.replace(f'"{last.seat} {last.text}"', f'"{last.seat} {other}"')
    with pytest.raises(SaveError) as info:
        loads_save(text, "edited.toml")
    check_error(info.value, "edited.toml", r"does not match its hash")


def test_every_truncation_is_a_clean_error() -> None:
    for cut in range(0, len(GOOD) - 1, 7):
        text = GOOD[:cut]
        try:
            loads_save(text, "cut.toml")
        except SaveError as exc:
            check_error(exc, "cut.toml", ".")
        else:  # pragma: no cover - only the whole text is a save
            pytest.fail(f"truncated at {cut} loaded")


def test_random_corruption_never_escapes_as_another_exception() -> None:
    rng = random.Random(99)
    data = GOOD.encode()
    loaded = 0
    for _ in range(400):
        damaged = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        text = bytes(damaged).decode("utf-8", "replace")
        try:
            loads_save(text, "fuzz.toml")
            loaded += 1
        except SaveError as exc:
            check_error(exc, "fuzz.toml", ".")
    assert loaded < 400


def test_missing_file_directory_and_special_files(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as info:
        load_save(tmp_path / "nope.toml")
    check_error(info.value, "nope.toml", "no such file$")
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    with pytest.raises(SaveError) as info:
        load_save(folder)
    check_error(info.value, "folder.toml", "is a directory")
    write_save(tmp_path, make_saved("fine"))
    good, bad = list_saves(tmp_path)
    assert [s.name for s in good] == ["fine"] and len(bad) == 1


def test_list_saves_on_a_file_instead_of_a_directory(tmp_path: Path) -> None:
    not_dir = tmp_path / "file"
    not_dir.write_text("x")
    good, bad = list_saves(not_dir)
    assert good == [] and len(bad) == 1 and "is not a directory" in str(bad[0])


def test_a_name_with_control_characters_loads_on_one_line(tmp_path: Path) -> None:
    """A hand-edited name with a newline must not crash `saves list`, nor one with an escape
    sequence reach the terminal or fail to save again. A line break becomes a
    space and an escape sequence goes whole (engines.safe_text) when the file is read, and
    the game saves under that name."""
    for raw, shown in (("line1\\nline2", "line1 line2"), ("a\\u001b[31mred\\u0007", "ared")):
        folder = tmp_path / str(len(raw))
        folder.mkdir()
        path = folder / "x.toml"
        line = f'name = "{raw}"'  # TOML escapes: \\n, \\u001b
        text = re.sub(
            r'^name = ".*"$', lambda _, line=line: line, GOOD, count=1, flags=re.MULTILINE
        )
        path.write_bytes(text.encode())
        saved = load_save(path)
        assert saved.name == shown
        (summary,), bad = list_saves(folder)
        assert not bad and summary.name == shown
        write_save(folder, saved)  # and it saves again, in its own file
        assert load_save(path).name == shown


def stak_bots_text() -> str:
    from datetime import UTC, datetime

    from engines.match import Match
    from engines.registry import get_game
    from saves import PlayerEntry, SavedGame, dumps_save

    match = Match(get_game("stak-bots"), 2, {}, 3)
    when = datetime(2026, 11, 22, 14, 5, tzinfo=UTC)
    players = [PlayerEntry("You", "human"), PlayerEntry("Robot", "computer", "random")]
    return dumps_save(SavedGame("stak", match, players, when, when))


@pytest.mark.parametrize(
    ("pattern", "replacement", "message"),
    [
        # 9.0 equals 9, so it would pass the choices check and break the deal (TypeError)
        (
            r"^depth = 9$",
            "depth = 9.0",
            r"'options\.depth' should be an integer, not a decimal number \(9\.0\)$",
        ),
        (r"^depth = 9$", "depth = true", r"'options\.depth' should be an integer, not a boolean"),
        (r'^reactive = "off"$', "reactive = 0", r"'options\.reactive' should be a string, not an"),
        (r'^cards = "default"$', "cards = 5", r"'options\.cards' should be a string, not an int"),
        # not read as a file name ("File name too long" from the loader's catch-all)
        (
            r'^cards = "default"$',
            'cards = "' + "x" * 5000 + '"',
            r"option cards names a file; a save keeps its card set inline$",
        ),
    ],
    ids=["float-depth", "bool-depth", "int-choice", "int-text", "long-cards"],
)
def test_an_option_of_the_wrong_type_is_named(pattern: str, replacement: str, message: str) -> None:
    text, done = re.subn(pattern, replacement, stak_bots_text(), count=1, flags=re.MULTILINE)
    assert done, pattern
    with pytest.raises(SaveError) as info:
        loads_save(text, "stak.toml")
    problem = str(info.value)
    assert re.search(message, problem), problem
    assert "Error:" not in problem and "\n" not in problem and len(problem) < 200
