"""Záhada hlavolamu a Rychlé šípy: collect the row of characters and close it to win the Ježek v kleci.

Rules source: ../shared/seeds/rychle-sipy.txt, settled by ../shared/RULES.md (section "Záhada hlavolamu a Rychlé
šípy"), which wins over the seed. What a card does is read from the deck: a `character`'s `number` (its place in the
row), `bonus` (cards its discarder draws), `penalty` ({take: none|stock, discard: k}, binding the next player) and
`laid_out` (never held); the `prize` card is the Ježek. The row runs from 1 to the deck's highest number, which closes
it. A variant deck with other names, numbers or effects plays as written.

Cards are small ints indexing the engine's card table. Actions are small ints: TAKE_STOCK, TAKE_DISCARD, NO_TAKE,
NO_DISCARD, and DISCARD + card for discarding that card (from the hand, or from the table while serving a penalty
with an empty hand). A step with a single legal action is applied at once, so every decision is a real choice.

Choices where the seed and RULES.md are silent (docs/simulator.md repeats them):
- A penalty's take is part of the penalty: bound by Štětináč, even a complete row draws from the stock. A penalty
  turn is only the penalty: no optional take or discard, and a penalised player does not close in it.
- A player who can take nothing (stock and rebuild empty, the top discard refused) must discard one card if they
  hold any, else passes: RULES.md's "both piles empty" case, applied whenever nothing may be taken.
- A complete row holding two or more cards must discard one each turn (the seed: "discards until one is left").
- A duplicate laid-out card is discarded with its bonus whenever it arrives outside a penalty, also from a bonus
  draw after the turn's discard; while serving a penalty it counts as an owed discard, without bonus.
- The Ježek's replacement is a draw of the same kind: a turn's take may rebuild the stock, a bonus draw may not.
- Cards taken off a broken row leave a gap; the cards beyond it stay laid and count again once the gap is filled.
  A card may not be taken from the discard pile while its number is laid, in the row or beyond a gap.
- Discards before the first turn (dealt duplicates, in seat order from the first player) bind no one.
- A stalemate (RULES.md: "a whole round with the stock empty and no row growing"): a whole round of turns in which
  nobody had a choice and each begins and ends with the stock empty, no card laid out and the hand as it was:
  passes, lost turns, a duplicate Losna drawn from a rebuilt stock and discarded again. A turn with a choice does
  not count: measured, games whose cards still change hands through the discard pile go on to a winner.
- In a series the deal passes clockwise, so the next game's first player is the seat after this game's.
"""
from __future__ import annotations

import random
from collections import Counter

from ...sim.base import Engine, GameInfo, GameResult, InvariantError, SimulationError, State

TAKE_STOCK, TAKE_DISCARD, NO_TAKE, NO_DISCARD, DISCARD = 0, 1, 2, 3, 4  # DISCARD + card: discard that card
START, TAKE, DISCARDING, OWING, OVER = 0, 1, 2, 3, 4                      # phases of a turn
NO_PENALTY, TAKE_NONE, TAKE_STOCK_ONLY = 0, 1, 2                          # a card's penalty: what the next may take
DEAL = 4        # RULES.md: deal 4 each
ROW_START = 5   # RULES.md: the row is laid out the moment a player holds 1-5 (or fewer, in a shorter deck)


def _bound(players: int) -> int:
    """Bound the decisions in one game: measured games end far sooner (see docs/simulator.md)."""
    return 2000 + 250 * players


INFO = GameInfo(game="rychle-sipy", title="The Puzzle Mystery and the Rapid Arrows", max_turns=_bound)


def _penalty_name(take: int, owe: int) -> str:
    """Name a penalty by what it does, so that a variant deck's penalties are counted as written."""
    if take == TAKE_NONE:
        return "penalty:lose-turn" if owe == 0 else f"penalty:discard-{owe}"
    return f"penalty:stock-then-discard-{owe}" if owe else "penalty:stock-only"


