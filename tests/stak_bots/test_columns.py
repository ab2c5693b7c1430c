"""Stak Bots stack columns at 80x24: a column that drops a line
of its list says so (``[8 down]`` kept as the last line, or ``[+N cards]``), never leaves a
row free under cut text, tells its counts in one form all game long, and F1 explains
both ways a face-down run is told."""

from __future__ import annotations

import re
import textwrap

import pytest

from screens.dialogs import RulesScreen
from screens.stak_bots.screen import StakBotsScreen
from tests.stak_bots.support import build
from tests.stak_bots.test_prompts import install
from tests.stak_bots.test_screen import visible_lines
from tests.stak_bots.test_ui import next_key
from tests.ui_helpers import SIZE, make_app, sb_screen, settle

RULE = re.compile(r"[\u2500-]+")
COUNTED = re.compile(r"\[\+?(\d+) (face down|down|cards)\]")
ELLIPSES = ("\u2026", "...")


def column(screen: StakBotsScreen, seat: int) -> tuple[list[str], int]:
    """A stack column's lines as they show, trailing empty rows left out, and its height."""
    widget = screen.query_one(f"#sb-stack-{seat}")
    lines = visible_lines(widget)
    while lines and not lines[-1]:
        lines.pop()
    return lines, widget.content_size.height


def parts(screen: StakBotsScreen, seat: int, lines: list[str]) -> tuple[list[str], list[str]]:
    """The top card's text (as far as it shows) and the list under it, after the rule if
    there is one (a column short of room gives the rule's row to the text)."""
    state = screen.state
    width = screen.query_one(f"#sb-stack-{seat}").content_size.width
    wrapped = textwrap.wrap(state.bots[state.kinds[state.stacks[seat][-1]]].text, width)
    body = lines[4:]
    told = 0
    while told < min(len(body), len(wrapped)) and body[told] == wrapped[told]:
        told += 1
    if told < len(body) and body[told].endswith(ELLIPSES):  # the text cut there
        told += 1
    rest = body[told:]
    return body[:told], rest[1:] if rest and RULE.fullmatch(rest[0]) else rest


def check_column(screen: StakBotsScreen, seat: int) -> dict[str, bool]:
    """Every card under the top is told: a sidebar line each, or counted by ``[N down]``
    or ``[+N cards]``; text cut with an ellipsis leaves no row free. Returns what the
    column did: ``cut`` (text), ``more`` (a ``[+N cards]`` line)."""
    state = screen.state
    stack = state.stacks[seat]
    if state.out[seat] or not stack:
        return {}
    lines, height = column(screen, seat)
    text, listed = parts(screen, seat, lines)
    counted = 0
    for line in listed:
        match = COUNTED.fullmatch(line)
        counted += int(match[1]) if match else 1
    assert counted == len(stack) - 1, (seat, lines)  # nothing dropped without a word
    cut = any(line.endswith(ELLIPSES) for line in text)
    if cut:
        assert len(lines) == height, (seat, lines)  # no free row under cut text
        assert listed or len(stack) == 1, (seat, lines)
    return {"cut": cut, "more": any("cards]" in line for line in listed)}


@pytest.mark.parametrize(
    ("players", "opponent", "seed", "cut"),
    [
        (3, "hard", 4, [2]),  # P3's Stomp Bot cut above "[8 face down]"; P1's Tranq Bot whole
        (4, "normal", 12, [2]),  # P3's Leader Bot ended "face-down…" with no "[8 down]"
    ],
)
async def test_qa_first_screens_keep_the_face_down_run(tmp_path, players, opponent, seed, cut):
    app = make_app(
        tmp_path, start="play", game="stak-bots", opponent=opponent, seed=seed, players=players
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        label = "[8 face down]" if players < 4 else "[8 down]"
        for seat in range(players):
            assert check_column(screen, seat)["cut"] == (seat in cut), seat
            lines, height = column(screen, seat)
            assert lines[-1] == label, lines  # every column ends on its run, cut text or not
        for seat in cut:
            lines, height = column(screen, seat)
            text, listed = parts(screen, seat, lines)
            assert listed == [label] and text[-1].endswith("\u2026"), lines
            assert len(lines) == height  # the rule and the run take the last two rows


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (4, 12), (4, 5)])
async def test_every_column_tells_what_it_drops_all_game(tmp_path, players, seed):
    """Turn after turn (hands of 4, stacks of 10 and more), every column of every screen
    accounts for its cards and its counts keep one form."""
    app = make_app(
        tmp_path, start="play", game="stak-bots", opponent="random", seed=seed, players=players
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        seen: dict[str, int] = {"cut": 0, "more": 0}
        forms: set[str] = set()
        for _ in range(45):
            if screen.state.is_terminal():
                break
            for seat in range(players):
                for key, done in check_column(screen, seat).items():
                    seen[key] += done
                lines, _ = column(screen, seat)
                if len(lines) > 1 and not lines[1].startswith("("):
                    forms.add(re.sub(r"\d+", "N", lines[1]).replace("card ", "cards "))
            await pilot.press(next_key(screen))
            await settle(pilot)
        assert seen["cut"] > 0  # the rule was put to work
        assert len(forms) == 1, forms  # one form all game long


async def test_a_stack_of_ten_keeps_the_count_form(tmp_path):
    """Three players: "9 cards 8 down" from the start (it fits two-digit counts), still the
    form once a stack holds 10 cards."""
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        assert [column(screen, s)[0][1] for s in range(3)] == ["9 cards 8 down"] * 3
        await install(
            pilot,
            screen,
            build(
                [
                    ["fatal", *["bash", "begone", "fatal", "reaper"] * 2, "stomp"],
                    ["reaper", *["core", "clumsy", "stomp", "spike"] * 2][:8] + ["spike"],
                    [
                        "sidekick",
                        "bountiful",
                        "trip",
                        "leader",
                        "pit",
                        "expel",
                        "shot",
                        "sidekick",
                        "tranq",
                    ],
                ],
                [["bash"], ["pit"], ["tranq"]],
            ),
        )
        assert [column(screen, s)[0][1] for s in range(3)] == [
            "10 cards 9 down",
            "9 cards 8 down",
            "9 cards 8 down",
        ]
        for seat in range(3):
            check_column(screen, seat)


async def test_f1_explains_both_ways_a_face_down_run_is_told(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        assert column(screen, 0)[0][-1] == "[8 face down]"
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        keys = app.screen.keys
        assert '"[3 face down]"' in keys and '"[3 down]"' in keys and '"[+5 cards]"' in keys
        assert '"9 cards, 8 face down"' in keys and '"9 (8 down)"' in keys
