"""Stak Bots positions: stacks, hands, piles, the effect chain and pending choices.

Cards are numbered 0..59 (``kinds[card]`` is the bot); each card is in exactly one place:
a stack (bottom first, ``up[card]`` says face up), a hand, the draw pile (drawn from its
end) or the scrapheap. Effects waiting to resolve sit on ``chain`` (last resolves first).
When an effect or an attack needs a decision, ``choice`` names the seat that must make it
and :meth:`StakState.legal_actions` lists the options.
"""

from __future__ import annotations

import random
from typing import Any

from engines.core import GameResult, GameState, IllegalAction, Resign
from engines.rng import GameRandom
from engines.stak_bots.cards import TARGETS_TOP, CardSet
from engines.stak_bots.moves import END, SCRAP, TAKE, Choice, Move, encode
from engines.stak_bots.told import Part, Told, seat_name, their, they, verb, who
from engines.stak_bots.view import HIDDEN, StakView

TURN_ACTION_LIMIT = 60  # after this many actions in a turn: one card to the heap, then end
MAX_TURNS = 400  # a game still going after this many turns ends: longest stack wins
EVENT_LIMIT = 400


def depth_name(depth: int) -> str:
    """A card's place in a stack counted from the top (1): "top card", "2nd card from the
    top", ..."""
    if depth == 1:
        return "top card"
    suffix = "th" if 10 <= depth % 100 <= 20 else {2: "nd", 3: "rd"}.get(depth % 10, "th")
    if depth % 10 == 1 and depth % 100 != 11:
        suffix = "st"
    return f"{depth}{suffix} card from the top"


