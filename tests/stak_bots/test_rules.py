"""Stak Bots rules in hand-built positions (default card set; powers: core 3, sidekick 2,
bountiful 1, clumsy 4, trip 2, leader X, stomp 3, pit 2, expel 2, spike 3, shot 2 (deals 3),
tranq 2, bash 3, begone 2, reaper 1, fatal 1)."""

from __future__ import annotations

import pytest

from engines.core import IllegalAction
from engines.rng import GameRandom
from engines.stak_bots.moves import Move
from engines.stak_bots.spec import STAK_BOTS
from tests.stak_bots.support import act, build, check_invariants, legal_texts, stack_text


def test_plain_attack_damages_both_and_exposes_with_entry_effect():
    s = build([["core", "core"], ["bountiful", "sidekick"]], [[], []])
    act(s, "attack p2")
    a = s.stacks[0][-1]
    assert s.damage[a] == 2  # the sidekick hit back for 2
    assert stack_text(s, 1) == ["bountiful+"]  # sidekick scrapped, bountiful turned up
    assert len(s.hands[1]) == 1  # ... and its entry effect drew a card for player 2
    assert s.scrapped and s.attack_done
    check_invariants(s)


def test_damage_heals_at_end_of_turn_and_never_lowers_power():
    s = build([["core", "core"], ["core", "bountiful", "reaper"]], [["fatal"], []])
    act(s, "attack p2")  # reaper (1) scrapped, core takes 1; bountiful turns up
    a = s.stacks[0][-1]
    assert s.damage[a] == 1
    act(s, "attack p2")  # still deals its full 3
    assert s.damage[a] == 2 and stack_text(s, 1) == ["core+"]
    act(s, "end")
    assert not any(s.damage)


def test_stomp_keeps_attacking_until_scrapped_and_wins():
    s = build([["core", "stomp"], ["core", "bountiful", "reaper"]], [[], []])
    act(s, "attack p2")
    # reaper (1), bountiful (1) and core (3) fall; the stomp takes 1+1+3 = 5 and falls too
    assert s.stacks[1] == [] and s.out[1]
    assert s.winners == (0,)
    assert sum("stomps on" in e for e in s.events) == 2
    assert s.result().reason == "Player 1 has the last stack standing."


def test_stomp_stops_when_scrapped():
    s = build([["core", "stomp"], ["core", "core", "clumsy"]], [[], []])
    act(s, "attack p2")  # clumsy (4) deals 4: the stomp falls at once, the clumsy takes 3
    assert stack_text(s, 0) == ["core+"] and s.attack_over
    assert stack_text(s, 1) == ["core", "core", "clumsy+"]
    assert "attack p2" not in legal_texts(s)


def test_bash_scraps_the_bottom_card():
    s = build([["core", "bash"], ["pit", "core", "core"]], [[], []])
    act(s, "attack p2")
    assert stack_text(s, 1) == ["core+"]  # top scrapped by damage, bottom pit by bash
    assert stack_text(s, 0) == ["core+"]  # the bash took 3


def test_spike_scraps_the_card_under_and_the_exposed_pit_asks_its_owner():
    s = build([["core", "spike"], ["pit", "sidekick", "core"]], [[], []])
    act(s, "attack p2")
    # core scrapped by damage, sidekick under it by spike; the pit turns up: player 2 chooses
    assert stack_text(s, 1) == ["pit+"]
    assert s.to_move() == (1,) and s.choice.effect == "pit"
    assert legal_texts(s) == {"target p1", "target p2"}
    with pytest.raises(IllegalAction):
        s.apply(Move("target", seat=0), seat=0)  # not player 1's decision
    act(s, "target p1")
    assert s.to_move() == (0,)


def test_fatal_scraps_whatever_it_damages():
    s = build([["core", "fatal"], ["core", "clumsy"]], [[], []])
    act(s, "attack p2")
    assert stack_text(s, 1) == ["core+"] and stack_text(s, 0) == ["core+"]


