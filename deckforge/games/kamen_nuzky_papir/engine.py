"""Kámen, nůžky, papír: shed your hand by laying the item that beats the top of the discard pile.

Rules: ../shared/seeds/kamen-nuzky-papir.txt, settled by ../shared/RULES.md ("Kámen, nůžky, papír").
Cards are small integers indexing the engine's card table, built from `deck.for_players(n)`: a custom deck with
other counts or other spells plays as written. Spell effects come from each card's `effects` (see spells.py).

Actions are integers: a card index lays that card; `size + 3 * card + item` lays a changer naming the item;
`target_base + seat` chooses a player for a "chosen" effect; DRAW, PASS and DECLINE are negative.
"""
from __future__ import annotations

import random
from collections import Counter

from ...sim.base import Engine, GameInfo, GameResult, InvariantError, SimulationError, State
from ...sim.spells import (CHOSEN, DRAW as DRAW_EFFECT, EFFECT_NAMES, EXTRA_PLAY, GIVE, NEXT, PLAY_AGAIN, PREVIOUS,
                     REVERSE, SKIP, SWAP_HANDS, compile_effects)

DEAL = 4  # RULES.md: deal 4 cards each
ROCK, SCISSORS, PAPER, ANY = 0, 1, 2, 3  # ANY: a changer turned up at the start takes any card
CHANGER = -1
ITEM_CODES = {"rock": ROCK, "scissors": SCISSORS, "paper": PAPER}
ITEM_NAMES = ("rock", "scissors", "paper", "anything")
NEED = (PAPER, ROCK, SCISSORS)  # the item laid on each: paper on rock, rock on scissors, scissors on paper
DRAW, PASS, DECLINE = -1, -2, -3
PLAY, CHOOSE, GIVING, EXTRA, OVER = range(5)  # phases: a turn, then the decisions its spell asks for
CONTINUE_EXTRA = -1  # internal effect code: the rest of an "extra_play" with count > 1

INFO = GameInfo(game="kamen-nuzky-papir", title="Rock, Paper, Scissors", max_turns=lambda n: 4000 + 1000 * n)


class KamenNuzkyPapir(Engine):
    """The rules bound to one deck and player count: the card table, new games and the greedy policy."""

    info = INFO

    def __init__(self, deck, players: int, options: dict | None = None):
        super().__init__(deck, players, options)
        if self.options.get("variants"):
            raise SimulationError(f"Kámen, nůžky, papír has no variants; cannot play "
                                  f"{', '.join(self.options['variants'])}")
        self.trace = bool(self.options.get("trace"))
        cards = deck.for_players(players)
        if len(cards) < DEAL * players + 1:
            raise SimulationError(f"deck '{deck.id}': {len(cards)} cards cannot deal {DEAL} to each of {players} "
                                  f"players and turn one up")
        self.size = len(cards)
        self.all_cards = list(range(self.size))
        self.target_base = 4 * self.size
        self.card_ids = tuple(card.id for card in cards)
        self.kind_ids = tuple(card.id for card in deck.cards)
        kinds = {card_id: i for i, card_id in enumerate(self.kind_ids)}
        self.kind_of = tuple(kinds[card.id] for card in cards)
        self.item_of = tuple(CHANGER if card.kind == "changer" else ITEM_CODES[card.get("item")] for card in cards)
        self.effects_of = tuple(compile_effects(card) for card in cards)
        self.lays = self._lay_table()
        from .greedy import greedy_action  # here: the greedy player imports this module's rules
        self.greedy = greedy_action

    def _lay_table(self) -> tuple:
        """Return, per card and per top item (rock, scissors, paper, anything), the actions that lay it there."""
        table = []
        for card, item in enumerate(self.item_of):
            if item == CHANGER:  # goes on anything; its player names the item it becomes
                table.append((tuple(self.size + 3 * card + k for k in range(3)),) * 4)
            else:
                table.append(tuple((card,) if top == ANY or NEED[top] == item else () for top in range(4)))
        return tuple(table)

    def new_game(self, rng: random.Random, starter: int | None = None) -> "KnpState":
        return KnpState(self, rng, starter)

    def describe(self, action: int) -> str:
        """Return an action in words, for traces."""
        if action == DRAW:
            return "draws"
        if action == PASS:
            return "passes"
        if action == DECLINE:
            return "lays nothing more"
        if action >= self.target_base:
            return f"chooses seat {action - self.target_base}"
        if action >= self.size:
            card, named = divmod(action - self.size, 3)
            return f"lays {self.card_ids[card]} naming {ITEM_NAMES[named]}"
        return f"lays {self.card_ids[action]}"

    def greedy_action(self, state: "KnpState", rng: random.Random) -> int:
        """Return the greedy player's action (greedy.py, described in docs/simulator.md)."""
        return self.greedy(self, state)


