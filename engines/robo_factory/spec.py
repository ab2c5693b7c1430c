"""The Robo Factory game description: options, set-up, action text and rules help."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from engines.core import (
    Action,
    GameResult,
    GameSpec,
    GameState,
    IllegalAction,
    OptionSpec,
    ResignRule,
)
from engines.robo_factory.cards import letters, parse_letters
from engines.robo_factory.state import (
    EXTRA,
    MAX_EXTRA_ROUNDS,
    SHARE,
    Build,
    Buy,
    Event,
    RoboFactoryState,
    seat_name,
)

RULES = f"""\
ROBO FACTORY  (a deduction game for 2 to 6 players)

There are 64 robot cards. Each robot has a head, a torso and legs,
every part red, green, blue or yellow, and every combination appears
exactly once.

THE CUSTOMER TURN
The players take turns as the customer; everybody else is a
manufacturer. The computer does the customer's work, also when you
are the customer:
  1. It shuffles all 64 cards and draws the secret ORDER card.
  2. It lays out 3 OPEN cards, each with a match tile: how many of
     its parts have the same colour as the same part of the order.
  3. It deals 3 PRIVATE cards to each manufacturer. Every card is
     unique, so the order is none of the cards you can see.

BUYING INFORMATION (optional, once per customer turn)
A manufacturer may hand one private card to the customer and pay the
customer 1 cube. In return it learns, in secret, that card's match
count.

BUILDING
Each manufacturer picks a colour for head, torso and legs. With its
build it may shout EUREKA, once per game: a die is rolled at the
check; if the build is right the manufacturer gains that many cubes,
if wrong it pays that many to the supply (never going below 0).

CHECKING
All builds are revealed. Everyone who built the order gets 4 cubes
and the customer turn ends. If nobody was right, each manufacturer
secretly learns how many parts of its build match the order and
builds once more (Eureka is allowed if still unused): right gets 2
cubes, wrong pays the customer 1 cube (nothing if it has none). The
order is then shown and the next player becomes the customer.

END OF THE GAME
With 2 players each is customer 3 times, with 3 to 6 players twice.
Everyone starts with 4 cubes; the most cubes wins.

OPTIONS
  tie-break  share (default): players tied for the most cubes share
             the win.
             extra: while the lead is tied, another round is played
             (everyone is customer once more), at most {MAX_EXTRA_ROUNDS} extra
             rounds; a tie after that is shared.

DEDUCTION TIPS
A tile of 0 rules out three colours at once; a tile of 3 is never
shown, since that card would be the order. Cross out part colours in
the notepad, and open the "possible robots" help panel (off at first)
to see every order still consistent with what you know.
"""


class RoboFactorySpec(GameSpec):
    id = "robo-factory"
    name = "Robo Factory"
    blurb = "Deduce the customer's secret robot and build it first."
    min_players = 2
    max_players = 6
    # The rules give a seat no way out (every seat takes its turns as the customer): a
    # computer plays a seat that leaves, to the end.
    resign_rule = ResignRule.COMPUTER_PLAYS
    table_timer = False
    score_unit = ("cube", "cubes")
    program_drafts = None
    preview_drawing = ""
    replay_step = ("turn", "turns")
    options = (
        OptionSpec(
            "tiebreak",
            SHARE,
            (SHARE, EXTRA),
            "what happens when players tie for the most cubes",
            label="Tie-break",
            choice_labels=("Share the win", "Extra rounds"),
            kind="text",
        ),
    )

    def new_game(self, num_players: int, options: Mapping[str, Any], seed: int) -> RoboFactoryState:
        self.check_players(num_players)
        opts = self.normalize_options(options)
        state = RoboFactoryState(num_players, seed, opts["tiebreak"])
        state.start()
        return state

    def encode_action(self, action: Action) -> str:
        if isinstance(action, Buy):
            return "pass" if action.card is None else f"buy {letters(action.card)}"
        if isinstance(action, Build):
            return f"build {letters(action.code)}" + (" eureka" if action.eureka else "")
        raise IllegalAction(f"{action!r} is not a Robo Factory action")

    def decode_action(self, text: str) -> Buy | Build:
        words = str(text).split(" ")
        try:
            if words == ["pass"]:
                return Buy(None)
            if len(words) == 2 and words[0] == "buy" and words[1].isupper():
                return Buy(parse_letters(words[1]))
            if words[0] == "build" and len(words) in (2, 3) and words[1].isupper():
                if len(words) == 3 and words[2] != "eureka":
                    raise ValueError(f"{words[2]!r} should be 'eureka'")
                return Build(parse_letters(words[1]), len(words) == 3)
        except ValueError as exc:
            raise IllegalAction(f"{text!r} is not a Robo Factory action: {exc}") from None
        raise IllegalAction(
            f"{text!r} is not a Robo Factory action like 'pass', 'buy RGB', 'build RGB' or "
            "'build RGB eureka'"
        )

    def replay_mark(self, state: GameState) -> Hashable:
        assert isinstance(state, RoboFactoryState)
        return state.turn  # a customer turn

    def describe_action(self, action: Action, seat: int) -> str:
        who = seat_name(seat)
        if isinstance(action, Buy):
            if action.card is None:
                return f"{who} buys no information"
            return f"{who} buys information with the {letters(action.card)} card"
        assert isinstance(action, Build)
        eureka = " and shouts Eureka" if action.eureka else ""
        return f"{who} builds {letters(action.code)}{eureka}"

    def seat_names(self, num_players: int) -> list[str]:
        return [seat_name(s) for s in range(num_players)]

    def result_headline(self, result: GameResult, names: Sequence[str]) -> str:
        """``Computer 3 (easy) won with 17 cubes``, ``Anna and Bob drew at 12 cubes``
        (a shared win: ``shared the win at 12 cubes``)."""
        if not result.winners or not result.scores:
            return self.headline(result, names)
        cubes = result.scores[result.winners[0]]
        unit = f"{cubes} cube{'s' if cubes != 1 else ''}"
        return self.headline(
            result, names, f" with {unit}" if len(result.winners) == 1 else f" at {unit}"
        )

    def rules_text(self) -> str:
        return RULES

    def player_levels(self) -> Mapping[str, type]:
        from engines.robo_factory.players import LEVELS

        return LEVELS


def describe_event(event: Event, names: list[str], you: int | None = None) -> str:
    """A log line for a public event, with the players' display names; seat ``you``'s
    verbs said to it ("You are the customer")."""
    who = names[event.seat] if 0 <= event.seat < len(names) else ""
    mine = you is not None and event.seat == you
    if event.kind == "deal":
        return f"Turn {event.turn + 1}: {who} {'are' if mine else 'is'} the customer; cards dealt."
    if event.kind == "buy":
        return f"{who} paid 1 cube for information."
    if event.kind == "poor":
        return f"{who} {'have' if mine else 'has'} no cube to buy information."
    if event.kind == "check":
        text = f"{who} built {letters(event.code)}"
        text += " (2nd try)" if event.attempt == 2 else ""
        text += ": right" if event.right else ": wrong"
        if event.die:
            text += f", Eureka {event.die}"
        if event.gain:
            text += f", {event.gain:+d}"
        return text + "."
    if event.kind == "order":
        return f"The order was {letters(event.code)}."
    if event.kind == "extra":
        return "Tied for the lead: an extra round."
    if event.kind == "end":
        return "Game over."
    return event.kind


ROBO_FACTORY = RoboFactorySpec()
