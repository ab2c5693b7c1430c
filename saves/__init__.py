"""Saved games: one readable TOML file per game, checked by replaying its action log.

This package never imports textual, ``screens`` or ``robotui``; it only needs ``engines``.
See :mod:`saves.format` for the file format.
"""

from saves.format import FORMAT_VERSION, MAX_SAVE_BYTES, MIGRATIONS, dumps_save, loads_save
from saves.model import NAME_LIMIT, PlayerEntry, SavedGame, SaveError, SaveSummary, clean_name
from saves.store import (
    ENV_VAR,
    check_save_dir,
    default_save_dir,
    default_save_name,
    delete_save,
    find_save,
    list_saves,
    load_save,
    newest_save,
    read_summary,
    resolve_save_dir,
    resume_problem,
    save_names,
    save_path,
    sweep_temporary_files,
    unique_name,
    write_save,
)

__all__ = [
    "ENV_VAR",
    "FORMAT_VERSION",
    "MAX_SAVE_BYTES",
    "MIGRATIONS",
    "NAME_LIMIT",
    "PlayerEntry",
    "SaveError",
    "SaveSummary",
    "SavedGame",
    "check_save_dir",
    "clean_name",
    "default_save_dir",
    "default_save_name",
    "delete_save",
    "dumps_save",
    "find_save",
    "list_saves",
    "load_save",
    "loads_save",
    "newest_save",
    "read_summary",
    "resolve_save_dir",
    "resume_problem",
    "save_names",
    "save_path",
    "sweep_temporary_files",
    "unique_name",
    "write_save",
]
