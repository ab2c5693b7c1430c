"""The table game's own keys and messages at 80x24, with a stand-in table (no server): the
table window (ctrl+t: seats, chat, the creator's stand-in, the private code), the bell on
your turn, leaving, a closed table, and a game read again after the table refused a move."""

from __future__ import annotations

from pathlib import Path

from screens.dialogs import ConfirmScreen
from screens.game_screen import GameScreen
from screens.menu import MainMenu
from screens.online import open_table_screen
from screens.online.session import TableSession
from screens.online.table_window import LevelScreen, TableWindow
from tests.hosting.online_fakes import FakeClient, FakeTable, seat
from tests.ui_helpers import SIZE, make_app, play_one_move, screen_text


def robot_master(bob_away: int = 0) -> FakeTable:
    return FakeTable(
        "robot-master", [seat(0, "Anna"), seat(1, "Bob", present=not bob_away, absent_for=bob_away)]
    )


async def open_game(
    app,
    pilot,
    table: FakeTable,
    you: int | None = 0,
    creator: bool = False,
    code: str | None = None,
) -> tuple[TableSession, FakeClient, GameScreen]:
    client = FakeClient()
    msg = table.table_msg(you=you, creator=creator)
    msg["code"] = code
    session = TableSession(client, msg)
    screen = open_table_screen(app, session)
    await app.push_screen(screen)
    await pilot.pause()
    return session, client, screen


async def test_chat_from_the_table_window(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        session, client, _ = await open_game(app, pilot, robot_master(), code="K7Q2")
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, TableWindow)
        text = screen_text(app)
        assert "Table 3: Robot Master" in text and "private code: K7Q2" in text
        assert "1. Anna (you)  here" in text and "2. Bob  here" in text
        assert "No chat yet." in text
        await pilot.press(*"hello Bob", "enter")
        await pilot.pause()
        assert client.of("chat") == [{"type": "chat", "table": 3, "text": "hello Bob"}]
        await pilot.press(*("x" * 201), "enter")
        await pilot.pause()
        assert "A chat line has at most 200 cells." in screen_text(app)
        assert len(client.of("chat")) == 1
        session.handle(
            {"type": "chat", "table": 3, "line": {"who": "Bob", "text": "hi Anna", "time": "20:15"}}
        )
        await pilot.pause()
        assert "20:15 Bob: hi Anna" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "Bob: hi Anna" in screen_text(app)  # the status line said it too


async def test_the_creator_hands_an_absent_seat_to_the_computer_and_back(tmp_path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = robot_master(bob_away=120)  # 2 minutes of the table's 5
        session, client, _ = await open_game(app, pilot, table, creator=True)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert "away 2 min" in screen_text(app)
        await pilot.press("tab", "down", "enter")
        await pilot.pause()
        assert "Possible once Bob is away 5 min (in 3 min)." in screen_text(app)
        table.seats[1]["absent_for"] = table.seats[1]["gone_for"] = 400
        session.handle(table.seats_msg(you=0))
        await pilot.pause()
        assert "away 6 min" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LevelScreen)
        await pilot.press("down", "down", "enter")  # random, easy, normal
        await pilot.pause()
        assert client.of("stand_in") == [
            {"type": "stand_in", "table": 3, "seat": 1, "level": "normal"}
        ]
        table.seats[1]["stand_in"] = "normal"
        session.handle(table.seats_msg(you=0))
        await pilot.pause()
        assert "played by the computer (normal)" in screen_text(app)
        await pilot.press("enter")  # give it back
        await pilot.pause()
        assert client.of("stand_in")[-1]["level"] is None


