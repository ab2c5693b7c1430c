"""Following a RoboRally turn: walls seen at a glance (a south wall is a
mark in the gap and an underline, not an underline alone), a beam shows across a wrench, the
robot whose card plays is marked, the register's heading stays in view above a long log and
the robots' table has a square column."""

from __future__ import annotations

from engines.roborally.boardfile import layout_from_board, parse_board
from screens.roborally.draw import draw_board, legend
from screens.roborally.log import card_steps
from screens.roborally.panels import TABLE_HEADER, RegisterLog, lock_text, log_window
from tests.roborally.test_log import one_turn
from tests.roborally.test_ui import wait_human
from tests.ui_helpers import SIZE, make_app, rr_screen, screen_lines, settle


def board(grid: str, **lists: object) -> object:
    text = f'name = "Test"\ngrid = """\n{grid}\n"""\n'
    for key, value in lists.items():
        if key == "walls":
            text += f"walls = {value!r}\n".replace("'", '"')
        else:
            for table in value:  # type: ignore[union-attr]
                body = "\n".join(f"{k} = {v!r}".replace("'", '"') for k, v in table.items())
                text += f"\n[[{key}]]\n{body}\n"
    return layout_from_board(parse_board(text, "test.toml", "test"))


def rows(lay, robots=(), ascii_only=False, acting=None) -> list[str]:
    text = draw_board(lay, list(robots), ascii_only, (0, 0, lay.width, lay.height), acting=acting)
    return text.plain.splitlines()


def test_a_south_wall_is_a_mark_in_the_gap_and_an_underline() -> None:
    lay = board(".. .. ..\n.. .. ..", walls=["b1 S", "c1 SW"])
    top = rows(lay)[0]
    assert top == " · ▁· ┗·  "  # b1: south; c1: south and west
    assert rows(lay, ascii_only=True)[0] == " . _. |.  "
    text = draw_board(lay, [], False, (0, 0, 3, 2))
    b1 = top.index("▁") + 1
    assert "underline" in str(text.get_style_at_offset(_console(), b1))
    assert "underline" not in str(text.get_style_at_offset(_console(), 1))  # a1: no wall


def _console():
    from rich.console import Console

    return Console()


def test_the_legend_says_how_a_south_wall_looks() -> None:
    lay = board(".. ..")
    assert "▁·  wall to the south (┗: and west)" in legend(False, lay).plain
    assert "_.  wall to the south (underlined)" in legend(True, lay).plain


def test_a_beam_across_a_wrench_or_belt_is_drawn_on_it() -> None:
    lay = board(".. w1 b> w2 ..", lasers=[{"at": "a1", "dir": "E", "beams": 1}])
    assert rows(lay)[0] == "┃L1 w┄ →┄ W┄ ┄┄"  # the emitter's wall west of a1
    lay = board("..\nw1\n..", lasers=[{"at": "a3", "dir": "N", "beams": 1}])
    assert rows(lay)[1] == " w┆ "
    assert rows(lay, ascii_only=True)[1] == " w: "


def test_the_robot_whose_card_plays_is_drawn_reversed_and_on_top() -> None:
    lay = board(".. ..")
    text = draw_board(lay, [(0, 0, 1, False), (1, 0, 1, False)], False, (0, 0, 2, 1), acting=1)
    assert text.plain.startswith(" 2▶")  # two robots on a1
    style = str(text.get_style_at_offset(_console(), 1))
    assert "reverse" in style and "#2e8bff" in style  # Blue's colour, reversed


def test_card_steps_follow_the_cards_in_priority_order() -> None:
    # Red Move1 east from a1 pushes nothing; Blue turns; both play in register 1
    state = one_turn(".. .. .. ..", ["a1 E", "d1 W"], ["1 L R L R", "R L R L R"])
    trace = state.trace or []
    picture = next(p for p in trace if (p.turn, p.register) == (1, 1))
    steps = card_steps(picture, state.layout)
    assert [s.seat for s in steps] == sorted(
        (0, 1), key=lambda s: -picture.bots[s].regs[0]
    )  # high priority first
    red = next(s for s in steps if s.seat == 0)
    blue = next(s for s in steps if s.seat == 1)
    assert red.card == picture.bots[0].regs[0] and blue.seat == 1
    assert steps[-1].spots[:2] == [(1, 1), (3, 0)]  # Red on b1 east, Blue turned north
    assert red.spots[0] == (1, 1)


def test_the_log_keeps_the_newest_heading_at_the_top() -> None:
    lines = [("Register 1: Red Move1 500", "bold"), ("  Red a1E -> b1E", "")]
    lines += [(f"  Blue pushed line {n}", "") for n in range(10)]
    shown = log_window(lines, 40, 5)
    assert shown[0] == ("Register 1: Red Move1 500", "bold")
    assert [t for t, _ in shown[1:]] == [f"  Blue pushed line {n}" for n in range(6, 10)]
    short = log_window(lines[:3], 40, 5)  # it fits: nothing pinned twice
    assert [t for t, _ in short] == [t for t, _ in lines[:3]]
    older = [("Turn 2 begins.", "bold"), ("  Red re-enters", "")] + lines
    assert log_window(older, 40, 3)[0][0] == "Register 1: Red Move1 500"


