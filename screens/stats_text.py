"""The players' records as lines of text, measured in terminal cells: the stats screen
shows them and ``robotui stats`` prints them (no Textual here, so the command line does
not load it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len

from saves.stats import BestGame, PlayerStats, Record, StatsScan, level_label
from screens.text_fit import ELLIPSIS, fit, ljust_cells

WIDTH = 80  # the command line's lines fit an 80-column terminal
LABEL = 26  # the game or level column of a record table
COLUMNS = ("played", "won", "lost", "drawn", "streak")
CELL = 8  # each number column


@dataclass(frozen=True)
class Line:
    """One line of a record table and what it is: ``"player"`` (the name and totals),
    ``"head"`` (the column names), ``"game"`` or ``"level"`` (a row), so that the screen
    can style each kind."""

    kind: str
    text: str


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def record_text(record: Record) -> str:
    return f"{record.won} won, {record.lost} lost, {record.drawn} drawn"


def player_head(player: PlayerStats, width: int = WIDTH) -> str:
    """``You: 6 games, 3 won, 3 lost, 0 drawn; longest winning streak 2``."""
    text = (
        f"{player.name}: {plural(player.total.played, 'game')}, {record_text(player.total)}; "
        f"longest winning streak {player.longest_streak}"
    )
    return fit(text, width)


def _row(label: str, numbers: Sequence[int | str]) -> str:
    return ljust_cells(fit(label, LABEL), LABEL) + "".join(f"{n!s:>{CELL}}" for n in numbers)


def record_lines(player: PlayerStats, width: int = WIDTH) -> list[Line]:
    """The player's head line, then a table: a row per game (its record and longest
    winning streak) and under it a row per computer level."""
    lines = [Line("player", player_head(player, width)), Line("head", _row("", COLUMNS))]
    for game in player.games:
        total = game.total
        numbers = [total.played, total.won, total.lost, total.drawn, game.longest_streak]
        lines.append(Line("game", _row(f"  {game.game_name}", numbers)))
        for level, record in game.levels.items():
            numbers = [record.played, record.won, record.lost, record.drawn]
            lines.append(Line("level", _row(f"    vs {level_label(level)}", numbers)))
    return [Line(line.kind, fit(line.text, width)) for line in lines]


def best_date(best: BestGame) -> str:
    return best.game.finished.astimezone().strftime("%Y-%m-%d")


def margin_text(best: BestGame) -> str:
    return f"by {best.margin}" if best.margin is not None else ""


def best_text(best: BestGame, cells: tuple[int, int], width: int) -> tuple[str, str]:
    """A best game in two lines: game, date, margin and result; then its save's name
    under the date. ``cells``: the room of the game names and of the margins (from
    :func:`best_columns`), so that a list of them lines up."""
    game = best.game
    names, margins = cells
    first = f"{ljust_cells(game.game_name, names)}  {best_date(best)}  "
    if margins:
        first += ljust_cells(margin_text(best), margins) + "  "
    first = fit(first + game.headline, width)
    second = fit(" " * (names + 2) + f"save: {game.save_name}", width)
    return first, second


def best_games(player: PlayerStats) -> list[BestGame]:
    """The player's best games, game by game, best first."""
    return [best for game in player.games for best in game.best]


def best_columns(bests: Sequence[BestGame]) -> tuple[int, int]:
    """The room the game names and the margins of ``bests`` take."""
    names = max((cell_len(b.game.game_name) for b in bests), default=0)
    margins = max((cell_len(margin_text(b)) for b in bests), default=0)
    return names, margins


def fit_end(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, its start cut off with an ellipsis where it is
    too long (a folder's path keeps its informative end)."""
    if cell_len(text) <= width:
        return text
    start = 0
    while start < len(text) and cell_len(text[start:]) > width - 1:
        start += 1
    return ELLIPSIS + text[start:]


def title_line(counted: int, folder: str, width: int = WIDTH) -> str:
    """``Stats of 5 finished games in FOLDER``, the folder's start cut to fit."""
    head = f"Stats of {plural(counted, 'finished game')} in "
    return head + fit_end(folder, max(width - cell_len(head), 8))


def scan_notes(scan: StatsScan) -> list[str]:
    """What was left out: games not over yet and files that could not be read."""
    notes = []
    if scan.unfinished:
        notes.append(f"{plural(scan.unfinished, 'game')} not finished yet left out.")
    if scan.skipped:
        notes.append(f"{plural(len(scan.skipped), 'unreadable file')} skipped.")
    return notes


def report_lines(
    players: list[PlayerStats], scan: StatsScan, counted: int, folder: str, width: int = WIDTH
) -> list[str]:
    """The whole report for the command line (``counted``: the finished games it counts),
    none of its lines wider than ``width``."""
    lines = [title_line(counted, folder, width)]
    lines += scan_notes(scan)
    if not players:
        lines.append("No finished games to count yet.")
    for player in players:
        lines.append("")
        lines += [line.text for line in record_lines(player, width)]
        bests = best_games(player)
        if bests:
            lines.append("  Best games:")
            cells = best_columns(bests)
            for best in bests:
                first, second = best_text(best, cells, width - 4)
                lines += ["    " + first, "    " + second]
    if scan.skipped:
        lines.append("")
        lines += [fit(f"skipped: {error}", width) for error in scan.skipped]
    return lines
