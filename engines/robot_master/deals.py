"""Every hidden-card deal that can matter from one seat's view, with its probability.

What is hidden from the seat to move is the opponent's hand and (five-card hands) the order
of the draw pile. Only part of it can change the game: the opponent can place at most as
many cards as it has placements left, so more copies of a value than that are as good as
that many; and only the draws made before the drawer's last placement are ever played.
A *deal* here is that part: the opponent's hand with each count capped, and the values of
the draws that matter in the order they are drawn. :func:`enumerate_deals` lists the
distinct deals with their probabilities (they add up to 1) when there are few enough.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import comb

from engines.robot_master.state import PLACEMENTS, RobotMasterView

Deal = tuple[tuple[int, ...], tuple[int, ...]]  # (opponent hand counts, draws in order)


def placements_left(view: RobotMasterView) -> tuple[int, int, int]:
    """(placements left, the seat's own, the opponent's); the seat is to move."""
    remaining = PLACEMENTS - view.moves
    mine = (remaining + 1) // 2 if view.to_play == view.seat else remaining // 2
    return remaining, mine, remaining - mine


def relevant_draws(view: RobotMasterView) -> int:
    """How many of the next draws can still be played: the draw after placement ``i`` (0 =
    the move being chosen) is played only if its drawer places again, at ``i + 2``."""
    remaining = PLACEMENTS - view.moves
    return max(0, min(view.draw_pile_size, remaining - 2))


def _hands(unseen: Sequence[int], size: int, v: int = 0) -> Iterator[list[int]]:
    """Every hand of ``size`` cards (counts per value) drawable from ``unseen``."""
    if v == 5:
        if size <= unseen[5]:
            yield [0, 0, 0, 0, 0, size]
        return
    rest = sum(unseen[v + 1 :])
    for k in range(max(0, size - rest), min(unseen[v], size) + 1):
        for tail in _hands(unseen, size - k, v + 1):
            tail[v] = k
            yield tail


def enumerate_deals(view: RobotMasterView, limit: int) -> list[tuple[Deal, float]] | None:
    """The distinct deals and their probabilities, or ``None`` if there are more than
    ``limit`` (counted before merging equivalent ones, which bounds the work too)."""
    unseen = list(view.unseen)
    total = sum(unseen)
    size = view.opponent_cards
    if size > total:
        return None
    _, _, theirs = placements_left(view)
    draws = relevant_draws(view)
    deals: dict[Deal, float] = {}
    listed = 0
    all_hands = comb(total, size)
    for hand in _hands(unseen, size):
        weight = 1.0
        for v in range(6):
            weight *= comb(unseen[v], hand[v])
        weight /= all_hands
        capped = tuple(min(h, theirs) for h in hand)
        left = [unseen[v] - hand[v] for v in range(6)]
        for seq, p in _sequences(left, total - size, draws):
            listed += 1
            if listed > limit:
                return None
            key = (capped, seq)
            deals[key] = deals.get(key, 0.0) + weight * p
    return sorted(deals.items())


def _sequences(left: list[int], total: int, length: int) -> Iterator[tuple[tuple[int, ...], float]]:
    """Ordered draws of ``length`` cards from ``left`` (``total`` cards) and their odds."""
    if length == 0 or total <= 0:
        yield (), 1.0
        return
    for v in range(6):
        if not left[v]:
            continue
        p = left[v] / total
        left[v] -= 1
        for seq, q in _sequences(left, total - 1, length - 1):
            yield (v, *seq), p * q
        left[v] += 1
