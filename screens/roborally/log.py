"""RoboRally's register log: what happened in each register, told line by line in the
order the rules play it (the engine's events of a trace picture: each card in priority
order with the pushes it makes, then belts, pushers, gears, crushers, lasers, flags and
archive markers; after the last register the end of the turn: virtual robots becoming real
and repairs; at the start of a turn power downs and re-entries), with seats named and pushes
and belt rides joined, and wrapped to the side panel. :func:`replayed_log` tells the last
turns of a resumed game again."""

from __future__ import annotations

import re

from engines.core import IllegalAction, Resign
from engines.match import Match
from engines.roborally.boardfile import Layout
from engines.roborally.cards import OPTIONS
from engines.roborally.state import SEAT_NAMES, Decide, RoboRallyState
from screens.roborally.draw import card_label, text_style

_BY_SEAT = re.compile(r"\b(hit|pushed|pulled|rammed) by ([0-7])\b")  # "hit by 2": by Green
# "2 plays 830+80 radio 0 speed 4: d7N -> d3E": the card (and a Dual Processor pair), the
# program it is run from under Radio Control, a speed chosen with Brakes/Fourth/Reverse Gear
_PLAYS = re.compile(r"plays (\d+)(?:\+(\d+))?(?: radio ([0-7]))?(?: speed (\d+))?: (.*)")
_SPOT = re.compile(r"^((?:[a-z]+\d+|\d+,\d+))([NESW])$")  # "d7N": a square and a facing
_SQUARES = re.compile(r"[a-z]+\d+|\d+,\d+")  # square names (not "1 on belt:" seats)
_COUNT = re.compile(r"^(.*) \((\d+)\)$")  # "1 rammed by 0 (1)"
_RIDES = (" on belt: ", " on express belt: ")
# "on wrench at e11: 2 left", then " frees 1" if Fire Control locks end with the repair
_REPAIRS = re.compile(r"repairs (\d+) on (.+) at (\S+): (\d+) left(?: frees (\d+))?")
_REENTERS = re.compile(r"re-enters at (\S+) facing ([NESW]) damage (\d+)( virtual)?")
_POWER = re.compile(r"(powers down|stays powered down) \((\d+)\)")  # "(3)": damage cleared
_MOVES = (" plays ", " sidesteps ", " turned by gear: ", " belt blocked") + _RIDES


def _joins(event: str) -> bool:
    """An event a run of which may be joined: pushes, rams and belt rides."""
    return any(w in event for w in (" pushed by ", " pulled by ", " rammed by ", " belt"))


def joined_pushes(events: list[str]) -> list[str]:
    """One event for a robot pushed several squares in one move: ``1 pushed by 0: a1 -> a3``;
    likewise for belt rides (express belts, then all belts: ``1 on belt: a1N -> a3N``) and
    Ramming Gear damage (``1 rammed by 0 (2)``)."""
    out: list[str] = []
    for e in events:
        head, _, path = e.partition(": ")
        count = _COUNT.match(e) if " rammed by " in e else None
        n = len(out) - 1
        while _joins(e) and n >= 0 and _joins(out[n]):  # a run of such events
            last_head, _, last_path = out[n].partition(": ")
            start, _, end = last_path.partition(" -> ")
            if count:
                last = _COUNT.match(out[n])
                if last and last[1] == count[1]:
                    out[n] = f"{count[1]} ({int(last[2]) + int(count[2])})"
                    break
            elif last_head == head and end and path.startswith(end + " -> "):
                if any(w in e for w in _RIDES) and _SQUARES.findall(e) and any(
                    set(_SQUARES.findall(other)) & set(_SQUARES.findall(e))
                    for other in out[n + 1 :]
                ):
                    n = -1  # a ride joined over another robot's ride there would mislead
                    continue
                out[n] = f"{head}: {start} -> {path.partition(' -> ')[2]}"
                break
            n -= 1
        else:
            out.append(e)
    return out


# Events that begin a register's board elements (belts, pushers, gears, crushers, lasers,
# flags): the cards' moves, pushes and falls are all told before them.
_BOARD_PHASE = (" on belt: ", " on express belt: ", " belt blocked", " pushed by pusher",
                " turned by gear", " hit by ", " flag ", " archive ", "destroyed: crushed",
                "destroyed: too much damage")


