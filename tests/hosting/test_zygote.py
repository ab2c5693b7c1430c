"""Warm starts (robotui/zygote.py): a process forked from the zygote is a session of its own on
its PTY (controlling terminal, size, environment), a child of the server whose exit status the
server reads; when the zygote has gone, the process starts cold."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from robotui import ssh_child, zygote
from robotui.ssh_child import CHILD_ENV, PtyChild, window_size
from robotui.zygote import Starter, Zygote
from tests.hosting.zygote_procs import ready_processes
from tests.hosting.zygote_procs import session_env as _env

PROBE_ENTRY = "tests.hosting.e2e.child_probe:main"
TIMEOUT = 60.0

pytestmark = pytest.mark.skipif(os.uname().sysname != "Linux", reason="warm starts: Linux")


def _parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


async def _read_until(child: PtyChild, text: str, seen: bytearray) -> str:
    loop = asyncio.get_running_loop()
    got: asyncio.Queue[bytes] = asyncio.Queue()

    def readable() -> None:
        try:
            got.put_nowait(os.read(child.master, 65536))
        except OSError:
            got.put_nowait(b"")

    loop.add_reader(child.master, readable)
    try:
        async with asyncio.timeout(TIMEOUT):
            while text not in seen.decode(errors="replace"):
                data = await got.get()
                if not data:
                    break
                seen += data
    except TimeoutError:
        raise AssertionError(
            f"no {text!r} from pid {child.pid} in {TIMEOUT:g} s; it wrote: {bytes(seen)!r}"
        ) from None
    finally:
        loop.remove_reader(child.master)
    return seen.decode(errors="replace")


@pytest.fixture
def starter(monkeypatch: pytest.MonkeyPatch) -> Starter:
    monkeypatch.delenv(CHILD_ENV, raising=False)
    lines: list[str] = []
    made = Starter(lines.append, warm=True, ready_processes=1)  # each starts an app: few
    made.lines = lines  # type: ignore[attr-defined]
    yield made
    made.close()


async def test_a_warm_start_is_a_session_on_its_own_terminal(starter: Starter) -> None:
    starter.start_zygote()  # the server is the subreaper
    starter.close()
    starter.zygote = Zygote(_env(), entry=PROBE_ENTRY)
    assert starter.wait_ready(TIMEOUT)
    exited: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    env = _env(TERM="screen", ROBOTUI_TABLE_TOKEN="tok")
    child = starter.start(env, window_size(100, 30), exited.set_result)
    assert child.pid != starter.zygote.process.pid
    assert starter.zygote.alive(), starter.lines  # type: ignore[attr-defined]
    seen = bytearray()
    screen = await _read_until(child, "foreign=", seen)
    assert f"PROBE pid={child.pid} size=100x30" in screen
    assert "term=screen lang=C.UTF-8" in screen
    assert "ctty=yes token=yes" in screen
    assert _parent(child.pid) == os.getpid()  # adopted: the server waits for it
    assert os.getpgid(child.pid) == child.pid == os.getsid(child.pid)
    # players yield to the server and the zygote when the cores are busy
    own = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, child.pid) == min(own + zygote.PLAYER_NICE, 19)
    child.resize(window_size(60, 20))
    await _read_until(child, "size=60x20", seen)
    os.write(child.master, b"q")
    assert await asyncio.wait_for(exited, TIMEOUT) == 3
    child.close_master()
    assert starter.zygote.alive()


async def _until(condition: Callable[[], bool], what: str) -> None:
    async with asyncio.timeout(TIMEOUT):
        while not condition():
            await asyncio.sleep(0.02)
    assert condition(), what


async def test_ready_processes_take_the_next_sessions_and_end_with_the_zygote(
    starter: Starter,
) -> None:
    starter.start_zygote()  # the server is the subreaper
    starter.close()
    made = starter.zygote = Zygote(_env(), entry=PROBE_ENTRY, ready_processes=2)
    assert starter.wait_ready(TIMEOUT)
    await _until(lambda: len(ready_processes(made)) == 2, "two processes forked ahead")
    ready = ready_processes(made)
    loop = asyncio.get_running_loop()
    children = []
    for _ in range(3):  # two ready ones, then one forked on demand
        exited: asyncio.Future[int] = loop.create_future()
        child = starter.start(
            _env(ROBOTUI_TABLE_TOKEN="tok"), window_size(90, 30), exited.set_result
        )
        children.append((child, exited))
    pids = [child.pid for child, _ in children]
    assert set(pids[:2]) == ready and pids[2] not in ready
    assert made.pooled.isdisjoint(pids)  # handed out: the server reaps them as players
    for child, exited in children:
        screen = await _read_until(child, "foreign=", bytearray())
        assert f"PROBE pid={child.pid} size=90x30" in screen and "ctty=yes token=yes" in screen
        assert _parent(child.pid) == os.getpid()
        os.write(child.master, b"q")
        assert await asyncio.wait_for(exited, TIMEOUT) == 3
        child.close_master()
    await _until(lambda: len(ready_processes(made)) == 2, "the zygote forks two more ahead")
    refilled = ready_processes(made)
    starter.close()  # the zygote ends, and so do its ready processes: reaped, none left
    assert not ready_processes(made)
    for pid in refilled:
        assert not Path(f"/proc/{pid}").exists()


async def test_no_ready_processes_forks_each_session_as_it_comes(starter: Starter) -> None:
    starter.start_zygote()
    starter.close()
    made = starter.zygote = Zygote(_env(), entry=PROBE_ENTRY, ready_processes=0)
    assert starter.wait_ready(TIMEOUT)
    exited: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    child = starter.start(_env(), window_size(80, 24), exited.set_result)
    await _read_until(child, "foreign=", bytearray())
    assert ready_processes(made) == {child.pid} and not made.pooled  # the player alone
    os.write(child.master, b"q")
    assert await asyncio.wait_for(exited, TIMEOUT) == 3
    child.close_master()


def _record(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[int]:
    """Record the pids ``owner.name(...)`` returns."""
    pids: list[int] = []
    original = getattr(owner, name)

    def recording(*args: object) -> int:
        pids.append(original(*args))
        return pids[-1]

    monkeypatch.setattr(owner, name, recording)
    return pids


async def test_the_lobby_entry_runs_warm(starter: Starter, monkeypatch: pytest.MonkeyPatch) -> None:
    starter.start_zygote()
    assert starter.wait_ready(TIMEOUT) and starter.zygote is not None
    warm = _record(monkeypatch, starter.zygote, "spawn")
    cold = _record(monkeypatch, ssh_child, "_spawn")
    exited: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    child = starter.start(_env(), window_size(80, 24), exited.set_result)
    assert warm == [child.pid] and not cold
    screen = await _read_until(child, "not set", bytearray())
    assert "robotui: ROBOTUI_TABLE_SOCKET is not set" in screen  # table_client's own line
    assert await asyncio.wait_for(exited, TIMEOUT) == 1
    child.close_master()


async def test_a_dead_zygote_falls_back_to_a_cold_start(
    starter: Starter, monkeypatch: pytest.MonkeyPatch
) -> None:
    starter.start_zygote()
    assert starter.wait_ready(TIMEOUT)
    assert starter.zygote is not None
    starter.zygote.process.send_signal(signal.SIGKILL)
    starter.zygote.process.wait()
    monkeypatch.setattr(zygote, "RESTART_AFTER", 3600.0)  # no new zygote in this test
    cold = _record(monkeypatch, ssh_child, "_spawn")
    exited: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    child = starter.start(_env(), window_size(80, 24), exited.set_result)
    assert cold == [child.pid]
    screen = await _read_until(child, "not set", bytearray())
    assert "robotui: ROBOTUI_TABLE_SOCKET is not set" in screen
    assert await asyncio.wait_for(exited, TIMEOUT) == 1
    child.close_master()
    assert starter.zygote is None
    assert any("the zygote has gone" in line for line in starter.lines)  # type: ignore[attr-defined]


async def test_a_new_zygote_is_started_after_one_died(
    starter: Starter, monkeypatch: pytest.MonkeyPatch
) -> None:
    starter.start_zygote()
    assert starter.wait_ready(TIMEOUT) and starter.zygote is not None
    first = starter.zygote.process.pid
    starter.zygote.process.send_signal(signal.SIGKILL)
    starter.zygote.process.wait()
    monkeypatch.setattr(zygote, "RESTART_AFTER", 0.0)
    exited: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    child = starter.start(_env(), window_size(80, 24), exited.set_result)  # cold
    assert await asyncio.wait_for(exited, TIMEOUT) == 1
    child.close_master()
    assert starter.zygote is not None and starter.zygote.process.pid != first
    assert starter.wait_ready(TIMEOUT)


def test_the_test_command_line_never_starts_a_zygote(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CHILD_ENV, "python probe.py")
    starter = Starter(print, warm=True)
    starter.start_zygote()
    assert starter.zygote is None


def test_the_zygote_imports_every_module_a_player_uses() -> None:
    for name in zygote.PRELOAD:
        __import__(name)


def test_the_zygote_parses_the_tooltip_and_notice_styles_a_player_screen_has() -> None:
    """A player's screen has a tooltip and a notice rack: their styles are parsed in the
    zygote's warm-up (once for every player), not in each player's process."""
    probe = (
        "import sys\n"
        "from robotui import zygote\n"
        "from screens import textual_private\n"
        "zygote._preload(zygote.ENTRY)\n"
        "parsed = ' '.join(str(key[2]) for key in textual_private._PARSED.keys())\n"
        "print('toast' if 'ToastRack.DEFAULT_CSS' in parsed else '-',\n"
        "      'tooltip' if 'Tooltip.DEFAULT_CSS' in parsed else '-',\n"
        "      'scrollbar' if 'textual.scrollbar' in sys.modules else '-')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=_env(),
        check=False,
    )
    assert done.stdout.split() == ["toast", "tooltip", "scrollbar"], done.stderr