def test_leader_power_counts_face_up_run_from_the_top():
    s = build([["core", "core+", "trip+", "leader"], ["core", "core"]], [["tranq"], []])
    assert s.power_at(0, -1) == 3
    s2 = build([["core+", "core", "leader"], ["core", "core"]])
    assert s2.power_at(0, -1) == 1  # the face-up bottom card is past a face-down one
    act(s, "attack p2")  # deals 3: the core falls; the leader takes 3 of 3 and falls too
    assert stack_text(s, 1) == ["core+"]
    assert stack_text(s, 0) == ["core", "core+", "trip+"]


def test_leader_power_drops_when_a_card_of_its_run_is_reset():
    s = build([["core", "core+", "trip+", "leader"], ["core", "fatal+", "core"]], [["tranq"], []])
    act(s, "play tranq")  # tranq on top; now reset the trip under the leader
    assert "reset p1.1" not in legal_texts(s)  # a tranq cannot reset a tranq
    act(s, "reset p1.3")
    act(s, "scrap")  # the tranq goes; the leader is on top again
    assert s.power_at(0, -1) == 1


def test_clumsy_scraps_the_bottom_of_its_own_stack():
    s = build([["pit", "core"], ["core"]], [["clumsy"], []])
    act(s, "play clumsy")
    assert stack_text(s, 0) == ["core+", "clumsy+"] and s.scrapped
    assert s.effects[s.heap[-1]] == "pit"


def test_shot_damage_adds_up_with_an_attack():
    s = build([["core", "core"], ["core", "clumsy"]], [["shot"], []])
    act(s, "play shot")
    assert legal_texts(s) == {"target p1", "target p2"}
    act(s, "target p2")
    clumsy = s.stacks[1][-1]
    assert s.damage[clumsy] == 3 and stack_text(s, 1) == ["core", "clumsy+"]
    act(s, "attack p2")  # shot deals 2 more: 5 >= 4
    assert stack_text(s, 1) == ["core+"]
    assert stack_text(s, 0) == ["core", "core+"]  # the clumsy's 4 scrapped the shot


def test_reaper_scraps_a_top_and_the_chain_goes_on():
    s = build([["core", "core"], ["core", "sidekick", "bountiful"]], [["reaper"], []])
    act(s, "play reaper", "target p2")
    # bountiful scrapped, sidekick turns up and falls, the core under it turns up
    assert stack_text(s, 1) == ["sidekick+", "core+"]


def test_bountiful_draws_the_top_of_the_draw_pile():
    s = build([["core", "core"], ["core", "core"]], [["bountiful"], []], draw=["tranq"])
    act(s, "play bountiful")
    assert [s.effects[c] for c in s.hands[0]] == ["tranq"]


def test_expel_choice_goes_to_the_chosen_player():
    s = build([["core", "core"], ["core", "core"]], [["expel"], ["spike", "trip"]])
    act(s, "play expel")  # "choose a player": yourself too, with an empty hand
    assert s.to_move() == (0,) and legal_texts(s) == {"expel p1", "expel p2"}
    act(s, "expel p2")
    assert s.to_move() == (1,) and s.choice.kind == "lose"
    assert legal_texts(s) == {"lose spike", "lose trip"}
    act(s, "lose trip")
    assert [s.effects[c] for c in s.hands[1]] == ["spike"]
    assert s.effects[s.heap[-1]] == "trip" and s.scrapped


def test_expel_offers_an_empty_handed_opponent_and_never_forces_your_own_card():
    # only player 1 holds cards: the Expel Bot must not choose player 1 by itself and
    # make them scrap their own Fatal Bot
    s = build([["core", "core"], ["core", "core"]], [["expel", "fatal"], []])
    act(s, "play expel")
    assert s.to_move() == (0,) and s.choice.kind == "expel"
    assert legal_texts(s) == {"expel p1", "expel p2"}
    act(s, "expel p2")  # player 2 has nothing to scrap
    assert s.choice is None and [s.effects[c] for c in s.hands[0]] == ["fatal"]
    assert s.hands[1] == [] and not s.scrapped
    assert s.events[-1] == "Expel: Player 2 has no card in hand: nothing happens."
    check_invariants(s)


