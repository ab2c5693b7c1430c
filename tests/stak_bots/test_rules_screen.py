"""Stak Bots rules (F1) at 80x24: the panel shows every line as written, so no entry
is wrapped a second time, and the bots, options and keys keep their hanging indents."""

from __future__ import annotations

import dataclasses
import re

import pytest
from textual.geometry import Region

from engines.stak_bots.cards import default_card_set
from engines.stak_bots.spec import RULES_WIDTH, rules_text
from screens.dialogs import RulesScreen
from screens.stak_bots.screen import KEYS_HELP
from tests.ui_helpers import SIZE, make_app, sb_screen, settle


def long_card_set():
    """The default bots with long names and a long set name."""
    cards = default_card_set()
    bots = [
        dataclasses.replace(bot, name=f"Extraordinarily Overengineered {bot.name} " * 2)
        for bot in cards.bots
    ]
    return dataclasses.replace(
        cards, name="a set with a name much too long for one line of rules " * 2, bots=tuple(bots)
    )


def shown_lines(screen: RulesScreen) -> list[str]:
    """Every line of the rules and keys panel as the screen draws it."""
    lines = []
    for text in screen.query("#rules-scroll Static"):
        height = text.virtual_region.height
        for strip in text.render_lines(Region(0, 0, text.region.width, height)):
            lines.append("".join(segment.text for segment in strip).rstrip())
    return lines


def sections(text: str) -> dict[str, list[str]]:
    """Lines by the heading (a line in capitals) they come under."""
    out: dict[str, list[str]] = {}
    heading = ""
    for line in text.splitlines():
        if line and line == line.upper() and not line.startswith(" "):
            heading = line
            continue
        out.setdefault(heading, []).append(line)
    return out


@pytest.mark.parametrize("cards", ["default", "long"])
def test_rules_lines_fit_and_keep_their_indents(cards):
    card_set = default_card_set() if cards == "default" else long_card_set()
    text = rules_text(card_set)
    for line in (text + "\n" + KEYS_HELP).splitlines():
        assert len(line) <= RULES_WIDTH, line
    parts = sections(text)
    for line in parts["THE BOTS"] + parts["OPTIONS"]:
        assert not line or line.startswith("  "), line  # continuations stay indented
    for line in KEYS_HELP.splitlines()[:-1]:
        assert line.startswith("  ") and (line[2] != " " or line.startswith(" " * 21)), line
    # each bot: its name line (indent 2, continued at 4), then its text (indent 6)
    indents = "".join(str(len(line) - len(line.lstrip())) for line in parts["THE BOTS"] if line)
    assert re.fullmatch(r"(24*66*)+", indents), indents
    assert indents.count("2") == len(card_set.bots)


@pytest.mark.parametrize("ascii_only", [False, True])
async def test_rules_screen_at_80x24_shows_each_line_as_written(tmp_path, ascii_only):
    app = make_app(
        tmp_path, start="play", game="stak-bots", opponent="random", seed=5, ascii=ascii_only
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        for text in (rules_text(screen.state.cards), rules_text(long_card_set())):
            rules = RulesScreen("Stak Bots", text, KEYS_HELP)
            app.push_screen(rules)
            await pilot.pause()
            shown = shown_lines(rules)
            written = [line.rstrip() for line in (text + "KEYS\n" + KEYS_HELP).splitlines()]
            # no line broken in two: e.g. "reactive play - ... from your hand" then "onto"
            assert [line for line in shown if line] == [line for line in written if line]
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("f1")  # the key shows the same text
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.text == rules_text(screen.state.cards)
