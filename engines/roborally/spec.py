"""The RoboRally game description: options, set-up, action text and rules help."""

from __future__ import annotations

import textwrap
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from engines.core import (
    Action,
    GameResult,
    GameSpec,
    GameState,
    IllegalAction,
    OptionError,
    OptionSpec,
    Resign,
    ResignRule,
)
from engines.roborally.boardfile import BoardError, course_ids, load_course, render
from engines.roborally.cards import DECK_SET, KIND, KIND_NAMES, OPTIONS
from engines.roborally.course_lengths import course_label
from engines.roborally.course_store import course_texts, restore_course
from engines.roborally.programs import RoboRallyDrafts
from engines.roborally.state import SEAT_NAMES, Decide, Program, RoboRallyState

DECISION_KINDS = (
    "face",
    "reenter",
    "discard",
    "wrench",
    "unlock",
    "stay",
    "abort",
    "swap",
    "gyro",
    "keep",
    "park",
    "crab",
    "dual",
    "speed",
    "fire",
    "recompile",
    "sacrifice",
)
DEFAULT_COURSE = "pit-stop"  # a 4-robot race of about 12 turns (course_lengths.py)

RULES_WIDTH = 70  # the rules dialog shows 70 columns at 80x24 without wrapping them again
RULES = """\
ROBORALLY  (Richard Garfield's robot race, 1994 rules; the boards and
courses are our own)

Race your robot across the factory floor and touch the flags in order.
The first robot to end a register on the last flag, having touched all
the others in order, wins.

EACH TURN
 1. Everyone is dealt 9 program cards, minus 1 for each damage point.
    Program your 5 registers at the same time as everybody else. With
    5 or more damage registers lock from register 5 downwards: a
    locked register keeps last turn's card. You may announce a power
    down for the next turn (only when damaged).
 2. The five registers, one after another:
    - every robot reveals its card; robots move in priority order
      (high first). Moving robots push other robots, whole rows of
      them; walls stop the whole row. Back Up pushes too; turning
      never pushes.
    - express belts move 1, then all belts move 1. Belts never push: a
      belt move into a robot that stays, or two belts into one square,
      does not happen. A curved belt turns only a robot that a belt
      carries onto it.
    - pushers push (on the registers printed on them), then gears turn
      robots 90 degrees, then crushers crush (on their registers).
    - board lasers and robot lasers fire together. A beam hits the
      first robot in its way (1 damage per beam); walls stop it.
    - a robot that ends the register on its next flag touches it.
      Flags and wrenches become your archive: you re-enter there.
 3. End of the turn: wrenches repair 1, double wrenches 2 (or give an
    option card instead), flags repair 1. Powered-down robots may stay
    down.

PITS AND EDGES destroy a robot at once, and so do 10 damage and
crushers. You have 3 lives (4 with more than 4 players). A destroyed
robot re-enters at the start of the next turn on its archive with 2
damage, facing where you choose, and gives up one option card. It may
re-enter powered down.

VIRTUAL ROBOTS: all robots start on one square as virtual robots
(option start = shared) and a robot that re-enters on an occupied
square is virtual. Virtual robots obey the board but cannot push, be
pushed, shoot or be shot. A virtual robot becomes real at the end of a
turn when it is alone.

POWER DOWN: a powered-down robot gets no cards and does not move by
itself or shoot, but belts, pushers, lasers and other robots still act
on it. At the start of a powered-down turn all its damage is repaired.

OPTION CARDS (26, taken on double wrenches instead of the repair) are
face up: everybody may see them. You are asked when one of them gives
you a choice. They are listed at the end.

OPTIONS FOR DAMAGE: a robot about to take damage may destroy one of
its option cards instead of 1 point, one card per point. When damage
reaches your robot (after Ablative Coat and Power-Down Shield) you are
asked which option to give up, or none to take the rest. A register's
laser hits count as one event, and so do the Ramming Gear hits of one
card (dealt when that card has finished). Recompile's point cannot be
avoided this way; Fire Control's lock or option loss is not damage.

GAME END: the first robot on the last flag wins. If nobody gets there
within the turn limit (option max_turns, 60 by default) the robots are
ranked by flags touched, then by robots still in the game, then by
squares (across plus down) to their next flag; the best ones share the
win.

BOARDS AND COURSES are text files you can edit or write yourself:
docs/boards.md describes their format, and 'robotui board show ID'
draws a board or course with a legend ('robotui board check FILE'
checks your own).
"""