def card_steps(picture: dict, lay: Layout) -> list[dict]:
    """Where the robots stand after each card of a register (in the order the cards play),
    from the picture's events: ``{"seat", "card", "spots": [(square, facing)]}`` a card.
    For the playback, which marks the robot whose card plays; [] for a register in which
    fewer than two cards play (nothing to tell apart) or a turn's start."""
    start = picture.get("start")
    if not picture.get("register") or not start:
        return []
    names = {lay.short_name(i): i for i in range(lay.width * lay.height)}
    spots = [list(spot) for spot in start]
    steps: list[dict] = []

    def moved(s: int, path: str) -> None:
        end = path.split(" -> ")[-1].removesuffix(" (held in place)")
        spot = _SPOT.match(end)
        square = spot[1] if spot else end
        spots[s][0] = names.get(square, -1)  # a pit or off the board: gone
        if spot and spots[s][0] >= 0:
            spots[s][1] = "NESW".index(spot[2])

    end = picture.get("end", (len(picture["events"]), False))[0]
    for e in picture["events"][:end]:
        if any(mark in e for mark in _BOARD_PHASE):
            break
        who, _, what = e.partition(" ")
        if not (who.isdigit() and int(who) < len(spots)):
            continue
        s = int(who)
        plays = _PLAYS.match(what)
        if plays:
            steps.append({"seat": s, "card": int(plays[1])})
            moved(s, plays[5])
        elif what.startswith(("sidesteps ", "pushed by ", "pulled by ")):
            moved(s, what.partition(": ")[2])
        elif what.startswith("destroyed"):
            spots[s][0] = -1
        else:
            continue
        if steps:
            steps[-1]["spots"] = [tuple(spot) for spot in spots]
    return steps if len(steps) >= 2 else []


def _ride(path: str) -> str:
    """A belt ride's squares, with the facings only when the belt turned the robot."""
    start, _, end = path.partition(" -> ")
    a, b = _SPOT.match(start), _SPOT.match(end)
    if a and b and a[2] == b[2] or a and not b:
        return a[1] + (f" -> {b[1] if b else end}" if end else "")
    return path


def _card_line(name: str, m: re.Match[str]) -> str:
    """``Green Move3: d7N -> d4N`` from a "plays" event."""
    label = card_label(int(m[1])).rpartition(" ")[0]
    if m[2]:
        label += "+" + card_label(int(m[2])).rpartition(" ")[0]
    if m[4]:
        label += f" ({m[4]} square{'s' if m[4] != '1' else ''})"
    if m[3]:
        return f"{name} runs {SEAT_NAMES[int(m[3])]}'s {label}: {m[5]}"
    return f"{name} {label}: {m[5]}"


def _header(picture: dict, before: list, events: list[str]) -> str:
    """``Register 2: Green Move3 830, Blue Move2 770, Red powered down``: the cards in the
    order the robots move, the highest priority first."""
    reg = picture["register"]
    played: dict[int, tuple[int, int]] = {}  # seat -> (card it ran, when)
    for n, e in enumerate(events):
        who, _, what = e.partition(" ")
        m = _PLAYS.match(what)
        if m and who.isdigit():
            played[int(who)] = (int(m[1]), n)
    shown = []
    for s, b in enumerate(picture["bots"]):
        card = b.regs[reg - 1] if b.pos >= 0 or before[s][0] >= 0 else 0
        card, when = played.get(s, (card, len(events) + s))  # a radio-controlled one's card
        if b.powered and b.pos >= 0:  # a destroyed or out robot is not "powered down"
            shown.append((0, when, f"{SEAT_NAMES[s]} powered down"))
        elif card and before[s][0] >= 0:
            shown.append((card, when, f"{SEAT_NAMES[s]} {card_label(card)}"))
    shown.sort(key=lambda t: (-t[0], t[1]))
    return f"Register {reg}: " + ", ".join(t for _, _, t in shown)


def _public(name: str, what: str) -> tuple[str, str] | None:
    """Our words for an archive, end-of-turn or power-down event (``what`` follows the
    seat), or None for the others: ``Blue's archive moves to e11``."""
    if what.startswith("archive "):
        return f"{name}'s archive moves to {what.removeprefix('archive ')}", ""
    if what.startswith("real at "):
        return f"{name} becomes real (alone on {what.removeprefix('real at ')})", ""
    m = _REPAIRS.fullmatch(what)
    if m:
        site = m[2] if m[2].startswith("flag") else f"the {m[2]}"
        left = f"{m[4]} left" if m[4] != "0" else "none left"
        freed = ""
        if m[5]:
            registers = "register" if m[5] == "1" else "registers"
            freed = f"frees {m[5]} {registers} locked by {OPTIONS['fire-control'][0]}"
        if m[1] == "0":  # the repair only ended the locks
            return f"{name} {freed} on {site} at {m[3]}", "green"
        also = f" and {freed}" if freed else ""
        return f"{name} repairs {m[1]} damage on {site} at {m[3]} ({left}){also}", "green"
    if what.startswith("announces power down"):
        why = f" ({OPTIONS['circuit-breaker'][0]})" if "circuit breaker" in what else ""
        return f"{name} announces a power down for next turn{why}", "yellow"
    m = _POWER.fullmatch(what)
    if m:
        cleared = f": all {m[2]} damage repaired" if m[2] != "0" else ""
        how = "remains powered down" if m[1].startswith("stays") else m[1]
        return f"{name} {how}{cleared}", "yellow"
    m = _REENTERS.fullmatch(what)
    if m:
        virtual = " as a virtual robot (the square is shared)" if m[4] else ""
        damage = "no damage" if m[3] == "0" else f"{m[3]} damage"  # Superior Archive: 0
        return f"{name} re-enters at {m[1]} facing {m[2]} with {damage}{virtual}", ""
    if what == "calls off power down":
        return f"{name} calls off the power down it announced", "yellow"
    if what == "powers up":
        return f"{name} powers up again", "yellow"
    return None


