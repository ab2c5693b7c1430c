"""The Robot Master game description: options, set-up, action text and rules help."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from engines.core import (
    Action,
    GameResult,
    GameSpec,
    GameState,
    IllegalAction,
    OptionSpec,
    Resign,
    ResignRule,
)
from engines.rng import GameRandom
from engines.robot_master.board import CELLS, CENTER, EMPTY, cell_name, parse_cell
from engines.robot_master.scoring import ORDINALS
from engines.robot_master.state import (
    COPIES,
    HAND_FIVE,
    HAND_FULL,
    SEAT_NAMES,
    VALUES,
    Place,
    Redeal,
    RobotMasterState,
)

RULES = """\
ROBOT MASTER  (a card game by Reiner Knizia, for two)

The deck has 36 robot cards: six each of the values 0, 1, 2, 3, 4 and
5. One card is laid face up in the middle of a 5 x 5 grid. Each player
gets 12 cards; the other 11 stay face down and are not used, so you
never know exactly what your opponent holds.

One player owns the five ROWS, the other the five COLUMNS. Take turns
to place one card from your hand on an empty square that touches a
card already on the grid along an edge (corners do not count). Legal
squares are marked with a dot. After 24 placements the grid is full
and the game is scored.

SCORING A LINE (each row, each column)
  - a value that appears once counts its face value     (4 -> 4)
  - a pair counts ten times the value                   (4 4 -> 40)
  - three of a kind count 100, whatever the value       (0 0 0 -> 100)
  - a fourth or fifth copy is scored again after the
    first three: 3 3 3 3 4 -> 107, 3 3 3 3 3 -> 130
  - groups add up: 4 4 2 5 1 -> 40 + 2 + 5 + 1 = 48
  Beware the zero: one or two zeros score nothing.

WINNING
Each side's weakest line decides. Whoever has the lower lowest line
loses. If the lowest lines are equal, compare the second-lowest, then
the third, and so on; if all five pairs are equal the game is a draw.
While you play, the screen highlights each side's weakest line (and
the second weakest while the weakest are tied).

STRATEGY IN A NUTSHELL
Every card lands in one row and one column at once: build pairs and
triples in your own lines while you spoil your opponent's lines with
mismatched values. Your weakest line is what counts, so lift it.

UNDO (against the computer)
u takes back your last move and the computer's answer. You have seen
the card it answered with, so taking it back would let you replay
knowing part of its hand: instead its cards go back among the cards
you cannot see (the face-down cards, and with five cards the draw
pile), are shuffled, and it is dealt as many as it held. Your own hand
is as it was before your move; with five cards the card you drew goes
back on the pile first, so undo works there too. Each undo deals anew.

OPTIONS
  first player  - Rows (default), Columns, or chosen at random.
  hand          - full: all 12 cards in hand from the start (standard);
                  five: the official variant. Each player holds 5 cards
                  and draws one from a shared face-down pile after every
                  placement; the cards left at the end are not used.
