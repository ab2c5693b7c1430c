"""Finding how far undo may go replays the game: the session does it once a position."""

from __future__ import annotations

from engines.match import Match
from engines.stak_bots.spec import STAK_BOTS
from saves import PlayerEntry
from screens.session import GameSession


def test_the_undo_floor_is_found_once_a_position(tmp_path, monkeypatch) -> None:
    players = [PlayerEntry("You", "human"), PlayerEntry("Computer", "computer", "random")]
    session = GameSession.new(STAK_BOTS, players, {}, 7, tmp_path)
    calls = []
    real = Match.undo_floor

    def counting(self, seats):
        calls.append(len(self.log))
        return real(self, seats)

    monkeypatch.setattr(Match, "undo_floor", counting)
    state = session.match.state
    session.play(state.legal_actions(0)[0], 0)
    assert session.why_no_undo() is None or session.why_no_undo().startswith("Too late")
    session.undo_point()
    assert len(calls) == 1  # why_no_undo twice and undo_point: one replay
    if session.undo():
        assert len(session.match.log) == 0
    session.play(session.match.state.legal_actions(0)[0], 0)
    session.why_no_undo()
    assert len(calls) == 2  # a new position: worked out again
