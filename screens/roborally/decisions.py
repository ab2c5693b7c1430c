"""RoboRally's decisions: the numbered questions asked between programs and during the
registers (facing, re-entry, option cards, fire modes, staying powered down...), in the words
the side panel asks them, and the decisions with one possible answer, made for you.

``DecisionsMixin`` is part of :class:`screens.roborally.screen.RoboRallyScreen`.
"""

from __future__ import annotations

from rich.text import Text

from engines.roborally.cards import OPTIONS
from engines.roborally.state import SEAT_NAMES, RoboRallyView
from screens.roborally.draw import card_label, glyph_set, text_style
from screens.roborally.log import option_name
from screens.roborally.programming import hand_key
from screens.roborally.surface import RoboRallySurface

FIRE_TEXT = {
    "normal": "shoot: damage",
    "pressor": "Pressor Beam: push it 1 away",
    "tractor": "Tractor Beam: pull it 1 closer",
    "radio": "Radio Control: it runs your program",
    "scramble": "Scrambler: replace its next card",
    "howitzer": "Mini Howitzer: push and damage",
}
CHOICE_TEXT = {"N": "North", "E": "East", "S": "South", "W": "West"}


# Decisions made for a human when only one answer is possible, and how the log tells them.
FORCED = {
    "discard": "destroyed: you give up your only option card",
    "unlock": "the repair frees your only locked register",
}


class DecisionsMixin(RoboRallySurface):
    """The decision keys (1-9 or the arrows and Enter pick a choice) and the decision panel."""

    def _forced_choice(self, seat: int, kind: str) -> None:
        """A decision with one possible answer (the only option card to give up, the only
        locked register to free) is made for you, and the log says so."""
        view = self.state.view(seat)
        if self.state.pending_kind(seat) != kind or len(view.choices) != 1:
            return
        choice = view.choices[0]
        what = option_name(choice.value) if kind == "discard" else f"register {choice.value}"
        self.events_log.append((f"({FORCED[kind]}: {what})", "dim"))
        self.play(choice, seat)

    def action_choose(self, n: int) -> None:
        self.action_number(n)

    def action_pick(self) -> None:
        self.action_confirm()

    def _decision_panel(self, t: Text, view: RoboRallyView) -> None:
        """The question of the moment, then its numbered choices (the cursor's reversed)."""
        if view.pending == "face":
            course = view.layout.course
            if course is not None:
                t.append(f"{course.name}", "bold cyan")
                if course.length:
                    t.append(f" ({course.length})", "cyan")
                if course.description:
                    t.append(f": {course.description}", "dim")
                t.append(f"\n{len(view.layout.flags)} flags to touch in order. g legend.\n")
        if self.session.hot_seat:
            t.append(f"{SEAT_NAMES[view.seat]}: ", f"bold {text_style(view.seat)}")
        t.append(self._question(view) + "\n", "bold")
        for n, choice in enumerate(view.choices):
            sel = self.cur == n
            t.append(hand_key(n), "cyan")
            t.append(f" {self._choice_text(view, choice.value)}", "reverse" if sel else "")
            t.append("\n")

    def _question(self, view: RoboRallyView) -> str:
        if view.pending == "fire" and view.fire_target >= 0:
            target = view.robots[view.fire_target]
            where = f" ({view.layout.short_name(target.pos)})" if target.pos >= 0 else ""
            return f"Your laser hits {SEAT_NAMES[view.fire_target]}{where}. Fire how?"
        if view.pending == "sacrifice":
            return f"{view.incoming} damage coming: destroy an option card instead of 1?"
        return {
            "face": "Which way does your robot face?",
            "reenter": "Re-enter: facing, and powered down?",
            "discard": "Give up which option card?",
            "wrench": "Double wrench: repair 2 or an option card?",
            "unlock": "Which locked register to free?",
            "stay": "Stay powered down next turn?",
            "abort": "Hit the Abort Switch?",
            "swap": "Swap in the conditional card?",
            "gyro": "Gyroscopic Stabilizer this turn?",
            "keep": "Flywheel: keep which card?",
            "park": "Conditional Program: park which card?",
            "crab": "Crab Legs: add which card?",
            "dual": "Dual Processor: add which card?",
            "speed": "How far does this card move you?",
            "fire": "Fire how?",
        }.get(view.pending, view.pending)

    def _choice_text(self, view: RoboRallyView, value: str) -> str:
        kind = view.pending
        g = glyph_set(self.glyphs.ascii_only)
        if kind in ("face", "reenter"):
            d = value[:1]
            text = f"{g.robot['NESW'.index(d)]} {CHOICE_TEXT[d]}"
            if kind == "reenter" and "pd" in value:
                text += " powered down"
            return text
        if kind == "discard":
            return OPTIONS.get(value, (value,))[0]
        if kind == "sacrifice":
            return "take the damage" if value == "none" else OPTIONS.get(value, (value,))[0]
        if kind in ("keep", "park") and value.isdigit():
            return card_label(int(value))
        if kind in ("crab", "dual") and "@" in value:
            card, reg = value.split("@")
            return f"{card_label(int(card))} with register {reg}"
        if kind == "fire":
            if value.startswith("destroy "):
                return "destroy its " + OPTIONS.get(value[8:], (value[8:],))[0]
            if value.startswith("lock "):
                return f"lock its register {value[5:]} (Fire Control)"
            return FIRE_TEXT.get(value, value)
        if kind == "speed":
            return f"move {value}"
        if kind == "unlock":
            return f"register {value}"
        if kind == "wrench":
            return "repair 2 damage" if value == "repair" else "take an option card"
        return value
