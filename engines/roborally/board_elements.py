"""The board acting on the robots: belts, pushers, gears, crushers, lasers and flags."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engines.roborally.boardfile import (
    BELT,
    DOUBLE_WRENCH,
    EXPRESS,
    GEAR_CCW,
    GEAR_CW,
    WRENCH,
    Layout,
)
from engines.roborally.bot import REGISTERS, Bot
from engines.roborally.events import (
    ArchiveMoved,
    BeltBlocked,
    BeltRide,
    Event,
    FlagTouched,
    GearTurned,
    Path,
    Shot,
    Shoved,
)


def laser_beam(
    lay: Layout, start: int, d: int, power: bool, robot_at: Callable[[int], int]
) -> tuple[int, int] | None:
    """(first real robot hit, robot shot through or -1) of a robot laser fired from ``start``
    towards ``d``; a High-Power Laser (``power``) passes one wall or one robot.
    ``robot_at(cell)`` is the real robot on a square other than the shooter, or -1."""
    i = start
    spare = power
    while True:
        if lay.wall[i] >> d & 1:
            if not spare:
                return None
            spare = False
        j = lay.nbr[i][d]
        if j < 0:
            return None
        r = robot_at(j)
        if r >= 0:
            if spare:  # through this robot to the next one, stopped by any wall
                k = j
                while not lay.wall[k] >> d & 1 and lay.nbr[k][d] >= 0:
                    k = lay.nbr[k][d]
                    nxt = robot_at(k)
                    if nxt >= 0:
                        return nxt, r
            return r, -1
        i = j


class BoardElementsMixin:
    """The board after the cards in :class:`RoboRallyState`: belts (express ones first),
    pushers, gears, crushers, board and robot lasers (with the laser-replacing options'
    effects), flags and archive markers."""

    # the state this phase reads and writes (set up by RoboRallyState)
    layout: Layout
    bots: list[Bot]
    reg: int
    shots: list[list[Any]]
    winners: tuple[int, ...]
    events: list[str]

    if TYPE_CHECKING:  # the other phases' methods it calls

        def _damage(self, s: int, amount: int, source_dir: int) -> None: ...
        def _destroy(self, s: int, why: str) -> None: ...
        def _lose_option(self, seat: int, option: str) -> None: ...
        def _path(self, s: int, start: tuple[int, int], last: int, d: int) -> Path: ...
        def _place(self, s: int, cell: int, why: str = "") -> None: ...
        def _real_at(self, cell: int, skip: int = -1) -> int: ...
        def _replace_card(self, seat: int, reg: int, why: str) -> None: ...
        def _step(self, s: int, d: int, actor: int) -> bool: ...
        def _tell(self, event: Event, at: int | None = None) -> None: ...

    def _belts(self, express_only: bool) -> None:
        lay = self.layout
        kind, belt, wall, nbr = lay.kind, lay.belt, lay.wall, lay.nbr
        movers: dict[int, int] = {}
        dirs: dict[int, int] = {}
        for s, b in enumerate(self.bots):
            if b.pos < 0:
                continue
            k = kind[b.pos]
            if k == EXPRESS or (k == BELT and not express_only):
                d = belt[b.pos]
                if wall[b.pos] >> d & 1:
                    continue
                movers[s] = nbr[b.pos][d]
                dirs[s] = d
        if not movers:
            return
        real = [s for s in movers if not self.bots[s].virtual]
        held: set[int] = set()
        changed = True
        while changed:
            changed = False
            for s in real:
                if s in held:
                    continue
                t = movers[s]
                if t < 0:
                    continue
                same = any(o != s and o not in held and movers[o] == t for o in real) or any(
                    o != s and o in held and movers[o] == t for o in real
                )
                occupant = self._real_at(t, s)
                blocked = False
                if (
                    same
                    or occupant >= 0
                    and (occupant not in movers or occupant in held or self.bots[occupant].virtual)
                ):
                    blocked = True
                elif occupant >= 0 and movers[occupant] == self.bots[s].pos:
                    blocked = True  # head-on: both stay
                if blocked:
                    held.add(s)
                    changed = True
        for s in list(movers):
            if s in held:
                self._tell(BeltBlocked(s, self.bots[s].pos))
                continue
            b = self.bots[s]
            d = dirs[s]
            t = movers[s]
            at = len(self.events)  # told before a fall it ends in
            express = kind[b.pos] == EXPRESS
            start, last = (b.pos, b.facing), b.pos
            self._place(s, t, "belt")
            if b.pos >= 0 and kind[t] in (BELT, EXPRESS) and belt[t] != d and not b.gyro:
                turn = (belt[t] - d) % 4
                if turn == 1:
                    b.facing = (b.facing + 1) % 4
                elif turn == 3:
                    b.facing = (b.facing + 3) % 4
            self._tell(BeltRide(s, express, self._path(s, start, last, d)), at)

    def _pushers(self) -> None:
        lay = self.layout
        bit = 1 << self.reg
        pushed: list[tuple[int, int]] = []
        for i in lay.pushers:
            if lay.pusher_mask[i] & bit:
                pushed.extend((s, i) for s, b in enumerate(self.bots) if b.pos == i)
        for s, i in pushed:
            if self.bots[s].pos == i:
                at = len(self.events)  # told before whatever the push sets off
                self._step(s, lay.pusher_dir[i], -1)
                end = i if self.bots[s].pos == i else lay.nbr[i][lay.pusher_dir[i]]
                gone = not self.bots[s].on_board
                self._tell(Shoved(s, -1, i, end, gone=gone), at)

    def _gears(self) -> None:
        kind = self.layout.kind
        for s, b in enumerate(self.bots):
            if b.pos >= 0 and not b.gyro:
                k = kind[b.pos]
                if k in (GEAR_CW, GEAR_CCW):
                    start = b.facing
                    b.facing = (b.facing + (1 if k == GEAR_CW else 3)) % 4
                    self._tell(GearTurned(s, b.pos, start, b.facing))

    def _crushers(self) -> None:
        lay = self.layout
        bit = 1 << self.reg
        for s, b in enumerate(self.bots):
            if b.pos >= 0 and lay.crusher_mask[b.pos] & bit:
                self._destroy(s, "crushed")

    # -- lasers -----------------------------------------------------------------------------
    def _aim(self) -> list[list[Any]]:
        """Shots as [shooter, target, damage, direction, kind, mode, through]."""
        lay = self.layout
        shots: list[list[Any]] = []
        cover = lay.cover
        first: dict[int, tuple[int, int]] = {}  # laser -> (distance, seat) of the first real
        virtual: list[tuple[int, int, int]] = []
        for s, b in enumerate(self.bots):
            if b.pos < 0:
                continue
            beams = cover.get(b.pos)
            if beams:
                for index, k in beams:
                    if b.virtual:
                        virtual.append((index, k, s))
                    elif index not in first or k < first[index][0]:
                        first[index] = (k, s)
        for index, k, s in virtual:
            if index not in first or k <= first[index][0]:
                _, d, beams_n, _ = lay.lasers[index]
                shots.append([-1, s, beams_n, d, "board", "normal", -1])
        for index in sorted(first):
            _, d, beams_n, _ = lay.lasers[index]
            shots.append([-1, first[index][1], beams_n, d, "board", "normal", -1])
        real = {b.pos: s for s, b in enumerate(self.bots) if b.pos >= 0 and not b.virtual}
        for s, b in enumerate(self.bots):
            if b.pos < 0 or b.virtual or b.powered:
                continue
            if not b.options:  # the common case: a plain forward laser
                for c in lay.ray[b.pos][b.facing]:
                    r = real.get(c)
                    if r is not None:
                        shots.append([s, r, 1, b.facing, "main", "normal", -1])
                        break
                continue
            main = self._beam(s, b.facing, b.has("high-power-laser"))
            if main:
                target, through = main
                dmg = 2 if b.has("double-barreled-laser") else 1
                shots.append([s, target, dmg, b.facing, "main", "normal", through])
                if through >= 0:
                    shots.append([s, through, dmg, b.facing, "through", "normal", -1])
            if b.has("rear-firing-laser"):
                rear = self._beam(s, (b.facing + 2) % 4, False)
                if rear:
                    shots.append([s, rear[0], 1, (b.facing + 2) % 4, "rear", "normal", -1])
        return shots

    def _beam(self, s: int, d: int, power: bool) -> tuple[int, int] | None:
        """(first real robot hit, robot shot through or -1) from robot ``s`` towards ``d``."""
        return laser_beam(self.layout, self.bots[s].pos, d, power, lambda c: self._real_at(c, s))

    def _fire(self) -> None:
        effects = []
        for shooter, target, dmg, d, kind, mode, _ in self.shots:
            if kind == "board":
                self._tell(Shot(target, -1, dmg))
            else:
                hurt = dmg if mode == "normal" else 1 if mode == "howitzer" else 0
                self._tell(Shot(target, shooter, hurt, mode))  # "2 hit by 1 (1)" (log)
            if mode == "normal":
                self._damage(target, dmg, (d + 2) % 4)
            elif mode == "howitzer":
                self._damage(target, 1, (d + 2) % 4)
                effects.append((shooter, target, mode, d))
            else:
                effects.append((shooter, target, mode, d))
        for shooter, target, mode, d in effects:
            sb, tb = self.bots[shooter], self.bots[target]
            if mode == "howitzer" and sb.howitzer > 0:  # (its last shots may be given up)
                sb.howitzer -= 1
                if sb.howitzer == 0 and "mini-howitzer" in sb.options:
                    sb.options.remove("mini-howitzer")  # out of shots: discarded
            if not tb.on_board:
                continue
            if mode in ("pressor", "howitzer", "tractor"):
                at = len(self.events)  # told before the pushes and falls it causes
                last = tb.pos
                way = d if mode != "tractor" else (d + 2) % 4
                self._step(target, way, -1)
                to = tb.pos if tb.on_board else self.layout.nbr[last][way]
                pulled = mode == "tractor"
                self._tell(Shoved(target, shooter, last, to, pulled, not tb.on_board), at)
            elif mode == "radio":
                if sb.on_board:
                    tb.radio = shooter
            elif mode == "scramble":
                nxt = self.reg + 1
                if nxt < REGISTERS and tb.regs[nxt] and not tb.powered and not tb.locked[nxt]:
                    self._replace_card(target, nxt, "scrambled")
            elif mode.startswith("lock "):
                r = int(mode.split()[1]) - 1
                if not tb.locked[r]:
                    tb.locked[r] = True
                    tb.fc_locks += 1
            elif mode.startswith("destroy "):
                option = mode.split()[1]
                if option in tb.options:
                    tb.options.remove(option)
                    self._lose_option(target, option)

    # -- touching flags --------------------------------------------------------------------
    def _touch(self) -> None:
        lay = self.layout
        flags = lay.flags
        for s, b in enumerate(self.bots):
            if b.pos < 0:
                continue
            i = b.pos
            k = lay.kind[i]
            archive = b.archive
            on_site = i in flags or k in (WRENCH, DOUBLE_WRENCH)
            if i in flags:
                b.archive = i
                if b.flags < len(flags) and flags[b.flags] == i:
                    b.flags += 1
                    self._tell(FlagTouched(s, b.flags))
            elif on_site:
                b.archive = i
            if b.has("mechanical-arm"):
                # the arm reaches the squares next to it (no wall between) even from a
                # flag or wrench of its own (on flag 1 it touches flag 2 next to it); its own
                # site keeps the archive unless the arm touches a flag
                for d in range(4):
                    j = lay.nbr[i][d]
                    if j < 0 or lay.wall[i] >> d & 1:
                        continue
                    if b.flags < len(flags) and flags[b.flags] == j:
                        b.flags += 1
                        b.archive = j
                        self._tell(FlagTouched(s, b.flags, arm=True))
                        break
                    if not on_site and (j in flags or lay.kind[j] in (WRENCH, DOUBLE_WRENCH)):
                        b.archive = j
            if b.archive != archive:  # told as "1 archive e11" (log text only)
                self._tell(ArchiveMoved(s, b.archive))
            if b.flags == len(flags) and flags:
                self.winners = (*self.winners, s)
