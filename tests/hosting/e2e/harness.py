"""End-to-end harness: a real ``robotui serve`` and real OpenSSH clients, each in its own
tmux terminal.

- :class:`Host` runs ``python -m robotui serve`` as a subprocess with its own data, runtime
  and config folders (short paths: the table socket must fit AF_UNIX's 107 bytes), waits for
  its ready line, and can stop it (SIGTERM), kill it (SIGKILL) and start it again on the
  same port with the same folders.
- :func:`make_key` makes a client key with ``ssh-keygen``.
- :class:`Terminal` is one tmux session of 80x24 (tmux's status line off; a shell prints
  ssh's exit status and keeps the window, so its last screen can be read) running
  ``ssh -tt -p PORT -i KEY ... 127.0.0.1``: :meth:`Terminal.send` keys,
  :meth:`Terminal.type` text, :meth:`Terminal.text` the screen, :meth:`Terminal.wait_for`
  text or a predicate (a generous timeout; failing with the screen), :meth:`Terminal.resize`,
  :meth:`Terminal.drop` (SIGKILL the ssh client: a dropped link), :meth:`Terminal.freeze`
  (SIGSTOP it: a client that stops reading).
- :func:`enter_lobby` gives a first-time player's name and waits for the lobby.
- :func:`ssh_command` / :func:`run_ssh` run ssh without a terminal, for refusals.

Every wait polls; nothing asserts how long anything took.
"""

from __future__ import annotations

import os
import re
import resource
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PROBE = Path(__file__).resolve().parent / "child_probe.py"
READY = "Ready. Stop with Ctrl+C."
START_TIMEOUT = 60.0
WAIT_TIMEOUT = 30.0
SETTLE = 0.05  # seconds between the two captures of a screen that must agree
EXITED = "[ssh exited]"  # the line the terminal's shell prints when ssh ends, with its status
POLL = 0.05


class HarnessError(AssertionError):
    """A wait that timed out; the message carries what was seen."""


def require_tools() -> None:
    """The e2e tests need the OpenSSH client and tmux (.ci/run installs them)."""
    missing = [tool for tool in ("ssh", "ssh-keygen", "tmux") if shutil.which(tool) is None]
    if missing:
        raise HarnessError(
            f"the e2e tests need {', '.join(missing)}: apt-get install openssh-client tmux"
        )


def wait_until(check: Callable[[], object], timeout: float, what: Callable[[], str]) -> object:
    """Poll ``check`` until it returns something true; HarnessError with ``what()``."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise HarnessError(what())
        time.sleep(POLL)


def short_dir(prefix: str) -> Path:
    path = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    os.chmod(path, 0o700)
    return path


def make_key(folder: Path, name: str) -> Path:
    """A new ed25519 client key (no passphrase); returns the private key's path."""
    path = folder / name
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", str(path)], check=True
    )
    return path


def public_key(key: Path) -> str:
    return Path(f"{key}.pub").read_text().strip()


