"""Robo Factory screen at 80x24, as a user sees it: notes and the log across quit/resume,
private cards after buying, the end of each customer turn, the keys after game over."""

from __future__ import annotations

from textual.geometry import Region

from engines.robo_factory.cards import letters
from engines.robo_factory.state import BUILD, BUY, REBUILD
from saves import list_saves, load_save
from screens.dialogs import PassScreen
from screens.robo_factory.draw import log_lines, match_words, robots_rows, turn_changes
from screens.robo_factory.panels import OWN_COLUMN
from screens.robo_factory.results import RoboFactoryOverScreen, TurnResultScreen
from screens.robo_factory.screen import RoboFactoryScreen
from tests.robo_factory.test_ui import close_turn_results, play_human_action, start
from tests.ui_helpers import SIZE, make_app, rf_screen, settle


def visible_lines(widget) -> list[str]:
    """The rows of ``widget`` as they are on screen (cut to its size)."""
    size = widget.size
    return [strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, *size))]


def footer_actions(screen) -> set[str]:
    """The actions whose keys the footer shows now."""
    return {
        active.binding.action
        for active in screen.active_bindings.values()
        if active.binding.show and active.enabled
    }


async def act(pilot, buy: bool = False) -> None:
    """One action by keys for the human to move (buying, or building a possible robot);
    a turn result that comes up stays open."""
    screen = rf_screen(pilot.app)
    state = screen.state
    (seat,) = state.to_move()
    view = state.view(seat)
    if state.phase == BUY:
        await pilot.press(*(["1", "enter"] if buy and view.cubes[seat] else ["n"]))
    else:
        await pilot.press(*letters(view.candidates()[0]).lower(), "enter")
    await settle(pilot)


def changes_of(screen, turn: int) -> str:
    """The human's change of cubes over customer turn ``turn``, as shown: ``+3``."""
    return f"{turn_changes(screen.state.events, turn, len(screen.names()))[0]:+d}"


async def quit_and_resume(pilot, app, tmp_path):
    """q and y (the game is autosaved), then a new app resumes the save."""
    await pilot.press("q")
    await pilot.pause()
    await pilot.press("y")
    await pilot.pause()
    (summary,), _ = list_saves(tmp_path)
    return make_app(tmp_path, start="resume", resume_path=summary.path), summary.path


async def test_notes_survive_quit_and_resume_within_the_customer_turn(tmp_path) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=3, opponent="random", seed=42
    )
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        turn = screen.state.turn
        await pilot.press("tab", "x", "down", "right", "right", "o", "tab")
        assert screen.notes[0] == {(0, 0): "x", (1, 2): "o"}
        app2, path = await quit_and_resume(pilot, app, tmp_path)
    assert load_save(path).ui["notes"]["0"] == {"turn": turn, "rows": ["x---", "--o-", "----"]}
    async with app2.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = rf_screen(app2)
        assert screen.state.turn == turn
        notes = visible_lines(screen.query_one("#rf-notes"))
        assert notes[1].split()[1:] == ["x", "·", "·", "·"]
        assert notes[2].split()[1:] == ["·", "·", "o", "·"]
        # a new customer turn starts with a clean notepad, in the save too
        while screen.state.turn == turn:
            await play_human_action(pilot)
        assert screen._notes(0) == {}
        notes = visible_lines(screen.query_one("#rf-notes"))
        assert [row.split()[1:] for row in notes[1:4]] == [["·"] * 4] * 3
        await pilot.press("tab", "o", "delete", "tab")
        assert "notes" not in screen.session.saved.ui


async def test_the_log_shows_its_newest_line_after_resume_and_every_action(tmp_path) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=4, opponent="random", seed=3
    )
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        while rf_screen(app).state.turn < 2:
            await play_human_action(pilot)
        app2, _ = await quit_and_resume(pilot, app, tmp_path)

    def newest_shown(screen: RoboFactoryScreen) -> None:
        view = screen.shown_view()
        newest = log_lines(view, screen.names())[-1].replace("You is", "You are")
        rows = [r for r in visible_lines(screen.query_one("#rf-log")) if r.strip()]
        assert newest.split()[-1] in rows[-1], (newest, rows)
        assert len(rows) > 5  # the panel is full, not a few lines at the top

    async with app2.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = rf_screen(app2)
        newest_shown(screen)
        for _ in range(4):
            await play_human_action(pilot)
            newest_shown(screen)


