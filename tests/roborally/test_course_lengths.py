"""The default RoboRally course is a race of about 8-12 turns for 4 robots, and every course's
expected length is shown beside its name."""

from __future__ import annotations

import statistics

from engines.roborally import ROBORALLY
from engines.roborally.boardfile import bundled_courses
from engines.roborally.course_lengths import EXPECTED_TURNS, course_label
from engines.roborally.spec import DEFAULT_COURSE
from screens.roborally.draw import options_preview
from tests.ui_helpers import SIZE, make_app


def test_every_bundled_course_has_its_measured_length() -> None:
    assert set(EXPECTED_TURNS) == set(bundled_courses())


def test_the_default_course_is_a_race_of_8_to_12_turns() -> None:
    assert 8 <= EXPECTED_TURNS[DEFAULT_COURSE] <= 12
    assert ROBORALLY.normalize_options({})["course"] == DEFAULT_COURSE


def test_the_default_course_races_last_that_long_with_four_hard_robots() -> None:
    """Three seeded races of the bench (bench/roborally_course_length.py): a hand-checked
    range around its 20-race mean, not a 3-turn race."""
    from bench.roborally_course_length import race_turns

    turns = [race_turns(DEFAULT_COURSE, seed)[0] for seed in (1, 2, 3)]
    assert 7 <= statistics.mean(turns) <= 15, turns


def test_the_course_option_labels_say_the_expected_length() -> None:
    option = next(o for o in ROBORALLY.options if o.name == "course")
    labels = dict(zip(option.choices, option.choice_labels, strict=True))
    assert labels["pit-stop"] == "Pit Stop (about 12 turns)"
    assert labels["first-steps"] == "First Steps (about 3 turns)"
    assert course_label("mine", "Mine", "short") == "Mine (short)"  # not measured
    assert course_label("mine", "Mine") == "Mine"


def test_the_preview_says_the_expected_length() -> None:
    text = options_preview({"course": "long-haul"}, ascii_only=True)
    assert "A race of 4 robots lasts about 11 turns." in str(text)


async def test_the_dialog_shows_the_default_course_with_its_length(tmp_path) -> None:
    from screens.new_game import NewGameScreen

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        index = [g.id for g in app.screen.games].index("roborally")
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameScreen)
        assert dialog.chosen_options()["course"] == DEFAULT_COURSE
        row = dialog.query_one("#option-course")
        assert "Pit Stop (about 12 turns)" in str(row.render())
