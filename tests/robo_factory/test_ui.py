"""Play Robo Factory in the Textual app with Pilot, keys only."""

from __future__ import annotations

from engines.robo_factory.cards import letters
from engines.robo_factory.state import BUY, RoboFactoryState
from saves import list_saves, load_save
from screens.dialogs import PassScreen, RulesScreen
from screens.menu import MainMenu
from screens.robo_factory.screen import (
    RoboFactoryOverScreen,
    TurnResultScreen,
)
from tests.ui_helpers import SIZE, make_app, rf_screen, save_as_then_quit, settle


def rf_state(app) -> RoboFactoryState:
    return rf_screen(app).state


async def close_turn_results(pilot) -> None:
    """Enter closes the end of a customer turn in which a human built or was the customer
    (and the game goes on)."""
    while isinstance(pilot.app.screen, TurnResultScreen):
        await pilot.press("enter")
        await settle(pilot)


async def start(pilot) -> None:
    """A new game as the human first sees it to play: seat 0 is the first customer, so the
    computers play that customer turn and its result waits for Enter; Enter closes it."""
    await settle(pilot)
    await close_turn_results(pilot)


async def play_human_action(pilot, turn_parity: int = 0) -> None:
    """One action for the human to move, chosen from its own view, typed by keys; then Enter
    closes the turn's result if the action ended a customer turn."""
    screen = rf_screen(pilot.app)
    state = screen.state
    (seat,) = state.to_move()
    assert screen.session.is_human(seat) and screen.human_to_move()
    view = state.view(seat)
    if state.phase == BUY:
        if (state.turn + turn_parity) % 2 == 0 and view.cubes[seat] > 0:
            await pilot.press("2", "enter")
        else:
            await pilot.press("n")
    else:
        code = view.candidates()[0]
        keys = list(letters(code).lower())
        if len(view.candidates()) == 1 and not view.eureka_used[seat]:
            keys.append("e")
        await pilot.press(*keys, "enter")
    await settle(pilot)
    await close_turn_results(pilot)


async def test_whole_three_player_game_by_keys_with_save_and_resume(tmp_path) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=3, opponent="random", seed=2024
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = rf_screen(app)
        assert [p.kind for p in screen.session.players] == ["human", "computer", "computer"]
        # seat 0 was the first customer: the computers did their work, its result waits
        assert isinstance(app.screen, TurnResultScreen)
        assert "Customer: You." in str(app.screen.body)
        await close_turn_results(pilot)
        assert app.screen is screen
        log = " ".join(
            row.strip() for row in str(screen.query_one("#rf-log").render()).splitlines()
        )  # wrapped lines joined
        assert "You are the customer" in log
        assert rf_state(app).turn >= 1
        while rf_state(app).turn < 3:
            await play_human_action(pilot)
        moves = rf_state(app).moves
        await save_as_then_quit(pilot, screen, "factory night")

    summaries, errors = list_saves(tmp_path)
    assert [s.name for s in summaries] == ["factory night"] and not errors
    assert summaries[0].move_number == moves

    app = make_app(tmp_path, start="resume", resume_path=summaries[0].path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = rf_screen(app)
        assert screen.state.moves == moves
        while not rf_state(app).is_terminal():
            await play_human_action(pilot, 1)
        await settle(pilot)
        assert isinstance(app.screen, RoboFactoryOverScreen)
        result = screen.state.result()
        assert result is not None
        text = str(app.screen.query_one(".rf-over").query_one("Static.dialog-title").render())
        assert "Game over" in text
        summary = app.screen.summary().plain
        if result.winners == (0,):  # the engine's "Player 1 wins", in the human's grammar
            assert "You win with " in summary and "You wins" not in summary
        # who won is said once, as the headline (not "You win!" over "You win with 21")
        headline = summary.splitlines()[0]
        assert headline.endswith(f"with {max(result.scores)} cubes.") or "each" in headline
        assert summary.count(" win") == 1
        await pilot.press("b")  # the board: the last turn's open cards, not an empty panel
        await settle(pilot)
        cards = [line.rstrip() for line in str(screen.query_one("#rf-cards").render()).splitlines()]
        assert cards[0] == "Open cards and tiles (last turn)"
        layout = screen.state.open_layout(screen.state.turn)
        assert (
            cards[4].split()
            == " ".join(f"{tile} match{'' if tile == 1 else 'es'}" for _, tile in layout).split()
        )
        await pilot.press("enter")  # the result again
        await settle(pilot)
        assert isinstance(app.screen, RoboFactoryOverScreen)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
    saved = load_save(summaries[0].path)
    assert saved.match.state.is_terminal()
    assert saved.match.state.fingerprint() == screen.state.fingerprint()


async def test_building_notepad_possible_panel_eureka_hint_and_rules(tmp_path) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=3, opponent="random", seed=42
    )
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        screen = rf_screen(app)
        state = screen.state
        assert state.phase == BUY and screen.human_to_move()
        await pilot.press("enter")  # nothing picked: a hint, no purchase
        assert "Pick a card" in screen.message
        await pilot.press("3")
        assert screen.pick == 2
        await pilot.press("n")
        await settle(pilot)
        while not (screen.human_to_move() and state.phase != BUY):
            await play_human_action(pilot)
        # type three letters, change one with the arrows
        await pilot.press("r", "g", "b")
        assert screen.parts == [0, 1, 2] and screen.part == 0
        await pilot.press("down", "right")
        assert screen.parts == [0, 2, 2]
        await pilot.press("e")
        assert screen.eureka
        await pilot.press("e")
        assert not screen.eureka
        # the notepad
        await pilot.press("tab", "down", "right", "space")
        assert screen.notes[0] == {(1, 1): "x"}
        await pilot.press("space", "left", "o")
        assert screen.notes[0] == {(1, 1): "o", (1, 0): "o"}
        await pilot.press("delete", "tab")
        assert screen.notes[0] == {(1, 1): "o"} and not screen.notes_mode
        # the possible robots help panel
        log = screen.query_one("#rf-log")
        assert "Possible robots" not in str(log.render())
        await pilot.press("p")
        assert "Possible robots" in str(log.render())
        await pilot.press("p")
        # a hint fills in the build
        await pilot.press("H")
        await settle(pilot)
        assert "Hint: build" in screen.message
        assert None not in screen.parts
        # rules
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        moves = state.moves
        await pilot.press("enter")
        await settle(pilot)
        await close_turn_results(pilot)
        assert state.moves > moves
        # the builds were checked (shown) since: too late to take the build back
        await pilot.press("u")
        await settle(pilot)
        assert screen.state.moves > moves
        assert "Too late to take that back" in screen.message


async def test_hot_seat_hides_private_cards_between_humans(tmp_path) -> None:
    app = make_app(
        tmp_path, start="play", game="robo-factory", players=3, humans=2, opponent="random", seed=5
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = rf_screen(app)
        assert screen.state.to_move() == (1,)
        assert isinstance(app.screen, PassScreen)
        assert screen.private_seat() is None
        cards = str(screen.query_one("#rf-cards").render())
        assert "private cards" in cards and "hidden" in cards
        await pilot.press("enter")
        await pilot.pause()
        assert screen.private_seat() == 1
        hand = screen.state.hands[1]
        await pilot.press("n")
        await settle(pilot)
        # seat 2 is a computer, then seat 1 builds: no pass screen for the same human
        assert screen.private_seat() == 1
        assert screen.state.hands[1] == hand
