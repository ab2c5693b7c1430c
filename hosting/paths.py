"""Where hosting keeps its files: the data dir (host key, SQLite, table saves) and the
runtime dir (the table socket, which only the hosting user may open)."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

import platformdirs

DATA_ENV = "ROBOTUI_DATA_DIR"
RUNTIME_ENV = "ROBOTUI_RUNTIME_DIR"
SOCKET_NAME = "tables.sock"
DB_NAME = "hosting.sqlite3"
HOST_KEY_NAME = "host_key"
# sockaddr_un.sun_path holds 108 bytes with the final NUL
MAX_SOCKET_PATH = 107


class PathProblem(Exception):
    """A folder hosting cannot use safely; the message is one line."""


def data_dir() -> Path:
    """``$ROBOTUI_DATA_DIR`` if set, else the user data folder."""
    env = os.environ.get(DATA_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir("robotui"))


def tables_dir(base: Path | None = None) -> Path:
    """The folder of the tables' save files."""
    return (base or data_dir()) / "tables"


def db_path(base: Path | None = None) -> Path:
    return (base or data_dir()) / DB_NAME


def host_key_path(base: Path | None = None) -> Path:
    return (base or data_dir()) / HOST_KEY_NAME


def _usable_runtime_base() -> Path | None:
    """platformdirs' user runtime dir when its parent exists (e.g. /run/user/UID)."""
    try:
        base = Path(platformdirs.user_runtime_dir("robotui"))
    except Exception:  # pragma: no cover - platformdirs never raises on Linux
        return None
    return base if base.parent.is_dir() and os.access(base.parent, os.W_OK) else None


def runtime_dir(create: bool = True) -> Path:
    """``$ROBOTUI_RUNTIME_DIR``, else the user runtime dir if usable, else
    ``<tempdir>/robotui-<uid>``. Created 0700; :class:`PathProblem` if it belongs to
    someone else or group/other may use it."""
    env = os.environ.get(RUNTIME_ENV, "").strip()
    if env:
        path = Path(env).expanduser()
    else:
        path = _usable_runtime_base() or Path(tempfile.gettempdir()) / f"robotui-{os.getuid()}"
    if create:
        ensure_private_dir(path)
    return path


def ensure_private_dir(path: Path) -> None:
    """Create ``path`` mode 0700 if missing; refuse a folder of another user or one that
    group or others may reach."""
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(path)
    except OSError as exc:
        raise PathProblem(f"{path}: cannot be created ({exc.strerror or exc})") from None
    if not stat.S_ISDIR(info.st_mode):
        raise PathProblem(f"{path}: is not a folder")
    if info.st_uid != os.getuid():
        raise PathProblem(f"{path}: belongs to another user; refusing to put the socket there")
    if info.st_mode & 0o077:
        raise PathProblem(
            f"{path}: group or others may open it (mode {stat.S_IMODE(info.st_mode):o}); "
            "make it 0700"
        )


def socket_path(base: Path | None = None) -> Path:
    """``<runtime>/tables.sock``; :class:`PathProblem` if longer than AF_UNIX allows."""
    path = (base or runtime_dir()) / SOCKET_NAME
    if len(os.fsencode(path)) > MAX_SOCKET_PATH:
        raise PathProblem(
            f"{path}: too long for a unix socket (at most {MAX_SOCKET_PATH} bytes); "
            f"set {RUNTIME_ENV} to a shorter folder"
        )
    return path
