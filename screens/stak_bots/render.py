"""Drawing Stak Bots as rich text: stack columns, the hand, prompts. No widgets here."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from engines.stak_bots.moves import Move
from engines.stak_bots.state import StakState
from screens.glyphs import Glyphs
from screens.text_fit import ELLIPSIS, clip_wrap, cut_cells, fit, pad_cells, wrap_text

SEAT_STYLES = ("bold cyan", "bold magenta", "bold yellow", "bold green")
TARGET_STYLE = "bold black on yellow"
CHOSEN_STYLE = "bold white on red"


def down_label(run: int, long: bool) -> str:
    """A run of face-down cards in a stack's list: ``[3 face down]``, short ``[3 down]``."""
    return f"[{run} face down]" if long else f"[{run} down]"


def summary_forms(size: int, down: int) -> list[str]:
    """The ways to tell a stack's size and face-down count, longest first."""
    cards = "card" if size == 1 else "cards"
    cds = "card" if size == 1 else "cds"  # never "1 cds"
    return [
        f"{size} {cards}, {down} face down",
        f"{size} {cards}, {down} down",
        f"{size} {cards} {down} down",
        f"{size} {cds}, {down} down",
        f"{size} {cds} {down} down",
        f"{size} ({down} down)",
        f"{size} ({down} dn)",
        f"{size}/{down}dn",
    ]


def under_top(state: StakState, seat: int) -> list[tuple[int, int]]:
    """The cards under a stack's top card, top first: ``(depth, card)`` for a face-up card
    (depth 2 is right under the top), ``(0, n)`` for a run of ``n`` face-down cards, which
    are never named."""
    stack = state.stacks[seat]
    parts: list[tuple[int, int]] = []
    run = 0
    for depth in range(2, len(stack) + 1):
        card = stack[-depth]
        if not state.up[card]:
            run += 1
            continue
        if run:
            parts.append((0, run))
            run = 0
        parts.append((depth, card))
    if run:
        parts.append((0, run))
    return parts


def stack_counts(state: StakState, seat: int) -> tuple[int, int]:
    stack = state.stacks[seat]
    return len(stack), sum(1 for card in stack if not state.up[card])


TWO_DIGITS = 10  # counts are told as if they had two digits (see summary_form)


def summary_form(state: StakState, widths: list[int]) -> int:
    """The longest form of :func:`summary_forms` that fits every stack's column
    (``widths[seat]``), so that all the stacks of a screen tell their counts alike. It is
    chosen for two-digit counts, so that it stays the same all game long (no "9 cds 8
    down" turning into "10 (8 down)" when a stack reaches 10 cards)."""
    last = len(summary_forms(0, 0)) - 1
    sizes = [stack_counts(state, s) for s in range(state.num_players)]
    size = max([TWO_DIGITS, *(n for n, _ in sizes)])
    down = max([TWO_DIGITS, *(d for _, d in sizes)])
    for form in range(last + 1):
        if len(summary_forms(size, down)[form]) <= min(widths):
            return form
    return last


def long_down_labels(widths: list[int]) -> bool:
    """Whether the columns tell face-down runs as ``[N face down]`` (else ``[N down]``):
    when every column fits it with a two-digit count, so that it stays the same all game."""
    return len(down_label(TWO_DIGITS, True)) <= min(widths)


def stack_summary(state: StakState, seat: int, width: int, form: int | None = None) -> str:
    """The stack's size and how many of its cards lie face down: the ``form``-th of
    :func:`summary_forms`, or (None) the longest that fits ``width``."""
    forms = summary_forms(*stack_counts(state, seat))
    if form is not None:
        return forms[min(form, len(forms) - 1)][:width]
    for label in forms:
        if len(label) <= width:
            return label
    return forms[-1][:width]


def fit_label(label: str, width: int, ellipsis: str = ELLIPSIS) -> str:
    """A column's owner in ``width`` columns: ``">P2 Computer 1"``, without a redundant
    ``" (you)"`` when narrow (the name says "You"), then ``"P2 CPU 1"`` for a computer, then
    cut in the middle so that a last short word, the computer's number, stays:
    ``">P2 Compu… 1"``."""
    if cell_len(label) <= width:
        return label
    label = label.removesuffix(" (you)")
    if cell_len(label) <= width:
        return label
    short = label.replace("Computer ", "CPU ")  # "P2 CPU 1" reads better than "P2 Compu… 1"
    if cell_len(short) <= width:
        return short
    head, _, last = label.rpartition(" ")
    room = width - cell_len(last) - 1 - cell_len(ellipsis)  # for the head's start
    if " " in head and cell_len(last) <= 2 and room > cell_len(head[: head.index(" ")]) + 1:
        return cut_cells(head, room).rstrip() + ellipsis + " " + last
    return fit(label, width, ellipsis)


