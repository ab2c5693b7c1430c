"""A game being played in the app: the match, who sits where, and its save file.

No Textual here: the screens drive a :class:`GameSession`, which keeps the
match, makes the computer players, and writes the autosave after every move.
"""

from __future__ import annotations

import contextlib
import hashlib
import random
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from engines.core import Action, GameSpec, GameState
from engines.match import Match
from engines.players import ComputerPlayer, make_player
from saves import (
    NAME_LIMIT,
    PlayerEntry,
    SavedGame,
    SaveError,
    clean_name,
    delete_save,
    dumps_save,
    unique_name,
    write_save,
)

HUMAN = "human"
COMPUTER = "computer"


@dataclass
class SaveStatus:
    """The outcome of the last save attempt, shown in the status line."""

    ok: bool
    message: str


class SavedGameView:
    """What the game screens read of a session through its ``saved`` game, the same for a
    local game (:class:`GameSession`) and a table (``screens.online.session.TableSession``)."""

    saved: SavedGame

    @property
    def match(self) -> Match:
        return self.saved.match

    @property
    def spec(self) -> GameSpec:
        return self.saved.match.spec

    @property
    def players(self) -> list[PlayerEntry]:
        return self.saved.players

    @property
    def name(self) -> str:
        return self.saved.name


class GameSession(SavedGameView):
    """One game in the app, saved to ``save_dir`` under ``name`` after every move."""

    def __init__(self, saved: SavedGame, save_dir: Path) -> None:
        self.saved = saved
        self.save_dir = save_dir
        if saved.path is not None and not _in_folder(saved.path, save_dir):
            # a save opened from another folder goes on in the save folder, under a name no
            # save there has (never over another game of the same name)
            saved.name = unique_name(save_dir, saved.name)
        self.last_save: SaveStatus | None = None
        # what this session last read or wrote at saved.path: a file that differs from it
        # when saving again was written meanwhile by another robotui (see autosave)
        self._on_disk = _digest(saved.path) if saved.path is not None else None
        # what the player must read about the saving (a new name), until a human moves
        self.notice = ""
        self._computers: dict[int, ComputerPlayer] = {}
        self._hinters: dict[int, ComputerPlayer] = {}
        self._undo_cache: tuple[Match | None, int, int | None] = (None, 0, None)
        # Computer players get their own seeds, derived from the game's but apart from it.
        self._player_seed = random.Random(saved.match.seed * 7919 + 17).randrange(2**31)
        # the numbers of undo's re-deals: fresh each time, so undoing again deals anew
        self._chance: random.Random = random.SystemRandom()

    # -- construction -------------------------------------------------------
    @classmethod
    def new(
        cls,
        spec: GameSpec,
        players: list[PlayerEntry],
        options: dict,
        seed: int | None,
        save_dir: Path,
    ) -> GameSession:
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        match = Match(spec, len(players), options, seed)
        now = datetime.now().replace(microsecond=0)
        name = unique_name(save_dir, f"{spec.id} {now:%Y-%m-%d %H.%M}")
        saved = SavedGame(name=name, match=match, players=players, created=now, updated=now)
        return cls(saved, save_dir)

    # -- reading (match, spec, players, name: see SavedGameView) ------------
    def is_human(self, seat: int) -> bool:
        return self.players[seat].kind == HUMAN

    @property
    def humans(self) -> list[int]:
        return [s for s, p in enumerate(self.players) if p.kind == HUMAN]

    @property
    def hot_seat(self) -> bool:
        """More than one human on this terminal: hands are hidden between turns."""
        return len(self.humans) > 1

    def computer(self, seat: int) -> ComputerPlayer:
        """The computer player for a seat, made once per session with its own seed."""
        if seat not in self._computers:
            level = self.players[seat].level or "normal"
            self._computers[seat] = make_player(
                self.spec, level, seat, self._player_seed + 101 * seat
            )
        return self._computers[seat]

    def hint_player(self, seat: int) -> ComputerPlayer:
        """A strong player whose choice is offered to a human as a hint: one per seat for
        the session, so a player that remembers the turn (Stak Bots' hard never suggests
        a move again from a position the table came back to) does not hint in circles."""
        if seat not in self._hinters:
            levels = self.spec.player_levels()
            level = "hard" if "hard" in levels else next(iter(levels))
            self._hinters[seat] = make_player(self.spec, level, seat, self._player_seed + 7)
        return self._hinters[seat]

    # -- changing -----------------------------------------------------------
    def play(self, action: Action, seat: int) -> None:
        if self.is_human(seat):
            self.notice = ""  # a human has moved since it was said
        self.match.play(action, seat)
        self.autosave()

    def undo_point(self) -> int | None:
        """Log length to go back to so the last human move is taken back, or ``None``
        (no human move yet, or hidden information was revealed after it). Kept per
        position: finding the floor replays the game, and the screen asks often."""
        match, length, index = self._undo_cache
        if match is not self.match or length != len(self.match.log):
            index = self._last_human_move()
            if index is not None and index < self.match.undo_floor(self.humans):
                index = None
            self._undo_cache = (self.match, len(self.match.log), index)
        return index

    def why_no_undo(self) -> str | None:
        """Why :meth:`undo` would do nothing now, or ``None`` if it would take a move back."""
        if self._last_human_move() is None:
            return "Nothing of yours to undo yet."
        if self.undo_point() is None:
            note = self.match.state.reveal_note(self.humans[0])
            return f"Too late to take that back: {note}."
        return None

    def _last_human_move(self) -> int | None:
        humans = set(self.humans)
        for index in range(len(self.match.log) - 1, -1, -1):
            if self.match.log[index].seat in humans:
                return index
        return None

    def undo(self) -> bool:
        """Take back the last human move and the computer moves after it."""
        point = self.undo_point()
        if point is None:
            return False
        before = self.match.state
        match = self.match.truncated(point)
        self._redeal_hidden(before, match)
        self.saved.match = match
        self._computers.clear()
        self._hinters.clear()
        self.autosave()
        return True

    def _redeal_hidden(self, before: GameState, match: Match) -> None:
        """Log the re-deal a game owes after an undo (Robot Master: the computer's hand goes
        back among the unseen cards and is dealt again), so a card the undo showed you is no
        knowledge. The shuffle's number is drawn now: each undo deals anew, the log replays."""
        redeal = getattr(self.spec, "undo_redeal", None)
        if redeal is None:
            return
        for seat in range(len(self.players)):
            if self.is_human(seat):
                continue
            action = redeal(before, match.state, self._chance.randrange(1, 2**31))
            if action is not None:
                match.play(action, seat)

    def autosave(self) -> SaveStatus:
        """Write the game to its file. When another robotui (the same save opened twice)
        wrote that file since this one read or wrote it, neither game is lost: this one goes
        on under a new name (two windows on one save would take each other's moves back)."""
        forked = ""
        path = self.saved.path
        if self._unchanged():
            # nothing new since this session read or wrote the file: rewriting it would only
            # give it a new time and make a finished game the "newest" save, which
            # 'robotui resume' would open again
            self.last_save = SaveStatus(True, f"Saved as {self.name!r}")
            return self.last_save
        try:
            if (
                path is not None
                and self._on_disk is not None
                and _in_folder(path, self.save_dir)
                and path.exists()
                and _digest(path) != self._on_disk
            ):
                old = self.saved.name
                self.saved.name = unique_name(self.save_dir, old)
                self.saved.path = None
                # the new name first: a narrow status line may cut the end
                forked = (
                    f"Now saved as {self.saved.name!r}: another robotui saved {old!r} meanwhile."
                )
            write_save(self.save_dir, self.saved)
        except (OSError, SaveError) as exc:
            # the reason first: the status line may cut what follows
            why = exc.problem if isinstance(exc, SaveError) else (exc.strerror or str(exc))
            self.last_save = SaveStatus(False, f"Could not save: {why}.")
        else:
            self._on_disk = _digest(self.saved.path) if self.saved.path is not None else None
            self.notice = forked or self.notice
            self.last_save = SaveStatus(True, forked or f"Saved as {self.name!r}")
        return self.last_save

    def _unchanged(self) -> bool:
        """True if the save file would come out as this session last read or wrote it
        (the same game, players, name and screen state; only the time would differ)."""
        path = self.saved.path
        if path is None or self._on_disk is None or not _in_folder(path, self.save_dir):
            return False
        try:
            text = dumps_save(self.saved)
        except Exception:  # the write says what is wrong
            return False
        return hashlib.sha256(text.encode("utf-8")).digest() == self._on_disk

    def rename(self, new_name: str) -> SaveStatus:
        """Save under ``new_name``; the old file of this game is removed once the new one exists.
        A name another save already has is refused: saving never replaces another game."""
        old_path = self.saved.path
        old_name = self.saved.name
        cut = len(" ".join(new_name.split())) > NAME_LIMIT
        wanted = new_name = clean_name(new_name)  # one line, at most NAME_LIMIT characters
        if (
            wanted.casefold() != old_name.casefold()
            and unique_name(self.save_dir, wanted) != wanted
        ):
            # the game stays saved under its name (last_save is unchanged)
            return SaveStatus(False, f"Another save is named {wanted!r}: pick another name.")
        self.saved.name = new_name
        self.saved.path = None
        status = self.autosave()
        if not status.ok:
            self.saved.name = old_name
            self.saved.path = old_path
            return status
        if old_path is not None and self.saved.path != old_path and old_path.exists():
            with contextlib.suppress(OSError, SaveError):
                delete_save(self.save_dir, old_name)
        if cut:  # said, not done silently
            status = SaveStatus(
                True, f"{status.message} (a name has at most {NAME_LIMIT} characters)."
            )
            self.last_save = status
        return status


def _digest(path: Path) -> bytes | None:
    """A fingerprint of a file's bytes, ``None`` when it cannot be read."""
    try:
        return hashlib.sha256(path.read_bytes()).digest()
    except OSError:
        return None


def _in_folder(path: Path, folder: Path) -> bool:
    try:
        return path.parent.resolve() == Path(folder).resolve()
    except OSError:
        return False