async def test_bought_card_stays_in_place_and_match_tiles_differ_from_card_keys(
    tmp_path,
) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=3, opponent="random", seed=42
    )
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        hand = list(screen.state.hands[0])
        rows = visible_lines(screen.query_one("#rf-cards"))
        assert rows[4][OWN_COLUMN:].split() == ["[1]", "[2]", "[3]"]
        tiles = screen.state.open_tiles
        assert rows[4][:OWN_COLUMN].split() == [w for t in tiles for w in match_words(t).split()]
        await pilot.press("2", "enter")  # the middle card for information
        await settle(pilot)
        view = screen.state.view(0)
        assert view.bought is not None and view.bought[0] == hand[1]
        rows = visible_lines(screen.query_one("#rf-cards"))
        heads = robots_rows(hand)[0].plain.rstrip()
        assert rows[1][OWN_COLUMN:] == heads  # same cards, same places
        assert rows[4][OWN_COLUMN + 6 : OWN_COLUMN + 12].strip() == "gave"
        assert rows[5][OWN_COLUMN + 6 :].strip() == match_words(view.bought[1])


async def test_a_turn_you_built_in_ends_with_its_result_until_enter(tmp_path) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=3, opponent="random", seed=42
    )
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)  # turn 1, yours as the customer, and its result (Enter)
        screen = rf_screen(app)
        assert screen.state.turn == 1 and app.screen is screen
        while not isinstance(app.screen, TurnResultScreen):
            await act(pilot, buy=True)
        ended = screen.state.turn - 1
        text = str(app.screen.query_one(".rf-turn").query(".dialog-title").first().render())
        assert text == f"Turn {ended + 1}/6 is over"
        body = "\n".join(str(s.render()) for s in app.screen.query(".rf-turn Static"))
        order = next(e for e in screen.state.events if e.kind == "order" and e.turn == ended)
        assert f"The order was {letters(order.code)}." in body
        rows: dict[str, str] = {}  # a line per player, its continuation lines joined
        for row in body.splitlines()[2:]:
            if row.startswith(" ") and rows:
                rows[list(rows)[-1]] += " " + row.strip()
            elif row.strip():
                name = next((n for n in screen.names() if row.startswith(n)), row)
                rows[name] = row[len(name) :].strip()
        for e in screen.state.events:
            if e.turn == ended and e.kind == "check":
                line = rows[screen.names()[e.seat]]
                assert letters(e.code) in line and ("right" in line or "wrong" in line)
        assert "customer" in body and "Enter: next turn" in body
        # your line: every change named, then the cubes; the status line says the same
        mine, cubes = rows["You"], screen.state.cubes[0]
        unit = "cube" if cubes == 1 else "cubes"
        assert mine.endswith(f": {cubes} {unit} ({changes_of(screen, ended)})")
        # it waits: nothing is played behind it
        moves = screen.state.moves
        await settle(pilot)
        assert screen.state.moves == moves and isinstance(app.screen, TurnResultScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.session.saved.ui["result_seen"] == ended
        if screen.state.turn == ended + 1:
            status = str(screen.query_one("#rf-status").render()).replace("\n", " ")
            items = mine.rsplit(":", 1)[0]
            assert f"Last turn ({ended + 1}): order" in status
            assert f"You: {items} ({changes_of(screen, ended)})." in status


async def test_turn_result_is_shown_again_after_resume_if_not_closed(tmp_path) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=3, opponent="random", seed=42
    )
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        while not isinstance(app.screen, TurnResultScreen):
            await act(pilot)
        ended = rf_screen(app).state.turn - 1
    # the terminal closed while the result was up: the game was saved, the result not seen
    (summary,), _ = list_saves(tmp_path)
    assert load_save(summary.path).ui["result_seen"] == ended - 1
    app = make_app(tmp_path, start="resume", resume_path=summary.path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TurnResultScreen)
        assert app.screen.title_text == f"Turn {ended + 1}/6 is over"
        await close_turn_results(pilot)
        assert isinstance(app.screen.screen, RoboFactoryScreen)
        assert rf_screen(app).session.saved.ui["result_seen"] == ended


