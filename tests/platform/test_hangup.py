"""A dropped terminal (SIGHUP) saves the game (if anything changed since the last save) and
ends robotui cleanly."""

from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from saves import list_saves, load_save

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")


def wait_for(condition, what: str, limit: float = 60.0) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.1)


def saved_moves(save_dir: Path) -> int | None:
    summaries, _ = list_saves(save_dir)
    return summaries[0].move_number if summaries else None


def test_sighup_saves_and_exits(tmp_path: Path) -> None:
    main, child = pty.openpty()
    env = dict(
        os.environ, ROBOTUI_SAVE_DIR=str(tmp_path), TERM="xterm-256color", COLUMNS="80", LINES="24"
    )
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "robotui",
            "play",
            "robot-master",
            "--opponent",
            "random",
            "--seed",
            "3",
        ],
        stdin=child,
        stdout=child,
        stderr=child,
        env=env,
        start_new_session=True,
    )
    os.close(child)
    try:
        os.set_blocking(main, False)

        def drain() -> None:
            try:
                while os.read(main, 65536):
                    pass
            except (BlockingIOError, OSError):
                pass

        def started() -> bool:
            drain()
            return saved_moves(tmp_path) == 0

        wait_for(started, "the first autosave")
        time.sleep(1.0)  # let the screen take keys

        def answered() -> bool:
            drain()
            return saved_moves(tmp_path) == 2

        os.write(main, b"\r")
        wait_for(answered, "the move and the computer's reply to be saved")
        (summary,), _ = list_saves(tmp_path)
        before = summary.path.stat().st_mtime_ns
        time.sleep(0.05)
        proc.send_signal(signal.SIGHUP)

        def exited() -> bool:
            drain()
            return proc.poll() is not None

        wait_for(exited, "robotui to exit after SIGHUP")
        assert proc.returncode == 0
        # saved after the last move already: an unchanged save is never rewritten (a
        # new time would make a finished game the newest save)
        assert summary.path.stat().st_mtime_ns == before
        assert load_save(summary.path).match.state.move_number == 2
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)
