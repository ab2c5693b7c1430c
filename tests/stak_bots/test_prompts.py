"""Stak Bots prompts at 80x24: the options take two lines while no message needs the
third, and a prompt about your hand lists it in the hand's order and numbers."""

from __future__ import annotations

import pytest

from engines.stak_bots.moves import TAKE, Move
from engines.stak_bots.state import StakState
from screens.stak_bots.render import option_rows, option_window
from screens.stak_bots.screen import StakBotsScreen
from tests.stak_bots.support import act, build, match_from
from tests.stak_bots.test_screen import visible_lines
from tests.ui_helpers import SIZE, make_app, sb_screen, settle

WIDTH = 53  # the status lines at 80x24


async def install(pilot, screen: StakBotsScreen, state: StakState) -> None:
    """Play on from a hand-built position (a match that starts from it: undo replays it)."""
    screen.session.saved.match = match_from(screen.session.match, state)
    screen.advance()
    await settle(pilot)


def status_lines(screen: StakBotsScreen) -> list[str]:
    return visible_lines(screen.query_one("#sb-status"))


def hand_text(screen: StakBotsScreen) -> str:
    return "\n".join(visible_lines(screen.query_one("#sb-hand")))


def tranq_position() -> StakState:
    """Three players; player 1 holds a Tranq Bot with four face-up cards to reset."""
    return build(
        [["core", "reaper+", "core"], ["core", "fatal"], ["core", "bash"]],
        [["tranq"], [], []],
    )


def laid_out(labels: list[str], first: int, end: int, width: int) -> list[str]:
    rows = option_rows(labels, first, end, width)
    lines = ["  ".join(labels[i] for i in row) for row in rows]
    if first:
        lines[0] = "\u2026 " + lines[0]
    if end < len(labels):
        lines[-1] += " \u2026"
    return lines


def test_options_wrap_onto_two_lines_between_whole_options():
    labels = ["1 P1 #2 Reaper Bot", "2 P2 top Fatal Bot", "3 P3 top Tranq Bot"]
    assert option_window(labels, 0, WIDTH) != (0, 3)  # one line does not hold them
    assert option_window(labels, 0, WIDTH, lines=2) == (0, 3)
    assert laid_out(labels, 0, 3, WIDTH) == [
        "1 P1 #2 Reaper Bot  2 P2 top Fatal Bot",
        "3 P3 top Tranq Bot",
    ]


@pytest.mark.parametrize("selected", range(12))
def test_many_options_scroll_on_two_lines_around_the_selected(selected):
    labels = [f"{i + 1} P{i % 4 + 1} top Reaper Bot" for i in range(12)]
    first, end = option_window(labels, selected, WIDTH, lines=2)
    assert first <= selected < end
    lines = laid_out(labels, first, end, WIDTH)
    assert len(lines) <= 2 and all(len(line) <= WIDTH for line in lines)
    assert end - first >= 4  # two lines' worth, not one
    if end < len(labels):  # one more would not fit
        assert len(option_rows(labels, first, end + 1, WIDTH)) > 2
    if first > 0:
        assert len(option_rows(labels, first - 1, end, WIDTH)) > 2


async def test_tranq_prompt_uses_two_lines_until_a_message_needs_one(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, tranq_position())
        await pilot.press("1", "p")  # play the Tranq Bot
        await settle(pilot)
        options = screen.prompt_options()
        assert screen.state.choice is not None and screen.state.choice.kind == "reset"
        assert len(options) == 4 and not screen.message
        lines = status_lines(screen)
        assert lines[0] == "Your Tranq Bot: choose a face-up card to reset"
        # every option in full, none cut off; your own stack's cards are "your"
        assert lines[1:] == [
            "1 your #2 Core Bot  2 your #3 Reaper Bot",
            "3 P2 top Fatal Bot  4 P3 top Bash Bot",
        ], lines

        screen.message = "A message that must stay in view."
        screen.refresh_all()
        await pilot.pause()
        lines = status_lines(screen)
        assert lines[1].startswith("1 your #2 Core Bot") and lines[1].endswith("\u2026")
        assert lines[2] == "A message that must stay in view."


def expel_position() -> StakState:
    """Player 1 holds an Expel Bot, then a Bash Bot and a Clumsy Bot (the card set lists
    the Clumsy Bot first); nobody else holds a card. Played, it asks who scraps a hand
    card: player 1 (option 1) or player 2, who has none."""
    return build([["core", "core"], ["core", "core"]], [["expel", "bash", "clumsy"], []])


