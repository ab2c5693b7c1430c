"""Robo Factory at 80x24, the flow of a customer turn as a player meets it: the result of
a customer turn in which you were the customer waits for Enter (and is seen once, across
quit and resume), a hot-seat buyer reads its answer before the keyboard is passed, and
match counts read "1 match", "0 matches"."""

from __future__ import annotations

from engines.robo_factory.cards import letters
from engines.robo_factory.state import BUILD, BUY
from saves import list_saves, load_save
from screens import dialogs
from screens.dialogs import PassScreen
from screens.menu import MainMenu
from screens.robo_factory.draw import match_words, turn_changes
from screens.robo_factory.screen import RoboFactoryOverScreen, TurnResultScreen
from tests.robo_factory.test_footer import footer_keys
from tests.robo_factory.test_screen import quit_and_resume, visible_lines
from tests.robo_factory.test_ui import close_turn_results, start
from tests.ui_helpers import SIZE, make_app, rf_screen, settle


def result_rows(body: str, names: list[str]) -> dict[str, str]:
    """The turn result's line per player, continuation lines joined."""
    rows: dict[str, str] = {}
    lines = body.splitlines()
    for row in lines[lines.index("") + 1 :]:  # after the order and the open cards
        if row.startswith(" ") and rows:
            rows[list(rows)[-1]] += " " + row.strip()
        elif row.strip() and not row.startswith("Enter"):
            name = next(n for n in names if row.startswith(n))
            rows[name] = row[len(name) :].strip()
    return rows


def status_of(screen) -> str:
    return " ".join(visible_lines(screen.query_one("#rf-status")))


def cards_of(screen) -> list[str]:
    return visible_lines(screen.query_one("#rf-cards"))


# -- 1. the result of your own customer turn ----------------------------------------


async def test_your_customer_turn_ends_with_its_result_until_enter(tmp_path) -> None:
    """`robotui play robo-factory --players 3 --opponent hard`: you are the first customer;
    the computers play that turn, then its result waits for Enter before turn 2 goes on."""
    app = make_app(tmp_path, start="play", game="robo-factory", players=3, opponent="hard", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = rf_screen(app)
        names = screen.names()
        assert isinstance(app.screen, TurnResultScreen)
        assert app.screen.title_text == "Turn 1/6 is over"
        body = app.screen.body.plain
        events = screen.state.events
        order = next(e for e in events if e.kind == "order" and e.turn == 0)
        assert body.startswith(f"Customer: You.  The order was {letters(order.code)}.")
        # the open cards everybody went by, which the customer does not see otherwise
        layout = screen.state.open_layout(0)
        assert body.splitlines()[1] == "Open cards: " + ", ".join(
            f"{letters(card)} {tile} match{'' if tile == 1 else 'es'}" for card, tile in layout
        )
        rows = result_rows(body, names)
        assert list(rows) == ["Computer 1", "Computer 2", "You"]
        for check in (e for e in events if e.turn == 0 and e.kind == "check"):
            line = rows[names[check.seat]]
            assert f"{letters(check.code)} {'right' if check.right else 'wrong'}" in line
        change = turn_changes(events, 0, 3)[0]
        cubes = screen.state.cubes[0]
        assert rows["You"].startswith("customer")
        assert rows["You"].endswith(f": {cubes} cubes ({change:+d})")
        # it waits: nothing of turn 2 is played behind it
        moves = screen.state.moves
        await settle(pilot)
        assert screen.state.moves == moves and isinstance(app.screen, TurnResultScreen)
        assert not any(
            e.turn == 1 and e.kind in ("buy", "poor", "check") for e in screen.state.events
        )
        assert "result_seen" not in screen.session.saved.ui
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.human_to_move()
        assert screen.state.turn == 1 and screen.session.saved.ui["result_seen"] == 0
        assert "Last turn (1): order" in status_of(screen)
        app2, path = await quit_and_resume(pilot, app, tmp_path)
    assert load_save(path).ui["result_seen"] == 0
    async with app2.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = rf_screen(app2)
        assert app2.screen is screen and screen.human_to_move()  # not shown twice


async def test_a_customer_result_left_open_comes_back_once_after_resume(tmp_path) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=4, opponent="random", seed=3
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TurnResultScreen)
        moves = rf_screen(app).state.moves
    # the terminal closed while the result was up: saved, the result not seen
    (summary,), _ = list_saves(tmp_path)
    assert "result_seen" not in load_save(summary.path).ui
    app = make_app(tmp_path, start="resume", resume_path=summary.path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TurnResultScreen)
        assert app.screen.title_text == "Turn 1/8 is over"
        assert "Customer: You." in app.screen.body.plain
        assert rf_screen(app).state.moves == moves  # nothing played behind it
        await close_turn_results(pilot)
        screen = rf_screen(app)
        assert app.screen is screen and screen.session.saved.ui["result_seen"] == 0
        app2, _ = await quit_and_resume(pilot, app, tmp_path)
    async with app2.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app2.screen is rf_screen(app2)


