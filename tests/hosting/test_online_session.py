"""TableSession without a screen or a server: your moves are played and sent, the echo
confirms them, other seats' moves are applied, anything that does not fit asks for the table
again, and a table refuses what a local game offers (undo, hints, renaming)."""

from __future__ import annotations

import pytest

from engines.core import IllegalAction
from screens.online.session import NO_UNDO, SAVED_ON_HOST, TableSession, chat_problem
from tests.hosting.online_fakes import FakeClient, FakeTable, seat


def robot_master_table() -> FakeTable:
    return FakeTable("robot-master", [seat(0, "Anna"), seat(1, "Bob")])


def first_legal(session: TableSession, who: int):
    return session.match.state.legal_actions(who)[0]


def test_your_move_is_played_sent_and_confirmed_by_its_echo() -> None:
    table = robot_master_table()
    client = FakeClient()
    session = TableSession(client, table.table_msg(you=0))
    assert session.humans == [0] and session.is_human(0) and not session.is_human(1)
    assert not session.hot_seat
    action = first_legal(session, 0)
    session.play(action, 0)
    text = session.spec.encode_action(action)
    assert client.of("move") == [{"type": "move", "table": 3, "seat": 0, "text": text}]
    assert len(session.match.log) == 1
    session.handle(table.play(0, text))  # the echo
    assert len(session.match.log) == 1 and not client.of("sync")
    reply = table.play(1, table.spec.encode_action(table.match.state.legal_actions(1)[0]))
    session.handle(reply)
    assert len(session.match.log) == 2
    assert session.match.state.fingerprint() == table.match.state.fingerprint()


def test_a_move_out_of_turn_is_refused_here() -> None:
    table = robot_master_table()
    session = TableSession(FakeClient(), table.table_msg(you=1))
    with pytest.raises(IllegalAction):
        session.play(first_legal(session, 0), 0)


def test_a_gap_or_another_move_where_yours_was_asks_for_the_table() -> None:
    table = robot_master_table()
    client = FakeClient()
    session = TableSession(client, table.table_msg(you=0))
    moves = table.match.state.legal_actions(0)
    session.play(moves[0], 0)
    # the server took another move at index 0 (say, a stand-in): it does not fit
    session.handle(table.play(0, table.spec.encode_action(moves[1])))
    assert client.of("sync") == [{"type": "sync", "table": 3}]
    assert session.syncing
    session.handle(table.table_msg(you=0))  # the whole table: rebuilt from it
    assert not session.syncing
    assert session.match.state.fingerprint() == table.match.state.fingerprint()
    # a move that skips one
    other = table.spec.encode_action(table.match.state.legal_actions(1)[0])
    table.play(1, other)
    reply = table.play(0, table.spec.encode_action(table.match.state.legal_actions(0)[0]))
    session.handle(reply)
    assert len(client.of("sync")) == 2


def test_an_error_is_said_and_the_table_read_again() -> None:
    table = robot_master_table()
    client = FakeClient()
    session = TableSession(client, table.table_msg(you=0))
    session.play(first_legal(session, 0), 0)
    session.handle({"type": "error", "code": "illegal", "message": "Not \x1b[2Jlegal.", "table": 3})
    assert session.news[-1] == "Not legal."
    assert client.of("sync")
    session.handle(table.table_msg(you=0))
    assert session.match.log == [] and session._confirmed == 0
    session.handle(
        {
            "type": "error",
            "code": "rate",
            "table": 3,
            "message": "Too many chat lines: wait a moment.",
        }
    )
    assert session.news[-1] == "Too many chat lines: wait a moment."
    assert len(client.of("sync")) == 1 and not session.syncing  # nothing to read again


def test_a_table_refuses_undo_hints_and_renaming_and_saves_on_the_host() -> None:
    session = TableSession(FakeClient(), robot_master_table().table_msg(you=0))
    assert session.why_no_undo() == NO_UNDO and not session.undo()
    assert session.autosave().message == SAVED_ON_HOST and session.autosave().ok
    assert not session.rename("mine").ok
    with pytest.raises(RuntimeError):
        session.hint_player(0)
    with pytest.raises(RuntimeError):
        session.computer(1)


def test_a_spectator_has_no_seat_and_no_move() -> None:
    table = robot_master_table()
    session = TableSession(FakeClient(), table.table_msg(you=None))
    assert session.humans == [] and session.watching
    with pytest.raises(IllegalAction):
        session.play(first_legal(session, 0), 0)


def test_names_and_chat_from_the_host_arrive_harmless() -> None:
    table = FakeTable("robot-master", [seat(0, "Anna"), seat(1, "\x1b]0;pwned\x07Bob\u202e")])
    chat = [{"who": "Bob\x1b[31m", "text": "hi\x1b[2J there\x07", "time": "12:00"}]
    session = TableSession(FakeClient(), table.table_msg(you=0, chat=chat))
    assert session.players[1].name == "Bob"
    assert session.chat == [{"who": "Bob", "text": "hi there", "time": "12:00"}]
    session.handle(
        {
            "type": "chat",
            "table": 3,
            "line": {"who": "Bob", "text": "\x1b[H\x1b[2Jgg", "time": "12:01"},
        }
    )
    assert session.news[-1] == "Bob: gg"
    assert chat_problem("x" * 201) is not None and chat_problem("  ") is not None
    assert chat_problem("ok") is None


def test_presence_changes_are_told() -> None:
    table = robot_master_table()
    session = TableSession(FakeClient(), table.table_msg(you=0))
    for where, at, news in [
        ("lobby", None, "Bob went to the lobby"),
        ("table", 9, "Bob is at #9"),
        ("away", None, "Bob is away"),
    ]:
        table.seats[1].update(present=False, where=where, at=at)
        session.handle(table.seats_msg(you=0))
        assert session.news[-1] == news
        table.seats[1].update(present=True, where="here", at=3)
        session.handle(table.seats_msg(you=0))
        assert session.news[-1] == "Bob is back"


def test_simultaneous_programs_are_played_in_the_servers_order() -> None:
    """RoboRally: the order programs arrive in changes the game, so yours waits for its echo
    and every program is played here in the table's order."""
    table = FakeTable("roborally", [seat(0, "Anna"), seat(1, "Bob")], seed=3)
    client = FakeClient()
    session = TableSession(client, table.table_msg(you=0))
    mine = session.match.state.legal_actions(0)[0]
    session.play(mine, 0)
    assert session.waiting_for_echo() and session.match.log == []
    theirs = table.spec.encode_action(table.match.state.legal_actions(1)[0])
    session.handle(table.play(1, theirs))  # Bob's came first at the table
    session.handle(table.play(0, session.spec.encode_action(mine)))
    assert not session.waiting_for_echo() and not client.of("sync")
    assert [e.seat for e in session.match.log] == [1, 0]
    assert session.match.state.fingerprint() == table.match.state.fingerprint()
