"""Save files on disk: where they live, atomic writes, loading, listing and lookup."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
import tempfile
import tomllib
import unicodedata
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from saves.model import (
    SavedGame,
    SaveError,
    SaveSummary,
    clean_name,
    printable_name,
    summarize,
)

ENV_VAR = "ROBOTUI_SAVE_DIR"
SUFFIX = ".toml"
_WINDOWS_RESERVED = {
    "con", "prn", "aux", "nul",
    *(f"com{i}" for i in range(1, 10)),
    *(f"lpt{i}" for i in range(1, 10)),
}  # fmt: skip
_SLUG_LENGTH = 80
_LIST_IN_ERRORS = 8


# -- where saves live ---------------------------------------------------------


def default_save_dir() -> Path:
    """``$ROBOTUI_SAVE_DIR`` if set, else the user data directory's ``saves`` folder."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir("robotui")) / "saves"


def resolve_save_dir(override: str | Path | None) -> Path:
    """The save directory: ``override`` (from ``--save-dir``) if given, else the default."""
    if override is not None and str(override).strip():
        return Path(override).expanduser()
    return default_save_dir()


def check_save_dir(directory: Path) -> None:
    """Raise :class:`SaveError` (one line) if ``directory`` exists but cannot be used as the
    save folder: not a folder, or its files cannot be listed or reached (a folder of mode
    000 or 644), so that ``saves show``, ``resume`` and ``play`` say so in one line.
    A folder that does not exist yet is fine: the first save creates it."""
    directory = Path(directory)
    try:
        info = os.stat(directory)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise SaveError(str(directory), _folder_problem(exc)) from None
    if not stat.S_ISDIR(info.st_mode):
        raise SaveError(str(directory), "is not a folder, so it cannot hold saves")
    try:
        with os.scandir(directory) as entries:  # needs read permission
            next(entries, None)
        os.stat(os.path.join(directory, "."))  # needs search permission
    except OSError as exc:
        raise SaveError(str(directory), _folder_problem(exc)) from None


def _folder_problem(exc: OSError) -> str:
    if isinstance(exc, PermissionError):
        return (
            "the save folder cannot be read (permission denied); fix its permissions "
            "or pick another folder with --save-dir"
        )
    return f"the save folder cannot be read ({exc.strerror or exc})"


def save_path(directory: Path, name: str) -> Path:
    """The file a save called ``name`` is written to: a safe slug of the name + ``.toml``."""
    return Path(directory) / f"{_slug(name)}{SUFFIX}"


def _slug(name: str) -> str:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^A-Za-z0-9._-]+", "-", text).lower()
    text = re.sub(r"-{2,}", "-", text).strip("-._")
    text = text[:_SLUG_LENGTH].rstrip("-._")
    if not text:
        text = "save-" + hashlib.sha1(name.encode("utf-8", "replace")).hexdigest()[:8]
    if text.split(".")[0] in _WINDOWS_RESERVED:
        text += "-save"
    return text


def default_save_name(game_id: str, when: datetime | None = None) -> str:
    """A base name like ``"robot-master 2026-11-22 14.05"`` (local time) for :func:`unique_name`."""
    when = (when or datetime.now()).astimezone()
    return f"{game_id} {when:%Y-%m-%d %H.%M}"


# -- writing ------------------------------------------------------------------


def write_save(directory: Path, saved: SavedGame) -> Path:
    """Write ``saved`` atomically; set ``saved.path`` and ``saved.updated``; return the path.

    A save already loaded from ``directory`` is written back to its own file; otherwise
    the file is :func:`save_path` of its name. The directory is created if needed. The
    text goes to a temporary file in the same directory, is flushed and fsynced, then
    replaces the target, so a crash leaves either the old file or the new one.
    Refuses (:class:`SaveError`) to overwrite a file that holds a save of another name.
    """
    from saves import format as fmt  # when first needed: the menu does without it

    directory = Path(directory)
    target = _target(directory, saved)
    if not saved.name.strip():
        raise SaveError(target, "cannot be saved: the save name is empty")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in saved.name):
        raise SaveError(target, "cannot be saved: the save name has control characters")
    now = datetime.now(UTC).replace(microsecond=0)
    try:
        doc = fmt.to_document(saved)
        doc["updated"] = now
        text = fmt.render_document(doc)
    except Exception as exc:
        raise SaveError(target, f"cannot be saved ({type(exc).__name__}: {exc})") from exc
    try:
        directory.mkdir(parents=True, exist_ok=True)
        sweep_temporary_files(directory)
        _check_overwrite(target, saved)
        _atomic_write(target, text.encode("utf-8"))
    except SaveError:
        raise
    except OSError as exc:
        raise SaveError(target, f"cannot be written ({exc.strerror or exc})") from exc
    saved.path = target
    saved.updated = now
    return target


