"""What Stak Bots' screen mixins use of one another, declared for the type checker.

:class:`screens.stak_bots.screen.StakBotsScreen` is built from the mixins beside it
(prompts.py, keys.py, panels.py) and :class:`GameScreen`. Each mixin derives from
:class:`StakBotsSurface`, which the type checker sees as a :class:`GameScreen` that also
has the screen's attributes and the methods the mixins call on each other. At run time
``StakBotsSurface`` is ``object``: nothing declared here is in the screen's method
resolution order, so no declaration can hide a real method. The type checker compares
every real definition (in the screen or a mixin) with its declaration.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engines.stak_bots.moves import Move
    from engines.stak_bots.state import StakState
    from screens.game_screen import GameScreen
    from screens.stages import UiPhase

    class StakBotsSurface(GameScreen):
        """The Stak Bots screen as its mixins see it."""

        # StakBotsScreen (screen.py): its state and attributes
        cursor: int
        option: int
        targeting: bool
        hint_forms: list[str]
        hint_target: Move | None
        prompt_key: tuple[int, str] | None
        prompt_at: float

        @property
        def state(self) -> StakState: ...
        def names(self) -> list[str]: ...
        def you(self) -> int | None: ...
        def named(self, events: list[str] | None) -> list[str]: ...
        def my_seat(self) -> int | None: ...
        def legal(self) -> list[Move]: ...
        def picked_card(self) -> str | None: ...
        def end_block_reason(self) -> str | None: ...
        def turn_keys_now(self, phase: UiPhase) -> dict[str, bool | None]: ...
        def send(self, move: Move) -> None: ...

        # PromptsMixin (prompts.py)
        def prompt_options(self) -> list[Move]: ...
        def prompt_hand_card(self, options: list[Move]) -> int | None: ...
        def action_cancel(self) -> None: ...
        def _note_prompt(self) -> None: ...
else:
    StakBotsSurface = object
