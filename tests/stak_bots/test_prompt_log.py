"""A prompt is never on screen before the log lines that explain it: whenever an effect asks
you something, the events column already tells that card's entry effect (both are drawn
from the same position, in one refresh). Whole games against the computer, by keys."""

from __future__ import annotations

import re

import pytest

from tests.stak_bots.test_screen import visible_lines
from tests.ui_helpers import SIZE, make_app, sb_screen, settle

PROMPT = re.compile(r"^(?:Your |P\d's )?(\w+ Bot): choose ")


def log_text(screen) -> str:
    """The events column as one line (a wrapped event's second line is indented)."""
    return " ".join(line.strip() for line in visible_lines(screen.query_one("#sb-log")))


@pytest.mark.parametrize("seed", [3, 11, 29])
async def test_every_prompt_shows_with_the_log_lines_that_explain_it(tmp_path, seed):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=seed)
    asked = 0
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        for _ in range(400):
            if screen.state.is_terminal():
                break
            status = visible_lines(screen.query_one("#sb-status"))
            match = PROMPT.match(status[0].strip()) if status else None
            if match is not None:
                asked += 1
                card = match.group(1)
                log = log_text(screen)
                assert "Entry effect of" in log and card in log.rsplit("Entry effect of", 1)[1], (
                    status,
                    log,
                )
                await pilot.press(str(len(screen.prompt_options())))  # the last option
            elif screen.human_to_move():
                state = screen.state
                if state.hands[state.active] and not state.scrapped:
                    await pilot.press("1", "p")  # play a card first: its effect may ask
                else:
                    await pilot.press("e" if state.scrapped else "s")
            await settle(pilot)
        assert screen.state.is_terminal(), "the game did not end: the driver is stuck"
    assert asked >= 3, "effects asked too little in this game: pick other seeds"