def key_fingerprint(key: Path) -> str:
    """``SHA256:...`` of a key file (private or .pub), as ssh-keygen -l prints it."""
    out = subprocess.run(
        ["ssh-keygen", "-l", "-E", "sha256", "-f", str(key)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return out.split()[1]


class Host:
    """``robotui serve`` in a subprocess."""

    def __init__(
        self,
        base: Path,
        args: Sequence[str] = (),
        env: dict[str, str] | None = None,
        child: str | None = None,
        open_files: tuple[int, int] | None = None,
    ) -> None:
        self.base = base
        self.data = base / "data"
        self.config = base / "config"
        self.runtime = short_dir("rt")
        # One ready process, not serve's 32: each starts its app ahead (and again 2 s after
        # it is used), CPU that most tests' sessions never need; the first session of
        # every test still goes through one.
        self.args = list(args) if "--ready-processes" in args else [*args, "--ready-processes", "1"]
        self.extra_env = dict(env or {})
        if child is not None:  # test-only: a probe instead of the lobby
            self.extra_env["ROBOTUI_SERVE_CHILD"] = child
        self.open_files = open_files  # (soft, hard) RLIMIT_NOFILE to start with
        self.port = 0
        self.fingerprint = ""
        self.process: subprocess.Popen[bytes] | None = None
        self._stop_reading = threading.Event()
        self.lines: list[str] = []
        self._reader: threading.Thread | None = None

    @property
    def env(self) -> dict[str, str]:
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("ROBOTUI_", "PYTEST_", "TEXTUAL"))
        }
        env.update(
            {
                "ROBOTUI_DATA_DIR": str(self.data),
                "ROBOTUI_RUNTIME_DIR": str(self.runtime),
                "ROBOTUI_CONFIG_DIR": str(self.config),
                "ROBOTUI_SAVE_DIR": str(self.base / "saves"),
                "PYTHONPATH": str(ROOT),
                "PYTHONUNBUFFERED": "1",
            }
        )
        env.update(self.extra_env)
        return env

    def start(self, extra_args: Sequence[str] = ()) -> Host:
        """Start serving (on the same port as before after a stop or kill) and wait until
        it is ready."""
        listen = f"127.0.0.1:{self.port}"
        argv = [
            sys.executable,
            "-m",
            "robotui",
            "serve",
            "--listen",
            listen,
            *self.args,
            *extra_args,
        ]
        self.lines = []
        self._stop_reading = threading.Event()
        limit = self.open_files
        self.process = subprocess.Popen(
            argv,
            env=self.env,
            cwd=self.base,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=None
            if limit is None
            else (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, limit)),
        )
        self._reader = threading.Thread(target=self._read, args=(self.process,), daemon=True)
        self._reader.start()
        self.wait_output(READY, START_TIMEOUT)
        for line in self.lines:
            if match := re.search(r"listening on \S+:(\d+)$", line):
                self.port = int(match.group(1))
            if match := re.search(r"fingerprint: (SHA256:\S+)", line):
                self.fingerprint = match.group(1)
        return self

    def _read(self, process: subprocess.Popen[bytes]) -> None:
        """Collect the server's output lines until it ends or close_log() is called."""
        assert process.stdout is not None
        fd = process.stdout.fileno()
        pending = b""
        while not self._stop_reading.is_set():
            ready, _, _ = select.select([fd], [], [], 0.1)
            if not ready:
                continue
            data = os.read(fd, 65536)
            if not data:
                break
            pending += data
            *lines, pending = pending.split(b"\n")
            self.lines.extend(line.decode(errors="replace") for line in lines)
        if pending:
            self.lines.append(pending.decode(errors="replace"))

    def close_log(self) -> None:
        """Stop reading the server's output and close it: its log becomes a broken pipe."""
        assert self.process is not None and self.process.stdout is not None
        self._stop_reading.set()
        if self._reader is not None:
            self._reader.join(5)
        self.process.stdout.close()

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def wait_output(self, text: str, timeout: float = WAIT_TIMEOUT) -> None:
        def seen() -> bool:
            if text in self.output:
                return True
            if self.process is not None and self.process.poll() is not None:
                if self._reader is not None:
                    self._reader.join(2)
                if text in self.output:
                    return True
                raise HarnessError(
                    f"robotui serve exited ({self.process.returncode}) before "
                    f"{text!r}:\n{self.output}"
                )
            return False

        wait_until(seen, timeout, lambda: f"robotui serve never said {text!r}:\n{self.output}")

    def stop(self, signum: int = signal.SIGTERM, timeout: float = WAIT_TIMEOUT) -> int:
        """Signal the server and wait for it; its exit status."""
        process = self.process
        if process is None:
            return 0
        if process.poll() is None:
            process.send_signal(signum)
        try:
            code = process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise HarnessError(
                f"robotui serve did not stop on signal {signum}:\n{self.output}"
            ) from None
        if self._reader is not None:
            self._reader.join(5)
        self.process = None
        return code

    def kill(self) -> None:
        """kill -9: no clean-up at all, as a crash or power cut leaves it."""
        self.stop(signal.SIGKILL)

    def restart(self) -> Host:
        if self.process is not None:
            self.stop()
        return self.start()

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.stop(signal.SIGKILL)
        shutil.rmtree(self.runtime, ignore_errors=True)


def ssh_options(host: Host, key: Path) -> list[str]:
    return [
        "-F",
        "/dev/null",
        "-p",
        str(host.port),
        "-i",
        str(key),
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        "LogLevel=ERROR",
        "-o",
        "BatchMode=yes",
        "-o",
        "ConnectTimeout=20",
    ]


def ssh_command(
    host: Host, key: Path, *extra: str, tty: str = "-tt", command: Sequence[str] = ()
) -> list[str]:
    """ssh to the host: ``extra`` options, then the host, then ``command`` (if any)."""
    return ["ssh", tty, *ssh_options(host, key), *extra, "127.0.0.1", *command]


def run_ssh(argv: list[str], timeout: float = WAIT_TIMEOUT) -> subprocess.CompletedProcess[str]:
    """Run ssh with no terminal; stdin empty."""
    return subprocess.run(
        argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout
    )


class Tmux:
    """A tmux server of our own (its own socket), shared by one test's terminals."""

    def __init__(self, base: Path) -> None:
        self.socket = f"robotui-e2e-{os.getpid()}-{id(self)}"
        self.conf = base / "tmux.conf"
        self.conf.write_text("set -g status off\nset -g history-limit 2000\n")
        self.count = 0

    def run(self, *args: str, check: bool = True) -> str:
        argv = ["tmux", "-L", self.socket, "-f", str(self.conf), *args]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=WAIT_TIMEOUT)
        if check and done.returncode != 0:
            raise HarnessError(f"{shlex.join(argv)} failed: {done.stderr.strip()}")
        return done.stdout

    def close(self) -> None:
        self.run("kill-server", check=False)


