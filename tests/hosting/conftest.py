"""Fixtures of the hosting tests: a TableServer on a temporary socket."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from hosting.server import TableServer


def short_socket_path() -> Path:
    """A socket in the test's runtime dir (a short /tmp path set by tests/conftest.py)."""
    return Path(os.environ["ROBOTUI_RUNTIME_DIR"]) / "t.sock"


@pytest.fixture
async def table_server(tmp_path: Path) -> AsyncIterator[TableServer]:
    """A running TableServer (data in ``tmp_path / "data"``); stopped after the test."""
    server = TableServer(tmp_path / "data", workers=1)
    await server.start(short_socket_path())
    try:
        yield server
    finally:
        await server.stop()
