"""Stak Bots card sets: the 16 bot effects, the default set, and loading users' sets.

A card set is a TOML file (see ``cards.toml`` next to this module for the default set and
the format). Inside a game the set travels as one line of text (:meth:`CardSet.inline`),
``set:NAME;BOT;BOT;...`` with each bot as ``name,effect,rank,power,copies[,value]``: the
``cards`` option holds it, so a saved game carries its own cards and never depends on
the file it was first loaded from.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engines.core import OptionError

DECK_SIZE = 60
RANKS = range(1, 7)
PER_RANK = 10
MAX_COPIES = 5
MAX_POWER = 9
MAX_SHOT = 9
LEADER_POWER = "X"
INLINE_PREFIX = "set:"
MAX_FILE_BYTES = 100_000

ABILITIES = ("stomp", "bash", "spike", "fatal", "leader")
ENTRY_EFFECTS = (
    "clumsy",
    "shot",
    "reaper",
    "sidekick",
    "bountiful",
    "expel",
    "tranq",
    "begone",
    "trip",
    "pit",
)
EFFECTS = ("core", *ABILITIES, *ENTRY_EFFECTS)
TARGETS_TOP = ("shot", "reaper", "begone", "trip", "pit")

EFFECT_TEXT = {
    "core": "No ability and no entry effect.",
    "stomp": "Stomp: once it attacks, it attacks that stack again and again until an "
    "effect stops it or it is scrapped.",
    "bash": "Bash: when it damages a card, the bottom card of that card's stack is scrapped.",
    "spike": "Spike: when it damages a card, the card under that card is scrapped.",
    "fatal": "Fatal: every card it damages is scrapped.",
    "leader": "Leader: power X = the face-up cards of its stack from the top down to the "
    "first face-down card, itself included.",
    "clumsy": "Entry: scrap the bottom card of this stack.",
    "shot": "Entry: choose any top card; it takes {value} damage.",
    "reaper": "Entry: choose any top card and scrap it.",
    "sidekick": "Entry: this card falls one place down its stack.",
    "bountiful": "Entry: draw a card.",
    "expel": "Entry: choose a player; they scrap a card from their hand.",
    "tranq": "Entry: choose any face-up card but a Tranq and reset it (turn it face down).",
    "begone": "Entry: choose any top card; it goes back to its player's hand.",
    "trip": "Entry: choose any top card; it falls one place down its stack.",
    "pit": "Entry: choose any top card; put it face up at the bottom of its stack.",
}

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 '\-.]{0,23}$")


@dataclass(frozen=True)
class Bot:
    """One kind of bot: ``power`` is 0 for the leader (its power is counted in play)."""

    name: str
    effect: str
    rank: int
    power: int
    copies: int
    value: int = 0

    @property
    def is_leader(self) -> bool:
        return self.effect == "leader"

    @property
    def has_entry(self) -> bool:
        return self.effect in ENTRY_EFFECTS

    @property
    def power_text(self) -> str:
        return LEADER_POWER if self.is_leader else str(self.power)

    @property
    def text(self) -> str:
        return EFFECT_TEXT[self.effect].format(value=self.value)

    @property
    def tag(self) -> str:
        """A short mark for sidebars: ``*`` for an entry effect, ``+`` for an ability."""
        if self.has_entry:
            return "*"
        return "+" if self.effect in ABILITIES else " "


@dataclass(frozen=True)
class CardSet:
    """A checked card set: bots in file order; card ``i`` of a deck is ``bots[kinds[i]]``."""

    name: str
    bots: tuple[Bot, ...]

    @property
    def kinds(self) -> tuple[int, ...]:
        return tuple(i for i, bot in enumerate(self.bots) for _ in range(bot.copies))

    @property
    def size(self) -> int:
        return sum(b.copies for b in self.bots)

    def by_effect(self, effect: str) -> int:
        return next(i for i, b in enumerate(self.bots) if b.effect == effect)

    def inline(self) -> str:
        parts = [f"{INLINE_PREFIX}{self.name}"]
        for b in self.bots:
            fields = [b.name, b.effect, str(b.rank), b.power_text, str(b.copies)]
            if b.effect == "shot":
                fields.append(str(b.value))
            parts.append(",".join(fields))
        return ";".join(parts)

    def digest(self) -> str:
        return hashlib.sha256(self.inline().encode()).hexdigest()[:16]


class CardSetError(OptionError):
    """A card set that breaks the rules; the message names the file, line and problem."""


# -- checking -------------------------------------------------------------------------


def _bot_lines(text: str) -> list[int]:
    """The line number of each ``[[bot]]`` header, in order."""
    return [n for n, line in enumerate(text.splitlines(), 1) if line.strip().startswith("[[bot]]")]


def _key_line(text: str, start: int, key: str) -> int:
    """The line of ``key = ...`` in the bot table whose header is line ``start``."""
    lines = text.splitlines()
    for n in range(start, len(lines)):
        stripped = lines[n].strip()
        if stripped.startswith("["):
            break
        if re.match(rf"^{re.escape(key)}\s*=", stripped):
            return n + 1
    return start


class _BotProblem(ValueError):
    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


def _check_bot(raw: object, where: str) -> Bot:
    if not isinstance(raw, dict):
        raise _BotProblem("", f"{where}: each bot must be a [[bot]] table")
    unknown = sorted(set(raw) - {"name", "effect", "rank", "power", "copies", "value"})
    if unknown:
        raise _BotProblem(
            unknown[0],
            f"{where}: unknown key {unknown[0]!r} (keys: name, effect, rank, power, copies, value)",
        )
    for key in ("name", "effect", "rank", "power", "copies"):
        if key not in raw:
            raise _BotProblem("", f"{where}: missing key {key!r}")
    name, effect = raw["name"], raw["effect"]
    if not isinstance(name, str) or not _NAME.match(name):
        raise _BotProblem(
            "name", f"{where}: name {name!r} must be 1-24 letters, digits, spaces, ' - or ."
        )
    if effect not in EFFECTS:
        raise _BotProblem(
            "effect", f"{where}: effect {effect!r} is not one of {', '.join(EFFECTS)}"
        )
    rank, copies, power = raw["rank"], raw["copies"], raw["power"]
    if type(rank) is not int or rank not in RANKS:
        raise _BotProblem("rank", f"{where}: rank must be a whole number from 1 to 6, not {rank!r}")
    if type(copies) is not int or not 1 <= copies <= MAX_COPIES:
        raise _BotProblem("copies", f"{where}: copies must be 1 to {MAX_COPIES}, not {copies!r}")
    if effect == "leader":
        if power != LEADER_POWER:
            raise _BotProblem("power", f'{where}: the leader\'s power must be "X", not {power!r}')
        power = 0
    elif type(power) is not int or not 1 <= power <= MAX_POWER:
        raise _BotProblem(
            "power", f"{where}: power must be a whole number from 1 to {MAX_POWER}, not {power!r}"
        )
    value = raw.get("value", 0)
    if effect == "shot":
        if "value" not in raw:
            raise _BotProblem("", f"{where}: the shot bot needs a value (its damage)")
        if type(value) is not int or not 1 <= value <= MAX_SHOT:
            raise _BotProblem(
                "value",
                f"{where}: value must be a whole number from 1 to {MAX_SHOT}, not {value!r}",
            )
    elif "value" in raw:
        raise _BotProblem("value", f"{where}: only the shot bot has a value")
    return Bot(name, effect, rank, power, copies, value)


def _check_set(name: str, bots: list[Bot]) -> CardSet:
    seen: dict[str, str] = {}
    names: set[str] = set()
    for b in bots:
        if b.effect in seen:
            raise ValueError(f"effect {b.effect!r} appears twice ({seen[b.effect]} and {b.name})")
        if b.name.lower() in names:
            raise ValueError(f"two bots are named {b.name!r}")
        seen[b.effect] = b.name
        names.add(b.name.lower())
    missing = [e for e in EFFECTS if e not in seen]
    if missing:
        raise ValueError(f"every bot must be present: no bot has effect {', '.join(missing)}")
    for rank in RANKS:
        count = sum(b.copies for b in bots if b.rank == rank)
        if count != PER_RANK:
            raise ValueError(f"rank {rank} has {count} cards; each rank needs exactly {PER_RANK}")
    if not name.strip() or ";" in name or len(name) > 40:
        raise ValueError("the set's name must be 1-40 characters without ';'")
    if not all(ch.isprintable() for ch in name):  # shown on screens: no escape, control, bidi
        raise ValueError("the set's name must be plain text (no control characters)")
    return CardSet(name.strip(), tuple(bots))


def parse_card_set(text: str, source: str) -> CardSet:
    """A card set from TOML text; :class:`CardSetError` names ``source``, the line and why."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardSetError(f"{source}: not valid TOML ({exc})") from None
    bots_raw = data.get("bot")
    unknown = sorted(set(data) - {"name", "bot"})
    if unknown:
        raise CardSetError(f"{source}: unknown key {unknown[0]!r} (a set has name and [[bot]])")
    if not isinstance(bots_raw, list) or not bots_raw:
        raise CardSetError(f"{source}: no [[bot]] tables found")
    name = data.get("name", Path(source).stem)
    if not isinstance(name, str):
        raise CardSetError(f"{source}: name must be text")
    lines = _bot_lines(text)
    bots = []
    for index, raw in enumerate(bots_raw):
        line = lines[index] if index < len(lines) else 0
        where = f"{source}, line {line}" if line else f"{source}, bot {index + 1}"
        try:
            bots.append(_check_bot(raw, where))
        except _BotProblem as exc:
            message = str(exc)
            if line and exc.key:
                message = message.replace(where, f"{source}, line {_key_line(text, line, exc.key)}")
            raise CardSetError(message) from None
    try:
        return _check_set(name, bots)
    except ValueError as exc:
        raise CardSetError(f"{source}: {exc}") from None


