"""Every registered game declares each capability of :data:`SPEC_CAPABILITIES` on its own
spec, with a value the shared code can use (docs/engines.md, "Spec capabilities")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engines.core import SPEC_CAPABILITIES, GameResult, GameSpec
from engines.registry import all_games
from hosting.results import headline, score_unit
from screens.previews import preview_drawing
from tests.helpers.imports import ROOT

SPECS = all_games()


def _flag(spec: GameSpec, value: Any) -> bool:
    return isinstance(value, bool)


def _unit(spec: GameSpec, value: Any) -> bool:
    return value is None or (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(word, str) and word and word == word.strip() for word in value)
    )


def _drafts(spec: GameSpec, value: Any) -> bool:
    """None, or an object with every method of :class:`engines.core.ProgramDrafts`."""
    methods = ("programming", "writing", "parse", "fits", "complete")
    return value is None or all(callable(getattr(value, name, None)) for name in methods)


def _drawing(spec: GameSpec, value: Any) -> bool:
    if value == "":
        return True
    if not isinstance(value, str) or value.count(":") != 1:
        return False
    module, name = value.split(":")
    return module.startswith("screens.") and name.isidentifier()


def _step(spec: GameSpec, value: Any) -> bool:
    """What a replay's bigger step covers, one and many: ``("turn", "turns")``."""
    return _unit(spec, value) and value is not None


VALID: dict[str, Callable[[GameSpec, Any], bool]] = {
    "table_timer": _flag,
    "score_unit": _unit,
    "program_drafts": _drafts,
    "preview_drawing": _drawing,
    "replay_step": _step,
}


def test_every_capability_has_a_check() -> None:
    assert sorted(VALID) == sorted(SPEC_CAPABILITIES)


def _declared_by_the_game(spec: GameSpec, name: str) -> bool:
    """Set on the game's own class (or a class of its between it and GameSpec), not left
    to GameSpec's default."""
    return any(
        name in vars(cls)
        for cls in type(spec).__mro__
        if issubclass(cls, GameSpec) and cls is not GameSpec
    )


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.id)
def test_each_game_declares_every_capability(spec: GameSpec) -> None:
    for name in SPEC_CAPABILITIES:
        assert _declared_by_the_game(spec, name), f"{spec.id} does not declare {name}"
        value = getattr(spec, name)
        assert VALID[name](spec, value), f"{spec.id}: {name} = {value!r} is not valid"


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.id)
def test_a_preview_drawing_is_found_and_has_a_preview_to_draw(spec: GameSpec) -> None:
    drawing = preview_drawing(spec)
    if not spec.preview_drawing:
        assert drawing is None
        return
    assert callable(drawing)
    options = spec.normalize_options({})
    # the dialog offers the preview only where the engine has one (its v key and hint)
    assert spec.preview_text(options) is not None
    assert drawing(options, True) is not None


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.id)
def test_the_result_line_says_the_score_unit(spec: GameSpec) -> None:
    assert score_unit(spec.id) == spec.score_unit
    result = GameResult(winners=(0,), draw=False, reason="x", scores=(1, 0))
    line = headline(spec.id, result, ["Anna", "Bob"])
    if spec.score_unit is None:
        assert line == "Anna won, Bob lost"
    else:
        assert line == f"Anna won with 1 {spec.score_unit[0]}, Bob 0"


def test_an_unknown_game_has_no_score_unit() -> None:
    assert score_unit("no-such-game") is None


def test_the_manual_describes_every_capability() -> None:
    text = (ROOT / "docs" / "engines.md").read_text(encoding="utf-8")
    section = text.split("## Spec capabilities", 1)[1].split("\n## ", 1)[0]
    for name in SPEC_CAPABILITIES:
        assert f"| `{name}`" in section, f"docs/engines.md does not describe {name}"
