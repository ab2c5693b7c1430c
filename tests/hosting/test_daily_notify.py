"""Turn notices (``robotui serve --notify``): the command runs without a shell, with the
notice in its environment, at most once an hour per player and table; a slow one is killed
and a failing one logged in one line, never holding up the caller."""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

import pytest

from hosting.notify import Notifier, notice_text, split_command
from hosting.server import TableServer
from tests.hosting.messages import create_msg
from tests.hosting.raw_client import RawClient, eventually

WRITE_ENV = (
    "import os, sys; open(sys.argv[1], 'a').write('|'.join(os.environ[k] for k in "
    "('ROBOTUI_PLAYER', 'ROBOTUI_TABLE', 'ROBOTUI_GAME', 'ROBOTUI_TEXT')) + '\\n')"
)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines() if path.exists() else []


async def test_the_notice_reaches_the_command_once_an_hour(tmp_path: Path) -> None:
    out = tmp_path / "notices"
    clock = Clock()
    notifier = Notifier([sys.executable, "-c", WRITE_ENV, str(out)], clock=clock)
    assert notifier.notify("k", "Ann\x1b[31m", 4, "Robot Master")
    assert not notifier.notify("k", "Ann", 4, "Robot Master")  # within the hour
    assert notifier.notify("k", "Ann", 5, "Robot Master")  # another table
    clock.now += 3601
    assert notifier.notify("k", "Ann", 4, "Robot Master")
    await eventually(lambda: len(lines(out)) == 3)
    assert "\x1b" not in "".join(lines(out))  # the name is made terminal-safe
    assert sorted(line.split("|")[1] for line in lines(out)) == ["4", "4", "5"]
    assert "|Robot Master|Your move at table #5 (Robot Master)" in "\n".join(lines(out))


async def test_no_shell_reads_the_command(tmp_path: Path) -> None:
    out = tmp_path / "args"
    words = split_command(
        f"{sys.executable} -c 'import sys; open(sys.argv[1], \"w\").write(sys.argv[2])'"
        f" {out} '$HOME; echo hi'"
    )
    notifier = Notifier(words)
    notifier.notify("k", "Ann", 1, "Stak Bots")
    await eventually(lambda: out.exists() and out.read_text() != "")
    assert out.read_text() == "$HOME; echo hi"


async def test_a_slow_command_is_killed_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    notifier = Notifier([sys.executable, "-c", "import time; time.sleep(60)"], timeout=0.3)
    with caplog.at_level(logging.WARNING, "hosting.notify"):
        assert notifier.notify("k", "Ann", 2, "Robot Master")  # returns at once
        await eventually(lambda: not notifier.running)
    assert "killed after 0.3 s" in caplog.text
    assert len(caplog.records) == 1


async def test_a_failing_command_is_one_line(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, "hosting.notify"):
        Notifier([sys.executable, "-c", "raise SystemExit(3)"]).notify("k", "A", 2, "G")
        Notifier(["/nonexistent/notify-me"]).notify("k", "A", 3, "G")
        await eventually(lambda: len(caplog.records) == 2)
    texts = sorted(r.getMessage() for r in caplog.records)
    assert "exit code 3" in texts[0] + texts[1]
    assert "cannot be run" in texts[0] + texts[1]
    assert all("\n" not in t for t in texts)


def test_the_command_is_checked() -> None:
    with pytest.raises(ValueError, match="needs a command"):
        split_command("  ")
    with pytest.raises(ValueError, match="--notify"):
        split_command("mail 'unclosed")
    assert notice_text(4, "Robot\nMaster") == "Your move at table #4 (Robot Master)"


async def test_the_server_tells_an_offline_player_of_their_turn(
    table_server: TableServer, tmp_path: Path
) -> None:
    out = tmp_path / "notices"
    table_server.notifier = Notifier([sys.executable, "-c", WRITE_ENV, str(out)])
    anna = await RawClient.hello(table_server, "SHA256:anna", "Anna")
    bob = await RawClient.hello(table_server, "SHA256:bob", "Bob")
    await anna.send(create_msg(daily_hours=24, options={"first": "rows"}))
    tid = (await anna.recv("table"))["table"]
    await anna.close()  # Anna (seat 0, to move first) is gone when the game starts
    await eventually(lambda: len(table_server.connections) == 1)
    await bob.send({"type": "join", "table": tid, "seat": None, "code": None})
    await bob.recv("table")
    await eventually(lambda: len(lines(out)) == 1)
    assert lines(out) == [f"Anna|{tid}|Robot Master|Your move at table #{tid} (Robot Master)"]
    await asyncio.sleep(0)  # Bob is connected: nobody else is told
    assert len(lines(out)) == 1