def test_the_log_never_starts_with_the_tail_of_a_wrapped_line() -> None:
    # at the next turn's programming the log's top line is never "  Left 230", the tail of
    # the last register's heading, wrapped over three lines and cut.
    heading = (
        "Register 5: Yellow Move3 800, Blue Move2 690, Green Move1 500, Red Left 230",
        "bold",
    )
    lines = [
        heading,
        ("  Yellow Move3: h15N -> h12N", ""),
        ("End of turn 1:", "bold"),
        ("  Red becomes real", ""),
        ("Turn 2 begins.", "bold"),
    ]
    shown = log_window(lines, 30, 5)
    assert [t for t, _ in shown] == [
        "  Yellow Move3: h15N -> h12N",
        "End of turn 1:",
        "  Red becomes real",
        "Turn 2 begins.",
    ]
    for height in range(1, 12):  # a window starts with a whole entry, at any height
        top = log_window(lines, 30, height)[0][0]
        assert any(text.startswith(top) for text, _ in lines), (height, top)


def test_the_lock_column_fits_three_characters() -> None:
    def text(regs: list[int]) -> str:
        return lock_text([r in regs for r in range(1, 6)])

    assert [
        text(r)
        for r in (
            [],
            [5],
            [4, 5],
            [3, 4, 5],
            [2, 3, 4, 5],
            [1, 2, 3, 4, 5],
            [3, 5],
            [1, 3, 5],
            [1, 3, 4, 5],
        )
    ] == ["-", "5", "4-5", "3-5", "2-5", "1-5", "3,5", "13+", "13+"]


async def test_the_robots_table_has_a_square_column(tmp_path) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=4,
        opponent="random",
        seed=4,
        options={"course": "first-steps", "start": "docks"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        lay = screen.state.layout
        board_w = screen.query_one("#rr-board").size.width
        side = [row[board_w:].rstrip() for row in screen_lines(app)[1:6]]
        assert side[0].strip() == TABLE_HEADER
        for row, bot in zip(side[1:], screen.state.bots, strict=True):
            assert row.split()[1] == lay.short_name(bot.pos), row
            assert len(row.strip()) <= 40


async def test_stepping_shows_each_card_with_its_robot_marked(tmp_path) -> None:
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=3,
        opponent="random",
        seed=6,
        options={"course": "first-steps", "start": "docks"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        await pilot.press("1")  # facing
        await wait_human(pilot)
        screen.running = False
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await settle(pilot)
        seen = 0
        while screen.queue:
            shown = screen.shown
            if shown is not None and shown.is_card:
                seen += 1
                assert screen.acting() == shown.actor
                title = screen_lines(app)[0]
                assert f"register {shown.register}" in title
                assert title.split(f"register {shown.register}")[1].split()[0] in (
                    "Red",
                    "Blue",
                    "Green",
                )
                log = screen.query_one("#rr-log", RegisterLog).visible_lines()
                heading = f"Register {shown.register}:"
                assert any(text.startswith(heading) for text, _ in log), log  # in view
            await pilot.press("space")
        assert seen >= 2  # three robots: every register has cards to step through


async def test_a_decision_noted_while_a_registers_cards_show_is_told(tmp_path) -> None:
    """A note added to the last queued picture (a decision played during the playback)
    after that register's first card was shown (and the register told) is not lost."""
    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=3,
        opponent="random",
        seed=6,
        options={"course": "first-steps", "start": "docks"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        await pilot.press("1")  # facing
        await wait_human(pilot)
        screen.running = False
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await settle(pilot)
        while screen.shown is None or not screen.shown.is_card:
            await pilot.press("space")  # on to a register's first card
        whole = screen.shown.of  # told already, its end still queued (as the last, say)
        assert whole.told and any(f.of is whole and not f.is_card for f in screen.queue)
        whole.notes.append(("  Blue decided", "dim"))
        while screen.queue:
            await pilot.press("space")
        await settle(pilot)
        assert ("  Blue decided", "dim") in screen.events_log


async def test_the_log_tells_a_card_when_the_board_shows_it(tmp_path) -> None:
    """Stepping a register card by card: the log ends with the register's heading and the
    lines of the cards played so far; the next card's line comes with the next picture, the
    board elements with the register's own picture."""
    from engines.roborally.state import SEAT_NAMES

    app = make_app(
        tmp_path,
        start="play",
        game="roborally",
        players=3,
        opponent="random",
        seed=6,
        options={"course": "first-steps", "start": "docks"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_human(pilot)
        screen = rr_screen(app)
        await pilot.press("1")  # facing
        await wait_human(pilot)
        screen.running = False
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await settle(pilot)
        cards = 0
        while screen.queue:
            shown = screen.shown
            if shown is not None and shown.step is not None:
                assert shown.of.lines is not None  # told as its first card showed
                lines, upto = shown.of.lines, shown.of.by_card[shown.step]
                assert lines[0][0].startswith(f"Register {shown.register}:")
                assert screen.events_log[-upto:] == lines[:upto]
                assert lines[upto - 1] in lines[1:]  # at least the card's own line
                if shown.step + 1 < len(shown.of.by_card):  # the next card waits
                    following = lines[upto][0].split()[0]
                    assert following in SEAT_NAMES and upto < len(lines)
                cards += 1
            elif shown is not None and shown.register and shown.of.lines is not None:
                assert screen.events_log[-len(shown.of.lines) :] == shown.of.lines or shown.of.notes
            await pilot.press("space")
        assert cards >= 2
