"""How Stak Bots' ``hard`` judges positions and plays its look-ahead (on sampled states).

Today's search (:mod:`.search`) scored every won line alike, so with 9 cards against 1 all
lines "won" and ties went to the first legal action: ``scrap`` comes before ``end``, so the
old ``hard`` scrapped its own stack card by card (and returned its own top cards with
Begone) until the turn's action limit. Here:

* a won game is worth more the sooner it comes (and a lost one less the sooner), so the
  direct win beats a detour through one's own cards;
* cards kept count: each stack card, each hand card (an option, and the card a turn must
  give to the scrapheap instead of a stack card), and the last cards of a stack extra;
* between actions judged alike, ending the turn comes first and self-harm last
  (:func:`self_harm`: scrapping or recycling one's own top card, or aiming Begone, Reaper
  or Shot at it).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from engines.stak_bots.moves import Move
from engines.stak_bots.search import (
    PLAIN,
    finish_turn,
    greedy,
    initiative,
    sensible,
    side_value,
)
from engines.stak_bots.search import Weights as SideWeights
from engines.stak_bots.state import StakState

HARMFUL_TARGETS = ("begone", "reaper", "shot")


@dataclass(frozen=True)
class HardWeights:
    """Hard's evaluation: a side's material (see :class:`.search.Weights`), who strikes
    first, and wins worth more the sooner they come."""

    side: SideWeights = SideWeights(stack=10.0, hand=6.0, power=1.5, face_up=0.4, last_cards=5.0)
    initiative: float = 8.0
    strike: float = 0.0  # per card the player to act would win by attacking now (see strike)
    guard: float = 0.0  # per card each side would win attacking the other's top, turn aside
    win: float = 150.0  # about 15 stack cards: averaged over samples it must not swamp material
    speed: float = 0.05  # per action sooner: a win now beats the same win after a detour
    end_bonus: float = 0.3  # in the look-ahead: ending beats an action that gains nothing
    harm_margin: float = 0.5  # a self-harming action must beat ending by this much (a sample)
    learned: bool = True  # 2 players: judge by LEARNED (a win chance) rather than material


HARD = HardWeights()


def self_harm(state: StakState, seat: int, move: Move) -> bool:
    """Whether ``move`` by ``seat`` takes a card off its own stack: scrapping or recycling
    its top card, or Begone, Reaper or Shot aimed at its own top card."""
    if move.kind in ("scrap", "recycle"):
        return state.choice is None and state.active == seat
    choice = state.choice
    return (
        move.kind == "target"
        and move.seat == seat
        and choice is not None
        and choice.seat == seat
        and choice.effect in HARMFUL_TARGETS
    )


def evaluate(state: StakState, seat: int, w: HardWeights = HARD, steps: int = 0) -> float:
    """The position's worth for ``seat`` (2 or more players), ``steps`` actions from now."""
    winners = state.winners
    if winners is not None or state.out[seat]:
        late = w.speed * steps
        if winners is None or seat not in winners:
            return -w.win + late  # a later loss is less bad
        return w.win - late if len(winners) == 1 else -late
    if w.learned and state.num_players - sum(state.out) == 2:
        if not state.stacks[seat] or not all(state.stacks[s] for s in state.alive()):
            # a stack emptied while an effect still waits for a choice: as good as over
            late = w.speed * steps
            return -w.win + late if not state.stacks[seat] else w.win - late
        chance = win_chance(state)
        return w.win * (2 * chance - 1) * (1 if state.active == seat else -1)
    sw = w.side
    mine = side_value(state, seat, sw)
    others = [
        side_value(state, s, sw) for s in range(state.num_players) if s != seat and not state.out[s]
    ]
    if not others:
        return mine
    value = mine - (sum(others) + max(others)) / (len(others) + 1)
    if state.choice is None:
        if w.initiative:
            value += w.initiative * initiative(state, seat)
        if w.strike:
            gain = strike(state)
            value += w.strike * (gain if state.active == seat else -gain)
        if w.guard and len(others) == 1:
            rival = next(s for s in range(state.num_players) if s != seat and not state.out[s])
            value += w.guard * (
                max(0.0, exchange(state, seat, rival)) - max(0.0, exchange(state, rival, seat))
            )
    return value