async def test_undo_after_your_customer_turn_does_not_show_its_result_again(tmp_path) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=3, opponent="random", seed=42
    )
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert "Took back" in screen.message
        assert app.screen is screen and screen.session.saved.ui["result_seen"] == 0


async def test_the_result_window_has_the_game_keys_and_escape_does_not_go_on(tmp_path) -> None:
    """Escape on a turn's result does not go on to the next turn (which, with you the next
    customer, would play itself). ? and l open over it, q or Escape ask before leaving (No
    keeps the result), ctrl+q asks too, and a game left there shows the result again on
    resume."""
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=4, opponent="random", seed=3
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        result = app.screen
        assert isinstance(result, TurnResultScreen)
        moves = rf_screen(app).state.moves
        for key in ("question_mark", "l"):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, (dialogs.RulesScreen, dialogs.PreviewScreen))
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is result
        for key in ("escape", "q", "ctrl+q"):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, dialogs.ConfirmScreen), key
            await pilot.press("n")
            await settle(pilot)
            assert app.screen is result and rf_screen(app).state.moves == moves
        await pilot.press("q")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)  # the game is left
    (summary,), _ = list_saves(tmp_path)
    assert "result_seen" not in load_save(summary.path).ui
    app = make_app(tmp_path, start="resume", resume_path=summary.path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TurnResultScreen)
        assert rf_screen(app).state.moves == moves


# -- 2. a hot-seat buyer reads its answer before the keyboard is passed ----------------


async def play_to_buy(pilot, turn: int, seat: int) -> None:
    """Hot seat, by keys: Enter on pass screens and turn results, no purchases, a
    possible robot for each build, until ``seat`` is to buy in customer turn ``turn``."""
    screen = rf_screen(pilot.app)
    while True:
        if isinstance(pilot.app.screen, PassScreen | TurnResultScreen):
            await pilot.press("enter")
            await settle(pilot)
            continue
        state = screen.state
        (mover,) = state.to_move()
        assert screen.human_to_move() and mover == screen.shown_seat
        if state.phase == BUY and state.turn == turn and mover == seat:
            return
        if state.phase == BUY:
            await pilot.press("n")
        else:
            await pilot.press(*letters(state.view(mover).candidates()[0]).lower(), "enter")
        await settle(pilot)


async def test_hot_seat_buyer_sees_the_answer_before_the_pass_screen(tmp_path) -> None:
    """`--players 5 --humans 2`: in turn 3 Player 2 buys right after Player 1."""
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=5, humans=2, opponent="random", seed=42
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_to_buy(pilot, turn=2, seat=0)
        screen = rf_screen(app)
        assert screen.state.manufacturers() == [3, 4, 0, 1]
        card = screen.state.hands[0][0]
        await pilot.press("1", "enter")
        await settle(pilot)
        bought = screen.state.bought[0]
        assert bought is not None and bought[0] == card
        answer = f"Card {letters(card)}: {match_words(bought[1])} (bought for 1 cube)."
        # Player 1's answer and cards stay up, and the game waits for Enter
        assert app.screen is screen and screen.private_seat() == 0
        assert screen.state.current_player() == 1
        status = status_of(screen)
        assert answer in status
        assert "Enter hides your cards: then pass the keyboard to Player 2." in status
        rows = cards_of(screen)
        assert "gave" in rows[4] and rows[5].strip() == match_words(bought[1])
        assert footer_keys(screen)[0] == "Enter Go on"
        moves = screen.state.moves
        await settle(pilot)
        assert screen.state.moves == moves and app.screen is screen
        # keys of the moment still work: the notepad, with the answer still up
        await pilot.press("tab", "x", "tab")
        assert screen.notes[0] == {(0, 0): "x"} and answer in status_of(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Player 2"
        # behind the pass screen nothing of Player 1's is left
        assert screen.private_seat() is None and screen.answer == ""
        assert "bought for" not in status_of(screen)
        rows = cards_of(screen)
        assert "private cards" in rows[2] and "hidden" in rows[3]
        assert not any("gave" in row for row in rows) and not "".join(rows[5:]).strip()
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.private_seat() == 1
        assert screen.human_to_move() and "bought for" not in status_of(screen)
        assert "gave" not in cards_of(screen)[4]


async def test_hot_seat_answer_ignores_a_double_tapped_enter(tmp_path, monkeypatch) -> None:
    """As on the pass screen, an Enter pressed as the answer appears (the buy's Enter
    tapped twice) does not hide it unread."""
    clock = [100.0]
    monkeypatch.setattr(dialogs, "clock", lambda: clock[0])
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=5, humans=2, opponent="random", seed=42
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_to_buy(pilot, turn=2, seat=0)
        screen = rf_screen(app)
        monkeypatch.setattr(dialogs.PassScreen, "SETTLE", 0.6)
        await pilot.press("1", "enter", "enter")
        await settle(pilot)
        assert app.screen is screen and screen.answer
        clock[0] += 1.0
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PassScreen) and not screen.answer


