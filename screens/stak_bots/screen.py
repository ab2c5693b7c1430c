"""The Stak Bots game screen: stacks as columns, your hand, prompts and the event log."""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from engines.core import Action, GameResult
from engines.stak_bots.moves import END, SCRAP, TAKE, Move
from engines.stak_bots.spec import describe, rules_text
from engines.stak_bots.state import TURN_ACTION_LIMIT, StakState, and_list
from screens import dialogs
from screens.dialogs import PreviewScreen, RulesScreen
from screens.game_screen import GameOverScreen, GameScreen
from screens.glyphs import Glyphs
from screens.session import GameSession
from screens.sized_text import SizedText
from screens.stak_bots.render import (
    choice_title,
    hand_lines,
    marks_for,
    option_label,
    option_rows,
    option_window,
    stack_column,
    stacks_text,
)
from screens.text_fit import clip_wrap, fit, ljust_cells, wrap_groups, wrap_log, wrap_text

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

GAME_KEYS = "pdcsae"  # the keys of a turn: play, discard, recycle, scrap, attack, end
# The actions of the turn's keys and the kind of move each makes.
TURN_MOVES = {"play": "play", "discard": "discard", "recycle": "recycle", "scrap": "scrap",
              "attack": "attack", "end_turn": "end"}
KEY_ACTIONS = {"p": "play", "d": "discard", "c": "recycle", "s": "scrap", "a": "attack",
               "e": "end_turn"}
LOG_LINES = 40
# Seconds after an effect's prompt opens in which Enter is not yet taken for it: an Enter
# pressed once too often for the move before would otherwise answer a prompt never seen.
PROMPT_SETTLE = 0.5
# After the log's "Events" heading: the keys of the log and stacks windows, the longest
# that fits the column (at 80 columns the second).
LOG_KEYS = ("  (l log, v stacks)", "  l log v stacks", "  (l: all)")
HAND_MAX_HEIGHT = 11  # rows for the hand: its top border, a heading, then the cards
STACK_WIDTH = 53  # columns for all the stacks side by side
STATUS_LINES = 3  # the height of #sb-status


SEAT_NAME = re.compile(r"\bPlayer ([1-9])\b('s\b)?")
# The players an event starts with, its subject: "Player 2's top card, ...", "Turn 3:
# Player 1 draws ...", "Player 1, Player 3 and Player 2 lost their last cards ...".
SUBJECT = re.compile(r"^(Turn \d+: )?((?:Player [1-9](?:, | and ))*Player [1-9])\b")
# The engine's verbs after a player ("Player 1 plays Reaper Bot."), as said to "you".
YOU_VERBS = {
    "plays": "play", "discards": "discard", "scraps": "scrap", "recycles": "recycle",
    "turns": "turn", "draws": "draw", "ends": "end", "blocks": "block", "starts": "start",
    "attacks": "attack", "has": "have", "is": "are",
}
# "recycles: scraps their top card, Clumsy Bot, discards Core Bot and draws a card.": the
# verbs after the first
RECYCLE_VERBS = re.compile(r"(?<=: )scraps\b|(?<=, )discards\b|(?<= and )draws\b")


