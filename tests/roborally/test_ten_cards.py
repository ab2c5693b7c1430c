"""RoboRally with a tenth card (Extra Memory, Flywheel): the hand labels it 0 and 0 picks it."""

from __future__ import annotations

from engines.roborally.cards import DECK
from screens.roborally.programming import hand_key
from tests.roborally.test_ui import wait_human
from tests.ui_helpers import SIZE, make_app, rr_screen, settle


def test_the_tenth_card_is_keyed_0() -> None:
    assert [hand_key(n) for n in range(10)] == [*"1234567890"]


async def test_0_puts_the_tenth_card_into_the_next_register(tmp_path) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=2,
        opponent="random",
        seed=11,
        options={"course": "first-steps"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        await pilot.press("1")  # face North
        await wait_human(pilot)
        state = screen.state
        assert state.pending_kind(0) == "program"
        red = state.bots[0]
        spare = [c for c in DECK if c not in red.hand and c not in state.bots[1].hand]
        red.hand.append(spare[0])  # as Extra Memory deals it
        hand = sorted(red.hand)
        assert len(hand) == 10
        screen.refresh_all()
        await settle(pilot)
        prog = str(screen.query_one("#rr-prog").render())
        assert "(1-9,0 pick" in prog
        await pilot.press("0")
        assert screen.chosen == [hand[9]]
        await pilot.press("1")
        assert screen.chosen == [hand[9], hand[0]]
