"""The Stak Bots screen at 80x24: the vital numbers of every stack stay on screen, the
event log uses its whole column in new and resumed games alike, and cut text ends in
an ellipsis at a word boundary."""

from __future__ import annotations

import re

import pytest
from rich.text import Text
from textual.geometry import Region

from engines.stak_bots.spec import StakBotsSpec
from engines.stak_bots.state import StakState
from engines.stak_bots.told import Told, verb, who
from saves import list_saves
from screens.dialogs import ConfirmScreen
from screens.glyphs import ASCII, UNICODE
from screens.stak_bots.log import named_events
from screens.stak_bots.render import hand_lines, option_window, stack_column
from screens.stak_bots.screen import StakBotsScreen
from screens.text_fit import clip_wrap, fit, wrap_log
from tests.stak_bots.test_ui import next_key
from tests.ui_helpers import SIZE, make_app, sb_screen, settle


def visible_lines(widget) -> list[str]:
    """The lines of ``widget`` as they show on screen (cut to its size)."""
    width, height = widget.region.size  # border included
    assert width > 0 and height > 0, f"{widget} has no room"
    screen_region = Region(0, 0, *SIZE)
    assert screen_region.contains_region(widget.region), f"{widget} is off screen"
    strips = widget.render_lines(Region(0, 0, width, height))
    return ["".join(segment.text for segment in strip).rstrip() for strip in strips]


def down_count(state: StakState, seat: int) -> int:
    return sum(1 for card in state.stacks[seat] if not state.up[card])


def long_text_on_top(state: StakState) -> int:
    """Put the cards with the longest text on top of every stack, a face-up card under
    each top and a full hand for player 1: the tallest the columns get. Returns the
    length of the longest text."""
    longest = sorted((c for c in state.draw), key=lambda c: len(state.bots[state.kinds[c]].text))
    for stack in state.stacks:
        card = longest.pop()
        i = state.draw.index(card)
        state.draw[i], stack[-1] = stack[-1], card
        state.up[state.draw[i]] = False
        state.up[card] = True
        state.up[stack[-2]] = True  # a sidebar line under the top
    while len(state.hands[0]) < 5 and state.draw:
        state.hands[0].append(state.draw.pop(0))
    return max(len(state.bots[state.kinds[s[-1]]].text) for s in state.stacks)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("ascii_only", [False, True])
