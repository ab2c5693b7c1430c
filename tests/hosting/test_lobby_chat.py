"""Chat lines: Enter sends a line once and empties the line before the next key; a fast
burst arrives complete and in order; a line held back by the host's rate limit tells its
sender and goes out later; a pasted text keeps its order."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import events

from screens.chat_input import ChatInput
from screens.chat_outbox import ChatOutbox
from screens.lobby import WaitingRoom
from tests.hosting.lobby_pilot import (
    SIZE,
    lobby_app,
    named,
    running_server,
    shows,
    until,
)


def test_the_outbox_sends_one_line_at_a_time_in_order() -> None:
    sent: list[str] = []
    later: list[Callable[[], None]] = []
    box = ChatOutbox(sent.append, lambda _delay, then: later.append(then))
    for line in ("a", "b", "c"):
        box.add(line)
    assert sent == ["a"]
    assert box.echoed("a") and sent == ["a", "b"]
    assert not box.echoed("a")  # an old echo moves nothing
    note = box.refused("rate")
    assert note is not None and "'b'" in note and sent == ["a", "b"]
    box.add("d")
    assert sent == ["a", "b"]  # held: nothing goes before the retry
    later.pop()()
    assert sent == ["a", "b", "b"]
    for line in ("b", "c", "d"):
        assert box.echoed(line)
    assert sent == ["a", "b", "b", "c", "d"] and len(box) == 0
    box.add("too wide")
    assert box.refused("bad_request") is None and len(box) == 0


def burst(app, text: str) -> None:
    """Keys as a fast typist or a terminal's paste sends them: all queued at once, before
    any is handled (as Pilot.press sends them, without its wait after each)."""
    for char in text:
        key = events.Key("enter", "\r") if char == "\n" else events.Key(char, char)
        key.set_sender(app)
        app._driver.send_message(key)


async def _waiting_room(pilot, app) -> ChatInput:
    await named(pilot)
    await pilot.press("n", "down", "enter")  # Stak Bots
    await shows(pilot, "New table: Stak Bots")
    await pilot.press("right", "enter")  # 3 players: you and two people
    await until(pilot, lambda: isinstance(app.screen, WaitingRoom), "the waiting room")
    await pilot.press("enter")  # to the chat line
    chat_input = app.screen.query_one(ChatInput)
    await until(pilot, lambda: chat_input.has_focus, "the chat line")
    return chat_input


async def test_a_fast_burst_arrives_once_each_and_in_order(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        server.chat_burst = 20
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            chat_input = await _waiting_room(pilot, app)
            burst(app, "one\ntwo\nthree\nfour\n")
            await shows(pilot, "Anna: four")
            assert server.store is not None
            assert [t for _, _, t in server.store.chat(1)] == ["one", "two", "three", "four"]
            assert chat_input.value == ""


async def test_a_held_back_line_tells_its_sender_and_goes_later(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        server.chat_burst = 1
        server.chat_every = 0.5
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            await _waiting_room(pilot, app)
            burst(app, "one\ntwo\n")
            await shows(pilot, "You are chatting too fast: 'two' goes out in a moment.")
            await shows(pilot, "Anna: two")
            assert server.store is not None
            assert [t for _, _, t in server.store.chat(1)] == ["one", "two"]


async def test_a_pasted_text_keeps_its_order(tmp_path: Path) -> None:
    async with running_server(tmp_path / "data") as server:
        app = lobby_app(server, tmp_path / "saves")
        async with app.run_test(size=SIZE) as pilot:
            chat_input = await _waiting_room(pilot, app)
            chat_input.post_message(events.Paste("first line\nsecond line\r\nthird"))
            await until(pilot, lambda: chat_input.value != "", "the paste")
            assert chat_input.value == "first line second line third"
