"""A save folder robotui may not read (mode 000 or 644) and the temporary files a killed
write leaves behind.

The tests run as root, whom chmod does not stop, so an unreadable folder is simulated: the
``os`` calls a non-root user would see fail raise PermissionError for that folder, as the
kernel would (000: nothing inside it and no listing; 644: a listing but nothing inside).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

import saves
from robotui import commands, launch
from saves import SaveError, find_save, list_saves, unique_name, write_save
from saves.store import STALE_TEMPORARY_SECONDS, sweep_temporary_files
from tests.platform.test_saves import make_saved

runner = CliRunner()


def lock(monkeypatch: pytest.MonkeyPatch, folder: Path, mode: str) -> None:
    """Make ``folder`` behave as if chmod ``mode`` (000 or 644) and we were not root."""
    root = os.path.abspath(folder)

    def denied(path: object, listing: bool = False) -> bool:
        if isinstance(path, int):
            return False
        raw = os.fsdecode(os.fspath(path))  # type: ignore[arg-type]
        full = os.path.abspath(raw)
        inside = full.startswith(root + os.sep) or (full == root and raw.endswith(os.sep + "."))
        return inside or (listing and mode == "000" and full == root)

    def wrap(name: str, listing: bool = False) -> None:
        real: Callable = getattr(os, name)

        def guarded(path=".", *args, **kwargs):  # type: ignore[no-untyped-def]
            if denied(path, listing):
                raise PermissionError(13, "Permission denied", os.fsdecode(os.fspath(path)))
            return real(path, *args, **kwargs)

        monkeypatch.setattr(os, name, guarded)

    for name in ("stat", "lstat", "open"):
        wrap(name)
    for name in ("scandir", "listdir"):
        wrap(name, listing=True)
    real_access = os.access
    monkeypatch.setattr(
        os,
        "access",
        lambda path, how, *a, **k: (
            False
            if denied(path, listing=True) or os.path.abspath(path) == root
            else real_access(path, how, *a, **k)
        ),
    )


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    save_dir = tmp_path / "saves"
    write_save(save_dir, make_saved("mine"))
    monkeypatch.setenv("ROBOTUI_SAVE_DIR", str(save_dir))
    return save_dir


def one_line_error(args: list[str], code: int = 1) -> str:
    result = runner.invoke(commands.app, args)
    assert result.exit_code == code, (result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.parametrize("mode", ["000", "644"])
@pytest.mark.parametrize(
    "args",
    [
        ["saves", "show", "mine"],
        ["saves", "delete", "mine", "--yes"],
        ["resume", "mine"],
        ["resume"],
        ["saves", "list"],
    ],
    ids=["show", "delete", "resume-name", "resume", "list"],
)
def test_an_unreadable_save_folder_is_one_line_and_exit_1(
    folder: Path, monkeypatch: pytest.MonkeyPatch, mode: str, args: list[str]
) -> None:
    lock(monkeypatch, folder, mode)
    line = one_line_error(args)
    assert "permission denied" in line and str(folder) in line


def test_play_refuses_an_unreadable_save_folder_before_the_game(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unreadable save folder is reported at once, not as a crash in unique_name once
    the app is up."""
    started: list[object] = []
    monkeypatch.setattr(launch, "start_app", started.append)
    lock(monkeypatch, folder, "000")
    line = one_line_error(["play", "robot-master"])
    assert "permission denied" in line and not started


def test_a_save_dir_option_of_mode_000_is_one_line(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--save-dir of mode 000 gives a one-line error, not click's four-line usage error."""
    monkeypatch.delenv("ROBOTUI_SAVE_DIR")
    lock(monkeypatch, folder, "000")
    line = one_line_error(["--save-dir", str(folder), "saves", "list"])
    assert line.startswith("Error: ") and "permission denied" in line


def test_a_save_dir_that_is_a_file_is_one_line(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    line = one_line_error(["--save-dir", str(not_a_folder), "saves", "list"])
    assert "is not a folder" in line


@pytest.mark.parametrize("mode", ["000", "644"])
def test_store_functions_raise_save_errors_not_permission_errors(
    folder: Path, monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    lock(monkeypatch, folder, mode)
    for call in (
        lambda: find_save(folder, "mine"),
        lambda: unique_name(folder, "new"),
        lambda: saves.check_save_dir(folder),
    ):
        with pytest.raises(SaveError, match="permission denied"):
            call()
    good, bad = list_saves(folder)
    assert good == [] and len(bad) == 1 and "permission denied" in str(bad[0])


def test_a_missing_save_folder_is_fine(tmp_path: Path) -> None:
    saves.check_save_dir(tmp_path / "not yet")  # the first save creates it


# -- temporary files of a killed write -------------------------------------------------


def leftover(folder: Path, name: str, age: float) -> Path:
    path = folder / name
    path.write_text("half a save")
    then = path.stat().st_mtime - age
    os.utime(path, (then, then))
    return path


def test_stale_temporary_files_are_removed_when_the_folder_is_next_used(
    folder: Path,
) -> None:
    """A kill during a write leaves .NAME.xxxx.tmp files behind; stale ones do not stay."""
    old = STALE_TEMPORARY_SECONDS + 60
    stale = leftover(folder, ".mine.k2j_9x0a.tmp", old)
    fresh = leftover(folder, ".mine.ab12cd34.tmp", 0)  # another robotui writing right now
    foreign = leftover(folder, ".notes.tmp", old)  # not of robotui's naming
    hidden = leftover(folder, ".mine.toml", old)
    good, bad = list_saves(folder)
    assert [s.name for s in good] == ["mine"] and not bad
    assert not stale.exists()
    assert fresh.exists() and foreign.exists() and hidden.exists()


def test_writing_a_save_sweeps_stale_temporary_files(folder: Path) -> None:
    stale = leftover(folder, ".other.00000000.tmp", STALE_TEMPORARY_SECONDS + 1)
    write_save(folder, make_saved("another"))
    assert not stale.exists()


def test_sweep_leaves_folders_of_that_name_alone(folder: Path) -> None:
    odd = folder / ".mine.abcdefgh.tmp"
    odd.mkdir()
    then = odd.stat().st_mtime - STALE_TEMPORARY_SECONDS - 60
    os.utime(odd, (then, then))
    assert sweep_temporary_files(folder) == [] and odd.is_dir()