def test_expel_offers_every_player_still_in_and_none_out():
    s = build([["core", "core"], ["core"], [], ["core"]], [["expel"], [], ["trip"], ["pit"]])
    s.out[2] = True
    act(s, "play expel")
    assert legal_texts(s) == {"expel p1", "expel p2", "expel p4"}
    act(s, "expel p4")  # a single card: lost without asking
    assert s.hands[3] == [] and s.choice is None
    assert [s.effects[c] for c in s.hands[2]] == ["trip"]


def test_expel_yourself_scraps_your_own_card_when_chosen():
    s = build([["core", "core"], ["core", "core"]], [["expel", "fatal"], ["spike"]])
    act(s, "play expel", "expel p1")  # the rule sheet: "choose a player", any player
    assert s.hands[0] == [] and s.effects[s.heap[-1]] == "fatal"


def test_expel_lets_its_owner_pick_among_players_with_cards():
    s = build([["core", "core"], ["core", "core"]], [["expel", "fatal"], ["spike"]])
    act(s, "play expel")
    assert s.to_move() == (0,) and legal_texts(s) == {"expel p1", "expel p2"}
    act(s, "expel p2")  # a single card: lost without asking
    assert s.hands[1] == [] and s.to_move() == (0,)


def test_tranq_on_a_top_card_resets_it_and_its_entry_effect_fires_again():
    s = build([["core", "core"], ["core", "shot+", "clumsy"]], [["tranq"], []])
    act(s, "play tranq")
    assert {"reset p2.1", "reset p2.2", "reset p1.2"} <= legal_texts(s)
    act(s, "reset p2.1")
    assert stack_text(s, 1) == ["shot+", "clumsy+"]  # clumsy again: the bottom core goes


def test_tranq_resetting_the_attacker_ends_attacking():
    s = build([["core", "core"], ["core", "core", "reaper"]], [["tranq"], []])
    act(s, "attack p2", "play tranq", "reset p1.2")
    assert s.attack_over
    act(s, "scrap")  # the reset core turns up again but may not attack any more
    assert not any(t.startswith("attack") for t in legal_texts(s))
    assert "this turn's attacker" in s.why_not(Move("attack", seat=1))


def test_begone_returns_a_top_card_to_its_owner():
    s = build([["core", "core"], ["core", "bountiful", "stomp"]], [["begone"], []])
    act(s, "play begone", "target p2")
    assert [s.effects[c] for c in s.hands[1]][0] == "stomp"
    assert stack_text(s, 1) == ["core", "bountiful+"]
    assert len(s.hands[1]) == 2  # and the bountiful drew


def test_begone_on_the_attacker_ends_attacking():
    s = build([["core", "core"], ["core", "begone", "reaper"]], [[], []])
    act(s, "attack p2")  # the reaper falls; player 2's begone turns up and chooses
    assert s.to_move() == (1,)
    act(s, "target p1")  # the attacking core goes back to player 1's hand
    assert s.attack_over and [s.effects[c] for c in s.hands[0]] == ["core"]
    assert not any(t.startswith("attack") for t in legal_texts(s))


def test_trip_drops_a_top_card_and_exposes_the_card_under():
    s = build([["core", "core"], ["core", "bountiful", "stomp"]], [["trip"], []])
    act(s, "play trip", "target p2")
    assert stack_text(s, 1) == ["core", "stomp+", "bountiful+"]
    assert len(s.hands[1]) == 1


def test_pit_sends_a_top_card_to_the_bottom_face_up():
    s = build([["core", "core"], ["core", "sidekick", "stomp"]], [["pit"], []])
    act(s, "play pit", "target p2")
    assert stack_text(s, 1) == ["stomp+", "sidekick+", "core+"]


