"""A real OpenSSH client reaches the lobby of a real ``robotui serve`` (no probe: the player's
process is ``python -m robotui.table_client``), in an 80x24 terminal."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from tests.hosting.e2e.harness import (
    NAME_PROMPT,
    Host,
    enter_lobby,
    key_fingerprint,
    process_gone,
    wait_until,
)


def _players_processes(pid: int) -> list[int]:
    """The ``robotui.table_client`` processes the server ``pid`` started: those on a terminal
    (a warm start's process carries the zygote's command line, which names the module too;
    the zygote has no terminal)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes()
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
        if (
            int(stat[1]) == pid
            and stat[0] != "Z"
            and stat[4] != "0"
            and b"robotui.table_client" in command
        ):
            found.append(int(entry.name))
    return found


def test_a_player_sets_a_name_and_the_same_key_gets_it_back(start_host, key, terminal) -> None:
    host: Host = start_host()
    anna = key("anna")
    term = terminal(host, anna)
    screen = enter_lobby(term, "Anna")
    assert "Tables" in screen and "n New table" in screen
    assert host.process is not None
    (child,) = _players_processes(host.process.pid)
    term.type("q")
    assert term.wait_closed() == 0
    wait_until(lambda: process_gone(child), 30, lambda: f"process {child} still runs")
    host.wait_output(f"session opened: {key_fingerprint(anna)}")

    # the same key: straight to the lobby, named; another key is asked for a name
    again = terminal(host, anna)
    again.wait_for("Anna at")
    assert NAME_PROMPT not in again.text()
    terminal(host, key("bruno")).wait_for(NAME_PROMPT)


def test_the_lobby_survives_a_host_restart(start_host, key, terminal) -> None:
    host: Host = start_host()
    anna = key("anna")
    term = terminal(host, anna)
    enter_lobby(term, "Anna")
    host.kill()
    term.wait_closed()
    host.start()
    terminal(host, anna).wait_for("Anna at")


def test_a_dropped_link_ends_the_players_process(start_host, key, terminal) -> None:
    host: Host = start_host()
    term = terminal(host, key("anna"))
    term.wait_for(NAME_PROMPT)
    assert host.process is not None
    (child,) = _players_processes(host.process.pid)
    term.drop()
    wait_until(lambda: process_gone(child), 30, lambda: f"process {child} still runs")
    host.wait_output("session closed")


def test_the_lobby_redraws_at_every_window_size(start_host, key, terminal) -> None:
    host: Host = start_host()
    term = terminal(host, key("anna"))
    enter_lobby(term, "Anna")

    def frame_width(width: int):
        return lambda screen: any(
            line.startswith("╭") and len(line.rstrip()) == width for line in screen.splitlines()
        )

    term.wait_for(frame_width(80))
    term.resize(100, 30)
    term.wait_for(frame_width(100))
    term.resize(60, 20)
    term.wait_for("The terminal is 60x20.")
    term.resize(80, 24)
    term.wait_for(frame_width(80))


def _zygote(pid: int) -> int:
    """The warm-start process (robotui.zygote, no terminal) of the server ``pid``."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                command = (entry / "cmdline").read_bytes()
            except (FileNotFoundError, ProcessLookupError, IndexError):
                continue
            if int(stat[1]) == pid and stat[0] != "Z" and b"robotui.zygote" in command:
                return int(entry.name)
    return 0


def test_players_start_warm_and_cold_once_the_zygote_is_gone(start_host, key, terminal) -> None:
    host: Host = start_host()
    assert host.process is not None
    zygote = _zygote(host.process.pid)
    assert zygote
    anna = terminal(host, key("anna"))
    enter_lobby(anna, "Anna")
    (warm,) = _players_processes(host.process.pid)
    assert b"robotui.zygote" in Path(f"/proc/{warm}/cmdline").read_bytes()
    os.kill(zygote, signal.SIGKILL)
    bruno = terminal(host, key("bruno"))
    enter_lobby(bruno, "Bruno")
    host.wait_output("the zygote has gone")
    cold = [pid for pid in _players_processes(host.process.pid) if pid != warm]
    assert len(cold) == 1
    assert b"robotui.zygote" not in Path(f"/proc/{cold[0]}/cmdline").read_bytes()
