"""A stand-in for the lobby in the front door's own tests (ROBOTUI_SERVE_CHILD, test-only):
it shows what its terminal is (size, TERM, whether the PTY is its controlling terminal and
who is in its environment) and redraws on every resize; keys are echoed; 'q' exits with
status 3; 'f' writes without end. Run as a script: ``python tests/hosting/e2e/child_probe.py``."""

from __future__ import annotations

import os
import signal
import sys
import termios
import tty


def describe() -> str:
    size = os.get_terminal_size(0)
    try:
        controlling = os.tcgetpgrp(0) == os.getpgrp()
    except OSError:
        controlling = False
    token = "yes" if os.environ.get("ROBOTUI_TABLE_TOKEN") else "no"
    foreign = sorted(k for k in os.environ if k.startswith("SSH") or k in ("LC_PROBE", "DISPLAY"))
    return (
        f"PROBE pid={os.getpid()} size={size.columns}x{size.lines}\r\n"
        f"term={os.environ.get('TERM')} lang={os.environ.get('LANG')}\r\n"
        f"ctty={'yes' if controlling else 'no'} token={token}\r\n"
        f"foreign={','.join(foreign) or 'none'}"
    )


def show(*_: object) -> None:
    # os.write, not sys.stdout: this also runs as the SIGWINCH handler, which may interrupt
    # a write of sys.stdout's buffer (re-entering it raises RuntimeError)
    _write("\x1b[2J\x1b[H" + describe() + "\r\n")


def _write(text: str) -> None:
    data = text.encode()
    while data:
        try:
            data = data[os.write(1, data) :]
        except InterruptedError:
            continue


def main() -> int:
    old = termios.tcgetattr(0)
    tty.setraw(0)
    signal.signal(signal.SIGWINCH, show)
    try:
        show()
        while True:
            try:
                data = os.read(0, 1024)
            except InterruptedError:
                continue
            if not data or b"q" in data:
                return 3
            if b"f" in data:  # flood: write for ever (a test of backpressure)
                line = b"FLOOD " * 12 + b"\r\n"
                while True:
                    os.write(1, line * 100)
            _write("KEYS " + data.decode(errors="replace") + "\r\n")
    finally:
        termios.tcsetattr(0, termios.TCSADRAIN, old)


if __name__ == "__main__":
    sys.exit(main())
