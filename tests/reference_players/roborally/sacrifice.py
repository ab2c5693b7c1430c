"""The computer's answer to "give up an option card instead of 1 damage?" (every level).

From its own view only, deterministic: it gives up its least valuable option (by
:func:`.simulation.option_worth`) when the damage still coming would destroy the robot or lock
one more register, or when that option is worth nothing to it (a Circuit Breaker); otherwise it
takes the damage. A robot that announced a power down takes any damage short of destruction: the
power down repairs it all.
"""

from __future__ import annotations

from engines.roborally.state import MAX_DAMAGE, REGISTERS, RoboRallyView
from tests.reference_players.roborally.simulation import option_worth

LOCK_FROM = MAX_DAMAGE - REGISTERS  # 5 damage locks register 5


def sacrifice_choice(view: RoboRallyView, values: list[str]) -> str:
    options = [v for v in values if v != "none"]
    if not options or "none" not in values:
        return values[0]
    cheapest = min(options, key=lambda o: (option_worth(view, o, False), options.index(o)))
    if option_worth(view, cheapest, False) <= 0:
        return cheapest
    me = view.robots[view.seat]
    after = me.damage + view.incoming
    if after >= MAX_DAMAGE:
        return cheapest  # the damage would destroy the robot
    if not me.announced and after >= LOCK_FROM:
        return cheapest  # it would lock one more register (and shrink the hand)
    return "none"