def _told(events: list[str], moved: set[int]) -> list[tuple[str, str]]:
    """A line (text, style) for each event in turn; adds to ``moved`` the seats whose
    moves they tell."""
    lines: list[tuple[str, str]] = []
    for e in events:
        who, _, what = e.partition(" ")
        if not (who.isdigit() and int(who) < len(SEAT_NAMES)):
            lines.append((f"  {e}", ""))
            continue
        s = int(who)
        name = SEAT_NAMES[s]
        style = ""
        public = _public(name, what)
        if public:
            lines.append((f"  {public[0]}", public[1] or text_style(s)))
            continue
        if any(w in e for w in _MOVES):
            moved.add(s)
            style = text_style(s)
            head, _, path = what.partition(": ")
            m = _PLAYS.match(what)
            if m:
                text = _card_line(name, m)
            elif head == "belt blocked":
                text = f"{name} on belt: {path} (blocked)"
            elif f" {head}: " in _RIDES:
                text = f"{name} {head}: {_ride(path)}"
            else:
                text = f"{name} {what}"
            if head == "belt blocked" and ("  " + text, style) in lines:
                continue  # an express belt robot blocked again by the other belts
            lines.append(("  " + text, style))
            continue
        if " pushed by " in e or " pulled by " in e:
            moved.add(s)
        what = what.replace("hit by board laser", "hit by a board laser")
        what = _BY_SEAT.sub(
            lambda m: f"{'shot' if m[1] == 'hit' else m[1]} by {SEAT_NAMES[int(m[2])]}", what
        )
        if "destroyed" in what or "shot" in what or "hit" in what or "rammed" in what:
            style = "bold red"
        if what.startswith("flag"):
            style = "bold green"
            what = "touches " + what
        lines.append((f"  {name} {what}", style))
    return lines


def narrate(picture: dict, before: list, lay: Layout) -> list[tuple[str, str]]:
    """Lines (text, style) telling what happened in one register of a trace picture, in the
    order the rules play it: each robot's card in priority order (with the pushes it makes),
    then belts, pushers, gears, crushers, lasers, flags and archive markers (the engine's
    events). After the last register, ``End of turn 4:`` and what the end of the turn did
    (virtual robots becoming real, repairs; the end-of-turn decisions, told by the screen,
    follow it). A turn's start (register 0) first tells the power downs announced at the end
    of the turn before, then ``Turn 5 begins.``, re-entries and power downs."""
    reg = picture["register"]
    raw = picture["events"]
    moved: set[int] = set()  # seats whose moves the events tell
    if reg == 0:
        prior = picture.get("prior", 0)  # the engine marks the end of the turn before
        return (
            _told(joined_pushes(raw[:prior]), moved)
            + [(f"Turn {picture['turn']} begins.", "bold")]
            + _told(joined_pushes(raw[prior:]), moved)
        )
    end, asks = picture.get("end", (len(raw), False))  # where the end of the turn begins
    events = joined_pushes(raw[:end])
    lines = [(_header(picture, before, events), "bold"), *_told(events, moved)]
    for s, b in enumerate(picture["bots"]):  # a move no event told (none is known)
        old_pos, old_f = before[s]
        if s in moved or old_pos < 0 or b.pos < 0:
            continue
        if old_pos != b.pos or old_f != b.facing:
            lines.append(
                (
                    f"  {SEAT_NAMES[s]} {lay.short_name(old_pos)}{'NESW'[old_f]}"
                    f" -> {lay.short_name(b.pos)}{'NESW'[b.facing]}",
                    text_style(s),
                )
            )
    if "end" in picture and (asks or end < len(raw)):  # the decisions are told after it
        lines.append((f"End of turn {picture['turn']}:", "bold"))
        lines.extend(_told(joined_pushes(raw[end:]), moved))
    return lines


