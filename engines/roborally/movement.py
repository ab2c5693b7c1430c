"""A card moving its robot: steps, pushes, walls, pits and the board's edge."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.roborally.boardfile import PIT, Layout
from engines.roborally.bot import Bot
from engines.roborally.cards import KIND, STEPS, TURNS, UTURN
from engines.roborally.events import CardPlayed, Event, Path, Shoved, Sidestepped


class MovementMixin:
    """A card's move in :class:`RoboRallyState`: steps and turns, Crab Legs and Dual
    Processor, real robots pushed, walls, pits and the board's edge, and the Ramming Gear hits
    a push sets up."""

    # the state this phase reads and writes (set up by RoboRallyState)
    layout: Layout
    bots: list[Bot]
    rams: list[list[int]]
    events: list[str]

    if TYPE_CHECKING:  # the other phases' methods it calls

        def _destroy(self, s: int, why: str) -> None: ...
        def _path(self, s: int, start: tuple[int, int], last: int, d: int) -> Path: ...
        def _tell(self, event: Event, at: int | None = None) -> None: ...

    def _execute(self, s: int, card: int, pair: int, mode: str, speed: int | None) -> None:
        b = self.bots[s]
        k = KIND[card]
        at = len(self.events)  # the card is told before the pushes and falls it causes
        start = (b.pos, b.facing)
        last = b.pos  # the square of the last step (a destroyed robot's way out is told)
        if mode == "crab":
            side = (b.facing + TURNS[KIND[pair]]) % 4
            self._step(s, side, s)
            self._tell(Sidestepped(s, side, self._path(s, start, last, side), b.pos == last), at)
            return
        moved = steps = 0
        direction = b.facing
        if k in STEPS:
            steps = STEPS[k]
            if steps < 0:
                direction = (b.facing + 2) % 4
                steps = -steps
            if speed is not None:
                steps = speed
            if mode == "dual":  # a Dual Processor move is one square shorter (U-turn: two)
                steps = max(0, steps - (2 if KIND[pair] == UTURN else 1))
            for _ in range(steps):
                last = b.pos
                if not self._step(s, direction, s):
                    break
                moved += 1
        else:
            b.facing = (b.facing + TURNS[k]) % 4
        if mode == "dual" and b.on_board:
            b.facing = (b.facing + TURNS[KIND[pair]]) % 4
        # told as "2 plays 830: d7N -> d4N" (log text only, not the state), with the card's
        # Dual Processor pair, whose program it runs under Radio Control, a speed chosen
        path = self._path(s, start, last, direction)
        blocked = b.on_board and moved < steps
        paired = pair if mode == "dual" else 0
        self._tell(CardPlayed(s, card, path, blocked, paired, b.radio, speed), at)

    def _real_at(self, cell: int, skip: int = -1) -> int:
        for s, b in enumerate(self.bots):
            if b.pos == cell and s != skip and not b.virtual:
                return s
        return -1

    def _step(self, s: int, d: int, actor: int) -> bool:
        """Move robot ``s`` one square towards ``d``, pushing real robots; True if it moved."""
        lay = self.layout
        b = self.bots[s]
        i = b.pos
        if lay.wall[i] >> d & 1:
            return False
        chain = [s]
        if not b.virtual:
            c = lay.nbr[i][d]
            while c >= 0:
                r = self._real_at(c, s)
                if r < 0:
                    break
                chain.append(r)
                if lay.wall[c] >> d & 1:
                    self._ram(actor, chain[1], d)  # bumped into: a wall stops the push
                    return False
                c = lay.nbr[c][d]
        for r in reversed(chain):
            rb = self.bots[r]
            to = lay.nbr[rb.pos][d]
            if r != s:  # told as "2 pushed by 0: d7 -> d6" (log text only, not the state)
                gone = to < 0 or lay.kind[to] == PIT
                self._tell(Shoved(r, s, rb.pos, to, gone=gone))
            self._place(r, to, "pushed" if r != s else "")
        for r in chain[1:]:
            self._ram(actor, r, d)
        return b.on_board

    def _ram(self, actor: int, target: int, d: int) -> None:
        """Ramming Gear: ``target``, pushed or bumped into by ``actor`` towards ``d``, takes 1
        damage once ``actor``'s card has finished (so that it may give up an option instead)."""
        if actor >= 0 and self.bots[actor].has("ramming-gear"):
            self.rams.append([target, actor, (d + 2) % 4])

    def _place(self, s: int, cell: int, why: str = "") -> None:
        b = self.bots[s]
        if cell < 0:
            self._destroy(s, "falls off the edge")
            return
        b.pos = cell
        if self.layout.kind[cell] == PIT:
            self._destroy(s, "falls into a pit")
