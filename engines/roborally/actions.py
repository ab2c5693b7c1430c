"""What a seat plays: a whole program, or any other decision; a seat's legal programs."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engines.roborally.bot import REGISTERS


@dataclass(frozen=True, slots=True)
class Program:
    """A whole program: five cards (register 1 first, locked registers included)."""

    cards: tuple[int, ...]
    power_down: bool = False

    def __str__(self) -> str:
        return "p " + ",".join(map(str, self.cards)) + (";pd" if self.power_down else "")


@dataclass(frozen=True, slots=True)
class Decide:
    """Any other decision: its kind (``face``, ``fire`` ...) and the chosen value."""

    kind: str
    value: str = ""

    def __str__(self) -> str:
        return f"{self.kind} {self.value}".strip()


class ProgramChoices(Sequence):
    """Every legal program of one seat, without building 30,000 objects.

    Indexing walks the ordered picks of the free registers from the sorted hand (and the
    power-down flag); ``in`` checks a program directly. Extra decisions (Recompile) come last.
    """

    def __init__(
        self,
        hand: Sequence[int],
        regs: Sequence[int],
        locked: Sequence[bool],
        can_power_down: bool,
        extras: Sequence[Decide] = (),
    ) -> None:
        self.hand = tuple(sorted(hand))
        self.regs = tuple(regs)
        self.locked = tuple(locked)
        self.free = tuple(r for r in range(REGISTERS) if not locked[r])
        self.pd = can_power_down
        self.extras = tuple(extras)
        count = 1
        for j in range(len(self.free)):
            count *= len(self.hand) - j
        self.base = count * (2 if self.pd else 1)

    def __len__(self) -> int:
        return self.base + len(self.extras)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if index >= self.base:
            return self.extras[index - self.base]
        pd = False
        if self.pd:
            pd = bool(index & 1)
            index >>= 1
        rest = list(self.hand)
        cards = list(self.regs)
        for r in self.free:
            m = len(rest)
            cards[r] = rest.pop(index % m)
            index //= m
        return Program(tuple(cards), pd)

    def __iter__(self) -> Iterator[Any]:
        for i in range(len(self)):
            yield self[i]

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Decide):
            return action in self.extras
        if not isinstance(action, Program):
            return False
        return self.problem(action) is None

    def problem(self, action: Program) -> str | None:
        cards = action.cards
        if len(cards) != REGISTERS:
            return f"a program has {REGISTERS} cards, not {len(cards)}"
        if action.power_down and not self.pd:
            return "a power down can only be announced by a damaged robot"
        used: list[int] = []
        for r in range(REGISTERS):
            if self.locked[r]:
                if cards[r] != self.regs[r]:
                    return f"register {r + 1} is locked with card {self.regs[r]}"
            else:
                if cards[r] not in self.hand:
                    return f"card {cards[r]} is not in the hand"
                used.append(cards[r])
        if len(set(used)) != len(used):
            return "a card can be used only once"
        return None

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ProgramChoices):
            return (self.hand, self.regs, self.locked, self.pd, self.extras) == (
                other.hand,
                other.regs,
                other.locked,
                other.pd,
                other.extras,
            )
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.hand, self.regs, self.locked, self.pd, self.extras))

    def __repr__(self) -> str:
        return f"ProgramChoices({len(self)} actions)"