async def test_every_stack_size_shows_with_long_text_on_top(tmp_path, players, ascii_only):
    app = make_app(
        tmp_path,
        start="play",
        game="stak-bots",
        opponent="random",
        seed=7,
        players=players,
        ascii=ascii_only,
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        state = screen.state
        longest = long_text_on_top(state)
        assert longest > 80  # several lines in any column
        screen.refresh_all()
        await settle(pilot)
        ellipsis = "..." if ascii_only else "\u2026"
        for seat in range(players):
            column = screen.query_one(f"#sb-stack-{seat}")
            lines = visible_lines(column)
            shown = "\n".join(lines)
            size, down = len(state.stacks[seat]), down_count(state, seat)
            assert down > 0
            # the size line sits right under the owner's name
            assert re.match(rf"{size} (c.*|\()\b{down} (face )?down", lines[1]), lines
            # and every face-down run under the top card shows too, or is counted with the
            # cards that made way for the top card's text
            more = re.search(r"\[\+(\d+) cards\]", shown)
            assert re.search(rf"\[{down} (face )?down\]", shown) or (
                more and int(more[1]) >= down
            ), shown
            text = state.bots[state.kinds[state.stacks[seat][-1]]].text
            assert text[:6] in shown  # the top card's text starts
            assert "~" not in shown
            if players > 2:  # in full, else cut visibly
                assert text.split()[-1] in shown or ellipsis in shown
            else:  # room for all of it
                assert text.split()[-1] in shown
        hand = "\n".join(visible_lines(screen.query_one("#sb-hand")))
        for number in range(1, len(state.hands[0]) + 1):
            assert re.search(rf"^{number} \w+ Bot", hand, re.M), hand  # every card shows


def log_lines(screen: StakBotsScreen) -> list[str]:
    """The event panel's lines on screen, without its left border."""
    return [line[1:] for line in visible_lines(screen.query_one("#sb-log"))]


def newest_event_shown(screen: StakBotsScreen) -> None:
    log = screen.query_one("#sb-log")
    events = screen.named(screen.state.events)
    assert events
    lines = [line.strip() for line in log_lines(screen) if line.strip()]
    wrapped = [line for line, _ in wrap_log([(events[-1], "")], log.content_size.width)]
    assert lines[-1] == wrapped[-1].strip(), (lines, events[-1])
    assert lines[0] == "Events  l log v stacks"


async def test_event_log_fills_its_column_in_new_and_resumed_games(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="easy", seed=3, players=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        body = screen.query_one("#sb-body")
        log = screen.query_one("#sb-log")
        assert log.size.height == body.size.height  # the whole column from the start
        new_height = log.size.height
        newest_event_shown(screen)
        turn = screen.state.turn
        pressed = 0
        while screen.state.turn < turn + 3 and pressed < 60:  # the computers play too
            await pilot.press(next_key(screen))
            await settle(pilot)
            pressed += 1
            newest_event_shown(screen)
        assert screen.state.turn >= turn + 3
        shown = sum(1 for line in log_lines(screen) if line.strip())
        assert shown >= log.size.height - 3  # full of events, not two of them
        assert log.size.height == new_height
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()

    summaries, _ = list_saves(tmp_path)
    app = make_app(tmp_path, start="resume", resume_path=summaries[0].path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        assert screen.query_one("#sb-log").size.height == new_height
        newest_event_shown(screen)


def test_fit_cuts_at_a_word_boundary_with_an_ellipsis():
    text = "that stack again and again until an effect stops it"
    for width in range(12, len(text)):
        for ell in (UNICODE.ellipsis, ASCII.ellipsis):
            cut = fit(text, width, ell)
            assert len(cut) <= width and cut.endswith(ell) and "~" not in cut
            assert text.startswith(cut.removesuffix(ell))
            body = cut.removesuffix(ell)
            assert text[len(body)] == " "  # a whole word ends where the cut is
    assert fit("P2 Computer 1", 12) == "P2 Computer\u2026"
    assert fit("short", 12) == "short"


def test_clip_wrap_keeps_to_its_lines():
    text = "Stomp: once it attacks, it attacks that stack again and again until an effect "
    text += "stops it or it is scrapped."
    for width in (12, 16, 25):
        for lines in (1, 2, 3):
            out = clip_wrap(text, width, lines, "...")
            assert len(out) <= lines and all(len(line) <= width for line in out)
            assert out[-1].endswith("...") and not out[-1].endswith(".~")
    assert clip_wrap(text, 120, 1) == [text]
    assert clip_wrap(text, 20, 0) == []


def test_stack_column_puts_the_size_first_however_short():
    spec = StakBotsSpec()
    state = spec.new_game(3, spec.normalize_options({}), seed=2)
    long_text_on_top(state)
    for height in (0, 4, 6, 9):
        column = stack_column(state, 1, 16, "P2 Computer 1", ASCII, {}, height)
        lines = column.plain.splitlines()
        assert lines[1].startswith(f"{len(state.stacks[1])} cards")
        assert f"{down_count(state, 1)} down" in lines[1]
        assert "~" not in column.plain
        if height:
            assert len(lines) <= max(height, 7)
    hand = hand_lines(state, 0, 0, 53, True, max_lines=9, ellipsis="...")
    assert isinstance(hand, Text) and len(hand.plain.splitlines()) <= 9


def option_line(labels: list[str], first: int, end: int, ell: str = "\u2026") -> str:
    return (
        (ell + " " if first else "")
        + "  ".join(labels[first:end])
        + (" " + ell if end < len(labels) else "")
    )


@pytest.mark.parametrize("selected", range(9))
def test_many_prompt_options_keep_to_one_line_around_the_selected(selected):
    labels = [f"{i + 1} P{i % 4 + 1} top Reaper Bot" for i in range(9)]
    first, end = option_window(labels, selected, 53)
    assert first <= selected < end
    assert len(option_line(labels, first, end)) <= 53
    assert end - first >= 2  # as many as fit, not just the selected one
    # one more label on either side would not fit
    if end < len(labels):
        assert len(option_line(labels, first, end + 1)) > 53
    if first > 0:
        assert len(option_line(labels, first - 1, end)) > 53


def test_few_prompt_options_all_show():
    labels = ["1 P2 Reaper Bot", "2 P3 Clumsy Bot"]
    assert option_window(labels, 1, 53) == (0, 2)


async def test_attack_prompt_with_three_targets_keeps_the_message_in_view(tmp_path):
    """Four players: "Attack which stack?" offers three stacks, more than one line holds;
    the options scroll on one line and the message under them stays visible."""
    app = make_app(
        tmp_path,
        start="play",
        game="stak-bots",
        opponent="random",
        seed=4,
        players=4,
        options={"depth": 5},
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await pilot.press("a")
        await pilot.pause()
        options = screen.prompt_options()
        assert screen.targeting and len(options) == 3
        screen.message = "A message that must stay in view."
        screen.refresh_all()
        await pilot.pause()
        lines = visible_lines(screen.query_one("#sb-status"))
        assert lines[0] == "Attack which stack?"
        assert lines[2] == "A message that must stay in view."
        for key in ("right", "right"):
            await pilot.press(key)
            await pilot.pause()
            lines = visible_lines(screen.query_one("#sb-status"))
            assert lines[2] == "A message that must stay in view."
        assert "3 P" in lines[1] and len(lines) == 3


def test_a_damaged_attacker_keeps_every_number_in_a_narrow_column():
    """Four players leave a stack 12 columns: "pw4 dm3 atk", not "power 4 dmg…"."""
    spec = StakBotsSpec()
    state = spec.new_game(4, spec.normalize_options({}), seed=2)
    top = state.stacks[1][-1]
    state.damage[top] = 3
    state.attacker = top
    power = state.bots[state.kinds[top]].power
    wide = stack_column(state, 1, 24, "P2", ASCII, {}, 0).plain.splitlines()[3]
    assert wide.startswith(f"power {power}") and "dmg 3 atk" in wide
    narrow = stack_column(state, 1, 12, "P2", ASCII, {}, 0).plain.splitlines()[3]
    assert narrow == f"pw{power} dm3 atk"


def test_events_call_the_players_as_the_stacks_do():
    names = ["P1 You", "P2 Computer"]
    events = [
        Told(who(0), " ", verb(0, "starts"), "."),
        Told(
            "Turn 3: ",
            who(1),
            " ",
            verb(1, "attacks"),
            " ",
            who(0, possessive=True),
            " Clumsy Bot.",
        ),
        "choose a player",
        Told(who(8), " ", verb(8, "is"), " not seated"),
    ]
    assert named_events(events, names) == [
        "P1 You starts.",
        "Turn 3: P2 Computer attacks P1 You's Clumsy Bot.",
        "choose a player",
        "Player 9 is not seated",
    ]
    assert named_events(events, names, you=0)[:2] == [
        "You start.",
        "Turn 3: P2 Computer attacks your Clumsy Bot.",
    ]
