"""At a table each terminal shows only what its seat may see: for every game, at several
points of a seeded game, the screen of another seat and of a spectator never shows a card
that seat may not see (compared with the state's truth), and names and chat with escape
sequences arrive harmless.

The table's messages come from a stand-in table (tests/hosting/online_fakes.py) holding the
real match, so the game is seeded and the checks see the truth beside each screen."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engines.core import GameState
from screens.games import playable_game_infos
from screens.online import open_table_screen
from screens.online.session import TableSession
from screens.online.table_window import TableWindow
from screens.robo_factory.draw import robots_rows
from screens.robo_factory.results import TurnResultScreen
from screens.roborally.draw import card_label
from tests.hosting.online_fakes import FakeClient, FakeTable, seat
from tests.ui_helpers import SIZE, make_app, screen_text

Check = Callable[[str, Any, GameState, int | None], None]


# -- what each game may show ---------------------------------------------------------------
def robot_master_check(text: str, screen: Any, state: GameState, viewer: int | None) -> None:
    """Only the viewer's own hand is drawn (value x count); a spectator sees none."""
    pairs = re.findall(r"(\d)\u00d7(\d+)", text)
    if viewer is None:
        assert not pairs and "Hands are hidden." in text
        return
    assert pairs, text
    for value, count in pairs:
        assert state.hands[viewer][int(value)] == int(count), (value, count, text)


def stak_bots_check(text: str, screen: Any, state: GameState, viewer: int | None) -> None:
    """No bot in another hand or face down is named unless the same bot is in sight."""
    seats = range(state.num_players)
    hidden = {state.name(c) for s in seats if s != viewer for c in state.hands[s]}
    hidden |= {state.name(c) for s in seats for c in state.stacks[s] if not state.up[c]}
    seen = {state.name(c) for s in seats for c in state.stacks[s] if state.up[c]}
    seen |= {state.name(c) for c in state.heap}
    if viewer is not None:
        seen |= {state.name(c) for c in state.hands[viewer]}
    told = " ".join(state.events)
    secret = {name for name in hidden - seen if name not in told}
    assert not [name for name in secret if name in text], (secret, text)


def roborally_check(text: str, screen: Any, state: GameState, viewer: int | None) -> None:
    """No card of another robot's hand or unrevealed program is in the side panel."""
    panel = str(screen.query_one("#rr-prog").render())
    mine = (
        set(state.bots[viewer].hand) | set(state.bots[viewer].regs) if viewer is not None else set()
    )
    others = {c for s, b in enumerate(state.bots) if s != viewer for c in (*b.hand, *b.regs) if c}
    for card in others - mine:
        assert not re.search(rf"\b{re.escape(card_label(card))}\b", panel), (card, panel)


def _pictures(lines: list[str]) -> set[str]:
    """The robot cards drawn on the terminal: head, torso and legs letters, top to bottom."""
    found = set()
    for row, line in enumerate(lines[:-2]):
        for head in re.finditer(r"\((\w)\)", line):
            col = head.start()
            torso = re.match(r"=\[(\w)\]=", lines[row + 1][col - 1 : col + 4])
            legs = re.match(r"/(\w)\\", lines[row + 2][col : col + 3])
            if torso and legs:
                found.add(head.group(1) + torso.group(1) + legs.group(1))
    return found


def _card_picture(card: int) -> str:
    return next(iter(_pictures([row.plain for row in robots_rows([card])])))


def robo_factory_check(text: str, screen: Any, state: GameState, viewer: int | None) -> None:
    """No private card of another manufacturer is drawn (nor the order card)."""
    seats = range(state.num_players)
    customer = state.customer
    others = {c for s in seats if s not in (viewer, customer) for c in state.dealt_hand(s)}
    visible = set(state.open_cards)
    if viewer is not None and viewer != customer:
        visible |= set(state.dealt_hand(viewer))
    secret = {_card_picture(c) for c in others - visible}
    secret -= {_card_picture(c) for c in visible}  # two cards may look alike
    assert not _pictures(text.split("\n")) & secret, text


GAMES: dict[str, tuple[list[dict[str, Any]], Check, int]] = {
    "robot-master": ([seat(0, "Anna"), seat(1, "Bob")], robot_master_check, 4),
    "stak-bots": ([seat(0, "Anna"), seat(1, "Bob"), seat(2, "Carl")], stak_bots_check, 6),
    "roborally": (
        [seat(0, "Anna"), seat(1, "Bob"), seat(2, "Computer", kind="computer", level="random")],
        roborally_check,
        3,
    ),
    "robo-factory": ([seat(0, "Anna"), seat(1, "Bob"), seat(2, "Carl")], robo_factory_check, 3),
}


async def _follow(tmp_path: Path, game: str, viewer: int | None, seed: int) -> int:
    """Play a seeded game at a stand-in table, the app following it as ``viewer`` (None: a
    spectator); check the terminal every few moves. Returns how many checks were made."""
    assert game in GAMES, f"add {game} to GAMES: its seats and what each may not see"
    seats, check, every = GAMES[game]
    table = FakeTable(game, [dict(s) for s in seats], seed=seed)
    rng = random.Random(seed)
    app = make_app(tmp_path)
    checks = 0
    async with app.run_test(size=SIZE) as pilot:
        session = TableSession(FakeClient(), table.table_msg(you=viewer))
        screen = open_table_screen(app, session)
        await app.push_screen(screen)
        await pilot.pause()
        state = table.match.state
        for step in range(60):
            if state.is_terminal():
                break
            mover = rng.choice(state.to_move())
            action = rng.choice(state.legal_actions(mover))
            session.handle(table.play(mover, table.spec.encode_action(action)))
            await pilot.pause()
            if step % every:
                continue
            if game == "roborally" and (screen.queue or screen.shown is not None):
                await pilot.press("x")  # skip the registers' playback: a turn's picture
                await pilot.pause()
            assert session.match.state.fingerprint() == state.fingerprint()
            check(screen_text(app), screen, session.match.state, viewer)
            checks += 1
            while isinstance(app.screen, TurnResultScreen):
                await pilot.press("enter")
                await pilot.pause()
    return checks


@pytest.mark.parametrize("game", sorted(info.id for info in playable_game_infos()))
@pytest.mark.parametrize("viewer", [1, None], ids=["other seat", "spectator"])
async def test_a_screen_shows_only_what_its_seat_may_see(
    tmp_path: Path, game: str, viewer: int | None
) -> None:
    assert await _follow(tmp_path, game, viewer, seed=11) >= 3


async def test_names_and_chat_with_escape_sequences_arrive_harmless(tmp_path: Path) -> None:
    evil = "\x1b]0;owned\x07Bob\x1b[2J\u202e"
    table = FakeTable("robot-master", [seat(0, "Anna"), seat(1, evil)])
    chat = [{"who": evil, "text": "hi\x1b[31m red\x07 \x9b2J", "time": "12:00"}]
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        session = TableSession(FakeClient(), table.table_msg(you=0, chat=chat))
        await app.push_screen(open_table_screen(app, session))
        await pilot.pause()
        session.handle(
            {
                "type": "chat",
                "table": 3,
                "line": {"who": evil, "text": "\x1b[H\x1b[2Jgg", "time": "12:01"},
            }
        )
        await pilot.pause()
        text = screen_text(app)
        assert "Bob: gg" in text
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, TableWindow)
        text += screen_text(app)
        assert "Bob: hi red" in text
        for bad in ("\x1b", "\x07", "\x9b", "\u202e", "owned"):
            assert bad not in text
