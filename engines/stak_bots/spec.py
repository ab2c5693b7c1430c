"""The Stak Bots game description: options, set-up, action text and rules help."""

from __future__ import annotations

import textwrap
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from engines.core import (
    Action,
    GameResult,
    GameSpec,
    GameState,
    IllegalAction,
    OptionError,
    OptionSpec,
    Resign,
    ResignRule,
)
from engines.stak_bots.cards import (
    EFFECT_TEXT,
    INLINE_PREFIX,
    CardSet,
    default_card_set,
    default_card_text,
    normalize_cards,
    parse_card_set,
    resolve_cards,
)
from engines.stak_bots.moves import Move, decode, encode
from engines.stak_bots.state import (
    MAX_TURNS,
    TURN_ACTION_LIMIT,
    StakState,
    depth_name,
    seat_name,
)
from engines.stak_bots.told import Told, who

DEPTHS = tuple(range(3, 13))
OFF_ON = ("off", "on")

RULES_WIDTH = 70  # the rules dialog shows 70 columns at 80x24 without wrapping them again
RULES = """\
STAK BOTS  (a card game by Tom Norfolk, DogEared Games; 2-4 players)

GOAL
Scrap every bot in your opponents' stacks. A player whose stack is
empty is out, even with cards in hand. The last player with a stack
wins.

SET-UP
Each player gets a face-down stack (9 cards; see the depth option)
and turns its top card up - its entry effect does not happen then
(see the set-up option). Everyone takes 2 cards in hand; the rest
form the draw pile. Scrapped and discarded cards go face up on the
scrapheap. Player 1 starts, then play passes on in seat order.

YOUR TURN
Draw a card. Then, in any order and as often as you like:
  - play a card from your hand on top of your stack (its entry
    effect happens at once);
  - scrap the top card of your stack, or discard a card from your
    hand;
  - attack another stack with your top card.
You cannot end the turn before at least one card (anyone's) has
reached the scrapheap this turn.

ATTACKS
Your top card and the defending top card damage each other at the
same time, each by its own power. A card whose damage reaches its
power is scrapped. Damage adds up over the turn but never lowers
power, and every card heals at the end of the turn. Only one card may
attack in a turn; it may attack again and again (the same or another
stack). If it is reset, returned to a hand or scrapped, you cannot
attack again this turn. If something buries it, scrap the cards above
it to attack with it again.

TOP CARDS AND ENTRY EFFECTS
The top card of a stack is always face up. When a face-down card
becomes the top card it turns up and its entry effect happens - on
anyone's turn, helpful or not. Entry effects also happen when a card
is played from hand. When several happen at once, the active player's
come first, then the others' in seat order. An effect triggered while
others wait goes first (newest first). An effect whose card is no
longer the top card when its turn comes does nothing, nor does one
whose card was reset meanwhile (turned up again, it triggers anew,
once). A player whose
stack empties during a chain is out once the whole chain has
finished.

THE BOTS
{bots}

OPTIONS
  stack depth     - cards in each stack at the start (default 9).
  setup effects   - the top cards' entry effects happen when the first
                    turn starts, before its draw, Player 1's first.
  reactive play   - when attacked, you may play a card from your hand
                    onto your stack first: that cancels the attack,
                    and an attacker that has not attacked yet may pick
                    another card.
  recycling       - scrap your top card and discard a hand card at
                    once, then draw; your new top card turns up.
  cards           - the card set: "default" or a file (--cards).

ROBOTUI'S OWN VALUES AND RULINGS
The published game does not list each bot's power, rank and number
of copies. The default card set uses robotui's own values, checked by
computer self-play for a fair start.
{set_line}
To play your own set, copy the default file
(engines/stak_bots/cards.toml; its header explains the format) and
start with: robotui play stak-bots --cards FILE.
An Expel Bot's "choose a player" (the rule sheet says a player, not
an opponent) offers every player still in the game, yourself too,
and one with no cards in hand: then nothing happens.
To keep games finite: a Tranq Bot cannot reset a Tranq Bot; after
{turn_limit} actions in one turn you may only put one card on the scrapheap
(your top card or a card from your hand), then end the turn;
a game still going after {max_turns} turns is won by the longest stack.
A choice with only one possible answer is made automatically.
"""