class KnpState(State):
    """One game in progress. Hands and piles are lists of card indices; the top of a pile is its last element."""

    openspiel = False  # plays through the legacy loop until it moves to chance nodes

    __slots__ = ("engine", "n", "hands", "draw_pile", "discard", "top", "current_player", "direction", "out",
                 "in_play", "passed", "places", "skips", "turns", "phase", "pending", "again", "give_to",
                 "give_left", "extra_left", "choosing", "_legal", "plays", "effects", "spell_effects", "log", "over",
                 "stalemate", "draws", "rebuilds", "pass_count", "size", "item_of", "kind_of", "lays", "effects_of")

    def __init__(self, engine: KamenNuzkyPapir, rng: random.Random, starter: int | None = None):
        n = self.n = engine.players
        self.engine = engine
        # the engine's tables, held here too: one attribute lookup less on every step
        self.size, self.item_of, self.kind_of = engine.size, engine.item_of, engine.kind_of
        self.lays, self.effects_of = engine.lays, engine.effects_of
        deck = list(range(engine.size))
        rng.shuffle(deck)
        self.hands = [deck[DEAL * seat:DEAL * (seat + 1)] for seat in range(n)]
        self.draw_pile = deck[DEAL * n:]
        self.discard = [self.draw_pile.pop()]  # turned up: a spell has no effect, a changer takes anything
        first = self.discard[0]
        self.top = ANY if engine.item_of[first] == CHANGER else engine.item_of[first]
        self.current_player = rng.randrange(n) if starter is None else starter
        self.direction = 1
        self.out = [False] * n
        self.in_play = n
        self.passed = 0  # bit mask of players who passed since the last card moved
        self.places, self.skips, self.pending = [], [0] * n, []
        self.turns = self.draws = self.rebuilds = self.pass_count = 0
        self.phase, self.again, self.over, self.stalemate = PLAY, False, False, False
        self.give_to = self.give_left = self.extra_left = 0
        self.choosing = None
        self._legal = None
        self.plays = [[0] * len(engine.kind_ids) for _ in range(n)]
        self.effects, self.spell_effects = {}, {}  # name -> times; made Counters in result()
        self.log = [] if engine.trace else None
        if self.log is not None:
            self.log.append(f"deal: {self._hands_text()}; turned up {engine.card_ids[first]}; "
                            f"seat {self.current_player} starts")

    # -- the interface ------------------------------------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """Return the legal actions, computed once per step (the play phase inline: it is most steps)."""
        legal = self._legal
        if legal is None:
            if self.phase == PLAY:
                lays, top, legal = self.lays, self.top, []
                for card in self.hands[self.current_player]:
                    legal += lays[card][top]  # faster than a comprehension, which is a call before Python 3.12
                if self.draw_pile or len(self.discard) > 1:
                    legal.append(DRAW)  # RULES.md: a player may draw even when able to lay
                elif not legal:
                    legal.append(PASS)  # nothing to draw and nothing to lay
            else:
                legal = self._decision_actions()
            self._legal = legal
        return legal

    def apply(self, action: int) -> None:
        self._legal = None
        self.turns += 1
        if self.log is not None and not (action == DRAW and self.phase == PLAY):  # a draw logs its card
            self.log.append(f"{self.turns}: seat {self.current_player} {self._describe(action)}")
        if self.phase != PLAY:
            self._decide(action)
            return
        if action >= 0:
            card = self._lay(action)
            if self.over:
                return
            effects = self.effects_of[card]
            if effects:
                self.pending.extend((code, target, amount, card) for code, target, amount in reversed(effects))
                self._resolve()
                return
        elif action == DRAW:
            self.passed = 0
            self._draw(self.current_player, 1)
        else:
            self._pass()
            return
        seat = (self.current_player + self.direction) % self.n  # the common case of _advance, without a call
        if self.out[seat] or self.skips[seat]:
            self._advance()
        else:
            self.current_player = seat

    def is_terminal(self) -> bool:
        return self.over

    def result(self) -> GameResult:
        kind_ids = self.engine.kind_ids
        plays = [Counter({kind_ids[k]: times for k, times in enumerate(row) if times}) for row in self.plays]
        return GameResult(
            players=self.n, finished=self.over and not self.stalemate, stalemate=self.stalemate,
            turns=self.turns, winners=self.places[:1], places=list(self.places), plays=plays,
            effects=Counter(self.effects),
            extra={"draws": self.draws, "rebuilds": self.rebuilds, "passes": self.pass_count,
                   "spell_effects": dict(self.spell_effects)})

    def check_invariants(self) -> None:
        engine = self.engine
        cards = sorted([c for hand in self.hands for c in hand] + self.draw_pile + self.discard)
        if cards != engine.all_cards:
            raise InvariantError(f"cards lost or doubled: {len(cards)} in hands and piles, the deck has {engine.size}")
        if len(set(self.places)) != len(self.places):
            raise InvariantError(f"a seat took two places: {self.places}")
        for seat, hand in enumerate(self.hands):
            placed = self.places[:-1] if self.over and not self.stalemate else self.places  # the last holds cards
            if self.out[seat] != (seat in placed):
                raise InvariantError(f"seat {seat} is out without a place, or placed while still in")
            if self.out[seat] and hand:
                raise InvariantError(f"seat {seat} is out but holds {len(hand)} cards")
        if self.turns > engine.info.max_turns(self.n):
            raise InvariantError(f"{self.turns} turns exceed the bound {engine.info.max_turns(self.n)}")
        if not self.over:
            self._check_turn()

    def _check_turn(self) -> None:
        # a caster who went out with a spell still chooses its target ("the next player draws 2" applies)
        may_be_out = self.phase == CHOOSE
        if not 0 <= self.current_player < self.n or (self.out[self.current_player] and not may_be_out):
            raise InvariantError(f"the current player {self.current_player} is not a player still in the game")
        if any(not hand for seat, hand in enumerate(self.hands) if not self.out[seat]):
            raise InvariantError("a player still in the game holds no cards")
        if not self.legal_actions():
            raise InvariantError("the current player has no legal action")

    def __str__(self) -> str:
        top = self.engine.card_ids[self.discard[-1]]
        return (f"seat {self.current_player} to act ({('play', 'choose', 'give', 'extra', 'over')[self.phase]}); "
                f"top {top} as {ITEM_NAMES[self.top]}; draw pile {len(self.draw_pile)}; "
                f"direction {'+' if self.direction > 0 else '-'}; places {self.places}; {self._hands_text()}")

    def _describe(self, action: int) -> str:
        if self.phase == GIVING:
            return f"gives {self.engine.card_ids[action]} to seat {self.give_to}"
        if 0 <= action < self.engine.target_base:
            return f"{self.engine.describe(action)} on {ITEM_NAMES[self.top]}"
        return self.engine.describe(action)

    def _hands_text(self) -> str:
        ids = self.engine.card_ids
        return "; ".join(f"seat {s}: {', '.join(ids[c] for c in hand) or 'out'}" for s, hand in enumerate(self.hands))

    # -- legal actions ------------------------------------------------------------------------------------------

    def _decision_actions(self) -> list[int]:
        """Return the actions of a decision a spell asks for: an extra card, a card to give, a player."""
        if self.phase == EXTRA:
            return self._lays() + [DECLINE]  # RULES.md: "lay one more card" is optional
        if self.phase == GIVING:
            return list(self.hands[self.current_player])
        base = self.engine.target_base
        return [base + seat for seat in self.others(self.current_player)]

    def _lays(self) -> list[int]:
        lays, top, legal = self.lays, self.top, []
        for card in self.hands[self.current_player]:
            legal += lays[card][top]
        return legal

    # -- a turn -------------------------------------------------------------------------------------------------

    def _decide(self, action: int) -> None:
        if self.phase == EXTRA:
            self._extra(action)
        elif self.phase == GIVING:
            self._give(action)
        else:
            self._choose(action - self.engine.target_base)

    def _pass(self) -> None:
        self.pass_count += 1
        self.passed |= 1 << self.current_player
        if self.passed == self._in_mask():  # RULES.md: a full round of passes is a stalemate
            self._end(stalemate=True)
        else:
            self._advance()

    def _lay(self, action: int) -> int:
        """Move a card from the current hand onto the discard pile; its player goes out with an empty hand."""
        p = self.current_player
        if action >= self.size:
            card, self.top = divmod(action - self.size, 3)
        else:
            card = action
            self.top = self.item_of[card]
        hand = self.hands[p]
        hand.remove(card)
        self.discard.append(card)
        self.plays[p][self.kind_of[card]] += 1
        self.passed = 0
        if not hand:
            self._go_out(p)
        return card

    def _draw(self, seat: int, count: int) -> None:
        """Draw up to `count` cards, rebuilding the draw pile from the discard pile when it runs out."""
        for _ in range(count):
            if not self.draw_pile:
                if len(self.discard) < 2:
                    return  # RULES.md: draw what there is
                self._rebuild()
            self.hands[seat].append(self.draw_pile.pop())
            self.draws += 1
            if self.log is not None:
                self._log_draw(seat)

    def _log_draw(self, seat: int) -> None:
        card = self.engine.card_ids[self.hands[seat][-1]]
        own_turn = self.phase == PLAY and not self.pending and seat == self.current_player
        self.log.append(f"{self.turns}: seat {seat} draws {card}" if own_turn else f"   seat {seat} draws {card}")

    def _rebuild(self) -> None:
        """RULES.md: keep the top discard, turn the rest over unshuffled: the oldest discard is now on top."""
        discard = self.discard
        self.discard = [discard.pop()]
        discard.reverse()
        self.draw_pile = discard
        self.rebuilds += 1
        if self.log is not None:
            self.log.append(f"   the draw pile is rebuilt from {len(discard)} discards")

    def _go_out(self, seat: int) -> None:
        """RULES.md: an empty hand takes the next free place; play goes on until one player holds cards."""
        self.out[seat] = True
        self.places.append(seat)
        self.in_play -= 1
        if self.log is not None:
            self.log.append(f"   seat {seat} is out in place {len(self.places)}")
        if self.in_play == 1:
            self.places.append(next(s for s in range(self.n) if not self.out[s]))
            self._end(stalemate=False)

    def _end(self, stalemate: bool) -> None:
        self.over, self.stalemate, self.phase = True, stalemate, OVER
        self.pending.clear()
        if self.log is not None:
            self.log.append("   stalemate: a full round of passes" if stalemate else f"   places: {self.places}")

    def _advance(self) -> None:
        """Pass the turn in the direction of play, over players who are out or must miss a turn."""
        seat, n, direction, out, skips = self.current_player, self.n, self.direction, self.out, self.skips
        while True:
            seat = (seat + direction) % n
            if out[seat]:
                continue
            if skips[seat]:
                skips[seat] -= 1
                continue
            self.current_player = seat
            return

    def _in_mask(self) -> int:
        return sum(1 << s for s in range(self.n) if not self.out[s])

    # -- spells -------------------------------------------------------------------------------------------------

    def others(self, caster: int) -> list[int]:
        """Return the players still in other than `caster`, in turn order from the next one."""
        n, d = self.n, self.direction
        seats = ((caster + d * step) % n for step in range(1, n))
        return [seat for seat in seats if not self.out[seat]]

    def _targets(self, caster: int, target: int) -> list[int]:
        if target >= 0:
            return [target]
        others = self.others(caster)  # RULES.md: effects pass over players who are out
        if target == NEXT:
            return others[:1]
        if target == PREVIOUS:
            return others[-1:]
        return others  # OTHERS: in turn order from the next player

    def _resolve(self) -> None:
        """Apply the pending effects in order until one awaits a decision; then end the turn."""
        pending = self.pending
        while pending:
            code, target, amount, card = pending.pop()
            if self._apply_effect(code, target, amount, card) or self.over:
                return
        self.phase = PLAY
        if self.again and not self.out[self.current_player]:
            self.again = False  # the caster takes another turn at once
        else:
            self.again = False
            self._advance()

    def _apply_effect(self, code: int, target: int, amount: int, card: int) -> bool:
        """Apply one effect; return True when it waits for the caster's decision."""
        caster = self.current_player
        if code == CONTINUE_EXTRA:
            return self._offer_extra(amount)
        if self.out[caster] and code in (GIVE, SWAP_HANDS, PLAY_AGAIN, EXTRA_PLAY):
            return False  # RULES.md: moving cards to or from a player who just went out is void
        if target == CHOSEN:
            candidates = self.others(caster)
            if len(candidates) > 1:
                self.phase, self.choosing = CHOOSE, (code, amount, card)
                return True
            target = candidates[0]
        if code == EXTRA_PLAY and not self._lays():
            return False  # nothing can be laid: the offer is empty
        self._count(code, card)
        if code == SKIP:
            for seat in self._targets(caster, target):
                self.skips[seat] += amount
        elif code == DRAW_EFFECT:
            seats = self._targets(caster, target)
            for _ in range(amount):  # dealt one at a time in turn order
                for seat in seats:
                    self._draw(seat, 1)
        elif code == REVERSE:
            self.direction = -self.direction  # with two players this changes nothing, as RULES.md says
        elif code == PLAY_AGAIN:
            self.again = True
        elif code == SWAP_HANDS:
            seat = self._targets(caster, target)[0]
            self.hands[caster], self.hands[seat] = self.hands[seat], self.hands[caster]
        elif code == GIVE:
            self.give_to, self.give_left = self._targets(caster, target)[0], amount
            return self._offer_give()
        elif code == EXTRA_PLAY:
            self.phase, self.extra_left = EXTRA, amount
            return True
        return False

    def _count(self, code: int, card: int) -> None:
        name = EFFECT_NAMES[code]
        key = f"{self.engine.card_ids[card]}.{name}"
        self.effects[name] = self.effects.get(name, 0) + 1
        self.spell_effects[key] = self.spell_effects.get(key, 0) + 1
        if self.log is not None:
            self.log.append(f"   {self.engine.card_ids[card]}: {name}")

    def _choose(self, seat: int) -> None:
        code, amount, card = self.choosing
        self.phase, self.choosing = PLAY, None
        if not self._apply_effect(code, seat, amount, card) and not self.over:
            self._resolve()

    def _offer_give(self) -> bool:
        """Wait for the caster to pick the cards to give; one card left is given without asking."""
        hand = self.hands[self.current_player]
        while self.give_left and len(hand) == 1 and not self.over:
            self._give_one(hand[0])
        if self.give_left and hand and not self.over:
            self.phase = GIVING
            return True
        return False

    def _give(self, card: int) -> None:
        self._give_one(card)
        if not self.over and not self._offer_give():
            self.phase = PLAY
            self._resolve()

    def _give_one(self, card: int) -> None:
        caster = self.current_player
        self.hands[caster].remove(card)
        self.hands[self.give_to].append(card)
        self.give_left -= 1
        self.passed = 0
        if not self.hands[caster]:
            self.give_left = 0
            self._go_out(caster)

    def _offer_extra(self, amount: int) -> bool:
        """Let the caster lay up to `amount` more cards, each beating the one below; skip when none can."""
        if self.out[self.current_player] or not self._lays():
            return False
        self.phase, self.extra_left = EXTRA, amount
        return True

    def _extra(self, action: int) -> None:
        self.phase = PLAY
        if action == DECLINE:
            self._resolve()
            return
        card = self._lay(action)
        if self.over:
            return
        if self.extra_left > 1:
            self.pending.append((CONTINUE_EXTRA, NEXT, self.extra_left - 1, card))
        # RULES.md: a spell laid as the extra card applies its effect too, at once
        self.pending.extend((code, target, amount, card) for code, target, amount in reversed(self.effects_of[card]))
        self._resolve()