def _target(directory: Path, saved: SavedGame) -> Path:
    path = saved.path
    if path is not None and path.suffix.lower() == SUFFIX and _same_file(path.parent, directory):
        return directory / path.name
    return save_path(directory, saved.name)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def _check_overwrite(target: Path, saved: SavedGame) -> None:
    """Refuse to replace a file that is not this save (another name, or not a save)."""
    if not target.exists() or (saved.path is not None and _same_file(saved.path, target)):
        return
    other = _peek_name(target)
    if other is None:
        raise SaveError(
            target, "already exists and is not a readable save; delete it or pick another name"
        )
    if other.casefold() != saved.name.casefold():  # names are case-insensitive
        raise SaveError(
            target, f"already holds the save {other!r}; pick another name for {saved.name!r}"
        )


def _atomic_write(target: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.stem}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_directory(target.parent)


# The temporary files of _atomic_write: "." + the save file's stem + "." + tempfile's eight
# random characters + ".tmp". One older than this was left by a write that was killed.
_TEMPORARY = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")
STALE_TEMPORARY_SECONDS = 600


def sweep_temporary_files(directory: Path) -> list[Path]:
    """Delete the temporary files of robotui's own naming that a write killed half-way
    left in ``directory`` (only those not touched for :data:`STALE_TEMPORARY_SECONDS`,
    so another robotui's write in progress is left alone); return what was deleted."""
    removed: list[Path] = []
    limit = datetime.now(UTC).timestamp() - STALE_TEMPORARY_SECONDS
    try:
        with os.scandir(directory) as entries:
            stale = [
                Path(e.path)
                for e in entries
                if _TEMPORARY.match(e.name)
                and e.is_file(follow_symlinks=False)
                and e.stat(follow_symlinks=False).st_mtime < limit
            ]
    except OSError:
        return removed
    for path in stale:
        with contextlib.suppress(OSError):
            path.unlink()
            removed.append(path)
    return removed