class StakBotsSpec(GameSpec):
    id = "stak-bots"
    name = "Stak Bots"
    blurb = "Stack bots, chain entry effects, scrap rival stacks."
    min_players = 2
    max_players = 4
    resign_rule = ResignRule.SEAT_OUT
    table_timer = True
    score_unit = None
    program_drafts = None
    preview_drawing = ""
    replay_step = ("turn", "turns")
    options = (
        OptionSpec("depth", 9, DEPTHS, "cards in each stack at the start", label="Stack depth"),
        OptionSpec(
            "setup_effects",
            "off",
            OFF_ON,
            "top cards' entry effects at set-up",
            label="Setup effects",
            choice_labels=("Off", "On"),
        ),
        OptionSpec(
            "reactive",
            "off",
            OFF_ON,
            "block an attack by playing a card",
            label="Reactive play",
            choice_labels=("Off", "On"),
        ),
        OptionSpec(
            "recycling",
            "off",
            OFF_ON,
            "scrap top + discard together to draw",
            label="Recycling",
            choice_labels=("Off", "On"),
        ),
        OptionSpec(
            "cards",
            "default",
            None,
            "card set: default or a card-set TOML file",
            label="Cards",
            kind="text",
        ),
    )

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        out = super().normalize_options(options)
        out["cards"] = normalize_cards(out["cards"].strip() or "default")
        return out

    def resources(self, options: Mapping[str, Any]) -> dict[str, str]:
        """The default card set's text (a set of the player's own travels inline in the
        ``cards`` option already), so a save outlives a change of the bundled set."""
        if options.get("cards", "default") != "default":
            return {}
        return {"cards": default_card_text()}

    def with_resources(
        self, options: Mapping[str, Any], resources: Mapping[str, str]
    ) -> dict[str, Any]:
        value = options.get("cards", "default")
        if (
            isinstance(value, str)
            and value.strip() not in ("", "default")
            and (not value.startswith(INLINE_PREFIX))
        ):
            # a save keeps its card set inline: loading one never reads a file it names
            # (a hand-edited save, or a table's save on a host, must not open a path)
            raise OptionError("option cards names a file; a save keeps its card set inline")
        text = resources.get("cards")
        if text is None or value != "default":
            return dict(options)
        saved = parse_card_set(text, "the saved copy of the default cards")
        if saved == default_card_set():
            return dict(options)
        return {**options, "cards": saved.inline()}  # the set the game was played with

    def card_set(self, options: Mapping[str, Any]) -> CardSet:
        return resolve_cards(options.get("cards", "default"))

    def new_game(self, num_players: int, options: Mapping[str, Any], seed: int) -> StakState:
        self.check_players(num_players)
        opts = self.normalize_options(options)
        cards = self.card_set(opts)
        depth = opts["depth"]
        if (depth + 2) * num_players >= cards.size:
            raise OptionError(
                f"{num_players} stacks of {depth} do not fit a deck of {cards.size} cards"
            )
        state = StakState(cards, num_players, opts, seed)
        state.deal(depth, opts["setup_effects"] == "on")
        return state

    # -- actions ----------------------------------------------------------------------
    # Action text names bots by effect, which is the same in every card set.
    def encode_action(self, action: Action) -> str:
        if resign := self.encode_resign(action):
            return resign
        if not isinstance(action, Move):
            raise IllegalAction(f"{action!r} is not a Stak Bots action")
        return encode(action)

    def decode_action(self, text: str) -> Move | Resign:
        return self.decode_resign(text) or decode(text)

    def replay_mark(self, state: GameState) -> Hashable:
        assert isinstance(state, StakState)
        return state.turn

    def describe_action(self, action: Action, seat: int) -> str:
        if isinstance(action, Resign):
            return f"{seat_name(seat)}: resign"
        assert isinstance(action, Move)
        return describe(action, seat, None)

    def result_headline(self, result: GameResult, names: Sequence[str]) -> str:
        """``Anna won with 5 cards in her stack``... in the game's words: ``Anna won: last
        stack standing (5 cards)``, ``Anna won: longest stack after 400 turns (7 cards)``,
        ``Anna and Bob shared the win: last cards lost at once``, ``Bob won: Anna
        resigned`` (the last rival left by resigning)."""
        winners = result.winners
        if not winners:
            return self.headline(result, names)
        scores = result.scores
        if result.details.get("max_turns"):
            size = scores[winners[0]] if scores else 0
            return self.headline(
                result, names, f": longest stack after {MAX_TURNS} turns ({_cards(size)})"
            )
        if len(winners) > 1:
            return self.headline(result, names, ": last cards lost at once")
        if result.details.get("by_resign") and result.resigned:
            last = result.resigned[-1]  # the last rival resigned: that is why
            return self.headline(result, names, f": {names[last]} resigned")
        size = scores[winners[0]] if scores else 0
        return self.headline(result, names, f": last stack standing ({_cards(size)})")

    def seat_names(self, num_players: int) -> list[str]:
        return [seat_name(s) for s in range(num_players)]

    def rules_text(self) -> str:
        return rules_text(resolve_cards("default"))

    def player_levels(self) -> Mapping[str, type]:
        from engines.stak_bots.players import LEVELS

        return LEVELS


