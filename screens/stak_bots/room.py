"""How Stak Bots' screen grows on a terminal larger than 80x24.

At 80x24 the stacks, hand and status take 54 columns and the event log the rest; the hand
has at most 11 rows, a card's text at most 3 lines. A wider terminal gives two thirds of
its extra columns to the stacks, hand and status (full card names and texts, where 80
columns cut them, and the cards under each stack's top named in full, with their texts where
the rows hold them) and the rest to the log; a taller one gives the hand half its extra rows
(every card's text whole) and the stacks and the log the rest.
"""

from __future__ import annotations

from dataclasses import dataclass

BASE_WIDTH, BASE_HEIGHT = 80, 24  # the smallest terminal robotui supports
LEFT_WIDTH = 54  # #sb-left at 80 columns: the stacks, hand and status, a space before them
LEFT_MAX = 110  # past this the stacks' columns are wide enough: the log takes the rest
HAND_MAX_HEIGHT = 11  # rows for the hand at 24 rows: its top border, a heading, the cards
HAND_MAX_TALL = 24  # rows for the hand however tall the terminal
CARD_LINES = 3  # lines for a card's text in the hand at 24 rows
CARD_LINES_TALL = 6  # lines for a card's text in the hand on a taller terminal


@dataclass(frozen=True)
class Room:
    """The sizes of Stak Bots' panels on a terminal of some size."""

    left: int  # #sb-left's width
    hand_rows: int  # #sb-hand's max height
    card_lines: int  # lines at most for a hand card's text

    @property
    def detail(self) -> bool:
        """Room past 80x24: the stacks name the cards under the top in full, with texts."""
        return self.left > LEFT_WIDTH or self.hand_rows > HAND_MAX_HEIGHT

    @property
    def stack_width(self) -> int:
        """Columns for all the stacks side by side (the left panel less its space)."""
        return self.left - 1


def room_for(width: int, height: int) -> Room:
    """The panels' sizes for a terminal of ``width`` x ``height`` (as at 80x24 when smaller
    or not known yet: 0 x 0)."""
    wider = max(width - BASE_WIDTH, 0)
    taller = max(height - BASE_HEIGHT, 0)
    left = min(LEFT_WIDTH + wider * 2 // 3, LEFT_MAX)
    hand = min(HAND_MAX_HEIGHT + taller // 2, HAND_MAX_TALL)
    return Room(left, hand, CARD_LINES if not taller else CARD_LINES_TALL)
