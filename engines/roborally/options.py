"""Option cards: drawing and losing them, and the questions they ask during the registers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engines.roborally.boardfile import Layout
from engines.roborally.bot import REGISTERS, Bot
from engines.roborally.cards import OPTIONS
from engines.roborally.events import CardReplaced, Event, FlywheelCard, OptionSacrificed


class OptionsMixin:
    """Option cards in :class:`RoboRallyState`: drawn and lost, and the questions they ask
    during the registers (Abort Switch and Conditional Program at the reveal, how the main
    laser fires) with the answers applied."""

    # the state this phase reads and writes (set up by RoboRallyState)
    layout: Layout
    num_players: int
    bots: list[Bot]
    reg: int
    cursor: int
    shots: list[list[Any]]
    waiting: tuple[int, str] | None
    discard: list[int]
    option_deck: list[str]
    shown: int
    guard: list[int]
    sacrifices: list[str]

    if TYPE_CHECKING:  # the other phases' methods it calls

        def _active(self, b: Bot) -> bool: ...
        def _draw(self) -> int: ...
        def _tell(self, event: Event, at: int | None = None) -> None: ...
        def _was_asked(self, seat: int, kind: str) -> bool: ...

    def _take_option(self, b: Bot) -> str:
        option = self.option_deck.pop()
        self.shown += 1
        if option == "ablative-coat":
            b.ablative = 3
        if option == "mini-howitzer":
            b.howitzer = 5
        return option

    def _lose_option(self, seat: int, option: str) -> None:
        b = self.bots[seat]
        if option == "flywheel" and b.flywheel:  # the kept card goes with its option
            self.discard.append(b.flywheel)
            b.flywheel = 0
            self._tell(FlywheelCard(seat, kept=False))
        if option == "ablative-coat":
            b.ablative = 0
        if option == "mini-howitzer":
            b.howitzer = 0

    def _reveal(self) -> bool:
        reg = self.reg
        while self.cursor < self.num_players:
            s = self.cursor
            b = self.bots[s]
            if not (b.options or b.parked):  # nothing to decide or replace: the common case
                self.cursor += 1
                continue
            if self._active(b) and b.regs[reg] and b.radio < 0:
                if b.abort and not b.locked[reg] and not self._was_asked(s, "abort"):
                    self._replace_card(s, reg, "abort")
                elif (
                    b.has("abort-switch")
                    and not b.abort_used
                    and not b.locked[reg]
                    and not self._was_asked(s, "abort")
                ):
                    self.waiting = (s, "abort")
                    return True
                if b.parked and not b.locked[reg] and not self._was_asked(s, "swap"):
                    self.waiting = (s, "swap")
                    return True
            self.cursor += 1
        return False

    def _replace_card(self, seat: int, reg: int, why: str) -> None:
        b = self.bots[seat]
        old = b.regs[reg]
        if old:
            self.discard.append(old)
        if b.pairs[reg]:
            self.discard.append(b.pairs[reg])
            b.pairs[reg] = 0
            if b.crab == reg:
                b.crab = -1
            if b.dual == reg:
                b.dual = -1
        b.regs[reg] = self._draw()
        self._tell(CardReplaced(seat, why, old, b.regs[reg]))

    def _apply_register_choice(self, seat: int, kind: str, value: str) -> None:
        b = self.bots[seat]
        if kind == "abort" and value == "yes":
            b.abort = True
            b.abort_used = True
            self._replace_card(seat, self.reg, "abort")
        elif kind == "swap" and value == "yes":
            old = b.regs[self.reg]
            self.discard.append(old)
            if b.pairs[self.reg]:
                self.discard.append(b.pairs[self.reg])
                b.pairs[self.reg] = 0
                b.crab = -1 if b.crab == self.reg else b.crab
                b.dual = -1 if b.dual == self.reg else b.dual
            b.regs[self.reg] = b.parked
            b.parked = 0
            self._tell(CardReplaced(seat, "swap", old, b.regs[self.reg]))
        elif kind == "fire":
            for shot in self.shots:
                if shot[0] == seat and shot[4] == "main":
                    shot[5] = value
        elif kind == "sacrifice":
            self.sacrifices.append(f"{seat}:{value}")
            if value != "none":
                b.options.remove(value)
                self._lose_option(seat, value)
                self.guard[seat] += 1
                self._tell(OptionSacrificed(seat, OPTIONS[value][0]))

    def _fire_choices(self, seat: int) -> list[str]:
        shot = next(x for x in self.shots if x[0] == seat and x[4] == "main")
        b = self.bots[seat]
        t = self.bots[shot[1]]
        out = ["normal"]
        if b.has("pressor-beam"):
            out.append("pressor")
        if b.has("tractor-beam"):
            dist = abs(b.pos % self.layout.width - t.pos % self.layout.width) + abs(
                b.pos // self.layout.width - t.pos // self.layout.width
            )
            if dist > 1:
                out.append("tractor")
        if b.has("radio-control"):
            out.append("radio")
        if b.has("scrambler") and self.reg < REGISTERS - 1:
            out.append("scramble")
        if b.has("mini-howitzer") and b.howitzer > 0:
            out.append("howitzer")
        if b.has("fire-control"):
            out.extend(f"lock {r + 1}" for r in range(REGISTERS) if not t.locked[r])
            out.extend(f"destroy {o}" for o in t.options)
        return out

    def _fire_decisions(self) -> bool:
        while self.cursor < len(self.shots):
            shot = self.shots[self.cursor]
            s = shot[0]
            if (
                shot[4] == "main"
                and self.bots[s].options
                and not self._was_asked(s, "fire")
                and len(self._fire_choices(s)) > 1
            ):
                self.waiting = (s, "fire")
                return True
            self.cursor += 1
        return False
