"""Play RoboRally in the Textual app with Pilot, keys only."""

from __future__ import annotations

import random
import re
from datetime import datetime
from pathlib import Path

import pytest

from engines.match import Match
from engines.roborally import ROBORALLY
from engines.roborally.cards import BACK, KIND, MOVE1, MOVES, OPTIONS
from engines.roborally.state import REGISTERS, Decide, Program, RoboRallyState, random_choice
from saves import PlayerEntry, SavedGame, list_saves, load_save, write_save
from screens.dialogs import ConfirmScreen, PassScreen, PreviewScreen
from screens.menu import MainMenu
from screens.roborally import playback
from screens.roborally.panels import TABLE_HEADER, RegisterLog
from screens.roborally.screen import RoboRallyOverScreen, RoboRallyScreen
from screens.text_fit import wrap_log
from tests.ui_helpers import SIZE, make_app, rr_screen, screen_lines, settle


def rr_state(app) -> RoboRallyState:
    return rr_screen(app).state


def footer_keys(screen) -> set[str]:
    """The descriptions of the keys the footer shows now."""
    return {
        binding.description
        for _, binding, enabled, _ in screen.active_bindings.values()
        if binding.show and enabled
    }


async def wait_human(pilot) -> None:
    """Skip the register playback and let the computers answer."""
    for _ in range(20):
        await settle(pilot)
        screen = rr_screen(pilot.app)
        if screen.queue:
            await pilot.press("x")
            continue
        if screen.my_turn() or screen.state.is_terminal():
            return
    await settle(pilot)


def duel(tmp_path, seed: int):
    """You against one random computer on First Steps."""
    return make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=2,
        opponent="random",
        seed=seed,
        options={"course": "first-steps"},
    )


async def facing_north(pilot) -> RoboRallyScreen:
    """The first decision (which way to face) answered North: the screen, now programming."""
    await wait_human(pilot)
    await pilot.press("1")
    await wait_human(pilot)
    return rr_screen(pilot.app)


async def play_human(pilot) -> str:
    """One decision or program for the human, by keys: a program is 1 2 3 4 5 (or the free
    registers' worth) then Enter; a decision is its first choice's number."""
    screen = rr_screen(pilot.app)
    kind = screen.state.pending_kind(0)
    if kind == "program":
        free = REGISTERS - sum(screen.state.bots[0].locked)
        await pilot.press(*[str(n) for n in range(1, free + 1)], "enter")
    else:
        await pilot.press("1")
    await wait_human(pilot)
    return kind


async def test_program_a_turn_by_keys_and_watch_it_resolve(tmp_path) -> None:
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
        state = screen.state
        assert state.pending_kind(0) == "face"
        assert "Which way" in str(screen.query_one("#rr-prog").render())
        await pilot.press("1")  # North
        await wait_human(pilot)
        assert state.pending_kind(0) == "program" and state.turn == 1
        hand = sorted(state.bots[0].hand)
        await pilot.press("1", "2", "3")
        assert screen.chosen == hand[:3]
        await pilot.press("backspace")
        assert screen.chosen == hand[:2]
        await pilot.press("enter")  # not full yet: refused with a message
        assert "Fill 3 more registers" in screen.message
        await pilot.press("down", "right", "up", "space")  # the cursor puts the 1st card back
        await pilot.press("3", "4", "5", "6")
        assert len(screen.chosen) == 5
        prog = str(screen.query_one("#rr-prog").render())
        assert "Registers" in prog and "Hand" in prog
        screen.running = False  # watch it step by step
        await pilot.press("enter")
        await pilot.pause()
        assert state.phase != "program" or state.turn == 2
        assert screen.queue, "the registers are played back"
        title = str(screen.query_one("#rr-title").render())
        assert "register" in title or "start of turn" in title
        steps = 0
        while screen.queue:
            await pilot.press("space")
            steps += 1
        assert steps >= REGISTERS - 1
        log = "\n".join(text for text, _ in screen.events_log)
        for reg in range(1, REGISTERS + 1):
            assert f"Register {reg}:" in log
        first = log.split("Register 1:")[1].split("Register 2:")[0]
        if state.bots[0].regs[0] and KIND[state.bots[0].regs[0]] in MOVES:
            assert "Red " in first and " -> " in first  # the move of register 1 is told
        assert "Red" in log and "Blue" in log


