"""Whether a session that asked for its process gets one: what the player is told when not,
and the reason the host's log gives."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

NEEDS_TERMINAL = "robotui needs a terminal: ssh -t {where}"
NO_COMMANDS = "robotui runs no commands: ssh -t {where} (and nothing after the host)"
HOST_FULL = "The host is full ({limit} players). Try again later."
KEY_FULL = "You already have {limit} sessions open, the most for one key; close one first."
HOST_STOPPING = "The host is stopping; your seats are kept."


@dataclass(frozen=True)
class Refusal:
    line: str  # for the player
    reason: str  # for the host's log


def refusal(
    *,
    term: str | None,
    command: str | None,
    stopping: bool,
    key: str,
    live_keys: Iterable[str],
    max_sessions: int,
    max_per_key: int,
    port: int,
) -> Refusal | None:
    """Why a session may not start (None: it may). ``live_keys``: the key of every session
    that has a process."""
    where = "HOST" if port == 22 else f"-p {port} HOST"
    if term is None:
        return Refusal(NEEDS_TERMINAL.format(where=where), "no terminal")
    if command is not None:
        return Refusal(NO_COMMANDS.format(where=where), "a command")
    if stopping:
        return Refusal(HOST_STOPPING, "the host is stopping")
    keys = list(live_keys)
    if len(keys) >= max_sessions:
        return Refusal(HOST_FULL.format(limit=max_sessions), f"host full ({max_sessions} players)")
    if sum(1 for live in keys if live == key) >= max_per_key:
        return Refusal(
            KEY_FULL.format(limit=max_per_key), f"{max_per_key} sessions of this key already open"
        )
    return None
