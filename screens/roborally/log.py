"""RoboRally's register log: what happened in each register, told line by line in the
order the rules play it (the engine's events of a trace picture: each card in priority
order with the pushes it makes, then belts, pushers, gears, crushers, lasers, flags and
archive markers; after the last register the end of the turn: virtual robots becoming real
and repairs; at the start of a turn power downs and re-entries), with seats named and pushes
and belt rides joined, and wrapped to the side panel. :func:`replayed_log` tells the last
turns of a resumed game again. Everything is told from the engine's structured events
(:mod:`engines.roborally.events`), never from its log sentences."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engines.core import IllegalAction, Resign
from engines.match import Match
from engines.roborally.boardfile import Layout
from engines.roborally.cards import OPTIONS
from engines.roborally.events import (
    DIRS,
    ArchiveMoved,
    BecameReal,
    BeltBlocked,
    BeltRide,
    CardPlayed,
    Destroyed,
    Event,
    FlagTouched,
    GearTurned,
    Path,
    PowerDownAnnounced,
    PowerDownCalledOff,
    PoweredDown,
    PoweredUp,
    Rammed,
    ReEntered,
    Repaired,
    Shot,
    Shoved,
    Sidestepped,
    Squares,
)
from engines.roborally.state import SEAT_NAMES, Decide, RoboRallyState
from engines.roborally.trace import Picture
from screens.roborally.draw import card_label, text_style
from screens.roborally.frames import CardStep

_JOINED = (Shoved, Rammed, BeltRide, BeltBlocked)  # a run of these may be joined


def _cells(e: Event) -> set[int]:
    """The squares a push, belt ride or blocked belt names."""
    if isinstance(e, Shoved):
        return e.cells()
    if isinstance(e, BeltRide):
        return e.path.cells()
    if isinstance(e, BeltBlocked):
        return {e.square}
    return set()


def _joined(last: Event, e: Event) -> Event | None:
    """``last`` and ``e`` told as one event (``e`` goes on from where ``last`` ended), or
    None."""
    if isinstance(last, Rammed) and isinstance(e, Rammed):
        if (last.seat, last.by) == (e.seat, e.by):
            return replace(last, damage=last.damage + e.damage)
        return None
    if isinstance(last, Shoved) and isinstance(e, Shoved):
        if (
            (last.seat, last.by, last.pulled) == (e.seat, e.by, e.pulled)
            and not (last.held or last.gone or e.held)
            and e.start == last.end
        ):
            return replace(last, end=e.end, gone=e.gone)
        return None
    if isinstance(last, BeltRide) and isinstance(e, BeltRide):
        a, b = last.path, e.path
        if (
            (last.seat, last.express) == (e.seat, e.express)
            and a.moved
            and not a.gone
            and b.moved
            and (b.start, b.start_facing) == (a.end, a.end_facing)
        ):
            return replace(last, path=replace(a, end=b.end, end_facing=b.end_facing, gone=b.gone))
    return None


def joined_pushes(events: Sequence[Event]) -> list[Event]:
    """One event for a robot pushed several squares in one move: ``1 pushed by 0: a1 -> a3``;
    likewise for belt rides (express belts, then all belts: ``1 on belt: a1N -> a3N``) and
    Ramming Gear damage (``1 rammed by 0 (2)``)."""
    out: list[Event] = []
    for e in events:
        n = len(out) - 1
        joined = False
        while isinstance(e, _JOINED) and n >= 0 and isinstance(out[n], _JOINED):
            both = _joined(out[n], e)
            if both is not None:
                if isinstance(e, BeltRide) and any(
                    _cells(other) & _cells(e) for other in out[n + 1 :]
                ):
                    break  # a ride joined over another robot's ride there would mislead
                out[n] = both
                joined = True
                break
            n -= 1
        if not joined:
            out.append(e)
    return out


def _board_phase(e: Event) -> bool:
    """An event of a register's board elements (belts, pushers, gears, crushers, lasers,
    flags): the cards' moves, pushes and falls are all told before them."""
    if isinstance(e, (BeltRide, BeltBlocked, GearTurned, Shot, FlagTouched, ArchiveMoved)):
        return True
    if isinstance(e, Shoved):
        return e.by < 0  # a board pusher
    return isinstance(e, Destroyed) and e.why == "crushed"


