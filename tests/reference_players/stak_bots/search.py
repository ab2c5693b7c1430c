"""Evaluation and look-ahead for the Stak Bots computer players, on full (sampled) states.

:func:`evaluate` scores a position for one seat; :func:`greedy` picks the action whose
immediate result scores best; :func:`rollout` plays on with :func:`greedy` for every seat
until ``seat`` is to move at the start of its next turn (or the game ends).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engines.stak_bots.moves import Move
from engines.stak_bots.state import StakState

WIN = 10_000.0


@dataclass(frozen=True)
class Weights:
    stack: float = 10.0  # each card in one's stack: a life
    hand: float = 3.5  # each card in hand: an option
    power: float = 1.5  # the top card's power: attack and defence
    face_up: float = 0.4  # each face-up card under the top (leaders, no surprises)
    end_bonus: float = 0.3  # ending the turn when nothing else gains
    last_cards: float = 0.0  # extra worth of each of a stack's last three cards
    initiative: float = 0.0  # the player to act has a top card that beats a rival's top
    win: float = WIN  # a won game; averaged over samples it must not swamp material


DEFAULT = Weights()
# What normal and hard judge by (measured against easy, see bench/RESULTS.md): a win
# counts like 15 cards, so that a rare lucky win in one sample cannot swamp the averages;
# the last three cards of a stack count extra; having the first strike counts.
SEARCH = Weights(last_cards=5.0, initiative=8.0, win=150.0)


def side_value(state: StakState, seat: int, w: Weights) -> float:
    stack = state.stacks[seat]
    if not stack:
        return 0.0
    size = len(stack)
    value = w.stack * size + w.hand * len(state.hands[seat]) + w.last_cards * min(size, 3)
    value += w.power * state.power_at(seat, -1)
    up = state.up
    value += w.face_up * sum(1 for c in stack if up[c])
    return value


def evaluate(state: StakState, seat: int, w: Weights = DEFAULT) -> float:
    """The position's worth for ``seat``: its side minus its opponents' (their mean)."""
    winners = state.winners
    if winners is not None:  # a shared win is worth no more than an even position
        if seat not in winners:
            return -w.win
        return w.win if len(winners) == 1 else 0.0
    if state.out[seat]:
        return -w.win
    mine = side_value(state, seat, w)
    others = [
        side_value(state, s, w) for s in range(state.num_players) if s != seat and not state.out[s]
    ]
    if not others:
        return mine
    value = mine - (sum(others) + max(others)) / (len(others) + 1)
    if w.initiative and state.choice is None:
        value += w.initiative * initiative(state, seat)
    return value


def initiative(state: StakState, seat: int) -> float:
    """+1 if ``seat`` is to act and its top card kills a rival top card and survives;
    -1 if the player to act can do that to ``seat``'s top card; else 0."""
    active = state.active
    stacks = state.stacks
    if not stacks[active] or not stacks[seat]:
        return 0.0
    power = state.power_at(active, -1)
    if active == seat:
        for s in range(state.num_players):
            if s != seat and stacks[s] and state.power_at(s, -1) < power:
                return 1.0
        return 0.0
    return -1.0 if state.power_at(seat, -1) < power else 0.0


def settle_choices(state: StakState, rng: random.Random | None, w: Weights, depth: int) -> None:
    """Answer pending effect choices greedily, so an effect's result can be judged."""
    for _ in range(4):
        choice = state.choice
        if choice is None or state.winners is not None:
            return
        state.play(greedy(state, choice.seat, rng, w, depth))


def sensible(legal: list[Move], seat: int) -> list[Move]:
    """``legal`` less ``seat`` expelling itself: an Expel Bot offers every player, and
    scrapping one's own hand card only ever loses a card."""
    kept = [m for m in legal if m.kind != "expel" or m.seat != seat]
    return kept or legal


def greedy(
    state: StakState,
    seat: int,
    rng: random.Random | None = None,
    w: Weights = DEFAULT,
    depth: int = 0,
) -> Move:
    """The legal action with the best immediate result for ``seat`` (ties: first/random)."""
    legal = sensible(state.legal_actions(), seat)
    if len(legal) == 1:
        return legal[0]
    best: list[Move] = []
    best_value = -1e18
    for move in legal:
        if move.kind == "end":
            value = evaluate(state, seat, w) + w.end_bonus
        else:
            child = state.clone()
            child.play(move)
            if depth < 2:
                settle_choices(child, rng, w, depth + 1)
            value = evaluate(child, seat, w)
        if value > best_value + 1e-9:
            best_value = value
            best = [move]
        elif value > best_value - 1e-9:
            best.append(move)
    if rng is None or len(best) == 1:
        return best[0]
    return rng.choice(best)


def rollout(
    state: StakState,
    seat: int,
    rng: random.Random,
    start_turn: int,
    max_steps: int = 160,
    w: Weights = DEFAULT,
    own_turn_only: bool = False,
    through_next_turn: bool = False,
) -> float:
    """Play on greedily from turn ``start_turn`` and value the result for ``seat``.

    By default play stops when ``seat``'s next turn starts; with ``through_next_turn`` it
    plays that turn too and stops when it ends; with ``own_turn_only`` it stops as soon as
    the turn ``start_turn`` is over.
    """
    steps = 0
    turn = start_turn
    # turns of ``seat`` finished so far (the one in progress at the start counts once over)
    done = 0
    active = seat
    while state.winners is None and steps < max_steps:
        if state.turn != turn:
            if active == seat:
                done += 1
            if own_turn_only:
                break
            turn = state.turn
            if through_next_turn:
                if done >= 2:
                    break
            elif state.active == seat:
                break
        active = state.active
        mover = state.choice.seat if state.choice is not None else state.active
        state.play(greedy(state, mover, rng, w))
        steps += 1
    return evaluate(state, seat, w)
