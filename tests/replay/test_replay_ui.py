"""A finished game of each game replayed by keys on its own screen, first move to last:
Right plays a move, PgDn a step, Left/PgUp/Home go back, ``s`` changes the view, the last
position is the game's final one, and nothing is saved or played."""

from __future__ import annotations

import dataclasses

import pytest

from saves import list_saves, load_save
from screens.load import LoadScreen
from screens.menu import MainMenu
from screens.replay.session import ReplaySession
from tests.replay.games import GAMES, write_game
from tests.ui_helpers import make_app, screen_text, settle, until


def replay_session(app) -> ReplaySession:
    session = app.screen.session
    assert isinstance(session, ReplaySession)
    return session


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_replay_a_finished_game_by_keys(tmp_path, game_id):
    path = write_game(tmp_path, game_id)
    saved = load_save(path)
    final = saved.match.state.fingerprint()
    on_disk = path.read_bytes()
    app = make_app(tmp_path, start="replay", resume_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = replay_session(app)
        total = session.length
        assert session.position == 0
        assert f"Replay, move 0 of {total}." in screen_text(app)
        for n in range(1, total + 1):  # first to last, a move a key
            await pilot.press("right")
            await until(pilot, lambda n=n: session.position == n)
        await settle(pilot)
        assert session.match.state.fingerprint() == final
        await pilot.press("x")  # RoboRally: the last registers' playback skipped
        await settle(pilot)
        await until(pilot, lambda: f"Replay, move {total} of {total}." in screen_text(app))
        await pilot.press("home")
        await until(pilot, lambda: session.position == 0)
        steps = 0
        while session.position < total:  # PgDn: a step (RoboRally: a register) a key
            await pilot.press("pagedown")
            await settle(pilot)
            steps += 1
            assert steps < 4 * total
        await pilot.press("pageup")
        await until(pilot, lambda: session.position < total)
        await pilot.press("end")
        await until(pilot, lambda: session.position == total)
        assert session.match.state.fingerprint() == final
        await pilot.press("left")
        await until(pilot, lambda: session.position == total - 1)
        assert session.view.seat is None  # everyone's view first
        await pilot.press("s")
        await settle(pilot)
        assert session.view.seat == 0 and app.screen.shown_seat == 0
        assert "View: Anna." in screen_text(app)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)
    assert path.read_bytes() == on_disk  # a replay never writes the save
    assert [s.name for s in list_saves(tmp_path)[0]] == [saved.name]


async def test_the_last_position_is_drawn_as_the_game_ended(tmp_path):
    """The replay's end shows the result, as the game's own screen did."""
    path = write_game(tmp_path, "robot-master")
    reason = load_save(path).match.state.result().reason
    app = make_app(tmp_path, start="replay", resume_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert reason.split(":")[0] in text
        assert "Replay, move 24 of 24." in text


async def test_a_long_result_leaves_the_replay_its_position_line(tmp_path, monkeypatch):
    """A tie-break told in three lines (as some games end) is cut to two: the replay's
    position keeps its line at 80x24."""
    path = write_game(tmp_path, "robot-master")
    state_class = type(load_save(path).match.state)
    result = state_class.result
    long = (
        "Columns win: Rows' second-lowest line scores 13, Columns' scores 75 (the lines "
        "below were tied: 12)."
    )

    def long_result(self):
        found = result(self)
        return None if found is None else dataclasses.replace(found, reason=long)

    monkeypatch.setattr(state_class, "result", long_result)
    app = make_app(tmp_path, start="replay", resume_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "Columns win: Rows' second-lowest line" in text
        assert "Replay, move 24 of 24." in text


async def test_move_keys_do_nothing_in_a_replay(tmp_path):
    path = write_game(tmp_path, "robot-master")
    app = make_app(tmp_path, start="replay", resume_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = replay_session(app)
        for key in ("3", "enter", "u", "H", "ctrl+s", "n"):
            await pilot.press(key)
            await settle(pilot)
        assert session.position == 0 and len(session.match.log) == 0
        assert app.screen.workers == [] or all(w.is_finished for w in app.screen.workers)


async def test_v_in_the_list_of_saves(tmp_path):
    """``v`` replays a finished game; on one not finished it says so in one line."""
    write_game(tmp_path, "robot-master", name="done")
    write_game(tmp_path, "stak-bots", moves=6, name="going on")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_load_screen()
        await settle(pilot)
        load = app.screen
        assert isinstance(load, LoadScreen)
        names = [s.name for s in load.summaries]
        await pilot.press(*["down"] * names.index("going on"))
        await pilot.press("v")
        await settle(pilot)
        assert app.screen is load
        assert any("not finished yet" in str(n.message) for n in app._notifications)
        await pilot.press("home", *["down"] * names.index("done"))
        await pilot.press("v")
        await settle(pilot)
        assert replay_session(app).saved.name == "done"
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is load


async def test_the_hands_line_speaks_to_you_in_your_own_words(tmp_path):
    """Robot Master's panel says how many cards each side holds: "You hold", "Anna holds"."""
    from saves import write_save
    from tests.replay.games import saved_game

    saved = saved_game("robot-master")
    saved.players[0].name = "You"
    write_save(tmp_path, saved)
    app = make_app(tmp_path, start="replay", resume_path=saved.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("right")
        await settle(pilot)
        text = screen_text(app)
        assert "You hold 12 cards" in text or "You hold 11 cards" in text, text
        assert "You holds" not in text


@pytest.mark.parametrize(
    ("game_id", "whose", "never"),
    [
        ("robo-factory", "Anna's cards", ("Your cards", "Your robot", "(1-3)")),
        ("stak-bots", "Anna's hand", ("Your hand", "you draw", "Your ")),
        ("roborally", "Red's hand", ("pick, Enter go",)),
    ],
)
async def test_a_followed_seat_is_named_never_you(tmp_path, game_id, whose, never):
    """Following a seat, the panels say whose hand they show, the log names the seat, and
    no key of the live game is offered."""
    path = write_game(tmp_path, game_id)
    app = make_app(tmp_path, start="replay", resume_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = replay_session(app)
        await pilot.press("s")  # Anna's view
        await settle(pilot)
        assert session.view.seat == 0
        seen = False
        for _ in range(min(session.length, 12)):
            text = screen_text(app)
            seen = seen or whose in text
            for words in never:
                assert words not in text, text
            await pilot.press("pagedown")
            await settle(pilot)
        assert seen


async def test_a_roborally_replay_shows_whole_programs(tmp_path):
    """The registers still to come are no secret in a finished game's replay."""
    path = write_game(tmp_path, "roborally")
    app = make_app(tmp_path, start="replay", resume_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(10):  # the facings and programs, then the first register's playback
            if "Programs:" in screen_text(app):
                break
            await pilot.press("right")
            await settle(pilot)
        await until(pilot, lambda: "Programs:" in screen_text(app))
        programs = screen_text(app).split("Programs:", 1)[1].splitlines()[1:3]
        assert all(line.split()[1:] and "?" not in line for line in programs), programs
