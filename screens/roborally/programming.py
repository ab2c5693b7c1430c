"""RoboRally's programming: the hand, the five registers and the keys that fill them, the
power down and Recompile, the half-built program kept in the save, and the preview of where
your robot ends (run by the engine itself, your robot alone on the board).

``ProgrammingMixin`` is part of :class:`screens.roborally.screen.RoboRallyScreen`.
"""

from __future__ import annotations

from rich.text import Text

from engines.roborally.cards import KIND
from engines.roborally.preview import preview_program
from engines.roborally.state import (
    REGISTERS,
    SEAT_NAMES,
    Decide,
    Program,
    RoboRallyView,
)
from screens import ui_state
from screens.roborally.draw import card_label, glyph_set, text_style
from screens.roborally.surface import RoboRallySurface


class ProgrammingMixin(RoboRallySurface):
    """The programming keys (1-9 and 0, Backspace, the arrows, Space, p, c, Enter) and the
    program panel."""

    # -- the half-built program lives in the save's [ui] table ---------------------------
    def _saved_draft(self, seat: int) -> tuple[list[int], bool]:
        """This turn's half-built program from the save: its cards if they are different
        cards of the hand that fit the free registers, its power down if it is true or
        false and the robot may power down (a hand-edited value that does not fit is
        ignored, see screens.ui_state)."""
        entry = ui_state.seat_entry(self.session.saved.ui, "program", seat)
        if entry is None or ui_state.whole(entry.get("turn"), 0, 10**9) != self.state.turn:
            return [], False
        view = self.state.view(seat)
        cards = ui_state.card_list(entry.get("cards", []), view.hand, len(self._free(view)))
        may_power_down = view.program_choices is not None and view.program_choices.pd
        power = ui_state.flag(entry.get("power", False)) is True and may_power_down
        return cards or [], power

    def _keep_draft(self) -> None:
        """Write the half-built program into the save, so closing the terminal keeps it."""
        seat = self.shown_seat
        if seat is None:
            return
        drafts = ui_state.seat_table(self.session.saved.ui, "program")
        if self.chosen or self.power:
            drafts[str(seat)] = {"turn": self.state.turn, "cards": self.chosen, "power": self.power}
        else:
            drafts.pop(str(seat), None)
        if not drafts:
            self.session.saved.ui.pop("program", None)
        self.session.autosave()

    # -- programming keys -----------------------------------------------------------------
    def _free(self, view: RoboRallyView) -> list[int]:
        me = view.robots[view.seat]
        return [r for r in range(REGISTERS) if not me.locked[r]]

    def _program_cards(self, view: RoboRallyView) -> list[int]:
        """The five registers as now chosen (0 = still empty)."""
        me = view.robots[view.seat]
        cards = [view.program[r] if me.locked[r] else 0 for r in range(REGISTERS)]
        for r, card in zip(self._free(view), self.chosen, strict=False):
            cards[r] = card
        return cards

    def _row_len(self) -> int:
        view = self.my_view()
        if view.pending == "program":
            return len(view.hand) if self.zone == "hand" else REGISTERS
        return len(view.choices)

    def action_number(self, n: int) -> None:
        self._release()  # pressed on the held end of a playback: your turn begins with it
        if not self.my_turn():
            return
        self._keys_used()
        view = self.my_view()
        if view.pending != "program":
            if 1 <= n <= len(view.choices):
                self.play(view.choices[n - 1], view.seat)
            return
        if n > len(view.hand):
            self.message = f"You have only {len(view.hand)} cards."
        else:
            self._put(view, view.hand[n - 1])
        self.refresh_all()

    def _put(self, view: RoboRallyView, card: int) -> None:
        if card in self.chosen:
            self.message = f"{card_label(card)} is already in a register."
        elif len(self.chosen) >= len(self._free(view)):
            self.message = "All registers are full: Backspace takes a card back, Enter confirms."
        else:
            self.chosen.append(card)
            self.message = ""
            self._keep_draft()

    def action_take_back(self) -> None:
        self._release()
        self._keys_used()
        if self.my_turn() and self.chosen:
            self.chosen.pop()
            self._keep_draft()
            self.refresh_all()

    # The binding's own action: it replaces DOMNode's generic ``toggle(attribute)``
    # action, which no key of this screen uses.
    def action_toggle(self) -> None:  # type: ignore[override]
        if (
            self.my_turn()
            and self.state.pending_kind(self.my_seat()) == "program"
            and not self._double_tap("Space again puts the card under the cursor in")
        ):
            self._toggle_at_cursor()

    def _toggle_at_cursor(self) -> None:
        view = self.my_view()
        if self.zone == "hand":
            if self.cur < len(view.hand):
                card = view.hand[self.cur]
                if card in self.chosen:
                    self.chosen.remove(card)
                    self._keep_draft()
                else:
                    self._put(view, card)
        else:
            card = self._program_cards(view)[self.cur]
            if card in self.chosen:
                self.chosen.remove(card)
                self._keep_draft()
            elif card:
                self.message = f"Register {self.cur + 1} is locked."
        self.refresh_all()

    def action_cursor(self, dx: int, dy: int) -> None:
        self._release()
        if not self.my_turn():
            return
        self._keys_used()
        view = self.my_view()
        if dy and view.pending == "program":
            self.zone = "regs" if self.zone == "hand" else "hand"
        n = self._row_len()
        self.cur = (self.cur + dx) % n if n else 0
        if dy and view.pending != "program" and n:
            self.cur = (self.cur + dy) % n
        self.refresh_all()

    def action_confirm(self) -> None:
        if not self.my_turn():
            if self.queue:
                self.action_step()
            return
        view = self.my_view()
        again = "Enter again confirms" if view.pending == "program" else "Enter again picks"
        if self._double_tap(again):
            return
        if view.pending != "program":
            if view.choices:
                self.play(view.choices[min(self.cur, len(view.choices) - 1)], view.seat)
            return
        cards = self._program_cards(view)
        if 0 in [cards[r] for r in self._free(view)]:
            missing = len(self._free(view)) - len(self.chosen)
            self.message = f"Fill {missing} more register{'s' * (missing != 1)} first (1-9)."
            self.refresh_all()
            return
        self.play(Program(tuple(cards), self.power), view.seat)

    def action_power_down(self) -> None:
        self._release()
        if not self.my_turn():
            return
        self._keys_used()
        view = self.my_view()
        if view.pending != "program":
            return
        assert view.program_choices is not None
        if not view.program_choices.pd:
            self.message = "Only a damaged robot may announce a power down."
        else:
            self.power = not self.power
            self._keep_draft()
            self.message = (
                "Power down announced: next turn you repair everything but do not move."
                if self.power
                else "Power down cancelled."
            )
        self.refresh_all()

    def action_recompile(self) -> None:
        self._release()
        if not self.my_turn():
            return
        self._keys_used()
        view = self.my_view()
        if view.pending == "program" and view.program_choices is not None:
            extra = Decide("recompile", "")
            if extra in view.program_choices.extras:
                self.chosen = []
                self.play(extra, view.seat)
                return
        self.message = "You cannot recompile now."
        self.refresh_all()

    # -- drawing ------------------------------------------------------------------------------
    def preview(self, view: RoboRallyView) -> tuple[dict[int, tuple[str, str]], str]:
        """Where your robot ends after each filled register, alone on the board."""
        me = view.robots[view.seat]
        if me.pos < 0 or view.pending != "program":
            return {}, ""
        cards = self._program_cards(view)
        kinds = []
        for c in cards:
            if not c:
                break
            kinds.append(KIND[c])
        if not kinds:
            return {}, ""
        path, flags, damage, death = preview_program(self.state, view.seat, cards, len(kinds))
        g = glyph_set(self.glyphs.ascii_only)
        warn = ""
        last = me.pos
        ends: dict[int, list[int]] = {}  # square -> the registers after which you are there
        for r, (p, _f) in enumerate(path):
            if p < 0:
                warn = f"WARNING: your robot is destroyed in register {r + 1}!"
                break
            ends.setdefault(p, []).append(r + 1)
            last = p
        marks = {p: (preview_label(regs), "bold black on green") for p, regs in ends.items()}
        if warn:  # where it dies (else where it was last seen): the register that kills it
            marks[death if death >= 0 else last] = (g.dead + str(len(path)), "bold white on red")
        elif path:
            p, f = path[-1]
            notes = [f"after register {len(path)}: {view.layout.short_name(p)} facing {'NESW'[f]}"]
            if len(ends[p]) > 2:  # its square's mark shows only the last register
                notes[0] += f" (also after {','.join(map(str, ends[p][:-1]))})"
            if damage:
                notes.append(f"{damage} laser damage")
            if flags > me.flags:
                notes.append("touches flag " + str(flags))
            warn = "Preview " + ", ".join(notes)
        # other squares with more registers than their two characters show: named here
        more = [
            f"{view.layout.short_name(p)} after {','.join(map(str, regs))}"
            for p, regs in ends.items()
            if len(regs) > 2 and not (path and p == path[-1][0]) and p != me.pos
        ]
        # the robot's own square: its symbol covers the mark, so the registers are named
        under = ends.get(me.pos, [])
        if path and path[-1][0] == me.pos:
            under = under[:-1]  # the last one is named by "after register N"
        if under:
            more.append(
                f"{view.layout.short_name(me.pos)} (under your robot) after "
                + ",".join(map(str, under))
            )
        if more:
            warn += (", " if warn.startswith("Preview") else " ") + ", ".join(more)
        return marks, warn

    def _program_panel(self, t: Text, view: RoboRallyView, warn: str) -> None:
        """The registers (locked ones grey), the hand (a card in a register struck through,
        grey and showing its register for its number, ``Move2 →3``: a terminal without
        strike-through shows grey only),
        your option cards and the preview line (``warn``)."""
        me = view.robots[view.seat]
        cards = self._program_cards(view)
        t.append("Registers  ", "bold")
        if any(me.locked):  # locked stay locked, power down announced or not
            held = ",".join(str(r + 1) for r in range(REGISTERS) if me.locked[r])
            t.append(f"locked: {held} (grey)", "grey50")
        if self.power:  # a line of its own: both never fit in one
            t.append("\n[power down announced]", "bold yellow")
            t.append(" p cancels", "dim")
        t.append("\n")
        for r in range(REGISTERS):
            sel = self.zone == "regs" and self.cur == r
            label = card_label(cards[r])
            style = "reverse " if sel else ""
            if me.locked[r]:
                style += "grey50"
            elif cards[r]:
                style += "bold"
            t.append(f"{r + 1}:", "dim")
            t.append(f"{label:<10}"[:10], style or None)
            t.append("\n" if r == 2 else " ")
        if self.session.hot_seat:  # whose hand this is, on a shared keyboard
            t.append(f"\n{SEAT_NAMES[view.seat]}'s hand ", f"bold {text_style(view.seat)}")
        else:
            t.append("\nHand ", "bold")
        if getattr(self.session, "replaying", False):  # nothing to pick in a replay
            t.append("\n")
        else:
            keys = "1-9,0" if len(view.hand) >= 10 else f"1-{len(view.hand)}"
            t.append(f"({keys} pick, Enter go)\n", "dim")  # 9 less damage (10: 0)
        into = glyph_set(self.glyphs.ascii_only).into
        for n, card in enumerate(view.hand):
            used = card in self.chosen
            sel = self.zone == "hand" and self.cur == n
            style = "reverse " if sel else ""
            style += "grey42 strike" if used else "bold"
            label = card_label(card)
            if used and card in cards:  # its register instead of its number: not only grey
                label = f"{label.split()[0]} {into}{cards.index(card) + 1}"
            t.append(hand_key(n), "cyan")
            t.append(f" {label:<10}"[:11], style)
            t.append("\n" if n % 3 == 2 else " ")
        if not t.plain.endswith("\n"):
            t.rstrip()
            t.append("\n")
        self._options_line(t, me.options)
        assert view.program_choices is not None
        extras = []
        if view.program_choices.pd and not self.power:  # else the heading says p cancels
            extras.append("p power down")
        if view.program_choices.extras:
            extras.append("c recompile")
        if extras:
            t.append("  ".join(extras) + "\n", "dim")
        t.rstrip()
        if warn:
            t.append("\n" + warn, "bold red" if warn.startswith("WARNING") else "green")


def hand_key(n: int) -> str:
    """The key of the ``n``-th card or choice (0-based): 1-9, then 0 for the tenth."""
    return "0" if n == 9 else str(n + 1) if n < 9 else " "


def preview_label(registers: list[int]) -> str:
    """A preview square's two characters: the registers after which your robot is there
    (``3``, ``35``), or ``+5`` for three or more (the last of them; the preview line under
    the hand names them all)."""
    if len(registers) > 2:
        return f"+{registers[-1]}"
    return "".join(map(str, registers)).ljust(2)
