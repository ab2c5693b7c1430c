"""The same save open in two robotui processes: neither overwrites the other's moves. The
session that finds its file written by someone else since it last read or wrote it goes
on under a new name and says so: two windows on one save never take each other's moves
back while each still says "Saved as"."""

from __future__ import annotations

import os
from pathlib import Path

from engines.registry import get_game
from saves import PlayerEntry, list_saves, load_save
from screens.session import GameSession

PLAYERS = [PlayerEntry("You", "human"), PlayerEntry("Computer", "computer", "random")]


def play_one(session: GameSession) -> None:
    state = session.match.state
    (seat,) = state.to_move()
    session.play(state.legal_actions(seat)[0], seat)


def test_two_sessions_on_one_save_each_keep_their_moves(tmp_path: Path) -> None:
    spec = get_game("robot-master")
    first = GameSession.new(spec, PLAYERS, {}, 5, tmp_path)
    first.autosave()
    path = first.saved.path
    assert path is not None
    name = first.name
    one = GameSession(load_save(path), tmp_path)  # the same save opened twice
    two = GameSession(load_save(path), tmp_path)
    play_one(one)
    assert one.last_save is not None and one.last_save.message == f"Saved as {name!r}"
    play_one(two)  # the file is not what `two` read: it goes on under a new name
    status = two.last_save
    assert status is not None and status.ok and two.notice == status.message
    assert status.message == (
        f"Now saved as {name + ' (2)'!r}: another robotui saved {name!r} meanwhile."
    )
    assert two.name == f"{name} (2)" and two.notice == status.message
    play_one(two)  # the computer's reply saves again: the notice stays
    assert two.notice == status.message
    play_one(two)  # until a human moves
    assert two.notice == ""
    play_one(one)  # `one` wrote the file last: it saves there as before
    assert one.last_save is not None and not one.notice and one.name == name
    assert one.last_save.message == f"Saved as {name!r}"
    kept = {s.name: s.path for s in list_saves(tmp_path)[0]}
    assert set(kept) == {name, f"{name} (2)"}
    assert load_save(kept[name]).match.log == one.match.log
    assert load_save(kept[f"{name} (2)"]).match.log == two.match.log
    assert one.match.log != two.match.log


def test_a_save_deleted_meanwhile_is_simply_written_again(tmp_path: Path) -> None:
    spec = get_game("robot-master")
    session = GameSession.new(spec, PLAYERS, {}, 6, tmp_path)
    session.autosave()
    assert session.saved.path is not None
    session.saved.path.unlink()
    play_one(session)
    assert session.last_save is not None and session.last_save.ok
    assert not session.notice and session.saved.path.exists()


def test_a_failed_save_says_why_first(tmp_path: Path, monkeypatch) -> None:
    """A failed save's status line gives the reason first, without the file name, not
    "Could not save: robot-master-….toml: cannot" with the reason cut off."""
    import screens.session
    from saves import SaveError

    session = GameSession.new(get_game("robot-master"), PLAYERS, {}, 7, tmp_path)

    def refuse(directory: Path, saved) -> Path:
        raise SaveError(directory / "x.toml", "cannot be written (Permission denied)")

    monkeypatch.setattr(screens.session, "write_save", refuse)
    status = session.autosave()
    assert not status.ok
    assert status.message == "Could not save: cannot be written (Permission denied)."


def test_a_name_too_long_is_cut_and_the_player_told(tmp_path: Path) -> None:
    session = GameSession.new(get_game("robot-master"), PLAYERS, {}, 8, tmp_path)
    status = session.rename("Long" * 50)
    assert status.ok and session.name == ("Long" * 15)
    assert status.message == f"Saved as {session.name!r} (a name has at most 60 characters)."


def finished_session(folder: Path) -> GameSession:
    session = GameSession.new(get_game("robot-master"), PLAYERS, {}, 9, folder)
    while not session.match.state.is_terminal():
        play_one(session)
    return session


def test_an_unchanged_game_is_never_written_again(tmp_path: Path) -> None:
    """Closing the terminal (SIGHUP) on a finished game leaves its unchanged save alone: a
    new time would make it the newest, and 'robotui resume' would open it."""
    finished = finished_session(tmp_path)
    path = finished.saved.path
    assert path is not None
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    before = path.read_bytes()
    reopened = GameSession(load_save(path), tmp_path)
    for session in (reopened, finished):  # loaded again, or still open since its last move
        status = session.autosave()  # what a hang-up or quitting does
        assert status.ok
        assert path.read_bytes() == before and path.stat().st_mtime_ns == 1_000_000_000


def test_a_changed_game_is_still_written(tmp_path: Path) -> None:
    session = GameSession.new(get_game("robot-master"), PLAYERS, {}, 9, tmp_path)
    session.autosave()
    path = session.saved.path
    assert path is not None
    reopened = GameSession(load_save(path), tmp_path)
    play_one(reopened)  # saves
    assert load_save(path).match.state.move_number >= 1
    reopened.saved.ui = {"notes": {"0": {"turn": 1, "rows": ["x"]}}}  # screen state only
    before = path.read_bytes()
    reopened.autosave()
    assert path.read_bytes() != before
