"""Start-up settings shared by the CLI and the Textual app (no Textual import here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

READY = "ready"  # AppConfig.start of a player's process started ahead of its session

# Value of TEXTUAL_COLOR_SYSTEM for each --colors choice (auto leaves the environment alone).
COLOR_SYSTEMS: dict[str, str | None] = {"auto": None, "256": "256", "16": "standard"}


@dataclass
class GlobalOptions:
    """The options given before the command: ``--save-dir``, ``--ascii``, ``--no-mouse``."""

    save_dir: Path | None = None
    ascii: bool = False
    mouse: bool = True


@dataclass
class AppConfig:
    """What the command line asked for.

    ``start`` is ``"menu"`` (main menu), ``"play"`` (a new game straight away,
    using ``game`` and the fields after it), ``"resume"`` (load ``resume_path``),
    ``"replay"`` (the replay of the finished game saved at ``resume_path``) or
    ``"lobby"`` (a player of ``robotui serve``: the lobby of the table server listening on
    ``table_socket``, entered with ``table_token``) or ``READY`` (a process of ``robotui
    serve`` waiting for its player, robotui/ready_app.py: nothing is opened yet).
    """

    save_dir: Path
    ascii: bool = False
    mouse: bool = True
    start: str = "menu"
    game: str = "robot-master"
    opponent: str = "normal"  # a computer level, or "human" for two players on this terminal
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    side: int = 0  # the seat the (first) human takes against the computer
    players: int | None = None  # number of seats; None = the game's fewest
    humans: int = 1  # humans sharing the terminal in games of more than two
    resume_path: Path | None = None
    notice: str = ""  # shown once the app is up (e.g. unreadable saves that were skipped)
    table_socket: Path | None = None  # lobby mode: the table server's unix socket
    table_token: str = ""  # lobby mode: the one-session token the front door was given
