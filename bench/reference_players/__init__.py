"""Frozen copies of each game's ``hard`` player as it stood on 2026-11-26 (issue 19's
reference): the engines' players may change, these do not. Use them in the arena, run from the
repository's folder::

    robotui arena robot-master --players hard,bench.reference_players.robot_master:Hard2026

Each game's package copies only the computer player's own modules (search, evaluation, ...);
the rules they play by are the engines' own, so a frozen player always plays today's rules.
"""
