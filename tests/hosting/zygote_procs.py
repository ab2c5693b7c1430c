"""The zygote's ready processes as /proc shows them (tests of robotui/zygote.py)."""

from __future__ import annotations

import os
from pathlib import Path

from robotui.zygote import Zygote, zygote_environment


def ready_processes(made: Zygote) -> set[int]:
    """The zygote's ready processes: this process's children with the zygote's command line
    (forked from it), other than the zygote itself, not yet ended."""
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == made.process.pid:
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == os.getpid() and fields[0] != "Z" and b"robotui.zygote" in command:
            found.add(int(entry))
    return found


def session_env(**extra: str) -> dict[str, str]:
    """A player's environment as the server sends it, this checkout on the import path."""
    env = zygote_environment()
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    env.update(extra)
    return env
