"""A player's process under ``robotui serve``: ``python -m robotui.table_client``.

The front door starts one per SSH session, on that session's PTY, with the table server's
socket and a one-session token in ROBOTUI_TABLE_SOCKET and ROBOTUI_TABLE_TOKEN; it opens the
app in lobby mode. Whatever goes wrong, the player reads one line, never a traceback.
"""

from __future__ import annotations

import os
import stat
import sys
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


def main() -> int:
    try:
        socket_path, token = table_socket(os.environ)
        from robotui.config import AppConfig
        from saves import resolve_save_dir

        config = AppConfig(
            save_dir=resolve_save_dir(None),
            start="lobby",
            table_socket=socket_path,
            table_token=token,
            mouse=False,
        )
        from robotui.app import run_app

        run_app(config)
    except ClientProblem as exc:
        _say(f"robotui: {exc}")
        return 1
    except KeyboardInterrupt:
        return 130
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except Exception as exc:  # the player sees one line; the host's table is unharmed
        _say(f"robotui stopped: {type(exc).__name__}: {exc}")
        return 1
    return 0


def _say(line: str) -> None:
    from engines.safe_text import safe_text

    try:
        sys.stderr.write(safe_text(line) + "\r\n")
        sys.stderr.flush()
    except OSError:  # the terminal is already gone
        pass


if __name__ == "__main__":
    sys.exit(main())
