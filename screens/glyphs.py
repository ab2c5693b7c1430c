"""Box-drawing and marker glyphs, with a plain-ASCII set for poor terminals (``--ascii``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Glyphs:
    top_left: str
    top_right: str
    bottom_left: str
    bottom_right: str
    horizontal: str
    vertical: str
    cross: str
    tee_down: str
    tee_up: str
    tee_right: str
    tee_left: str
    legal: str
    last: str
    thinking: tuple[str, ...]
    bullet: str
    times: str
    ascii_only: bool = False

    @property
    def ellipsis(self) -> str:
        """What marks text cut short: "..." in --ascii mode, else "…"."""
        return "..." if self.ascii_only else "…"


UNICODE = Glyphs(
    "┌", "┐", "└", "┘", "─", "│", "┼", "┬", "┴", "├", "┤", "·", "•", ("◐", "◓", "◑", "◒"), "•", "×"
)
ASCII = Glyphs(
    "+",
    "+",
    "+",
    "+",
    "-",
    "|",
    "+",
    "+",
    "+",
    "+",
    "+",
    ".",
    "*",
    ("|", "/", "-", "\\"),
    "*",
    "x",
    ascii_only=True,
)


def glyphs_for(ascii_only: bool) -> Glyphs:
    return ASCII if ascii_only else UNICODE
