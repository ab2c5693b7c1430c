"""Ready processes of the real lobby entry (robotui/zygote.py, robotui/ready_app.py): each
starts its app before anyone connects, with no terminal, and takes a session's terminal
when the zygote hands it one: a new player's name question, a returning player's lobby,
drawn whole at the session's own size, and nothing drawn before it."""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import pyte
import pytest
import textual.constants

from hosting.server import TableServer
from robotui import zygote
from robotui.ssh_child import CHILD_ENV, PtyChild, window_size
from robotui.zygote import Starter, Zygote
from tests.hosting.lobby_pilot import player, running_server
from tests.hosting.zygote_procs import ready_processes
from tests.hosting.zygote_procs import session_env as _env

TIMEOUT = 60.0
QUESTION = "What should the others call you?"

pytestmark = pytest.mark.skipif(os.uname().sysname != "Linux", reason="warm starts: Linux")


class Terminal:
    """A session's PTY read into a pyte screen of the session's size."""

    def __init__(self, child: PtyChild, columns: int, lines: int) -> None:
        self.child = child
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        self.frames: list[str] = []  # the screen after each chunk read

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def until(self, check: Callable[[str], bool], what: str) -> str:
        loop = asyncio.get_running_loop()
        got: asyncio.Queue[bytes] = asyncio.Queue()

        def readable() -> None:
            try:
                got.put_nowait(os.read(self.child.master, 65536))
            except OSError:
                got.put_nowait(b"")

        loop.add_reader(self.child.master, readable)
        try:
            async with asyncio.timeout(TIMEOUT):
                while not check(self.text()):
                    data = await got.get()
                    if not data:
                        break
                    self.stream.feed(data)
                    self.frames.append(self.text())
        except TimeoutError:
            pass
        finally:
            loop.remove_reader(self.child.master)
        assert check(self.text()), f"never {what}; the screen:\n{self.text()}"
        return self.text()


@pytest.fixture
def starter(monkeypatch: pytest.MonkeyPatch) -> Starter:
    monkeypatch.delenv(CHILD_ENV, raising=False)
    made = Starter(print, warm=True, ready_processes=1)
    yield made
    made.close()


async def _pooled(made: Zygote, count: int) -> set[int]:
    """Wait until the zygote has ``count`` ready processes."""
    async with asyncio.timeout(TIMEOUT):
        while len(ready_processes(made)) < count:
            await asyncio.sleep(0.02)
    return ready_processes(made)


async def _session(
    starter: Starter, server: TableServer, key: str, size: tuple[int, int]
) -> tuple[PtyChild, Terminal, asyncio.Future[int]]:
    assert server.socket_path is not None
    exited: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    env = _env(
        ROBOTUI_TABLE_SOCKET=str(server.socket_path),
        ROBOTUI_TABLE_TOKEN=server.issue_token(key),
    )
    child = starter.start(env, window_size(*size), exited.set_result)
    return child, Terminal(child, *size), exited


async def _zygote(starter: Starter) -> Zygote:
    starter.start_zygote()  # the server (this process) becomes the subreaper
    starter.close()
    made = starter.zygote = Zygote(_env(), ready_processes=1)
    assert starter.wait_ready(TIMEOUT)
    return made


async def test_a_ready_process_asks_a_new_player_their_name_at_their_size(
    starter: Starter, tmp_path: Path
) -> None:
    made = await _zygote(starter)
    ready = await _pooled(made, 1)
    async with running_server(tmp_path / "data") as server:
        child, term, exited = await _session(starter, server, "SHA256:new", (100, 30))
        assert {child.pid} == ready  # the process started ahead took the session
        screen = await term.until(lambda text: QUESTION in text, "the name question")
        # the question is the first thing drawn: no lobby, no "Connecting..." before it
        assert not any("lobby" in frame or "Connecting" in frame for frame in term.frames)
        assert term.screen.columns == 100
        # the dialog is centred on the session's 100 columns, not the 80 it started with
        row = next(line for line in screen.splitlines() if QUESTION in line)
        assert row.index(QUESTION) > 20
        os.write(child.master, b"Ann\r")
        await term.until(
            lambda text: "Ann at" in text and QUESTION not in text, "the lobby under Ann's name"
        )
        os.write(child.master, b"q")
        assert await asyncio.wait_for(exited, TIMEOUT) == 0
        child.close_master()


