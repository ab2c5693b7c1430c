"""The Stak Bots game screen: stacks as columns, your hand, prompts and the event log.

This module holds the screen's keys, phases and turns; the prompts are in prompts.py, the
turn's keys in keys.py, the panels in panels.py and the event log's words in log.py.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical

from engines.core import Action, GameResult
from engines.stak_bots.moves import Move
from engines.stak_bots.spec import describe_move, rules_text
from engines.stak_bots.state import StakState
from engines.stak_bots.told import and_list, said
from screens import dialogs
from screens.dialogs import RulesScreen
from screens.footer import Footer
from screens.game_over import GameOverScreen
from screens.game_screen import GameScreen
from screens.glyphs import Glyphs
from screens.panel import Panel
from screens.session import GameSession
from screens.sized_panel import SizedPanel, SteadyHorizontal, SteadyPanel
from screens.stages import UiPhase
from screens.stak_bots.keys import GAME_KEYS, TURN_MOVES, TurnKeysMixin
from screens.stak_bots.log import named_events, seat_names, you_seat
from screens.stak_bots.panels import PanelsMixin
from screens.stak_bots.prompts import PromptsMixin
from screens.stak_bots.render import option_label
from screens.text_fit import ljust_cells

KEYS_HELP = """\
  Left / Right       pick a card in your hand or a prompt's option
  1 - 9              pick hand card N (or option N in a prompt; in a
                     prompt about your hand, N is hand card N)
  p                  play the picked card onto your stack
  d                  discard the picked card
  c                  recycle: scrap your top card, discard the picked
                     card, draw (only with the recycling option)
  s                  scrap the top card of your stack
  a                  attack with your top card, then choose the stack
  e                  end the turn (once a card reached the scrapheap)
  Enter              confirm the option picked in a prompt (not in the
                     first half second after it opens: that Enter was
                     meant for the move before); once the game is
                     over, show the result again
  n                  once the game is over: a new game like this one
  Escape             cancel choosing an attack target, else leave
  u                  undo your last move (against the computer)
  H (shift+h) or i   hint: the computer's suggestion
  ctrl+s             save under a name of your choice
  l                  the whole event log in a scrollable window
  v                  view the stacks: every player's top card and
                     other face-up cards with their whole texts (the
                     columns cut long ones short), face-down runs and
                     cards in hand
  F1 or ?            these rules
  q                  leave the game (it is always saved)
  under the owner    the stack's size and face-down count, one form
                     for all: "9 cards, 8 face down" (2 players),
                     "9 cards 8 down" (3), "9 (8 down)" (4)
  under a top card   its power, "dmg" damage taken this turn, "atk"
                     the turn's attacker (narrow columns: "pw", "dm")
  under it           the other face-up cards, top first, with their
                     power ("*" before a name: an entry effect, "+":
                     an ability); "[3 face down]" (narrow columns:
                     "[3 down]"): 3 face-down cards; "[+5 cards]": 5
                     cards the column has no room for
