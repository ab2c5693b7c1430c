"""How Robo Factory's screen lays out for the room the terminal gives it.

At 80x24 (and anything narrower than :data:`WIDE` or shorter than :data:`TALL`) the screen
is laid out as it always was. A wider terminal spreads the open cards and your cards out
and gives the notepad cells five columns wide; from :data:`ROOMY` columns the left part
grows again, so that every prompt fits on one line. A taller terminal puts a blank row
under the notepad's and the build's headings and before their last line, and from
:data:`TALLER` rows between all their rows. The log takes every row and column left over,
so it shows more lines the bigger the terminal is.
"""

from __future__ import annotations

from dataclasses import dataclass

WIDE = 100  # columns from which the cards spread out and the notepad's cells widen
TALL = 30  # rows from which the notepad and the build get their blank rows
ROOMY = 112  # columns from which the left part grows to ROOMY_LEFT (the right keeps 35)
ROOMY_LEFT = 77  # the longest prompt (67 cells) on one line, with the cards spread out
TALLER = 36  # rows from which every row of the notepad and the build has a blank row


@dataclass(frozen=True)
class Room:
    """The measures that depend on the terminal's size."""

    open_gap: int  # spaces after each open card: room for its "2 matches" tile
    own_column: int  # where your own cards start in the cards panel
    own_gap: int  # spaces after each of your cards
    cards_width: int  # the cards panel's width (#rf-left less its padding)
    cell: int  # a notepad cell's width in columns
    spaced: bool  # blank rows in the notepad and the build (a tall terminal)
    wide: bool
    roomy: bool = False  # the left part at ROOMY_LEFT columns
    taller: bool = False  # a blank row after every row of the notepad and the build

    @property
    def base(self) -> bool:
        """The 80x24 layout (neither wider nor taller)."""
        return not (self.wide or self.spaced)

    @property
    def own_step(self) -> int:
        """Columns from one of your cards to the next (a card is five wide)."""
        return 5 + self.own_gap


def room_for(width: int, height: int) -> Room:
    """The layout for a terminal of ``width`` x ``height`` cells."""
    wide = width >= WIDE
    spaced = height >= TALL
    taller = height >= TALLER
    if width >= ROOMY:
        return Room(
            open_gap=9,
            own_column=47,
            own_gap=3,
            cards_width=ROOMY_LEFT - 2,
            cell=5,
            spaced=spaced,
            wide=True,
            roomy=True,
            taller=taller,
        )
    if wide:
        return Room(
            open_gap=7,
            own_column=40,
            own_gap=2,
            cards_width=63,
            cell=5,
            spaced=spaced,
            wide=True,
            taller=taller,
        )
    return Room(
        open_gap=5,
        own_column=30,
        own_gap=1,
        cards_width=47,
        cell=3,
        spaced=spaced,
        wide=False,
        taller=taller,
    )