def named_events(
    events: list[str] | None, names: list[str], you: int | None = None
) -> list[str]:
    """The engine's events with each "Player N" called as the stacks call it ("P1 You"),
    and ``you`` (the one human's seat, None in hot-seat games) spoken to: "You play
    Reaper Bot.", "Turn 3: you draw a card.", "Your top card, Spike Bot, is scrapped.",
    "goes back to your hand", "Your stack is empty: you are out.". The engine says
    "their"/"they" of the players an event starts with: of you, "your"/"you", and you
    come first among them ("You and P3 Computer 2 lost your last cards at the same
    moment: you share.")."""
    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        if seat >= len(names):
            return match.group(0)
        possessive = match.group(2) or ""
        if seat != you:
            return names[seat] + possessive
        before = match.string[: match.start()].rstrip()
        starts = not before or before.endswith((".", "!", "?"))
        if possessive:
            return "Your" if starts else "your"
        return "You" if starts else "you"

    def verb(match: re.Match[str]) -> str:
        said = match.group(2)
        if said == "recycles":  # and the verbs of what recycling does
            rest = RECYCLE_VERBS.sub(lambda m: YOU_VERBS[m.group(0)], match.group(3))
            return f"{match.group(1)} recycle{rest}"
        return f"{match.group(1)} {YOU_VERBS[said]}{match.group(3)}"

    def spoken_to(event: str) -> str:
        """``event`` with "their"/"they" said to you when you are among its subject,
        named first."""
        subject = SUBJECT.match(event)
        if subject is None:
            return event
        seats = [int(n) - 1 for n in re.findall(r"[1-9]", subject.group(2))]
        if you not in seats:
            return event
        if len(seats) > 1:
            ordered = [you] + [s for s in seats if s != you]
            players = and_list([f"Player {s + 1}" for s in ordered])
            event = (subject.group(1) or "") + players + event[subject.end():]
        event = re.sub(r"\btheir\b", "your", event)
        return re.sub(r"\bthey\b", "you", event)

    you_verb = None
    if you is not None and you < len(names):
        you_verb = re.compile(
            rf"\b(Player {you + 1}) ({'|'.join(YOU_VERBS)})\b([^.]*)"
        )
    out = []
    for event in events or []:
        if you_verb is not None:
            event = you_verb.sub(verb, spoken_to(event))
        out.append(SEAT_NAME.sub(name, event))
    return out


def hint_wrap(text: str, width: int) -> list[str]:
    """``text`` wrapped to ``width`` columns, a closing parenthesis kept on one line when
    it fits one: "Hint: play Bountiful Bot" / "(card 1 is picked: p plays it)."."""
    start = text.rfind(" (")
    if text.endswith((")", ").")) and start >= 0 and len(text) - start - 1 <= width:
        return wrap_groups([*text[:start].split(" "), text[start + 1:]], width)
    return wrap_text(text, width)


def log_text(events: list[str], width: int, height: int) -> Text:
    """The "Events" heading and the newest events that fit ``height`` lines, wrapped to
    ``width``, whole events only (but for a newest event too long for the panel): the
    newest is always the last line shown."""
    width = max(width, 12)
    room = height - 1 if height > 1 else 20  # 0: not laid out yet
    shown: list[tuple[str, str]] = []
    for event in reversed(events[-LOG_LINES:]):
        style = "bold" if event.startswith("Turn ") else ""
        wrapped = [line for line, _ in wrap_log([(event, "")], width)] or [""]
        if len(shown) + len(wrapped) > room:
            if not shown:
                shown = [(line, style) for line in reversed(wrapped[-room:])]
            break
        shown.extend((line, style) for line in reversed(wrapped))
    text = Text(no_wrap=True, overflow="crop", end="")
    text.append("Events", "bold underline")
    keys = next((k for k in LOG_KEYS if len("Events" + k) <= width), LOG_KEYS[-1])
    text.append(keys, "dim")
    for line, style in reversed(shown):
        text.append("\n")
        text.append(line, style)
    return text