def test_sidekick_falls_one_place():
    s = build([["core", "spike"], ["core"]], [["sidekick"], []])
    act(s, "play sidekick")  # it falls under the spike, which was already face up
    assert stack_text(s, 0) == ["core", "sidekick+", "spike+"]
    s = build([["bountiful", "sidekick", "core"], ["core"]], [[], []])
    act(s, "scrap")  # the sidekick turns up and falls: the bountiful turns up and draws
    assert stack_text(s, 0) == ["sidekick+", "bountiful+"]
    assert len(s.hands[0]) == 1


def test_chain_active_player_first_and_a_removed_card_fizzles():
    s = build([["core", "reaper", "core"], ["core", "shot", "core"]], [[], []])
    act(s, "attack p2")  # both cores fall; reaper (active) resolves first, shot waits
    assert s.to_move() == (0,) and s.choice.effect == "reaper"
    act(s, "target p2")  # scrap the waiting shot
    assert any("fizzles" in e for e in s.events)
    assert stack_text(s, 1) == ["core+"]
    check_invariants(s)


def test_nested_effect_resolves_before_the_waiting_one():
    s = build([["core", "pit", "core"], ["core", "reaper", "shot", "core"]], [[], []])
    act(s, "attack p2")  # pit (player 1) first; shot (player 2) waits
    act(s, "target p2")  # the shot goes to the bottom: the reaper turns up (newest)
    assert s.to_move() == (1,) and s.choice.effect == "reaper"
    act(s, "target p1")  # scrap player 1's pit
    assert any("Shot Bot's effect fizzles" in e for e in s.events)
    assert stack_text(s, 1) == ["shot+", "core", "reaper+"]
    assert stack_text(s, 0) == ["core+"]


def test_a_player_emptied_mid_chain_is_out_only_when_the_chain_ends():
    s = build([["core", "reaper", "core"], ["core"], ["bash", "bash"]], [[], [], []])
    act(s, "attack p2")  # both cores fall; player 2's stack is empty
    assert s.choice is not None and not s.out[1]
    assert legal_texts(s) == {"target p1", "target p3"}
    act(s, "target p3")
    assert s.out[1] and s.winners is None
    assert "attack p2" not in legal_texts(s)


def test_one_attacker_per_turn_and_digging_it_out_again():
    s = build([["core", "core"], ["core", "core", "reaper"]], [["fatal"], []])
    act(s, "attack p2", "play fatal")
    assert not any(t.startswith("attack") for t in legal_texts(s))
    assert "only one card may attack" in s.why_not(Move("attack", seat=1))
    act(s, "scrap")  # the fatal goes; the attacker is on top again
    assert "attack p2" in legal_texts(s)


def test_turn_cannot_end_before_a_card_reached_the_scrapheap():
    s = build([["core", "core"], ["core", "core"]], [["fatal", "trip"], []])
    assert "end" not in legal_texts(s)
    with pytest.raises(IllegalAction, match="scrapheap"):
        s.apply(Move("end"))
    act(s, "discard fatal")
    assert "end" in legal_texts(s)
    act(s, "end")
    assert s.active == 1 and len(s.hands[1]) == 1 and not s.scrapped


def test_empty_draw_pile_shuffles_the_scrapheap_into_a_new_one():
    s = build([["core", "core"], ["core", "core"]], [["fatal"], []], seed=77)
    s.heap.extend(s.draw)
    s.draw = []
    expected = list(s.heap)
    GameRandom((77 * 1_000_003 + 7919) % (1 << 62)).shuffle(expected)
    act(s, "discard fatal")
    expected_after = list(s.heap)
    GameRandom((77 * 1_000_003 + 7919) % (1 << 62)).shuffle(expected_after)
    act(s, "end")  # player 2 draws from the reshuffled scrapheap
    assert s.reshuffles == 1 and s.heap == []
    assert s.hands[1] == [expected_after[-1]]
    assert s.draw == expected_after[:-1]
    assert any("shuffled into a new draw pile" in e for e in s.events)
    check_invariants(s)


