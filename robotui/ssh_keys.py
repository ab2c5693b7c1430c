"""Keys of the SSH front door: the host key (made once, kept 0600 in the data folder) and the
``--allow`` list (an authorized_keys file, read again when it changes)."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

import asyncssh


class KeyProblem(Exception):
    """A host key or allow file the front door cannot use; the message is one line."""


def fingerprint(key: asyncssh.SSHKey) -> str:
    """``SHA256:...``, as ``ssh-keygen -l`` prints it: the player's identity on the host."""
    return key.get_fingerprint("sha256")


def load_or_make_host_key(path: Path) -> asyncssh.SSHKey:
    """The host key at ``path``, generated (ed25519) the first time. A key that group or
    others may read is refused, as OpenSSH refuses one: it may have been copied."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return _read_host_key(path)
    except OSError as exc:
        raise KeyProblem(f"cannot create the host key {path}: {exc.strerror or exc}") from None
    key = asyncssh.generate_private_key("ssh-ed25519", comment="robotui host key")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
    except OSError as exc:
        path.unlink(missing_ok=True)
        raise KeyProblem(f"cannot write the host key {path}: {exc.strerror or exc}") from None
    return key


def _read_host_key(path: Path) -> asyncssh.SSHKey:
    try:
        info = os.stat(path)
        if info.st_mode & 0o077:
            raise KeyProblem(
                f"the host key {path} may be read by others (mode "
                f"{stat.S_IMODE(info.st_mode):o}): chmod 600 it, or delete it for a new one"
            )
        return asyncssh.read_private_key(path)
    except OSError as exc:
        raise KeyProblem(f"cannot read the host key {path}: {exc.strerror or exc}") from None
    except (ValueError, asyncssh.KeyImportError) as exc:
        raise KeyProblem(
            f"the host key {path} is not a private key ({exc}); delete it for a new one"
        ) from None


@dataclass
class _Loaded:
    stamp: tuple[int, int, int]  # (inode, size, mtime_ns): a change means read again
    keys: asyncssh.SSHAuthorizedKeys
    count: int


class AllowList:
    """Who may enter: the keys of an authorized_keys file. Options before a key that OpenSSH
    knows for where a key may come from (``from="..."``) are honoured; every other option is
    ignored (robotui runs no commands and forwards nothing anyway).

    :meth:`check` reads the file and raises :class:`KeyProblem` naming the bad line. The
    server calls :meth:`refresh` on each new connection: an edited file takes effect at the
    next login, and a file broken by an edit keeps the previous list (and says so once)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._loaded: _Loaded | None = None

    @property
    def count(self) -> int:
        return self._loaded.count if self._loaded else 0

    def check(self) -> None:
        self._loaded = self._read()

    def refresh(self) -> str | None:
        """Read the file again if it changed; a one-line problem if it cannot be used."""
        try:
            stamp = self._stamp()
            if self._loaded is not None and stamp == self._loaded.stamp:
                return None
            self._loaded = self._read()
        except KeyProblem as exc:
            return f"{exc}; keeping the previous list of {self.count} keys"
        return None

    def allows(self, key: asyncssh.SSHKey, peer_addr: str) -> bool:
        if self._loaded is None:
            return False
        return self._loaded.keys.validate(key, peer_addr, peer_addr) is not None

    def _stamp(self) -> tuple[int, int, int]:
        try:
            info = os.stat(self.path)
        except OSError as exc:
            raise KeyProblem(f"cannot read --allow {self.path}: {exc.strerror or exc}") from None
        return (info.st_ino, info.st_size, info.st_mtime_ns)

    def _read(self) -> _Loaded:
        stamp = self._stamp()
        try:
            text = self.path.read_text(encoding="utf-8")
        except OSError as exc:
            raise KeyProblem(f"cannot read --allow {self.path}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise KeyProblem(f"--allow {self.path} is not UTF-8 text") from None
        count = 0
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                asyncssh.import_authorized_keys(line)
            except ValueError:
                raise KeyProblem(
                    f"--allow {self.path} line {number}: not a public key in authorized_keys "
                    "form (e.g. 'ssh-ed25519 AAAA... name')"
                ) from None
            count += 1
        if not count:
            raise KeyProblem(f"--allow {self.path} lists no keys: nobody could enter")
        return _Loaded(stamp, asyncssh.import_authorized_keys(text), count)
