"""The front door's limits end to end, with the real OpenSSH client: sessions per key, logins
in progress per address, a logged-in connection that opens no session, a link that stops
answering, the open-file limit, and one log line for each refused login."""

from __future__ import annotations

import re
import socket

from tests.hosting.e2e.harness import (
    Host,
    key_fingerprint,
    probe_command,
    process_gone,
    public_key,
    run_ssh,
    ssh_command,
    wait_until,
)

PROBE = probe_command()
KEY_FULL = "You already have 2 sessions open, the most for one key; close one first."


def probe_pid(screen: str) -> int:
    match = re.search(r"PROBE pid=(\d+)", screen)
    assert match, screen
    return int(match.group(1))


def test_a_key_gets_two_sessions_and_a_third_is_told_why(start_host, key, terminal) -> None:
    host: Host = start_host(child=PROBE)
    alice, bob = key("alice"), key("bob")
    first, second = terminal(host, alice), terminal(host, alice)
    first.wait_for("PROBE pid=")
    second.wait_for("PROBE pid=")
    third = terminal(host, alice)
    third.wait_for(KEY_FULL)
    assert third.wait_closed() == 1
    host.wait_output(
        f"refused (2 sessions of this key already open): {key_fingerprint(alice)} from 127.0.0.1"
    )
    terminal(host, bob).wait_for("PROBE pid=")  # others are not counted against alice
    first.type("q")
    first.wait_closed()
    terminal(host, alice).wait_for("PROBE pid=")  # a closed one frees its place


def test_max_per_key_sets_the_cap(start_host, key, terminal) -> None:
    host = start_host("--max-per-key", "1", child=PROBE)
    alice = key("alice")
    terminal(host, alice).wait_for("PROBE pid=")
    second = terminal(host, alice)
    second.wait_for("You already have 1 sessions open, the most for one key")
    assert second.wait_closed() == 1
    assert "1 sessions per key" in host.output


def test_a_connection_that_opens_no_session_is_closed(start_host, key) -> None:
    host = start_host("--no-session-timeout", "2", child=PROBE)
    alice = key("alice")
    # -N: logged in, asks for no session; ssh would wait for ever
    done = run_ssh(ssh_command(host, alice, "-N", tty="-T"), timeout=60)
    assert done.returncode == 255, done
    host.wait_output(
        f"closed: {key_fingerprint(alice)} from 127.0.0.1 opened no session within 2 seconds"
    )


def test_half_open_logins_from_one_address_do_not_lock_out_another(
    start_host, key, terminal
) -> None:
    host = start_host("--max-logins-per-address", "2", child=PROBE)
    alice = key("alice")
    # two connections from 127.0.0.1 that never log in (they hold their places for the
    # 20 seconds of the login timeout)
    hoarders = [
        socket.create_connection(
            ("127.0.0.1", host.port), timeout=30, source_address=("127.0.0.1", 0)
        )
        for _ in range(2)
    ]
    try:
        for sock in hoarders:  # the host has accepted them: it has sent its version
            assert sock.recv(64).startswith(b"SSH-2.0-")
        refused = run_ssh(ssh_command(host, alice, tty="-T"))
        assert refused.returncode == 255, refused
        host.wait_output(
            "dropped a connection from 127.0.0.1: 2 logins in progress from "
            "127.0.0.1 (--max-logins-per-address)"
        )
        # another address still gets in
        screen = terminal(host, alice, extra=("-b", "127.0.0.2")).wait_for("PROBE pid=")
        assert "PROBE pid=" in screen
    finally:
        for sock in hoarders:
            sock.close()
    terminal(host, key("bob")).wait_for("PROBE pid=")  # and 127.0.0.1 again once they left


