"""Replays of saved games on each game's own screen, read-only (see screen.py)."""