The footer shows the keys that do something now; others say why not."""

# Seconds after an effect's prompt opens in which Enter is not yet taken for it: an Enter
# pressed once too often for the move before would otherwise answer a prompt never seen.
PROMPT_SETTLE = 0.5


class StakBotsScreen(PromptsMixin, TurnKeysMixin, PanelsMixin, GameScreen):
    """One game of Stak Bots; the session autosaves after every action."""

    KEYS_HELP = KEYS_HELP
    SCOPED_CSS = False  # the App.ascii rules below must reach the app's class
    DEFAULT_CSS = """
    #sb-title { height: 1; padding: 0 1; background: $boost; }
    #sb-body { height: 1fr; }
    #sb-left { width: 54;  /* room.LEFT_WIDTH */ padding: 0 0 0 1; }
    #sb-stacks { height: 1fr; }
    .sb-stack { width: 1fr; height: 1fr; margin-right: 1; }
    #sb-hand {
        height: auto; max-height: 11;  /* room.HAND_MAX_HEIGHT */ border-top: solid $accent;
    }
    #sb-status { height: 3;  /* STATUS_LINES */ }
    #sb-log { width: 1fr; height: 1fr; padding: 0 1; border-left: vkey $accent; }
    App.ascii #sb-hand { border-top: ascii $accent; }
    App.ascii #sb-log { border-left: ascii $accent; }
    """
    # The footer shows only the keys that apply now (check_action, by phase: see ui_phase),
    # so "q Quit" always fits at 80 columns; hint, undo and save while there is room for
    # them (FOOTER_OPTIONAL, see GameScreen.footer_keys), else the turn line names them. A
    # key bound twice falls through to its second binding when check_action refuses the
    # first: "not_now" says why a game key does nothing at the moment.
    BINDINGS = [
        Binding("left", "cursor(-1)", "Pick", show=False),
        Binding("right", "cursor(1)", "Pick", show=False),
        Binding("up", "cursor(-1)", "Pick", show=False),
        Binding("down", "cursor(1)", "Pick", show=False),
        *[
            Binding(str(n), f"choose({n})", "Choose", show=n == 1, key_display="1-9")
            for n in range(1, 10)
        ],
        *[Binding(str(n), f"number({n})", "Pick", show=False) for n in range(1, 10)],
        Binding("enter", "confirm", "OK", key_display="Enter"),
        Binding("enter", "show_result", "Result", key_display="Enter"),
        Binding("escape", "cancel", "Cancel", key_display="Esc"),
        Binding("p", "play", "Play"),
        Binding("d", "discard", "Discard"),
        Binding("c", "recycle", "Recycle"),
        Binding("s", "scrap", "Scrap"),
        Binding("a", "attack", "Attack"),
        Binding("e", "end_turn", "End"),
        *[Binding(key, f"not_now('{key}')", "", show=False) for key in GAME_KEYS],
        Binding("n", "new_game", "New game"),
        Binding("H,i", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("ctrl+s", "save_as", "Save"),
        Binding("l", "full_log", "Log", show=False),
        Binding("v", "view_stacks", "Stacks", show=False),
        Binding("f1,question_mark", "rules", "Rules", key_display="F1"),
        Binding("q", "leave", "Quit"),
        Binding("escape", "escape", "Back", show=False),
    ]
    # The phases (see ui_phase) in which an action applies; the others always do.
    # After the game: a game key says what to press instead; Escape leaves.
    OVER_ACTIONS = GameScreen.OVER_ACTIONS | {"not_now", "escape", "view_stacks"}
    PHASE_ACTIONS: dict[str, tuple[UiPhase, ...]] = {
        "choose": (UiPhase.PROMPT,),
        "confirm": (UiPhase.PROMPT,),
        "number": (UiPhase.TURN,),
        "play": (UiPhase.TURN,),
        "discard": (UiPhase.TURN,),
        "recycle": (UiPhase.TURN,),
        "scrap": (UiPhase.TURN,),
        "attack": (UiPhase.TURN,),
        "end_turn": (UiPhase.TURN,),
        "show_result": (UiPhase.OVER,),
        "new_game": (UiPhase.OVER,),
    }

    FOOTER_MAIN = {
        UiPhase.PROMPT: (
            ("choose(1)", "1-9", "Choose"),
            ("confirm", "Enter", "OK"),
            ("cancel", "Esc", "Cancel"),
        ),
        UiPhase.TURN: (
            ("play", "p", "Play"),
            ("discard", "d", "Discard"),
            ("recycle", "c", "Recycle"),
            ("scrap", "s", "Scrap"),
            ("attack", "a", "Attack"),
            ("end_turn", "e", "End"),
        ),
        UiPhase.OVER: (("show_result", "Enter", "Result"), ("new_game", "n", "New game")),
    }
    FOOTER_OPTIONAL = (("hint", "H", "Hint"), ("undo", "u", "Undo"), ("save_as", "^s", "Save"))

    def __init__(self, session: GameSession, glyphs: Glyphs) -> None:
        super().__init__(session, glyphs)
        self.cursor = 0  # hand card under the cursor
        self.option = 0  # selected option in a prompt
        self.targeting = False  # choosing the stack to attack
        # A hint's message, then shorter ways to say it for a status line with less room.
        self.hint_forms: list[str] = []
        self.hint_target: Move | None = None  # the attack a hint suggested: "a" selects it
        # the effect prompt on screen (which action it came after) and when it opened
        self.prompt_key: tuple[int, str] | None = None
        self.prompt_at = 0.0

    # -- layout ----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Panel(id="sb-title")
        with Horizontal(id="sb-body"):
            with Vertical(id="sb-left"):
                with SteadyHorizontal(id="sb-stacks"):
                    for seat in range(self.session.match.num_players):
                        yield SizedPanel(id=f"sb-stack-{seat}", classes="sb-stack")
                yield SteadyPanel(id="sb-hand")
                yield Panel(id="sb-status")
            yield SizedPanel(id="sb-log")
        yield Footer()

    @property
    def state(self) -> StakState:
        state = self.session.match.state
        assert isinstance(state, StakState)
        return state

    def log_lines(self) -> list[tuple[str, str]]:
        return [
            (event, "bold" if event.startswith("Turn ") else "")
            for event in self.named(self.state.events)
        ]

    def names(self) -> list[str]:
        return seat_names(self.session)

    def you(self) -> int | None:
        return you_seat(self.session)

    def named(self, events: list[str] | None) -> list[str]:
        """``events`` naming the players as the stacks do, "your" for the one human's."""
        return named_events(events, self.names(), self.you())

    # -- what may be done now ------------------------------------------------------
    def my_seat(self) -> int | None:
        """The human seat to move whose view is on screen, else None."""
        return self.state.current_player() if self.human_to_move() else None

    def legal(self) -> list[Move]:
        seat = self.my_seat()
        return [] if seat is None else self.state.legal_actions(seat)

    def picked_card(self) -> str | None:
        seat = self.my_seat()
        if seat is None:
            return None
        hand = self.state.hands[seat]
        if not hand:
            return None
        self.cursor = min(self.cursor, len(hand) - 1)
        return self.state.effects[hand[self.cursor]]

    def end_block_reason(self) -> str | None:
        state = self.state
        if state.choice is not None or self.my_seat() is None:
            return "not your decision"
        if not state.scrapped:
            return "a card must reach the scrapheap first"
        return None

    def ui_phase(self) -> UiPhase:
        """What the keys do now: ``turn`` (your turn, no prompt), ``prompt`` (answer an
        effect's choice or pick the stack to attack), ``wait`` (someone else is to move)
        or ``over`` (the game is over, its panel closed)."""
        if self.state.is_terminal():
            return UiPhase.OVER
        if not self.human_to_move():
            return UiPhase.WAIT
        return UiPhase.PROMPT if self.prompt_options() else UiPhase.TURN

    def turn_moves(self) -> set[str]:
        """The kinds of move the turn's keys can make now (``play``, ``attack``, ...)."""
        return {move.kind for move in self.legal()}

    def applies(self, action: str, phase: UiPhase, moves: set[str] | None = None) -> bool | None:
        """Whether ``action`` may be done in ``phase``: None shows it in the footer, but
        disabled (ending the turn before anything was scrapped). A key of the turn applies
        only when it can make its move now (``moves``, the kinds :meth:`turn_moves` finds):
        no ``p``/``d``/``c`` with an empty hand, no ``a`` with nothing to attack with."""
        phases = self.PHASE_ACTIONS.get(action)
        if phases is not None and phase not in phases:
            return False
        if action == "end_turn":
            return True if self.end_block_reason() is None else None
        if action in TURN_MOVES:
            kinds = self.turn_moves() if moves is None else moves
            return TURN_MOVES[action] in kinds
        if action == "cancel":
            return self.targeting
        return True  # undo included: between humans u says why it does nothing

    def offers(self, action: str) -> bool:
        """The hint only on your turn or prompt; undo only when it would take a move back."""
        if action == "hint":
            return not self.at_table and self.ui_phase() in (UiPhase.TURN, UiPhase.PROMPT)
        return super().offers(action)

    def turn_keys_now(self, phase: UiPhase) -> dict[str, bool | None]:
        """The turn's key actions and whether each applies now (see :meth:`applies`)."""
        moves = self.turn_moves() if phase == UiPhase.TURN else set()
        return {action: self.applies(action, phase, moves) for action in TURN_MOVES}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        allowed = super().check_action(action, parameters)
        return allowed if not allowed else self.applies(action, self.ui_phase())

    # -- turns ------------------------------------------------------------------
    def game_over_screen(self, result: GameResult) -> GameOverScreen:
        return StakBotsOverScreen(self.session, result)

    def after_game_over(self, choice: str | None) -> None:
        if choice == "board":
            self.message = ""  # the status line says what the keys do now
        super().after_game_over(choice)

    def reset_for_table(self) -> None:
        """The game was read again from the table: no attack or prompt half chosen."""
        self.targeting = False
        self.option = 0
        self.hint_target = None
        self.prompt_key = None

    def on_human_turn(self, seat: int) -> None:
        self.targeting = False
        self.hint_target = None
        self.option = self.default_option(self.prompt_options())

    def on_hint(self, action: Action, seat: int) -> None:
        """Say the move and the key that makes it, with the card or option selected."""
        assert isinstance(action, Move)
        move = said(describe_move(action, seat, self.state.cards), self.names(), self.you())
        options = self.prompt_options()
        self.hint_target = None
        if action in options:
            self.option = options.index(action)
            n = self.option + 1
            label = option_label(self.state, action, self.names(), self.you())
            forms = [
                f"{move} (option {n} is selected: Enter)",
                f"{move} (option {n}: Enter)",
                f"option {n}, {label} (Enter)",
                f"option {n}, now selected (Enter)",
            ]
        else:
            self.targeting = False  # the hint is not to attack: the prompt would be in the way
            forms = self.hint_keys(action, seat, move)
        self.hint_forms = [f"Hint: {form}." for form in forms]
        self.message = self.hint_forms[0]

    def hint_keys(self, action: Move, seat: int, move: str) -> list[str]:
        """A hinted move of the turn with its keys, long to short; picks its hand card."""
        if action.kind == "attack":
            self.hint_target = action  # selected when "a" asks for the stack
            return [f"{move} (a, then Enter)"]
        if action.kind == "scrap":
            return [f"{move} (s)"]
        if action.kind == "end":
            return ["end your turn (e)"]
        key = {"play": "p", "discard": "d", "recycle": "c"}.get(action.kind)
        effects = [self.state.effects[card] for card in self.state.hands[seat]]
        if key is None or action.effect not in effects:
            return [move]
        self.cursor = effects.index(action.effect)
        does = f"{key} {action.kind}s it"
        n = self.cursor + 1
        return [
            f"{move} (card {n} is picked: {does})",
            f"{move} (card {n} is picked: {key})",
            f"card {n} is picked: {does}",
        ]

    def send(self, move: Move) -> None:
        seat = self.my_seat()
        if seat is None:
            self.app.bell()
            return
        if move not in self.state.legal_actions(seat):
            self.message = f"Not now: {self.state.why_not(move)}."
            self.refresh_all()
            return
        self.targeting = False
        self.option = 0
        self.hint_target = None
        self.play(move, seat)

    def action_rules(self) -> None:
        """The rules with the bots of the card set this game uses."""
        self.app.push_screen(
            RulesScreen(self.session.spec.name, rules_text(self.state.cards), self.KEYS_HELP)
        )

    # -- key actions ----------------------------------------------------------------
    def action_confirm(self) -> None:
        """Enter: the selected option, unless the effect's prompt has only just opened (a
        digit still answers at once: it names its option)."""
        if self.state.choice is not None and dialogs.clock() - self.prompt_at < PROMPT_SETTLE:
            self.message = "A new prompt: read it, then choose."
            self.refresh_all()
            return
        self._answer()

    # -- drawing --------------------------------------------------------------------------
    def on_resize(self) -> None:
        if self.is_mounted:
            self.fit_room()  # the panels' sizes for the terminal (see room.py)
        self.call_after_refresh(self.refresh_all)


class StakBotsOverScreen(GameOverScreen):
    """The end of a game: who won and why, and the stacks left."""

    def summary(self) -> Text:
        names = seat_names(self.session)
        text = Text()
        winners = self.result.winners
        you = you_seat(self.session)
        if len(winners) == 1:
            name = names[winners[0]]
            headline = "You win!" if name.endswith("You") else f"{name} wins!"
            text.append(headline + "\n\n", "bold green")
        elif you in winners:
            others = and_list([names[s] for s in winners if s != you])
            text.append(f"You share the win with {others}!\n\n", "bold yellow")
        else:
            text.append(f"Shared win: {and_list([names[s] for s in winners])}.\n\n", "bold yellow")
        text.append("Cards left in each stack:\n")
        for seat, size in enumerate(self.result.scores):
            text.append(f"  {ljust_cells(names[seat], 16)} {size}\n")
        text.append("\n" + named_events([self.result.reason], names, you)[0] + "\n\n")
        return text