def _fsync_directory(directory: Path) -> None:
    """Make the rename durable where the platform allows it (best effort)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


# -- reading ------------------------------------------------------------------


def read_text(path: Path) -> str:
    """The text of a would-be save file; :class:`SaveError` if missing, too large or binary."""
    from saves import format as fmt

    path = Path(path)
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise SaveError(path, "is a directory, not a save file")
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(path, "is not a regular file")
        if info.st_size > fmt.MAX_SAVE_BYTES:
            raise SaveError(path, f"too large to be a save ({_megabytes(info.st_size)})")
        with open(path, "rb") as handle:
            data = handle.read(fmt.MAX_SAVE_BYTES + 1)
    except SaveError:
        raise
    except FileNotFoundError:
        raise SaveError(path, "no such file") from None
    except PermissionError:
        raise SaveError(path, "cannot be read (permission denied)") from None
    except OSError as exc:
        raise SaveError(path, f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > fmt.MAX_SAVE_BYTES:
        raise SaveError(path, f"too large to be a save (over {_megabytes(fmt.MAX_SAVE_BYTES)})")
    if b"\x00" in data:
        raise SaveError(path, "not a text file (it holds NUL bytes): not a robotui save")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(
            path,
            f"not a text file (byte 0x{data[exc.start]:02x} at offset {exc.start} is not "
            "UTF-8): not a robotui save",
        ) from None


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"


def load_save(path: Path) -> SavedGame:
    """Read and fully check a save file (the file is never modified); raise :class:`SaveError`."""
    from saves import format as fmt

    path = Path(path)
    try:
        saved = fmt.loads_save(read_text(path), path.name or str(path))
    except SaveError as exc:
        if exc.path is None:
            exc.path = path
        raise
    except Exception as exc:  # pragma: no cover - read_text and loads_save wrap everything
        raise SaveError(path, f"could not be loaded ({type(exc).__name__}: {exc})") from exc
    saved.path = path
    return saved


def read_summary(path: Path) -> SaveSummary:
    """The summary of a save, after the same full check as :func:`load_save`."""
    path = Path(path)
    return summarize(load_save(path), path)


def _save_files(directory: Path) -> list[Path]:
    """The ``*.toml`` files of a directory (hidden and temporary files left out)."""
    return sorted(
        p for p in directory.iterdir() if p.suffix.lower() == SUFFIX and not p.name.startswith(".")
    )


def list_saves(directory: Path) -> tuple[list[SaveSummary], list[SaveError]]:
    """Good saves newest first, and one :class:`SaveError` per bad file; missing dir → empty."""
    directory = Path(directory)
    try:
        if not directory.exists():
            return [], []
        if not directory.is_dir():
            return [], [SaveError(str(directory), "is not a directory")]
        files = _save_files(directory)
    except OSError as exc:
        return [], [SaveError(str(directory), _folder_problem(exc))]
    sweep_temporary_files(directory)
    good: list[tuple[datetime, int, str, SaveSummary]] = []
    bad: list[SaveError] = []
    for path in files:
        try:
            summary = read_summary(path)
        except SaveError as exc:
            bad.append(exc)
            continue
        except Exception as exc:  # pragma: no cover - defensive: never let a file crash a list
            bad.append(SaveError(path, f"could not be loaded ({type(exc).__name__}: {exc})"))
            continue
        good.append((summary.updated, _mtime_ns(path), path.name, summary))
    good.sort(key=lambda item: item[:3], reverse=True)
    return [item[3] for item in good], bad


def _mtime_ns(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def newest_save(directory: Path, *, unfinished: bool = False) -> SaveSummary | None:
    """The most recently updated good save (with ``unfinished``, the newest of the games
    not over yet), or ``None``."""
    good, _ = list_saves(directory)
    return next((s for s in good if not (unfinished and s.finished)), None)


def resume_problem(directory: Path, good: list[SaveSummary], bad: list[SaveError]) -> str:
    """Why there is no game to resume (one line; ``good`` and ``bad`` as from
    :func:`list_saves`): no saves, only unreadable ones (how many, and the first reason),
    or only finished games."""
    folder = printable_name(str(directory))
    skipped = ""
    if bad:
        files = "1 unreadable file was" if len(bad) == 1 else f"{len(bad)} unreadable files were"
        skipped = f"{files} skipped ({bad[0]}{'; ...' if len(bad) > 1 else ''})"
    if good:
        games = "the saved game is" if len(good) == 1 else f"all {len(good)} saved games are"
        return f"no unfinished game in {folder}: {games} finished" + (
            f"; {skipped}" if skipped else ""
        )
    if skipped:
        return f"no saved game to resume in {folder}: {skipped}"
    return f"no saved games in {folder}"


def _peek_name(path: Path) -> str | None:
    """The ``name`` key of a file, parsed but not checked; ``None`` if unreadable."""
    try:
        name = tomllib.loads(read_text(path)).get("name")
    except Exception:
        return None
    return printable_name(name) if isinstance(name, str) else None


def save_names(directory: Path) -> list[str]:
    """The names of the saves in ``directory``, newest file first, read without the full
    check (quick enough for shell completion); ``[]`` if the folder cannot be read."""
    try:
        files = _save_files(Path(directory))
    except OSError:
        return []
    files.sort(key=_mtime_ns, reverse=True)
    return [n for n in map(_peek_name, files) if n]


def find_save(directory: Path, name: str) -> Path:
    """A save file by save name, file stem/name in ``directory``, or path to a file.

    Raises :class:`SaveError` listing the available names when nothing matches, or saying
    why the folder cannot be read. A file found by path or stem is returned even if it is
    damaged (loading says why).
    """
    directory = Path(directory)
    try:
        return _find_save(directory, name)
    except OSError as exc:
        raise SaveError(str(directory), _folder_problem(exc)) from None


def _find_save(directory: Path, name: str) -> Path:
    text = str(name).strip()
    if not text:
        raise SaveError(str(directory), "no save name given")
    as_path = Path(text).expanduser()
    has_separator = os.sep in text or bool(os.altsep and os.altsep in text)
    if (has_separator or text.lower().endswith(SUFFIX)) and as_path.is_file():
        return as_path
    if not has_separator and text not in (".", ".."):
        for candidate in (directory / text, directory / f"{text}{SUFFIX}"):
            if candidate.suffix.lower() == SUFFIX and candidate.is_file():
                return candidate
    candidate = save_path(directory, text)
    if candidate.is_file() and _peek_name(candidate) in (text, None):
        return candidate
    files = _save_files(directory) if directory.is_dir() else []
    named = [(p, _peek_name(p)) for p in files]
    named.sort(key=lambda item: _mtime_ns(item[0]), reverse=True)
    for wanted in (text, text.casefold()):
        for path, saved_name in named:
            if saved_name is not None and wanted in (saved_name, saved_name.casefold()):
                return path
    names = [repr(n) for _, n in named if n is not None]
    if not names:
        raise SaveError(str(directory), f"no save named {text!r}: there are no saves here")
    shown = ", ".join(names[:_LIST_IN_ERRORS])
    if len(names) > _LIST_IN_ERRORS:
        shown += f" and {len(names) - _LIST_IN_ERRORS} more"
    raise SaveError(str(directory), f"no save named {text!r}; saves here: {shown}")


def delete_save(directory: Path, name: str) -> Path:
    """Delete a save found as :func:`find_save` does (only inside ``directory``)."""
    directory = Path(directory)
    path = find_save(directory, name)
    if not _same_file(path.parent, directory):
        raise SaveError(path, f"is not in the save directory {directory}; not deleted")
    try:
        path.unlink()
    except OSError as exc:
        raise SaveError(path, f"cannot be deleted ({exc.strerror or exc})") from exc
    return path


def unique_name(directory: Path, base: str) -> str:
    """``base`` (its first :data:`NAME_LIMIT` characters), or ``base (2)``, ``base (3)``…
    whichever no save (name or file) uses yet; :class:`SaveError` if the folder cannot be
    read."""
    directory = Path(directory)
    base = clean_name(base) or "game"
    try:
        files = _save_files(directory) if directory.is_dir() else []
        taken = {n.casefold() for n in map(_peek_name, files) if n is not None}
        for number in range(1, 10_000):  # bounded: never a loop that cannot end
            candidate = base if number == 1 else f"{base} ({number})"
            if candidate.casefold() not in taken and not save_path(directory, candidate).exists():
                return candidate
    except OSError as exc:
        raise SaveError(str(directory), _folder_problem(exc)) from None
    raise SaveError(str(directory), f"no free name like {base!r} is left")
