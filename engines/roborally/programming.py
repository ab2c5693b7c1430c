"""Dealing the hands, taking the programs and their options' follow-up questions."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engines.roborally.actions import Decide, Program, ProgramChoices
from engines.roborally.bot import REGISTERS, Bot
from engines.roborally.cards import DECK, KIND, LEFT, MOVE1, MOVES, RIGHT, ROTATES
from engines.roborally.events import Event, Recompiled
from engines.roborally.phases import Phase
from engines.roborally.trace import Picture


def _shuffle(cards: list[int], seed: int, turn: int, refill: int = 0) -> None:
    """Shuffle in place exactly like :meth:`GameRandom.shuffle` (built on ``random()`` alone),
    seeded from the game seed, the turn and the refill count, inlined for speed."""
    rnd = random.Random(seed * 1_000_003 + turn * 101 + refill).random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        if j > i:
            j = i
        cards[i], cards[j] = cards[j], cards[i]


class ProgrammingMixin:
    """The turn's start and the programming phase of :class:`RoboRallyState`: the deal (the
    discards reshuffled when the deck runs out), the programs taken, Recompile, and the
    follow-up questions of the programming options."""

    # the state this phase reads and writes (set up by RoboRallyState)
    seed: int
    bots: list[Bot]
    turn: int
    phase: Phase
    deck: list[int]
    discard: list[int]
    refills: int
    shown: int
    events: list[str]
    happened: list[Event]
    trace: list[Picture] | None

    if TYPE_CHECKING:  # the other phases' methods it calls

        def _begin_registers(self) -> None: ...
        def _bring_back(self) -> None: ...
        def _choices(self, seat: int, kind: str) -> list[str]: ...
        def _damage(self, s: int, amount: int, source_dir: int) -> None: ...
        def _mark_register_start(self) -> None: ...
        def _tell(self, event: Event, at: int | None = None) -> None: ...
        def picture(self) -> Picture: ...

    def _program_choices(self, seat: int) -> ProgramChoices:
        b = self.bots[seat]
        extras = []
        if b.has("recompile") and not b.recompiled and b.damage <= 3:
            extras.append(Decide("recompile", ""))
        return ProgramChoices(b.hand, b.regs, b.locked, b.damage > 0, extras)

    def _pair_choices(self, b: Bot, kind: str) -> list[str]:
        out = []
        for c in sorted(b.hand):
            ck = KIND[c]
            if kind == "crab" and ck not in (LEFT, RIGHT):
                continue
            if kind == "dual" and ck not in ROTATES:
                continue
            for r in range(REGISTERS):
                if b.locked[r] or b.pairs[r] or not b.regs[r]:
                    continue
                rk = KIND[b.regs[r]]
                if (kind == "crab" and rk == MOVE1) or (kind == "dual" and rk in MOVES):
                    out.append(f"{c}@{r + 1}")
        return out

    def _take_program(self, seat: int, program: Program) -> None:
        b = self.bots[seat]
        for r in range(REGISTERS):
            if not b.locked[r]:
                b.regs[r] = program.cards[r]
                b.hand.remove(program.cards[r])
        b.announce = program.power_down
        b.pending.pop(0)
        for option, kind in (
            ("flywheel", "keep"),
            ("conditional-program", "park"),
            ("crab-legs", "crab"),
            ("dual-processor", "dual"),
            ("gyroscopic-stabilizer", "gyro"),
        ):
            if b.has(option):
                b.pending.append(kind)
        self._settle_followups(seat)

    def _settle_followups(self, seat: int) -> None:
        """Skip follow-up questions that have no real choice; finish the seat's programming."""
        b = self.bots[seat]
        while b.pending and b.pending[0] in ("keep", "park", "crab", "dual"):
            if len(self._choices(seat, b.pending[0])) > 1:
                return
            b.pending.pop(0)
        if b.pending:
            return
        self.discard.extend(b.hand)
        b.hand = []
        if self.phase == Phase.PROGRAM and not any(x.pending for x in self.bots):
            self._begin_registers()

    def _recompile(self, seat: int) -> None:
        b = self.bots[seat]
        b.recompiled = True
        self._tell(Recompiled(seat))
        self.discard.extend(b.hand)
        b.hand = []
        self._damage(seat, 1, -1)
        b.hand = self._deal(b)

    def _start_turn(self) -> None:
        self.turn += 1
        self.shown += 1  # a new hand is dealt
        self._mark_register_start()  # the turn's start picture: re-entries and new hands
        prior = len(self.events)  # told of the turn before: power downs announced since
        self.discard = []
        self.refills = 0
        self._bring_back()
        kept = {c for b in self.bots for c in b.regs if c}
        kept.update(b.flywheel for b in self.bots if b.flywheel)
        deck = [c for c in DECK if c not in kept]
        _shuffle(deck, self.seed, self.turn)
        self.deck = deck
        self.phase = Phase.PROGRAM
        for b in self.bots:
            if b.on_board and not b.powered:
                b.hand = self._deal(b)
                if b.flywheel:
                    b.hand.append(b.flywheel)
                    b.flywheel = 0
                b.pending = ["program"]
        if self.trace is not None:
            picture = self.picture()
            picture.register = 0
            picture.prior = prior  # its first events are the end of the turn before
            self.trace.append(picture)
        self.events = []  # told with the start of the turn: register 1 starts afresh
        self.happened = []
        if not any(b.pending for b in self.bots):
            self._begin_registers()

    def hand_size(self, b: Bot) -> int:
        """9 cards, one fewer per damage point and per Fire Control lock, one more with Extra
        Memory; never fewer than the registers left to fill."""
        free = REGISTERS - sum(b.locked)
        return max(free, 9 - b.damage - b.fc_locks + b.has("extra-memory"))

    def _deal(self, b: Bot) -> list[int]:
        cards = [self._draw() for _ in range(self.hand_size(b))]
        return [c for c in cards if c]

    def _draw(self) -> int:
        """The top card of the deck (the discards reshuffled when it is empty; 0 if none)."""
        if not self.deck:
            if not self.discard:
                return 0
            self.refills += 1
            self.deck = sorted(self.discard)
            self.discard = []
            _shuffle(self.deck, self.seed, self.turn, self.refills)
        return self.deck.pop()