def load_card_set(path: str | Path) -> CardSet:
    """A card set from a TOML file; :class:`CardSetError` says what is wrong in one line."""
    p = Path(path).expanduser()
    if not p.is_file():
        what = "is a folder, not a file" if p.is_dir() else "does not exist"
        raise CardSetError(f"card set {str(path)!r} {what}")
    try:
        if p.stat().st_size > MAX_FILE_BYTES:
            raise CardSetError(f"{p.name}: larger than {MAX_FILE_BYTES} bytes; not a card set")
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CardSetError(f"{p.name}: not UTF-8 text") from None
    except OSError as exc:
        raise CardSetError(f"{p.name}: cannot be read ({exc.strerror or exc})") from None
    return parse_card_set(text, p.name)


def parse_inline(text: str) -> CardSet:
    """A card set from its one-line form ``set:NAME;BOT;...``."""
    body = text[len(INLINE_PREFIX) :]
    name, *entries = body.split(";")
    bots = []
    for n, entry in enumerate(entries, 1):
        fields = entry.split(",")
        if len(fields) not in (5, 6):
            raise CardSetError(
                f"cards: bot {n} ({entry!r}) should be name,effect,rank,power,copies[,value]"
            )
        raw: dict[str, object] = {"name": fields[0], "effect": fields[1]}
        for key, value in zip(("rank", "power", "copies", "value"), fields[2:], strict=False):
            raw[key] = value if value == LEADER_POWER else _int(value, n, key)
        try:
            bots.append(_check_bot(raw, f"cards: bot {n}"))
        except ValueError as exc:
            raise CardSetError(str(exc)) from None
    try:
        return _check_set(name, bots)
    except ValueError as exc:
        raise CardSetError(f"cards: {exc}") from None


def _int(text: str, n: int, key: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise CardSetError(f"cards: bot {n}: {key} {text!r} is not a whole number")
    return int(text)


DEFAULT_PATH = Path(__file__).with_name("cards.toml")


@cache
def default_card_text() -> str:
    """The bundled card set's file text (read once: a save keeps a copy of it)."""
    return DEFAULT_PATH.read_text(encoding="utf-8")


@cache
def default_card_set() -> CardSet:
    return parse_card_set(default_card_text(), DEFAULT_PATH.name)


@cache
def _inline_cached(text: str) -> CardSet:
    return parse_inline(text)


def resolve_cards(value: str) -> CardSet:
    """The card set an option value names: ``default``, an inline set or a file path."""
    if value == "default":
        return default_card_set()
    if value.startswith(INLINE_PREFIX):
        return _inline_cached(value)
    return load_card_set(value)


def normalize_cards(value: str) -> str:
    """The option value a game keeps: ``default`` or the set's one-line form."""
    if value == "default":
        return value
    cards = resolve_cards(value)
    if cards == default_card_set():
        return "default"
    return cards.inline()