class StakBotsScreen(GameScreen):
    """One game of Stak Bots; the session autosaves after every action."""

    KEYS_HELP = KEYS_HELP
    SCOPED_CSS = False  # the App.ascii rules below must reach the app's class
    DEFAULT_CSS = """
    #sb-title { height: 1; padding: 0 1; background: $boost; }
    #sb-body { height: 1fr; }
    #sb-left { width: 54; padding: 0 0 0 1; }
    #sb-stacks { height: 1fr; }
    .sb-stack { width: 1fr; height: 1fr; margin-right: 1; }
    #sb-hand { height: auto; max-height: 11;  /* HAND_MAX_HEIGHT */ border-top: solid $accent; }
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
        *[Binding(str(n), f"choose({n})", "Choose", show=n == 1, key_display="1-9")
          for n in range(1, 10)],
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
    PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
        "choose": ("prompt",),
        "confirm": ("prompt",),
        "number": ("turn",),
        "play": ("turn",),
        "discard": ("turn",),
        "recycle": ("turn",),
        "scrap": ("turn",),
        "attack": ("turn",),
        "end_turn": ("turn",),
        "show_result": ("over",),
        "new_game": ("over",),
    }

    FOOTER_MAIN = {
        "prompt": (("choose(1)", "1-9", "Choose"), ("confirm", "Enter", "OK"),
                   ("cancel", "Esc", "Cancel")),
        "turn": (("play", "p", "Play"), ("discard", "d", "Discard"), ("recycle", "c", "Recycle"),
                 ("scrap", "s", "Scrap"), ("attack", "a", "Attack"), ("end_turn", "e", "End")),
        "over": (("show_result", "Enter", "Result"), ("new_game", "n", "New game")),
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
        yield Static(id="sb-title")
        with Horizontal(id="sb-body"):
            with Vertical(id="sb-left"):
                with Horizontal(id="sb-stacks"):
                    for seat in range(self.session.match.num_players):
                        yield SizedText(id=f"sb-stack-{seat}", classes="sb-stack")
                yield Static(id="sb-hand")
                yield Static(id="sb-status")
            yield SizedText(id="sb-log")
        yield Footer()

    @property
    def state(self) -> StakState:
        state = self.session.match.state
        assert isinstance(state, StakState)
        return state

    def log_lines(self) -> list[tuple[str, str]]:
        return [(event, "bold" if event.startswith("Turn ") else "")
                for event in self.named(self.state.events)]

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

    def prompt_options(self) -> list[Move]:
        """The options of the current prompt: an effect's choice or the attack target. A
        choice of a card of your hand lists the hand in its order, card by card, so option
        N is hand card N; "let the attack happen" comes after them."""
        legal = self.legal()
        choice = self.state.choice
        if choice is not None:
            seat = self.my_seat()
            if choice.kind not in ("lose", "react") or seat is None:
                return legal
            effects = self.state.effects
            cards = [Move(choice.kind, effect=effects[c]) for c in self.state.hands[seat]]
            return [m for m in cards if m in legal] + [m for m in legal if m.kind != choice.kind]
        if self.targeting:
            return [m for m in legal if m.kind == "attack"]
        return []

    def default_option(self, options: list[Move]) -> int:
        """The option a prompt starts on: letting an attack happen, where that is one."""
        return options.index(TAKE) if TAKE in options else 0

    def prompt_hand_card(self, options: list[Move]) -> int | None:
        """The hand card (its index) a hand-card prompt has selected, else None."""
        choice = self.state.choice
        seat = self.my_seat()
        if choice is None or choice.kind not in ("lose", "react") or seat is None:
            return None
        hand = self.state.hands[seat]
        if self.option < len(hand) and options[self.option].kind == choice.kind:
            return self.option
        return None

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

    def ui_phase(self) -> str:
        """What the keys do now: ``turn`` (your turn, no prompt), ``prompt`` (answer an
        effect's choice or pick the stack to attack), ``wait`` (someone else is to move)
        or ``over`` (the game is over, its panel closed)."""
        if self.state.is_terminal():
            return "over"
        if not self.human_to_move():
            return "wait"
        return "prompt" if self.prompt_options() else "turn"

    def turn_moves(self) -> set[str]:
        """The kinds of move the turn's keys can make now (``play``, ``attack``, ...)."""
        return {move.kind for move in self.legal()}

    def applies(self, action: str, phase: str, moves: set[str] | None = None) -> bool | None:
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
            return self.ui_phase() in ("turn", "prompt")
        return super().offers(action)

    def turn_keys_now(self, phase: str) -> dict[str, bool | None]:
        """The turn's key actions and whether each applies now (see :meth:`applies`)."""
        moves = self.turn_moves() if phase == "turn" else set()
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

    def on_human_turn(self, seat: int) -> None:
        self.targeting = False
        self.hint_target = None
        self.option = self.default_option(self.prompt_options())

    def on_hint(self, action: Action, seat: int) -> None:
        """Say the move and the key that makes it, with the card or option selected."""
        assert isinstance(action, Move)
        move = describe(action, seat, self.state.cards).split(": ", 1)[-1]  # no "Player 1:"
        move = self.named([move])[0]
        options = self.prompt_options()
        self.hint_target = None
        if action in options:
            self.option = options.index(action)
            n = self.option + 1
            label = option_label(self.state, action, self.names(), self.you())
            forms = [f"{move} (option {n} is selected: Enter)", f"{move} (option {n}: Enter)",
                     f"option {n}, {label} (Enter)", f"option {n}, now selected (Enter)"]
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
        return [f"{move} (card {n} is picked: {does})", f"{move} (card {n} is picked: {key})",
                f"card {n} is picked: {does}"]

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

    def stack_labels(self) -> list[str]:
        """Every column's owner as it shows it: "P1 You", "P1 Ann (you)"."""
        names = self.names()
        viewer = self.viewer()
        return [name + (" (you)" if self.says_you(seat, viewer, names) else "")
                for seat, name in enumerate(names)]

    def action_view_stacks(self) -> None:
        """``v``: every stack's public cards with their whole texts, which narrow columns
        cut, in a scrollable window; the hand on screen too (nobody else's)."""
        text = stacks_text(self.state, self.stack_labels(), hand_seat=self.hand_seat())
        self.app.push_screen(PreviewScreen("Stacks: every face-up card, top first", text))

    # -- key actions ----------------------------------------------------------------
    def action_cursor(self, step: int) -> None:
        options = self.prompt_options()
        if options:
            self.option = (self.option + step) % len(options)
        else:
            seat = self.my_seat()
            hand = self.state.hands[seat] if seat is not None else []
            if hand:
                self.cursor = (self.cursor + step) % len(hand)
        self.refresh_all()

    def action_choose(self, n: int) -> None:
        self.action_number(n)

    def action_cancel(self) -> None:
        self.targeting = False
        self.message = "Attack cancelled."
        self.refresh_all()

    def action_not_now(self, key: str) -> None:
        """A game key pressed when it does nothing: say why."""
        phase = self.ui_phase()
        if phase == "over":
            self.message = ""  # the status line already says what to press
        elif phase == "wait":
            self.message = "Not your turn: wait for the others."
        elif phase == "prompt":
            self.message = "Answer the prompt first."
        else:
            self.message = self.why_not_key(KEY_ACTIONS[key])
        self.refresh_all()

    def why_not_key(self, action: str) -> str:
        """Why a key of the turn (its ``action``) does nothing now."""
        state = self.state
        kind = TURN_MOVES[action]
        if kind == "end":
            return f"You cannot end the turn yet: {self.end_block_reason()}."
        if kind == "recycle" and not state.recycling:
            return "Recycling is off in this game."
        if state.turn_actions >= TURN_ACTION_LIMIT:
            return (f"After {TURN_ACTION_LIMIT} actions in a turn: scrap your top card or "
                    "discard, then end the turn.")
        seat = self.my_seat()
        if kind in ("play", "discard", "recycle") and seat is not None and not state.hands[seat]:
            return "You have no card in hand."
        if kind == "attack":
            return "No attack possible: " + self.attack_reason()
        return "Not possible now."

    def action_number(self, n: int) -> None:
        options = self.prompt_options()
        if options:
            if n <= len(options):
                self.option = n - 1
                self._answer()
            return
        seat = self.my_seat()
        if seat is not None and n <= len(self.state.hands[seat]):
            self.cursor = n - 1
            self.refresh_all()

    def action_confirm(self) -> None:
        """Enter: the selected option, unless the effect's prompt has only just opened (a
        digit still answers at once: it names its option)."""
        if self.state.choice is not None and dialogs.clock() - self.prompt_at < PROMPT_SETTLE:
            self.message = "A new prompt: read it, then choose."
            self.refresh_all()
            return
        self._answer()

    def _answer(self) -> None:
        options = self.prompt_options()
        if options:
            self.send(options[min(self.option, len(options) - 1)])

    def _note_prompt(self) -> None:
        """When the effect prompt on screen opened (for :meth:`action_confirm`)."""
        choice = self.state.choice
        key = None if choice is None else (len(self.session.match.log), choice.kind)
        if key != self.prompt_key:
            self.prompt_key = key
            self.prompt_at = dialogs.clock()

    def _with_card(self, kind: str) -> None:
        if self.state.choice is not None or self.targeting:
            self.message = "Answer the prompt first."
            self.refresh_all()
            return
        effect = self.picked_card()
        if effect is None:
            self.message = "You have no card in hand."
            self.refresh_all()
            return
        self.send(Move(kind, effect=effect))

    def action_play(self) -> None:
        self._with_card("play")

    def action_discard(self) -> None:
        self._with_card("discard")

    def action_recycle(self) -> None:
        self._with_card("recycle")

    def action_scrap(self) -> None:
        if self.state.choice is None and not self.targeting:
            self.send(SCRAP)

    def action_attack(self) -> None:
        if self.state.choice is not None or self.my_seat() is None:
            return
        targets = [m for m in self.legal() if m.kind == "attack"]
        if not targets:
            self.message = "No attack possible: " + self.attack_reason()
        else:  # even one target is asked for: a stray "a" must not cost a card
            self.targeting = True
            self.option = targets.index(self.hint_target) if self.hint_target in targets else 0
            self.message = ""
        self.refresh_all()

    def attack_reason(self) -> str:
        state = self.state
        if state.attack_over:
            return "this turn's attacker was reset, returned or scrapped."
        if state.attacker >= 0:
            return f"only {state.name(state.attacker)} may attack this turn; it is not on top."
        return "nothing to attack."

    def action_end_turn(self) -> None:
        reason = self.end_block_reason()
        if reason is not None:
            self.message = f"You cannot end the turn yet: {reason}."
            self.refresh_all()
            return
        self.send(END)

    def action_escape(self) -> None:
        if self.targeting:
            self.action_cancel()
        else:
            self.action_leave()

    # -- drawing --------------------------------------------------------------------------
    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_all)

    def refresh_all(self) -> None:
        if not self.is_mounted:
            return
        self.update_footer()
        state = self.state
        names = self.names()
        whose = "game over" if state.is_terminal() else f"P{state.active + 1}'s turn"
        title = Text.assemble(
            ("Stak Bots  ", "bold"),
            f"turn {state.turn}: {whose}  ",
            f"draw pile {len(state.draw)}  scrapheap {len(state.heap)}  ",
            ("" if state.cards.name == "robotui default" else f"set: {state.cards.name}", "dim"),
        )
        self.query_one("#sb-title", Static).update(title)
        self._note_prompt()
        options = self.prompt_options()
        selected = options[min(self.option, len(options) - 1)] if options else None
        marks = marks_for(selected, options)
        for seat, label in enumerate(self.stack_labels()):
            self.query_one(f"#sb-stack-{seat}", SizedText).show(
                self._column_drawer(seat, label, marks.get(seat, {}))
            )
        self._draw_hand()
        self._draw_status(names, options)
        self._draw_log()

    def says_you(self, seat: int, viewer: int, names: list[str]) -> bool:
        """Whether ``seat``'s column adds " (you)" to the owner: the one human's, unless
        the name already says so ("P1 You")."""
        return (
            seat == viewer
            and self.session.is_human(seat)
            and not self.session.hot_seat
            and names[seat].split()[-1].lower() != "you"
        )

    def _column_drawer(
        self, seat: int, label: str, marks: dict[int, str]
    ) -> Callable[[int, int], Text]:
        fallback = max((STACK_WIDTH // self.state.num_players) - 1, 10)

        def draw(width: int, height: int) -> Text:
            widths = self.column_widths(fallback)
            widths[seat] = width or fallback
            return stack_column(
                self.state, seat, width or fallback, label, self.glyphs, marks, height, widths
            )

        return draw

    def column_widths(self, fallback: int) -> list[int]:
        """Every stack column's width, by seat (``fallback`` until laid out), so that all
        the columns tell their counts in one form."""
        return [
            self.query_one(f"#sb-stack-{seat}", SizedText).content_size.width or fallback
            for seat in range(self.state.num_players)
        ]

    def hand_seat(self) -> int | None:
        """The seat whose hand is on screen, None while hands are hidden."""
        seat = self.shown_seat
        if seat is None or not self.session.is_human(seat):
            seat = self.viewer()
        hidden = self.session.hot_seat and self.shown_seat is None
        return None if not self.session.is_human(seat) or hidden else seat

    def _draw_hand(self) -> None:
        widget = self.query_one("#sb-hand", Static)
        seat = self.hand_seat()
        if seat is None:
            counts = ", ".join(
                f"{name}: {len(hand)}"
                for name, hand, out in zip(
                    self.names(), self.state.hands, self.state.out, strict=True
                )
                if not out
            )
            widget.update(Text(f"Hands are hidden. Cards in hand - {counts}", style="dim"))
            return
        options = self.prompt_options()
        picked = self.prompt_hand_card(options)  # the card a hand-card prompt would take
        if picked is None:
            cursor, active = self.cursor, self.human_to_move() and not options
        else:
            cursor, active = picked, True
        text = Text()
        text.append(self.hand_heading(seat) + "\n", "dim")
        text.append(
            hand_lines(
                self.state,
                seat,
                cursor,
                STACK_WIDTH - 1,  # a space before the panel's border, as the stacks have
                active,
                max_lines=HAND_MAX_HEIGHT - 2,
                ellipsis=self.glyphs.ellipsis,
            )
        )
        text.rstrip()  # no empty last line taking a row from the stacks
        widget.update(text)

    def hand_heading(self, seat: int) -> str:
        """``Your hand, P1 You (P2 holds 2 cards, P3 1, P4 3):``, shorter when narrow;
        players who are out are left out."""
        state = self.state
        counts = [(s, len(state.hands[s])) for s in range(state.num_players)
                  if s != seat and not state.out[s]]
        held = ", ".join(
            f"P{s + 1} holds {n} card{'' if n == 1 else 's'}" if i == 0 else f"P{s + 1} {n}"
            for i, (s, n) in enumerate(counts)
        )
        name = self.names()[seat]
        if not held:  # the game is over: nobody else is left
            return fit(f"Your hand, {name}:", STACK_WIDTH, self.glyphs.ellipsis)
        for heading in (f"Your hand, {name} ({held}):", f"Your hand ({held}):"):
            if cell_len(heading) <= STACK_WIDTH:
                return heading
        return fit(f"Your hand ({held})", STACK_WIDTH, self.glyphs.ellipsis)

    def _draw_status(self, names: list[str], options: list[Move]) -> None:
        """Three lines: what is going on (a prompt's title and options, the keys of your
        turn, who is thinking, the result), then the message, if any, on the lines left:
        your turn's keys give up their extras and the note on ending the turn for it. The
        message always shows whole, on the last lines (a hint ends with its key): should
        what is going on need more lines than it was given, it loses its last ones."""
        state = self.state
        widget = self.query_one("#sb-status", Static)
        width = self.status_width()
        ell = self.glyphs.ellipsis
        rows: list[Text] = []
        thinking = self.thinking_text()
        if state.is_terminal():
            result = state.result()
            assert result is not None
            reason = self.named([result.reason])[0]
            rows += [Text(line, "bold")
                     for line in clip_wrap(reason, width, 1 if self.message else 2, ell)]
            rows.append(Text("Game over: Enter the result, n new game, q leave.", "dim"))
        elif thinking is not None:
            rows.append(Text(fit(thinking, width, ell), "yellow"))
        elif options:
            title = choice_title(state, names) if state.choice else "Attack which stack?"
            rows.append(Text(fit(title, width, ell), "bold green"))
            rows += self._options_lines(options, names, 1 if self.message else 2).split("\n")
        elif self.human_to_move():
            keys = len(self.turn_keys(width, 0).splitlines())  # the keys alone
            room = STATUS_LINES - len(self.message_lines(width, STATUS_LINES - keys))
            rows += [Text(line, "green") for line in self.turn_keys(width, room).splitlines()]
        else:
            rows.append(Text(f"{names[state.to_move()[0]]} to move."))
        if self.message:
            message = self.message_lines(width, max(STATUS_LINES - len(rows), 1))
            rows = rows[: STATUS_LINES - len(message)] + [Text(m, "bold") for m in message]
        widget.update(Text("\n").join(rows))

    def message_lines(self, width: int, room: int) -> list[str]:
        """The message in at most ``room`` lines: a hint in as few lines as one of its
        forms fits whole (the longest of those), else cut with an ellipsis. A hint's
        closing parenthesis, with its key, is never broken: "(card 1 is picked: p plays
        it)." goes to the next line whole, leaving no lone "it)."."""
        if not self.message:
            return []
        forms = self.hint_forms if self.hint_forms[:1] == [self.message] else [self.message]
        for count in range(1, room + 1):
            for form in forms:
                lines = hint_wrap(form, width)
                if len(lines) == count:
                    return lines
        return clip_wrap(forms[-1], width, max(room, 1), self.glyphs.ellipsis)

    def status_width(self) -> int:
        """The columns of the status lines (the stacks' width until laid out)."""
        width = self.query_one("#sb-status", Static).content_region.width
        return width if width >= 20 else STACK_WIDTH

    def turn_keys(self, width: int, room: int = STATUS_LINES) -> str:
        """The keys of your turn that do something now (as the footer: no ``p play`` with
        an empty hand, no ``e end`` before a card is scrapped), on one line or two, and why
        the turn cannot end yet, in ``room`` lines if they can (0: the keys alone). Hint,
        undo and save are named here when the footer has no room for them (see
        GameScreen.footer_left_out) and this has."""
        now = self.turn_keys_now("turn")
        keys = [f"{key} {'end' if action == 'end_turn' else action}"
                for key, action in KEY_ACTIONS.items() if now[action] is True]
        extra = [f"{key} {text.lower()}" for _, key, text in self.footer_left_out()]
        most = max(min(room, 2), 1)
        for count in range(len(extra) if room else 0, -1, -1):  # drop extras, not keys
            # a key stays with its word when the line breaks
            lines = wrap_groups(["Your", "turn:", *keys, *extra[:count]], width, balance=True)
            if len(lines) <= most:
                break
        if room and self.end_block_reason() is not None:
            note = " (e waits: nothing scrapped yet)"
            if len(lines) > 1 and len(lines[-1] + note) <= width:
                lines[-1] += note
            elif len(lines) < room:
                lines.append("End turn (e) waits: nothing scrapped yet.")
        return "\n".join(lines)

    def _options_lines(self, options: list[Move], names: list[str], lines: int) -> Text:
        """The prompt's options on ``lines`` lines, broken between whole options and
        scrolled to keep the selected one in view, so the message line below is never
        pushed out of the status area."""
        ell = self.glyphs.ellipsis
        width = self.status_width()
        you = self.you()
        labels = [fit(f"{i + 1} {option_label(self.state, o, names, you)}", width - 8, ell)
                  for i, o in enumerate(options)]
        at = min(self.option, len(options) - 1)
        first, end = option_window(labels, at, width, ell, lines)
        text = Text(ell + " " if first > 0 else "")
        for row, indices in enumerate(option_rows(labels, first, end, width, ell)):
            if row:
                text.append("\n")
            for n, i in enumerate(indices):
                text.append("  " if n else "")
                text.append(labels[i], "reverse bold" if i == at else "")
        if end < len(labels):
            text.append(" " + ell)
        return text

    def _draw_log(self) -> None:
        self.query_one("#sb-log", SizedText).show(
            lambda width, height: log_text(self.named(self.state.events), width, height)
        )


def seat_names(session: GameSession) -> list[str]:
    """Display names: "Player 2" as it is, else "P1 You", "P2 Computer"."""
    return [
        entry.name if entry.name.startswith("Player") else f"P{seat + 1} {entry.name}"
        for seat, entry in enumerate(session.players)
    ]


def you_seat(session: GameSession) -> int | None:
    """The one human's seat, whom the log calls "you"; None in hot-seat games (the log
    keeps the names) and between computers."""
    humans = session.humans
    return humans[0] if len(humans) == 1 else None


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
            text.append(
                f"Shared win: {and_list([names[s] for s in winners])}.\n\n", "bold yellow"
            )
        text.append("Cards left in each stack:\n")
        for seat, size in enumerate(self.result.scores):
            text.append(f"  {ljust_cells(names[seat], 16)} {size}\n")
        text.append("\n" + named_events([self.result.reason], names, you)[0] + "\n\n")
        return text
