"""``v`` views the stacks in a scrollable window: every player's public cards with their
whole texts, which the narrow columns of 3 and 4 players cut with an ellipsis. Nothing
face down is ever named, nor another player's hand; it works at any moment."""

from __future__ import annotations

import pytest

from engines.stak_bots.moves import END, SCRAP
from screens.dialogs import PreviewScreen
from screens.stak_bots.render import STACKS_WIDTH, stacks_text
from screens.stak_bots.screen import StakBotsOverScreen, StakBotsScreen
from tests.stak_bots.support import build
from tests.stak_bots.test_keys import last_blow
from tests.stak_bots.test_prompts import install
from tests.stak_bots.test_screen import log_lines, visible_lines
from tests.stak_bots.test_ui import next_key
from tests.ui_helpers import SIZE, make_app, sb_screen, settle


def flat(text: str) -> str:
    return " ".join(text.split())


async def open_stacks(pilot) -> PreviewScreen:
    await pilot.press("v")
    await settle(pilot)
    window = pilot.app.screen
    assert isinstance(window, PreviewScreen)
    assert window.title_text.startswith("Stacks")
    assert max(len(line) for line in window.text.plain.splitlines()) <= STACKS_WIDTH
    return window


def cut_columns(screen: StakBotsScreen) -> list[int]:
    """The seats whose column cuts its top card's text with an ellipsis."""
    ell = screen.glyphs.ellipsis
    return [
        seat
        for seat in range(screen.state.num_players)
        if any(
            line.endswith(ell) for line in visible_lines(screen.query_one(f"#sb-stack-{seat}"))[4:]
        )
    ]


def hidden_names(screen: StakBotsScreen) -> set[str]:
    """The bots only face-down cards or other players' hands hold: shown nowhere."""
    state = screen.state
    you = screen.hand_seat()
    public = {state.name(c) for stack in state.stacks for c in stack if state.up[c]}
    if you is not None:
        public |= {state.name(c) for c in state.hands[you]}
    secret = {state.name(c) for stack in state.stacks for c in stack if not state.up[c]}
    secret |= {state.name(c) for seat, hand in enumerate(state.hands) if seat != you for c in hand}
    return secret - public


async def test_v_shows_every_top_card_in_full_and_nothing_face_down(tmp_path) -> None:
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        for _ in range(20):  # until a column cuts its top card's text
            if cut_columns(screen) or screen.state.is_terminal():
                break
            await pilot.press(next_key(screen))
            await settle(pilot)
        cut = cut_columns(screen)
        assert cut, "no column cuts its text: the test needs one"
        state = screen.state
        secret = hidden_names(screen)
        assert secret
        window = await open_stacks(pilot)
        plain = window.text.plain
        for seat in range(state.num_players):
            label = screen.stack_labels()[seat]
            assert f"\n{label}: " in plain
            if state.out[seat]:
                continue
            top = state.bots[state.kinds[state.stacks[seat][-1]]]
            assert f"Top: {top.name} (power " in plain
            assert flat(top.text) in flat(plain), (seat, top.text)
            count = len(state.hands[seat])
            assert f"{count} card{'' if count == 1 else 's'} in hand" in plain
            for card in state.stacks[seat][:-1]:  # the other face-up cards, whole
                if state.up[card]:
                    assert state.name(card) in plain
        assert "P1 You: " in plain and "Your hand, P1 You:" in plain
        for name in secret:
            assert name not in plain, name
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        await open_stacks(pilot)
        await pilot.press("v")  # v closes it too
        await settle(pilot)
        assert app.screen is screen


def test_window_lists_face_up_cards_in_stack_order_and_hides_the_rest() -> None:
    # bottom first, "+" face up: Reaper Bot lies under two face-down cards
    state = build(
        [["clumsy", "reaper+", "trip", "pit", "stomp"], ["expel", "sidekick", "bash"], []],
        [["shot"], ["begone", "tranq"], ["fatal"]],
    )
    state.out[2] = True
    top = state.stacks[0][-1]
    state.damage[top], state.attacker = 2, top
    labels = ["P1 You", "P2 Computer 1", "P3 Computer 2"]
    plain = stacks_text(state, labels, hand_seat=0).plain
    assert plain.startswith("Turn 1, P1 You to play.")
    mine = plain.split("\n\n")[1].splitlines()
    assert mine[0] == "P1 You: 5 cards in the stack, 3 face down; 1 card in hand"
    assert mine[1] == "  Top: Stomp Bot (power 3, dmg 2, attacking this turn)"
    assert flat(" ".join(mine[2:4])).startswith("Stomp: once it attacks")
    assert [line for line in mine if not line.startswith("    ")][2:] == [
        "  [2 face down]",
        "  #4 Reaper Bot (power 1)",
        "  [1 face down]",
    ]
    assert "P3 Computer 2: out" in plain
    assert plain.split("\n\n")[-1].startswith("Your hand, P1 You:\n  1 Shot Bot")
    for name in ("Clumsy", "Trip", "Pit", "Expel", "Sidekick", "Begone", "Tranq", "Fatal"):
        assert f"{name} Bot" not in plain, name
    assert "Shot Bot" not in stacks_text(state, labels, hand_seat=None).plain


async def test_v_works_while_a_computer_plays_and_after_the_game(tmp_path) -> None:
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(
            pilot,
            screen,
            build([["core", "bash", "spike"], ["fatal", "stomp"]], [["leader"], ["tranq"]]),
        )
        play, screen.start_computer = screen.start_computer, lambda seat: screen.refresh_all()
        screen.play(SCRAP, 0)
        screen.play(END, 0)
        await settle(pilot)
        assert screen.ui_phase() == "wait"  # the computer's turn, held
        window = await open_stacks(pilot)
        assert "P2 Computer to play" in window.text.plain
        # your hand stays on screen while the computer plays, so in the window too
        assert "Your hand" in " ".join(visible_lines(screen.query_one("#sb-hand")))
        assert "Your hand, P1 You:\n  1 Leader Bot" in window.text.plain
        assert "Tranq Bot" not in window.text.plain  # the computer's hand
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        screen.start_computer = play

        await install(pilot, screen, last_blow())
        await pilot.press("a", "enter")  # the one target, confirmed: the game is over
        await settle(pilot)
        assert isinstance(app.screen, StakBotsOverScreen)
        await pilot.press("b")  # look at the board
        await settle(pilot)
        assert app.screen is screen and screen.ui_phase() == "over"
        window = await open_stacks(pilot)
        assert window.text.plain.startswith("The game is over.")
        assert "P2 Computer: out" in window.text.plain
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_events_heading_names_both_windows(tmp_path, players) -> None:
    app = make_app(
        tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=players
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        assert log_lines(screen)[0].strip() == "Events  l log v stacks"
        assert "v stacks" not in " ".join(visible_lines(screen.query_one("Footer")))
