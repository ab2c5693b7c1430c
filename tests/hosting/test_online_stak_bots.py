"""Stak Bots at a table: an entry effect of yours whose choice goes to the other person
(Expel Bot: you pick a player, they scrap a card from their hand) waits for them, and their
answer at the other terminal brings your turn back."""

from __future__ import annotations

from pathlib import Path

from engines.match import Match
from engines.stak_bots.moves import Move
from screens.stak_bots.screen import StakBotsScreen
from tests.hosting.lobby_pilot import SIZE, host_table, lobby_app, running_server, shows, until
from tests.hosting.messages import person
from tests.hosting.online_pilot import other_moves, session_of, sit_down
from tests.ui_helpers import screen_text

SEED = 3  # Anna (seat 0) starts with an Expel Bot; Bob holds two different cards


async def test_an_entry_effect_asks_the_other_player(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        bob, _ = await host_table(server, "stak-bots", [person(), person()], my_seat=1)
        table = server.tables[1]  # a deal the test knows, before anyone has moved
        old = table.saved.match
        table.saved.match = Match(old.spec, 2, old.options, SEED)
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            screen = await sit_down(pilot, 1, 0)
            assert isinstance(screen, StakBotsScreen)
            session = session_of(app)
            state = session.match.state
            await until(pilot, screen.human_to_move, "Anna's turn")
            effects = [state.effects[c] for c in state.hands[0]]
            await pilot.press(str(effects.index("expel") + 1), "p")
            await until(pilot, lambda: len(session.match.log) == 1, "the Expel Bot played")
            if state.choice is not None and state.choice.seat == 0:  # whom to expel: Bob
                options = screen.prompt_options()
                await pilot.press(str(options.index(Move("expel", seat=1)) + 1))
            await until(
                pilot, lambda: state.choice is not None and state.choice.seat == 1, "Bob's choice"
            )
            await shows(pilot, "Waiting for Bob...")
            assert screen.ui_phase() == "wait"
            await pilot.press("p")  # not Anna's decision: nothing is sent
            assert len(session.match.log) == len(table.saved.match.log)
            await other_moves(pilot, bob, 1)  # Bob scraps a card from his hand
            await until(pilot, lambda: screen.ui_phase() == "turn", "Anna's turn again")
            assert state.choice is None and state.active == 0
            await shows(pilot, "P2 Bob scraps")
            assert "Waiting for Bob" not in screen_text(app)
            fingerprint = table.saved.match.state.fingerprint()
            assert session.match.state.fingerprint() == fingerprint
            await bob.close()
