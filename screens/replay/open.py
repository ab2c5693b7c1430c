"""Opening a save's replay from the app (``robotui replay NAME``, ``v`` in the list of
saves): a save that cannot be read, or a game not finished, is one line, not a screen."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from engines.core import EngineError
from saves import SavedGame, SaveError, load_save
from saves.replay import NOT_FINISHED, ReplayTimeline
from screens.glyphs import Glyphs
from screens.replay.screen import replay_screen


def replay_problem(saved: SavedGame) -> str | None:
    """Why ``saved`` cannot be replayed here, or None: a local save's replay shows every
    seat's hidden cards, so it must be of a finished game."""
    if not saved.match.state.is_terminal():
        return f"{saved.name!r} is {NOT_FINISHED}"
    return None


def open_replay(app: App[object], path: Path, glyphs: Glyphs) -> str | None:
    """Push the replay of the save at ``path``; the one-line reason when it cannot be."""
    try:
        saved = load_save(path)
        problem = replay_problem(saved)
        if problem is not None:
            return problem
        screen = replay_screen(saved, glyphs, timeline=ReplayTimeline(saved))
    except (SaveError, EngineError) as exc:
        return str(exc)
    app.push_screen(screen)
    return None