async def test_whole_game_on_the_shortest_course_against_the_computer(tmp_path) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=3,
        opponent="random",
        seed=5,
        options={"course": "first-steps", "max_turns": 6},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        for _ in range(200):
            if screen.state.is_terminal():
                break
            await play_human(pilot)
        await wait_human(pilot)
        assert screen.state.is_terminal()
        assert isinstance(app.screen, RoboRallyOverScreen)
        text = str(app.screen.query_one(".game-over").query("Static").last().render())
        assert "Ranking" in text and "1." in text
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


async def test_save_during_programming_and_resume(tmp_path) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=4,
        opponent="easy",
        seed=3,
        options={"course": "first-steps"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        await play_human(pilot)  # face
        await play_human(pilot)  # turn 1 program
        screen = rr_screen(app)
        assert screen.state.pending_kind(0) == "program"
        await pilot.press("1", "2")  # half a program
        half = list(screen.chosen)
        assert len(half) == 2
        snapshot = screen.state.snapshot()
        moves = screen.state.moves
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
    summaries, errors = list_saves(tmp_path)
    assert len(summaries) == 1 and not errors
    assert summaries[0].move_number == moves

    app = make_app(tmp_path, start="resume", resume_path=summaries[0].path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        assert screen.state.snapshot() == snapshot
        assert screen.state.pending_kind(0) == "program"
        assert screen.chosen == half  # the half-built program came back with the save
        resumed = (f"Game resumed in turn {screen.state.turn}.", "dim")
        told = [text for text, _ in screen.events_log]
        assert screen.events_log[-1] == resumed  # after the last turns told again
        turn = screen.state.turn
        assert told[0] == f"Turn {max(1, turn - 1)} begins." and f"Turn {turn} begins." in told
        assert any(t.startswith("Register 5:") for t in told)  # the last turn told again
        await pilot.press("backspace")
        await pilot.pause()
        assert screen.chosen == half[:1]
        await play_human(pilot)
        assert screen.state.moves > moves
    # once the program is in, no draft is left in the save
    assert "0" not in load_save(summaries[0].path).ui.get("program", {})


def prepared_save(tmp_path, want, seeds: range = range(1, 200), take_options: bool = False) -> Path:
    """A saved 2-robot game (human Red vs random Blue on first-steps), played by random
    programs from the engine until ``want(state)`` holds for the human: a real position.
    ``take_options``: a double wrench always gives an option card."""
    for seed in seeds:
        match = Match(ROBORALLY, 2, {"course": "first-steps"}, seed)
        rng = random.Random(seed)
        for _ in range(400):
            state = match.state
            if state.is_terminal() or want(state):
                break
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            option = Decide("wrench", "option")  # looked up, not searched for among programs
            take = take_options and option in legal
            match.play(option if take else random_choice(rng, legal), seat)
        if want(match.state):
            now = datetime.now().replace(microsecond=0)
            saved = SavedGame(
                "prepared",
                match,
                [PlayerEntry("You", "human"), PlayerEntry("Blue", "computer", "random")],
                now,
                now,
            )
            return write_save(tmp_path, saved)
    raise AssertionError("no such position found")


async def test_power_down_by_keys(tmp_path) -> None:
    def damaged(state) -> bool:
        b = state.bots[0]
        return state.pending_kind(0) == "program" and 1 <= b.damage <= 4 and not b.announce

    path = prepared_save(tmp_path, damaged)
    app = make_app(tmp_path, start="resume", resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        state = screen.state
        assert state.pending_kind(0) == "program"
        prog = str(screen.query_one("#rr-prog").render())
        assert "p power down" in prog
        await pilot.press("p")
        assert screen.power and "Power down announced" in screen.message
        await pilot.press("p")
        assert not screen.power
        await pilot.press("p")
        free = REGISTERS - sum(state.bots[0].locked)
        await pilot.press(*[str(n) for n in range(1, free + 1)])
        assert "[power down announced]" in str(screen.query_one("#rr-prog").render())
        turn = state.turn
        await pilot.press("enter")
        assert match_log_last(screen).endswith(";pd")
        await wait_human(pilot)
        me = state.bots[0]
        if me.pos >= 0 and state.turn == turn + 1:
            assert me.powered and me.damage == 0
            assert state.pending_kind(0) != "program"


def match_log_last(screen) -> str:
    log = screen.session.match.log
    return next(e.text for e in reversed(log) if e.seat == 0)


async def test_re_entry_facing_choice_by_keys(tmp_path) -> None:
    path = prepared_save(tmp_path, lambda state: state.pending_kind(0) == "reenter")
    app = make_app(tmp_path, start="resume", resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        state = screen.state
        assert state.pending_kind(0) == "reenter"
        prog = str(screen.query_one("#rr-prog").render())
        assert "Re-enter" in prog and "East" in prog and "powered down" in prog
        assert Decide("reenter", "E") in state.view(0).choices
        await pilot.press("right", "enter")  # the 2nd choice: East
        assert match_log_last(screen) == "reenter E"
        await wait_human(pilot)
        me = state.bots[0]
        assert me.reenter_face == 1


async def test_hot_seat_two_humans_program_in_turn(tmp_path) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=3,
        humans=2,
        opponent="random",
        seed=4,
        options={"course": "first-steps"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = rr_screen(app)
        state = screen.state
        seen = set()
        for _ in range(12):
            await settle(pilot)
            if screen.queue:
                await pilot.press("x")
                continue
            if isinstance(app.screen, PassScreen):
                assert "Cards are hidden" in str(screen.query_one("#rr-prog").render())
                await pilot.press("enter")
                await settle(pilot)
            seat = screen.shown_seat
            assert seat is not None and state.pending_kind(seat)
            seen.add((seat, state.pending_kind(seat)))
            # the panel names whose hand or question it is (not only the table's *)
            prog = str(screen.query_one("#rr-prog").render())
            name = ("Red", "Blue")[seat]
            if state.pending_kind(seat) == "program":
                assert f"{name}'s hand (1-" in prog, prog
            else:
                assert f"{name}: " in prog, prog
            if state.pending_kind(seat) == "program":
                await pilot.press("1", "2", "3", "4", "5", "enter")
            else:
                await pilot.press("1")
            if state.turn >= 2:
                break
        assert {(0, "program"), (1, "program"), (0, "face"), (1, "face")} <= seen, seen
        assert state.turn >= 2, (seen, state.to_move(), screen.session.match.log)


async def test_option_card_decision_by_keys(tmp_path) -> None:
    """A double wrench: repair 2 or take an option card, chosen by its number."""
    path = prepared_save(tmp_path, lambda state: state.pending_kind(0) == "wrench")
    app = make_app(tmp_path, start="resume", resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        state = screen.state
        assert state.pending_kind(0) == "wrench"
        prog = str(screen.query_one("#rr-prog").render())
        assert "Double wrench" in prog and "take an option card" in prog
        options = len(state.bots[0].options)
        assert footer_keys(screen) >= {"Choose", "Pick", "Hint"}
        assert not footer_keys(screen) & {"Card", "Go", "Step", "Skip"}
        await pilot.press("2")  # take an option card
        assert match_log_last(screen) == "wrench option"
        assert len(state.bots[0].options) == options + 1
        name = OPTIONS[state.bots[0].options[-1]][0]
        # the log names the card taken (option cards are face up)
        assert f"Red takes an option card: {name}" in [t.strip() for t, _ in screen.events_log]
        await wait_human(pilot)
        if state.pending_kind(0) == "program":  # the side panel lists your options by name
            prog = str(screen.query_one("#rr-prog").render())
            assert f"Options: {name}" in prog.replace("\n", " ")
            assert any(f"Options: {name}" in line for line in screen_lines(app))


async def test_two_player_log_ends_with_the_newest_line(tmp_path) -> None:
    """After a turn the log shows its newest line just above the footer, wrapped at words."""
    app = duel(tmp_path, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = await facing_north(pilot)
        await pilot.press("9", "8", "3", "7", "4", "enter")
        await pilot.pause()
        assert screen.queue
        await pilot.press("x")
        await settle(pilot)
        assert screen.state.turn == 2 and screen.my_turn()
        assert screen.events_log[-1][0] == "Turn 2 begins."
        log = screen.query_one("#rr-log", RegisterLog)
        footer_row = screen.query_one("Footer").region.y
        assert log.region.bottom <= footer_row  # the whole log is above the footer
        visible = log.visible_lines()
        assert visible and len(visible) <= log.content_size.height
        assert visible[-1][0] == "Turn 2 begins."
        rows = screen_lines(app)
        assert rows[footer_row - 1].rstrip().endswith("Turn 2 begins.")
        blue_move = next(t for t, _ in reversed(screen.events_log) if t.startswith("  Blue "))
        assert any(row.rstrip().endswith(blue_move.strip()) for row in rows)


def test_log_wraps_at_word_boundaries() -> None:
    lines = wrap_log([("Register 5: Red Left 210, Blue Right 100, Green powered down", "bold")], 24)
    texts = [t for t, _ in lines]
    assert texts == ["Register 5: Red", "  Left 210, Blue", "  Right 100, Green", "  powered down"]
    assert all(style == "bold" for _, style in lines)
    for width in range(12, 60):  # never a broken word, never a card without its number
        texts = [t for t, _ in wrap_log([("  Blue powered down, Red Right 100 6,11E", "")], width)]
        assert all(len(t) <= width for t in texts)
        words = " ".join(texts).split()
        assert words == ["Blue", "powered", "down,", "Red", "Right", "100", "6,11E"]
        if width >= 20:
            assert not any(t.split()[0].isdigit() for t in texts)


async def test_footer_shows_the_keys_of_each_phase(tmp_path) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=2,
        opponent="random",
        seed=6,
        options={"course": "first-steps", "max_turns": 1},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        assert screen.ui_phase() == "decide"  # which way to face
        assert footer_keys(screen) >= {"Choose", "Pick", "Hint", "Legend", "Quit"}
        await pilot.press("1")
        await wait_human(pilot)
        assert screen.ui_phase() == "program"
        programming = footer_keys(screen)
        assert programming >= {"Card", "Back", "Go", "Hint", "Legend", "Save", "Rules", "Quit"}
        assert not programming & {"Step", "Skip", "Run/pause", "Choose", "Result"}
        assert "1-9 Card" in screen_lines(app)[-1]
        screen.running = False  # watch it step by step
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await pilot.pause()
        assert screen.ui_phase() == "watch"
        watching = footer_keys(screen)
        assert watching >= {"Step", "Run/pause", "Skip", "Legend", "Quit"}
        assert not watching & {"Card", "Go", "Hint", "Choose", "Back"}
        footer = screen_lines(app)[-1]
        assert "Space Step" in footer and "Card" not in footer and "Hint" not in footer
        await pilot.press("1")  # a card key does nothing while watching
        assert screen.queue
        await pilot.press("x")
        await wait_human(pilot)
        assert screen.state.is_terminal()
        assert isinstance(app.screen, RoboRallyOverScreen)
        assert "The turn limit (1) was reached" in "\n".join(screen_lines(app))  # a sentence
        await pilot.press("b")  # look at the board
        await pilot.pause()
        assert app.screen is screen and screen.ui_phase() == "over"
        over = footer_keys(screen)
        assert {"Result", "Legend", "Rules", "Quit"} <= over
        assert not over & {"Card", "Go", "Step", "Hint"}
        assert "Enter Result" in screen_lines(app)[-1]
        await pilot.press("enter")  # back to the result panel
        await pilot.pause()
        assert isinstance(app.screen, RoboRallyOverScreen)


async def test_a_single_human_winner_reads_you_win(tmp_path) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=2,
        opponent="random",
        seed=6,
        options={"course": "first-steps", "max_turns": 1},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        await pilot.press("1")
        await wait_human(pilot)
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await wait_human(pilot)
        state = rr_state(app)
        assert state.is_terminal() and state.result().winners == (0,)
        assert isinstance(app.screen, RoboRallyOverScreen)
        text = str(app.screen.query_one(".game-over").query("Static").last().render())
        assert text.startswith("You (Red) win!"), text
        assert "wins" not in text.splitlines()[0]
        # the ranking shows what it was decided on: flags, lives, distance to the next flag
        assert "Ranked by flags, then robots still in the race, then distance." in text
        for seat in state.ranking():
            b = state.bots[seat]
            if b.flags < len(state.layout.flags):
                assert f"{state.distance(seat)} to next flag" in text


async def test_new_game_after_a_game_starts_from_its_players_and_course(tmp_path) -> None:
    from screens.choice_row import ChoiceRow
    from screens.new_game import NewGameScreen

    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        opponent="hard",
        players=3,
        options={"course": "pit-stop", "start": "docks"},
        seed=4,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rr_screen(app).after_game_over("new")  # what "n" on the result panel does
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        rows = {row.id: row.value for row in app.screen.query(ChoiceRow)}
        assert rows["players"] == "3" and rows["humans"] == "1"
        assert rows["opponent"] == "hard"
        assert rows["option-course"] == "pit-stop" and rows["option-start"] == "docks"


def _push_ahead(state: RoboRallyState) -> bool:
    """Red programs, Blue stands right in front of it (no walls), and Red holds a forward
    move that goes before any card of Blue's (or Blue is powered down): a sure push."""
    red, blue = state.bots[0], state.bots[1]
    lay = state.layout
    if state.pending_kind(0) != "program" or min(red.pos, blue.pos) < 0:
        return False
    if red.virtual or blue.virtual or lay.nbr[red.pos][red.facing] != blue.pos:
        return False
    if lay.wall[red.pos] >> red.facing & 1 or lay.wall[blue.pos] >> red.facing & 1:
        return False
    forward = [c for c in red.hand if KIND[c] in MOVES and KIND[c] != BACK]
    if not forward:
        return False
    return blue.powered or (state.pending_kind(1) == "program" and max(forward) > max(blue.hand))


async def test_a_push_by_another_robot_is_in_the_register_log(tmp_path) -> None:
    path = prepared_save(tmp_path, _push_ahead)
    app = make_app(tmp_path, start="resume", resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        state = screen.state
        red, blue = state.bots[0], state.bots[1]
        lay = state.layout
        start, facing = blue.pos, red.facing
        hand = list(red.hand)
        card = max(c for c in hand if KIND[c] in MOVES and KIND[c] != BACK)
        others = [str(n + 1) for n, c in enumerate(hand) if c != card][: REGISTERS - 1]
        await pilot.press(str(hand.index(card) + 1), *others, "enter")
        await pilot.press("x")
        await settle(pilot)
        log = [text.strip() for text, _ in screen.events_log]
        log = log[next(n for n, t in enumerate(log) if t.startswith("Game resumed")) :]
        first = log[log.index(next(t for t in log if t.startswith("Register 1:"))) :]
        first = first[: next(n for n, t in enumerate(first) if t.startswith("Register 2:"))]
        pushes = [t for t in first if t.startswith("Blue pushed by Red: ")]
        assert pushes, first
        step = lay.nbr[start][facing]
        assert pushes[0].startswith(f"Blue pushed by Red: {lay.short_name(start)} -> ")
        if KIND[card] == MOVE1:  # one square, or over the edge
            assert pushes[0].endswith(lay.short_name(step) if step >= 0 else "off the board")


async def test_each_re_entry_is_told_once(tmp_path) -> None:
    path = prepared_save(tmp_path, lambda state: state.pending_kind(0) == "reenter")
    app = make_app(tmp_path, start="resume", resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        state = screen.state
        turn = state.turn
        for _ in range(10):
            if state.turn > turn + 1 or state.is_terminal():
                break
            await play_human(pilot)
        log = [text.strip() for text, _ in screen.events_log]
        assert any(t.startswith("Red re-enters at ") for t in log), log
        for n, text in enumerate(log):  # told with the start of its turn, and only there
            if " re-enters at " in text:
                previous = next(t for t in reversed(log[:n]) if " re-enters at " not in t)
                assert previous.endswith(" begins."), log[max(0, n - 6) : n + 1]


async def test_space_after_the_last_register_does_not_put_a_card_in(tmp_path, monkeypatch) -> None:
    """Stepped with Space, the playback's last picture stays until Space or Enter once more,
    however slowly they come: neither is ever taken as a programming key unasked."""
    monkeypatch.setattr(playback, "DOUBLE_TAP", 0.0)  # the hold needs no timing
    app = duel(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        screen = await facing_north(pilot)
        state = screen.state
        screen.running = False  # step by step, with Space
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await pilot.pause()
        while screen.queue:
            await pilot.press("space")
        await settle(pilot)
        assert state.turn == 2 and screen.ui_phase() == "held" and not screen.my_turn()
        assert "Turn 2 begins: Space/Enter to program" in str(screen.query_one("#rr-prog").render())
        assert "Space/Enter: program" in screen_lines(app)[0]
        assert screen_lines(app)[-1].startswith(" Space Program  l Log")
        await pilot.press("space")  # once more: the turn begins, nothing put in
        assert screen.ui_phase() == "program" and screen.chosen == []
        await pilot.press("space")  # and now Space is the programming key
        assert screen.chosen == [screen.my_view().hand[0]]
        await pilot.press("backspace")
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await pilot.pause()
        while screen.queue:  # Enter steps too, and goes on the same way
            await pilot.press("enter")
        assert state.turn == 3 and screen.ui_phase() == "held"
        await pilot.press("enter")  # on to the programming: it confirms nothing
        assert screen.ui_phase() == "program" and screen.chosen == []
        assert state.pending_kind(0) == "program" and state.turn == 3
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await pilot.pause()
        while screen.queue:
            await pilot.press("space")
        assert screen.ui_phase() == "held"
        await pilot.press("2")  # a key of the new turn starts it at once, and counts
        assert screen.ui_phase() == "program" and screen.chosen == [screen.my_view().hand[1]]
        await pilot.press("space")  # after it, Space acts on the cursor again
        assert len(screen.chosen) == 2


async def test_space_at_once_after_a_running_playback_does_not_put_a_card_in(
    tmp_path, monkeypatch
) -> None:
    """A running playback goes straight on to your turn; a Space or Enter pressed just as it
    ends (meant to step) is not taken as programming."""
    monkeypatch.setattr(playback, "DOUBLE_TAP", 60.0)  # however slow the test runs
    app = duel(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        screen = await facing_north(pilot)
        state = screen.state
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await pilot.pause()
        assert screen.running and screen.queue
        while screen.queue:
            screen._next_picture()  # what its timer does
        await pilot.pause()
        assert state.turn == 2 and screen.ui_phase() == "program"
        await pilot.press("space")  # one press too many (a double tap at the end)
        assert screen.chosen == [], "the extra Space put a card into register 1"
        assert "Space again puts the card under the cursor in" in screen.message
        await pilot.press("enter")  # Enter, the other step key, does not confirm either
        assert screen.chosen == [] and state.turn == 2 and "Enter again" in screen.message
        screen.watch_end -= 120  # a moment later Space is the programming key again
        await pilot.press("space")
        assert screen.chosen == [screen.my_view().hand[0]]


async def test_skipping_the_playback_leaves_space_to_the_program(tmp_path) -> None:
    app = duel(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        screen = await facing_north(pilot)
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await pilot.pause()
        await pilot.press("x", "space")  # x is deliberate: Space then puts the card in
        assert screen.state.turn == 2 and screen.chosen == [screen.my_view().hand[0]]


class _HintStub:
    """A hint player that answers a fixed program."""

    def __init__(self, power: bool) -> None:
        self.power = power

    def choose(self, view) -> Program:
        free = [r for r in range(REGISTERS) if not view.robots[view.seat].locked[r]]
        cards = list(view.program)
        for r, card in zip(free, view.hand, strict=False):
            cards[r] = card
        return Program(tuple(cards), self.power)


async def test_the_hint_announces_a_power_down_but_never_cancels_yours(tmp_path) -> None:
    app = duel(tmp_path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        screen = await facing_north(pilot)
        session = screen.session
        session.hint_player = lambda seat: _HintStub(True)
        await pilot.press("H")
        await settle(pilot)
        assert screen.power and len(screen.chosen) == REGISTERS
        assert screen.message == (
            "Hint: the registers are filled in, and a power down is "
            "announced for next turn; Enter confirms."
        )
        assert "[power down announced]" in str(screen.query_one("#rr-prog").render())
        await pilot.press("H")  # the same advice again: nothing new to tell
        await settle(pilot)
        assert screen.message == "Hint: the registers are filled in; Enter confirms."
        session.hint_player = lambda seat: _HintStub(False)
        await pilot.press("H")
        await settle(pilot)
        assert screen.power  # announced (here by the hint): only p takes it back
        assert screen.message == (
            "Hint: the registers are filled in; your power down stays "
            "(the hint would not: p cancels it); Enter confirms."
        )


async def test_the_board_shows_column_letters_and_row_numbers(tmp_path) -> None:
    """At 80x24 the board has coordinates following the viewport, and the side panel keeps
    its 40 columns: every status line is whole (no ellipsis)."""
    cases = [
        (2, {"course": "first-steps"}, False),
        (4, {"course": "pit-stop"}, True),
        (8, {"course": "grand-tour"}, False),
        (8, {"course": "long-haul", "start": "docks"}, True),
    ]
    for players, options, ascii_only in cases:
        app = make_app(
            tmp_path,
            start="play",
            game="roborally",
            players=players,
            opponent="random",
            seed=3,
            options=options,
            ascii=ascii_only,
        )
        async with app.run_test(size=SIZE) as pilot:
            await wait_human(pilot)
            screen = rr_screen(app)
            lay = screen.state.layout
            rows = screen_lines(app)
            board_w = screen.query_one("#rr-board").size.width
            title = rows[0]
            x0 = y0 = 0
            if "view from " in title:
                name = title.split("view from ")[1].split()[0]
                x0, y0 = ord(name[0]) - 97, int(name[1:]) - 1
            else:
                assert lay.width * 3 + 3 <= board_w
            cols = (board_w - 3) // 3
            letters = rows[1][:board_w].split()
            assert letters == [chr(97 + x) for x in range(x0, min(lay.width, x0 + cols))]
            numbers = [row[:2].strip() for row in rows[2 : 2 + min(lay.height - y0, 21)]]
            assert numbers == [str(y + 1) for y in range(y0, y0 + len(numbers))]
            side = [row[board_w:] for row in rows[1 : 1 + players + 1]]
            assert side[0].strip() == TABLE_HEADER
            assert all("…" not in row for row in side), side
            assert screen.query_one("#rr-side").content_size.width >= 40


async def test_giving_up_the_only_option_card_is_done_for_you(tmp_path) -> None:
    """Destroyed with one option card: nothing to choose, so no question; the log says it."""
    path = prepared_save(
        tmp_path,
        lambda state: state.pending_kind(0) == "discard" and len(state.bots[0].options) == 1,
        seeds=range(143, 144),
        take_options=True,
    )
    app = make_app(tmp_path, start="resume", resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        state = screen.state
        assert state.pending_kind(0) != "discard" and not state.bots[0].options
        assert match_log_last(screen).startswith("discard ")
        given_up = match_log_last(screen).split()[1]
        told = [t for t, _ in screen.events_log if "only option card" in t]
        assert told and "give up your only option card" in told[0]
        assert told[0].endswith(f": {OPTIONS[given_up][0]})")  # the card's name


async def test_locked_registers_are_named_in_the_program_panel(tmp_path) -> None:
    def locked(state) -> bool:
        return state.pending_kind(0) == "program" and any(state.bots[0].locked)

    path = prepared_save(tmp_path, locked)
    app = make_app(tmp_path, start="resume", resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        me = screen.state.bots[0]
        held = ",".join(str(r + 1) for r in range(REGISTERS) if me.locked[r])
        prog = str(screen.query_one("#rr-prog").render())
        assert f"locked: {held} (grey)" in prog
        assert " l\n" not in prog and " lock" not in prog.replace("locked:", "")


async def test_eight_robots_watched_leave_the_log_room(tmp_path) -> None:
    """With 8 robots the programs take two robots a line in one-letter cards, so the log
    of the register being played keeps several lines."""
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=8,
        opponent="random",
        seed=3,
        options={"course": "first-steps"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        while screen.state.pending_kind(0) != "program":
            await play_human(pilot)
        screen.running = False  # step by step
        await pilot.press("1", "2", "3", "4", "5", "enter")
        for _ in range(4):
            await pilot.press("space")
            await settle(pilot)
        assert screen.ui_phase() == "watch"
        lines = screen_lines(app)
        top = next(i for i, line in enumerate(lines) if "Programs (1-3 move" in line)
        rows = lines[top + 1 : top + 5]
        for name in ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "White", "Black"):
            assert sum(name in row for row in rows) == 1, rows
        assert all(len(row.rstrip()) <= SIZE[0] for row in rows)
        assert re.search(r"Red {4}(([ULRB123?] ){4}[ULRB123?]|off)", rows[0]), rows[0]
        log = [text for text, _ in screen.query_one(RegisterLog).visible_lines() if text.strip()]
        assert len(log) >= 5, log


async def test_the_footer_names_the_keys_of_the_hand_it_has(tmp_path) -> None:
    # with 2 damage (7 cards) the footer says "1-7 Card", not "1-9" (8 does nothing).
    app = duel(tmp_path, seed=6)
    async with app.run_test(size=SIZE) as pilot:
        screen = await facing_north(pilot)
        assert screen_lines(app)[-1].split()[:2] == ["1-9", "Card"]
        screen.state.bots[0].hand = screen.state.bots[0].hand[:7]
        screen.refresh_all()
        await settle(pilot)
        assert screen_lines(app)[-1].split()[:2] == ["1-7", "Card"]
        screen.state.bots[0].hand = list(range(10, 110, 10))  # Extra Memory's tenth card
        screen.refresh_all()
        await settle(pilot)
        assert screen_lines(app)[-1].split()[:2] == ["1-9,0", "Card"]


async def test_the_footer_offers_power_down_to_a_damaged_robot(tmp_path) -> None:
    app = duel(tmp_path, seed=6)
    async with app.run_test(size=SIZE) as pilot:
        screen = await facing_north(pilot)
        assert screen.ui_phase() == "program"
        keys = footer_keys(screen)
        assert "Legend" in keys and "Power down" not in keys
        await pilot.press("p")  # not damaged: p says why, and announces nothing
        await settle(pilot)
        assert not screen.power and "damaged" in screen.message
        screen.state.bots[0].damage = 2
        screen.refresh_all()
        await settle(pilot)
        keys = footer_keys(screen)
        assert "Power down" in keys and "Legend" in keys and "Save" not in keys  # no room
        footer = screen_lines(app)[-1]
        assert "p Power down" in footer and footer.rstrip().endswith("q Quit")  # all of it
        assert footer.split() == [
            "1-9",
            "Card",
            "Bksp",
            "Back",
            "Enter",
            "Go",
            "p",
            "Power",
            "down",
            "g",
            "Legend",
            "H",
            "Hint",
            "?",
            "Rules",
            "q",
            "Quit",
        ]
        await pilot.press("p")
        await settle(pilot)
        assert screen.power
        await pilot.press("g")  # the legend key still works without its footer place
        await settle(pilot)
        assert screen.legend_on


async def test_undo_never_takes_back_a_program_once_the_registers_showed_it(tmp_path) -> None:
    """Undo after watching the registers would let you reprogram knowing every other
    robot's cards (and your next hand): it is refused, and says why."""
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=2,
        opponent="random",
        seed=6,
        options={"course": "first-steps"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        while screen.state.pending_kind(0) != "program":
            await play_human(pilot)
        await play_human(pilot)  # program, watch the registers
        log = len(screen.session.match.log)
        await pilot.press("u")
        await settle(pilot)
        assert screen.message == (
            "Too late to take that back: the programs have been played (or new cards dealt) since."
        )
        assert len(screen.session.match.log) == log


async def test_a_refused_undo_leaves_the_playback_where_it_was(tmp_path) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=2,
        opponent="random",
        seed=6,
        options={"course": "first-steps"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        while screen.state.pending_kind(0) != "program":
            await play_human(pilot)
        screen.running = False  # step by step
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await pilot.pause()
        assert screen.ui_phase() == "watch"
        waiting = len(screen.queue)
        register = screen.shown.register if screen.shown else 0
        await pilot.press("u")
        await pilot.pause()
        assert screen.message.startswith("Too late to take that back")
        assert len(screen.queue) == waiting and screen.ui_phase() == "watch"
        assert (screen.shown.register if screen.shown else 0) == register


async def test_l_opens_the_whole_log_at_its_newest_line(tmp_path) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=8,
        opponent="random",
        seed=3,
        options={"course": "first-steps"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        while screen.state.pending_kind(0) != "program":
            await play_human(pilot)
        screen.running = False
        await pilot.press("1", "2", "3", "4", "5", "enter")
        while screen.shown is None or screen.shown.register < 3:  # each card, a step
            await pilot.press("space")
        await settle(pilot)
        assert screen.ui_phase() == "watch" and "Log" in footer_keys(screen)
        await pilot.press("l")
        await settle(pilot)
        window = app.screen
        assert isinstance(window, PreviewScreen)
        assert [t for t, _ in screen.events_log][-1] in window.text.plain
        assert "Register 1:" in window.text.plain  # the whole register, header included
        assert max(len(line) for line in window.text.plain.splitlines()) <= 72  # wrapped
        scroll = window.query_one("#preview-scroll")
        assert scroll.scroll_y == scroll.max_scroll_y > 0  # opened on the newest lines
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and screen.ui_phase() == "watch"


@pytest.mark.parametrize(("width", "shown"), [(80, False), (120, True)])
async def test_the_footer_offers_recompile_where_it_has_room(tmp_path, width, shown) -> None:
    """``c Recompile`` joins the footer while the robot holds Recompile and the width has
    room for it (at 80 columns the panel names it); the key works either way."""
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=2,
        opponent="random",
        seed=6,
        options={"course": "first-steps"},
    )
    async with app.run_test(size=(width, 24)) as pilot:
        await wait_human(pilot)
        await pilot.press("1")  # facing
        await wait_human(pilot)
        screen = rr_screen(app)
        assert screen.ui_phase() == "program"
        assert "Recompile" not in footer_keys(screen)
        screen.state.bots[0].options.append("recompile")
        screen.refresh_all()
        await settle(pilot)
        assert ("Recompile" in footer_keys(screen)) == shown
        assert footer_keys(screen) >= {"Card", "Back", "Go", "Hint", "Rules", "Quit"}
        hand = list(screen.my_view().program_choices.hand)
        await pilot.press("c")
        await wait_human(pilot)
        assert screen.state.bots[0].damage == 1  # a new hand for one damage
        assert list(screen.my_view().program_choices.hand) != hand
