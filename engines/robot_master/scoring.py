"""Line scoring and the end-of-game comparison for Robot Master."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

ORDINALS = ("lowest", "second-lowest", "third-lowest", "fourth-lowest", "highest")


def _group_score(value: int, count: int) -> int:
    """Score of ``count`` equal cards of ``value``: 1 → value, 2 → 10×value, 3+ → 100 + rest."""
    if count <= 0:
        return 0
    if count == 1:
        return value
    if count == 2:
        return 10 * value
    return 100 + _group_score(value, count - 3)


def line_score(values: Iterable[int | None]) -> int:
    """The score of one row or column; empty cells (``None``) are ignored.

    >>> line_score([4, 4, 2, 5, 1])
    48
    >>> line_score([3, 3, 3, 3, 4])
    107
    """
    counts = Counter(v for v in values if v is not None)
    for value in counts:
        if not isinstance(value, int) or not 0 <= value <= 5:
            raise ValueError(f"card values are 0 to 5, not {value!r}")
    return sum(_group_score(value, count) for value, count in counts.items())


@dataclass(frozen=True)
class LineComparison:
    """Outcome of comparing the rows' line scores with the columns'.

    ``winner`` is 0 (rows), 1 (columns) or ``None`` for a draw; ``level`` is the
    index in the sorted lists where the lines first differ (0 = the lowest lines),
    or ``None`` for a draw.
    """

    rows: tuple[int, ...]
    columns: tuple[int, ...]
    winner: int | None
    level: int | None

    @property
    def rows_sorted(self) -> tuple[int, ...]:
        return tuple(sorted(self.rows))

    @property
    def columns_sorted(self) -> tuple[int, ...]:
        return tuple(sorted(self.columns))

    def reason(self, names: Sequence[str] = ("Rows", "Columns")) -> str:
        rs, cs = self.rows_sorted, self.columns_sorted
        if self.winner is None or self.level is None:
            return f"Draw: all five lines score the same on both sides ({', '.join(map(str, rs))})."
        win, lose = names[self.winner], names[1 - self.winner]
        mine = rs if self.winner == 0 else cs
        theirs = cs if self.winner == 0 else rs
        level = self.level
        text = (
            f"{win} win: {lose}' {ORDINALS[level]} line scores {theirs[level]}, "
            f"{win}' scores {mine[level]}"
        )
        if level > 0:
            tied = ", ".join(str(v) for v in rs[:level])
            text += f" (the lines below were tied: {tied})"
        return text + "."


def compare_lines(rows: Sequence[int], columns: Sequence[int]) -> LineComparison:
    """Whoever's lowest line is lower loses; ties go to the next lowest, and so on."""
    rs, cs = sorted(rows), sorted(columns)
    for level, (r, c) in enumerate(zip(rs, cs, strict=True)):
        if r != c:
            return LineComparison(tuple(rows), tuple(columns), 0 if r > c else 1, level)
    return LineComparison(tuple(rows), tuple(columns), None, None)
