"""RoboRally's computer player, in modules that import one way only (each uses those above it).

* :mod:`.evaluation`: a robot alone on the board (:func:`~.evaluation.sim_register`), the
  distance field to a flag, the evaluation weights and :class:`~.evaluation.Evaluator`.
* :mod:`.simulation`: the same with option cards (:class:`~.simulation.OptionSim`), what a
  seat knows of the cards, what an option card is worth.
* :mod:`.fire`: the laser mode to fire (option-card lasers), priced by what it does.
* :mod:`.options`: every option-card, register-time and end-of-turn decision of ``hard``, and
  whether to Recompile.
* :mod:`.sacrifice`: give up an option card instead of 1 damage? (every level).
* :mod:`.table`: one turn of the whole table by the engine's rules, on a copy built from the
  seat's view (the other robots' programs guessed from the cards it has not seen).
* :mod:`.rescore`: ``hard``'s best programs played with :mod:`.table` against sampled programs
  of the other robots, and what each turn leaves.
* :mod:`.search`: the players (``easy``, ``normal``, ``hard``'s program search and power down).

The levels are listed in :mod:`engines.roborally.players`.
"""