def card_steps(picture: Picture, lay: Layout) -> list[CardStep]:
    """Where the robots stand after each card of a register (in the order the cards play),
    from the picture's events: a :class:`CardStep` a card.
    For the playback, which marks the robot whose card plays; [] for a register in which
    fewer than two cards play (nothing to tell apart) or a turn's start. A robot whose move
    was blocked or that was held in place stays where it stood."""
    start = picture.start
    if not picture.register or not start:
        return []
    spots = [list(spot) for spot in start]
    steps: list[CardStep] = []
    happened = picture.happened
    end = (picture.end or (len(happened), False))[0]
    for e in happened[:end]:
        if _board_phase(e):
            break
        if not 0 <= e.seat < len(spots):
            continue
        spot = spots[e.seat]
        if isinstance(e, CardPlayed):
            steps.append(CardStep(e.seat, e.card))
        if isinstance(e, (CardPlayed, Sidestepped)):
            spot[:] = [-1, spot[1]] if e.path.gone else [e.path.end, e.path.end_facing]
        elif isinstance(e, Shoved):
            spot[0] = -1 if e.gone else e.end
        elif isinstance(e, Destroyed):
            spot[0] = -1
        else:
            continue
        if steps:
            steps[-1].spots = [(pos, facing) for pos, facing in spots]
    return steps if len(steps) >= 2 else []


def squares(lay: Layout) -> Squares:
    """Square names for the log: ``d7``, or "off the board" for -1."""
    return lambda i: lay.short_name(i) if i >= 0 else "off the board"


def _ride(path: Path, square: Squares) -> str:
    """A belt ride's squares, with the facings only when the belt turned the robot."""
    if path.gone:
        return f"{square(path.start)} -> {square(path.end)}"
    if not path.moved:
        return square(path.start)
    if path.start_facing == path.end_facing:
        return f"{square(path.start)} -> {square(path.end)}"
    return path.words(square)


def _card_line(name: str, e: CardPlayed, square: Squares) -> str:
    """``Green Move3: d7N -> d4N`` from a card played."""
    label = card_label(e.card).rpartition(" ")[0]
    if e.pair:
        label += "+" + card_label(e.pair).rpartition(" ")[0]
    if e.speed is not None:
        label += f" ({e.speed} square{'s' if e.speed != 1 else ''})"
    path = e.path.words(square) + (" (blocked)" if e.blocked else "")
    if e.radio >= 0:
        return f"{name} runs {SEAT_NAMES[e.radio]}'s {label}: {path}"
    return f"{name} {label}: {path}"


def _header(picture: Picture, before: list, events: list[Event]) -> str:
    """``Register 2: Green Move3 830, Blue Move2 770, Red powered down``: the cards in the
    order the robots move, the highest priority first."""
    reg = picture.register
    played: dict[int, tuple[int, int]] = {}  # seat -> (card it ran, when)
    for n, e in enumerate(events):
        if isinstance(e, CardPlayed):
            played[e.seat] = (e.card, n)
    shown = []
    for s, b in enumerate(picture.bots):
        card = b.regs[reg - 1] if b.pos >= 0 or before[s][0] >= 0 else 0
        card, when = played.get(s, (card, len(events) + s))  # a radio-controlled one's card
        if b.powered and b.pos >= 0:  # a destroyed or out robot is not "powered down"
            shown.append((0, when, f"{SEAT_NAMES[s]} powered down"))
        elif card and before[s][0] >= 0:
            shown.append((card, when, f"{SEAT_NAMES[s]} {card_label(card)}"))
    shown.sort(key=lambda t: (-t[0], t[1]))
    return f"Register {reg}: " + ", ".join(t for _, _, t in shown)