async def test_hot_seat_buyer_who_plays_next_again_is_not_stopped(tmp_path) -> None:
    """Player 1 is the customer: Player 2 buys, the computers play, and Player 2 builds
    next without a pass screen, the answer still beside the cards."""
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=5, humans=2, opponent="random", seed=42
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_to_buy(pilot, turn=0, seat=1)
        screen = rf_screen(app)
        await pilot.press("1", "enter")
        await settle(pilot)
        assert app.screen is screen and not screen.answer
        assert screen.state.phase == BUILD and screen.human_to_move()
        assert screen.private_seat() == 1
        bought = screen.state.bought[1]
        assert bought is not None
        rows = cards_of(screen)
        assert "gave" in rows[4] and rows[5].strip() == match_words(bought[1])


async def test_one_human_sees_the_answer_at_once(tmp_path) -> None:
    """Two players: you are the only manufacturer and build next; the status line says what
    the card showed."""
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=2, opponent="random", seed=9
    )
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        assert screen.state.phase == BUY and screen.human_to_move()
        card = screen.state.hands[0][1]
        await pilot.press("2", "enter")
        await settle(pilot)
        bought = screen.state.bought[0]
        assert bought is not None
        assert app.screen is screen and screen.ui_phase() == "build"
        assert f"Card {letters(card)}: {match_words(bought[1])} (bought for 1 cube)." in status_of(
            screen
        )


async def test_the_answer_stays_while_computers_play_before_you_build(tmp_path) -> None:
    """Three players, a computer builds between your purchase and your build (its
    move clears messages): the status line still says what the card showed."""
    app = make_app(tmp_path, start="play", game="robo-factory", players=3, opponent="hard", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        assert screen.state.phase == BUY and screen.human_to_move()
        card = screen.state.hands[0][0]
        await pilot.press("1", "enter")
        await settle(pilot)
        bought = screen.state.bought[0]
        assert bought is not None and screen.ui_phase() == "build"
        assert screen.message == ""  # a computer played since: messages are gone
        answer = f"Card {letters(card)}: {match_words(bought[1])} (bought for 1 cube)."
        assert answer in status_of(screen)
        await pilot.press("H")  # a message as well: both fit
        await settle(pilot)
        assert answer in status_of(screen) and "Hint: build" in status_of(screen)
        app2, _ = await quit_and_resume(pilot, app, tmp_path)
    async with app2.run_test(size=SIZE) as pilot:  # still there after a resume
        await settle(pilot)
        screen = rf_screen(app2)
        assert screen.ui_phase() == "build" and answer in status_of(screen)
        await pilot.press(*letters(screen.state.view(0).candidates()[0]).lower(), "enter")
        await settle(pilot)
        await close_turn_results(pilot)
        assert answer not in status_of(screen)  # only while building that turn


# -- 3. match counts in words ------------------------------------------------------


def test_match_counts_read_as_words() -> None:
    assert [match_words(n) for n in range(4)] == ["0 matches", "1 match", "2 matches", "3 matches"]


async def test_open_tiles_and_your_tile_say_matches_within_the_panel(tmp_path) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=3, opponent="random", seed=42
    )
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        tiles = screen.state.open_tiles
        assert 0 in tiles  # this deal has a "0 matches" tile
        rows = cards_of(screen)
        assert rows[4].split()[:6] == [w for t in tiles for w in match_words(t).split()]
        assert " 0 match " not in rows[4] + " "
        await pilot.press("1", "enter")
        await settle(pilot)
        bought = screen.state.view(0).bought
        assert bought is not None
        rows = cards_of(screen)
        assert rows[5].strip() == match_words(bought[1])
        # every row fits the panel unwrapped: a header, three robot rows, tiles, your tile
        panel = screen.query_one("#rf-cards")
        assert len(screen._cards_text(screen.shown_view(), 0).plain.splitlines()) == 6
        assert all(
            len(row) <= panel.size.width
            for row in screen._cards_text(screen.shown_view(), 0).plain.splitlines()
        )


async def test_the_last_turn_with_you_as_customer_shows_its_result_then_the_ranking(
    tmp_path,
) -> None:
    """Two players, you on the second seat: you are the customer of the last turn."""
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=2, opponent="random", seed=9, side=1
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = rf_screen(app)
        assert screen.session.humans == [1]
        while not screen.state.is_terminal():
            if isinstance(app.screen, TurnResultScreen):
                await pilot.press("enter")
                await settle(pilot)
                continue
            state = screen.state
            (seat,) = state.to_move()
            if state.phase == BUY:
                await pilot.press("n")
            else:
                await pilot.press(*letters(state.view(seat).candidates()[0]).lower(), "enter")
            await settle(pilot)
        last = screen.state.turn
        assert last % 2 == 1  # seat 1's customer turn
        assert isinstance(app.screen, TurnResultScreen)
        assert app.screen.title_text == f"Turn {last + 1}/6 is over"
        assert app.screen.body.plain.startswith("Customer: You.")
        assert app.screen.after == "the final result"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, RoboFactoryOverScreen)
        assert screen.session.saved.ui["result_seen"] == last
