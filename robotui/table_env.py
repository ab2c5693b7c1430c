"""Where a player's process finds the table server: the socket and one-session token that
``robotui serve`` puts in its environment."""

from __future__ import annotations

import os
import stat
from pathlib import Path

SOCKET_ENV = "ROBOTUI_TABLE_SOCKET"
TOKEN_ENV = "ROBOTUI_TABLE_TOKEN"


class ClientProblem(Exception):
    """Why the lobby cannot open; one line."""


def table_socket(environ: dict[str, str] | os._Environ[str]) -> tuple[Path, str]:
    """The socket and token from the environment, checked."""
    socket_text = environ.get(SOCKET_ENV, "").strip()
    token = environ.get(TOKEN_ENV, "").strip()
    if not socket_text or not token:
        missing = SOCKET_ENV if not socket_text else TOKEN_ENV
        raise ClientProblem(
            f"{missing} is not set: this program is started by 'robotui serve' for each player"
        )
    path = Path(socket_text)
    try:
        info = os.stat(path)
    except OSError:
        raise ClientProblem(f"the table server is not running (no socket at {path})") from None
    if not stat.S_ISSOCK(info.st_mode):
        raise ClientProblem(f"{path} is not the table server's socket")
    return path, token