"""


class RobotMasterSpec(GameSpec):
    id = "robot-master"
    name = "Robot Master"
    blurb = "Knizia's 5x5 card duel: your rows against their columns."
    min_players = 2
    max_players = 2
    resign_rule = ResignRule.GAME_ENDS
    table_timer = False
    score_unit = None
    program_drafts = None
    preview_drawing = ""
    replay_step = ("round", "rounds")
    options = (
        OptionSpec(
            "first",
            "rows",
            ("rows", "columns", "random"),
            "who places the first card",
            label="Who starts",
            choice_labels=("Rows", "Columns", "Random"),
        ),
        OptionSpec(
            "hand",
            HAND_FULL,
            (HAND_FULL, HAND_FIVE),
            "full 12-card hand or 5-card variant",
            label="Hand",
            choice_labels=("All 12 cards", "5 cards, draw after each"),
        ),
    )

    def new_game(self, num_players: int, options: Mapping[str, Any], seed: int) -> RobotMasterState:
        self.check_players(num_players)
        opts = self.normalize_options(options)
        rng = GameRandom(seed)
        deck = [v for v in VALUES for _ in range(COPIES)]
        rng.shuffle(deck)
        board = [EMPTY] * CELLS
        board[CENTER] = deck[0]
        hands = [[0] * 6, [0] * 6]
        if opts["hand"] == HAND_FULL:
            for v in deck[1:13]:
                hands[0][v] += 1
            for v in deck[13:25]:
                hands[1][v] += 1
            unused = [0] * 6
            for v in deck[25:]:
                unused[v] += 1
            draw_pile: list[int] = []
        else:
            for v in deck[1:6]:
                hands[0][v] += 1
            for v in deck[6:11]:
                hands[1][v] += 1
            unused = [0] * 6
            draw_pile = list(reversed(deck[11:]))  # pop() draws deck[11] first
        first = {"rows": 0, "columns": 1}.get(opts["first"])
        if first is None:
            first = rng.below(2)
        return RobotMasterState(board, hands, unused, draw_pile, first, first, opts["hand"])

    def encode_action(self, action: Action) -> str:
        if resign := self.encode_resign(action):
            return resign
        if isinstance(action, Redeal):
            return str(action)
        if not isinstance(action, Place):
            raise IllegalAction(f"{action!r} is not a Robot Master move")
        return f"{action.value}@{cell_name(action.cell)}"

    def decode_action(self, text: str) -> Place | Redeal | Resign:
        if resign := self.decode_resign(text):
            return resign
        word, _, number = str(text).partition(" ")
        if word == "redeal":
            if not (number.isascii() and number.isdigit()) or len(number) > 20:
                raise IllegalAction(f"{text!r} is not a re-deal like 'redeal 1234'")
            return Redeal(int(number))
        value, sep, cell = str(text).partition("@")
        value = value.strip()
        if not sep or not (value.isascii() and value.isdigit()):
            raise IllegalAction(f"{text!r} is not a move like '3@c2' (value@cell)")
        try:
            place = Place(parse_cell(cell), int(value))
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if not 0 <= place.value <= 5:
            raise IllegalAction(f"card values are 0 to 5, not {place.value}")
        return place

    def replay_mark(self, state: GameState) -> Hashable:
        assert isinstance(state, RobotMasterState)
        return state.move_number // 2  # a round: both sides placed once

    def describe_action(self, action: Action, seat: int) -> str:
        if isinstance(action, Resign):
            return f"{SEAT_NAMES[seat]} resigned"
        if isinstance(action, Redeal):
            return f"{SEAT_NAMES[seat]}' hidden cards were shuffled and dealt again"
        assert isinstance(action, Place)
        return f"{SEAT_NAMES[seat]} put a {action.value} on {cell_name(action.cell)}"

    def undo_redeal(
        self, before: RobotMasterState, after: RobotMasterState, number: int
    ) -> Redeal | None:
        """The re-deal of a computer's hand owed after an undo went from ``before`` back to
        ``after``, or ``None``: owed when the undo took back a card you were shown (the
        computer's answer, or a card you drew in the five-card variant)."""
        answered = before.moves - after.moves >= 2  # seats alternate: the computer moved
        drew = before.drawn != after.drawn
        if after.is_terminal() or not (answered or drew):
            return None
        return Redeal(number)

    def seat_names(self, num_players: int) -> list[str]:
        return list(SEAT_NAMES)

    def result_headline(self, result: GameResult, names: Sequence[str]) -> str:
        """``Anna won: lowest line 23 to 12`` (the line that decided: ``second-lowest``
        and so on), ``Anna and Bob drew: every line tied``, ``Bob won: Anna resigned``."""
        if result.resigned or not result.winners:
            return self.headline(result, names)
        if result.draw:
            return self.headline(result, names, ": every line tied")
        level = result.details.get("level")
        rows, columns = result.scores
        (winner,) = result.winners
        if level is None:
            return self.headline(result, names)
        mine, theirs = (rows, columns) if winner == 0 else (columns, rows)
        return self.headline(
            result, names, f": {ORDINALS[level]} line {mine[level]} to {theirs[level]}"
        )

    def rules_text(self) -> str:
        return RULES

    def player_levels(self) -> Mapping[str, type]:
        from engines.robot_master.players import LEVELS

        return LEVELS


ROBOT_MASTER = RobotMasterSpec()