_OTHER_OPTIONS = (
    OptionSpec(
        "start",
        "shared",
        ("shared", "docks"),
        "shared: every robot starts virtual "
        "on start square 1 (1994 rules); docks: one start square each",
        label="Start",
        choice_labels=("Shared (virtual)", "Own start squares"),
    ),
    OptionSpec(
        "options_cards",
        "on",
        ("on", "off"),
        "option cards on double wrenches",
        label="Option cards",
        choice_labels=("On", "Off"),
    ),
    OptionSpec(
        "max_turns",
        60,
        None,
        "turn limit; then flags and distance rank the robots",
        label="Turn limit",
        presets=(10, 20, 30, 40, 60, 90, 120),
    ),
)


def _course_option() -> OptionSpec:
    ids, labels = [], []
    for cid in course_ids():
        try:
            course = load_course(cid).course
        except BoardError:
            continue
        ids.append(cid)
        name = course.name if course is not None else cid
        labels.append(course_label(cid, name, course.length if course is not None else ""))
    if DEFAULT_COURSE not in ids:
        ids.insert(0, DEFAULT_COURSE)
        labels.insert(0, DEFAULT_COURSE)
    return OptionSpec(
        "course",
        DEFAULT_COURSE,
        tuple(ids),
        "course id (bundled or in the user data folder roborally/courses) or a course file path",
        label="Course",
        choice_labels=tuple(labels),
        kind="text",
    )