def _public(name: str, e: Event, square: Squares) -> tuple[str, str] | None:
    """Our words for an archive, end-of-turn or power-down event, or None for the others:
    ``Blue's archive moves to e11``."""
    if isinstance(e, ArchiveMoved):
        return f"{name}'s archive moves to {square(e.square)}", ""
    if isinstance(e, BecameReal):
        return f"{name} becomes real (alone on {square(e.square)})", ""
    if isinstance(e, Repaired):
        site = e.site if e.flag else f"the {e.site}"
        left = f"{e.left} left" if e.left else "none left"
        freed = ""
        if e.freed:
            registers = "register" if e.freed == 1 else "registers"
            freed = f"frees {e.freed} {registers} locked by {OPTIONS['fire-control'][0]}"
        at = square(e.square)
        if not e.amount:  # the repair only ended the locks
            return f"{name} {freed} on {site} at {at}", "green"
        also = f" and {freed}" if freed else ""
        return f"{name} repairs {e.amount} damage on {site} at {at} ({left}){also}", "green"
    if isinstance(e, PowerDownAnnounced):
        why = f" ({OPTIONS['circuit-breaker'][0]})" if e.breaker else ""
        return f"{name} announces a power down for next turn{why}", "yellow"
    if isinstance(e, PoweredDown):
        cleared = f": all {e.cleared} damage repaired" if e.cleared else ""
        how = "remains powered down" if e.stays else "powers down"
        return f"{name} {how}{cleared}", "yellow"
    if isinstance(e, ReEntered):
        virtual = " as a virtual robot (the square is shared)" if e.virtual else ""
        damage = "no damage" if not e.damage else f"{e.damage} damage"  # Superior Archive: 0
        return (
            f"{name} re-enters at {square(e.square)} facing {DIRS[e.facing]} with"
            f" {damage}{virtual}",
            "",
        )
    if isinstance(e, PowerDownCalledOff):
        return f"{name} calls off the power down it announced", "yellow"
    if isinstance(e, PoweredUp):
        return f"{name} powers up again", "yellow"
    return None


def _by(seat: int) -> str:
    """Who pushed, pulled, rammed or shot: a seat's name, or the board's pusher."""
    return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else "pusher"


def _other(e: Event, square: Squares) -> tuple[str, str]:
    """The words (after the robot's name) and style of an event told as it happened:
    pushes, rams, shots, destruction, flags and card replacements."""
    if isinstance(e, Shoved):
        how = "pulled" if e.pulled else "pushed"
        where = (
            f"{square(e.start)} (held in place)"
            if e.held
            else f"{square(e.start)} -> {square(e.end)}"
        )
        return f"{how} by {_by(e.by)}: {where}", ""
    if isinstance(e, Rammed):
        return f"rammed by {_by(e.by)} ({e.damage})", "bold red"
    if isinstance(e, Shot):
        if e.by < 0:
            return f"hit by a board laser ({e.damage})", "bold red"
        mode = f" {e.mode}" if e.mode != "normal" else ""
        return f"shot by {_by(e.by)}{mode}" + (f" ({e.damage})" if e.damage else ""), "bold red"
    if isinstance(e, Destroyed):
        return e.words(square), "bold red"
    if isinstance(e, FlagTouched):
        return "touches " + e.words(square), "bold green"
    return e.words(square), ""


