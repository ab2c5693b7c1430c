"""A player's process under ``robotui serve``: ``python -m robotui.table_client``.

The front door starts one per SSH session, on that session's PTY, with the table server's
socket and a one-session token in ROBOTUI_TABLE_SOCKET and ROBOTUI_TABLE_TOKEN; it opens the
app in lobby mode. Whatever goes wrong, the player reads one line, never a traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from robotui.table_env import ClientProblem, table_socket


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


def ready_main(session: int, take_session: Callable[[], bool]) -> int:
    """A player's process started before its player (robotui/zygote.py, ready processes):
    the lobby app starts with no terminal and opens when ``session`` is readable (see
    :mod:`robotui.ready_app`). Its exit status; one line, never a traceback, on failure."""
    try:
        from robotui.ready_app import run_ready

        return run_ready(session, take_session)
    except KeyboardInterrupt:
        return 130
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except Exception as exc:  # noqa: BLE001 - the player sees one line
        _say(f"robotui stopped: {type(exc).__name__}: {exc}")
        return 1


def _say(line: str) -> None:
    from engines.safe_text import safe_text

    try:
        sys.stderr.write(safe_text(line) + "\r\n")
        sys.stderr.flush()
    except OSError:  # the terminal is already gone
        pass


if __name__ == "__main__":
    sys.exit(main())
