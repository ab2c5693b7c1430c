"""Robo Factory on a big terminal: the left part grows so that prompts keep to one line,
the notepad and the build get a blank row after every row, the key line is spelled out,
the possible robots share the log's area with the log, and the turn result is as wide as
its longest line. 80x24 keeps its layout (its snapshots are in test_room_snapshots.py)."""

from __future__ import annotations

from screens.robo_factory.draw import RESULT_WIDTH
from screens.robo_factory.results import TurnResultScreen
from tests.ui_helpers import make_app, rf_screen, screen_lines, settle

PROMPT = "Buy information? 1-3 pick a card, Enter buys it for 1 cube, n: no."


def _app(tmp_path, players: int = 3):
    return make_app(
        tmp_path, start="play", game="robo-factory", players=players, opponent="easy", seed=3
    )


async def _buying(pilot) -> None:
    """Past the first turn's result (seat 0 is its customer): buying in turn 2."""
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    assert rf_screen(pilot.app).ui_phase() == "buy"


def _left(lines: list[str]) -> list[str]:
    return [line.split("▏")[0] for line in lines]


def _right(lines: list[str]) -> list[str]:
    return [line.split("▏")[1].strip() if "▏" in line else "" for line in lines]


async def test_at_120x40_the_prompt_keeps_to_one_line_and_the_notepad_has_the_rows(tmp_path):
    app = _app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _buying(pilot)
        left = _left(screen_lines(app))
        assert any(line.strip() == PROMPT for line in left)
        rows = {
            part: next(i for i, line in enumerate(left) if line.lstrip().startswith(part))
            for part in ("head", "torso", "legs")
        }
        assert rows["torso"] - rows["head"] == rows["legs"] - rows["torso"] == 2
        assert left[rows["head"] + 1].strip() == ""


async def test_at_80x24_the_prompt_and_the_notepad_are_as_they_were(tmp_path):
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _buying(pilot)
        lines = screen_lines(app)
        left = _left(lines)
        assert not any(line.strip() == PROMPT for line in left)  # broken over two lines
        rows = [
            i for i, line in enumerate(left) if line.lstrip().startswith(("head", "torso", "legs"))
        ]
        assert rows == [rows[0], rows[0] + 1, rows[0] + 2]
        assert "C customer >to play $bought" in _right(lines)


async def test_a_wide_terminal_spells_out_the_players_key_line(tmp_path):
    app = _app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _buying(pilot)
        right = _right(screen_lines(app))
        assert "C customer  > to play" in right
        assert "$ bought information this turn" in right


async def test_the_possible_robots_leave_room_for_the_log(tmp_path):
    app = _app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _buying(pilot)
        await pilot.press("p")
        await settle(pilot)
        right = _right(screen_lines(app))
        first = next(i for i, line in enumerate(right) if line.startswith("Possible robots"))
        log = next(i for i, line in enumerate(right) if line.startswith("Log (l: all"))
        assert first < log
        assert any(line.startswith("Turn 2:") for line in right[log:])


async def test_the_turn_result_is_as_wide_as_its_longest_line(tmp_path):
    """Four players: "Computer 3  BYG wrong, then RYR wrong, paid the customer 1: 3 cubes
    (-1)" is 74 cells: broken at 80x24, on one line at 100x30 and 120x40."""
    for size, one_line in (((80, 24), False), ((100, 30), True), ((120, 40), True)):
        app = _app(tmp_path / f"{size[0]}", players=4)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TurnResultScreen)
            lines = screen_lines(app)
            paid = [line for line in lines if "paid the customer 1" in line]
            assert len(paid) == 1
            assert ("Computer 3" in paid[0]) is one_line, (size, lines)
            assert (app.screen.text_width > RESULT_WIDTH) is one_line