class RoboRallySpec(GameSpec):
    id = "roborally"
    name = "RoboRally"
    blurb = "Program five moves ahead and race over factory floors."
    min_players = 2
    max_players = 8
    resign_rule = ResignRule.SEAT_OUT
    table_timer = True
    score_unit = ("flag", "flags")
    program_drafts = RoboRallyDrafts()
    # the course drawn as the board screen draws it: named here, imported by the front end
    preview_drawing = "screens.roborally.draw:options_preview"
    replay_step = ("register", "registers")

    @property
    def options(self) -> tuple[OptionSpec, ...]:  # type: ignore[override]
        """The course option lists the bundled and user courses (for the new-game dialog);
        any other course id or a course file path is still accepted."""
        return (_course_option(), *_OTHER_OPTIONS)

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        given = dict(options or {})
        course = given.pop("course", DEFAULT_COURSE)
        out = super().normalize_options(given)
        if not isinstance(course, str):
            raise OptionError(f"option course must be text, not {course!r}")
        if not course.strip():
            raise OptionError(f"option course is empty; valid courses: {', '.join(course_ids())}")
        out["course"] = course
        if not 1 <= out["max_turns"] <= 1000:
            raise OptionError(f"option max_turns must be 1 to 1000, not {out['max_turns']}")
        try:
            load_course(out["course"])
        except BoardError as exc:
            raise OptionError(f"option course: {exc}") from None
        return out

    def new_game(self, num_players: int, options: Mapping[str, Any], seed: int) -> RoboRallyState:
        self.check_players(num_players)
        opts = self.normalize_options(options)
        layout = load_course(opts["course"])
        if len(layout.starts) < num_players:
            raise OptionError(
                f"course {opts['course']} has start squares for "
                f"{len(layout.starts)} robots, not {num_players}"
            )
        return RoboRallyState(
            layout,
            num_players,
            seed,
            start=opts["start"],
            options_cards=opts["options_cards"] == "on",
            max_turns=opts["max_turns"],
        )

    def encode_action(self, action: Action) -> str:
        if resign := self.encode_resign(action):
            return resign
        if isinstance(action, Program):
            return str(action)
        if isinstance(action, Decide):
            return str(action)
        raise IllegalAction(f"{action!r} is not a RoboRally action")

    def decode_action(self, text: str) -> Action:
        text = str(text).strip()
        if resign := self.decode_resign(text):
            return resign
        if text.startswith("p "):
            body, _, flag = text[2:].partition(";")
            if flag not in ("", "pd"):
                raise IllegalAction(f"{text!r}: only ';pd' may follow a program")
            parts = body.split(",")
            if len(parts) != 5 or not all(
                p.strip().isdigit() and p.strip().isascii() for p in parts
            ):
                raise IllegalAction(f"{text!r} is not a program like 'p 330,490,670,80,10'")
            cards = tuple(int(p) for p in parts)
            bad = [c for c in cards if c not in DECK_SET and c != 0]
            if bad:
                raise IllegalAction(
                    f"{bad[0]} is not a program card priority (0 = an empty locked register)"
                )
            return Program(cards, flag == "pd")
        kind, _, value = text.partition(" ")
        if kind not in DECISION_KINDS:
            raise IllegalAction(
                f"{text!r} is not a RoboRally action (a program 'p ...' or a "
                f"decision: {', '.join(DECISION_KINDS)})"
            )
        return Decide(kind, value.strip())

    def replay_mark(self, state: GameState) -> Hashable:
        assert isinstance(state, RoboRallyState)
        # the programming of a turn is one step, then each register played
        return (state.turn, str(state.phase), state.reg)

    def describe_action(self, action: Action, seat: int) -> str:
        who = SEAT_NAMES[seat]
        if isinstance(action, Resign):
            return f"{who} resigned"
        if isinstance(action, Program):
            return f"{who} programmed" + (
                " and announced a power down" if action.power_down else ""
            )
        assert isinstance(action, Decide)
        k, v = action.kind, action.value
        text = {
            "face": f"{who} faces {v}",
            "reenter": f"{who} re-enters facing {v[:1]}" + (" powered down" if "pd" in v else ""),
            "discard": f"{who} gave up {OPTIONS.get(v, (v,))[0]}",
            "wrench": f"{who} took an option card" if v == "option" else f"{who} repaired 2",
            "unlock": f"{who} unlocked register {v}",
            "stay": f"{who} {'stays' if v == 'yes' else 'does not stay'} powered down",
            "abort": f"{who} {'hit' if v == 'yes' else 'kept off'} the Abort Switch",
            "swap": f"{who} {'swapped in' if v == 'yes' else 'kept'} the conditional card",
            "gyro": f"{who} switched the gyroscope {v}",
            "keep": f"{who} kept {'no card' if v == 'none' else 'a card'} on the Flywheel",
            "park": f"{who} parked {'no card' if v == 'none' else 'a card'} as conditional",
            "crab": f"{who} {'added no' if v == 'none' else 'added a'} crab-legs card",
            "dual": f"{who} {'added no' if v == 'none' else 'added a'} second card",
            "speed": f"{who} moves {v}",
            "fire": f"{who} fires: {v}",
            "recompile": f"{who} recompiled",
            "sacrifice": f"{who} takes the damage"
            if v == "none"
            else f"{who} gave up {OPTIONS.get(v, (v,))[0]} instead of 1 damage",
        }[k]
        return text

    def seat_names(self, num_players: int) -> list[str]:
        return list(SEAT_NAMES[:num_players])

    def result_headline(self, result: GameResult, names: Sequence[str]) -> str:
        """``Anna won: first to the last flag (turn 9)``, ``Anna won on flags and distance
        (2 flags, turn 60)``, ``Anna and Bob shared the win on flags and distance (2 flags
        each, turn 60)``, ``Cid won: Anna and Bob resigned`` (every other robot resigned)."""
        winners = result.winners
        if not winners:
            return self.headline(result, names)
        flags = result.details.get("flags", [])
        turns = result.details.get("turns", 0)
        total = result.details.get("total_flags", 0)
        got = flags[winners[0]] if flags else 0
        if result.details.get("by_resign"):
            return self.headline(result, names)
        if total and got == total:
            if len(winners) == 1:
                return self.headline(result, names, f": first to the last flag (turn {turns})")
            return self.headline(result, names, f": at the last flag together (turn {turns})")
        each = f"{got} flag{'s' if got != 1 else ''}" + (" each" if len(winners) > 1 else "")
        return self.headline(result, names, f" on flags and distance ({each}, turn {turns})")

    def rules_text(self) -> str:
        lines = ["", "THE OPTION CARDS (our wording)"]
        for name, what in sorted(OPTIONS.values()):
            lines.extend(
                textwrap.wrap(
                    f"{name}: {what}.",
                    RULES_WIDTH,
                    initial_indent=" - ",
                    subsequent_indent="   ",
                    break_on_hyphens=False,
                )
            )
        return RULES + "\n".join(lines) + "\n"

    def player_levels(self) -> Mapping[str, type]:
        from engines.roborally.players import LEVELS

        return LEVELS

    def courses(self) -> list[str]:
        return course_ids()

    def resources(self, options: Mapping[str, Any]) -> dict[str, str]:
        return course_texts(str(options.get("course", DEFAULT_COURSE)))

    def with_resources(
        self, options: Mapping[str, Any], resources: Mapping[str, str]
    ) -> dict[str, Any]:
        course = str(options.get("course", DEFAULT_COURSE))
        try:
            return {**options, "course": restore_course(course, resources)}
        except BoardError as exc:
            raise OptionError(f"the saved copy of course {course}: {exc}") from None

    def preview_text(self, options: Mapping[str, Any], ascii_only: bool = False) -> str | None:
        """The chosen course drawn as text, for the new-game dialog."""
        try:
            layout = load_course(str(options.get("course", DEFAULT_COURSE)))
        except BoardError as exc:
            return f"This course cannot be loaded: {exc}"
        text = f"{layout.name}\n" + render(layout)
        return text.encode("ascii", "replace").decode("ascii") if ascii_only else text


def card_name(card: int) -> str:
    return f"{KIND_NAMES[KIND[card]]} {card}"


ROBORALLY = RoboRallySpec()