def _told(events: list[Event], moved: set[int], lay: Layout) -> list[tuple[str, str]]:
    """A line (text, style) for each event in turn; adds to ``moved`` the seats whose
    moves they tell."""
    square = squares(lay)
    lines: list[tuple[str, str]] = []
    for e in events:
        s = e.seat
        name = SEAT_NAMES[s]
        public = _public(name, e, square)
        if public:
            lines.append((f"  {public[0]}", public[1] or text_style(s)))
            continue
        if isinstance(e, (CardPlayed, Sidestepped, GearTurned, BeltBlocked, BeltRide)):
            moved.add(s)
            style = text_style(s)
            if isinstance(e, CardPlayed):
                text = _card_line(name, e, square)
            elif isinstance(e, BeltBlocked):
                text = f"{name} on belt: {square(e.square)} (blocked)"
                if ("  " + text, style) in lines:
                    continue  # an express belt robot blocked again by the other belts
            elif isinstance(e, BeltRide):
                ride = "express belt" if e.express else "belt"
                text = f"{name} on {ride}: {_ride(e.path, square)}"
            else:
                text = f"{name} {e.words(square)}"
            lines.append(("  " + text, style))
            continue
        if isinstance(e, Shoved):
            moved.add(s)
        what, style = _other(e, square)
        lines.append((f"  {name} {what}", style))
    return lines


def narrate(picture: Picture, before: list, lay: Layout) -> list[tuple[str, str]]:
    """Lines (text, style) telling what happened in one register of a trace picture, in the
    order the rules play it: each robot's card in priority order (with the pushes it makes),
    then belts, pushers, gears, crushers, lasers, flags and archive markers (the engine's
    events). After the last register, ``End of turn 4:`` and what the end of the turn did
    (virtual robots becoming real, repairs; the end-of-turn decisions, told by the screen,
    follow it). A turn's start (register 0) first tells the power downs announced at the end
    of the turn before, then ``Turn 5 begins.``, re-entries and power downs."""
    reg = picture.register
    raw = picture.happened
    moved: set[int] = set()  # seats whose moves the events tell
    if reg == 0:
        prior = picture.prior  # the engine marks the end of the turn before
        return (
            _told(joined_pushes(raw[:prior]), moved, lay)
            + [(f"Turn {picture.turn} begins.", "bold")]
            + _told(joined_pushes(raw[prior:]), moved, lay)
        )
    end, asks = picture.end or (len(raw), False)  # where the end of the turn begins
    events = joined_pushes(raw[:end])
    lines = [(_header(picture, before, events), "bold"), *_told(events, moved, lay)]
    for s, b in enumerate(picture.bots):  # a move no event told (none is known)
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
    if picture.end is not None and (asks or end < len(raw)):  # the decisions are told after it
        lines.append((f"End of turn {picture.turn}:", "bold"))
        lines.extend(_told(joined_pushes(raw[end:]), moved, lay))
    return lines


def told_by_card(picture: Picture, lay: Layout) -> list[int]:
    """For a register's playback a card at a time: how many of :func:`narrate`'s lines are
    told once each card has played (the heading and, per card, its line and what it did:
    pushes, falls), so that the log tells a card when the board shows it; [] for a turn's
    start."""
    if not picture.register:
        return []
    raw = picture.happened
    end = (picture.end or (len(raw), False))[0]
    events = joined_pushes(raw[:end])
    cards = [i for i, e in enumerate(events) if isinstance(e, CardPlayed)]
    board = next((i for i, e in enumerate(events) if _board_phase(e)), len(events))
    counts = []
    for k, start in enumerate(cards):
        stop = cards[k + 1] if k + 1 < len(cards) else board
        stop = max(start + 1, min(stop, board)) if start < board else start + 1
        counts.append(1 + len(_told(events[:stop], set(), lay)))
    return counts


def tell(log: list[tuple[str, str]], lines: list[tuple[str, str]]) -> None:
    """Add a picture's narrated ``lines`` to ``log``. An "End of turn" heading that nothing
    came under (the end-of-turn decision it waited for was a re-entry, told as the next turn
    begins) is dropped when that turn begins."""
    if (
        lines
        and log
        and log[-1][0].startswith("End of turn ")
        and lines[0][0].startswith("Turn ")
        and lines[0][0].endswith(" begins.")
    ):
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
            tell(lines, narrate(picture, picture.start or before, game.layout))
            before = [(b.pos, b.facing) for b in picture.bots]
    start = (f"Turn {first} begins.", "bold")
    return lines[lines.index(start) :] if start in lines else lines


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