def exchange(state: StakState, seat: int, target: int) -> float:
    """Cards ``target`` loses less cards ``seat`` loses if ``seat``'s top card attacks
    ``target``'s now (a Stomp Bot again while it stands), the damage as it stands."""
    effects, powers = state.effects, state.powers
    mine, theirs = state.stacks[seat], state.stacks[target]
    a = mine[-1]
    effect_a = effects[a]
    pa = state.power_at(seat, -1)
    hurt_a = state.damage[a]
    top = len(theirs) - 1
    hurt_d = state.damage[theirs[top]]
    lost = gained = 0
    for _ in range(len(theirs)):
        d = theirs[top]
        effect_d = effects[d]
        pd = powers[d] if effect_d != "leader" else _run(state, theirs, top)
        hurt_a += pd
        if effect_d in ("bash", "spike") and len(mine) - lost > 1:
            lost += 1  # its hit scraps a card of ours besides
        dies_d = hurt_d + pa >= pd or effect_a == "fatal"
        if dies_d:
            gained += 1
            top -= 1
        if effect_a in ("bash", "spike") and top >= 0:
            gained += 1
            top -= 1
        if hurt_a >= pa or effect_d == "fatal":
            lost += 1
            break
        if not dies_d or effect_a != "stomp" or top < 0:
            break
        hurt_d = 0
    return float(gained - lost)


def _run(state: StakState, stack: list[int], top: int) -> int:
    """A Leader Bot's power at ``stack[top]`` as the top card: its face-up run."""
    up = state.up
    count = 0
    while top >= 0 and up[stack[top]]:
        count += 1
        top -= 1
    return max(count, 1)


def strike(state: StakState) -> float:
    """What the player to act wins at best by attacking one rival now (0 if nothing)."""
    active = state.active
    if (
        not state.stacks[active]
        or state.attack_over
        or state.attacker not in (-1, state.stacks[active][-1])
    ):
        return 0.0
    best = 0.0
    for s in range(state.num_players):
        if s != active and not state.out[s] and state.stacks[s]:
            best = max(best, exchange(state, active, s))
    return best


def settle(state: StakState, rng: random.Random | None, w: HardWeights, depth: int) -> None:
    """Answer pending effect choices by :func:`policy`, so an effect is judged by its result."""
    for _ in range(4):
        choice = state.choice
        if choice is None or state.winners is not None:
            return
        state.play(policy(state, choice.seat, rng, w, depth))


def policy(
    state: StakState,
    seat: int,
    rng: random.Random | None = None,
    w: HardWeights = HARD,
    depth: int = 0,
    keep: bool = False,
) -> Move:
    """The action with the best immediate result for ``seat``; among equals ending first,
    self-harm last, then the first (or a random one with ``rng``). With ``keep``, once the
    turn may end no action takes a card off ``seat``'s own stack (see :func:`playout`)."""
    legal = sensible(state.legal_actions(), seat)
    if keep and state.scrapped:
        legal = [m for m in legal if not self_harm(state, seat, m)] or legal
    if len(legal) == 1:
        return legal[0]
    best: list[Move] = []
    best_value = -1e18
    for move in legal:
        child = state.clone()
        child.play(move)  # ending too: the first strike passes to the rival
        if move.kind == "end":
            value = evaluate(child, seat, w, 1) + w.end_bonus
        else:
            if depth < 2:
                settle(child, rng, w, depth + 1)
            value = evaluate(child, seat, w, 1)
            if self_harm(state, seat, move):
                value -= w.end_bonus
        if value > best_value + 1e-9:
            best_value = value
            best = [move]
        elif value > best_value - 1e-9:
            best.append(move)
    if len(best) > 1:
        ends = [m for m in best if m.kind == "end"]
        if ends:
            return ends[0]
    if rng is None or len(best) == 1:
        return best[0]
    return rng.choice(best)


