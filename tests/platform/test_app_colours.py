"""Colours in a 16-colour terminal: named colours must stay the terminal's own.

Textual converts ANSI colours through its default (Monokai) palette before it reduces
them to the terminal's colours; in 16 colours that turned "red" (RoboRally's Red robot,
Robo Factory's red parts) into magenta.
"""

from __future__ import annotations

import pytest
import textual.constants
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import ANSIToTruecolor

from tests.ui_helpers import make_app


def converted(app, colour: str) -> str:
    """What the colour named ``colour`` becomes once the app's colour filter has run."""
    line = [Segment("x", Style(color=colour))]
    for f in app._filters:  # the filters stand between our styles and the terminal
        if isinstance(f, ANSIToTruecolor) and f.enabled:
            line = f.apply(line, Color(0, 0, 0))
    style = line[0].style
    assert style is not None and style.color is not None
    return style.color.name


@pytest.mark.parametrize("system", ["standard", "windows"])
def test_sixteen_colours_keep_the_terminals_own_red(monkeypatch, tmp_path, system):
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", system)
    app = make_app(tmp_path)
    assert app.native_ansi_color
    assert converted(app, "red") == "red"


@pytest.mark.parametrize("system", ["256", "truecolor"])
def test_richer_terminals_keep_the_themed_palette(monkeypatch, tmp_path, system):
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", system)
    app = make_app(tmp_path)
    assert not app.native_ansi_color
    assert converted(app, "red") != "red"  # themed, then reduced by the terminal
