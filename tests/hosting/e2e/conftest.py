"""Fixtures of the end-to-end tests: hosts, client keys and tmux terminals, all cleaned up
(every ``robotui serve`` killed, every tmux server ended) whatever the test's outcome."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.hosting.e2e.harness import Host, Terminal, Tmux, make_key, require_tools


@pytest.fixture
def tools() -> None:
    require_tools()


@pytest.fixture
def start_host(tools: None, tmp_path: Path) -> Iterator[Callable[..., Host]]:
    """``start_host(*args, env=..., child=..., open_files=(soft, hard))``: a started
    ``robotui serve``."""
    made: list[Host] = []

    def start(
        *args: str,
        env: dict[str, str] | None = None,
        child: str | None = None,
        name: str = "host",
        open_files: tuple[int, int] | None = None,
    ) -> Host:
        base = tmp_path / f"{name}{len(made)}"
        base.mkdir()
        host = Host(base, args, env, child, open_files)
        made.append(host)
        return host.start()

    yield start
    for host in made:
        host.close()


@pytest.fixture
def key(tools: None, tmp_path: Path) -> Callable[[str], Path]:
    """``key(name)``: a new client key (its path; the public half beside it)."""
    folder = tmp_path / "keys"
    folder.mkdir()
    return lambda name: make_key(folder, name)


@pytest.fixture
def terminal(tools: None, tmp_path: Path) -> Iterator[Callable[..., Terminal]]:
    """``terminal(host, key, width=80, height=24, extra=())``: ssh -tt in a tmux window."""
    tmux = Tmux(tmp_path)

    def open_terminal(host: Host, key_path: Path, **kwargs: object) -> Terminal:
        return Terminal(tmux, host, key_path, **kwargs)  # type: ignore[arg-type]

    yield open_terminal
    tmux.close()
