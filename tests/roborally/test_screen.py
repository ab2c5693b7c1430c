"""RoboRally screen fixes at 80x24 (Pilot, keys only): the held end of a stepped playback,
r before the registers play, l in the keys help and the game-over footer, one line a robot
in the table, power down beside locked registers, and a preview square of many registers."""

from __future__ import annotations

import re
import threading

from engines.roborally.cards import DECK, KIND, LEFT, MOVE1, RIGHT, UTURN
from engines.roborally.preview import preview_program
from engines.roborally.state import REGISTERS
from screens.roborally.panels import TABLE_HEADER, robot_state
from screens.roborally.programming import preview_label
from screens.roborally.screen import KEYS_HELP, RoboRallyOverScreen
from tests.roborally.test_ui import (
    footer_keys,
    match_log_last,
    play_human,
    prepared_save,
    wait_human,
)
from tests.ui_helpers import SIZE, make_app, rr_screen, screen_lines, settle


def prog_text(screen) -> str:
    return str(screen.query_one("#rr-prog").render())


async def step_to_the_end(pilot, screen, key: str = "space") -> None:
    while screen.queue:
        await pilot.press(key)
    await settle(pilot)


# -- 1. a stepped playback holds its last picture -----------------------------------------
async def test_the_end_of_the_race_stepped_stays_until_space(tmp_path) -> None:
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
        await pilot.press("1")  # North
        await wait_human(pilot)
        screen = rr_screen(app)
        screen.running = False
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await pilot.pause()
        await step_to_the_end(pilot, screen)
        assert screen.state.is_terminal() and app.screen is screen  # the result waits
        assert screen.ui_phase() == "held" and screen.shown.register == REGISTERS
        assert "Race over: Space/Enter for the result" in prog_text(screen)
        assert screen_lines(app)[-1].startswith(" Space Result  l Log")
        await pilot.press("space")
        await settle(pilot)
        assert isinstance(app.screen, RoboRallyOverScreen)
        await pilot.press("b")  # back to the board: the log is offered there too
        await settle(pilot)
        assert screen.ui_phase() == "over" and "Log" in footer_keys(screen)
        assert "l Log" in screen_lines(app)[-1]


async def test_the_held_last_picture_shows_how_the_turn_ended(tmp_path) -> None:
    """Once the turn's last picture is held the table is the game's: it never shows every
    robot still virtual while the log under it says they became real."""
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
        await pilot.press("1")  # North
        await wait_human(pilot)
        screen = rr_screen(app)
        screen.running = False
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await pilot.pause()
        await step_to_the_end(pilot, screen)
        assert screen.held  # the turn is over; its last picture waits for Space
        screen.state.bots[1].damage = 7  # the game moved on from the picture: the table too
        screen.refresh_all()
        await settle(pilot)
        board_w = screen.query_one("#rr-board").size.width
        live = screen.my_view().robots
        for seat, name in enumerate(("Red", "Blue")):
            row = next(
                r[board_w:]
                for r in screen_lines(app)
                if r[board_w:].split() and r[board_w:].split()[0][2:].rstrip("*") == name
            )
            assert row.split()[2] == str(live[seat].damage)  # the table's damage column
            assert ("virt" in row) == live[seat].virtual, row
        # the board draws them as the table does: real ones in capitals (a robot made
        # real at the end of the turn is not drawn virtual on the held picture)
        shown = screen.shown.bots
        for seat, _pos, _facing, virtual in screen.robots_now():
            if live[seat].pos == shown[seat].pos:
                assert virtual == live[seat].virtual


def _program_kills(state) -> bool:
    """Red programs, its first five cards (keys 1-5, the hand is shown by priority) destroy
    it, and it has lives left."""
    b = state.bots[0]
    if state.pending_kind(0) != "program" or any(b.locked) or b.lives < 2 or b.pos < 0:
        return False
    path, _, _, _ = preview_program(state, 0, sorted(b.hand)[:REGISTERS], REGISTERS)
    return any(p < 0 for p, _ in path)


