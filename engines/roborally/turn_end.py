"""The end of the turn: robots becoming real, repairs, the questions asked, the cleanup."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.roborally.boardfile import DOUBLE_WRENCH, WRENCH, Layout
from engines.roborally.bot import REGISTERS, Bot
from engines.roborally.events import BecameReal, Event, FlywheelCard, PowerDownAnnounced, Repaired
from engines.roborally.phases import Phase
from engines.roborally.trace import Picture


class TurnEndMixin:
    """The end of the turn in :class:`RoboRallyState`: virtual robots becoming real, repairs
    (within a Mechanical Arm's reach), the end-of-turn questions, then the cleanup and the
    next turn or the game's end."""

    # the state this phase reads and writes (set up by RoboRallyState)
    layout: Layout
    options_on: bool
    max_turns: int
    bots: list[Bot]
    turn: int
    phase: Phase
    discard: list[int]
    option_deck: list[str]
    events: list[str]
    happened: list[Event]
    resigns: list[int]
    trace: list[Picture] | None

    if TYPE_CHECKING:  # the other phases' methods it calls

        def _game_over(self, reason: str) -> None: ...
        def _repair(self, s: int, amount: int) -> None: ...
        def _start_turn(self) -> None: ...
        def _tell(self, event: Event, at: int | None = None) -> None: ...

    def _end_turn(self) -> None:
        self.phase = Phase.ENDTURN
        lay = self.layout
        count: dict[int, int] = {}
        for b in self.bots:
            if b.pos >= 0:
                count[b.pos] = count.get(b.pos, 0) + 1
        for s, b in enumerate(self.bots):
            if b.pos >= 0 and b.virtual and count[b.pos] == 1:
                b.virtual = False
                self._tell(BecameReal(s, b.pos))
        for s, b in enumerate(self.bots):
            b.pending = []
            if b.on_board:
                site = self._repair_site(b)
                k = lay.kind[site] if site >= 0 else -1
                amount = 1 if (k == WRENCH or site in lay.flags) else 0
                if k == DOUBLE_WRENCH:
                    if self.option_deck and not b.powered and self.options_on:
                        b.pending.append("wrench")
                        amount = 0
                    else:
                        amount = 2
                if amount:
                    damage, locks = b.damage, b.fc_locks
                    self._repair(s, amount)
                    # "0 repairs 1 on wrench at e11: 2 left" (log), "... frees 1" when the
                    # repair also ends registers locked by Fire Control
                    if b.damage < damage or locks:
                        flag = lay.flags.index(site) + 1 if site in lay.flags else 0
                        self._tell(
                            Repaired(
                                s, damage - b.damage, self._site(site), site, b.damage, locks, flag
                            )
                        )
                if b.powered and b.damage > 0:
                    b.pending.append("stay")
            elif not b.out:
                if b.options:
                    b.pending.append("discard")
                b.pending.append("reenter")
                if b.flywheel:  # it stays on the Flywheel: the re-entered robot's next hand
                    self._tell(FlywheelCard(s, kept=True))
            else:
                b.options = []
                if b.flywheel:
                    self.discard.append(b.flywheel)
                    b.flywheel = 0
                    self._tell(FlywheelCard(s, kept=False))
        # The end of the turn is told after its last register (log only): the trace has just
        # taken that register's picture; "end" marks where its events begin, and whether the
        # table waits for end-of-turn decisions the log tells. Not carried on either way.
        if self.trace:
            picture = self.trace[-1]
            told = ("wrench", "unlock", "stay", "discard", "reenter")
            asks = any(k in b.pending for b in self.bots for k in told)
            picture.end = (len(picture.events), asks)
            picture.events.extend(self.events)
            picture.happened.extend(self.happened)
        self.events = []
        self.happened = []
        if not any(b.pending for b in self.bots):
            self._finish_turn()

    def _repair_site(self, b: Bot) -> int:
        """The repair site (wrench, double wrench or flag) that repairs robot ``b`` at the end
        of the turn, or -1: its own square, or with a Mechanical Arm one square away with no
        wall between, the best within reach (a double wrench before a wrench or flag; its own
        square first among equals)."""
        lay = self.layout

        def worth(i: int) -> int:
            if lay.kind[i] == DOUBLE_WRENCH:
                return 2
            return 1 if lay.kind[i] == WRENCH or i in lay.flags else 0

        best = b.pos if worth(b.pos) else -1
        if b.has("mechanical-arm"):
            for d in range(4):
                j = lay.nbr[b.pos][d]
                if (
                    j >= 0
                    and not lay.wall[b.pos] >> d & 1
                    and worth(j) > (worth(best) if best >= 0 else 0)
                ):
                    best = j
        return best

    def _site(self, i: int) -> str:
        """The repair site on square ``i`` for the log: ``wrench``, ``flag 2`` ..."""
        k = self.layout.kind[i]
        if k == DOUBLE_WRENCH:
            return "double wrench"
        if k == WRENCH:
            return "wrench"
        return f"flag {self.layout.flags.index(i) + 1}"

    def _finish_turn(self) -> None:
        for s, b in enumerate(self.bots):
            for r in range(REGISTERS):
                if b.pairs[r]:
                    self.discard.append(b.pairs[r])
                    b.pairs[r] = 0
                if b.regs[r] and (not b.locked[r] or not b.on_board):
                    self.discard.append(b.regs[r])
                    b.regs[r] = 0
            if not b.on_board:
                b.locked = [False] * REGISTERS
            if b.parked:
                self.discard.append(b.parked)
                b.parked = 0
            self.discard.extend(b.hand)
            b.hand = []
            if b.powered and b.stay:
                b.announce = True
            if b.on_board and not b.announce and b.has("circuit-breaker") and b.damage >= 3:
                b.announce = True
                self._tell(PowerDownAnnounced(s, breaker=True))
            b.stay = False
            b.gyro = b.recompiled = b.abort = b.abort_used = b.destroyed = False
            b.radio = -1
            b.crab = b.dual = -1
        if all(b.out for b in self.bots):
            self._game_over(
                "no robot is left in the race" if self.resigns else "every robot is out of lives"
            )
        elif self.turn >= self.max_turns:
            self._game_over(f"the turn limit ({self.max_turns}) was reached")
        else:
            self._start_turn()
