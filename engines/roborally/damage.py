"""Damage and its events, locked registers, repairs, destruction and coming back."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engines.roborally.bot import MAX_DAMAGE, REGISTERS, Bot
from engines.roborally.events import Destroyed, Event, PoweredDown, PoweredUp, Rammed, ReEntered


class DamageMixin:
    """Damage in :class:`RoboRallyState`: the hits of a damage event (one card's rams, one
    register's lasers) and the options given up instead, locked registers, repairs,
    destruction, and destroyed or powered-down robots coming back as a turn starts."""

    # the state this phase reads and writes (set up by RoboRallyState)
    num_players: int
    bots: list[Bot]
    stage: str
    shots: list[list[Any]]
    waiting: tuple[int, str] | None
    shield: list[str]
    rams: list[list[int]]
    guard: list[int]
    sacrifices: list[str]
    on_destroy: Callable[[int], None] | None

    if TYPE_CHECKING:  # the other phases' methods it calls

        def _tell(self, event: Event, at: int | None = None) -> None: ...

    def _destroy(self, s: int, why: str) -> None:
        if self.on_destroy is not None:
            self.on_destroy(s)
        b = self.bots[s]
        b.pos = -1
        b.virtual = False
        b.destroyed = True
        b.lives -= 1
        b.radio = -1
        b.fc_locks = 0
        b.locked = [False] * REGISTERS
        self._tell(Destroyed(s, why))
        for o in self.bots:
            if o.radio == s:
                o.radio = -1

    def _deal_rams(self) -> None:
        rams, self.rams = self.rams, []
        for target, actor, source in rams:
            if self.bots[target].on_board:
                self._tell(Rammed(target, actor))
                self._damage(target, 1, source)
        self._end_damage()

    # -- options given up instead of damage ------------------------------------------------
    def _pending_hits(self) -> dict[int, list[tuple[int, int]]]:
        """The damage event under way: per robot its hits (points, direction they come from)
        in the order they land: the rams of the last card, or the register's shots."""
        hits: dict[int, list[tuple[int, int]]] = {}
        if self.stage == "move":
            for target, _, source in self.rams:
                hits.setdefault(target, []).append((1, source))
        elif self.stage == "fire":
            for _, target, dmg, d, _, mode, _ in self.shots:
                if mode in ("normal", "howitzer"):
                    hits.setdefault(target, []).append(
                        (dmg if mode == "normal" else 1, (d + 2) % 4)
                    )
        return hits

    def _through(self, s: int, hits: list[tuple[int, int]]) -> int:
        """The points of ``hits`` the Power-Down Shield and the Ablative Coat let through
        (as :meth:`_damage` would deal them)."""
        b = self.bots[s]
        shield = set(self.shield)
        coat = b.ablative
        total = 0
        for amount, source in hits:
            if b.powered and b.has("power-down-shield") and source >= 0:
                key = f"{s}:{source}"
                if key not in shield:
                    shield.add(key)
                    amount -= 1
            if coat and amount > 0:
                absorbed = min(coat, amount)
                coat -= absorbed
                amount -= absorbed
            total += max(0, amount)
        return total

    def _incoming(self, s: int) -> int:
        """Damage still coming to robot ``s`` in this damage event, after the options it
        has already given up."""
        hits = self._pending_hits().get(s, [])
        return max(0, self._through(s, hits) - self.guard[s])

    def _sacrifice_decisions(self) -> bool:
        """Ask each robot with options that damage is about to reach (seat order) whether
        it gives up an option card instead of 1 point, again after each one it gives up,
        until it says "none", has no options left or no damage is left to stop."""
        for s in sorted(self._pending_hits()):
            b = self.bots[s]
            if not b.on_board or not b.options or f"{s}:none" in self.sacrifices:
                continue
            if self._incoming(s) > 0:
                self.waiting = (s, "sacrifice")
                return True
        return False

    def _end_damage(self) -> None:
        self.guard = [0] * self.num_players
        self.sacrifices = []

    def _damage(self, s: int, amount: int, source_dir: int) -> None:
        b = self.bots[s]
        if not b.on_board:
            return
        if b.powered and b.has("power-down-shield") and source_dir >= 0:
            key = f"{s}:{source_dir}"
            if key not in self.shield:
                self.shield.append(key)
                amount -= 1
        if b.ablative and amount > 0:
            absorbed = min(b.ablative, amount)
            b.ablative -= absorbed
            amount -= absorbed
            if not b.ablative:
                b.options.remove("ablative-coat")
        if self.guard[s] and amount > 0:  # options given up instead of these points
            absorbed = min(self.guard[s], amount)
            self.guard[s] -= absorbed
            amount -= absorbed
        if amount <= 0:
            return
        b.damage += amount
        if b.damage >= MAX_DAMAGE:
            self._destroy(s, "too much damage")
            return
        self._settle_locks(s)

    def _settle_locks(self, s: int) -> None:
        """Lock registers from 5 downwards for damage beyond 4; auto-unlock when forced."""
        b = self.bots[s]
        need = min(REGISTERS, max(0, b.damage - 4) + b.fc_locks)
        have = sum(b.locked)
        r = REGISTERS - 1
        while have < need and r >= 0:
            if not b.locked[r]:
                b.locked[r] = True
                have += 1
            r -= 1
        if have > need and need == 0:
            b.locked = [False] * REGISTERS
        elif have > need and "unlock" not in b.pending:
            b.pending.insert(0, "unlock")

    def _repair(self, s: int, amount: int) -> None:
        b = self.bots[s]
        b.damage = max(0, b.damage - amount)
        b.fc_locks = 0
        self._settle_locks(s)

    def _bring_back(self) -> None:
        """The turn's start for robots: the destroyed ones re-enter at their archive
        (virtual if they share it), announced power downs begin (clearing the damage)
        and those of last turn end."""
        entering = [b for b in self.bots if not b.out and not b.on_board]
        crowd: dict[int, int] = {}
        for o in self.bots:
            where = o.pos if o.on_board else (o.archive if o in entering else -1)
            if where >= 0:
                crowd[where] = crowd.get(where, 0) + 1
        for s, b in enumerate(self.bots):
            if b.out:
                continue
            was_off = b.powered and b.on_board  # powered down last turn, still on the board
            if not b.on_board:
                taken = crowd[b.archive] > 1  # robots entering together are virtual too
                b.pos = b.archive
                b.virtual = taken
                b.facing = b.reenter_face
                b.damage = 0 if b.has("superior-archive") else 2
                # "0 re-enters at a1 facing N damage 2 virtual" (log)
                self._tell(ReEntered(s, b.pos, b.facing, b.damage, taken))
            b.powered = b.announce
            b.announce = False
            if b.powered:  # told as "1 powers down (3)": the damage it clears (log only)
                self._tell(PoweredDown(s, b.damage, stays=was_off))
                b.damage = 0
                b.fc_locks = 0
                for r in range(REGISTERS):
                    b.locked[r] = False
                    b.regs[r] = 0
                    b.pairs[r] = 0
            elif was_off:
                self._tell(PoweredUp(s))
            self._settle_locks(s)