async def test_a_choice_key_on_the_held_end_makes_the_decision_that_follows(tmp_path) -> None:
    """Stepped to its end, a playback that leads to a decision of yours waits for Space or
    Enter; a number pressed there is not lost: it picks that choice at once."""
    path = prepared_save(tmp_path, _program_kills)
    app = make_app(tmp_path, start="resume", resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        state = screen.state
        screen.running = False
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await pilot.pause()
        await step_to_the_end(pilot, screen)
        assert state.pending_kind(0) == "reenter", state.pending_kind(0)
        assert screen.ui_phase() == "held" and screen.after_watch() == "decide"
        assert "Space/Enter: on to your decision" in prog_text(screen)
        assert screen_lines(app)[-1].startswith(" Space Decide")
        assert "Re-enter" not in prog_text(screen)  # not asked yet
        first = state.view(0).choices[0]
        await pilot.press("1")
        await settle(pilot)
        assert match_log_last(screen) == f"reenter {first.value}"


# -- 2. r while the others think ------------------------------------------------------------
class _Gated:
    """A computer player that answers only once the gate opens (it thinks long)."""

    def __init__(self, player, gate: threading.Event) -> None:
        self.player, self.gate = player, gate

    def choose(self, view):
        self.gate.wait(30)
        return self.player.choose(view)


async def test_r_while_the_others_think_pauses_the_coming_playback(tmp_path) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=3,
        opponent="random",
        seed=11,
        options={"course": "first-steps"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        session = screen.session
        gate = threading.Event()
        real = session.computer
        session.computer = lambda seat: _Gated(real(seat), gate)
        try:
            await pilot.press("1")  # North: the computers start programming, slowly
            await pilot.pause()
            await pilot.press("1", "2", "3", "4", "5", "enter")
            await pilot.pause()
            assert screen.ui_phase() == "wait" and screen.running
            assert "r Pause" in screen_lines(app)[-1]
            assert "The registers will run" in prog_text(screen)
            await pilot.press("r")
            await pilot.pause()
            assert not screen.running
            assert screen.message == (
                "The registers will wait for Space at each step (r runs them)."
            )
            assert "r Run" in screen_lines(app)[-1]
        finally:
            gate.set()
        await settle(pilot)
        assert screen.ui_phase() == "watch" and screen.queue
        assert screen.shown.register == 1 and screen.timer is None  # paused on register 1
        assert "Space step" in screen_lines(app)[0]
        while screen.shown.register == 1:  # its cards one by one, then its end
            await pilot.press("space")
        assert screen.shown.register == 2 and screen.timer is None
        await pilot.press("r")  # and r runs it again
        assert screen.running and screen.timer is not None


# -- 3. l in the keys help -------------------------------------------------------------------
def test_the_keys_help_tells_l_and_the_robot_table_words() -> None:
    assert re.search(r"^ +l +the whole log in a scrollable window \(any time\)$", KEYS_HELP, re.M)
    watching = KEYS_HELP.split("Watching")[1].split("Game over")[0]
    assert "l the whole log" in watching
    for word in ("off (powered down)", "pd (power down announced)", "virt (virtual"):
        assert word in KEYS_HELP.replace("\n                ", " ")


# -- 4. one line a robot ------------------------------------------------------------------------
def test_the_state_column_is_never_longer_than_seven() -> None:
    seen = set()
    for pos in (-1, 5):
        for lives in (0, 2):
            for powered in (False, True):
                for announced in (False, True):
                    for virtual in (False, True):
                        text = robot_state(pos, lives, powered, announced, virtual)
                        assert len(text) <= 7, text
                        seen.add(text)
    assert {"off,v", "pd,v", "virt", "off", "pd", "dead,pd", "out"} <= seen


async def test_seven_robots_keep_one_line_each_powered_down_and_virtual(tmp_path) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=7,
        opponent="random",
        seed=6,
        options={"course": "first-steps"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        state = screen.state
        assert all(b.virtual for b in state.bots)  # all on the one start square
        state.bots[2].powered = True  # Green: powered down and virtual
        screen.refresh_all()
        await settle(pilot)
        rows = screen_lines(app)
        board_w = screen.query_one("#rr-board").size.width
        side = [row[board_w:].rstrip() for row in rows[1:9]]
        names = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "White")
        assert side[0].strip() == TABLE_HEADER
        for row, name in zip(side[1:], names, strict=True):  # no row wrapped in between
            assert row.split()[0][2:].rstrip("*") == name, side
        assert side[3].endswith(" off,v") and "…" not in "".join(side)


async def test_the_table_tells_a_power_down_as_the_picture_on_screen_has_it(tmp_path) -> None:
    """During a playback the state column comes from the picture shown, like the other
    columns: a power down announced for later (still secret in the live game, or not yet
    revealed) is not shown early, and one revealed in that picture is."""
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
        state = screen.state

        def blue_row() -> str:
            board_w = screen.query_one("#rr-board").size.width
            return next(
                row[board_w:].rstrip() for row in screen_lines(app) if "Blue" in row[board_w:]
            )

        await pilot.press("1")  # facing
        await wait_human(pilot)
        screen.running = False  # step by step: a picture stays on screen
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await settle(pilot)
        await pilot.press("space")
        await settle(pilot)
        assert screen.shown is not None
        picture = screen.shown.bots
        picture[1].announce = False
        state.bots[1].announce = True  # the live game says otherwise: not on screen yet
        screen.refresh_all()
        await settle(pilot)
        assert "pd" not in blue_row().split()[-1], blue_row()
        picture[1].announce = True  # revealed in the picture on screen
        screen.refresh_all()
        await settle(pilot)
        assert blue_row().split()[-1] in ("pd", "pd,v"), blue_row()


# -- 5. power down announced beside locked registers; p says it cancels -------------------
def _locked_and_damaged(state) -> bool:
    b = state.bots[0]
    return state.pending_kind(0) == "program" and any(b.locked) and not b.announce


async def test_power_down_keeps_the_locked_registers_shown_and_p_says_cancel(tmp_path) -> None:
    path = prepared_save(tmp_path, _locked_and_damaged)
    app = make_app(tmp_path, start="resume", resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        me = screen.state.bots[0]
        held = ",".join(str(r + 1) for r in range(REGISTERS) if me.locked[r])
        assert "Power down" in footer_keys(screen) and "p power down" in prog_text(screen)
        height = len(prog_text(screen).splitlines())
        await pilot.press("p")
        await settle(pilot)
        assert screen.power and screen.message.startswith("Power down announced")
        screen.message = ""
        screen.refresh_all()
        prog = prog_text(screen)
        assert prog.startswith(
            f"Registers  locked: {held} (grey)\n[power down announced] p cancels\n"
        )
        assert "p power down" not in prog  # the heading tells what p does now
        assert len(prog.splitlines()) == height  # the panel is no taller
        assert "Cancel power down" in footer_keys(screen)
        footer = screen_lines(app)[-1]
        assert "p Cancel power down" in footer and footer.rstrip().endswith("q Quit")
        await pilot.press("p")
        await settle(pilot)
        assert not screen.power and "Power down" in footer_keys(screen)
        assert "Cancel power down" not in footer_keys(screen)
        assert f"Registers  locked: {held} (grey)\n1:" in prog_text(screen)


# -- 6. a preview square of three registers or more ------------------------------------------
def test_preview_labels() -> None:
    assert preview_label([3]) == "3 "
    assert preview_label([3, 5]) == "35"
    assert preview_label([2, 3, 5]) == "+5"
    assert preview_label([1, 2, 3, 4, 5]) == "+5"


async def test_a_square_reached_after_three_registers_says_so(tmp_path) -> None:
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
        await pilot.press("1")  # North
        await wait_human(pilot)
        screen = rr_screen(app)
        state = screen.state
        me = state.bots[0]
        taken = {c for b in state.bots for c in b.hand}
        free = [c for c in DECK if c not in taken]

        def card(kind: int) -> int:
            c = next(c for c in free if KIND[c] == kind)
            free.remove(c)
            return c

        # forward, then three turns where it stands (1,2,3,4 on one square), forward, ...
        hand = [
            card(MOVE1),
            card(LEFT),
            card(RIGHT),
            card(UTURN),
            card(MOVE1),
            card(LEFT),
            card(RIGHT),
            card(MOVE1),
            card(UTURN),
        ]
        me.hand = hand
        screen.refresh_all()
        shown = list(screen.my_view().hand)  # by priority
        await pilot.press(*[str(shown.index(c) + 1) for c in hand[:4]])
        assert screen.chosen == hand[:4]
        await settle(pilot)
        path, _, _, _ = preview_program(state, 0, hand[:4] + [0], 4)
        squares = [p for p, _ in path]
        assert len(set(squares)) == 1 and squares[0] != me.pos  # one square, not its own
        marks, warn = screen.preview(screen.my_view())
        name = state.layout.short_name(squares[0])
        assert marks[squares[0]][0] == "+4"
        assert re.match(
            rf"Preview after register 4: {name} facing . \(also after 1,2,3\)$", warn
        ), warn
        assert "+4" in str(screen.query_one("#rr-board").render())
        assert "(also after 1,2,3)" in prog_text(screen).replace("\n", " ")
        await pilot.press(str(shown.index(hand[4]) + 1))  # on: the square is not the last
        await settle(pilot)
        marks, warn = screen.preview(screen.my_view())
        assert marks[squares[0]][0] == "+4" and warn.endswith(f", {name} after 1,2,3,4"), warn
        assert "+4" in str(screen.query_one("#rr-board").render())
        assert f"{name} after 1,2,3,4" in prog_text(screen).replace("\n", " ")


def test_the_preview_marks_the_square_where_the_robot_dies() -> None:
    """Move1 then Move2 into a pit: the red mark is on the pit, not on the square register 2
    starts from (and, off the edge, on the square it falls from)."""
    from tests.roborally.test_scenarios import build

    state = build({"board": ".. .. ..\n.. XX ..\n.. .. ..\n.. .. ..", "robots": ["b4 N", "a1 N"]})
    lay = state.layout
    path, _, _, death = preview_program(state, 0, [500, 670, 0, 0, 0], 2)  # Move1, Move2
    assert [lay.short_name(p) for p, _ in path[:1]] == ["b3"] and path[1][0] < 0
    assert lay.short_name(death) == "b2"  # the pit
    edge = build({"board": ".. .. ..\n.. XX ..\n.. .. ..", "robots": ["c2 N", "a3 N"]})
    path, _, _, death = preview_program(edge, 0, [790, 0, 0, 0, 0], 1)  # Move3: c1, then off
    assert path[0][0] < 0 and edge.layout.short_name(death) == "c1"
    path, _, _, death = preview_program(state, 0, [70, 0, 0, 0, 0], 1)  # a turn: alive
    assert death == -1 and path[0][0] >= 0


async def test_a_hint_on_a_decision_names_its_number_and_puts_the_cursor_on_it(tmp_path) -> None:
    """H on the re-entry question names the choice's number, not only "Red re-enters facing
    W." (two choices face West), and moves the cursor onto it, so Enter after H does what
    the hint says."""
    path = prepared_save(tmp_path, _program_kills)
    app = make_app(tmp_path, start="resume", resume_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        state = screen.state
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await wait_human(pilot)
        assert state.pending_kind(0) == "reenter", state.pending_kind(0)
        table = str(screen.query_one("#rr-status").render()).splitlines()
        red = next(row for row in table if "Red" in row)
        assert red.split()[1:3] == ["-", "-"] and "dead" in red  # no damage, no locks shown
        await pilot.press("H")
        await settle(pilot)
        choices = state.view(0).choices
        hinted = choices[screen.cur]
        text = screen._choice_text(state.view(0), hinted.value)
        assert f"Hint: {screen.cur + 1}, {text} (Enter)." in prog_text(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert match_log_last(screen) == f"reenter {hinted.value}"


async def test_the_title_keeps_the_view_whole_on_a_big_course(tmp_path) -> None:
    """On Grand Tour the title never runs off the screen while the registers play
    ("running 0.5s  view from f1 (m"): the view takes the longest form that fits."""
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=2,
        opponent="random",
        seed=2,
        options={"course": "grand-tour"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        while screen.state.pending_kind(0) != "program":
            await play_human(pilot)
        assert screen_lines(app)[0].rstrip().endswith("(m map)")
        screen.running = True
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await pilot.pause()
        assert screen.queue or screen.shown is not None
        title = screen_lines(app)[0].rstrip()
        assert "running" in title and title.endswith("(m map)"), title
        assert "view " in title and len(title) <= SIZE[0] - 1
