"""The new-game dialog's memory (saves.settings): round trip, and files it must survive."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import platformdirs
import pytest

import saves.settings as settings_module
from engines.registry import get_game
from saves.settings import CONFIG_ENV_VAR, load_choices, remember_choices, settings_path

RF = get_game("robo-factory")
RR = get_game("roborally")
RM = get_game("robot-master")


def test_tests_never_touch_the_real_config_folder():
    assert os.environ[CONFIG_ENV_VAR]  # set for every test by conftest.py
    assert settings_path().parent == Path(os.environ[CONFIG_ENV_VAR])
    assert settings_path().parent != Path(platformdirs.user_config_dir("robotui"))


def test_round_trip_keeps_every_game_apart(tmp_path):
    path = tmp_path / "settings.toml"
    remember_choices(
        RF,
        opponent="hard,normal,easy",
        side=2,
        players=4,
        humans=1,
        options={"tiebreak": "extra"},
        path=path,
    )
    remember_choices(
        RM,
        opponent="human",
        side=1,
        players=2,
        humans=1,
        options={"first": "columns", "hand": "five"},
        path=path,
    )
    assert load_choices(RF, path) == {
        "opponent": "hard,normal,easy",
        "players": 4,
        "humans": 1,
        "side": 2,
        "options": {"tiebreak": "extra"},
    }
    assert load_choices(RM, path) == {
        "opponent": "human",
        "side": 1,
        "options": {"first": "columns", "hand": "five"},
    }
    assert load_choices(RR, path) == {}  # never started from the dialog
    text = path.read_text()
    assert "[robo-factory]" in text and "[robot-master.options]" in text
    assert not list(tmp_path.glob(".*.tmp"))  # the temporary file was renamed


def test_the_default_path_follows_the_environment_variable(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV_VAR, str(tmp_path / "cfg"))
    remember_choices(RF, opponent="easy", side=0, players=3, humans=2, options={})
    assert (tmp_path / "cfg" / "settings.toml").is_file()
    assert load_choices(RF) == {"opponent": "easy", "players": 3, "humans": 2, "side": 0}


def test_options_without_a_dialog_row_are_not_remembered(tmp_path):
    path = tmp_path / "settings.toml"
    stak = get_game("stak-bots")
    remember_choices(
        stak,
        opponent="easy",
        side=0,
        players=2,
        humans=1,
        options={"depth": 7, "cards": "/home/me/set.toml"},
        path=path,
    )
    assert "cards" not in path.read_text()
    assert load_choices(stak, path)["options"] == {"depth": 7}


@pytest.mark.parametrize(
    "text",
    [
        "this is not [toml",
        "\x00\xff\xfe binary",
        "robo-factory = 3",
        "a = " + "[" * 100_000,  # nested too deep for the TOML reader
        "[robo-factory]\nopponent = 'hard'\n" + "#" * 300_000,  # far too big to be ours
        "[robo-factory]\nopponent = [1, 2]\nplayers = 'four'\nhumans = true\nseat = 2.5\n"
        "options = 'extra'\n",
    ],
    ids=["not-toml", "binary", "not-a-table", "too-deep", "too-big", "wrong-types"],
)
def test_a_broken_file_is_ignored(tmp_path, text):
    path = tmp_path / "settings.toml"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    assert load_choices(RF, path) == {}


def test_a_broken_file_is_replaced_when_a_game_starts(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text("not = [toml")
    remember_choices(RF, opponent="easy", side=0, players=2, humans=1, options={}, path=path)
    assert load_choices(RF, path)["opponent"] == "easy"


def test_values_out_of_range_and_unknown_names_are_dropped(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text(
        "[robo-factory]\n"
        "opponent = 'hard,genius'\n"  # an unknown level: the whole mix is dropped
        "players = 9\n"  # Robo Factory seats 2 to 6
        "humans = 0\n"
        "seat = 3\n"  # players fell back to 2: no third seat
        "[robo-factory.options]\n"
        "tiebreak = 'coin toss'\n"
        "colour = 'red'\n"  # no such option
        "[roborally]\n"
        "opponent = 'hard,hard,hard,hard,hard,hard,hard,hard'\n"  # 8 computers: too many
        "players = 8\n"
        "humans = 2\n"
        "seat = 8\n"
        "[roborally.options]\n"
        "course = 'pit-stop'\n"
        "max_turns = 25\n"  # an open number within the offered range is kept
        "start = 1\n"  # the wrong type
        "options_cards = true\n"
        "[no-such-game]\n"
        "opponent = 'hard'\n"
    )
    assert load_choices(RF, path) == {}
    assert load_choices(RR, path) == {
        "players": 8,
        "humans": 2,
        "side": 7,
        "options": {"course": "pit-stop", "max_turns": 25},
    }
    path.write_text("[roborally.options]\nmax_turns = 100000\n")
    assert load_choices(RR, path) == {}


def test_two_player_games_keep_human_and_a_seat_but_not_a_mix(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text("[robot-master]\nopponent = 'hard,easy'\nseat = 3\nplayers = 4\n")
    assert load_choices(RM, path) == {}
    path.write_text("[robo-factory]\nopponent = 'human'\n")  # bigger games name --humans
    assert load_choices(RF, path) == {}


def test_text_from_the_file_is_made_safe(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('[robot-master]\nopponent = "\\u001b[31mHARD\\u202e"\n')
    assert load_choices(RM, path) == {"opponent": "hard"}


def test_an_unreadable_file_or_folder_is_ignored(tmp_path, monkeypatch):
    # Tests run as root, whom chmod does not stop: the calls fail as they would for a user
    # without read (mode 000) or write (mode 500) permission.
    folder = tmp_path / "cfg"
    path = folder / "settings.toml"
    remember_choices(RF, opponent="easy", side=0, players=2, humans=1, options={}, path=path)
    real_open = Path.open

    def no_read(self, *args, **kwargs):
        if self == path:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(Path, "open", no_read)
        assert load_choices(RF, path) == {}

    def no_write(target, data):
        raise PermissionError(13, "Permission denied", str(target))

    with monkeypatch.context() as patch:
        patch.setattr(settings_module, "_atomic_write", no_write)
        with pytest.raises(OSError):
            remember_choices(
                RF, opponent="hard", side=0, players=2, humans=1, options={}, path=path
            )
    assert load_choices(RF, path)["opponent"] == "easy"


def test_a_folder_where_the_file_should_be_is_ignored(tmp_path):
    path = tmp_path / "settings.toml"
    path.mkdir()
    assert load_choices(RF, path) == {}
    with pytest.raises(OSError):
        remember_choices(RF, opponent="hard", side=0, players=2, humans=1, options={}, path=path)


def test_a_file_in_the_way_of_the_folder_is_ignored(tmp_path):
    blocker = tmp_path / "cfg"
    blocker.write_text("a file, not a folder")
    path = blocker / "settings.toml"
    assert load_choices(RF, path) == {}
    with pytest.raises(OSError):
        remember_choices(RF, opponent="hard", side=0, players=2, humans=1, options={}, path=path)


def test_what_is_written_is_plain_toml(tmp_path):
    path = tmp_path / "settings.toml"
    remember_choices(
        RR,
        opponent="hard",
        side=0,
        players=3,
        humans=1,
        options={"course": "pit-stop", "max_turns": 25, "start": "docks"},
        path=path,
    )
    data = tomllib.loads(path.read_text())
    assert data["roborally"]["options"] == {"course": "pit-stop", "max_turns": 25, "start": "docks"}