class RychleSipyEngine(Engine):
    """Záhada hlavolamu a Rychlé šípy for one deck and player count: the card table read from the deck."""

    info = INFO

    def __init__(self, deck, players: int, options: dict | None = None):
        super().__init__(deck, players, options)
        if self.options.get("variants"):
            raise SimulationError(f"Rychlé šípy has no variants; cannot play {', '.join(self.options['variants'])}")
        self.trace = bool(self.options.get("trace"))
        self._build_table(deck.for_players(players))
        if self.top < 1:
            raise SimulationError(f"deck '{deck.id}': no character card, so there is no row to build")
        self.start = min(ROW_START, self.top)
        from . import greedy as rychle_sipy_greedy  # here, not at the top: the greedy player imports this module's rules
        self.greedy = rychle_sipy_greedy

    def _build_table(self, cards) -> None:
        """Read each physical card's number, bonus, penalty and whether it is laid out or the prize."""
        lang = "en" if "en" in self.deck.languages else self.deck.languages[0]
        self.ids = tuple(card.id for card in cards)
        self.number = tuple(int(card.get("number") or 0) for card in cards)
        self.bonus = tuple(int(card.get("bonus") or 0) for card in cards)
        self.laid_out = tuple(bool(card.get("laid_out")) for card in cards)
        self.prize = tuple(card.kind == "prize" for card in cards)
        penalties = [card.get("penalty") for card in cards]
        self.penalty_take = tuple(NO_PENALTY if not pen else TAKE_STOCK_ONLY if pen["take"] == "stock" else TAKE_NONE
                                  for pen in penalties)
        self.penalty_owe = tuple(int(pen["discard"]) if pen else 0 for pen in penalties)
        self.penalty_name = tuple(_penalty_name(t, o) if t else "" for t, o in zip(self.penalty_take,
                                                                                 self.penalty_owe))
        self.label = tuple(f"{card.name(lang)} ({card.get('colour')})" if card.get("colour") else card.name(lang)
                           for card in cards)
        self.top = max(self.number)
        self.cards = len(cards)

    def new_game(self, rng: random.Random, starter: int | None = None) -> "RychleSipyState":
        """Shuffle and deal; the first dealer is random, or the seat before a named starter (a series)."""
        dealer = rng.randrange(self.players) if starter is None else (starter - 1) % self.players
        order = list(range(self.cards))
        rng.shuffle(order)
        return RychleSipyState(self, order, dealer)

    def next_starter(self, previous: GameResult | None) -> int | None:
        """Pass the deal clockwise (RULES.md): the seat after the previous game's first player starts."""
        if previous is None or not previous.extra.get("starts_by_seat"):
            return None
        (first,) = previous.extra["starts_by_seat"]
        return (int(first) + 1) % self.players

    def expected_effects(self) -> set[str]:
        """Return the effects this deck's cards should show in seeded play: bonuses, each penalty, the Ježek."""
        found = {name for name in self.penalty_name if name}
        if any(self.bonus):
            found.add("bonus")
        if any(self.prize):
            found.add("jezek-set-aside")
        return found

    def greedy_action(self, state: "RychleSipyState", rng: random.Random) -> int:
        """Choose as the greedy player (greedy.py)."""
        if state.phase == TAKE:
            return self.greedy.greedy_take(self, state)
        return self.greedy.greedy_discard(self, state)


