"""Frozen copies of each game's ``hard`` player as it stood on 2026-11-26: the engines'
players may change, these do not. The tests play against them, and so can the arena and the
benches, run from the repository's folder::

    robotui arena robot-master --players hard,tests.reference_players.robot_master:Hard2026

Each game's package copies only the computer player's own modules (search, evaluation, ...);
the rules they play by are the engines' own, so a frozen player always plays today's rules.
Beside them: :mod:`.stak_bots_dig`, Stak Bots' ``hard`` with its earlier played-out turn, and
:mod:`.robo_factory_reference`, the brute-force best play of a Robo Factory customer turn.
"""
