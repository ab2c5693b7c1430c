"""Where a seated person is, as the others see it: at this table, in the lobby, at
another table, away (their link dropped a while ago) or offline.

A person with a connection is "in the lobby" unless that connection follows a table;
going to the lobby is not leaving the host. A person with no connection is "away" for
:data:`OFFLINE_AFTER` seconds after the last one closed, then "offline".
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Protocol

HERE, LOBBY, AT_TABLE, AWAY, OFFLINE = "here", "lobby", "table", "away", "offline"
WHERE = (HERE, LOBBY, AT_TABLE, AWAY, OFFLINE)
OFFLINE_AFTER = 600.0

# (where, at, gone_for): a "where" word, the table they are at (or None), seconds gone
Where = tuple[str, int | None, int]
WhereOf = Callable[[str, int, str], Where]


class Conn(Protocol):
    key: str
    following: set[int]

    @property
    def ready(self) -> bool: ...


class Presence:
    """When each person's last connection closed (monotonic seconds)."""

    offline_after: float = OFFLINE_AFTER

    def __init__(self) -> None:
        self.gone_since: dict[str, float] = {}

    def went(self, key: str, connections: Iterable[Conn]) -> None:
        """A connection of ``key`` closed: the clock starts when it was the last."""
        if key and not any(c.ready and c.key == key for c in connections):
            self.gone_since[key] = time.monotonic()

    def where(
        self, key: str, table_id: int, connections: Iterable[Conn], may_see: Callable[[int], bool]
    ) -> Where:
        """Where ``key`` is, seen from table ``table_id``; ``may_see(t)`` says whether the
        viewer may know of table ``t`` (a private one's number is not shown otherwise)."""
        elsewhere: list[int] = []
        connected = False
        for conn in connections:
            if conn.key != key or not conn.ready:
                continue
            connected = True
            if table_id in conn.following:
                return HERE, table_id, 0
            elsewhere.extend(conn.following)
        if connected:
            if not elsewhere:
                return LOBBY, None, 0
            at = max(elsewhere)
            return AT_TABLE, at if may_see(at) else None, 0
        since = self.gone_since.get(key)
        if since is None:
            return OFFLINE, None, 0
        gone = time.monotonic() - since
        return (AWAY if gone < self.offline_after else OFFLINE), None, int(gone)
