"""The five registers: their stages, the order the cards play in, and their log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engines.roborally.boardfile import Layout
from engines.roborally.bot import REGISTERS, Bot
from engines.roborally.cards import BACK, KIND, MOVE1, MOVE3
from engines.roborally.events import Event, Path, PowerDownAnnounced
from engines.roborally.phases import Phase
from engines.roborally.trace import Picture


class RegistersMixin:
    """The register phase of :class:`RoboRallyState`: each register's reveal, move and fire
    stages, the order its cards play in (highest priority first), and the log lines and
    events they tell."""

    # the state this phase reads and writes (set up by RoboRallyState)
    layout: Layout
    bots: list[Bot]
    turn: int
    phase: Phase
    reg: int
    stage: str
    cursor: int
    order: list[int]
    shots: list[list[Any]]
    asked: list[str]
    waiting: tuple[int, str] | None
    register_start: list[tuple[int, int]]
    shown: int
    winners: tuple[int, ...]
    shield: list[str]
    rams: list[list[int]]
    events: list[str]
    happened: list[Event]
    trace: list[Picture] | None
    hook: Any

    if TYPE_CHECKING:  # the other phases' methods it calls

        def _aim(self) -> list[list[Any]]: ...
        def _belts(self, express_only: bool) -> None: ...
        def _crushers(self) -> None: ...
        def _deal_rams(self) -> None: ...
        def _end_damage(self) -> None: ...
        def _end_turn(self) -> None: ...
        def _execute(self, s: int, card: int, pair: int, mode: str, speed: int | None) -> None: ...
        def _fire(self) -> None: ...
        def _fire_decisions(self) -> bool: ...
        def _game_over(self, reason: str) -> None: ...
        def _gears(self) -> None: ...
        def _pushers(self) -> None: ...
        def _reveal(self) -> bool: ...
        def _sacrifice_decisions(self) -> bool: ...
        def _touch(self) -> None: ...
        def _win_reason(self) -> str: ...

    def _begin_registers(self) -> None:
        self.shown += 1  # every program is about to be played face up
        self.phase = Phase.RESOLVE
        for s, b in enumerate(self.bots):  # public now: told with register 1 (log only)
            if b.announce and b.on_board:
                self._tell(PowerDownAnnounced(s))
        self.reg = 0
        self.stage = "reveal"
        self._mark_register_start()
        self.cursor = 0
        self.asked = []
        self.shield = []
        self._run()

    def _card(self, seat: int, reg: int) -> int:
        b = self.bots[seat]
        if b.radio >= 0:
            return self.bots[b.radio].regs[reg]
        return b.regs[reg]

    def _pair(self, seat: int, reg: int) -> tuple[int, str]:
        owner = self.bots[seat].radio if self.bots[seat].radio >= 0 else seat
        o = self.bots[owner]
        if not o.pairs[reg]:
            return 0, ""
        return o.pairs[reg], ("crab" if o.crab == reg else "dual")

    def _active(self, b: Bot) -> bool:
        return b.on_board and not b.powered

    def _run(self) -> None:
        """Resolve registers until a decision is needed or the turn is over."""
        while self.phase == Phase.RESOLVE and self.waiting is None:
            if self.stage == "reveal":
                if self._reveal():
                    return
                self.stage = "move"
                self.cursor = 0
                movers = [
                    s
                    for s, b in enumerate(self.bots)
                    if self._active(b) and self._card(s, self.reg)
                ]
                movers.sort(key=lambda s: (-self._card(s, self.reg), self.bots[s].radio >= 0))
                self.order = movers
            elif self.stage == "move":
                if self._moves():
                    return
                self._belts(True)
                self._belts(False)
                self._pushers()
                self._gears()
                self._crushers()
                self.stage = "fire"
                self.cursor = 0
                self.shots = self._aim()
            elif self.stage == "fire":
                if self._fire_decisions() or self._sacrifice_decisions():
                    return
                self._fire()
                self._end_damage()
                self._touch()
                self._end_register()

    def _end_register(self) -> None:
        if self.trace is not None:
            self.trace.append(self.picture())
        if self.hook is not None:
            self.hook(self)
        self.events = []
        self.happened = []
        self.asked = []
        self.shield = []
        self.shots = []
        self.order = []
        if self.winners:
            self._game_over(self._win_reason())
            return
        self.reg += 1
        self.cursor = 0
        self.stage = "reveal"
        self._mark_register_start()
        if self.reg == REGISTERS:
            self.stage = ""
            self.reg = 0
            self._end_turn()

    def _mark_register_start(self) -> None:
        """Positions as a register (or a turn's start) begins: a trace picture carries
        them, so the log tells the register from its start even if a decision in the
        middle of it split the playing into two actions (log only, not the state)."""
        self.register_start = [(b.pos, b.facing) for b in self.bots]

    def picture(self) -> Picture:
        """Positions after a register (for traces and tests), and where it began."""
        return Picture(
            start=list(self.register_start),
            turn=self.turn,
            register=self.reg + 1,
            robots=[(b.pos, b.facing, b.damage, b.lives, b.flags, b.virtual) for b in self.bots],
            bots=[b.clone() for b in self.bots],
            events=list(self.events),
            happened=list(self.happened),
        )

    def _was_asked(self, seat: int, kind: str) -> bool:
        prefix = f"{seat}:{kind}:"
        return any(a.startswith(prefix) for a in self.asked)

    def _answer(self, seat: int, kind: str) -> str:
        prefix = f"{seat}:{kind}:"
        for a in self.asked:
            if a.startswith(prefix):
                return a[len(prefix) :]
        return ""

    def _moves(self) -> bool:
        while True:
            if self.rams:  # the last card's Ramming Gear hits
                if self._sacrifice_decisions():
                    return True
                self._deal_rams()
            if self.cursor >= len(self.order):
                return False
            s = self.order[self.cursor]
            b = self.bots[s]
            card = self._card(s, self.reg)
            if not b.on_board or not card:
                self.cursor += 1
                continue
            k = KIND[card]
            needs = b.options and (
                (k == MOVE1 and b.has("brakes"))
                or (k == MOVE3 and b.has("fourth-gear"))
                or (k == BACK and b.has("reverse-gear"))
            )
            pair, mode = self._pair(s, self.reg)
            if needs and mode != "crab" and not self._was_asked(s, "speed"):
                self.waiting = (s, "speed")
                return True
            self.cursor += 1
            speed = self._answer(s, "speed") if needs else ""
            self._execute(s, card, pair, mode, int(speed) if speed else None)

    def _tell(self, event: Event, at: int | None = None) -> None:
        """Tell ``event``: its log line in :attr:`events`, the event itself in
        :attr:`happened` (``at``: before the lines told since that index)."""
        at = len(self.events) if at is None else at
        self.events.insert(at, event.line(self._square))
        self.happened.insert(at, event)

    def step_events(self) -> tuple[Event, ...]:
        """The structured events of the register so far, one for each line of
        :attr:`events` (a trace picture carries a register's as ``happened``)."""
        return tuple(self.happened)

    def _path(self, s: int, start: tuple[int, int], last: int, d: int) -> Path:
        """Robot ``s``'s way from ``start`` (square, facing) to where it is now or, when it
        was destroyed, to the square it went to from ``last`` towards ``d`` (a pit, or off
        the board)."""
        b = self.bots[s]
        if b.on_board:
            return Path(*start, b.pos, b.facing)
        to = self.layout.nbr[last][d] if last >= 0 else -1
        return Path(*start, to, start[1], gone=True)

    def _square(self, i: int) -> str:
        """A square's name for the log, or "off the board" (-1)."""
        return self.layout.short_name(i) if i >= 0 else "off the board"
