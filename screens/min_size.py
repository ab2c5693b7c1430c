"""The smallest terminal robotui draws in (smaller, a window asks for more room)."""

MIN_WIDTH = 80
MIN_HEIGHT = 24