async def test_expel_prompt_follows_the_hand_order_and_numbers(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, expel_position())
        await pilot.press("1", "p")  # play the Expel Bot: who scraps a hand card?
        await settle(pilot)
        state = screen.state
        assert state.choice is not None and state.choice.kind == "expel"
        assert status_lines(screen)[:2] == [
            "Your Expel Bot: choose who scraps a hand card",
            "1 you (2 in hand)  2 P2 (0 in hand)",
        ]
        await pilot.press("1")  # yourself: now you choose which card
        await settle(pilot)
        assert state.choice is not None and state.choice.kind == "lose"
        hand = hand_text(screen)
        assert hand.index("1 Bash Bot") < hand.index("2 Clumsy Bot")
        lines = status_lines(screen)
        assert lines[0] == "Your Expel Bot: choose a hand card to scrap"
        assert lines[1] == "1 Bash Bot  2 Clumsy Bot"
        assert screen.prompt_options() == [
            Move("lose", effect="bash"),
            Move("lose", effect="clumsy"),
        ]
        await pilot.press("1")  # hand card 1, the Bash Bot
        await settle(pilot)
        assert [state.effects[c] for c in state.hands[0]] == ["clumsy"]
        assert state.effects[state.heap[-1]] == "bash"


def react_position() -> StakState:
    """Reactive play: player 2 (the computer) attacks player 1, who holds a Bash Bot and
    a Clumsy Bot and may block."""
    state = build(
        [["core", "core"], ["core", "core"]], [["bash", "clumsy"], []], active=1, reactive=True
    )
    return act(state, "attack p1")


async def test_block_prompt_numbers_the_hand_and_starts_on_letting_it_happen(tmp_path):
    app = make_app(
        tmp_path,
        start="play",
        game="stak-bots",
        opponent="random",
        seed=4,
        options={"reactive": "on"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, react_position())
        state = screen.state
        assert state.choice is not None and state.choice.kind == "react"
        assert screen.prompt_options() == [
            Move("react", effect="bash"),
            Move("react", effect="clumsy"),
            TAKE,
        ]
        assert screen.option == 2  # Enter lets the attack happen, as before
        assert status_lines(screen)[1].startswith("1 block with Bash Bot")
        await pilot.press("2")  # hand card 2 blocks
        await settle(pilot)
        assert "Player 1 blocks the attack by playing Clumsy Bot." in state.events


def test_who_scraps_a_hand_card_names_seats_short_so_four_fit():
    """Expel with 4 players: "P3 (2 in hand)", not "P3 Computer 1 (2 in hand)", so all
    four options show on the prompt's two lines."""
    from engines.stak_bots.moves import Move
    from screens.stak_bots.render import option_label, option_window
    from tests.stak_bots.support import build

    state = build(
        [["bash"], ["spike"], ["pit"], ["shot"]],
        [["reaper", "trip"], ["tranq"], ["stomp", "fatal"], []],
    )
    names = ["P1 You", "P2 Computer 1", "P3 Computer 2", "P4 Computer 3"]
    labels = [f"{s + 1} {option_label(state, Move('expel', seat=s), names)}" for s in range(4)]
    assert labels[2] == "3 P3 (2 in hand)" and labels[3] == "4 P4 (0 in hand)"
    assert option_window(labels, 3, 53, lines=2) == (0, 4)


async def test_enter_just_after_a_prompt_opens_does_not_answer_it(tmp_path, monkeypatch):
    """`1` answers the Begone Bot prompt; an Enter a moment later must not answer the Expel
    Bot prompt that comes next, unseen (the log only says a card is scrapped). Enter
    waits PROMPT_SETTLE seconds after a prompt opens; a digit still answers at once.
    (Here: `1` answers the Expel Bot's "who?" with yourself; which card comes next.)"""
    from screens import dialogs
    from screens.stak_bots import screen as stak_bots_screen

    clock = [100.0]
    monkeypatch.setattr(dialogs, "clock", lambda: clock[0])
    monkeypatch.setattr(stak_bots_screen, "PROMPT_SETTLE", 0.5)
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="hard", seed=42)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, expel_position())
        state = screen.state
        await pilot.press("1", "p")
        await settle(pilot)
        assert state.choice is not None and state.choice.seat == 0  # who scraps a card?
        first = state.choice
        clock[0] += 2.0
        await pilot.press("1")  # a digit names its option: taken at once
        await settle(pilot)
        second = state.choice
        assert second is not None and second is not first and second.seat == 0
        moves = len(screen.session.match.log)
        clock[0] += 0.3
        await pilot.press("enter")  # one press too many: not taken
        await settle(pilot)
        assert state.choice is second and len(screen.session.match.log) == moves
        assert "A new prompt: read it, then choose." in " ".join(status_lines(screen))
        clock[0] += 0.5
        await pilot.press("enter")  # read: now it answers
        await settle(pilot)
        assert screen.session.match.log[moves].seat == 0 and state.choice is not second