async def test_hot_seat_result_comes_before_the_pass_screen(tmp_path) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=3, humans=2, opponent="random", seed=5
    )
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        turn = screen.state.turn
        while True:
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
                await settle(pilot)
            if isinstance(app.screen, TurnResultScreen):
                break
            await act(pilot)
        assert screen.state.turn == turn + 1
        assert screen.private_seat() is None  # nobody's new cards behind the result
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)


async def test_after_game_over_enter_brings_the_result_back(tmp_path) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=2, opponent="random", seed=9
    )
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        while not screen.state.is_terminal():
            await play_human_action(pilot)
        assert isinstance(app.screen, RoboFactoryOverScreen)
        await pilot.press("b")
        await pilot.pause()
        assert app.screen is screen
        shown = footer_actions(screen)
        assert "show_result" in shown
        assert not shown & {"colour(0)", "eureka", "confirm", "toggle_notes", "card(0)"}
        assert "Enter shows the result" in str(screen.query_one("#rf-status").render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RoboFactoryOverScreen)


async def test_footer_keys_follow_the_phase_and_eureka_once_used(tmp_path) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=3, opponent="random", seed=42
    )
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        assert screen.state.phase == BUY and screen.human_to_move()
        shown = footer_actions(screen)
        assert {"card(0)", "no_buy", "confirm"} <= shown
        assert not shown & {"colour(0)", "eureka"}
        await pilot.press("r")  # a colour while buying: said why
        assert "while building" in screen.message
        while not (screen.human_to_move() and screen.state.phase in (BUILD, REBUILD)):
            await act(pilot)
        assert {"colour(0)", "eureka", "confirm"} <= footer_actions(screen)
        # build with Eureka, then play on to the next build of yours
        view = screen.state.view(0)
        await pilot.press(*letters(view.candidates()[0]).lower(), "e", "enter")
        await settle(pilot)
        await close_turn_results(pilot)
        assert screen.state.eureka_used[0]
        while not (screen.human_to_move() and screen.state.phase in (BUILD, REBUILD)):
            await act(pilot)
            await close_turn_results(pilot)
        shown = footer_actions(screen)
        assert "colour(0)" in shown and "eureka" not in shown
        await pilot.press("e")
        assert "already used your Eureka" in screen.message
        assert "already used" in str(screen.query_one("#rf-status").render())


async def test_status_summary_is_of_the_turn_before_the_current_one_after_undo(
    tmp_path,
) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=3, opponent="random", seed=42
    )
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        await pilot.press("n")
        await settle(pilot)
        turn = screen.state.turn
        status = str(screen.query_one("#rf-status").render())
        assert f"Last turn ({turn}): order" in status
        await pilot.press("u")
        await settle(pilot)
        assert screen.state.turn == turn and screen.state.phase == BUY
        status = str(screen.query_one("#rf-status").render())
        assert "Took back" in status and f"Last turn ({turn}): order" in status
        assert f"Turn {turn + 1}:" not in status


