"""The new-game dialog's preview drawings, which each game's spec names
(:attr:`engines.core.GameSpec.preview_drawing`)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engines.core import GameSpec

if TYPE_CHECKING:
    from rich.text import Text

PreviewDrawing = Callable[[dict[str, Any], bool], "Text | str | None"]


def preview_drawing(spec: GameSpec) -> PreviewDrawing | None:
    """The front end's drawing of the new-game preview that ``spec`` names
    (:attr:`GameSpec.preview_drawing`, "module:function", imported now: with its game only),
    or ``None`` where the game draws none (the dialog shows :meth:`GameSpec.preview_text`)."""
    if not spec.preview_drawing:
        return None
    module, _, name = spec.preview_drawing.partition(":")
    drawing: PreviewDrawing = getattr(importlib.import_module(module), name)
    return drawing