async def test_a_ready_process_shows_a_returning_player_the_lobby_first(
    starter: Starter, tmp_path: Path
) -> None:
    made = await _zygote(starter)
    ready = await _pooled(made, 1)
    async with running_server(tmp_path / "data") as server:
        bob = await player(server, "SHA256:bob", "Bob")  # Bob has been here before
        bob.client.close()
        child, term, exited = await _session(starter, server, "SHA256:bob", (80, 24))
        assert {child.pid} == ready
        screen = await term.until(
            lambda text: "Bob at" in text and "No tables yet" in text, "Bob's lobby"
        )
        # nothing else was ever on the terminal: no name question, no "Connecting..."
        assert not any(QUESTION in frame or "Connecting" in frame for frame in term.frames)
        assert "(no name yet)" not in screen
        os.write(child.master, b"q")
        assert await asyncio.wait_for(exited, TIMEOUT) == 0
        child.close_master()


async def test_a_returning_player_on_a_small_terminal_gets_the_lobby_once_it_grows(
    starter: Starter, tmp_path: Path
) -> None:
    made = await _zygote(starter)
    await _pooled(made, 1)
    async with running_server(tmp_path / "data") as server:
        bob = await player(server, "SHA256:bob", "Bob")
        bob.client.close()
        child, term, exited = await _session(starter, server, "SHA256:bob", (60, 20))
        await term.until(lambda text: "robotui needs at least 80x24" in text, "too small")
        child.resize(window_size(80, 24))
        term.screen.resize(24, 80)
        await term.until(lambda text: "Bob at" in text, "Bob's lobby")
        assert QUESTION not in term.text()
        os.write(child.master, b"q")
        assert await asyncio.wait_for(exited, TIMEOUT) == 0
        child.close_master()


async def test_a_slow_welcome_shows_the_lobby_connecting_not_the_question(
    starter: Starter, tmp_path: Path
) -> None:
    """A host that takes the connection but says nothing: after a second the player reads
    the lobby's "Connecting to the host...", never a name question meant for new players."""
    made = await _zygote(starter)
    await _pooled(made, 1)
    connections: list[asyncio.StreamWriter] = []

    async def silent(_: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connections.append(writer)

    folder = Path(tempfile.mkdtemp(prefix="rs", dir="/tmp"))  # AF_UNIX paths are short
    server = await asyncio.start_unix_server(silent, folder / "t.sock")
    try:
        exited: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        env = _env(ROBOTUI_TABLE_SOCKET=str(folder / "t.sock"), ROBOTUI_TABLE_TOKEN="tok")
        child = starter.start(env, window_size(80, 24), exited.set_result)
        term = Terminal(child, 80, 24)
        await term.until(lambda text: "Connecting to the host" in text, "Connecting...")
        assert not any(QUESTION in frame for frame in term.frames)
        assert connections  # it did connect, and waits for the welcome
        os.write(child.master, b"q")
        assert await asyncio.wait_for(exited, TIMEOUT) == 0
        child.close_master()
    finally:
        server.close()
        for writer in connections:
            writer.close()
        shutil.rmtree(folder, ignore_errors=True)


async def test_a_ready_process_ends_with_the_zygote(starter: Starter) -> None:
    made = await _zygote(starter)
    ready = await _pooled(made, 1)
    starter.close()  # no session came: the ready process ends and is reaped
    for pid in ready:
        assert not Path(f"/proc/{pid}").exists()


@pytest.mark.parametrize(
    ("term", "alike"),
    [
        ("xterm-256color", True),
        ("screen-256color", True),  # the same 256 colours
        ("tmux-256color", True),
        ("xterm", False),  # 16 colours: the apps started ahead draw in 256
        ("dumb", False),
    ],
)
def test_a_session_goes_to_a_ready_process_only_with_its_colours(
    term: str, alike: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "environ", _env())  # the zygote's own, as it runs
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "auto")  # as robotui serve runs
    env = _env(TERM=term, ROBOTUI_TABLE_TOKEN="t", ROBOTUI_TABLE_SOCKET="/run/s")
    assert zygote._started_alike(env) is alike
    assert zygote._started_alike({**env, "TERM": "xterm-256color", "LANG": "C"}) is False
