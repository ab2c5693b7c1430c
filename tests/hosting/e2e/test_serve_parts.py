"""The front door's parts on their own: the --listen address, the allow list, the host
key, the player's process environment and window size, and robotui.table_client's one-line
refusals (run as the real ``python -m robotui.table_client``)."""

from __future__ import annotations

import os
import socket
import struct
import subprocess
import sys
from pathlib import Path

import asyncssh
import pytest

from robotui.serve import idle_limit, parse_listen
from robotui.ssh_child import (
    CHILD_ENV,
    child_command,
    child_environment,
    terminal_name,
    window_size,
)
from robotui.ssh_keys import AllowList, KeyProblem, fingerprint, load_or_make_host_key
from tests.hosting.e2e.harness import ROOT


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("127.0.0.1:2222", ("127.0.0.1", 2222)),
        ("0.0.0.0:22", ("0.0.0.0", 22)),
        ("[::1]:2222", ("::1", 2222)),
        ("[::]:0", ("::", 0)),
        ("localhost:2222", ("localhost", 2222)),
    ],
)
def test_listen_addresses(text: str, expected: tuple[str, int]) -> None:
    assert parse_listen(text) == expected


@pytest.mark.parametrize(
    "text", ["2222", ":2222", "127.0.0.1:", "host:22", "1.2.3.4:65536", "1.2.3.4:-1", "[::1:22"]
)
def test_bad_listen_addresses(text: str) -> None:
    with pytest.raises(ValueError):
        parse_listen(text)


def test_idle_limit_in_minutes_or_test_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ROBOTUI_SERVE_IDLE_SECONDS", raising=False)
    assert idle_limit(60) == (3600.0, "60 minutes")
    assert idle_limit(1) == (60.0, "1 minute")
    assert idle_limit(0)[0] == 0
    monkeypatch.setenv("ROBOTUI_SERVE_IDLE_SECONDS", "2")
    assert idle_limit(60) == (2.0, "2 seconds")
    monkeypatch.setenv("ROBOTUI_SERVE_IDLE_SECONDS", "soon")  # ignored, never a traceback
    assert idle_limit(60) == (3600.0, "60 minutes")


def test_window_sizes_are_brought_into_range() -> None:
    def rows_cols(packed: bytes) -> tuple[int, int]:
        rows, cols, _, _ = struct.unpack("HHHH", packed)
        return rows, cols

    assert rows_cols(window_size(80, 24)) == (24, 80)
    assert rows_cols(window_size(0, 0)) == (24, 80)  # a client that sends no size
    assert rows_cols(window_size(65535, 65535)) == (200, 500)


@pytest.mark.parametrize(
    ("requested", "expected"),
    [
        ("xterm-256color", "xterm-256color"),
        ("screen.xterm-256color", "screen.xterm-256color"),
        ("tmux-256color", "tmux-256color"),
        (None, "xterm-256color"),
        ("", "xterm-256color"),
        ("../../etc/passwd", "xterm-256color"),
        ("xterm\x1b[2J", "xterm-256color"),
        ("x" * 100, "xterm-256color"),
    ],
)
def test_terminal_names(requested: str | None, expected: str) -> None:
    assert terminal_name(requested) == expected


def test_the_child_environment_is_small_and_fixed(tmp_path: Path) -> None:
    server_env = {
        "PATH": "/usr/bin",
        "HOME": "/home/host",
        "SECRET": "x",
        "SSH_AUTH_SOCK": "/tmp/a",
        "ROBOTUI_DATA_DIR": "/d",
        "ROBOTUI_CONFIG_DIR": "/c",
        CHILD_ENV: "python -c 1",
        "ROBOTUI_SERVE_IDLE_SECONDS": "2",
        "ROBOTUI_TABLE_TOKEN": "stale",
        "LC_ALL": "de_DE.UTF-8",
    }
    env = child_environment("xterm", tmp_path / "tables.sock", "tok", server_env)
    assert env == {
        "PATH": "/usr/bin",
        "HOME": "/home/host",
        "TERM": "xterm",
        "LANG": "C.UTF-8",
        "TEXTUAL_ANIMATIONS": "none",
        "ROBOTUI_DATA_DIR": "/d",
        "ROBOTUI_CONFIG_DIR": "/c",
        "ROBOTUI_TABLE_SOCKET": str(tmp_path / "tables.sock"),
        "ROBOTUI_TABLE_TOKEN": "tok",
    }


