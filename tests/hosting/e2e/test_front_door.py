"""The SSH front door end to end: a real ``robotui serve`` and the real OpenSSH client.

Most tests run the test-only probe (tests/hosting/e2e/child_probe.py, through
ROBOTUI_SERVE_CHILD) in place of the lobby: it prints its terminal size, TERM, LANG, whether
the PTY is its controlling terminal and any SSH variable that leaked into its environment,
and redraws on SIGWINCH; 'q' ends it with status 3.
"""

from __future__ import annotations

import re
import socket
import subprocess
import time
from pathlib import Path

from tests.hosting.e2e.harness import (
    EXITED,
    Host,
    Terminal,
    key_fingerprint,
    memory_kb,
    probe_command,
    process_gone,
    public_key,
    run_ssh,
    ssh_command,
    wait_until,
)

PROBE = probe_command()


def probe_pid(screen: str) -> int:
    match = re.search(r"PROBE pid=(\d+)", screen)
    assert match, screen
    return int(match.group(1))


def alice_at_the_probe(start_host, key, terminal, **host_args) -> tuple[Host, Terminal, int]:
    """A host whose sessions run the probe, Alice's terminal on it, and the probe's pid
    (once the probe has drawn)."""
    host = start_host(child=PROBE, **host_args)
    term = terminal(host, key("alice"))
    return host, term, probe_pid(term.wait_for("PROBE pid="))


# ------------------------------------------------------------ start-up


def test_ready_lines_name_the_address_fingerprint_socket_and_data_folder(start_host) -> None:
    host: Host = start_host(child=PROBE)
    out = host.output
    assert f"listening on 127.0.0.1:{host.port}" in out
    key_file = host.data / "host_key"
    assert key_file.stat().st_mode & 0o777 == 0o600
    assert host.fingerprint == key_fingerprint(key_file)
    assert f"Table socket: {host.runtime / 'tables.sock'}" in out
    assert f"Data folder: {host.data}" in out
    # the host key is made once: a restart keeps it
    first = host.fingerprint
    host.restart()
    assert host.fingerprint == first


# ------------------------------------------------------------ refusals


def test_a_session_without_a_terminal_is_told_to_use_ssh_t(start_host, key) -> None:
    host = start_host(child=PROBE)
    alice = key("alice")
    for argv in (
        ssh_command(host, alice, tty="-T"),
        ssh_command(host, alice, tty="-T", command=["somecommand"]),
    ):
        done = run_ssh(argv)
        assert done.returncode == 1, (argv, done)
        assert f"robotui needs a terminal: ssh -t -p {host.port} HOST" in done.stdout
        assert "Traceback" not in done.stdout + done.stderr


def test_a_command_with_a_terminal_is_refused(start_host, key) -> None:
    host = start_host(child=PROBE)
    done = run_ssh(ssh_command(host, key("alice"), command=["ls", "/"]))
    assert done.returncode == 1
    assert "robotui runs no commands" in done.stdout
    assert "bin" not in done.stdout