class Terminal:
    """One player's terminal: ``ssh -tt`` to the host inside a tmux session."""

    def __init__(
        self,
        tmux: Tmux,
        host: Host,
        key: Path,
        width: int = 80,
        height: int = 24,
        extra: Iterable[str] = (),
    ) -> None:
        tmux.count += 1
        self.tmux = tmux
        self.name = f"t{tmux.count}"
        self.argv = ssh_command(host, key, *extra)
        # ssh runs under a shell that prints its exit status and stays: tmux itself was
        # seen (3.3a, under load) to leave an exited ssh unreaped, never marking the pane
        # dead, and to move a dead pane's last screen into its history
        wrapped = (
            f'{shlex.join(self.argv)}; status=$?; echo; echo "{EXITED} $status"; exec sleep 100000'
        )
        tmux.run(
            "new-session",
            "-d",
            "-s",
            self.name,
            "-x",
            str(width),
            "-y",
            str(height),
            shlex.join(["sh", "-c", wrapped]),
        )

    # -- keys -----------------------------------------------------------------
    def send(self, *keys: str) -> None:
        """tmux key names: 'Enter', 'Escape', 'C-t', 'Up', or plain characters."""
        self.tmux.run("send-keys", "-t", self.name, *keys)

    def type(self, text: str) -> None:
        """Literal text, each character a key."""
        self.tmux.run("send-keys", "-t", self.name, "-l", text)

    # -- screen ---------------------------------------------------------------
    def text(self) -> str:
        return self.tmux.run("capture-pane", "-p", "-t", self.name)

    def wait_for(
        self,
        expected: str | Callable[[str], bool],
        timeout: float = WAIT_TIMEOUT,
        steady: bool = True,
    ) -> str:
        """The screen once it shows ``expected`` (text, or a predicate on the screen) and has
        stopped changing: a capture may fall between two writes of one frame (the move
        number painted, the hand below it not yet), so a screen counts only when a second
        capture a moment later is the same. ``steady=False`` is for output that never
        stops (a flood): the first capture that shows ``expected`` counts."""

        def shows(screen: str) -> bool:
            return expected in screen if isinstance(expected, str) else bool(expected(screen))

        def check() -> str | None:
            screen = self.text()
            if not shows(screen):
                return None
            if not steady:
                return screen
            time.sleep(SETTLE)
            return screen if self.text() == screen else None

        def failure() -> str:
            return (
                f"terminal {self.name} never showed {expected!r} "
                f"(ssh {'exited ' + str(self.exit_status()) if self.dead() else 'running'}"
                f"); screen:\n{self.text()}"
            )

        return str(wait_until(check, timeout, failure))

    def resize(self, width: int, height: int) -> None:
        self.tmux.run("resize-window", "-t", self.name, "-x", str(width), "-y", str(height))

    # -- the ssh client -------------------------------------------------------
    def _pane(self, field: str) -> str:
        return self.tmux.run("list-panes", "-t", self.name, "-F", f"#{{{field}}}").strip()

    def dead(self) -> bool:
        """Whether ssh has exited."""
        return self.exit_status() is not None

    def exit_status(self) -> int | None:
        """ssh's exit status (128 + the signal that ended it); None while it runs."""
        found = re.findall(rf"^{re.escape(EXITED)} (\d+)\b", self.text(), re.M)
        return int(found[-1]) if found else None

    def wait_closed(self, timeout: float = WAIT_TIMEOUT) -> int:
        """Wait for ssh to exit; its exit status."""
        wait_until(
            self.dead,
            timeout,
            lambda: f"ssh in {self.name} is still running; screen:\n{self.text()}",
        )
        status = self.exit_status()
        assert status is not None
        return status

    def drop(self) -> None:
        """SIGKILL the ssh client: the link drops with no goodbye."""
        os.kill(self.ssh_pid(), signal.SIGKILL)

    def freeze(self) -> None:
        """SIGSTOP the ssh client: a player whose link or terminal stops reading."""
        os.kill(self.ssh_pid(), signal.SIGSTOP)

    def thaw(self) -> None:
        os.kill(self.ssh_pid(), signal.SIGCONT)

    def ssh_pid(self) -> int:
        """The ssh client: the child of the pane's shell."""
        shell = int(self._pane("pane_pid"))
        children = Path(f"/proc/{shell}/task/{shell}/children").read_text().split()
        if not children:
            raise HarnessError(f"ssh in {self.name} is not running; screen:\n{self.text()}")
        return int(children[0])

    def close(self) -> None:
        self.tmux.run("kill-session", "-t", self.name, check=False)


NAME_PROMPT = "What should the others call you?"  # the lobby's first-visit name screen


def enter_lobby(term: Terminal, name: str) -> str:
    """A first visit: wait for the name screen, give ``name``; the lobby's screen."""
    term.wait_for(NAME_PROMPT)
    term.type(name)
    term.send("Enter")
    # the whole lobby, its footer included: a screen read between the title and the footer
    # being drawn missed the footer on a loaded machine
    return term.wait_for(lambda screen: f"{name} at" in screen and "n New table" in screen)


def process_gone(pid: int) -> bool:
    """True once ``pid`` no longer exists (a zombie counts as gone: it runs nothing)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return True
    return state == "Z"


def probe_command() -> str:
    """ROBOTUI_SERVE_CHILD for the probe (tests only)."""
    return shlex.join([sys.executable, str(PROBE)])


def memory_kb(pid: int) -> int:
    """Resident memory of ``pid`` in kB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise HarnessError(f"no VmRSS for {pid}")