def describe(move: Move, seat: int, cards: CardSet | None) -> str:
    """A short sentence said to the mover: ``Player 1: play Shot Bot``, ``Player 1: scrap
    Pit Bot from your hand``, ``Player 1: choose Player 2's top card``."""
    return f"{seat_name(seat)}: {describe_move(move, seat, cards)}"


def describe_move(move: Move, seat: int, cards: CardSet | None) -> Told:
    """The move said to its mover ``seat``, the other players kept apart (see
    :class:`Told`): ``play Shot Bot``, ``choose Player 2's top card``."""
    bots = (cards or resolve_cards("default")).bots
    kind = move.kind
    if kind in ("play", "discard", "recycle", "lose", "react"):
        name = next((b.name for b in bots if b.effect == move.effect), move.effect)
        if kind == "lose":
            return Told(f"scrap {name} from your hand")
        verb = "block with" if kind == "react" else kind
        return Told(f"{verb} {name}")
    own = move.seat == seat
    whose = "your" if own else who(move.seat, possessive=True)
    if kind == "attack":
        return Told("attack ", who(move.seat))
    if kind == "target":
        return Told("choose ", whose, " top card")
    if kind == "expel":
        return Told("choose ", "yourself" if own else who(move.seat), " to scrap a hand card")
    if kind == "reset":
        return Told(f"reset the {depth_name(move.depth)} of ", whose, " stack")
    return Told(
        {
            "scrap": "scrap your top card",
            "end": "end the turn",
            "take": "let the attack happen",
        }[kind]
    )


def _cards(n: int) -> str:
    return f"{n} card" + ("s" if n != 1 else "")


def rules_text(cards: CardSet) -> str:
    """The rules with the bots of ``cards``, every line at most :data:`RULES_WIDTH`
    columns, a bot's text indented under its name."""
    lines = []
    for b in cards.bots:
        head = f"{b.name} (rank {b.rank}, power {b.power_text}, {b.copies}x)"
        lines.extend(_wrap(head, "  ", "    "))
        lines.extend(_wrap(b.text, "      ", "      "))
    assert len(EFFECT_TEXT) == 16
    return RULES.format(
        bots="\n".join(lines),
        set_line="\n".join(_wrap(f'This game uses the set "{cards.name}".', "", "")),
        turn_limit=TURN_ACTION_LIMIT,
        max_turns=MAX_TURNS,
    )


def _wrap(text: str, first: str, rest: str) -> list[str]:
    """``text`` wrapped to the rules' width with these indents; long words are cut."""
    return textwrap.wrap(
        text, RULES_WIDTH, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False
    )


STAK_BOTS = StakBotsSpec()
