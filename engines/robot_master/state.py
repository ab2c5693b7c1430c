"""Robot Master positions, moves and per-seat views."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engines.core import GameResult, GameState, IllegalAction, Resign, SeatView
from engines.rng import GameRandom
from engines.robot_master.board import (
    CELLS,
    COLUMNS,
    EMPTY,
    NEIGHBOURS,
    ROWS,
    cell_name,
)
from engines.robot_master.scoring import LineComparison, compare_lines, line_score

ROWS_SEAT, COLUMNS_SEAT = 0, 1
SEAT_NAMES = ("Rows", "Columns")
VALUES = range(6)
COPIES = 6
PLACEMENTS = CELLS - 1
HAND_FULL, HAND_FIVE = "full", "five"


@dataclass(frozen=True, slots=True)
class Place:
    """Put a card of ``value`` on ``cell``."""

    cell: int
    value: int

    def __str__(self) -> str:
        return f"{self.value}@{cell_name(self.cell)}"


@dataclass(frozen=True, slots=True)
class Redeal:
    """Chance, logged after an undo: the acting seat's hand goes back among the cards it
    cannot see (its hand, the draw pile and the unused cards) and the same number is dealt
    again, shuffled by ``number``. What an undo showed of that hand is then no knowledge."""

    number: int

    def __str__(self) -> str:
        return f"redeal {self.number}"


def legal_cells(board: list[int] | tuple[int, ...]) -> list[int]:
    """Empty cells that share an edge with a placed card."""
    return [
        cell
        for cell in range(CELLS)
        if board[cell] == EMPTY and any(board[n] != EMPTY for n in NEIGHBOURS[cell])
    ]


def line_values(board: list[int] | tuple[int, ...], seat: int) -> list[list[int]]:
    """The placed values of each line a seat scores (rows for seat 0, columns for seat 1)."""
    lines = ROWS if seat == ROWS_SEAT else COLUMNS
    return [[board[i] for i in line if board[i] != EMPTY] for line in lines]


def line_scores(board: list[int] | tuple[int, ...], seat: int) -> list[int]:
    return [line_score(values) for values in line_values(board, seat)]


class RobotMasterState(GameState):
    """The whole truth: board, both hands, unused cards and (5-card variant) the draw pile."""

    game_id = "robot-master"
    num_players = 2

    def __init__(
        self,
        board: list[int],
        hands: list[list[int]],
        unused: list[int],
        draw_pile: list[int],
        to_play: int,
        first: int,
        hand_mode: str,
        moves: int = 0,
        last: int | None = None,
        drawn: list[int] | None = None,
        last_drawn: list[int | None] | None = None,
    ) -> None:
        self.board = board
        self.hands = hands
        self.unused = unused
        self.draw_pile = draw_pile
        self.to_play = to_play
        self.first = first
        self.hand_mode = hand_mode
        self.moves = moves
        self.last = last
        # Cards each seat has drawn (5-card variant): an undo that takes a draw back
        # re-deals the hidden cards, or you could see your next card and take the move back.
        self.drawn = [0, 0] if drawn is None else drawn
        # The card each seat drew last (five cards), for its own screen; not hashed: the
        # log rebuilds it.
        self.last_drawn: list[int | None] = [None, None] if last_drawn is None else last_drawn
        # The seat that resigned (the game ended there: the other side won), or None.
        self.resigned_seat: int | None = None

    # -- the common shape ----------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        return () if self.is_terminal() else (self.to_play,)

    def legal_actions(self, seat: int | None = None) -> list[Place]:
        if self.is_terminal() or (seat is not None and seat != self.to_play):
            return []
        hand = self.hands[self.to_play]
        values = [v for v in VALUES if hand[v]]
        return [Place(cell, v) for cell in legal_cells(self.board) for v in values]

    def check(self, action: Any, seat: int | None = None) -> None:
        """Raise :class:`IllegalAction` with the reason if ``action`` may not be played."""
        if self.resigned_seat is not None:
            raise IllegalAction("the game is over")
        if isinstance(action, Resign):
            if seat not in (ROWS_SEAT, COLUMNS_SEAT):
                raise IllegalAction("a resignation names the seat that resigns")
            if self.moves >= PLACEMENTS:
                raise IllegalAction("the game is over")
            return
        if isinstance(action, Redeal):
            if self.moves >= PLACEMENTS:
                raise IllegalAction("the game is over")
            if seat not in (ROWS_SEAT, COLUMNS_SEAT):
                raise IllegalAction("a re-deal names the seat whose hand it deals")
            return
        if not isinstance(action, Place):
            raise IllegalAction(f"{action!r} is not a Robot Master move")
        if self.moves >= PLACEMENTS:
            raise IllegalAction("the game is over")
        if seat is not None and seat != self.to_play:
            raise IllegalAction(f"it is {SEAT_NAMES[self.to_play]}' turn")
        if not 0 <= action.cell < CELLS:
            raise IllegalAction(f"there is no cell {action.cell}")
        if not 0 <= action.value <= 5:
            raise IllegalAction(f"card values are 0 to 5, not {action.value}")
        name = cell_name(action.cell)
        if self.board[action.cell] != EMPTY:
            raise IllegalAction(f"{name} already holds a card")
        if not any(self.board[n] != EMPTY for n in NEIGHBOURS[action.cell]):
            raise IllegalAction(f"{name} does not share an edge with a placed card")
        if not self.hands[self.to_play][action.value]:
            raise IllegalAction(f"{SEAT_NAMES[self.to_play]} hold no {action.value}")

    def apply(self, action: Any, seat: int | None = None) -> None:
        self.check(action, seat)
        if isinstance(action, Resign):
            self.resigned_seat = seat
        elif isinstance(action, Redeal):
            assert seat is not None
            self.redeal(seat, action.number)
        else:
            self.play(action)

    def redeal(self, seat: int, number: int) -> None:
        """Shuffle ``seat``'s hand back with the cards it cannot see and deal it again: the
        hand, the draw pile and the unused cards keep their sizes. The other hand, the board
        and the cards drawn so far stay as they are."""
        hand = self.hands[seat]
        pool = [v for v in VALUES for _ in range(hand[v] + self.unused[v])] + self.draw_pile
        pool.sort()  # the deal depends on the cards and the number, not on their old order
        GameRandom(number).shuffle(pool)
        size, pile = sum(hand), len(self.draw_pile)
        self.hands[seat] = _counts(pool[:size])
        self.draw_pile = pool[size : size + pile]
        self.unused = _counts(pool[size + pile :])

    def play(self, action: Place) -> None:
        """Apply a move already known to be legal (fast path for search)."""
        self.board[action.cell] = action.value
        hand = self.hands[self.to_play]
        hand[action.value] -= 1
        if self.draw_pile:
            card = self.draw_pile.pop()
            hand[card] += 1
            self.drawn[self.to_play] += 1
            self.last_drawn[self.to_play] = card
        self.last = action.cell
        self.moves += 1
        self.to_play = 1 - self.to_play
        if self.moves >= PLACEMENTS:
            # Cards still in hand at the end were never played: they join the unused ones.
            for h in self.hands:
                for v in VALUES:
                    self.unused[v] += h[v]
                    h[v] = 0
            for v in self.draw_pile:
                self.unused[v] += 1
            self.draw_pile.clear()

    def is_terminal(self) -> bool:
        return self.moves >= PLACEMENTS or self.resigned_seat is not None

    def can_resign(self, seat: int) -> bool:
        """Either side may resign until the grid is full: the other side wins."""
        return seat in (ROWS_SEAT, COLUMNS_SEAT) and not self.is_terminal()

    def resigned(self) -> tuple[int, ...]:
        return () if self.resigned_seat is None else (self.resigned_seat,)

    def comparison(self) -> LineComparison:
        return compare_lines(line_scores(self.board, 0), line_scores(self.board, 1))

    def result(self) -> GameResult | None:
        if not self.is_terminal():
            return None
        cmp = self.comparison()
        if self.resigned_seat is not None:
            loser = self.resigned_seat
            return GameResult(
                winners=(1 - loser,),
                draw=False,
                reason=f"{SEAT_NAMES[loser]} resigned: {SEAT_NAMES[1 - loser]} win.",
                scores=(cmp.rows_sorted, cmp.columns_sorted),
                details={"level": None, "rows": cmp.rows, "columns": cmp.columns, "resigned": True},
                resigned=(loser,),
            )
        winners = (0, 1) if cmp.winner is None else (cmp.winner,)
        return GameResult(
            winners=winners,
            draw=cmp.winner is None,
            reason=cmp.reason(SEAT_NAMES),
            scores=(cmp.rows_sorted, cmp.columns_sorted),
            details={"level": cmp.level, "rows": cmp.rows, "columns": cmp.columns},
        )

    def view(self, seat: int) -> RobotMasterView:
        other = 1 - seat
        unseen = [COPIES - self.hands[seat][v] - self.board.count(v) for v in VALUES]
        return RobotMasterView(
            seat=seat,
            board=tuple(self.board),
            hand=tuple(self.hands[seat]),
            opponent_cards=sum(self.hands[other]),
            unseen=tuple(unseen),
            draw_pile_size=len(self.draw_pile),
            to_play=self.to_play,
            moves=self.moves,
            last=self.last,
            first=self.first,
            hand_mode=self.hand_mode,
            resigned=self.resigned(),
        )

    def clone(self) -> RobotMasterState:
        other = RobotMasterState(
            self.board[:],
            [self.hands[0][:], self.hands[1][:]],
            self.unused[:],
            self.draw_pile[:],
            self.to_play,
            self.first,
            self.hand_mode,
            self.moves,
            self.last,
            self.drawn[:],
            self.last_drawn[:],
        )
        other.resigned_seat = self.resigned_seat
        return other

    def reveals(self, seat: int) -> int:
        """Nothing undo could exploit: an undo that took back a card shown to you (the
        computer's answer, the card you drew) re-deals the hidden cards (see
        :meth:`RobotMasterSpec.undo_redeal`), so what you saw is no knowledge any more."""
        return 0

    @property
    def move_number(self) -> int:
        return self.moves

    @property
    def progress(self) -> str:
        """The move being played, as the screen and the list of saves say it."""
        return f"move {min(self.moves + 1, PLACEMENTS)} of {PLACEMENTS}"

    def canonical(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "board": self.board,
            "hands": self.hands,
            "unused": self.unused,
            "draw_pile": self.draw_pile,
            "to_play": self.to_play,
            "first": self.first,
            "hand_mode": self.hand_mode,
            "moves": self.moves,
            "last": self.last,
        }
        if self.resigned_seat is not None:  # only then (older saves' hashes stay valid)
            data["resigned"] = self.resigned_seat
        return data

    def snapshot(self, public: bool = False) -> dict[str, Any]:
        rows = []
        for r, line in enumerate(ROWS):
            cells = " ".join("." if self.board[i] == EMPTY else str(self.board[i]) for i in line)
            rows.append(f"{5 - r}: {cells}")
        snap: dict[str, Any] = {
            "board": rows,
            "hand_rows": _hand_text(self.hands[0]),
            "hand_columns": _hand_text(self.hands[1]),
            "unused": _hand_text(self.unused),
            "to_move": SEAT_NAMES[self.to_play].lower() if not self.is_terminal() else "nobody",
            "row_scores": line_scores(self.board, 0),
            "column_scores": line_scores(self.board, 1),
        }
        if self.resigned_seat is not None:
            snap["resigned"] = SEAT_NAMES[self.resigned_seat].lower()
        if self.hand_mode == HAND_FIVE:
            snap["draw_pile"] = " ".join(str(v) for v in reversed(self.draw_pile))
        if public:  # the hands, the unused cards and the draw pile are hidden: counts only
            for key in ("hand_rows", "hand_columns", "unused", "draw_pile"):
                if key in snap:
                    snap[key] = f"{len(snap[key].split())} cards"
        return snap


def _counts(values: list[int]) -> list[int]:
    counts = [0] * 6
    for v in values:
        counts[v] += 1
    return counts


def _hand_text(counts: list[int]) -> str:
    return " ".join(str(v) for v in VALUES for _ in range(counts[v]))


@dataclass(frozen=True)
class RobotMasterView(SeatView):
    """What one seat knows: the board, its own hand, and counts of everything else."""

    seat: int
    board: tuple[int, ...]
    hand: tuple[int, ...]
    opponent_cards: int
    unseen: tuple[int, ...]
    draw_pile_size: int
    to_play: int
    moves: int
    last: int | None
    first: int
    hand_mode: str
    resigned: tuple[int, ...] = ()  # the seat that resigned (the game is over)

    def legal_actions(self) -> list[Place]:
        if self.moves >= PLACEMENTS or self.resigned or self.to_play != self.seat:
            return []
        values = [v for v in VALUES if self.hand[v]]
        return [Place(cell, v) for cell in legal_cells(self.board) for v in values]

    def determinize(self, rng: random.Random) -> RobotMasterState:
        """A full state consistent with this view, hidden cards dealt at random from the unseen."""
        pool = [v for v in VALUES for _ in range(self.unseen[v])]
        rng.shuffle(pool)
        other = [0] * 6
        for v in pool[: self.opponent_cards]:
            other[v] += 1
        rest = pool[self.opponent_cards :]
        draw_pile = rest[: self.draw_pile_size]
        unused = [0] * 6
        for v in rest[self.draw_pile_size :]:
            unused[v] += 1
        hands = [list(self.hand), other] if self.seat == 0 else [other, list(self.hand)]
        return RobotMasterState(
            list(self.board),
            hands,
            unused,
            draw_pile,
            self.to_play,
            self.first,
            self.hand_mode,
            self.moves,
            self.last,
        )