async def test_any_seated_person_hands_seats_over_not_a_spectator(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        _, client, _ = await open_game(app, pilot, robot_master(bob_away=900))  # not creator
        await pilot.press("ctrl+t")
        await pilot.pause()
        await pilot.press("tab", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LevelScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert client.of("stand_in") == [
            {"type": "stand_in", "table": 3, "seat": 1, "level": "random"}
        ]
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        _, client, _ = await open_game(app, pilot, robot_master(bob_away=900), you=None)
        await pilot.press("ctrl+t")
        await pilot.pause()
        await pilot.press("tab", "down", "enter")
        await pilot.pause()
        assert "Only the people playing here hand a seat" in screen_text(app)
        assert not client.of("stand_in")


async def test_a_never_table_hands_a_seat_over_by_agreement(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = robot_master(bob_away=900)
        table.stand_in_after = 0
        session, client, _ = await open_game(app, pilot, table)
        await pilot.press("ctrl+t")
        await pilot.pause()
        await pilot.press("tab", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LevelScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert client.of("stand_in")[-1]["seat"] == 1
        assert "You agree that the computer (random) plays for Bob." in screen_text(app)
        table.seats[1]["stand_in_votes"] = [0]
        session.handle(table.seats_msg(you=0))
        await pilot.pause()
        assert "1 agrees to a stand-in" in screen_text(app)


async def test_resigning_from_the_table_window_asks_once(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        session, client, _ = await open_game(app, pilot, robot_master())
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert "^r resigns" in screen_text(app)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "The other side wins." in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert not client.of("resign")
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert client.of("resign") == [{"type": "resign", "table": 3}]
        assert isinstance(app.screen, TableWindow)


async def test_resigning_from_the_game_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = FakeTable("stak-bots", [seat(0, "Anna"), seat(1, "Bob"), seat(2, "Carl")])
        session, client, screen = await open_game(app, pilot, table)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "the others play on" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        assert client.of("resign") == [{"type": "resign", "table": 3}]
        session.handle(table.play(0, "resign"))
        table.seats[0]["resigned"] = True
        msg = table.table_msg(you=None)
        session.handle(msg)
        await pilot.pause()
        assert session.watching and screen.is_attached
        await pilot.press("ctrl+r")  # watching: nothing to resign
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        assert len(client.of("resign")) == 1


async def test_closing_a_running_table_is_an_agreement(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = robot_master()
        session, client, _ = await open_game(app, pilot, table, creator=True)
        await pilot.press("ctrl+t")
        await pilot.pause()
        await pilot.press("ctrl+x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Agree to close this table?" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        assert client.of("close") == [{"type": "close", "table": 3}]
        table.close_votes = [0]
        session.handle(table.seats_msg(you=0))
        await pilot.pause()
        assert "agrees to close" in screen_text(app)
        await pilot.press("ctrl+x")  # again: no longer agreeing
        await pilot.pause()
        assert client.of("keep_open") == [{"type": "keep_open", "table": 3}]


async def test_the_bell_rings_on_your_turn_once(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    rings: list[int] = []
    app.bell = lambda: rings.append(1)  # type: ignore[method-assign]
    app.table_bell = True  # type: ignore[attr-defined]
    async with app.run_test(size=SIZE) as pilot:
        table = robot_master()
        session, client, screen = await open_game(app, pilot, table, you=1)
        assert rings == [] and "Waiting for Anna..." in screen_text(app)
        session.handle(
            table.play(0, table.spec.encode_action(table.match.state.legal_actions(0)[0]))
        )
        await pilot.pause()
        assert rings == [1] and screen.human_to_move()
        await pilot.press("right")
        await pilot.pause()
        assert rings == [1]


async def test_leaving_says_the_seat_stays_yours(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(app, pilot, robot_master())
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == (
            "Leave the table? Your seat stays yours: come back from the lobby."
        )
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)  # (the lobby in lobby mode)


async def test_a_closed_table_says_so_and_goes_back(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        session, _, _ = await open_game(app, pilot, robot_master())
        session.handle({"type": "closed", "table": 3, "reason": "Bob closed the table."})
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert [n.message for n in app._notifications] == ["Bob closed the table."]


async def test_a_refused_move_reads_the_table_again(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        table = robot_master()
        session, client, screen = await open_game(app, pilot, table)
        await play_one_move(pilot)
        assert len(session.match.log) == 1 and len(client.of("move")) == 1
        session.handle(
            {
                "type": "error",
                "code": "not_your_turn",
                "table": 3,
                "message": "It is not your turn.",
            }
        )
        await pilot.pause()
        assert client.of("sync") and "It is not your turn." in screen_text(app)
        session.handle(table.table_msg(you=0))  # the table never took it
        await pilot.pause()
        assert session.match.log == [] and screen.human_to_move()
        await play_one_move(pilot)  # and the game goes on
        assert len(client.of("move")) == 2


async def test_the_bell_rings_once_a_turn_while_everyone_programs(tmp_path: Path) -> None:
    """RoboRally: the others' answers coming in while you choose do not ring again; the
    next phase of yours does."""
    app = make_app(tmp_path)
    rings: list[int] = []
    app.bell = lambda: rings.append(1)  # type: ignore[method-assign]
    app.table_bell = True  # type: ignore[attr-defined]
    async with app.run_test(size=SIZE) as pilot:
        table = FakeTable("roborally", [seat(0, "Anna"), seat(1, "Bob"), seat(2, "Carl")])
        session, client, screen = await open_game(app, pilot, table)
        assert screen.ui_phase() == "decide" and rings == [1]  # which way to face
        state = table.match.state
        session.handle(table.play(1, table.spec.encode_action(state.legal_actions(1)[0])))
        await pilot.pause()
        assert rings == [1]
        await pilot.press("1")
        await pilot.pause()
        (sent,) = client.of("move")
        assert session.waiting_for_echo() and screen.ui_phase() == "wait"
        session.handle(table.play(0, sent["text"]))
        session.handle(table.play(2, table.spec.encode_action(state.legal_actions(2)[0])))
        await pilot.pause()
        assert state.phase == "program" and screen.ui_phase() == "program"
        assert rings == [1, 1]


async def test_a_spectator_has_no_keys_of_the_players(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        _, client, _ = await open_game(app, pilot, robot_master(), you=None)
        footer = screen_text(app).split("\n")[-1]
        assert "^t Table" in footer and "Pick" not in footer and "Place" not in footer
        assert "Hands are hidden." in screen_text(app)
        await pilot.press("0", "enter", "H", "u")
        await pilot.pause()
        assert not client.of("move")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "Stop watching this table?"


async def test_a_reconnect_finds_the_half_built_program_the_table_kept(tmp_path: Path) -> None:
    table = FakeTable("roborally", [seat(0, "Anna"), seat(1, "Bob")])
    for n in (0, 1):  # both robots face a way first
        table.play(n, table.spec.encode_action(table.match.state.legal_actions(n)[0]))
    hand = list(table.match.state.view(0).hand)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        client = FakeClient()
        msg = table.table_msg(you=0)
        msg["draft"] = "2,0,-,-,-"
        session = TableSession(client, msg)
        screen = open_table_screen(app, session)
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.chosen == [hand[2], hand[0]]  # type: ignore[attr-defined]
        await pilot.press("4")
        await pilot.pause()
        assert client.of("draft")[-1] == {
            "type": "draft",
            "table": 3,
            "seat": 0,
            "text": "2,0,3,-,-",
        }
        # another session of Anna's takes a card out: this one shows it at once
        session.handle({"type": "draft", "table": 3, "seat": 0, "text": "2,-,-,-,-"})
        await pilot.pause()
        assert screen.chosen == [hand[2]]  # type: ignore[attr-defined]
        assert client.of("draft")[-1]["text"] == "2,0,3,-,-"  # not sent back


async def test_another_robot_resigning_mid_programming_plays_on(tmp_path: Path) -> None:
    table = FakeTable("roborally", [seat(0, "Anna"), seat(1, "Bob"), seat(2, "Carl")])
    for n in (0, 1, 2):  # the robots face a way first
        table.play(n, table.spec.encode_action(table.match.state.legal_actions(n)[0]))
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        session, client, screen = await open_game(app, pilot, table)
        session.handle(table.play(1, "resign"))
        table.seats[1]["resigned"] = True
        session.handle(table.seats_msg(you=0))
        await pilot.pause()
        assert session.match.state.resigned() == (1,) and screen.is_attached
        assert screen.ui_phase() == "program"  # Anna programs on
        assert not client.of("sync")
