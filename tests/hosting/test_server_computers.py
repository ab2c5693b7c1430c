"""Computer seats think in worker processes: a player goes there with its view and comes
back with its action, so what it remembers survives; a worker that dies is replaced."""

from __future__ import annotations

import os
import random
from pathlib import Path

from engines.core import Action, SeatView
from engines.match import Match
from engines.registry import get_game
from hosting.computers import ComputerPool, think
from hosting.table import player_seed


class CountingPlayer:
    """Remembers how many times it has chosen, and in which process."""

    def __init__(self, seat: int, level: str, seed: int) -> None:
        self.seat, self.level, self.seed = seat, level, seed
        self.choices = 0
        self.pids: list[int] = []

    def choose(self, view: SeatView) -> Action:
        self.choices += 1
        self.pids.append(os.getpid())
        return view.legal_actions()[0]


class DiesOncePlayer(CountingPlayer):
    """Kills its worker the first time (a flag file says it happened)."""

    def __init__(self, seat: int, level: str, seed: int, flag: Path) -> None:
        super().__init__(seat, level, seed)
        self.flag = flag

    def choose(self, view: SeatView) -> Action:
        if not self.flag.exists():
            self.flag.write_text("died")
            os._exit(3)
        return super().choose(view)


def a_view() -> SeatView:
    match = Match(get_game("robot-master"), 2, {}, 11)
    return match.state.view(match.state.to_move()[0])


def test_think_returns_the_action_and_the_player_as_it_is_after() -> None:
    player = CountingPlayer(0, "test", 1)
    view = a_view()
    action, after = think(player, view)
    assert action == view.legal_actions()[0] and after.choices == 1


async def test_a_players_memory_survives_the_trip_to_the_worker() -> None:
    pool = ComputerPool(workers=1)
    try:
        player = CountingPlayer(0, "test", 1)
        view = a_view()
        for expected in (1, 2, 3):
            action, player = await pool.choose(player, view)
            assert action == view.legal_actions()[0]
            assert player.choices == expected
        assert os.getpid() not in player.pids  # it thought in a worker, not in the loop
    finally:
        await pool.close()


async def test_a_worker_that_dies_is_replaced(tmp_path: Path) -> None:
    pool = ComputerPool(workers=1)
    try:
        player = DiesOncePlayer(0, "test", 1, tmp_path / "flag")
        action, player = await pool.choose(player, a_view())
        assert (tmp_path / "flag").exists() and player.choices == 1
    finally:
        await pool.close()


def test_seats_get_their_own_seeds_from_the_match_seed() -> None:
    """As screens/session.py does: the players' seed comes from the match's, apart from it."""
    assert player_seed(5) == random.Random(5 * 7919 + 17).randrange(2**31)
    assert player_seed(5) != player_seed(6)


class NoFilenoStream:
    """Like the stream a Textual app puts in stderr's place while it runs (tests, Pilot)."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def fileno(self) -> int:
        return -1


async def test_workers_start_while_stderr_has_no_file_descriptor(monkeypatch) -> None:
    """With the app's captured output in stderr's place, workers still start: no "bad
    value(s) in fds_to_keep", and no computer seat falls back to a random move."""
    monkeypatch.setattr("sys.stderr", NoFilenoStream())
    pool = ComputerPool(workers=1)
    try:
        action, back = await pool.choose(CountingPlayer(0, "x", 1), a_view())
    finally:
        await pool.close()
    assert back.choices == 1 and back.pids != [os.getpid()]
    assert action == a_view().legal_actions()[0]


HOST_SCRIPT = """
import asyncio, os, signal, sys
sys.path.insert(0, {root!r})
from tests.hosting.test_server_computers import CountingPlayer, a_view
from hosting.computers import ComputerPool

async def main():
    pool = ComputerPool(workers=2)
    await asyncio.gather(*(pool.choose(CountingPlayer(0, "x", 1), a_view()) for _ in range(4)))
    print(*pool._pool._processes, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # the host dies at once, as with kill -9

if __name__ == "__main__":
    asyncio.run(main())
"""


STARTING_SCRIPT = """
import asyncio, os, signal, sys
sys.path.insert(0, {root!r})
from tests.hosting.test_server_computers import CountingPlayer, a_view
from hosting.computers import ComputerPool

async def main():
    pool = ComputerPool(workers=2)
    for _ in range(2):
        asyncio.ensure_future(pool.choose(CountingPlayer(0, "x", 1), a_view()))
    await asyncio.sleep(0)  # the workers are being started...
    with open(sys.argv[1], "w") as out:
        print(*pool._pool._processes, file=out)
    os.kill(os.getpid(), signal.SIGKILL)  # ... when the host dies

if __name__ == "__main__":
    asyncio.run(main())
"""

# Runs the host under a child subreaper (as robotui serve is, for its players' processes):
# an orphaned worker's parent is then this process, not init.
SUBREAPER_SCRIPT = """
import ctypes, subprocess, sys
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
import os
subprocess.run([sys.executable, *sys.argv[1:]], stdout=subprocess.DEVNULL)
while True:  # reap the orphans it adopted, until none is left
    try:
        os.wait()
    except ChildProcessError:
        break
"""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def test_workers_still_starting_end_with_a_host_killed_under_a_subreaper(
    tmp_path: Path,
) -> None:
    """A worker still starting when its host is killed finds a new parent that is not init
    (a subreaper) and no death signal coming: it ends by itself, never waits for work."""
    import contextlib
    import subprocess
    import sys

    host = tmp_path / "host.py"
    host.write_text(STARTING_SCRIPT.format(root=str(Path(__file__).parents[2])))
    reaper = tmp_path / "reaper.py"
    reaper.write_text(SUBREAPER_SCRIPT)
    pids = tmp_path / "workers"
    process = subprocess.Popen([sys.executable, str(reaper), str(host), str(pids)])
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(120)  # the host has died and the workers it left have ended
    workers = [int(pid) for pid in pids.read_text().split()]
    left = [pid for pid in workers if _alive(pid)]
    for pid in left:
        os.kill(pid, 9)
    process.wait(30)
    assert workers and not left, "workers outlived their host"


def test_workers_end_with_a_host_killed_by_sigkill(tmp_path: Path) -> None:
    """A host killed with SIGKILL leaves none of its workers (nor a fork server) running."""
    import subprocess
    import sys
    import time

    script = tmp_path / "host.py"
    script.write_text(HOST_SCRIPT.format(root=str(Path(__file__).parents[2])))
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120
    )
    workers = [int(pid) for pid in done.stdout.split()]
    assert workers, done.stderr

    def alive(pid: int) -> bool:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return False
        return state != "Z"

    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if alive(pid)], "workers outlived their host"
