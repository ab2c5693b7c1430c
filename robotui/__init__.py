"""robotui: a terminal arcade of robot board and card games."""

__version__ = "0.1.0"
