"""Robo Factory's results: the end of a customer turn (every build, the Eureka dice, the cubes
and the order, until Enter) and the end of the game (the ranking by cubes).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from engines.robo_factory.state import RoboFactoryState
from screens import dialogs
from screens.footer import Footer
from screens.game_over import GameOverScreen
from screens.game_screen import GameScreen
from screens.robo_factory.draw import RESULT_WIDTH
from screens.text_fit import ljust_cells

DIALOG_FRAME = 6  # the turn result's border and padding (robo_factory.tcss: 76 for 70)


def reason_text(state: RoboFactoryState, names: list[str]) -> str:
    """Why the game ended, in the display names (the seat called "You" spoken to: "You
    win with 40 cubes.")."""
    you = names.index("You") if "You" in names else None
    return state.result_reason(names, you)


class TurnResultScreen(ModalScreen[str | None]):
    """The end of a customer turn in which a human built or was the customer: every build,
    right or wrong, the Eureka dice, the cubes and the order (public information only),
    until Enter. The game's ``?`` and ``l`` work over it; ``q`` or Escape leave the game
    after the usual question (answering ``"leave"``: the result waits for the resume)."""

    BINDINGS = [
        Binding("enter,space", "close", "Continue", key_display="Enter"),
        Binding("l", "log", "Log"),
        Binding("question_mark,f1", "rules", "Rules", key_display="?"),
        Binding("q,escape", "leave", "Quit", key_display="q"),
    ]

    def __init__(
        self, title: str, body: Text, after: str, game: GameScreen, width: int = RESULT_WIDTH
    ) -> None:
        super().__init__()
        self.text_width = width  # the body's width in cells (the dialog adds its frame)
        self.title_text = title
        self.body = body
        self.after = after
        self.game = game

    def compose(self) -> ComposeResult:
        body = self.body.copy()
        body.append(f"\nEnter: {self.after}", "dim")
        with Vertical(classes="dialog rf-turn") as box:
            if self.text_width != RESULT_WIDTH:
                box.styles.width = self.text_width + DIALOG_FRAME
            yield Static(self.title_text, classes="dialog-title")
            yield Static(body)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_log(self) -> None:
        self.game.action_full_log()

    def action_rules(self) -> None:
        self.game.action_rules()

    def action_leave(self) -> None:
        def done(leave: bool | None) -> None:
            if leave:
                self.dismiss("leave")

        self.app.push_screen(dialogs.ConfirmScreen(self.game.leave_question()), done)


class RoboFactoryOverScreen(GameOverScreen):
    """The end of a game: the ranking by cubes and the winners."""

    DIALOG_CLASSES = "dialog game-over rf-over"

    def summary(self) -> Text:
        names = [p.name for p in self.session.players]
        scores = list(self.result.scores)
        winners = self.result.winners
        # the headline says who won and with how much, once (not "You win!" over "You win
        # with 21 cubes.")
        state = self.session.match.state
        assert isinstance(state, RoboFactoryState)
        text = Text(
            reason_text(state, names) + "\n\n", "bold green" if len(winners) == 1 else "bold yellow"
        )
        order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
        place = 0
        for i, s in enumerate(order):
            if i == 0 or scores[s] != scores[order[i - 1]]:
                place = i + 1
            style = "bold green" if s in winners else ""
            cubes = "cube" if scores[s] == 1 else "cubes"
            text.append(f"  {place}. {ljust_cells(names[s], 16)} {scores[s]:>3} {cubes}\n", style)
        text.append("\n")
        return text
