"""How many turns a race on each bundled course lasts: the mean of 20 races of 4 ``hard``
robots with the default options, measured by ``python -m bench.roborally_course_length`` (the
figures are in bench/RESULTS.md). The new-game dialog shows them beside the course names;
a course not listed (your own) shows its ``length`` word instead."""

from __future__ import annotations

EXPECTED_TURNS: dict[str, int] = {
    "first-steps": 3,
    "grand-tour": 25,
    "laser-alley": 5,
    "long-haul": 11,
    "merry-go-round": 7,
    "pit-stop": 12,
}


def course_label(course_id: str, name: str, length: str = "") -> str:
    """``Pit Stop (about 12 turns)``; ``Mine (short)`` for a course not measured."""
    turns = EXPECTED_TURNS.get(course_id)
    if turns is not None:
        return f"{name} (about {turns} turns)"
    return f"{name} ({length})" if length else name