class StakState(GameState):
    """The whole truth of a game of Stak Bots."""

    game_id = "stak-bots"

    def __init__(self, cards: CardSet, num_players: int, options: dict[str, Any], seed: int):
        self.cards = cards
        self.bots = cards.bots
        self.kinds = cards.kinds
        self.effects = tuple(cards.bots[k].effect for k in self.kinds)
        self.powers = tuple(cards.bots[k].power for k in self.kinds)
        self.order = tuple(b.effect for b in cards.bots)
        self.num_players = num_players
        self.reactive = options.get("reactive") == "on"
        self.recycling = options.get("recycling") == "on"
        self.seed = seed
        size = len(self.kinds)
        self.stacks: list[list[int]] = [[] for _ in range(num_players)]
        self.up = [False] * size
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.draw: list[int] = []
        self.heap: list[int] = []
        self.damage = [0] * size
        self.active = 0
        self.turn = 1
        self.moves = 0
        self.attacker = -1
        self.attack_done = False
        self.attack_over = False
        self.scrapped = False
        self.out = [False] * num_players
        self.chain: list[tuple[int, int]] = []
        self.choice: Choice | None = None
        self.stomp = -1
        self.need_draw = True
        self.turn_actions = 0
        self.reshuffles = 0
        self.winners: tuple[int, ...] | None = None
        self.end_reason = ""
        self.resigns: list[int] = []  # seats that resigned, in order (see resign)
        self.won_by_resign = False  # the last rival left by resigning
        self.events: list[str] | None = []
        # Cards each seat has seen (in its hand, face up, on the scrapheap): undo may not go
        # back across a new one (see reveals). Kept by real games only (events on), not by
        # the copies a computer player searches with.
        self.seen: list[set[int]] = [set() for _ in range(num_players)]

    # -- set-up -------------------------------------------------------------------
    def deal(self, depth: int, setup_effects: bool) -> None:
        deck = list(range(len(self.kinds)))
        GameRandom(self.seed).shuffle(deck)
        for seat in range(self.num_players):
            self.stacks[seat] = [deck.pop() for _ in range(depth)]
            self.up[self.stacks[seat][-1]] = True
        for seat in range(self.num_players):
            self.hands[seat] = [deck.pop() for _ in range(2)]
        self.draw = deck
        self.say(who(0), " ", verb(0, "starts"), f". Each stack has {depth} cards.")
        if setup_effects:
            triggers = [
                (self.stacks[s][-1], s)
                for s in range(self.num_players)
                if self.bots[self.kinds[self.stacks[s][-1]]].has_entry
            ]
            if triggers:
                self.say("Set-up entry effects trigger.")
            self.push(triggers)
        self.settle()
        self.note_seen()

    def note_seen(self) -> None:
        """Add the cards each seat can see now to what it has seen (real games only)."""
        if self.events is None:
            return
        public = set(self.heap)
        for stack in self.stacks:
            public.update(c for c in stack if self.up[c])
        for seat, seen in enumerate(self.seen):
            seen |= public
            seen.update(self.hands[seat])

    def reveals(self, seat: int) -> int:
        """Cards ``seat`` has seen so far: a card turned up, drawn or played from a hand
        tells it something undo must not let it take back."""
        return len(self.seen[seat])

    def reveal_note(self, seat: int) -> str:
        return "new cards were shown"  # turned up, drawn or played from a hand (kept short:
        # the message must fit one status line under a prompt)

    # -- small helpers ------------------------------------------------------------
    def say(self, *parts: Part) -> None:
        """Tell a line made of ``parts`` (see :class:`Told`), when the log is kept (real
        games: simulations keep none and build no lines)."""
        if self.events is not None:
            self.events.append(
                Told(*parts) if len(parts) > 1 or not isinstance(parts[0], str) else parts[0]
            )
            if len(self.events) > EVENT_LIMIT:
                del self.events[: len(self.events) - EVENT_LIMIT]

    def name(self, card: int) -> str:
        return self.bots[self.kinds[card]].name

    def top(self, seat: int) -> int:
        stack = self.stacks[seat]
        return stack[-1] if stack else -1

    def power_at(self, seat: int, index: int) -> int:
        """Power of the card at ``index`` of a stack (a leader counts its face-up run)."""
        stack = self.stacks[seat]
        card = stack[index]
        if self.effects[card] != "leader":
            return self.powers[card]
        up = self.up
        count = 0
        i = len(stack) - 1
        while i >= 0 and up[stack[i]]:
            count += 1
            i -= 1
        return max(count, 1)

    def overpowered(self) -> list[tuple[int, int]]:
        """Top Leader Bots whose power fell to their damage or below after the damage was
        dealt (a card of their face-up run scrapped or reset): scrapped like any card whose
        damage reaches its power. Told in the log."""
        weak = []
        for seat, stack in enumerate(self.stacks):
            card = stack[-1] if stack else -1
            if card < 0 or self.effects[card] != "leader" or not self.damage[card]:
                continue
            power = self.power_at(seat, -1)
            if self.damage[card] >= power:
                self.say(
                    who(seat, possessive=True),
                    f" {self.name(card)} has power {power} now, with {self.damage[card]} damage.",
                )
                weak.append((seat, card))
        return weak

    def alive(self) -> list[int]:
        return [s for s in range(self.num_players) if not self.out[s]]

    def order_from_active(self, seats: list[int]) -> list[int]:
        n = self.num_players
        return sorted(seats, key=lambda s: (s - self.active) % n)

    def push(self, triggers: list[tuple[int, int]]) -> None:
        """Put simultaneous triggers on the chain: the active player's resolves first."""
        n = self.num_players
        active = self.active
        for card, seat in sorted(triggers, key=lambda t: -((t[1] - active) % n)):
            self.chain.append((card, seat))

    def to_heap(self, card: int) -> None:
        self.heap.append(card)
        self.damage[card] = 0
        self.up[card] = True
        self.scrapped = True
        if card == self.attacker:
            self.attack_over = True

    def remove(self, seat: int, card: int) -> None:
        self.stacks[seat].remove(card)

    def scrap_cards(self, cards: list[tuple[int, int]]) -> None:
        """Scrap (seat, card) pairs from stacks, then turn up every newly exposed top. The
        log names each card's place as the stacks were before any of them went (Bash
        scrapping the card under a scrapped top: "bottom card", not "face-down top card")."""
        touched = []
        places = {
            card: self.place_name(seat, card) for seat, card in cards if card in self.stacks[seat]
        }
        for seat, card in cards:
            if card in self.stacks[seat]:
                where = places[card]
                self.remove(seat, card)
                self.to_heap(card)
                self.say(who(seat, possessive=True), f" {where}, {self.name(card)}, is scrapped.")
                touched.append(seat)
        self.expose(touched)

    def place_name(self, seat: int, card: int) -> str:
        """Where ``card`` is in ``seat``'s stack, for the log: "top card", "bottom card"
        or "3rd card from the top" (and "face-down" if it is), so a scrapped copy of the
        bot whose effect is told is not taken for that bot."""
        stack = self.stacks[seat]
        depth = len(stack) - stack.index(card)  # 1: the top
        where = "bottom card" if depth == len(stack) > 1 else depth_name(depth)
        return where if self.up[card] else f"face-down {where}"

    def expose(self, seats: list[int]) -> None:
        """Turn up face-down top cards of ``seats``; their entry effects trigger."""
        triggers = []
        for seat in dict.fromkeys(seats):
            card = self.top(seat)
            if card >= 0 and not self.up[card]:
                self.up[card] = True
                self.say(who(seat), " ", verb(seat, "turns"), f" up {self.name(card)}.")
                if self.bots[self.kinds[card]].has_entry:
                    triggers.append((card, seat))
        self.push(triggers)

    def draw_card(self, seat: int) -> bool:
        if not self.draw and self.heap:
            self.draw = self.heap
            self.heap = []
            self.reshuffles += 1
            mixed = (self.seed * 1_000_003 + 7919 * self.reshuffles) % (1 << 62)
            GameRandom(mixed).shuffle(self.draw)
            self.say(f"The scrapheap is shuffled into a new draw pile ({len(self.draw)} cards).")
        if not self.draw:
            self.say(who(seat), " cannot draw: no cards left.")
            return False
        self.hands[seat].append(self.draw.pop())
        return True

    # -- the common shape -------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        if self.winners is not None:
            return ()
        if self.choice is not None:
            return (self.choice.seat,)
        return (self.active,)

    def is_terminal(self) -> bool:
        return self.winners is not None

    @property
    def move_number(self) -> int:
        return self.moves

    @property
    def progress(self) -> str:
        """The turn, as the screen says it."""
        return f"turn {self.turn}"

    def hand_bots(self, seat: int) -> list[str]:
        """The effects of the bots in a hand, each once, in card-set order."""
        effects = self.effects
        held = {effects[c] for c in self.hands[seat]}
        return [e for e in self.order if e in held]

    def legal_actions(self, seat: int | None = None) -> list[Move]:
        if self.winners is not None:
            return []
        choice = self.choice
        mover = choice.seat if choice is not None else self.active
        if seat is not None and seat != mover:
            return []
        if choice is not None:
            return self.choice_options(choice)
        stack = self.stacks[mover]
        bots = self.hand_bots(mover)
        if self.turn_actions >= TURN_ACTION_LIMIT:
            if self.scrapped:
                return [END]
            return [SCRAP, *[Move("discard", effect=b) for b in bots]]
        out = [Move("play", effect=b) for b in bots]
        if stack:
            out.append(SCRAP)
        out.extend(Move("discard", effect=b) for b in bots)
        if self.recycling and stack:
            out.extend(Move("recycle", effect=b) for b in bots)
        if stack and not self.attack_over and self.attacker in (-1, stack[-1]):
            for s in range(self.num_players):
                if s != mover and not self.out[s] and self.stacks[s]:
                    out.append(Move("attack", seat=s))
        if self.scrapped:
            out.append(END)
        return out

    def choice_options(self, choice: Choice) -> list[Move]:
        kind = choice.kind
        if kind == "target":
            return [Move("target", seat=s) for s in range(self.num_players) if self.stacks[s]]
        if kind == "reset":
            return self.reset_options()
        if kind == "expel":
            # "choose a player" (the rule sheet): anyone still in, yourself included and
            # an empty hand too (nothing happens), so you are never made to expel yourself
            return [Move("expel", seat=s) for s in range(self.num_players) if not self.out[s]]
        if kind == "lose":
            return [Move("lose", effect=b) for b in self.hand_bots(choice.seat)]
        # react
        return [TAKE, *[Move("react", effect=b) for b in self.hand_bots(choice.seat)]]

    def reset_options(self) -> list[Move]:
        out = []
        effects = self.effects
        for s in range(self.num_players):
            stack = self.stacks[s]
            for depth in range(1, len(stack) + 1):
                card = stack[-depth]
                if self.up[card] and effects[card] != "tranq":
                    out.append(Move("reset", seat=s, depth=depth))
        return out

    def apply(self, action: Any, seat: int | None = None) -> None:
        if self.winners is not None:
            raise IllegalAction("the game is over")
        if isinstance(action, Resign):
            if seat is None or not 0 <= seat < self.num_players:
                raise IllegalAction("a resignation names the seat that resigns")
            if self.out[seat]:
                raise IllegalAction(f"{seat_name(seat)} is out of the game already")
            self.resign(seat)
            return
        mover = self.to_move()[0]
        if seat is not None and seat != mover:
            raise IllegalAction(f"it is {seat_name(mover)}'s decision, not {seat_name(seat)}'s")
        if not isinstance(action, Move):
            raise IllegalAction(f"{action!r} is not a Stak Bots action")
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(self.why_not(action))
        self.play(action)

    def why_not(self, action: Move) -> str:
        text = encode(action)
        if self.choice is not None:
            return (
                f"{text!r}: {seat_name(self.choice.seat)} must first choose for "
                f"{self.bots[self.kinds[self.choice.card]].name}"
            )
        if action.kind == "end" and not self.scrapped:
            return "the turn cannot end before a card has reached the scrapheap"
        if action.kind == "attack":
            if self.attack_over:
                return "this turn's attacker was reset, returned or scrapped: no more attacks"
            if self.attacker >= 0 and self.top(self.active) != self.attacker:
                return "only one card may attack in a turn, and it is not on top"
            return "that stack cannot be attacked"
        if action.kind in ("play", "discard", "recycle"):
            return f"{text!r}: no such card in hand"
        return f"{text!r} is not possible now"

    # -- resigning ---------------------------------------------------------------------
    def can_resign(self, seat: int) -> bool:
        """A player still in the game may resign at any moment, on anyone's turn."""
        return self.winners is None and 0 <= seat < self.num_players and not self.out[seat]

    def resigned(self) -> tuple[int, ...]:
        return tuple(self.resigns)

    def resign(self, seat: int) -> None:
        """``seat`` leaves for good: its stack and hand go to the scrapheap (face up, no
        damage) and it is out, as if its stack had emptied; the game goes on for the
        others, and with one player left that player wins. Its waiting effects lapse, and
        so does a decision it owed or one that its cards asked of another player (an
        attack on it or by it, an Expel's lost card); a decision another player owes that
        is left with one possible answer is made, with none it lapses."""
        self.moves += 1
        cards = self.stacks[seat] + self.hands[seat]
        self.say(
            who(seat),
            " ",
            verb(seat, "resigns"),
            ": ",
            their(seat),
            f" {len(self.stacks[seat])} stack cards and {len(self.hands[seat])} hand cards go"
            " to the scrapheap.",
        )
        for card in cards:
            self.heap.append(card)
            self.damage[card] = 0
            self.up[card] = True
        self.stacks[seat] = []
        self.hands[seat] = []
        self.out[seat] = True
        self.resigns.append(seat)
        if self.attacker in cards:
            self.attack_over = True
        if self.stomp == seat:
            self.stomp = -1
        self.chain = [(c, s) for c, s in self.chain if s != seat]
        choice = self.choice
        if choice is not None and (
            choice.seat == seat or choice.card in cards or choice.target == seat
        ):
            self.choice = None
        elif choice is not None:
            options = self.choice_options(choice)
            if len(options) <= 1:
                self.choice = None
                if options:
                    self.decide(choice, options[0])
                else:
                    self.say(f"{self.name(choice.card)} finds nothing to do.")
        self.settle()
        if self.winners is not None and len(self.winners) == 1:
            self.won_by_resign = True
            last = self.winners[0]
            self.end_reason = Told(
                who(seat),
                " resigned: ",
                who(last),
                " ",
                verb(last, "has"),
                " the last stack standing.",
            )
            if self.events:
                self.events[-1] = self.end_reason
        self.note_seen()

    def default_action(self, seat: int) -> Move | None:
        """The answer given for ``seat`` when it does not answer a decision it owes (a
        prompt): let an attack happen (``take``: blocking is a choice); scrap the hand
        card of lowest rank (Expel: the least loss); aim an entry effect at the next
        opponent in seat order that it can reach (the top card for a Tranq Bot), never at
        one's own stack, hand or self while an opponent can take it. ``None`` on a regular
        turn (no choice pending) or when ``seat`` has nothing to decide."""
        choice = self.choice
        if self.winners is not None or choice is None or choice.seat != seat:
            return None
        options = self.choice_options(choice)
        if not options:
            return None
        if choice.kind == "react":
            return TAKE
        if choice.kind == "lose":
            rank = {b.effect: (b.rank, i) for i, b in enumerate(self.bots)}
            return min(options, key=lambda m: rank[m.effect])
        n = self.num_players

        def key(move: Move) -> tuple[int, int]:
            away = (move.seat - seat) % n  # 0: the chooser itself, last
            return (away if away else n, move.depth)

        return min(options, key=key)

    # -- playing ---------------------------------------------------------------------
    def play(self, move: Move) -> None:
        """Apply an action known to be legal (the fast path for search)."""
        self.moves += 1
        choice = self.choice
        if choice is not None:
            self.choice = None
            self.decide(choice, move)
        else:
            self.turn_actions += 1
            self.act(move)
        self.settle()
        self.note_seen()

    def take_from_hand(self, seat: int, effect: str) -> int:
        hand = self.hands[seat]
        effects = self.effects
        for i, card in enumerate(hand):
            if effects[card] == effect:
                return hand.pop(i)
        raise IllegalAction("no such card in hand")

    def put_on_stack(self, seat: int, card: int) -> None:
        self.stacks[seat].append(card)
        self.up[card] = True
        self.damage[card] = 0
        if self.bots[self.kinds[card]].has_entry:
            self.push([(card, seat)])

    def act(self, move: Move) -> None:
        seat = self.active
        kind = move.kind
        if kind == "play":
            card = self.take_from_hand(seat, move.effect)
            self.say(who(seat), " ", verb(seat, "plays"), f" {self.name(card)}.")
            self.put_on_stack(seat, card)
        elif kind == "discard":
            card = self.take_from_hand(seat, move.effect)
            self.say(who(seat), " ", verb(seat, "discards"), f" {self.name(card)}.")
            self.to_heap(card)
        elif kind == "scrap":
            card = self.top(seat)
            self.say(
                who(seat),
                " ",
                verb(seat, "scraps"),
                " ",
                their(seat),
                f" top card, {self.name(card)}.",
            )
            self.stacks[seat].pop()
            self.to_heap(card)
            self.expose([seat])
        elif kind == "recycle":
            card = self.take_from_hand(seat, move.effect)
            top = self.stacks[seat].pop()
            self.say(
                who(seat),
                " ",
                verb(seat, "recycles"),
                ": ",
                verb(seat, "scraps"),
                " ",
                their(seat),
                f" top card, {self.name(top)}, ",
                verb(seat, "discards"),
                f" {self.name(card)} and ",
                verb(seat, "draws"),
                " a card.",
            )
            self.to_heap(top)
            self.to_heap(card)
            self.draw_card(seat)
            self.expose([seat])
        elif kind == "attack":
            self.stomp = -1
            self.attack(move.seat)
        elif kind == "end":
            self.end_turn()

    def attack(self, target: int) -> None:
        seat = self.active
        card = self.top(seat)
        if self.attacker < 0:
            self.attacker = card
        self.say(
            who(seat, possessive=True),
            f" {self.name(card)} attacks ",
            who(target, possessive=True),
            f" {self.name(self.top(target))}.",
        )
        if self.reactive and self.hands[target]:
            self.choice = Choice("react", target, card, self.effects[card], target)
            return
        self.fight(target)

    def fight(self, target: int) -> None:
        seat = self.active
        a, d = self.top(seat), self.top(target)
        pa = self.power_at(seat, -1)
        pd = self.power_at(target, -1)
        damage = self.damage
        damage[d] += pa
        damage[a] += pd
        self.attack_done = True
        self.say(
            f"{self.name(a)} deals {pa} damage ({damage[d]}/{pd}); "
            f"{self.name(d)} deals {pd} back ({damage[a]}/{pa})."
        )
        doomed: list[tuple[int, int]] = []
        for hit_seat, hit, hit_power, by in ((target, d, pd, a), (seat, a, pa, d)):
            effect = self.effects[by]
            if damage[hit] >= hit_power or effect == "fatal":
                doomed.append((hit_seat, hit))
            stack = self.stacks[hit_seat]
            if effect == "bash":
                doomed.append((hit_seat, stack[0]))
            elif effect == "spike" and len(stack) >= 2:
                doomed.append((hit_seat, stack[-2]))
        self.scrap_cards(list(dict.fromkeys(doomed)))
        if self.effects[a] == "stomp" and not self.attack_over and self.top(seat) == a:
            self.stomp = target

    def end_turn(self) -> None:
        self.say(who(self.active), " ", verb(self.active, "ends"), " the turn.")
        self.next_turn()

    def next_turn(self) -> None:
        damage = self.damage
        for i in range(len(damage)):
            if damage[i]:
                damage[i] = 0
        self.attacker = -1
        self.attack_done = False
        self.attack_over = False
        self.scrapped = False
        self.stomp = -1
        self.turn_actions = 0
        self.chain.clear()
        n = self.num_players
        nxt = (self.active + 1) % n
        while self.out[nxt]:
            nxt = (nxt + 1) % n
        self.active = nxt
        self.turn += 1
        self.need_draw = True
        if self.turn > MAX_TURNS:
            sizes = [len(s) if not self.out[i] else -1 for i, s in enumerate(self.stacks)]
            best = max(sizes)
            self.winners = tuple(s for s in range(n) if sizes[s] == best)
            self.end_reason = f"After {MAX_TURNS} turns the longest stack wins ({best} cards)."
            self.say(self.end_reason)

    # -- effects ------------------------------------------------------------------------
    def settle(self) -> None:
        """Resolve the chain until a decision is needed, then eliminate, draw, stomp."""
        while self.winners is None:
            while self.choice is None and self.chain:
                card, seat = self.chain.pop()
                if card >= 0 and self.top(seat) == card and self.up[card]:
                    self.resolve(card, seat)
                elif card >= 0:
                    self.say(f"{self.name(card)}'s effect fizzles: it is no longer on top.")
            if self.choice is not None:
                return
            weak = self.overpowered()
            if weak:
                self.scrap_cards(weak)
                continue
            gone = [s for s in range(self.num_players) if not self.out[s] and not self.stacks[s]]
            for s in gone:
                self.out[s] = True
                self.say(
                    who(s, possessive=True),
                    " stack is empty: ",
                    who(s),
                    " ",
                    verb(s, "is"),
                    " out.",
                )
            left = self.alive()
            if len(left) <= 1:
                self.finish(left or gone)
                return
            if self.out[self.active]:
                self.next_turn()
                continue
            if self.need_draw:
                self.need_draw = False
                active = self.active
                self.say(f"Turn {self.turn}: ", who(active), " ", verb(active, "draws"), " a card.")
                self.draw_card(self.active)
                continue
            if self.stomp >= 0:
                target = self.stomp
                a = self.top(self.active)
                if (
                    a == self.attacker
                    and not self.attack_over
                    and not self.out[target]
                    and self.stacks[target]
                ):
                    self.say(f"{self.name(a)} stomps on.")
                    self.attack(target)
                    continue
                self.stomp = -1
            return

    def finish(self, winners: list[int]) -> None:
        self.winners = tuple(winners)
        if len(winners) == 1:
            won = winners[0]
            self.end_reason = Told(who(won), " ", verb(won, "has"), " the last stack standing.")
        else:
            self.end_reason = Told(
                who(*winners),
                " lost ",
                their(*winners),
                " last cards at the same moment: ",
                they(*winners),
                " share.",
            )
        self.say(self.end_reason)

    def resolve(self, card: int, seat: int) -> None:
        effect = self.effects[card]
        name = self.name(card)
        self.say("Entry effect of ", who(seat, possessive=True), f" {name}.")
        if effect == "clumsy":
            self.scrap_cards([(seat, self.stacks[seat][0])])
        elif effect == "sidekick":
            self.fall(seat)
        elif effect == "bountiful":
            self.say(who(seat), " ", verb(seat, "draws"), " a card.")
            self.draw_card(seat)
        else:
            kind = "target" if effect in TARGETS_TOP else effect  # reset/expel
            if effect == "tranq":
                kind = "reset"
            choice = Choice(kind, seat, card, effect)
            options = self.choice_options(choice)
            if not options:
                self.say(f"{name} finds nothing to do.")
            elif len(options) == 1:
                self.decide(choice, options[0])
            else:
                self.choice = choice

    def fall(self, seat: int) -> None:
        """The top card of ``seat`` falls one place; a face-down card under it turns up."""
        stack = self.stacks[seat]
        if len(stack) < 2:
            return
        stack[-1], stack[-2] = stack[-2], stack[-1]
        self.say(who(seat, possessive=True), f" top card, {self.name(stack[-2])}, falls one place.")
        self.expose([seat])

    def decide(self, choice: Choice, move: Move) -> None:
        kind = choice.kind
        if kind == "react":
            if move.kind == "take":
                self.fight(choice.target)
                return
            card = self.take_from_hand(choice.seat, move.effect)
            blocker = choice.seat
            self.say(
                who(blocker),
                " ",
                verb(blocker, "blocks"),
                f" the attack by playing {self.name(card)}.",
            )
            self.stomp = -1
            if not self.attack_done:
                self.attacker = -1
            self.put_on_stack(choice.seat, card)
            return
        if kind == "lose":
            card = self.take_from_hand(choice.seat, move.effect)
            loser = choice.seat
            self.say(
                who(loser),
                " ",
                verb(loser, "scraps"),
                f" {self.name(card)} from ",
                their(loser),
                " hand.",
            )
            self.to_heap(card)
            return
        if kind == "expel":
            target = move.seat
            effect = choice.effect.capitalize()
            if not self.hands[target]:
                self.say(
                    f"{effect}: ",
                    who(target),
                    " ",
                    verb(target, "has"),
                    " no card in hand: nothing happens.",
                )
                return
            self.say(f"{effect}: ", who(target), " must scrap a hand card.")
            lose = Choice("lose", target, choice.card, choice.effect)
            options = self.choice_options(lose)
            if len(options) == 1:
                self.decide(lose, options[0])
            else:
                self.choice = lose
            return
        if kind == "reset":
            stack = self.stacks[move.seat]
            card = stack[-move.depth]
            where = self.place_name(move.seat, card)
            self.up[card] = False
            self.damage[card] = 0
            if card == self.attacker:
                self.attack_over = True
            self.say(who(move.seat, possessive=True), f" {where}, {self.name(card)}, is reset.")
            if any(c == card for c, _ in self.chain):
                # its waiting entry effect lapses with it (else a Shot Bot turned straight
                # back up fires twice for one appearance); turned up again, it triggers anew
                self.chain = [(c, s) for c, s in self.chain if c != card]
                self.say(f"{self.name(card)}'s waiting effect lapses.")
            if move.depth == 1:
                self.expose([move.seat])
            return
        # a top card
        target = move.seat
        card = self.top(target)
        effect = choice.effect
        name = self.name(card)
        if effect == "shot":
            value = self.bots[self.kinds[choice.card]].value
            self.damage[card] += value
            power = self.power_at(target, -1)
            self.say(
                who(target, possessive=True),
                f" top card, {name}, takes {value} damage ({self.damage[card]}/{power}).",
            )
            if self.damage[card] >= power:
                self.scrap_cards([(target, card)])
        elif effect == "reaper":
            self.scrap_cards([(target, card)])
        elif effect == "begone":
            self.stacks[target].pop()
            self.damage[card] = 0
            self.hands[target].append(card)
            if card == self.attacker:
                self.attack_over = True
            self.say(
                who(target, possessive=True),
                f" top card, {name}, goes back to ",
                their(target),
                " hand.",
            )
            self.expose([target])
        elif effect == "trip":
            self.fall(target)
        elif effect == "pit":
            stack = self.stacks[target]
            stack.pop()
            stack.insert(0, card)
            self.say(
                who(target, possessive=True),
                f" top card, {name}, goes to the bottom of ",
                their(target),
                " stack.",
            )
            self.expose([target])

    # -- results, views, copies ------------------------------------------------------------
    def result(self) -> GameResult | None:
        if self.winners is None:
            return None
        return GameResult(
            winners=self.winners,
            draw=len(self.winners) == self.num_players,
            reason=self.end_reason,
            scores=tuple(len(s) for s in self.stacks),
            details={
                "turns": self.turn,
                "max_turns": self.turn > MAX_TURNS,
                "by_resign": self.won_by_resign,
            },
            resigned=tuple(self.resigns),
        )

    def view(self, seat: int) -> StakView:
        return make_view(self, seat)

    def clone(self) -> StakState:
        other = StakState.__new__(StakState)
        d = self.__dict__.copy()
        other.__dict__.update(d)
        other.stacks = [s[:] for s in self.stacks]
        other.up = self.up[:]
        other.hands = [h[:] for h in self.hands]
        other.draw = self.draw[:]
        other.heap = self.heap[:]
        other.damage = self.damage[:]
        other.out = self.out[:]
        other.chain = self.chain[:]
        other.resigns = self.resigns[:]
        other.events = None
        other.seen = [set() for _ in self.seen]  # copies keep no record (see note_seen)
        return other

    def canonical(self) -> dict[str, Any]:
        return {
            "cards": self.cards.digest(),
            "stacks": [[(c, self.up[c]) for c in s] for s in self.stacks],
            "hands": self.hands,
            "draw": self.draw,
            "heap": self.heap,
            "damage": self.damage,
            "active": self.active,
            "turn": self.turn,
            "moves": self.moves,
            "attack": [self.attacker, self.attack_done, self.attack_over, self.stomp],
            "scrapped": self.scrapped,
            "out": self.out,
            "chain": self.chain,
            "choice": None
            if self.choice is None
            else list((self.choice.kind, self.choice.seat, self.choice.card, self.choice.target)),
            "need_draw": self.need_draw,
            "turn_actions": self.turn_actions,
            "reshuffles": self.reshuffles,
            "rules": [self.reactive, self.recycling, self.seed],
            "winners": self.winners,
            **({"resigned": self.resigns} if self.resigns else {}),  # (older saves' hashes)
        }

    def snapshot(self, public: bool = False) -> dict[str, Any]:
        snap: dict[str, Any] = {"cards": self.cards.name, "turn": self.turn}
        for s in range(self.num_players):
            cards = []
            for c in reversed(self.stacks[s]):
                if self.up[c]:
                    cards.append(f"{self.name(c)} {self.power_text(s, c)}")
                else:  # face down: "(Bash Bot)", or "(face down)" when public
                    cards.append("(face down)" if public else f"({self.name(c)})")
            snap[f"stack_p{s + 1}"] = (
                " | ".join(cards)
                if cards
                else "(resigned, out)"
                if s in self.resigns
                else "(empty, out)"
            )
            hand = self.hands[s]
            snap[f"hand_p{s + 1}"] = (
                f"{len(hand)} cards" if public else ", ".join(self.name(c) for c in hand)
            )
        snap["draw_pile"] = len(self.draw)
        snap["scrapheap"] = len(self.heap)
        return snap

    def power_text(self, seat: int, card: int) -> str:
        if self.effects[card] == "leader":
            stack = self.stacks[seat]
            return f"X={self.power_at(seat, stack.index(card))}" if stack[-1] == card else "X"
        return str(self.powers[card])


