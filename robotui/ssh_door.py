"""The SSH front door's connections: who may log in, how many logins may be in progress
(in all and from one address), how long a logged-in connection may go without a session, and
one log line for each refused login or forwarding."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable

import asyncssh

from robotui.serve_limits import DoorLimits
from robotui.serve_log import RateLimitedLog
from robotui.ssh_keys import AllowList, fingerprint
from robotui.ssh_session import PlayerSession, Sessions

SHOWN_KEYS = 3  # refused keys named in a log line; a client may offer many


class Gate:
    """What every connection shares: the allow list, the limits, and the logins in progress
    (in all and for each address)."""

    def __init__(
        self,
        allow: AllowList | None,
        sessions: Sessions,
        limits: DoorLimits,
        log: Callable[[str], None],
    ) -> None:
        self.allow = allow
        self.sessions = sessions
        self.limits = limits
        self.log = log
        self.flood_log = RateLimitedLog(log)
        self.logging_in = 0
        self.logging_in_from: Counter[str] = Counter()
        self.connections: set[asyncssh.SSHServerConnection] = set()

    def admit_login(self, peer: str) -> str | None:
        """Count a new connection's login in progress; or why it is dropped at once."""
        if self.sessions.stopping:
            return "the host is stopping"
        if self.logging_in >= self.limits.max_logins:
            return f"{self.logging_in} logins in progress (--max-logins)"
        if self.logging_in_from[peer] >= self.limits.max_logins_per_address:
            return (
                f"{self.logging_in_from[peer]} logins in progress from {peer} "
                "(--max-logins-per-address)"
            )
        self.logging_in += 1
        self.logging_in_from[peer] += 1
        return None

    def login_over(self, peer: str) -> None:
        self.logging_in -= 1
        self.logging_in_from[peer] -= 1
        if self.logging_in_from[peer] <= 0:
            del self.logging_in_from[peer]


class FrontDoor(asyncssh.SSHServer):
    """One connection: public-key authentication only; each session a PlayerSession."""

    def __init__(self, gate: Gate) -> None:
        self.gate = gate
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer = "?"
        self.key: str | None = None
        self._offered: str | None = None
        self._refused_keys: dict[str, None] = {}  # in the order offered, each once
        self._logging_in = False
        self._sessions: set[PlayerSession] = set()
        self._watchers: set[asyncio.Task[None]] = set()
        self._no_session: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.peer = str(peer[0]) if peer else "?"
        self.gate.connections.add(conn)
        dropped = self.gate.admit_login(self.peer)
        if dropped is not None:
            self.gate.flood_log("dropped", f"dropped a connection from {self.peer}: {dropped}")
            asyncio.get_running_loop().call_soon(conn.abort)
            return
        self._logging_in = True

    def connection_lost(self, exc: Exception | None) -> None:
        if exc is not None and self.key is not None:
            self.gate.log(f"connection lost: {self.key} from {self.peer}: {exc}")
        if self.key is None and self._refused_keys:
            keys = list(self._refused_keys)
            shown = ", ".join(keys[:SHOWN_KEYS])
            if len(keys) > SHOWN_KEYS:
                shown += f" and {len(keys) - SHOWN_KEYS} more"
            self.gate.log(f"refused (unknown key): {shown} from {self.peer}")
        self._done_logging_in()
        self._cancel_no_session()
        if self.conn is not None:
            self.gate.connections.discard(self.conn)

    def _done_logging_in(self) -> None:
        if self._logging_in:
            self._logging_in = False
            self.gate.login_over(self.peer)

    # -- authentication ------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        if self.gate.allow is not None:
            problem = self.gate.allow.refresh()
            if problem:
                self.gate.log(problem)
        return True  # always authenticate: never let anyone in without a key

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        allowed = self.gate.allow is None or self.gate.allow.allows(key, self.peer)
        # asyncssh calls this for the key being tried and again, with no await between
        # that call and auth_completed, for the key whose signature succeeds: the last key
        # recorded here when auth completes is the one the client proved it holds.
        self._offered = fingerprint(key) if allowed else None
        if not allowed:
            self._refused_keys[fingerprint(key)] = None
        return allowed

    def validate_ca_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        return False  # certificates are not identities here

    def auth_completed(self) -> None:
        self.key = self._offered
        self._done_logging_in()
        self._arm_no_session()

    # -- sessions ------------------------------------------------------------
    def session_requested(self) -> PlayerSession | bool:
        if self.key is None:
            return False
        self._cancel_no_session()
        session = self.gate.sessions.new(self.key, self.peer)
        self._sessions.add(session)
        watcher = asyncio.get_running_loop().create_task(self._session_over(session))
        self._watchers.add(watcher)
        watcher.add_done_callback(self._watchers.discard)
        return session

    async def _session_over(self, session: PlayerSession) -> None:
        await session.finished.wait()
        self._sessions.discard(session)
        if not self._sessions and self.conn is not None:
            self._arm_no_session()  # e.g. a multiplexing client keeping the link open

    def _arm_no_session(self) -> None:
        seconds = self.gate.limits.no_session_seconds
        self._cancel_no_session()
        if seconds > 0 and self.conn is not None:
            self._no_session = asyncio.get_running_loop().call_later(seconds, self._close_idle_link)

    def _cancel_no_session(self) -> None:
        if self._no_session is not None:
            self._no_session.cancel()
            self._no_session = None

    def _close_idle_link(self) -> None:
        self._no_session = None
        if self.conn is not None and not self._sessions:
            self.gate.log(
                f"closed: {self.key} from {self.peer} opened no session within "
                f"{self.gate.limits.no_session_seconds:g} seconds"
            )
            self.conn.close()

    # -- forwarding: never ---------------------------------------------------
    def _refuse_forwarding(self, what: str) -> bool:
        self.gate.log(f"refused (forwarding {what}): {self.key} from {self.peer}")
        return False

    def connection_requested(
        self, dest_host: str, dest_port: int, orig_host: str, orig_port: int
    ) -> bool:
        return self._refuse_forwarding(f"to {dest_host}:{dest_port}")

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return self._refuse_forwarding(f"from {listen_host}:{listen_port}")

    def unix_connection_requested(self, dest_path: str) -> bool:
        return self._refuse_forwarding("to a unix socket")

    def unix_server_requested(self, listen_path: str) -> bool:
        return self._refuse_forwarding("from a unix socket")