def test_sftp_and_port_forwarding_are_refused(start_host, key, tmp_path: Path) -> None:
    host = start_host(child=PROBE)
    alice = key("alice")
    options = [
        "-F",
        "/dev/null",
        "-P",
        str(host.port),
        "-i",
        str(alice),
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "BatchMode=yes",
        "-o",
        "IdentitiesOnly=yes",
    ]
    sftp = subprocess.run(
        ["sftp", "-b", "-", *options, "127.0.0.1"],
        input="ls\n",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert sftp.returncode != 0
    assert "subsystem request failed" in sftp.stderr
    # -W: a direct TCP connection through the host (local forwarding)
    forward = run_ssh(ssh_command(host, alice, "-W", f"127.0.0.1:{host.port}", tty="-T"))
    assert forward.returncode == 255
    assert "forwarding failed" in forward.stderr
    # -R: the host listening for us (remote forwarding)
    remote = run_ssh(
        ssh_command(
            host, alice, "-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9", tty="-T"
        )
    )
    assert remote.returncode == 255
    assert "forwarding failed" in remote.stderr


def test_passwords_are_never_asked(start_host, key) -> None:
    host = start_host(child=PROBE)
    done = run_ssh(
        ssh_command(
            host,
            key("alice"),
            "-o",
            "PubkeyAuthentication=no",
            "-o",
            "PreferredAuthentications=password,keyboard-interactive",
            tty="-T",
        )
    )
    assert done.returncode == 255
    assert "Permission denied (publickey)" in done.stderr


def test_with_allow_only_listed_keys_enter(start_host, key, terminal, tmp_path: Path) -> None:
    alice, mallory = key("alice"), key("mallory")
    allow = tmp_path / "authorized_keys"
    allow.write_text(f"# friends\n{public_key(alice)}\n")
    host = start_host("--allow", str(allow), child=PROBE)
    assert "Who may enter: the 1 keys in" in host.output
    refused = run_ssh(ssh_command(host, mallory))
    assert refused.returncode == 255
    assert "Permission denied (publickey)" in refused.stderr
    terminal(host, alice).wait_for("PROBE pid=")
    # the file is read again when it changes: mallory is let in at the next login
    allow.write_text(f"{public_key(alice)}\n{public_key(mallory)}\n")
    terminal(host, mallory).wait_for("PROBE pid=")


def test_the_client_environment_is_ignored_but_term(start_host, key, terminal) -> None:
    host = start_host(child=PROBE)
    # agent and X11 forwarding asked for too: refused, the session goes on without them
    extra = ("-o", "SetEnv=LC_PROBE=x SSH_FOO=y", "-A", "-X")
    screen = terminal(host, key("alice"), extra=extra).wait_for("PROBE pid=")
    assert "foreign=none" in screen
    assert "lang=C.UTF-8" in screen
    assert "ctty=yes" in screen  # the PTY is the process's controlling terminal
    assert "token=yes" in screen
    assert re.search(r"term=(tmux|screen)", screen), screen  # tmux's TERM, passed on


# ------------------------------------------------------------ a session's life


def test_the_process_exit_status_ends_the_session(start_host, key, terminal) -> None:
    _, term, _ = alice_at_the_probe(start_host, key, terminal)
    term.type("hello")
    term.wait_for("KEYS hello")
    term.type("q")
    assert term.wait_closed() == 3


def test_a_resize_reaches_the_process(start_host, key, terminal) -> None:
    _, term, _ = alice_at_the_probe(start_host, key, terminal)
    term.wait_for("size=80x24")
    term.resize(100, 30)
    term.wait_for("size=100x30")
    term.resize(60, 20)
    term.wait_for("size=60x20")


def test_a_huge_window_is_drawn_at_most_500_by_200(start_host, key, terminal) -> None:
    _, term, _ = alice_at_the_probe(start_host, key, terminal)
    term.wait_for("size=80x24")
    term.resize(900, 300)
    term.wait_for("size=500x200")


def test_dropping_the_ssh_client_hangs_up_the_process(start_host, key, terminal) -> None:
    host, term, pid = alice_at_the_probe(start_host, key, terminal)
    term.drop()
    wait_until(lambda: process_gone(pid), 30, lambda: f"process {pid} still runs")
    host.wait_output("session closed")


def test_a_client_that_stops_reading_stalls_only_its_own_process(start_host, key, terminal) -> None:
    host = start_host(child=PROBE)
    flooder = terminal(host, key("flooder"))
    pid = probe_pid(flooder.wait_for("PROBE pid="))
    flooder.type("f")
    flooder.wait_for("FLOOD", steady=False)  # the flood never stops changing the screen
    flooder.freeze()
    assert host.process is not None
    before = memory_kb(host.process.pid)
    # the others play on while the flood has nowhere to go
    other = terminal(host, key("other"))
    other.wait_for("PROBE pid=")
    for word in ("one", "two", "three"):
        other.type(word)
        other.wait_for(f"KEYS {word}")
    # the host buffers a bounded amount for the frozen client (its own process waits)
    assert memory_kb(host.process.pid) < before + 64 * 1024
    flooder.thaw()
    flooder.drop()
    wait_until(lambda: process_gone(pid), 30, lambda: f"process {pid} still runs")


def test_idle_sessions_close_and_say_the_seats_are_kept(start_host, key, terminal) -> None:
    env = {"ROBOTUI_SERVE_IDLE_SECONDS": "2"}
    _, term, pid = alice_at_the_probe(start_host, key, terminal, env=env)
    screen = term.wait_for("without a key; your seats are kept.")
    assert "Closed after 2 seconds without a key; your seats are kept." in screen
    term.wait_closed()
    assert process_gone(pid)


def test_max_sessions_turns_one_more_away(start_host, key, terminal) -> None:
    host = start_host("--max-sessions", "2", child=PROBE)
    alice = key("alice")
    first, second = terminal(host, alice), terminal(host, alice)
    first.wait_for("PROBE pid=")
    second.wait_for("PROBE pid=")
    third = terminal(host, alice)
    third.wait_for("The host is full (2 players). Try again later.")
    assert third.wait_closed() == 1
    first.type("q")
    first.wait_closed()
    terminal(host, alice).wait_for("PROBE pid=")


def test_200_connections_at_once_do_no_harm(start_host, key, terminal) -> None:
    host = start_host(child=PROBE)
    crowd = []
    for number in range(200):
        sock = socket.create_connection(("127.0.0.1", host.port), timeout=30)
        if number % 2:
            sock.sendall(b"SSH-2.0-junk\r\n" + bytes(range(256)))
        crowd.append(sock)
    for sock in crowd:
        sock.close()
    # The host may still count a few of the crowd as logging in from this address (at most
    # 8 at once) until it has read their hang-ups: a player turned away then tries again.
    deadline = time.monotonic() + 60
    while True:
        screen = terminal(host, key("alice")).wait_for(lambda s: "PROBE pid=" in s or EXITED in s)
        if "PROBE pid=" in screen:
            break
        assert time.monotonic() < deadline, f"still turned away after a minute:\n{screen}"
        time.sleep(1)
    assert host.process is not None and host.process.poll() is None


def test_stopping_the_host_tells_players_and_leaves_no_process(start_host, key, terminal) -> None:
    host, term, pid = alice_at_the_probe(start_host, key, terminal)
    assert host.stop() == 0
    term.wait_for("The host is stopping; your seats are kept.")
    term.wait_closed()
    assert process_gone(pid)
    assert "Stopped." in host.output


def test_killing_the_host_hangs_up_every_process(start_host, key, terminal) -> None:
    host, term, pid = alice_at_the_probe(start_host, key, terminal)
    host.kill()
    # the PTY's master side closed with the server: the kernel hangs up the process
    wait_until(lambda: process_gone(pid), 30, lambda: f"process {pid} still runs")
    host.start()
    terminal(host, key("bob")).wait_for("PROBE pid=")


def test_a_log_nobody_reads_stops_nothing(start_host, key, terminal) -> None:
    host = start_host(child=PROBE)
    host.close_log()  # e.g. started under nohup from a terminal since closed
    first = terminal(host, key("alice"))
    pid = probe_pid(first.wait_for("PROBE pid="))
    first.type("q")
    assert first.wait_closed() == 3
    terminal(host, key("bob")).wait_for("PROBE pid=")
    assert host.stop() == 0
    assert process_gone(pid)
