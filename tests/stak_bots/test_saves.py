"""Stak Bots saves: the format-1 fixture, card sets carried in the save, bad save files."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engines.match import Match
from engines.stak_bots.cards import DEFAULT_PATH
from engines.stak_bots.search import greedy
from engines.stak_bots.spec import STAK_BOTS
from saves import PlayerEntry, SavedGame, SaveError, dumps_save, load_save, loads_save

FIXTURE = Path(__file__).parents[1] / "fixtures" / "saves" / "format-1-stak-bots.toml"
WHEN = datetime(2026, 11, 22, 14, 5, 12, tzinfo=UTC)
PLAYERS = [PlayerEntry("You", "human"), PlayerEntry("Computer", "computer", "easy")]


def played(options: dict, seed: int = 3, moves: int = 30) -> Match:
    match = Match(STAK_BOTS, 2, options, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.state.is_terminal():
            break
        seat = match.state.to_move()[0]
        match.play(greedy(match.state, seat, rng), seat)
    return match


def text_of(match: Match) -> str:
    return dumps_save(SavedGame("g", match, list(PLAYERS), WHEN, WHEN))


def test_format_1_fixture_still_loads():
    saved = load_save(FIXTURE)
    state = saved.match.state
    assert saved.match.spec.id == "stak-bots"
    assert state.move_number == 40 and state.reactive and state.recycling
    assert saved.match.options["cards"] == "default"
    again = dumps_save(saved)  # saved again: the same file, with a copy of its cards added
    fixture = FIXTURE.read_text(encoding="utf-8")
    assert again.startswith(fixture.rstrip("\n")) and "[resources]" in again[len(fixture) - 1 :]


def test_a_save_outlives_a_change_of_the_default_cards(tmp_path, monkeypatch):
    from engines.stak_bots import cards

    match = played({"cards": "default"})
    text = text_of(match)
    assert "[resources]" in text
    changed = tmp_path / "cards.toml"
    changed.write_text(DEFAULT_PATH.read_text().replace("value = 3", "value = 6"), "utf-8")
    monkeypatch.setattr(cards, "DEFAULT_PATH", changed)  # a later robotui mended a card
    cards.default_card_set.cache_clear()
    cards.default_card_text.cache_clear()
    try:
        assert cards.default_card_set() != match.state.cards
        loaded = loads_save(text, "g.toml")
        assert loaded.match.state.fingerprint() == match.state.fingerprint()
        assert loaded.match.options["cards"].startswith("set:")  # the set it was played with
    finally:
        monkeypatch.undo()
        cards.default_card_set.cache_clear()
        cards.default_card_text.cache_clear()


def test_a_custom_card_set_travels_inside_the_save(tmp_path):
    path = tmp_path / "mine.toml"
    text = DEFAULT_PATH.read_text().replace("value = 3", "value = 6")
    path.write_text(text.replace('name = "robotui default"', 'name = "mine"'), "utf-8")
    match = played({"cards": str(path)})
    text = text_of(match)
    assert "shot,4,2,3,6" in text
    path.unlink()  # the file is not needed to resume
    loaded = loads_save(text, "g.toml")
    assert loaded.match.state.fingerprint() == match.state.fingerprint()
    assert loaded.match.state.cards.name == "mine"


def test_an_edited_card_set_in_a_save_is_refused():
    match = played({"cards": "default"})
    text = text_of(match).replace('cards = "default"', 'cards = "set:x;Core Bot,core,1,3,4"')
    with pytest.raises(SaveError, match="every bot must be present"):
        loads_save(text, "g.toml")
    inline = match.state.cards.inline().replace("Core Bot,core,1,3,4", "Core Bot,core,1,5,4")
    edited = text_of(match).replace('cards = "default"', f'cards = "{inline}"')
    with pytest.raises(SaveError, match="does not match its hash|does not replay"):
        loads_save(edited, "g.toml")


BAD_EDITS = {
    "unknown action": ('"0 play spike"', '"0 dance"', "is not a Stak Bots action"),
    "unknown bot": ('"0 play spike"', '"0 play robot"', "no bot has the effect 'robot'"),
    "illegal action": ('"0 play spike"', '"0 end"', "scrapheap"),
    "wrong seat": ('"0 play spike"', '"1 play spike"', "not Player 2's"),
    "bad depth": ("depth = 9", "depth = 40", "option depth cannot be 40"),
    "bad switch": ('reactive = "on"', 'reactive = "yes"', "option reactive cannot be 'yes'"),
    "card file": ('cards = "default"', 'cards = "/no/such/set.toml"', "names a file"),
    "hash": ('state_hash = "d', 'state_hash = "e', "does not match its hash"),
    "snapshot": ("draw_pile = 28", "draw_pile = 29", "snapshot.draw_pile"),
    "five players": (
        '[[players]]\nname = "You"',
        '[[players]]\nname = "A"\nkind = "human"\n\n'
        '[[players]]\nname = "B"\nkind = "human"\n\n[[players]]\nname = "C"\n'
        'kind = "human"\n\n[[players]]\nname = "You"',
        "2 to 4 players, not 5",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_EDITS))
def test_bad_saves_give_one_clear_line(case):
    old, new, expected = BAD_EDITS[case]
    text = FIXTURE.read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(SaveError) as info:
        loads_save(text.replace(old, new, 1), "bad.toml")
    message = str(info.value)
    assert "\n" not in message and message.startswith("bad.toml: ")
    assert expected in message, message


def test_a_save_naming_a_card_file_is_refused_without_reading_it(tmp_path, monkeypatch):
    """A hand-edited save (or a table's save on a host) must never make robotui open a file
    it names: a card set is kept inline in every save robotui writes."""
    from engines.stak_bots import cards

    text = text_of(played({"cards": "default"}))
    secret = tmp_path / "secret.toml"
    secret.write_text(DEFAULT_PATH.read_text(), "utf-8")
    edited = text.replace('cards = "default"', f'cards = "{secret}"', 1)
    assert edited != text
    opened: list[str] = []
    real = cards.load_card_set
    monkeypatch.setattr(cards, "load_card_set", lambda path: opened.append(path) or real(path))
    with pytest.raises(SaveError) as caught:
        loads_save(edited, "edited.toml")
    assert "names a file" in str(caught.value) and "\n" not in str(caught.value)
    assert opened == []