def card_power(state: StakState, seat: int, card: int) -> str:
    return state.power_text(seat, card)


def stack_column(
    state: StakState,
    seat: int,
    width: int,
    label: str,
    glyphs: Glyphs,
    marks: dict[int, str],
    height: int = 0,
    widths: list[int] | None = None,
    detail: bool = False,
) -> Text:
    """One stack, top first: the stack's size and face-down count, the top card, then a
    sidebar per face-up card and the number of face-down cards in each run. ``widths``
    (every column's width, by seat; all ``width`` when None) makes every column tell its
    counts in the same form. The top card's text takes what room ``height`` leaves (4
    lines when 0, i.e. not yet known): when it cannot show in full, the deepest lines of
    the list yield their room to it, unless a prompt marks them, and the last line tells
    what they were (``[8 down]`` if that is one line, else ``[+N cards]``); then the rule
    above the list gives its row too. When even that is not enough, the text ends in an
    ellipsis and the list keeps what leaves the text two lines, so a column drops nothing
    without saying so and leaves no row free under cut text. The size line comes right
    under the owner, so it shows however short the column is. ``marks`` maps a depth (1 =
    top) or 0 (the whole stack) to a highlight style. With ``detail`` (a terminal bigger
    than 80x24) a card under the top is named in full, and when the column's height holds
    every text, each such card's text follows its name."""
    ell = glyphs.ellipsis
    widths = widths or [width] * state.num_players
    out = Text(no_wrap=True, overflow="crop")
    style = SEAT_STYLES[seat % len(SEAT_STYLES)]
    # every owner is fitted to the narrowest column, less a row for the turn mark, so the
    # names are cut alike and keep their form when the turn passes
    name = fit_label(label, min(width, *widths) - 1, ell)
    head = f">{name}" if state.active == seat and not state.is_terminal() else name
    out.append(pad_cells(head, width), marks.get(0, style))
    out.append("\n")
    stack = state.stacks[seat]
    if seat in state.resigns:  # "(resigned)" where the column is narrow
        out.append(
            next(
                (f for f in ("out (resigned)", "(resigned)") if len(f) <= width),
                fit("(resigned)", width, ell),
            ),
            "dim",
        )
        out.append("\n")
        return out
    if state.out[seat] or not stack:
        out.append(fit("(out)" if state.out[seat] else "(empty)", width, ell), "dim")
        out.append("\n")
        return out
    summary = stack_summary(state, seat, width, summary_form(state, widths))
    out.append(fit(summary, width, ell) + "\n", "bold")
    top = stack[-1]
    bot = state.bots[state.kinds[top]]
    top_style = marks.get(1, "bold reverse")
    out.append(pad_cells(fit(bot.name, width, ell), width), top_style)
    out.append("\n")
    power, damage = card_power(state, seat, top), state.damage[top]
    attacking = " atk" if top == state.attacker and not state.attack_over else ""
    info = f"power {power}" + (f" dmg {damage}" if damage else "") + attacking
    if len(info) > width:  # narrow columns (4 players): the short form keeps every number
        info = f"pw{power}" + (f" dm{damage}" if damage else "") + attacking
    out.append(fit(info, width, ell) + "\n", "bold")

    # the cards under the top: sidebars and face-down runs, each (line, style, cards,
    # marked)
    long_runs = long_down_labels(widths)
    below: list[tuple[str, str, int, bool]] = []
    texts: list[tuple[int, list[str]]] = []  # (index in below, its text's lines): detail
    for depth, card in under_top(state, seat):
        if not depth:  # a run of ``card`` face-down cards
            below.append((fit(down_label(card, long_runs), width, ell), "dim", card, False))
            continue
        b = state.bots[state.kinds[card]]
        power = card_power(state, seat, card)
        room = width - cell_len(power) - 1
        full = f"{b.tag}{b.name}"
        name = (
            full
            if detail and cell_len(full) <= room
            else fit(f"{b.tag}{b.name.removesuffix(' Bot')}", room, ell)
        )
        line = f"{pad_cells(name, room)} {power}"
        below.append((line, marks.get(depth, ""), 1, depth in marks))
        if detail:
            texts.append((len(below) - 1, wrap_text(b.text, width - 2)))

    def tail(keep: int) -> list[tuple[str, str]]:
        """The list's first ``keep`` lines, then one line for the rest: itself when it is
        one line (``[8 down]``), else ``[+N cards]`` with the number of its cards."""
        lines = [(line, line_style) for line, line_style, *_ in below[:keep]]
        cut = below[keep:]
        if len(cut) == 1:
            lines.append((cut[0][0], cut[0][1]))
        elif cut:
            more = sum(cards for _, _, cards, _ in cut)
            lines.append((fit(f"[+{more} cards]", width, ell), "dim"))
        return lines

    text = wrap_text(bot.text, width)
    if texts and height > 0:
        lines = sum(len(t) for _, t in texts)
        if 4 + len(text) + 1 + len(below) + lines <= height:  # every text fits: shown
            below = _with_texts(below, texts)
    lowest = max((i + 1 for i, entry in enumerate(below) if entry[3]), default=0)
    # the ways to show the list, longest first: down to one line, never losing a marked card
    choices = [tail(keep) for keep in range(len(below), lowest - 1, -1)]
    shown = choices[0]
    rule = bool(shown)
    if height <= 0:
        room = 4
    else:
        avail = height - 4  # the owner, the size, the top card's name and power
        # the text in full, with as much of the list as fits: the deepest lines make way
        # (counted), and at last the rule above the list gives its row
        whole = next(
            (
                (shown, rule)
                for rule in (True, False)
                for shown in choices
                if len(text) + (1 if shown and rule else 0) + len(shown) <= avail
            ),
            None,
        )
        if whole is not None:
            shown, rule = whole
            room = len(text)
        else:  # the text is cut anyway: the list keeps what leaves it 2 lines at least
            shown = next((c for c in choices if avail - 1 - len(c) >= 2), choices[-1])
            room = avail - (1 if shown else 0) - len(shown)
            if room < 2 and shown:  # very short: the rule gives its row to the text
                rule = False
                room += 1
            room = max(room, 0)
    for line in clip_wrap(bot.text, width, room, ell):
        out.append(line + "\n", "italic")
    if shown and rule:
        out.append(glyphs.horizontal * width + "\n", "dim")
    for line, line_style in shown:
        out.append(line + "\n", line_style)
    return out


