"""Game engines: pure Python rules and computer players, with no user interface."""