def test_the_child_is_the_lobby_unless_a_test_says_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(CHILD_ENV, raising=False)
    assert child_command() == [sys.executable, "-P", "-m", "robotui.table_client"]
    monkeypatch.setenv(CHILD_ENV, "python '/a b/probe.py'")
    assert child_command() == ["python", "/a b/probe.py"]


# ------------------------------------------------------------ keys


def test_the_host_key_is_made_once_0600(tmp_path: Path) -> None:
    path = tmp_path / "data" / "host_key"
    first = load_or_make_host_key(path)
    assert path.stat().st_mode & 0o777 == 0o600
    assert first.get_algorithm() == "ssh-ed25519"
    assert fingerprint(load_or_make_host_key(path)) == fingerprint(first)
    path.chmod(0o640)
    with pytest.raises(KeyProblem, match="may be read by others"):
        load_or_make_host_key(path)


def _public(key: asyncssh.SSHKey) -> str:
    return key.export_public_key().decode().strip()


def test_the_allow_list_follows_its_file(tmp_path: Path) -> None:
    # the server is handed the public half of the client's key
    alice, bob = (
        asyncssh.generate_private_key("ssh-ed25519").convert_to_public() for _ in range(2)
    )
    path = tmp_path / "authorized_keys"
    path.write_text(f"{_public(alice)}\n")
    allow = AllowList(path)
    allow.check()
    assert allow.count == 1
    assert allow.allows(alice, "127.0.0.1") and not allow.allows(bob, "127.0.0.1")
    # an edit is picked up at the next refresh
    path.write_text(f'{_public(alice)}\nfrom="10.0.0.0/8" {_public(bob)}\n')
    assert allow.refresh() is None
    assert allow.count == 2
    assert allow.allows(bob, "10.1.2.3") and not allow.allows(bob, "127.0.0.1")
    # a broken edit keeps the list as it was, and says so
    path.write_text("garbage\n")
    problem = allow.refresh()
    assert problem is not None and "line 1" in problem and "keeping the previous list" in problem
    assert allow.allows(alice, "127.0.0.1")
    path.unlink()
    assert "cannot read --allow" in (allow.refresh() or "")
    assert allow.allows(alice, "127.0.0.1")


# ------------------------------------------------------------ table_client


def _table_client(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), "TERM": "dumb"}
    return subprocess.run(
        [sys.executable, "-m", "robotui.table_client"],
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


def test_table_client_without_its_variables_says_so_in_one_line() -> None:
    done = _table_client({})
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "robotui: ROBOTUI_TABLE_SOCKET is not set: this program is "
        "started by 'robotui serve' for each player"
    )
    assert done.stdout == ""


def test_table_client_with_no_server_says_so_in_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "tables.sock"
    done = _table_client({"ROBOTUI_TABLE_SOCKET": str(missing), "ROBOTUI_TABLE_TOKEN": "t"})
    assert done.returncode == 1
    assert done.stderr.strip() == (
        f"robotui: the table server is not running (no socket at {missing})"
    )
    missing.write_text("")
    done = _table_client({"ROBOTUI_TABLE_SOCKET": str(missing), "ROBOTUI_TABLE_TOKEN": "t"})
    assert done.returncode == 1 and "is not the table server's socket" in done.stderr


def test_table_client_with_a_dead_socket_says_so_in_one_line() -> None:
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="tc", dir="/tmp"))
    path = folder / "s"
    dead = socket.socket(socket.AF_UNIX)
    dead.bind(str(path))
    dead.close()  # the file stays; nobody listens
    try:
        done = _table_client({"ROBOTUI_TABLE_SOCKET": str(path), "ROBOTUI_TABLE_TOKEN": "t"})
    finally:
        path.unlink()
        folder.rmdir()
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