def _with_texts(
    below: list[tuple[str, str, int, bool]], texts: list[tuple[int, list[str]]]
) -> list[tuple[str, str, int, bool]]:
    """The list under the top card with each face-up card's text under its name (dim,
    indented two cells)."""
    after = dict(texts)
    out: list[tuple[str, str, int, bool]] = []
    for i, entry in enumerate(below):
        out.append(entry)
        out.extend(("  " + line, "dim italic", 0, False) for line in after.get(i, []))
    return out


def hand_lines(
    state: StakState,
    seat: int,
    cursor: int,
    width: int,
    active: bool,
    max_lines: int = 0,
    ellipsis: str = ELLIPSIS,
    most: int = 3,
) -> Text:
    """The hand with every card's text, up to ``most`` lines a card and fewer when
    ``max_lines`` (0: no limit) is short; cut text ends in an ellipsis (the rules, F1, have
    it in full). The card under the cursor is highlighted."""
    out = Text()
    hand = state.hands[seat]
    if not hand:
        out.append("(no cards in hand)", "dim")
        return out
    per_card = most if max_lines <= 0 else max(1, min(most, max_lines // len(hand)))
    for i, card in enumerate(hand):
        bot = state.bots[state.kinds[card]]
        head = f"{i + 1} {bot.name} ({bot.power_text})"
        style = "reverse bold" if active and i == cursor else "bold"
        out.append(fit(head, width, ellipsis), style)
        lines = clip_wrap(
            bot.text,
            width,
            per_card,
            ellipsis,
            initial_indent=" " * (cell_len(head) + 1),
            subsequent_indent="  ",
        )
        out.append(lines[0][cell_len(head) :] + "\n" if lines else "\n")
        for line in lines[1:]:
            out.append(line + "\n")
    return out


def option_label(state: StakState, move: Move, names: list[str], you: int | None = None) -> str:
    """How a choice's option reads in a prompt: a stack as its owner's short name ("P2
    Fatal Bot"), the one human's (``you``; None in hot-seat games) as "your Trip Bot"."""
    mine = move.seat == you and move.seat >= 0
    who = "your" if mine else f"P{move.seat + 1}"
    if move.kind in ("target", "attack"):
        top = state.top(move.seat)
        return f"{who} {state.name(top)}" if top >= 0 else who
    if move.kind == "reset":
        card = state.stacks[move.seat][-move.depth]
        where = "top" if move.depth == 1 else f"#{move.depth}"
        return f"{who} {where} {state.name(card)}"
    if move.kind == "expel":
        # short: 4 players fit
        return f"{'you' if mine else who} ({len(state.hands[move.seat])} in hand)"
    if move.kind in ("lose", "react"):
        bot = next(b for b in state.bots if b.effect == move.effect)
        return f"{'block with ' if move.kind == 'react' else ''}{bot.name}"
    if move.kind == "take":
        return "let the attack happen"
    return move.kind


def option_rows(
    labels: list[str], first: int, end: int, width: int, ellipsis: str = ELLIPSIS
) -> list[list[int]]:
    """``labels[first:end]`` broken into lines of ``width`` columns between whole labels,
    two spaces apart, as many on a line as fit: the indices of each line's labels. The
    first line leaves room for ``"… "`` when ``first > 0``, the last for ``" …"`` when
    labels follow ``end``; the ellipses themselves are the caller's to draw."""
    rows: list[list[int]] = []
    used = cell_len(ellipsis) + 1 if first > 0 else 0
    for i in range(first, end):
        size = cell_len(labels[i])
        if rows and used + 2 + size <= width:
            rows[-1].append(i)
            used += 2 + size
        else:
            if rows:
                used = 0
            rows.append([i])
            used += size
    if rows and end < len(labels) and used + 1 + cell_len(ellipsis) > width:
        rows.append([])  # the closing ellipsis needs a line of its own: too many lines
    return rows


def option_window(
    labels: list[str], selected: int, width: int, ellipsis: str = ELLIPSIS, lines: int = 1
) -> tuple[int, int]:
    """``(first, end)``: the labels shown on ``lines`` lines of ``width`` columns (see
    :func:`option_rows`), always with the selected one, and as many around it as fit,
    with room for an ellipsis on a cut side."""
    n = len(labels)
    selected = min(max(selected, 0), n - 1)

    def fits(first: int, end: int) -> bool:
        return len(option_rows(labels, first, end, width, ellipsis)) <= lines

    first, end = selected, selected + 1
    while True:
        if end < n and fits(first, end + 1):
            end += 1
        elif first > 0 and fits(first - 1, end):
            first -= 1
        else:
            return first, end


def choice_title(state: StakState, names: list[str], you: int | None = None, width: int = 0) -> str:
    """What a prompt asks and whose card asks it: "P2's Expel Bot: choose a hand card to
    scrap", "Your Begone Bot: choose a top card" (``you``'s own card). Where ``width``
    (0: no limit) cannot hold that, the card's name alone."""
    choice = state.choice
    if choice is None:
        return ""
    name = state.name(choice.card)
    asks = {
        "target": ": choose a top card",
        "reset": ": choose a face-up card to reset",
        "expel": ": choose who scraps a hand card",
        "lose": ": choose a hand card to scrap",
        "react": " attacks you: block by playing a card?",
    }[choice.kind]
    owner = card_owner(state, choice.card)
    forms = [name + asks]
    if owner is not None:
        whose = "Your" if owner == you else f"{short_name(names[owner])}'s"
        forms.insert(0, f"{whose} {name}{asks}")
    return next((form for form in forms if not width or cell_len(form) <= width), forms[-1])


def card_owner(state: StakState, card: int) -> int | None:
    """The seat whose stack holds ``card``, None when no stack does."""
    return next((seat for seat, stack in enumerate(state.stacks) if card in stack), None)


def short_name(label: str) -> str:
    """A player as a prompt names them: "P2" for "P2 Computer", else the whole label."""
    head, _, _ = label.partition(" ")
    return head if head[:1] == "P" and head[1:].isdigit() else label


def marks_for(move: Move | None, options: list[Move]) -> dict[int, dict[int, str]]:
    """Highlights per seat: every legal target, the selected one stronger."""
    marks: dict[int, dict[int, str]] = {}
    for option in options:
        if option.seat < 0:
            continue
        depth = option.depth or (0 if option.kind == "expel" else 1)
        style = CHOSEN_STYLE if option == move else TARGET_STYLE
        marks.setdefault(option.seat, {})[depth] = style
    return marks


STACKS_WIDTH = 72  # the columns of the stacks window (PreviewScreen at 80x24)


def stacks_text(
    state: StakState,
    labels: list[str],
    width: int = STACKS_WIDTH,
    hand_seat: int | None = None,
) -> Text:
    """What ``v`` shows: every player's stack in seat order, public information only. Per
    player: the owner (``labels[seat]``, as the columns name them), out or not, the stack's
    size and face-down count, the number of cards in hand, the top card with its power,
    damage this turn, whether it is the turn's attacker, and its whole text, then the
    other face-up cards, top first, with theirs, and each run of face-down cards as ``[3
    face down]``. Last, ``hand_seat``'s hand (the one on screen; None: none) card by card.
    A face-down card is never named: the state's face-up marks decide, as in the columns."""
    width = max(width, 30)
    out = Text(no_wrap=True, overflow="crop", end="")

    def line(
        text: str,
        style: str = "",
        indent: int = 0,
        more: int = 2,
        head: int = 0,
        head_style: str = "",
    ) -> None:
        """``text`` wrapped, continued ``more`` further in; its first ``head`` characters
        in ``head_style``."""
        parts = wrap_text(
            text,
            width,
            initial_indent=" " * indent,
            subsequent_indent=" " * (indent + more),
            break_on_hyphens=False,
        ) or [""]
        for n, part in enumerate(parts):
            out.append("\n" if out.plain else "")
            if n == 0 and head:
                out.append(part[: indent + head], head_style)
                part = part[indent + head :]
            out.append(part, style)

    def card_line(seat: int, card: int, head: str, indent: int, style: str = "") -> None:
        bot = state.bots[state.kinds[card]]
        damage = state.damage[card]
        info = f"power {card_power(state, seat, card)}" + (f", dmg {damage}" if damage else "")
        if card == state.attacker and not state.attack_over:
            info += ", attacking this turn"
        line(f"{head}{bot.name} ({info})", style, indent)
        line(bot.text, "italic", indent + 2)

    if state.is_terminal():
        when = "The game is over"
    else:
        when = f"Turn {state.turn}, {labels[state.active]} to play"
    line(f"{when}. Draw pile {len(state.draw)}, scrapheap {len(state.heap)}.", "dim")
    for seat in range(state.num_players):
        stack = state.stacks[seat]
        name = labels[seat]
        style = SEAT_STYLES[seat % len(SEAT_STYLES)]
        out.append("\n")
        if state.out[seat]:
            line(f"{name}: out", "dim", head=len(name), head_style=style)
            continue
        size, down = stack_counts(state, seat)
        in_hand = len(state.hands[seat])
        line(
            f"{name}: {size} card{'' if size == 1 else 's'} in the stack, {down} face down; "
            f"{in_hand} card{'' if in_hand == 1 else 's'} in hand",
            "bold",
            head=len(name),
            head_style=style,
        )
        if not stack:
            line("(empty)", "dim", 2)
        elif state.up[stack[-1]]:
            card_line(seat, stack[-1], "Top: ", 2, "bold")
        else:  # never so between moves (a top is turned up), and never named
            line(down_label(1, True), "dim", 2)
        for depth, card in under_top(state, seat):
            if depth:
                card_line(seat, card, f"#{depth} ", 2)
            else:  # a run of ``card`` face-down cards
                line(down_label(card, True), "dim", 2)
    if hand_seat is not None and state.hands[hand_seat]:  # last: it is on screen anyway
        out.append("\n")
        line(f"Your hand, {labels[hand_seat]}:", "bold")
        for i, card in enumerate(state.hands[hand_seat]):
            bot = state.bots[state.kinds[card]]
            line(f"{i + 1} {bot.name} (power {bot.power_text})", "", 2)
            line(bot.text, "italic", 4)
    return out
