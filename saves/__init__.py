"""Saved games: one readable TOML file per game, checked by replaying its action log.

This package never imports textual, ``screens`` or ``robotui``; it only needs ``engines``.
See :mod:`saves.format` for the file format.

The names below are imported from their modules when first used (PEP 562), so that finding
the save folder (the menu's start) does not import the file format and the engines.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from saves.format import FORMAT_VERSION, MAX_SAVE_BYTES, MIGRATIONS, dumps_save, loads_save
    from saves.model import (
        NAME_LIMIT,
        PlayerEntry,
        SavedGame,
        SaveError,
        SaveSummary,
        clean_name,
    )
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

_FORMAT = ("FORMAT_VERSION", "MAX_SAVE_BYTES", "MIGRATIONS", "dumps_save", "loads_save")
_MODEL = ("NAME_LIMIT", "PlayerEntry", "SavedGame", "SaveError", "SaveSummary", "clean_name")
_HOME = {name: "saves.format" for name in _FORMAT} | {name: "saves.model" for name in _MODEL}
_SUBMODULES = ("format", "model", "settings", "store")


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f"saves.{name}")
    if name in __all__:
        value = getattr(importlib.import_module(_HOME.get(name, "saves.store")), name)
        globals()[name] = value  # once found, an ordinary attribute
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
