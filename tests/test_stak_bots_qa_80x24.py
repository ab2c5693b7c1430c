"""Stak Bots at 80x24, as a QA pass found it: top-card text cut while deeper list lines
still showed, "P1 You plays" in the log, ">P1 You (you)" over the column, players who
are out in the hand's heading, and hints whose key was cut off."""

from __future__ import annotations

import re
import textwrap

import pytest

from engines.stak_bots.moves import Move
from engines.stak_bots.state import StakState
from screens.stak_bots.screen import StakBotsScreen, hint_wrap
from tests.test_stak_bots_columns import check_column, column, parts
from tests.test_stak_bots_prompts import install, status_lines
from tests.test_stak_bots_support import build
from tests.test_stak_bots_ui import sb_screen
from tests.test_stak_bots_ui_layout import log_lines, visible_lines
from tests.test_stak_bots_ui_texts import follow_hint
from tests.ui_helpers import make_app, settle

SIZE = (80, 24)
WIDTH = 53  # the status lines at 80x24
LOW = ["core", "core", "core", "bountiful", "bountiful", "clumsy", "clumsy"]  # face down


def top_text(screen: StakBotsScreen, seat: int) -> list[str]:
    state = screen.state
    width = screen.query_one(f"#sb-stack-{seat}").content_size.width
    return textwrap.wrap(state.bots[state.kinds[state.stacks[seat][-1]]].text, width)


# -- 3. the top card's text in full when the list can make way -----------------------------
@pytest.mark.parametrize(("players", "stack", "hand", "said"), [
    # three players: Stomp Bot ended "effect stops it…" over "*Begone 2", "[7 face down]"
    (3, [*LOW, "begone+", "stomp"], ["trip", "pit"], "or it is scrapped."),
    # four players: Sidekick Bot ended "down its…" over the rule and "[8 down]"
    (4, [*LOW, "trip", "sidekick"], ["trip", "pit", "bash", "bountiful"], "down its stack."),
])
async def test_top_card_text_shows_whole_when_the_list_makes_way(tmp_path, players, stack,
                                                                 hand, said):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4,
                   players=players)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        stacks = [["fatal", "shot"], stack, ["leader", "fatal"], ["spike", "reaper"]]
        await install(pilot, screen, build(stacks[:players],
                                           [hand] + [[] for _ in range(players - 1)]))
        lines, height = column(screen, 1)
        wrapped = top_text(screen, 1)
        # the column has the room for the text and one line under it, not for the rule too
        assert 4 + len(wrapped) + 1 == height, (height, lines)
        text, listed = parts(screen, 1, lines)
        assert text == wrapped and " ".join(text).endswith(said), lines
        assert not any(line.endswith("\u2026") for line in lines), lines
        assert listed == [lines[-1]] and len(lines) == height, lines  # every row used
        assert lines[-1] == ("[+8 cards]" if players == 3 else "[8 down]"), lines
        assert check_column(screen, 1) == {"cut": False, "more": players == 3}


async def test_text_too_long_for_any_room_is_still_cut_visibly(tmp_path):
    """A hand of four leaves the three-player columns 9 rows: Stomp Bot's 8 lines cannot
    show, so it is cut with an ellipsis above its list, as before."""
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4,
                   players=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, build(
            [["fatal", "shot"], [*LOW, "begone+", "stomp"], ["leader", "fatal"]],
            [["pit", "tranq", "shot", "bash"], [], []]))
        lines, height = column(screen, 1)
        assert height == 9
        text, listed = parts(screen, 1, lines)
        assert text[-1].endswith("\u2026") and listed == ["*Begone         2", "[7 face down]"]
        assert check_column(screen, 1)["cut"]


# -- 4. the log speaks to the one human ---------------------------------------------------
def begone_and_draw() -> StakState:
    """Player 1 holds a Begone Bot and a Bountiful Bot (draws a card)."""
    return build([["core", "core", "spike"], ["core", "bash", "fatal"]],
                 [["begone", "bountiful"], ["pit"]])


async def test_the_log_says_you_play_and_you_draw(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, begone_and_draw())
        await pilot.press("2", "p")  # Bountiful Bot: draw a card
        await settle(pilot)
        log = " ".join(line.strip() for line in log_lines(screen))
        assert "You play Bountiful Bot." in log and "You draw a card." in log, log
        assert not re.search(r"P1 You (plays|draws|turns|discards|scraps)", log), log
        # the whole log (l) says it the same way
        assert "You play Bountiful Bot." in [text for text, _ in screen.log_lines()]


