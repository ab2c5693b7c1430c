"""Drawing Stak Bots as rich text: stack columns, the hand, prompts. No widgets here."""

from __future__ import annotations

import textwrap

from rich.text import Text

from engines.stak_bots.moves import Move
from engines.stak_bots.state import StakState
from screens.glyphs import Glyphs

SEAT_STYLES = ("bold cyan", "bold magenta", "bold yellow", "bold green")
TARGET_STYLE = "bold black on yellow"
CHOSEN_STYLE = "bold white on red"


def fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(width - 1, 0)] + "~"


def down_label(run: int, width: int) -> str:
    label = f"[{run} face down]"
    return label if len(label) <= width else f"[{run} down]"


def card_power(state: StakState, seat: int, card: int) -> str:
    return state.power_text(seat, card)


def stack_column(
    state: StakState,
    seat: int,
    width: int,
    label: str,
    glyphs: Glyphs,
    marks: dict[int, str],
    text_lines: int = 4,
) -> Text:
    """One stack, top first: the top card in full, then a sidebar per face-up card and
    the number of face-down cards in each run. ``marks`` maps a depth (1 = top) or 0 (the
    whole stack) to a highlight style."""
    out = Text(no_wrap=True, overflow="crop")
    style = SEAT_STYLES[seat % len(SEAT_STYLES)]
    head = fit(label, width)
    if state.active == seat and not state.is_terminal():
        head = fit(f">{label}", width)
    out.append(head.ljust(width), marks.get(0, style))
    out.append("\n")
    stack = state.stacks[seat]
    if state.out[seat] or not stack:
        out.append(fit("(out)" if state.out[seat] else "(empty)", width), "dim")
        out.append("\n")
        return out
    top = stack[-1]
    bot = state.bots[state.kinds[top]]
    top_style = marks.get(1, "bold reverse")
    out.append(fit(f"{bot.name}", width).ljust(width), top_style)
    out.append("\n")
    info = f"power {card_power(state, seat, top)}"
    if state.damage[top]:
        info += f" dmg {state.damage[top]}"
    if top == state.attacker and not state.attack_over:
        info += " atk"
    out.append(fit(info, width) + "\n", "bold")
    wrapped = textwrap.wrap(bot.text, width) or [""]
    if len(wrapped) > text_lines:
        wrapped = wrapped[:text_lines]
        wrapped[-1] = fit(wrapped[-1] + "...", width)
    for line in wrapped:
        out.append(line + "\n", "italic")
    out.append(glyphs.horizontal * width + "\n", "dim")
    run = 0
    for depth in range(2, len(stack) + 1):
        card = stack[-depth]
        if not state.up[card]:
            run += 1
            continue
        if run:
            out.append(fit(down_label(run, width), width) + "\n", "dim")
            run = 0
        b = state.bots[state.kinds[card]]
        power = card_power(state, seat, card)
        name = fit(f"{b.tag}{b.name.removesuffix(' Bot')}", width - len(power) - 1)
        line = f"{name.ljust(width - len(power) - 1)} {power}"
        out.append(line + "\n", marks.get(depth, ""))
    if run:
        out.append(fit(down_label(run, width), width) + "\n", "dim")
    return out


def hand_lines(state: StakState, seat: int, cursor: int, width: int, active: bool) -> Text:
    """The hand with every card's full text; the card under the cursor is highlighted."""
    out = Text()
    hand = state.hands[seat]
    if not hand:
        out.append("(no cards in hand)", "dim")
        return out
    for i, card in enumerate(hand):
        bot = state.bots[state.kinds[card]]
        head = f"{i + 1} {bot.name} ({bot.power_text})"
        style = "reverse bold" if active and i == cursor else "bold"
        out.append(head, style)
        lines = textwrap.wrap(" " * (len(head) + 1) + bot.text, width, subsequent_indent="  ")
        out.append(lines[0][len(head) :] + "\n" if lines else "\n")
        for line in lines[1:3]:
            out.append(fit(line, width) + "\n")
    return out


def option_label(state: StakState, move: Move, names: list[str]) -> str:
    """How a choice's option reads in a prompt."""
    who = f"P{move.seat + 1}"
    if move.kind in ("target", "attack"):
        top = state.top(move.seat)
        return f"{who} {state.name(top)}" if top >= 0 else who
    if move.kind == "reset":
        card = state.stacks[move.seat][-move.depth]
        where = "top" if move.depth == 1 else f"#{move.depth}"
        return f"{who} {where} {state.name(card)}"
    if move.kind == "expel":
        return f"{names[move.seat]} ({len(state.hands[move.seat])} in hand)"
    if move.kind in ("lose", "react"):
        bot = next(b for b in state.bots if b.effect == move.effect)
        return f"{'block with ' if move.kind == 'react' else ''}{bot.name}"
    if move.kind == "take":
        return "let the attack happen"
    return move.kind


def choice_title(state: StakState, names: list[str]) -> str:
    choice = state.choice
    if choice is None:
        return ""
    source = state.name(choice.card)
    return {
        "target": f"{source}: choose a top card",
        "reset": f"{source}: choose a face-up card to reset",
        "expel": f"{source}: choose who scraps a hand card",
        "lose": f"{source}: choose a hand card to scrap",
        "react": f"{source} attacks you: block by playing a card?",
    }[choice.kind]


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
