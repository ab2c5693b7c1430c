"""RoboRally's playback: the registers shown picture by picture from the engine's trace (each
card of a register, then the register's end), run on a timer or stepped with Space, the last
picture of a stepped playback held, and the programs panel beside it.

``PlaybackMixin`` is part of :class:`screens.roborally.screen.RoboRallyScreen`.
"""

from __future__ import annotations

import math
import time

from rich.text import Text

from engines.roborally.boardfile import Layout
from engines.roborally.cards import KIND
from engines.roborally.state import REGISTERS, SEAT_NAMES
from engines.roborally.trace import Picture
from screens.roborally.draw import text_style
from screens.roborally.frames import Frame, ToldRegister
from screens.roborally.log import card_steps, narrate, tell, told_by_card
from screens.roborally.surface import RoboRallySurface
from screens.stages import UiPhase

TINY = ("U-T", "Lft", "Rgt", "Bck", "Mv1", "Mv2", "Mv3")
ONE_LETTER = ("U", "L", "R", "B", "1", "2", "3")
SPEEDS = (0.25, 0.5, 1.0, 2.0)
DOUBLE_TAP = 0.8  # seconds after the playback ends in which Space / Enter are not yet yours


class PlaybackMixin(RoboRallySurface):
    """The playback keys (Space step, r run/pause, +/- speed, x skip) and what they show."""

    def _next_picture(self, stepped: bool = False) -> None:
        """Show the next picture of the playback (``stepped``: Space or Enter asked for it;
        the last picture a step shows is held, see :attr:`held`)."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        watching = self.shown is not None  # a register was on screen: the player watched
        if not self.queue:
            self._end_watch(watching)
            return
        frame = self.queue.pop(0)
        whole = frame.of  # a card of a register: its lines so far are told
        picture = whole.picture
        if whole.lines is None:
            # where the register began (a decision in the middle of it splits the playing)
            before = picture.start or self.before or [(b.pos, b.facing) for b in picture.bots]
            whole.lines = narrate(picture, before, self.state.layout)
            whole.by_card = told_by_card(picture, self.state.layout)
            whole.told = 0
            self.before = [(b.pos, b.facing) for b in picture.bots]
        lines = whole.lines
        upto = len(lines)
        if frame.step is not None and frame.step < len(whole.by_card):
            upto = whole.by_card[frame.step]  # the cards played so far, no more
        if upto > whole.told:
            tell(self.events_log, lines[whole.told : upto])
            whole.told = upto
        if not frame.is_card:  # decisions noted while its cards showed come after them
            self.events_log.extend(whole.notes)
        self.events_log = self.events_log[-1000:]  # the log window (l) shows them all
        self.shown = frame
        if frame.register and not frame.is_card:
            self.last_register = frame
        if not self.queue:
            if stepped and self.after_watch():
                self.held = True  # Space or Enter once more goes on (see action_step)
                self.message = ""
                self.advance()  # the computers may start thinking meanwhile
                return
            self._end_watch(watching)
            return
        if self.running:  # a card of a register takes half the time of the register's end
            pause = SPEEDS[self.speed] * (0.5 if frame.is_card else 1)
            self.timer = self.set_timer(pause, self._next_picture)
        self.refresh_all()

    def _end_watch(self, watched: bool) -> None:
        """The playback is over: the programming or decision keys apply again (``watched``:
        registers were on screen, so a Space or Enter may still be meant for them)."""
        if watched:
            self.watch_end = time.monotonic()
        self.shown = None
        self.held = False
        self.refresh_all()
        self.advance()

    def held_text(self) -> str:
        """The held last picture of a playback: what Space or Enter goes on to."""
        after = self.after_watch()
        if after == UiPhase.OVER:
            return "Race over: Space/Enter for the result"
        if after == UiPhase.PROGRAM:
            return f"Turn {self.state.turn} begins: Space/Enter to program"
        return "Space/Enter: on to your decision"

    def _release(self) -> None:
        """Leave the held last picture for your turn (asked for: no double-tap guard)."""
        if self.held:
            self.held = False
            self.message = ""
            self._end_watch(False)

    def _double_tap(self, again: str) -> bool:
        """Space or Enter came just after the playback ended (one press too many while
        stepping): say what the key does ``again`` and do nothing, rather than put a card in
        or pick a choice the player has not seen."""
        if time.monotonic() - self.watch_end >= DOUBLE_TAP:
            return False
        self.message = f"The registers are over: {again}."
        self.refresh_all()
        return True

    def _keys_used(self) -> None:
        """Another key of this turn was pressed: Space and Enter are meant for it now."""
        self.watch_end = -math.inf

    def action_step(self) -> None:
        if self.held:
            self._release()
        elif self.queue:
            self.running = False
            self._next_picture(stepped=True)

    def action_run(self) -> None:
        """Run or pause the playback; pressed before it starts (while the others think, or
        still programming) it says how the coming playback will start."""
        self.running = not self.running
        if self.queue:
            if self.running:
                self._next_picture()
            elif self.timer is not None:
                self.timer.stop()
                self.timer = None
        else:
            self.message = self.coming_playback()
        self.refresh_all()

    def coming_playback(self) -> str:
        """How the next registers will be played back (r and +/- change it)."""
        if self.running:
            return f"The registers will run, {SPEEDS[self.speed]:g} s each (r pauses)."
        return "The registers will wait for Space at each step (r runs them)."

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        self.message = f"Playback: {SPEEDS[self.speed]:g} s a register."
        if not self.queue and not self.running:
            self.message += " (paused: r runs it)"
        self.refresh_all()

    def action_skip(self) -> None:
        """Skip to the end of the turn on screen. A later turn already waiting (your robot
        sat it out powered down) then plays as usual: x never lets a turn go by unseen."""
        first = self.shown or (self.queue[0] if self.queue else None)
        turn = first.turn if first is not None else None
        while self.queue and self.queue[0].turn == turn:
            self.running = False
            self._next_picture()
        self.running = True
        if self.queue:
            self._next_picture()
        else:
            self._release()
        self._keys_used()  # skipping is deliberate: the next key is meant for your turn

    def robots_now(self) -> list[tuple[int, int, int, bool]]:
        live = self.my_view().robots
        if self.shown is not None:
            # the held last picture: a robot made real at the end of the turn is drawn real,
            # as the robots' table and the log under it say
            return [
                (
                    s,
                    b.pos,
                    b.facing,
                    live[s].virtual if self.held and live[s].pos == b.pos else b.virtual,
                )
                for s, b in enumerate(self.shown.bots)
            ]
        return [(r.seat, r.pos, r.facing, r.virtual) for r in live]

    def acting(self) -> int | None:
        """The robot whose card plays in the picture on screen (a card of a register)."""
        return self.shown.actor if self.shown is not None else None

    def _playback_panel(self, t: Text) -> None:
        """The programs as far as they are revealed, one robot a line (two with more than 4)."""
        if self.held:
            t.append(self.held_text() + "\n", "bold yellow")
        else:
            t.append("Watching the registers ", "bold")
            t.append("(+/- speed)\n", "dim")
        bots = self.shown.bots if self.shown else []
        reg = self.shown.register if self.shown else 0
        last = self.last_register
        if self.shown and not reg and last is not None and (last.turn == self.shown.turn - 1):
            # a new turn's start: its programs are not dealt yet, the last turn's stay
            bots, reg = last.bots, last.register
        # Up to 4 robots: a line each; more: two a line in one-letter cards, so the
        # log below keeps room for the register being played.
        pair = len(bots) > 4
        t.append("Programs", "bold")
        t.append(" (1-3 move, B back, L R U turn)" if pair else ":", "dim" if pair else "bold")
        codes = ONE_LETTER if pair else TINY
        rows = [(s, b) for s, b in enumerate(bots) if b.pos >= 0 or b.lives > 0]
        # a replay (of a finished game) shows whole programs; a live game only the
        # registers played so far
        seen = REGISTERS if getattr(self.session, "replaying", False) else reg
        for n, (s, b) in enumerate(rows):  # robots out of the game have no program
            shown = [
                codes[KIND[b.regs[r]]] if r < seen and b.regs[r] else "?" for r in range(REGISTERS)
            ]
            cards = "dead" if b.pos < 0 else "off" if b.powered else " ".join(shown)
            cell = f"{SEAT_NAMES[s]:<7}" + cards
            t.append(" " if pair and n % 2 else "\n ")
            t.append(f"{cell:<17}" if pair else cell, text_style(s))


def with_card_steps(pictures: list[Picture], lay: Layout) -> list[Frame]:
    """The playback's frames: before each register in which two or more cards play, a
    frame a card (the robots where that card leaves them, its robot marked; the rest of
    the frame is the register's), then a frame for the register's end. The log tells each
    card as its frame shows, and the board elements with the register's end."""
    out: list[Frame] = []
    for picture in pictures:
        whole = ToldRegister(picture)
        for k, step in enumerate(card_steps(picture, lay)):
            bots = [b.clone() for b in picture.bots]
            for b, (pos, facing) in zip(bots, step.spots, strict=True):
                b.pos, b.facing = pos, facing
            out.append(Frame(whole, bots, step=k, actor=step.seat, card=step.card))
        out.append(Frame(whole, picture.bots))
    return out