def test_reactive_play_blocks_the_attack():
    s = build([["core", "core"], ["core", "core"]], [["fatal"], ["bountiful"]], reactive=True)
    act(s, "attack p2")
    assert s.to_move() == (1,) and legal_texts(s) == {"take", "react bountiful"}
    act(s, "react bountiful")
    assert not any(s.damage) and s.attacker == -1  # cancelled: may pick another attacker
    assert stack_text(s, 1)[-1] == "bountiful+" and len(s.hands[1]) == 1
    act(s, "attack p2", "take")
    assert stack_text(s, 1) == ["core", "core+"]


def test_recycling_scraps_discards_and_draws():
    s = build([["core", "bountiful", "core"], ["core"]], [["trip"], []], recycling=True)
    act(s, "recycle trip")
    assert len(s.hands[0]) == 2  # one drawn by recycling, one by the bountiful turned up
    assert sorted(s.effects[c] for c in s.heap) == ["core", "trip"]
    s2 = build([["core", "core"], ["core"]], [["trip"], []])
    assert "recycle trip" not in legal_texts(s2)


def test_setup_effects_trigger_before_the_first_draw():
    for seed in range(50):
        state = STAK_BOTS.new_game(2, {"setup_effects": "on"}, seed)
        if any("Set-up entry effects" in e for e in state.events):
            break
    else:
        pytest.fail("no seed with a set-up entry effect")
    while state.choice is not None:
        state.apply(state.legal_actions()[0])
    events = state.events
    first_draw = next(i for i, e in enumerate(events) if "draws a card" in e)
    assert events.index("Set-up entry effects trigger.") < first_draw
    plain = STAK_BOTS.new_game(2, {"setup_effects": "off"}, seed)
    assert not any("entry effect" in e.lower() for e in plain.events)


def test_turn_action_limit_leaves_only_scrap_and_end():
    s = build([["core", "core"], ["core", "core"]], [["begone"], []])
    for _ in range(30):
        act(s, "play begone", "target p1")
    assert "attack p2" in legal_texts(s)
    for _ in range(30):
        act(s, "play begone", "target p1")
    assert legal_texts(s) == {"scrap", "discard begone"}


def test_a_leader_whose_power_falls_to_its_damage_is_scrapped() -> None:
    """A Leader Bot with power 4 (its face-up run) takes 3 damage; Bash scraps the bottom
    card of its run, power 3: it must not stay on top, 3 damage on power 3, and attack on.
    "A card whose damage reaches its power is scrapped", whenever that happens."""
    state = build([["sidekick+", "core+", "core+", "leader"], ["core", "bash"]], [[], []])
    leader = state.stacks[0][-1]
    assert state.power_at(0, -1) == 4
    act(state, "attack p2")
    assert leader not in state.stacks[0] and leader in state.heap
    assert any("Leader Bot has power 3 now, with 3 damage." in e for e in state.events or [])
    assert "attack p2" not in legal_texts(state)
    # a Tranq resetting a card of the run does it too
    state = build(
        [["core", "sidekick+", "bountiful+", "leader"], ["core", "tranq", "trip"]], [[], []]
    )
    leader = state.stacks[0][-1]
    act(state, "attack p2")
    act(state, "reset p1.2")  # Tranq resets the Bountiful Bot: the run is 1 card long
    assert leader not in state.stacks[0]  # 2 damage on power 1


def test_a_reset_card_s_waiting_effect_lapses_and_it_triggers_once_anew() -> None:
    """Both Fatal Bots scrapped, P1's Tranq and P2's Shot turn up together; the Tranq
    (active player's, first) resets the Shot, which turns straight back up and triggers:
    its first, waiting effect lapses and never fires as well (3 + 3 damage for one
    appearance)."""
    state = build([["core", "tranq", "fatal"], ["core", "shot", "fatal"]], [[], []])
    act(state, "attack p2")
    events = state.events or []
    assert "Shot Bot's waiting effect lapses." in events
    assert state.choice is not None and state.choice.effect == "shot"
    act(state, "target p1")
    assert state.choice is None  # no second Shot
    shots = [e for e in (state.events or []) if e == "Entry effect of Player 2's Shot Bot."]
    assert len(shots) == 1