# -- views: what a seat knows, and full states that agree with it ------------------------------
def make_view(state: StakState, seat: int) -> StakView:
    """What ``seat`` may know of ``state`` (see :mod:`engines.stak_bots.view`)."""
    up = state.up
    stacks = tuple(tuple(c if up[c] else HIDDEN for c in s) for s in state.stacks)
    attacker = state.attacker
    if (
        attacker >= 0
        and attacker not in state.heap
        and not (up[attacker] and any(attacker in s for s in state.stacks))
    ):
        attacker = HIDDEN  # reset or back in a hand: it cannot attack again this turn
    chain = tuple((c if up[c] and c in state.stacks[s] else HIDDEN, s) for c, s in state.chain)
    return StakView(
        seat=seat,
        cards=state.cards,
        num_players=state.num_players,
        options=(state.reactive, state.recycling),
        stacks=stacks,
        hand=tuple(state.hands[seat]),
        hand_sizes=tuple(len(h) for h in state.hands),
        draw_size=len(state.draw),
        heap=tuple(state.heap),
        damage=tuple((c, d) for c, d in enumerate(state.damage) if d),
        active=state.active,
        turn=state.turn,
        moves=state.moves,
        attacker=attacker,
        attack_done=state.attack_done,
        attack_over=state.attack_over,
        scrapped=state.scrapped,
        out=tuple(state.out),
        chain=chain,
        choice=state.choice,
        stomp=state.stomp,
        need_draw=state.need_draw,
        turn_actions=state.turn_actions,
        reshuffles=state.reshuffles,
        winners=state.winners,
        legal=tuple(state.legal_actions(seat)),
        resigned=tuple(state.resigns),
    )