async def test_a_build_in_progress_and_its_eureka_survive_quit_and_resume(tmp_path) -> None:
    """Typed "bg", pressed e, quit and resumed: within the same try the robot and Eureka
    come back as they were, not empty and off; the next try starts afresh."""
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=3, opponent="random", seed=42
    )
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        while not (screen.human_to_move() and screen.state.phase in (BUILD, REBUILD)):
            await act(pilot)
        turn, phase = screen.state.turn, screen.state.phase
        await pilot.press("b", "g", "e")
        assert screen.parts == [2, 1, None] and screen.eureka
        app2, path = await quit_and_resume(pilot, app, tmp_path)
    assert load_save(path).ui["build"]["0"] == {
        "at": [turn, phase],
        "parts": [2, 1, -1],
        "eureka": True,
    }
    async with app2.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = rf_screen(app2)
        assert (screen.state.turn, screen.state.phase) == (turn, phase)
        assert screen.parts == [2, 1, None] and screen.eureka
        build = "\n".join(visible_lines(screen.query_one("#rf-build")))
        assert "ON" in build
        await pilot.press("y", "e", "enter")  # the legs (the first part left), Eureka off
        await settle(pilot)
        assert any(e.seat == 0 and e.text == "build BGY" for e in screen.session.match.log)
        await close_turn_results(pilot)
        while not (screen.human_to_move() and screen.state.phase in (BUILD, REBUILD)):
            await act(pilot)
            await close_turn_results(pilot)
        assert screen.parts == [None, None, None] and not screen.eureka
        assert "build" not in screen.session.saved.ui  # the earlier try's draft is gone


async def test_a_eureka_lost_on_the_first_try_is_told_on_the_second(tmp_path) -> None:
    """A wrong first build with Eureka costs 2 cubes: the second try says what the die took,
    not only "Nobody was right". The notepad's legend keeps a gap before the Eureka line
    (never "? maybe Eureka: off")."""
    for seed in range(1, 30):
        app = make_app(
            tmp_path / str(seed),
            start="play",
            game="robo-factory",
            players=3,
            opponent="easy",
            seed=seed,
        )
        async with app.run_test(size=SIZE) as pilot:
            await start(pilot)
            screen = rf_screen(app)
            state = screen.state
            while not (screen.human_to_move() and state.phase == BUILD):
                await act(pilot)
                await close_turn_results(pilot)
            wrong = (
                next(c for c in state.view(0).candidates() if c != state.order)
                if len(state.view(0).candidates()) > 1
                else (state.order + 1) % 64
            )
            cubes = state.cubes[0]
            await pilot.press("tab")  # the notepad with its legend, beside the build
            await settle(pilot)
            notes, build = screen.query_one("#rf-notes"), screen.query_one("#rf-build")
            legend = visible_lines(notes)[-1]
            assert legend.endswith("? maybe") and visible_lines(build)[-1].startswith("Eureka")
            assert build.region.x - notes.region.x >= len(legend) + 2
            await pilot.press("tab", *letters(wrong).lower(), "e", "enter")
            await settle(pilot)
            if state.phase != REBUILD or state.turn != screen.build_key[1]:
                continue  # somebody was right: no second try to look at
            paid = cubes - state.cubes[0]
            status = " ".join(visible_lines(screen.query_one("#rf-status")))
            die = next(
                e.die
                for e in state.events
                if e.kind == "check" and e.seat == 0 and e.turn == state.turn
            )
            cost = (
                "you had no cube to pay"
                if paid == 0
                else "you paid 1 cube"
                if paid == 1
                else f"you paid {paid} cubes"
            )
            assert f"Eureka on a wrong robot: the die showed {die}, {cost}." in status
            assert "Second try" in status
            return
    raise AssertionError("no seed gave a second try after a lost Eureka")


async def test_hot_seat_prompts_name_whose_cards_are_on_screen(tmp_path) -> None:
    """Between two humans the panel says "Your cards", so the prompt ("Buy information?")
    starts with the player's name."""
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=3, humans=2, opponent="random", seed=3
    )
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        checked = 0
        for _ in range(40):
            if isinstance(app.screen, PassScreen) or screen.answer:
                await pilot.press("enter")  # the keyboard passes / the answer is read
                await settle(pilot)
                continue
            await close_turn_results(pilot)
            seat = screen.state.current_player()
            if seat is None or not screen.human_to_move():
                await settle(pilot)
                continue
            checked += 1
            status = " ".join(visible_lines(screen.query_one("#rf-status")))
            assert status.startswith(f"{screen.names()[seat]}: "), status
            await act(pilot)
        assert checked >= 6
