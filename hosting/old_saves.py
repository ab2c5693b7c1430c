"""Keeping finished tables' saves for a while (``robotui serve --keep-days N``): a sweep
deletes the saves of results finished more than N days ago. The history rows stay (the
store's results, seats and ratings); only the file goes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hosting.store import Store

DAY = 24 * 60 * 60.0  # seconds between sweeps


def sweep(
    store: Store, keep_days: int, say: Callable[[str], None], now: datetime | None = None
) -> int:
    """Delete the saves of results finished more than ``keep_days`` days before ``now``;
    says what it did in one line, and how many saves it deleted."""
    moment = now or datetime.now(UTC)
    cutoff = (moment - timedelta(days=keep_days)).replace(microsecond=0).isoformat()
    deleted = 0
    for result_id, path in store.old_saves(cutoff):
        try:
            Path(path).unlink()
        except FileNotFoundError:
            pass  # deleted already: the history forgets it too
        except OSError as exc:
            say(f"keep-days: could not delete {path}: {exc.strerror or exc}")
            continue
        store.forget_save(result_id)
        deleted += 1
    if deleted:
        s = "" if deleted == 1 else "s"
        say(f"keep-days: deleted {deleted} finished table save{s} older than {keep_days} days")
    return deleted
