"""Shared fixtures: snapshot tests see a fixed clock, so save names drawn on screen
("robot-master 2026-01-02 12.30") do not change from run to run; every app sees the
same colour system whatever the terminal running the tests (``TERM=xterm`` means 16
colours, and in 16 colours the app keeps the terminal's own palette); hosting (the table
server) keeps its data and socket in temporary folders. Tests that drive a real terminal
(a pty, tmux or ssh) are marked ``slow`` here, so ``pytest -m "not slow"`` is the quick
subset."""

from __future__ import annotations

import inspect
import os
import shutil
import tempfile
from collections.abc import Iterator
from datetime import datetime

import pytest
import textual.constants
from hypothesis import settings

import screens.dialogs
import screens.session
import screens.stak_bots.screen

# Property tests explore new examples on every run on a developer's machine; under CI
# (CI=true) they play the same examples every time, derived from each test's name, so a
# landing never depends on a lucky draw. A failure found locally becomes an @example.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

# Words in a test's source that mean it drives a real terminal: a pty, tmux or ssh.
TERMINAL_WORDS = (
    "Terminal(",
    "tmux",
    "openpty",
    "PtyChild",
    "pty.fork",
    "asyncssh.connect",
    "robotui_serve(",
    "pty_robotui",
)


def drives_a_terminal(item: pytest.Item) -> bool:
    """Whether ``item`` is an end-to-end test (tests/hosting/e2e) or its function drives a
    real terminal."""
    if "e2e" in item.path.parts:
        return True
    function = getattr(item, "function", None)
    try:
        source = inspect.getsource(function) if function is not None else ""
    except (OSError, TypeError):
        return False
    return any(word in source for word in TERMINAL_WORDS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if drives_a_terminal(item):
            item.add_marker(pytest.mark.slow)


class _FixedClock(datetime):
    @classmethod
    def now(cls, tz=None):  # type: ignore[override]
        return cls(2026, 1, 2, 12, 30, 0, tzinfo=tz)


@pytest.fixture(autouse=True)
def _fixed_clock_for_snapshots(request: pytest.FixtureRequest, monkeypatch) -> None:
    if "snap_compare" in request.fixturenames:
        monkeypatch.setattr(screens.session, "datetime", _FixedClock)


@pytest.fixture(autouse=True)
def _settings_in_a_tmp_dir(tmp_path_factory, monkeypatch) -> None:
    """The new-game dialog's settings file never touches the real config folder."""
    monkeypatch.setenv("ROBOTUI_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))


@pytest.fixture(autouse=True)
def _hosting_in_tmp_dirs(tmp_path_factory, monkeypatch) -> Iterator[None]:
    """Hosting's data (SQLite, table saves, host key) and runtime (the table socket) dirs
    never touch the real ones; the runtime dir is a short path under /tmp, as AF_UNIX
    allows at most 107 bytes for a socket path."""
    monkeypatch.setenv("ROBOTUI_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    runtime = tempfile.mkdtemp(prefix="rt", dir="/tmp")
    os.chmod(runtime, 0o700)
    monkeypatch.setenv("ROBOTUI_RUNTIME_DIR", runtime)
    yield
    shutil.rmtree(runtime, ignore_errors=True)


@pytest.fixture(autouse=True)
def _same_colours_everywhere(monkeypatch) -> None:
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "truecolor")


@pytest.fixture(autouse=True)
def _pass_screens_answer_at_once(monkeypatch) -> None:
    """Pilot presses keys faster than any hand: no settling time on pass screens and
    prompts (the guards themselves are tested with a stand-in clock)."""
    monkeypatch.setattr(screens.dialogs.PassScreen, "SETTLE", 0.0)
    monkeypatch.setattr(screens.stak_bots.screen, "PROMPT_SETTLE", 0.0)  # Stak Bots' prompts