async def test_hot_seat_log_keeps_the_names_and_verbs(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="human", seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the pass screen
        await pilot.pause()
        screen = sb_screen(app)
        names = screen.names()
        assert screen.named(["Player 1 plays Reaper Bot.", "Turn 2: Player 2 draws a card."]) == [
            f"{names[0]} plays Reaper Bot.", f"Turn 2: {names[1]} draws a card."]


# -- 5. "(you)" only where the name does not say it -------------------------------------
async def test_the_column_says_you_once(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4,
                   players=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        assert column(screen, 0)[0][0] == ">P1 You"
        screen.session.players[0].name = "Ann"  # a name of your own: "(you)" says who
        screen.refresh_all()
        await pilot.pause()
        assert column(screen, 0)[0][0] == ">P1 Ann (you)"


# -- 6. the hand's heading leaves out players who are out -------------------------------
async def test_the_hand_heading_leaves_out_who_is_out(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4,
                   players=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        state = build([["core", "core", "spike"], ["reaper", "core"], ["fatal"]],
                      [["begone"], ["pit", "shot"], []])
        state.stacks[2] = []
        state.out[2] = True
        await install(pilot, screen, state)
        hand = visible_lines(screen.query_one("#sb-hand"))
        assert hand[1] == "Your hand, P1 You (P2 holds 2 cards):", hand
        assert "P3" not in hand[1]


# -- 1. a hint keeps the key to press -------------------------------------------------------
def four_player_hand() -> StakState:
    """Four players; Player 1 holds a Core Bot first and a Bountiful Bot second."""
    return build([["clumsy", "reaper", "spike"], ["bountiful", "bash"], ["clumsy", "tranq"],
                  ["shot", "pit"]],
                 [["core", "bountiful", "trip"], ["pit"], ["shot"], ["reaper"]])


@pytest.mark.parametrize("scrapped", [False, True])
@pytest.mark.parametrize(("kind", "effect"), [("discard", "core"), ("play", "bountiful")])
async def test_a_long_hint_keeps_its_key_in_view(tmp_path, scrapped, kind, effect):
    """"Hint: discard Core Bot (card 1 is picked: d discards it)." is wider than the
    status: rather than wrap it ("Hint: play Bountiful Bot (card 1 is picked: p plays" /
    "it)."), the status shows the shorter form that fits one line, the key at its end,
    and the turn line keeps its room."""
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4,
                   players=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        state = four_player_hand()
        state.scrapped = scrapped
        await install(pilot, screen, state)
        assert screen.status_width() == WIDTH
        key = kind[0]
        screen.on_hint(Move(kind, effect=effect), 0)
        screen.refresh_all()
        await pilot.pause()
        lines = status_lines(screen)
        assert len(lines) == 3 and all(len(line) <= WIDTH for line in lines), lines
        n = screen.cursor + 1
        assert len(screen.hint_forms[0]) > WIDTH  # the long form needs two lines
        assert screen.hint_forms[0].endswith(f"(card {n} is picked: {key} {kind}s it).")
        shown = [line for line in lines if line]
        assert shown[-1] == screen.hint_forms[1], lines  # the short one, on one line
        assert shown[-1].endswith(f"(card {n} is picked: {key})."), lines
        if not scrapped:  # the line it saved tells why the turn cannot end yet
            assert shown[-2] == "End turn (e) waits: nothing scrapped yet.", lines
        assert lines[0].startswith("Your turn: "), lines
        assert not any(line.startswith("it)") for line in lines), lines
        await follow_hint(pilot, screen, Move(kind, effect=effect))


@pytest.mark.parametrize("width", range(20, 60))
def test_a_hint_never_breaks_inside_its_parenthesis(width):
    """When a hint takes two lines, its parenthesis with the key goes whole onto the
    second (when it fits a line): never a lone "it)." under "... p plays"."""
    text = "Hint: play Bountiful Bot (card 1 is picked: p plays it)."
    lines = hint_wrap(text, width)
    assert " ".join(lines) == text and all(len(line) <= width for line in lines), lines
    tail = "(card 1 is picked: p plays it)."
    if len(tail) <= width:
        assert tail in lines[-1], lines
    if len(text) > width >= len(tail) + len("Hint: play Bountiful Bot "):
        assert lines == ["Hint: play Bountiful Bot", tail]


async def test_the_hint_keeps_its_lines_whatever_the_turn_line_needs(tmp_path, monkeypatch):
    """The message is laid out last and keeps its lines: a turn line longer than it was
    planned to be loses its own last lines, never the hint's key."""
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4,
                   players=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, four_player_hand())
        screen.on_hint(Move("discard", effect="core"), 0)
        monkeypatch.setattr(screen, "turn_keys",
                            lambda width, room=3: "Your turn: p play\nd discard\ns scrap")
        screen.refresh_all()
        await pilot.pause()
        lines = status_lines(screen)
        assert lines == ["Your turn: p play", "d discard",
                         "Hint: discard Core Bot (card 1 is picked: d)."], lines
