"""Playing at a table of ``robotui serve``: the session the game screens drive
(:class:`TableSession`), the screen that shows it (:func:`open_table_screen`) and the table
window (``ctrl+t``)."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from screens.online.session import TableSession

__all__ = ["TableSession", "open_table_screen"]


def open_table_screen(app: Any, session: TableSession) -> Screen[None]:
    """The game screen of ``session``'s game, for the app to push. Its dismissal means the
    player left the table (the app sends ``leave``)."""
    from screens.games import game_screen  # the game screens import this package's hooks

    return game_screen(session, app.glyphs)  # type: ignore[arg-type]