def determinize(view: StakView, rng: random.Random) -> StakState:
    """A full state that agrees with ``view``; hidden cards dealt at random (what the
    computer players search, as they see only their view)."""
    seen: set[int] = set(view.hand) | set(view.heap)
    for stack in view.stacks:
        seen.update(c for c in stack if c != HIDDEN)
    pool = [c for c in range(view.cards.size) if c not in seen]
    rng.shuffle(pool)
    reactive, recycling = view.options
    state = StakState(
        view.cards,
        view.num_players,
        {"reactive": "on" if reactive else "off", "recycling": "on" if recycling else "off"},
        rng.randrange(1 << 30),
    )
    state.events = None
    for s, stack in enumerate(view.stacks):
        cards = []
        for c in stack:
            if c == HIDDEN:
                c = pool.pop()
                state.up[c] = False
            else:
                state.up[c] = True
            cards.append(c)
        state.stacks[s] = cards
    for s in range(view.num_players):
        if s == view.seat:
            state.hands[s] = list(view.hand)
        else:
            state.hands[s] = [pool.pop() for _ in range(view.hand_sizes[s])]
    state.draw = pool[: view.draw_size]
    del pool[: view.draw_size]
    assert not pool, "the view's counts do not add up"
    state.heap = list(view.heap)
    for card, dmg in view.damage:
        state.damage[card] = dmg
    state.active = view.active
    state.turn = view.turn
    state.moves = view.moves
    state.attacker = view.attacker
    state.attack_done = view.attack_done
    state.attack_over = view.attack_over
    state.scrapped = view.scrapped
    state.out = list(view.out)
    state.chain = list(view.chain)
    state.choice = view.choice
    state.stomp = view.stomp
    state.need_draw = view.need_draw
    state.turn_actions = view.turn_actions
    state.reshuffles = view.reshuffles
    state.winners = view.winners
    state.resigns = list(view.resigned)
    return state
