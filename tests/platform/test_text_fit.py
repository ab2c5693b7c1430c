"""screens.text_fit: key groups wrapped whole, and balanced when asked."""

from __future__ import annotations

from screens.text_fit import wrap_groups


def test_a_group_never_breaks_across_lines():
    lines = wrap_groups(["Your", "turn:", "p play", "d discard", "s scrap"], 20)
    assert lines == ["Your turn: p play", "d discard s scrap"]


def test_balance_keeps_the_lines_but_leaves_no_lone_group_on_the_last():
    groups = ["Your", "turn:", "p play", "d discard", "s scrap", "a attack", "^s save"]
    plain = wrap_groups(groups, 45)
    assert plain[-1] == "^s save"  # the greedy wrap leaves the last key alone
    balanced = wrap_groups(groups, 45, balance=True)
    assert len(balanced) == len(plain) == 2
    assert balanced[-1] != "^s save" and max(map(len, balanced)) <= 45
    assert " ".join(balanced) == " ".join(plain)
    # one line stays one line
    assert wrap_groups(groups[:3], 45, balance=True) == ["Your turn: p play"]
