"""Where hosting keeps things: data and runtime dirs from the environment, a private
runtime dir, a socket path AF_UNIX can hold, and a stale socket cleared at start."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from hosting import paths
from hosting.server import TableServer
from tests.hosting.conftest import short_socket_path
from tests.hosting.raw_client import RawClient


def test_the_data_files_live_in_the_data_dir(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("ROBOTUI_DATA_DIR", str(tmp_path / "d"))
    assert paths.data_dir() == tmp_path / "d"
    assert paths.db_path() == tmp_path / "d" / "hosting.sqlite3"
    assert paths.tables_dir() == tmp_path / "d" / "tables"
    assert paths.host_key_path() == tmp_path / "d" / "host_key"


def test_the_runtime_dir_is_made_private(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "run" / "robotui"
    monkeypatch.setenv("ROBOTUI_RUNTIME_DIR", str(target))
    assert paths.runtime_dir() == target
    assert (os.stat(target).st_mode & 0o777) == 0o700
    assert paths.socket_path() == target / "tables.sock"


def test_a_runtime_dir_others_may_open_is_refused(tmp_path: Path, monkeypatch) -> None:
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    os.chmod(shared, 0o755)
    monkeypatch.setenv("ROBOTUI_RUNTIME_DIR", str(shared))
    with pytest.raises(paths.PathProblem, match="0700"):
        paths.runtime_dir()


def test_a_socket_path_too_long_for_af_unix_is_refused(tmp_path: Path, monkeypatch) -> None:
    deep = tmp_path / ("d" * 100)
    monkeypatch.setenv("ROBOTUI_RUNTIME_DIR", str(deep))
    with pytest.raises(paths.PathProblem, match="too long"):
        paths.socket_path()


async def test_a_stale_socket_is_replaced_and_a_live_one_kept(tmp_path: Path) -> None:
    path = short_socket_path()
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(path))
    stale.close()  # a killed server's socket: nobody answers
    server = TableServer(tmp_path / "data", workers=1)
    await server.start(path)
    try:
        assert (os.stat(path).st_mode & 0o777) == 0o600
        client = await RawClient.hello(server, "SHA256:anna")
        await client.close()
        second = TableServer(tmp_path / "data2", workers=1)
        with pytest.raises(OSError, match="another table server"):
            await second.start(path)
        await second.stop()
    finally:
        await server.stop()
    assert not path.exists()