def tell(log: list[tuple[str, str]], lines: list[tuple[str, str]]) -> None:
    """Add a picture's narrated ``lines`` to ``log``. An "End of turn" heading that nothing
    came under (the end-of-turn decision it waited for was a re-entry, told as the next turn
    begins) is dropped when that turn begins."""
    if lines and log and log[-1][0].startswith("End of turn ") and \
            lines[0][0].startswith("Turn ") and lines[0][0].endswith(" begins."):
        log.pop()
    log.extend(lines)


def option_name(option: str) -> str:
    """An option card's name as the table reads it: ``Circuit Breaker``."""
    return OPTIONS.get(option, (option,))[0]


def action_note(
    state: RoboRallyState, action: object, seat: int, options: list[str], damage: int
) -> str:
    """A log line for an action just played that the registers do not tell: an end-of-turn
    decision (:func:`decision_note`) or a resignation; "" for the others."""
    if isinstance(action, Resign):
        return f"  {SEAT_NAMES[seat]} resigns: its robot leaves the race"
    if isinstance(action, Decide):
        return decision_note(state, action, seat, options, damage)
    return ""


def decision_note(
    state: RoboRallyState, action: Decide, seat: int, options: list[str], damage: int
) -> str:
    """A log line for an end-of-turn decision just played (option cards are face up: name
    them); ``options`` and ``damage``: the robot's before the decision. A repair on the double
    wrench names its square and the damage left, like the repairs the engine tells. Used
    while playing and when a resumed game's log is told again (:func:`replayed_log`)."""
    who = SEAT_NAMES[seat]
    kind, value = action.kind, action.value
    if kind == "wrench":
        b = state.bots[seat]
        new = [o for o in b.options if o not in options]
        if value == "option" and new:
            return f"  {who} takes an option card: {option_name(new[0])}"
        at = f"the double wrench at {state.layout.short_name(b.pos)}"
        if damage <= b.damage:
            return f"  {who} repairs on {at} (no damage to repair)"
        left = f"{b.damage} left" if b.damage else "none left"
        return f"  {who} repairs {damage - b.damage} damage on {at} ({left})"
    if kind == "discard":
        return f"  {who} gives up {option_name(value)}"
    if kind == "unlock":
        return f"  {who} frees register {value}"
    if kind == "stay":
        return f"  {who} {'stays' if value == 'yes' else 'does not stay'} powered down"
    return ""


def replayed_log(match: Match, turns: int = 2) -> list[tuple[str, str]]:
    """The register log of the last ``turns`` turns of a game (the current one included),
    told again as it was told while they were played: the match's action log is replayed
    from its seed with the register trace on, from the start of the first of those turns.
    For a resumed game, whose earlier log was not saved. The lines end where the game
    stands (a register interrupted by a decision is told once it is over); empty for a
    game not begun or not RoboRally."""
    state = match.state
    if not isinstance(state, RoboRallyState) or not match.log or turns < 1:
        return []
    first = max(1, state.turn - turns + 1)  # the first turn told
    game = match.spec.new_game(match.num_players, match.options, match.seed)
    assert isinstance(game, RoboRallyState)
    lines: list[tuple[str, str]] = []
    before: list[tuple[int, int]] = []
    for entry in match.log:
        action = match.spec.decode_action(entry.text)
        if game.turn < first - 1:  # long before: just play it (no pictures to take)
            game.apply(action, entry.seat)
            continue
        seat = entry.seat
        options, damage = list(game.bots[seat].options), game.bots[seat].damage
        if not before:
            before = [(b.pos, b.facing) for b in game.bots]
        game.trace = []
        try:
            game.apply(action, seat)
        except IllegalAction:  # not this match's log after all: tell what was told so far
            break
        finally:
            pictures, game.trace = game.trace or [], None
        note = action_note(game, action, seat, options, damage)
        if note:  # before the pictures the action made, as the screen tells it
            lines.append((note, text_style(seat)))
        for picture in pictures:
            tell(lines, narrate(picture, picture.get("start") or before, game.layout))
            before = [(b.pos, b.facing) for b in picture["bots"]]
    start = (f"Turn {first} begins.", "bold")
    return lines[lines.index(start):] if start in lines else lines


def retold_log(told: list[tuple[str, str]], match: Match) -> list[tuple[str, str]]:
    """The log after an undo: the lines ``told`` before the turns the undo may have
    changed, then those turns told again from the match's action log (replayed_log), so
    that no line tells a move that was taken back."""
    again = replayed_log(match)
    if not again:
        return told
    heading = again[0]
    before = max((i for i, line in enumerate(told) if line == heading), default=0)
    return told[:before] + again

