"""``robotui replay NAME``: a finished game opens its replay; an unknown name, a broken
save or a game not finished is one line and exit code 1."""

from __future__ import annotations

from typer.testing import CliRunner

from robotui import commands, launch
from robotui.config import AppConfig
from tests.replay.games import write_game

runner = CliRunner()


def run(tmp_path, monkeypatch, *args: str):
    started: list[AppConfig] = []
    monkeypatch.setattr(launch, "start_app", started.append)
    result = runner.invoke(commands.app, ["--save-dir", str(tmp_path), "replay", *args])
    return result, started


def one_line_error(result) -> str:
    assert result.exit_code == 1, (result.output, result.exception)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_a_finished_game_opens_its_replay(tmp_path, monkeypatch):
    path = write_game(tmp_path, "stak-bots", name="last night")
    result, started = run(tmp_path, monkeypatch, "last night")
    assert result.exit_code == 0, result.output
    (config,) = started
    assert config.start == "replay" and config.resume_path == path


def test_an_unknown_name(tmp_path, monkeypatch):
    write_game(tmp_path, "robot-master", name="kept")
    result, started = run(tmp_path, monkeypatch, "nothing like it")
    assert "nothing like it" in one_line_error(result)
    assert not started


def test_a_broken_save(tmp_path, monkeypatch):
    path = write_game(tmp_path, "robot-master", name="broken")
    path.write_text(path.read_text().replace('"0 ', '"1 ', 1))
    result, started = run(tmp_path, monkeypatch, "broken")
    assert one_line_error(result).startswith("Error: ")
    assert not started


def test_a_game_not_finished(tmp_path, monkeypatch):
    write_game(tmp_path, "robo-factory", moves=5, name="going on")
    result, started = run(tmp_path, monkeypatch, "going on")
    assert "not finished yet" in one_line_error(result)
    assert not started


async def test_the_app_opens_the_replay_of_the_path(tmp_path):
    from screens.replay.session import ReplaySession
    from tests.ui_helpers import make_app, settle

    path = write_game(tmp_path, "robot-master", moves=4, name="going on")
    app = make_app(tmp_path, start="replay", resume_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not isinstance(getattr(app.screen, "session", None), ReplaySession)
        assert any("not finished yet" in str(n.message) for n in app._notifications)
