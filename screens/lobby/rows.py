"""How tables, seats, results and chat read in the lobby and the waiting room: plain
strings from the server's summaries (every name made terminal-safe), fitted in cells."""

from __future__ import annotations

from typing import Any

from engines.safe_text import safe_text
from hosting.names import with_level
from screens.daily_text import pace_text
from screens.presence import presence_words
from screens.text_fit import ELLIPSIS, cut_cells, fit, pad_cells

Summary = dict[str, Any]

NAME_CELLS = 20  # a player's name is at most this wide (the server refuses longer ones)


def name(value: object) -> str:
    """A name from the server as it may be shown: safe, one line, at most 20 cells."""
    return cut_cells(safe_text(value), NAME_CELLS)


def seat_text(seat: dict[str, Any], since: float = 0.0) -> str:
    """One seat: "free", "Anna", "Anna (in the lobby)", "Anna (away 3 min, hard plays)",
    "Computer 2 (easy)" (a computer's level said once)."""
    if seat["kind"] == "computer":
        return with_level(name(seat["name"] or "Computer"), safe_text(seat["level"] or "?"))
    if seat["name"] is None:
        return "free"
    shown = name(seat["name"])
    if seat["you"]:
        shown += " (you)"
    notes = []
    if not seat["present"] and not seat["you"]:  # you know where you are
        notes.append(presence_words(seat, since))
    if seat["stand_in"]:
        notes.append(f"{safe_text(seat['stand_in'])} plays")
    return f"{shown} ({', '.join(notes)})" if notes else shown


def seats_taken(summary: Summary) -> tuple[int, int]:
    """(seats taken, seats in all): computers count as taken."""
    seats = summary["seats"]
    taken = sum(1 for s in seats if s["kind"] == "computer" or s["name"] is not None)
    return taken, len(seats)


def free_seats(summary: Summary) -> int:
    taken, total = seats_taken(summary)
    return total - taken


def is_mine(summary: Summary) -> bool:
    """Whether you hold a seat at this table."""
    return any(s["you"] for s in summary["seats"])


def status_text(summary: Summary) -> str:
    """ "waiting for 2", "playing: turn 12, Anna to move", "finished: Anna won"."""
    status = summary["status"]
    progress = safe_text(summary.get("progress", ""))
    if status == "waiting":
        free = free_seats(summary)
        return f"waiting for {free}" if free else "waiting"
    return f"{status}: {progress}" if progress else status


def table_lines(summary: Summary, width: int, ellipsis: str = ELLIPSIS) -> tuple[str, str]:
    """A table as two lines of ``width`` cells: number, game, seats taken, status and
    markers; then a daily table's pace and time left, and who sits there."""
    taken, total = seats_taken(summary)
    marks = []
    if waits_for_you([summary]):
        marks.append("waits for you")
    if summary["private"] and is_mine(summary):
        marks.append("private")
    if summary["spectators"]:
        marks.append(f"{summary['spectators']} watching")
    head = (
        f"#{summary['id']:<4} {pad_cells(safe_text(summary['game_name']), 12)} "
        f"{taken}/{total}  {status_text(summary)}"
    )
    if marks:
        head += "  [" + ", ".join(marks) + "]"
    seats = ", ".join(seat_text(s) for s in summary["seats"])
    pace = pace_text(summary)  # a daily table's clock first: the head line may be cut
    if pace:
        seats = f"{pace}: {seats}"
    return fit(head, width, ellipsis), fit("      " + seats, width, ellipsis)


def waits_for_you(tables: list[Summary], besides: int | None = None) -> list[int]:
    """The tables (other than ``besides``) where it is your seat's turn: "#4 waits for
    you". A seat a computer stands in for waits for nobody."""
    out = []
    for summary in tables:
        if summary["status"] != "playing" or summary["id"] == besides:
            continue
        if any(
            s["you"] and s["seat"] in summary["to_move"] and not s["stand_in"]
            for s in summary["seats"]
        ):
            out.append(int(summary["id"]))
    return out


def waits_text(table_ids: list[int]) -> str:
    """ "#4 waits for you", "#4 and #7 wait for you" ("" for none)."""
    if not table_ids:
        return ""
    marks = [f"#{t}" for t in table_ids]
    if len(marks) == 1:
        return f"{marks[0]} waits for you"
    return ", ".join(marks[:-1]) + f" and {marks[-1]} wait for you"


YOUR_MOVE, WAITING_FOR_OTHERS, OPEN_TABLES = "Your move", "Waiting for others", "Open tables"


def lobby_sections(tables: list[Summary]) -> list[tuple[str, list[Summary]]]:
    """The lobby's tables in three parts: "Your move" (every table waiting for your move,
    the one waiting longest first), "Waiting for others" (the rest of yours) and "Open
    tables" (every other one), each in table order otherwise. Parts left empty are left
    out."""
    yours = set(waits_for_you(tables))
    due = sorted(
        (s for s in tables if s["id"] in yours),
        key=lambda s: (-int(s.get("turn_age") or 0), s["id"]),
    )
    waiting = [s for s in tables if s["id"] not in yours and is_mine(s)]
    others = [s for s in tables if s["id"] not in yours and not is_mine(s)]
    parts = [(YOUR_MOVE, due), (WAITING_FOR_OTHERS, waiting), (OPEN_TABLES, others)]
    return [(title, part) for title, part in parts if part]


def result_parts(result: dict[str, Any]) -> tuple[str, str, str]:
    """A finished game as (when, game, headline): "2026-01-02 12:30", "Robo Factory",
    "Computer 3 (easy) won with 17 cubes, Anna 12" (the winner first)."""
    return (
        safe_text(result["finished"]),
        safe_text(result["game_name"]),
        safe_text(result["headline"]),
    )


def result_line(result: dict[str, Any], width: int, ellipsis: str = ELLIPSIS) -> str:
    """A finished game on one line: "2026-01-02 12:30  Robot Master  Anna won, Bob lost"."""
    return fit("  ".join(result_parts(result)), width, ellipsis)


def chat_line(line: dict[str, Any]) -> str:
    """A chat line: "12:01 Anna: hello" (safe: it may come from anyone)."""
    return f"{safe_text(line['time'])} {name(line['who'])}: {safe_text(line['text'])}"