def test_max_logins_caps_logins_in_progress_from_everywhere(start_host, key) -> None:
    host = start_host("--max-logins", "2", child=PROBE)
    hoarders = [
        socket.create_connection(
            ("127.0.0.1", host.port), timeout=30, source_address=(f"127.0.0.{n}", 0)
        )
        for n in (3, 4)
    ]
    try:
        for sock in hoarders:
            assert sock.recv(64).startswith(b"SSH-2.0-")
        refused = run_ssh(ssh_command(host, key("alice"), "-b", "127.0.0.5", tty="-T"))
        assert refused.returncode == 255, refused
        host.wait_output("2 logins in progress (--max-logins)")
    finally:
        for sock in hoarders:
            sock.close()


def test_a_link_that_stops_answering_is_closed_after_four_keepalives(
    start_host, key, terminal
) -> None:
    host = start_host("--keepalive", "1", child=PROBE)
    term = terminal(host, key("alice"))
    pid = probe_pid(term.wait_for("PROBE pid="))
    term.freeze()  # answers nothing from now on, while its TCP connection stays up
    try:
        wait_until(lambda: process_gone(pid), 30, lambda: f"process {pid} still runs")
        host.wait_output("session closed")
    finally:
        term.thaw()
    assert "a dead link is closed within 4 seconds" in host.output


def test_refused_logins_are_logged_with_address_and_key(start_host, key, tmp_path) -> None:
    alice, mallory = key("alice"), key("mallory")
    allow = tmp_path / "authorized_keys"
    allow.write_text(f"{public_key(alice)}\n")
    host = start_host("--allow", str(allow), child=PROBE)
    mine, theirs = key_fingerprint(alice), key_fingerprint(mallory)
    assert run_ssh(ssh_command(host, mallory)).returncode == 255
    host.wait_output(f"refused (unknown key): {theirs} from 127.0.0.1")
    assert run_ssh(ssh_command(host, alice, tty="-T")).returncode == 1
    host.wait_output(f"refused (no terminal): {mine} from 127.0.0.1")
    assert run_ssh(ssh_command(host, alice, command=["ls"])).returncode == 1
    host.wait_output(f"refused (a command): {mine} from 127.0.0.1")
    forward = run_ssh(ssh_command(host, alice, "-W", f"127.0.0.1:{host.port}", tty="-T"))
    assert forward.returncode == 255
    host.wait_output(f"refused (forwarding to 127.0.0.1:{host.port}): {mine} from 127.0.0.1")
    lines = [line for line in host.lines if " refused (" in line]
    assert len(lines) == 4, lines  # one line each
    assert "Traceback" not in host.output


def test_the_open_file_limit_is_raised_and_told(start_host) -> None:
    host = start_host(child=PROBE, open_files=(128, 1024))
    assert "Open files: 1024 (enough for 224 players)" in host.output


def accept_lines(host: Host) -> list[str]:
    return [line for line in host.lines if "accept()" in line]


def test_running_out_of_descriptors_logs_a_line_a_second_at_most(start_host, key, terminal) -> None:
    # logins held open (up to the login timeout) until the descriptors run out
    host = start_host(
        "--max-logins",
        "1000",
        "--max-logins-per-address",
        "1000",
        child=PROBE,
        open_files=(160, 160),
    )
    assert "fewer than --max-sessions 32" in host.output
    crowd: list[socket.socket] = []
    try:
        for _ in range(300):
            try:
                crowd.append(socket.create_connection(("127.0.0.1", host.port), timeout=5))
            except OSError:
                break
        # the loop retries accept() every second while it fails: wait for a few retries
        wait_until(lambda: len(accept_lines(host)) >= 3, 30, lambda: host.output)
        stamps = [line.split()[0] for line in accept_lines(host)]
        assert len(stamps) == len(set(stamps)), stamps  # never two in one second
        assert all("Too many open files" in line for line in accept_lines(host))
        assert "Traceback" not in host.output
    finally:
        for sock in crowd:
            sock.close()
    terminal(host, key("alice")).wait_for("PROBE pid=")  # serving again once they left
