"""Stak Bots: ``hard``'s look-ahead, shorter and deeper, honest or seeing hidden cards
(issue 19: what the search gains from looking further). Bench only: these are not players.

    python bench/stak_bots_lookahead.py --players bench.stak_bots_lookahead:Own,easy \
        --games 400 --seed 1 --iterations 8 [--see all|hands]

Every option but ``--see`` is bench/stak_bots_ab.py's (the same games and seeds). ``--see
all`` hands every hard-based player the true game in place of its guesses (as
bench/stak_bots_oracle.py); ``--see hands`` only the other players' true hands (face-down
cards and the draw order are still guessed). ``hard`` plays the rest of its own turn out by
its one-step policy, then the rival's turn by easy's greedy policy, and judges the position
by the fitted win chance. The variants differ only in how a candidate is judged on a sample
(:meth:`HardPlayer.judge`):

* ``Own``: its own turn only, the reply left to the evaluation (hard before session 4);
* ``Reply2``: two turns after its own (the rival's, then its own), both by easy's greedy
  policy;
* ``Reply2Own``: the same, its own next turn by hard's one-step policy;
* ``Reply2Hard``: the same, both turns by hard's one-step policy;
* ``Nested``: no reply, but its own turn with each of its first three actions chosen by
  playing every legal action out to the end of the turn (a deeper plan of its own turn).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import stak_bots_ab  # noqa: E402
from bench.stak_bots_oracle import show_truth, true_game  # noqa: E402
from engines.stak_bots.evaluation import evaluate, playout, policy  # noqa: E402
from engines.stak_bots.hard import HardPlayer  # noqa: E402
from engines.stak_bots.moves import Move  # noqa: E402
from engines.stak_bots.search import PLAIN, finish_turn, greedy, sensible  # noqa: E402
from engines.stak_bots.state import StakState, determinize  # noqa: E402
from engines.stak_bots.view import StakView  # noqa: E402


class Own(HardPlayer):
    """Its own turn only (see the module docstring)."""

    def judge(self, state: StakState, seat: int, rng: random.Random, turn: int) -> float:
        return playout(state, seat, rng, turn, self.weights, self.playout_steps)


class Reply2(HardPlayer):
    """Its own turn by hard's policy, then two more turns (see the module docstring)."""

    turns = 2
    own_hard = False  # its own later turn by hard's policy (else easy's greedy one)
    rival_hard = False  # the rival's turn by hard's policy (else easy's greedy one)

    def judge(self, state: StakState, seat: int, rng: random.Random, turn: int) -> float:
        w = self.weights
        steps = finish_turn(state, turn, lambda s, mover: policy(s, mover, rng, w), 40)
        last = state.turn + self.turns
        while state.winners is None and state.turn < last and steps < 400:
            mover = state.choice.seat if state.choice is not None else state.active
            if self.own_hard if mover == seat else self.rival_hard:
                state.play(policy(state, mover, rng, w))
            else:
                state.play(greedy(state, mover, rng, PLAIN, depth=2))
            steps += 1
        return evaluate(state, seat, w, steps)


class Reply2Own(Reply2):
    own_hard = True


class Reply2Hard(Reply2):
    own_hard = True
    rival_hard = True


class Nested(HardPlayer):
    """Its own turn planned deeper (see the module docstring)."""

    nested_actions = 3

    def judge(self, state: StakState, seat: int, rng: random.Random, turn: int) -> float:
        w = self.weights
        steps = planned = 0
        while state.winners is None and state.turn == turn and steps < 40:
            mover = state.choice.seat if state.choice is not None else state.active
            legal = sensible(state.legal_actions(), mover)
            if mover != seat or planned >= self.nested_actions or len(legal) == 1:
                state.play(policy(state, mover, rng, w))
            else:
                state.play(self._best_line(state, seat, legal, rng.random(), turn, steps))
                planned += 1
            steps += 1
        return evaluate(state, seat, w, steps)

    def _best_line(
        self, state: StakState, seat: int, legal: list[Move], seed: float, turn: int, steps: int
    ) -> Move:
        """The action whose playout to the end of the turn judges best (ending first)."""
        w = self.weights
        best, best_value = legal[0], -1e18
        for move in legal:
            child = state.clone()
            child.play(move)
            line = random.Random(seed)
            done = finish_turn(child, turn, lambda s, mover, r=line: policy(s, mover, r, w), 40)
            value = evaluate(child, seat, w, steps + 1 + done)
            if move.kind == "end":
                value += w.end_bonus
            if value > best_value + 1e-9:
                best, best_value = move, value
        return best


def _true_hands(view: StakView, rng: random.Random) -> StakState:
    """A guess like :func:`determinize`'s, but with every other hand the true one: each
    true card is swapped into the hand with the guessed card it displaces."""
    state = determinize(view, rng)
    truth: StakState = view.truth  # type: ignore[attr-defined]
    for s in range(state.num_players):
        if s == view.seat:
            continue
        hand = state.hands[s]
        for card in truth.hands[s]:
            if card in hand:
                continue
            spare = next(c for c in hand if c not in truth.hands[s])
            places = [state.draw, *state.stacks, *state.hands]
            place = next(p for p in places if card in p)
            place[place.index(card)] = spare
            state.up[spare] = state.up[card]
            state.up[card] = False
            hand[hand.index(spare)] = card
    return state


def main() -> None:
    see = "none"
    if "--see" in sys.argv:
        at = sys.argv.index("--see")
        see = sys.argv[at + 1]
        del sys.argv[at : at + 2]
    if see not in ("none", "all", "hands"):
        sys.exit(f"--see: 'all', 'hands' or 'none', not {see!r}")
    if see != "none":
        show_truth(true_game if see == "all" else _true_hands)
    stak_bots_ab.main()


if __name__ == "__main__":
    main()
