"""RoboRally at a table with two people and two computers (random level): everyone programs
at once, the screen says who is done and whom the table waits for, the 30 s timer counts
down once only one person is left, the registers play back as in a local game, and a timer
that runs out plays a random program for the late seat."""

from __future__ import annotations

from pathlib import Path

from engines.roborally.state import Program
from screens.roborally.screen import RoboRallyScreen
from tests.hosting.lobby_pilot import shows, until
from tests.hosting.messages import computer, person
from tests.hosting.online_pilot import at_table, other_moves, session_of

SEATS = [person(), person(), computer("random"), computer("random")]


async def program_by_keys(pilot, screen: RoboRallyScreen) -> None:
    """Five cards of the hand into the registers, then Enter (or a decision's first choice)."""
    if screen.ui_phase() == "decide":
        await pilot.press("1")
        return
    size = len(screen.my_view().hand)
    free = len(screen._free(screen.my_view()))
    await pilot.press(*[str(n) for n in range(1, min(free, size) + 1)], "enter")


async def test_a_turn_with_two_people_and_two_computers(tmp_path: Path) -> None:
    async with at_table(tmp_path, "roborally", SEATS, timer=True) as (
        server,
        bob,
        app,
        pilot,
        screen,
    ):
        assert isinstance(screen, RoboRallyScreen)
        session = session_of(app)
        table = server.tables[1]
        seen_done = seen_timer = False
        while not seen_timer:  # facing the robots, then programming
            await until(
                pilot,
                lambda: screen.ui_phase() in ("program", "decide") or table.to_move() == [1],
                "Anna's part or Bob's",
            )
            if screen.ui_phase() in ("program", "decide"):
                await program_by_keys(pilot, screen)
                await until(pilot, lambda: 0 not in table.to_move(), "Anna's move in")
            elif table.to_move() == [1]:  # everyone else is done: the table waits
                await until(
                    pilot, lambda: 0 not in session.match.state.to_move(), "Anna's move back"
                )
                await shows(pilot, "Waiting for Bob...")
                await shows(pilot, "Done: Anna")
                seen_done = True
                if session.match.state.phase == "program":
                    await shows(pilot, "s left.")  # the 30 s timer counts down
                    seen_timer = True
                assert screen.ui_phase() == "wait"
                await other_moves(pilot, bob, 1)
        assert seen_done and seen_timer
        await pilot.press("x")  # skip the playback to its end
        await until(pilot, lambda: not screen.queue, "the playback over")
        await until(
            pilot,
            lambda: session.match.state.fingerprint() == table.saved.match.state.fingerprint(),
            "the same game as the host",
        )
        assert len(session.match.log) == len(table.saved.match.log)
        await bob.close()


async def test_the_timer_plays_a_random_program_for_a_late_person(tmp_path: Path) -> None:
    async with at_table(tmp_path, "roborally", SEATS, program_timeout=1.0, timer=True) as (
        server,
        bob,
        app,
        pilot,
        screen,
    ):
        session = session_of(app)
        table = server.tables[1]

        spec = table.saved.match.spec

        def timed_out() -> bool:  # the facing may time out too (its default is played)
            return any(
                e.seat == 0 and isinstance(spec.decode_action(e.text), Program)
                for e in table.saved.match.log
            )

        # Anna answers what she must (her robot's facing) but never programs: once Bob
        # and the computers have, the table's timer plays her program for her. (Under load
        # the 1 s may run out before this loop looks again: it stops on the news.)
        while not timed_out():
            await until(
                pilot,
                lambda: screen.ui_phase() == "decide" or 1 in table.to_move() or timed_out(),
                "Anna's part or Bob's",
            )
            if timed_out():
                break
            if screen.ui_phase() == "decide":  # facing: Anna answers, then stops
                await pilot.press("1")
                await until(
                    pilot, lambda: 0 not in table.to_move() or timed_out(), "Anna's facing in"
                )
            elif 1 in table.to_move():  # Bob (and the computers) move
                await other_moves(pilot, bob, 1)
        await until(
            pilot,
            lambda: session.match.state.fingerprint() == table.saved.match.state.fingerprint(),
            "the same game as the host",
        )
        await bob.close()


async def test_the_last_to_program_is_told_who_is_done(tmp_path: Path) -> None:
    """The others read 'Done: ...', and so does the last person still programming."""
    async with at_table(tmp_path, "roborally", SEATS, timer=False) as (
        server,
        bob,
        app,
        pilot,
        screen,
    ):
        session = session_of(app)
        table = server.tables[1]
        while not (
            session.match.state.phase == "program" and session.match.state.to_move() == (0,)
        ):
            await until(
                pilot,
                lambda: (
                    screen.ui_phase() == "decide"
                    or 1 in table.to_move()
                    or (table.to_move() == [0] and screen.ui_phase() == "program")
                ),
                "Anna's part or Bob's",
            )
            if screen.ui_phase() == "decide":  # facing: Anna answers
                await pilot.press("1")
                await until(pilot, lambda: 0 not in table.to_move(), "Anna's facing in")
            elif 1 in table.to_move():  # Bob and the computers program first
                await other_moves(pilot, bob, 1)
            else:
                await until(
                    pilot, lambda: session.match.state.to_move() == (0,), "only Anna left here too"
                )
        assert screen.ui_phase() == "program"
        await shows(pilot, "Done: Bob")
        await shows(pilot, "The table waits for you.")
        await bob.close()


async def test_a_half_built_program_lives_on_the_table_and_the_timer_keeps_it(
    tmp_path: Path,
) -> None:
    async with at_table(tmp_path, "roborally", SEATS, timer=True) as (
        server,
        bob,
        app,
        pilot,
        screen,
    ):
        session = session_of(app)
        table = server.tables[1]
        while screen.ui_phase() != "program":  # the robots' facing first
            await until(
                pilot,
                lambda: screen.ui_phase() in ("program", "decide") or 1 in table.to_move(),
                "Anna's part or Bob's",
            )
            if screen.ui_phase() == "decide":
                await pilot.press("1")
                await until(
                    pilot,
                    lambda: 0 not in table.to_move() or screen.ui_phase() == "program",
                    "Anna's facing in",
                )
            elif 1 in table.to_move() and table.saved.match.state.phase != "program":
                await other_moves(pilot, bob, 1)
        hand = list(session.match.state.view(0).hand)
        await pilot.press("3", "1")  # two registers filled, three empty
        await until(pilot, lambda: table.draft(0) == "2,0,-,-,-", "the draft on the host")
        server.program_timeout = 0.5
        if 1 in table.to_move():
            await other_moves(pilot, bob, 1)

        def programs() -> list[Program]:
            actions = [
                table.spec.decode_action(e.text) for e in table.saved.match.log if e.seat == 0
            ]
            return [a for a in actions if isinstance(a, Program)]

        await until(pilot, programs, "Anna's program played by the timer")
        played = programs()[0]
        assert played.cards[:2] == (hand[2], hand[0])
        assert set(played.cards) <= set(hand) and len(set(played.cards)) == 5
        await bob.close()
