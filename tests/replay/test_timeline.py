"""The replay's timeline: every position is the game's own after that many moves, the
bigger steps follow each game's turns (or registers), and who may follow which view."""

from __future__ import annotations

import pytest

from saves.replay import ReplayTimeline, replay_views
from tests.replay.games import GAMES, saved_game


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_position_is_the_games_own(game_id):
    saved = saved_game(game_id)
    timeline = ReplayTimeline(saved)
    assert timeline.finished and timeline.length == len(saved.match.log)
    for position in [*range(timeline.length, -1, -1), 5, timeline.length]:
        match = timeline.match_at(position)
        assert match.log == saved.match.log[:position]
        expected = saved.match.truncated(position).state
        assert match.state.fingerprint() == expected.fingerprint()
    assert timeline.state_at(timeline.length).fingerprint() == saved.match.state.fingerprint()


def test_a_position_taken_is_a_copy():
    saved = saved_game("robot-master")
    timeline = ReplayTimeline(saved)
    match = timeline.match_at(3)
    before = timeline.state_at(4).fingerprint()
    entry = timeline.log[3]
    match.play_text(entry.text, entry.seat)
    assert match.state.fingerprint() == before
    assert timeline.match_at(3).state.fingerprint() != before
    assert len(timeline.match_at(3).log) == 3


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_steps_follow_the_marks(game_id):
    saved = saved_game(game_id)
    timeline = ReplayTimeline(saved)
    spec = saved.match.spec
    starts = [0]
    while starts[-1] < timeline.length:
        starts.append(timeline.next_step(starts[-1]))
    assert starts[-1] == timeline.length
    for start, end in zip(starts, starts[1:], strict=False):
        marks = {spec.replay_mark(timeline.state_at(p)) for p in range(start, end)}
        assert len(marks) == 1  # a step's positions share their mark
    for start, end in zip(starts, starts[1:], strict=False):
        assert timeline.previous_step(end) == start
        if end - start > 1:
            assert timeline.previous_step(end - 1) == start
    assert timeline.previous_step(0) == 0


def test_robot_master_steps_a_round_and_roborally_its_programming():
    rm = ReplayTimeline(saved_game("robot-master"))
    assert [rm.next_step(p) for p in (0, 1, 2)] == [2, 2, 4]  # a round: both sides placed
    rr = ReplayTimeline(saved_game("roborally"))
    seats = rr.log[0].seat, rr.log[1].seat
    assert sorted(seats) == [0, 1]
    assert rr.next_step(2) == 4  # both programs of a turn are one step


def test_views_of_a_finished_game_and_of_one_not_finished():
    finished = saved_game("stak-bots")
    views = replay_views(finished)
    assert [v.seat for v in views] == [None, 0, 1]
    assert views[1].label == "Anna"
    unfinished = saved_game("stak-bots", moves=10)
    assert [v.seat for v in replay_views(unfinished, viewer=1)] == [1]
    assert replay_views(unfinished) == []