def playout(
    state: StakState,
    seat: int,
    rng: random.Random,
    start_turn: int,
    w: HardWeights = HARD,
    max_steps: int = 160,
    reply_steps: int = 0,
    reply: Callable[[StakState, int], Move] | None = None,
    own: Callable[[StakState, int], Move] | None = None,
) -> float:
    """Finish the turn ``start_turn`` by ``own``, by default :func:`policy` that keeps its
    own stack once the turn may end; with ``reply_steps`` and two players left, play the
    next turn too (at most that many actions) by ``reply``, by default the greedy policy
    that counts stack cards (:data:`.search.PLAIN`, the rival's expected answer); value the
    result for ``seat``. Without ``reply_steps`` the reply is left to the evaluation. (The
    benches pass other policies to compare.)

    Why the playout keeps its stack: :func:`policy` judges an action by its result on the
    sample, so a scrap is judged knowing the face-down card it turns up. A playout free to
    scrap digs on exactly while the sample has a good card below, a foresight the player
    never has, and a scrap at the root looked far better than it is (a hard player at 9
    cards against 6 scrapped itself down to 2 in its first turn; keeping the stack wins
    more games in half the time: figures in bench/RESULTS.md)."""
    mine = own or (lambda s, mover: policy(s, mover, rng, w, keep=True))
    steps = finish_turn(state, start_turn, mine, max_steps)
    answer = state.turn != start_turn and state.winners is None and len(state.alive()) == 2
    if reply_steps and answer:
        rival = reply or (lambda s, mover: greedy(s, mover, rng, PLAIN, 2))
        steps += finish_turn(state, state.turn, rival, reply_steps)
    return evaluate(state, seat, w, steps)


FEATURES = (
    "stack",
    "rival_stack",
    "low",
    "rival_low",
    "hand",
    "rival_hand",
    "power",
    "rival_power",
    "strike",
    "threat",
    "face_up",
    "rival_face_up",
    "fatal",
    "rival_fatal",
    "stomp",
    "rival_stomp",
    "bash",
    "rival_bash",
    "spike",
    "rival_spike",
)


def features(state: StakState) -> list[float]:
    """The position seen from the player to act against its one rival (2 players): what
    :data:`LEARNED` weighs (a logistic fit on greedy self-play: see bench/RESULTS.md)."""
    a = state.active
    r = next(s for s in range(state.num_players) if s != a and not state.out[s])
    stacks, up, effects = state.stacks, state.up, state.effects
    mine, theirs = stacks[a], stacks[r]
    top_a, top_r = effects[mine[-1]], effects[theirs[-1]]
    return [
        len(mine),
        len(theirs),
        max(0, 3 - len(mine)),
        max(0, 3 - len(theirs)),
        len(state.hands[a]),
        len(state.hands[r]),
        state.power_at(a, -1),
        state.power_at(r, -1),
        strike(state),
        exchange(state, r, a),
        sum(1 for c in mine if up[c]),
        sum(1 for c in theirs if up[c]),
        top_a == "fatal",
        top_r == "fatal",
        top_a == "stomp",
        top_r == "stomp",
        top_a == "bash",
        top_r == "bash",
        top_a == "spike",
        top_r == "spike",
    ]


# A logistic fit on 56,845 turn-start positions of greedy self-play (held-out accuracy
# 0.733, log loss 0.523; the fit and its command: bench/RESULTS.md).
LEARNED_INTERCEPT = -0.143
LEARNED = (
    0.492,
    -0.519,
    -0.464,
    0.876,
    0.504,
    -0.404,
    0.105,
    -0.128,
    0.169,
    -0.192,
    -0.068,
    0.103,
    0.176,
    -0.301,
    -0.127,
    -0.054,
    0.217,
    -0.331,
    0.224,
    -0.289,
)


def win_chance(state: StakState) -> float:
    """The chance that the player to act wins (2 players), by the fitted weights."""
    x = LEARNED_INTERCEPT + sum(w * f for w, f in zip(LEARNED, features(state), strict=True))
    return 1 / (1 + math.exp(-x))