class RychleSipyState(State):
    """One game: stock and discard pile (top = last), hands, each player's laid cards by number, the Ježek aside."""

    openspiel = False  # plays through the legacy loop until it moves to chance nodes

    __slots__ = ("engine", "n", "stock", "pile", "hands", "slots", "prefix", "started", "aside", "current_player",
                 "first", "turns", "player_turns", "phase", "legal", "owed", "serving", "discarded", "pending",
                 "bound", "bound_turns", "grew", "chose", "hand_before", "from_pile", "stalled", "winner", "stalemate",
                 "plays", "effects", "log", "dealing", "dealt_duplicates")

    def __init__(self, engine: RychleSipyEngine, order: list[int], dealer: int):
        n = self.n = engine.players
        self.engine, self.stock, self.pile, self.aside = engine, order, [], []
        self.hands = [[] for _ in range(n)]
        self.slots = [[-1] * (engine.top + 1) for _ in range(n)]  # slots[p][number]: the card laid there, or -1
        self.prefix, self.started = [0] * n, [False] * n          # prefix: numbers 1..prefix laid without a gap
        self.first = self.current_player = (dealer + 1) % n
        self.turns = self.player_turns = self.owed = self.stalled = 0
        self.phase, self.legal, self.winner, self.stalemate = START, [], -1, False
        self.serving = self.discarded = self.pending = self.grew = self.chose = False
        self.bound, self.hand_before, self.from_pile = -1, None, -1
        self.bound_turns = engine.info.max_turns(n)  # also a bound on turns, which may pass without a decision
        self.plays = [[0] * engine.cards for _ in range(n)]
        self.effects = Counter()
        self.log = [] if engine.trace else None
        self._deal()
        self._settle()

    # --- the deal ------------------------------------------------------------------------------------------------

    def _deal(self) -> None:
        """Deal 4 each from the first player on; set the Ježek aside; discard dealt duplicates in seat order."""
        self.dealing, self.dealt_duplicates = True, []
        seats = [(self.first + i) % self.n for i in range(self.n)]
        for _ in range(DEAL):
            for seat in seats:
                card = self._draw(rebuild=False)
                if card >= 0:
                    self._obtain(seat, card, rebuild=False)
        self.dealing = False
        for seat in seats:  # RULES.md: a second copy dealt is discarded with its bonus before the first turn
            for owner, card in self.dealt_duplicates:
                if owner == seat:
                    self._duplicate(seat, card)
        self.pending = False  # discards before the first turn bind no one
        self._say("seat {} has dealt; seat {} starts", (self.first - 1) % self.n, self.first)

    # --- moving cards --------------------------------------------------------------------------------------------

    def _draw(self, rebuild: bool) -> int:
        """Draw the top of the stock, or -1; a turn's take rebuilds an empty stock, a bonus draw never does."""
        if not self.stock:
            if not rebuild or len(self.pile) < 2:
                return -1
            self._rebuild()
        return self.stock.pop()

    def _rebuild(self) -> None:
        """Turn the discard pile but its top over as the stock, unshuffled: the oldest discard is drawn first."""
        pile = self.pile
        self.stock = pile[-2::-1]
        self.pile = [pile[-1]]
        self.effects["stock-rebuilt"] += 1
        self._say("the stock is rebuilt from {} discards", len(self.stock))

    def _obtain(self, p: int, card: int, rebuild: bool) -> None:
        """Give a drawn or taken card to p: the Ježek goes aside and is replaced, a laid-out card goes in front."""
        engine = self.engine
        while engine.prize[card]:
            self.aside.append(card)
            self.effects["jezek-set-aside"] += 1
            self._say("seat {} sets {} aside and draws a replacement", p, engine.label[card])
            card = self._draw(rebuild)
            if card < 0:
                return
            self._say("seat {} draws {}", p, engine.label[card])
        number = engine.number[card]
        if not engine.laid_out[card]:
            self.hands[p].append(card)
        elif self.slots[p][number] < 0:
            self._lay(p, card)
        else:
            self._duplicate(p, card)
            return
        # only the missing next number can extend a row; only one of 1-5 can complete the start of one
        if number == self.prefix[p] + 1 or (number <= engine.start and not self.started[p]):
            self._extend(p)

    def _duplicate(self, p: int, card: int) -> None:
        """Discard a second laid-out card at once: with its bonus as the turn's discard, or as an owed discard."""
        if self.dealing:
            self.dealt_duplicates.append((p, card))
            return
        self.effects["duplicate-discarded"] += 1
        self._say("seat {} already has {} laid out and must discard it", p, self.engine.label[card])
        if self.serving:  # RULES.md: one of the owed discards, with no bonus
            self.owed = max(0, self.owed - 1)
            self._discard(p, card, bonus=False)
        else:
            self.discarded = True
            self._discard(p, card, bonus=True)

    def _discard(self, p: int, card: int, bonus: bool) -> None:
        """Lay a card on the discard pile; outside a penalty its discarder draws its bonus from the stock."""
        engine = self.engine
        self.pile.append(card)
        self.plays[p][card] += 1
        self.pending = engine.penalty_take[card] != NO_PENALTY  # only the top card's penalty binds
        self._say("seat {} discards {}", p, engine.label[card])
        if bonus and engine.bonus[card]:
            self.effects["bonus"] += 1
            self._say("seat {} may draw {} as a bonus", p, engine.bonus[card])
            for _ in range(engine.bonus[card]):
                drawn = self._draw(rebuild=False)  # RULES.md: bonus draws never rebuild the stock
                if drawn < 0:
                    self._say("the stock is empty: the rest of the bonus is lost")
                    break
                self._say("seat {} draws {}", p, engine.label[drawn])
                self._obtain(p, drawn, rebuild=False)

    def _lay(self, p: int, card: int) -> None:
        """Lay a card out in front of p, in its number's place."""
        self.slots[p][self.engine.number[card]] = card
        self.plays[p][card] += 1
        self.grew = True

    def _extend(self, p: int) -> None:
        """Lay out the row the moment 1-5 are held, then each next number the moment it is held (RULES.md)."""
        number, hand, slots = self.engine.number, self.hands[p], self.slots[p]
        if not self.started[p]:
            held = {number[c] for c in hand}
            if any(slots[k] < 0 and k not in held for k in range(1, self.engine.start + 1)):
                return
            self.started[p] = True
        k, top, before = self.prefix[p], self.engine.top, self.prefix[p]
        while k < top:
            if slots[k + 1] < 0:
                card = next((c for c in hand if number[c] == k + 1), -1)
                if card < 0:
                    break
                hand.remove(card)
                self._lay(p, card)
            k += 1
        self.prefix[p] = k
        if k > before:
            self._say("seat {}'s row reaches {}", p, k)

    def _say(self, text: str, *args) -> None:
        """Record a line of the trace (formatted only when tracing)."""
        if self.log is not None:
            self.log.append(text.format(*args))

    # --- turns ---------------------------------------------------------------------------------------------------

    def _settle(self) -> None:
        """Run the game on until the current player has a real choice (two or more actions) or it is over."""
        while True:
            if self.phase == START:
                self._start_turn(self.current_player)
            elif self.phase == OVER or len(self.legal) != 1:
                return
            else:
                self._do(self.legal[0])

    def _start_turn(self, p: int) -> None:
        """Serve the penalty that binds p, or offer p the turn's take."""
        self.grew = self.discarded = self.pending = self.chose = False
        self.from_pile = -1
        self.hand_before = None if self.stock else self.hands[p][:]  # for finding a stalemate
        if self.bound == p:
            self.bound = -1
            self._serve(p)
        else:
            self._offer_take(p)

    def _serve(self, p: int) -> None:
        """Serve the top discard's penalty: take as it allows, then owe its discards (RULES.md)."""
        engine, card = self.engine, self.pile[-1]
        self.effects[engine.penalty_name[card]] += 1
        self._say("seat {} serves the penalty of {}: {}", p, engine.label[card], engine.penalty_name[card][8:])
        self.serving, self.owed = True, engine.penalty_owe[card]
        if engine.penalty_take[card] == TAKE_STOCK_ONLY:
            drawn = self._draw(rebuild=True)
            if drawn >= 0:
                self._say("seat {} takes {} from the stock", p, engine.label[drawn])
                self._obtain(p, drawn, rebuild=True)
        self._offer_owed(p)

    def _offer_owed(self, p: int) -> None:
        """Offer the owed discards: hand cards first, then laid-out ones; what nobody can pay is forgiven."""
        if self.owed:
            hand = self.hands[p]
            cards = hand if hand else [c for c in self.slots[p] if c >= 0]
            if cards:
                self.phase, self.legal = OWING, [DISCARD + c for c in cards]
                return
            self.effects["penalty-forgiven"] += 1
            self._say("seat {} has no card left: {} owed discard(s) forgiven", p, self.owed)
        self.serving, self.owed = False, 0
        self._end_turn(p)

    def _offer_take(self, p: int) -> None:
        """Offer the stock and the top discard where allowed; a complete row holding cards need not take."""
        legal, pile = [], self.pile
        if self.stock or len(pile) >= 2:
            legal.append(TAKE_STOCK)
        if pile and self.slots[p][self.engine.number[pile[-1]]] < 0:
            legal.append(TAKE_DISCARD)
        if self.prefix[p] == self.engine.top and self.hands[p]:
            legal.append(NO_TAKE)
        if legal:
            self.phase, self.legal = TAKE, legal
        elif self.hands[p]:  # RULES.md: nothing to take, so the player must discard one card
            self.effects["nothing-to-take"] += 1
            self._offer_discard(p, compulsory=True)
        else:
            self.effects["pass"] += 1
            self._say("seat {} can neither take nor discard: passes", p)
            self._end_turn(p)

    def _after_take(self, p: int) -> None:
        """Close with exactly one card left over a complete row; else offer the turn's discard."""
        complete = self.prefix[p] == self.engine.top
        if complete and len(self.hands[p]) == 1:
            self._close(p)
        elif self.discarded:
            self._end_turn(p)
        else:
            self._offer_discard(p, compulsory=complete)

    def _offer_discard(self, p: int, compulsory: bool) -> None:
        """Offer to discard one hand card, or none unless the discard is compulsory."""
        hand = self.hands[p]
        if not hand:
            self._end_turn(p)
            return
        legal = [DISCARD + c for c in hand]
        if not compulsory:
            legal.append(NO_DISCARD)
        self.phase, self.legal = DISCARDING, legal

    def _end_turn(self, p: int) -> None:
        """Bind the next player by a penalty discarded this turn; find a stalemate; pass play on."""
        self.player_turns += 1
        nxt = (p + 1) % self.n
        if self.pending:
            self.bound = nxt
        if self.chose or self.grew or self.stock or self.hand_before is None or self.hands[p] != self.hand_before:
            self.stalled = 0
        else:
            self.stalled += 1
        if self.stalled >= self.n or self.player_turns >= self.bound_turns:
            self.stalemate, self.phase, self.legal = True, OVER, []
            self._say("stalemate: {}", "a whole round in which nothing could change" if self.stalled >= self.n
                      else f"{self.player_turns} turns, the game's bound")
        else:
            self.current_player, self.phase = nxt, START

    def _close(self, p: int) -> None:
        """Discard the last card face down and win the Ježek (RULES.md: +1 point)."""
        card = self.hands[p].pop()
        self.pile.append(card)
        self.plays[p][card] += 1
        for prize in range(self.engine.cards):  # the winner takes the Ježek, set aside or not
            if self.engine.prize[prize]:
                self.plays[p][prize] += 1
        self.effects["closed"] += 1
        self._say("seat {} discards the last card face down, closes the row and wins the Ježek", p)
        self.winner, self.phase, self.legal = p, OVER, []

    # --- the interface -------------------------------------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """Return the current player's actions (computed once per step)."""
        return self.legal

    def apply(self, action: int) -> None:
        """Apply the current player's choice, then run the game on to the next real choice."""
        if action not in self.legal:
            raise ValueError(f"action {action} is not legal here; legal: {self.legal}")
        self.turns += 1
        self.chose = True
        self._do(action)
        self._settle()

    def _do(self, action: int) -> None:
        p = self.current_player
        if action >= DISCARD:
            self._do_discard(p, action - DISCARD)
        elif action == TAKE_STOCK:
            card = self._draw(rebuild=True)
            self._say("seat {} takes {} from the stock", p, self.engine.label[card])
            self._obtain(p, card, rebuild=True)
            self._after_take(p)
        elif action == TAKE_DISCARD:
            card = self.from_pile = self.pile.pop()
            self._say("seat {} takes {} from the discard pile", p, self.engine.label[card])
            self._obtain(p, card, rebuild=True)
            self._after_take(p)
        elif action == NO_TAKE:
            self._after_take(p)
        else:
            self._end_turn(p)

    def _do_discard(self, p: int, card: int) -> None:
        """Discard a card as the turn's discard (with its bonus) or as an owed one (breaking the row if laid)."""
        if self.phase == DISCARDING:
            self.hands[p].remove(card)
            self.discarded = True
            self._discard(p, card, bonus=True)
            self._end_turn(p)
            return
        number = self.engine.number[card]
        if self.slots[p][number] == card:
            self.slots[p][number] = -1
            self.prefix[p] = min(self.prefix[p], number - 1)
            self.effects["row-broken"] += 1
            self._say("seat {} has an empty hand and takes {} out of the row", p, self.engine.label[card])
        else:
            self.hands[p].remove(card)
        self.owed -= 1
        self._discard(p, card, bonus=False)  # RULES.md: a card discarded to serve a penalty gives no bonus
        self._offer_owed(p)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def result(self) -> GameResult:
        """Report the winner (+1 point), places by row length, plays per seat and the effects seen."""
        engine, n, winner = self.engine, self.n, self.winner
        plays = [Counter() for _ in range(n)]
        for seat, counts in zip(plays, self.plays):
            for card in (card for card, times in enumerate(counts) if times):
                seat[engine.ids[card]] += counts[card]
        extra = {"starts_by_seat": {self.first: 1}, "round_stalls": int(self.stalled >= n),
                 "player_turns": self.player_turns}
        places = []
        if winner >= 0:
            extra["jezek_by_seat"] = {winner: 1}
            others = sorted(range(n), key=lambda s: (-self.prefix[s], (s - winner) % n))
            places = [winner] + [s for s in others if s != winner]
        if self.log is not None:
            extra["log"] = list(self.log)
        return GameResult(players=n, finished=winner >= 0, stalemate=self.stalemate, turns=self.turns,
                          winners=[winner] if winner >= 0 else [], places=places,
                          scores=[int(s == winner) for s in range(n)], plays=plays, effects=Counter(self.effects),
                          extra=extra)

    def check_invariants(self) -> None:
        """Raise InvariantError when a card is lost or doubled, a row is out of order or a card should be laid."""
        engine = self.engine
        where = self.stock + self.pile + self.aside + [c for hand in self.hands for c in hand]
        where += [c for slots in self.slots for c in slots if c >= 0]
        if sorted(where) != list(range(engine.cards)):
            missing = set(range(engine.cards)) - set(where)
            doubled = [c for c, k in Counter(where).items() if k > 1]
            raise InvariantError(f"cards lost {sorted(missing)} or doubled {sorted(doubled)}")
        if not 0 <= self.current_player < self.n:
            raise InvariantError(f"current player {self.current_player} is not a seat of {self.n}")
        if self.turns > engine.info.max_turns(self.n):
            raise InvariantError(f"{self.turns} decisions exceed the bound")
        for p in range(self.n):
            self._check_seat(p)

    def _check_seat(self, p: int) -> None:
        engine, slots, k = self.engine, self.slots[p], self.prefix[p]
        if any(slots[j] >= 0 and engine.number[slots[j]] != j for j in range(len(slots))):
            raise InvariantError(f"seat {p}: a laid card is out of its place")
        if any(slots[j] < 0 for j in range(1, k + 1)) or (k < engine.top and slots[k + 1] >= 0 and self.started[p]):
            raise InvariantError(f"seat {p}: the row 1..{k} has a gap or stops short of a laid card")
        for card in self.hands[p]:
            if engine.prize[card] or engine.laid_out[card]:
                raise InvariantError(f"seat {p} holds {engine.ids[card]}, which is never held")
            if self.started[p] and engine.number[card] == k + 1:
                raise InvariantError(f"seat {p} holds {engine.ids[card]}, which must be laid in the row")
        held = {engine.number[c] for c in self.hands[p]} | {j for j, c in enumerate(slots) if c >= 0}
        if not self.started[p] and held.issuperset(range(1, engine.start + 1)):
            raise InvariantError(f"seat {p} holds 1-{engine.start} but has not laid out the row")

    def __str__(self) -> str:
        engine = self.engine
        top = engine.label[self.pile[-1]] if self.pile else "nothing"
        lines = [f"turn {self.player_turns}, seat {self.current_player} to play; stock {len(self.stock)}, "
                 f"discard pile {len(self.pile)} (top: {top})"]
        for p in range(self.n):
            laid = " ".join(str(j) for j, c in enumerate(self.slots[p]) if c >= 0)
            hand = ", ".join(engine.label[c] for c in self.hands[p])
            lines.append(f"seat {p}: row to {self.prefix[p]} (laid: {laid or '-'}); hand: {hand or '-'}")
        return "\n".join(lines)
