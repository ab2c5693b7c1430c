"""Robo Factory positions, actions and per-seat views.

One *customer turn*: the engine (playing the customer) shuffles, draws the secret
order, lays out three open cards with their match tiles and deals three private cards
to each manufacturer. Then, one seat at a time from the customer's left:

* ``buy`` phase: each manufacturer with a cube may :class:`Buy` information (hand one
  private card to the customer, pay the customer 1 cube, learn that card's match count)
  or pass (``Buy(None)``). Seats without cubes are skipped.
* ``build`` phase: each manufacturer :class:`Build` s a robot, maybe declaring Eureka.
  When all have built the builds are checked: right ones get 4 and the turn ends.
* ``rebuild`` phase (only if nobody was right): each manufacturer has privately learnt
  its build's match count and builds once more: right +2, wrong pays the customer 1.

Eureka (once per game): a die decides the amount, gained from the supply if right,
paid to the supply if wrong (never below 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core import GameResult, GameState, IllegalAction
from engines.robo_factory.cards import CODES, MATCH, letters
from engines.robo_factory.rules import (
    BOX_CUBES,
    BUILD,
    BUY,
    EXTRA,
    HAND,
    MAX_EXTRA_ROUNDS,
    OPEN,
    OVER,
    REBUILD,
    RIGHT_FIRST,
    RIGHT_SECOND,
    SHARE,
    START_CUBES,
    WRONG_SECOND,
    Build,
    Buy,
    Event,
    Phase,
    base_turns,
    build_text,
    card_text,
    deal_random,
    eureka_die,
    legal_builds,
    seat_name,
)
from engines.robo_factory.view import RoboFactoryView

__all__ = [
    "BOX_CUBES",
    "BUILD",
    "BUY",
    "EXTRA",
    "MAX_EXTRA_ROUNDS",
    "OVER",
    "REBUILD",
    "SHARE",
    "START_CUBES",
    "Build",
    "Buy",
    "Event",
    "RoboFactoryState",
    "RoboFactoryView",
    "base_turns",
    "deal_random",
    "eureka_die",
    "legal_builds",
    "seat_name",
]


class RoboFactoryState(GameState):
    """The whole truth: cubes, the deal of the current customer turn, builds and the log."""

    game_id = "robo-factory"

    def __init__(self, num_players: int, seed: int, tiebreak: str) -> None:
        self.num_players = num_players
        self.seed = seed
        self.tiebreak = tiebreak
        self.cubes = [START_CUBES] * num_players
        self.supply = BOX_CUBES - START_CUBES * num_players
        self.eureka_used = [False] * num_players
        self.turn = -1
        self.total_turns = base_turns(num_players)
        self.extra_rounds = 0
        self.phase: Phase = BUY
        self.actor = 0  # index into manufacturers() of the seat to act
        self.moves = 0
        self.order = -1
        self.open_cards: list[int] = []
        self.open_tiles: list[int] = []
        self.deck: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.given: list[int] = []
        self.bought: list[tuple[int, int] | None] = [None] * num_players
        self.builds: list[Build | None] = [None] * num_players
        self.rebuilds: list[Build | None] = [None] * num_players
        self.tiles: list[int | None] = [None] * num_players  # private count of the first build
        self.events: list[Event] = []

    # -- set-up and flow ---------------------------------------------------------
    @property
    def customer(self) -> int:
        return self.turn % self.num_players

    def manufacturers(self) -> list[int]:
        """Manufacturer seats in playing order, from the customer's left."""
        n = self.num_players
        return [(self.customer + i) % n for i in range(1, n)]

    def start(self) -> None:
        self._deal(0)
        self._skip_poor()

    def _shuffled(self, turn: int) -> list[int]:
        """The deck of customer turn ``turn``: the order, the open cards, then each
        manufacturer's hand in playing order, then the rest."""
        deck = list(CODES)
        deal_random(self.seed, turn).shuffle(deck)
        return deck

    def dealt_hand(self, seat: int) -> list[int]:
        """``seat``'s private cards of this customer turn in the order dealt, a card it
        handed to the customer included (so a screen can show that card where it was)."""
        makers = self.manufacturers()
        if seat not in makers or self.phase == OVER:
            return []
        pos = 1 + OPEN + HAND * makers.index(seat)
        return self._shuffled(self.turn)[pos : pos + HAND]

    def open_layout(self, turn: int) -> list[tuple[int, int]]:
        """The open cards of customer turn ``turn`` (this one or one before) with their match
        tiles, as laid out: public, for telling a turn once it is over."""
        if not 0 <= turn <= self.turn:
            raise ValueError(f"customer turn {turn} has not been dealt")
        deck = self._shuffled(turn)
        return [(card, MATCH[deck[0]][card]) for card in deck[1 : 1 + OPEN]]

    def _deal(self, turn: int) -> None:
        self.turn = turn
        deck = self._shuffled(turn)
        self.order = deck[0]
        self.open_cards = deck[1 : 1 + OPEN]
        self.open_tiles = [MATCH[self.order][c] for c in self.open_cards]
        pos = 1 + OPEN
        self.hands = [[] for _ in range(self.num_players)]
        for seat in self.manufacturers():
            self.hands[seat] = deck[pos : pos + HAND]
            pos += HAND
        self.deck = deck[pos:]
        self.given = []
        n = self.num_players
        self.bought = [None] * n
        self.builds = [None] * n
        self.rebuilds = [None] * n
        self.tiles = [None] * n
        self.phase = BUY
        self.actor = 0
        self.events.append(Event(turn, "deal", self.customer))

    def _skip_poor(self) -> None:
        makers = self.manufacturers()
        while self.phase == BUY and self.actor < len(makers) and self.cubes[makers[self.actor]] < 1:
            self.events.append(Event(self.turn, "poor", makers[self.actor]))
            self.actor += 1
        if self.phase == BUY and self.actor >= len(makers):
            self.phase = BUILD
            self.actor = 0

    def _next(self) -> None:
        """Move on after an action: next seat, the check, the next turn or the end."""
        makers = self.manufacturers()
        self.actor += 1
        if self.actor < len(makers):
            self._skip_poor()
            return
        self.actor = 0
        if self.phase == BUY:
            self.phase = BUILD
        elif self.phase == BUILD:
            if not self._check(self.builds, 1):
                self.phase = REBUILD
                for seat in makers:
                    build = self.builds[seat]
                    assert build is not None
                    self.tiles[seat] = MATCH[self.order][build.code]
            else:
                self._end_turn()
        else:
            self._check(self.rebuilds, 2)
            self._end_turn()

    def _check(self, builds: list[Build | None], attempt: int) -> bool:
        """Pay out one try; True if somebody built the order."""
        customer = self.customer
        anyone = any(b is not None and b.code == self.order for b in builds)
        for seat in self.manufacturers():
            build = builds[seat]
            assert build is not None
            right = build.code == self.order
            before = self.cubes[seat]
            paid = 0
            die = 0
            if right:
                self._from_supply(seat, RIGHT_FIRST if attempt == 1 else RIGHT_SECOND)
            elif attempt == 2:
                paid = min(WRONG_SECOND, self.cubes[seat])
                self.cubes[seat] -= paid
                self.cubes[customer] += paid
            if build.eureka:
                self.eureka_used[seat] = True
                die = eureka_die(self.seed, self.turn, seat, attempt)
                if right:
                    self._from_supply(seat, die)
                else:
                    loss = min(die, self.cubes[seat])
                    self.cubes[seat] -= loss
                    self.supply += loss
            self.events.append(
                Event(
                    self.turn,
                    "check",
                    seat,
                    build.code,
                    attempt,
                    right,
                    die,
                    self.cubes[seat] - before,
                    paid,
                )
            )
        return anyone

    def _from_supply(self, seat: int, amount: int) -> None:
        # The rules treat the supply as unlimited; past the box's cubes it would go negative.
        self.cubes[seat] += amount
        self.supply -= amount

    def _end_turn(self) -> None:
        self.events.append(Event(self.turn, "order", self.customer, self.order))
        # Every card goes back to the deck for the next shuffle.
        nxt = self.turn + 1
        if nxt >= self.total_turns and self._needs_extra_round():
            self.extra_rounds += 1
            self.total_turns += self.num_players
            self.events.append(Event(nxt, "extra", -1))
        if nxt >= self.total_turns:
            self.phase = OVER
            self.hands = [[] for _ in range(self.num_players)]
            self.deck = [c for c in CODES if c != self.order]
            self.open_cards, self.open_tiles, self.given = [], [], []
            self.events.append(Event(self.turn, "end", -1))
            return
        self._deal(nxt)
        self._skip_poor()

    def _needs_extra_round(self) -> bool:
        if self.tiebreak != EXTRA or self.extra_rounds >= MAX_EXTRA_ROUNDS:
            return False
        best = max(self.cubes)
        return self.cubes.count(best) > 1

    # -- the common shape ----------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        return (self.manufacturers()[self.actor],)

    def legal_actions(self, seat: int | None = None) -> Sequence[Buy | Build]:
        if self.phase == OVER:
            return []
        actor = self.manufacturers()[self.actor]
        if seat is not None and seat != actor:
            return []
        if self.phase == BUY:
            return [Buy(None)] + [Buy(c) for c in self.hands[actor]]
        return legal_builds(self.eureka_used[actor])

    def check(self, action: Any, seat: int | None = None) -> None:
        """Raise :class:`IllegalAction` with the reason if ``action`` may not be played."""
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        actor = self.manufacturers()[self.actor]
        if seat is not None and seat != actor:
            raise IllegalAction(f"it is {seat_name(actor)}'s turn, not {seat_name(seat)}'s")
        if self.phase == BUY:
            if not isinstance(action, Buy):
                raise IllegalAction("manufacturers first decide whether to buy information")
            if action.card is not None and (
                type(action.card) is not int or action.card not in self.hands[actor]
            ):
                raise IllegalAction(f"{seat_name(actor)} holds no {card_text(action.card)} card")
            if action.card is not None and self.cubes[actor] < 1:
                raise IllegalAction("information costs a cube and you have none")
            return
        if not isinstance(action, Build):
            raise IllegalAction("now every manufacturer builds a robot")
        if type(action.code) is not int or not 0 <= action.code < 64:  # not a bool either
            raise IllegalAction(f"{action.code!r} is not a robot")
        if type(action.eureka) is not bool:
            raise IllegalAction(f"Eureka is True or False, not {action.eureka!r}")
        if action.eureka and self.eureka_used[actor]:
            raise IllegalAction(f"{seat_name(actor)} has already used the Eureka")

    def apply(self, action: Any, seat: int | None = None) -> None:
        self.check(action, seat)
        actor = self.manufacturers()[self.actor]
        if isinstance(action, Buy):
            if action.card is not None:
                self.hands[actor] = [c for c in self.hands[actor] if c != action.card]
                self.given.append(action.card)
                self.cubes[actor] -= 1
                self.cubes[self.customer] += 1
                self.bought[actor] = (action.card, MATCH[self.order][action.card])
                self.events.append(Event(self.turn, "buy", actor, paid=1))
        elif self.phase == BUILD:
            self.builds[actor] = action
        else:
            self.rebuilds[actor] = action
        self.moves += 1
        self._next()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def result(self) -> GameResult | None:
        if self.phase != OVER:
            return None
        winners = self._winners()
        return GameResult(
            winners=winners,
            draw=len(winners) == self.num_players,
            reason=self.result_reason(),
            scores=tuple(self.cubes),
            details={"extra_rounds": self.extra_rounds, "turns": self.turn + 1},
        )

    def _winners(self) -> tuple[int, ...]:
        best = max(self.cubes)
        return tuple(s for s in range(self.num_players) if self.cubes[s] == best)

    def result_reason(self, names: Sequence[str] | None = None, you: int | None = None) -> str:
        """Why the game ended, the seats called ``names`` (``Player 1`` ... if None) and
        seat ``you`` spoken to (``You win with 21 cubes.``); "" while it goes on."""
        if self.phase != OVER:
            return ""
        winners = self._winners()
        best = self.cubes[winners[0]]
        called = [seat_name(s) for s in range(self.num_players)] if names is None else names
        said = ["You" if s == you else called[s] for s in winners]
        if len(winners) == 1:
            verb = "win" if winners[0] == you else "wins"
            reason = f"{said[0]} {verb} with {best} cubes."
        else:
            joined = ", ".join(said[:-1]) + " and " + said[-1]
            reason = f"{joined} share the win with {best} cubes each."
            if self.tiebreak == EXTRA:
                reason += f" (Still tied after {self.extra_rounds} extra rounds.)"
        if self.extra_rounds and len(winners) == 1:
            s = "s" if self.extra_rounds > 1 else ""
            reason += f" (After {self.extra_rounds} extra round{s}.)"
        return reason

    def view(self, seat: int) -> RoboFactoryView:
        over = self.phase == OVER
        if self.phase == REBUILD:  # the first builds were all revealed (and all wrong)
            shown_builds = tuple(None if b is None else b.code for b in self.builds)
        else:
            shown_builds = (None,) * self.num_players
        own_build = self.builds[seat]
        own_rebuild = self.rebuilds[seat]
        return RoboFactoryView(
            seat=seat,
            num_players=self.num_players,
            tiebreak=self.tiebreak,
            turn=self.turn,
            total_turns=self.total_turns,
            extra_rounds=self.extra_rounds,
            customer=self.customer,
            phase=self.phase,
            actor=None if over else self.manufacturers()[self.actor],
            cubes=tuple(self.cubes),
            supply=self.supply,
            eureka_used=tuple(self.eureka_used),
            open_cards=tuple(self.open_cards),
            open_tiles=tuple(self.open_tiles),
            hand=tuple(self.hands[seat]),
            bought=self.bought[seat],
            buyers=tuple(b is not None for b in self.bought),
            own_build=None if own_build is None else own_build.code,
            own_eureka=own_build is not None and own_build.eureka,
            own_rebuild=None if own_rebuild is None else own_rebuild.code,
            tile=self.tiles[seat],
            builds=shown_builds,
            events=tuple(self.events),
            moves=self.moves,
        )

    def _reveals_to(self, event: Event, seat: int) -> bool:
        """The seat's own purchases (a match count) and every check (the builds, and the
        order or a private count) show it something hidden."""
        return event.kind == "check" or (event.kind == "buy" and event.seat == seat)

    def reveals(self, seat: int) -> int:
        return sum(1 for e in self.events if self._reveals_to(e, seat))

    def reveal_note(self, seat: int) -> str:
        last = next((e for e in reversed(self.events) if self._reveals_to(e, seat)), None)
        if last is not None and last.kind == "buy":
            return "you bought information since (a match count was shown)"
        return "the builds were checked since (their results were shown)"

    def clone(self) -> RoboFactoryState:
        other = RoboFactoryState.__new__(RoboFactoryState)
        other.__dict__.update(self.__dict__)
        other.cubes = self.cubes[:]
        other.eureka_used = self.eureka_used[:]
        other.open_cards = self.open_cards[:]
        other.open_tiles = self.open_tiles[:]
        other.deck = self.deck[:]
        other.hands = [h[:] for h in self.hands]
        other.given = self.given[:]
        other.bought = self.bought[:]
        other.builds = self.builds[:]
        other.rebuilds = self.rebuilds[:]
        other.tiles = self.tiles[:]
        other.events = self.events[:]
        return other

    @property
    def move_number(self) -> int:
        return self.moves

    @property
    def progress(self) -> str:
        """The customer turn, as the screen's title says it (actions are many a turn)."""
        return f"turn {min(self.turn + 1, self.total_turns)}/{self.total_turns}"

    def canonical(self) -> dict[str, Any]:
        def build(b: Build | None) -> list[Any] | None:
            return None if b is None else [b.code, b.eureka]

        return {
            "num_players": self.num_players,
            "seed": self.seed,
            "tiebreak": self.tiebreak,
            "cubes": self.cubes,
            "supply": self.supply,
            "eureka_used": self.eureka_used,
            "turn": self.turn,
            "total_turns": self.total_turns,
            "extra_rounds": self.extra_rounds,
            "phase": self.phase,
            "actor": self.actor,
            "moves": self.moves,
            "order": self.order,
            "open_cards": self.open_cards,
            "open_tiles": self.open_tiles,
            "deck": self.deck,
            "hands": self.hands,
            "given": self.given,
            "bought": [None if b is None else list(b) for b in self.bought],
            "builds": [build(b) for b in self.builds],
            "rebuilds": [build(b) for b in self.rebuilds],
            "tiles": self.tiles,
            "events": [list(e) for e in self.events],
        }

    def shown_snapshot(self, public: bool = False) -> dict[str, Any]:
        """The supply told in words: past the box's cubes it is unlimited, never negative
        (``saves show`` says how many cubes came from the unlimited supply, never
        ``supply: -99``)."""
        snap = self.snapshot(public)
        supply = self.supply
        snap["supply"] = (
            f"{supply} cubes left in the box"
            if supply >= 0
            else f"the box is empty; {-supply} more cubes came from the unlimited supply"
        )
        return snap

    def snapshot(self, public: bool = False) -> dict[str, Any]:
        snap: dict[str, Any] = {
            "turn": f"{min(self.turn + 1, self.total_turns)} of {self.total_turns}",
            "customer": seat_name(self.customer).lower(),
            "phase": self.phase,
            "cubes": list(self.cubes),
            "supply": self.supply,
            "eureka_used": [
                seat_name(s).lower() for s in range(self.num_players) if self.eureka_used[s]
            ],
        }
        if self.phase != OVER:
            snap["open"] = [
                f"{letters(c)}={t}" for c, t in zip(self.open_cards, self.open_tiles, strict=True)
            ]
            if public:  # the order, the private cards, what was bought, the builds: secret
                return snap
            snap["order"] = letters(self.order)
            snap["hands"] = [
                f"{seat_name(s).lower()}: " + " ".join(letters(c) for c in self.hands[s])
                for s in self.manufacturers()
            ]
            snap["given_to_customer"] = " ".join(letters(c) for c in self.given)
            snap["builds"] = [
                f"{seat_name(s).lower()}: {build_text(self.builds[s])}"
                for s in self.manufacturers()
                if self.builds[s] is not None
            ]
        return snap
