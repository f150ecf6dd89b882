"""Záhada hlavolamu a Rychlé šípy: one game in progress, from the choice of the first dealer to its end.

Rules: ../shared/seeds/rychle-sipy.txt, settled by ../shared/RULES.md; the engine's docstring (engine.py) lists the
choices the engine makes where both are silent. The state runs itself through the steps nobody chooses (`_advance`)
and stops at a seat's real choice or at a chance node. Cards owed from the stock are counted in `draws`: while the
unknown stock has cards each is a chance node, and once it is empty they come from the turned-over stock (`known`,
drawn in order) or are lost; `phase` says where the turn goes on when they are done.
"""
from __future__ import annotations

import random
from bisect import insort
from collections import Counter

from .rules import (AFTER_TAKE, BOUND_STALL, DEAL, DEALER, DEALING, DECIDING, DISCARD, DISCARDING, DUPLICATES,
                    END_TURN, NO_DISCARD, NO_PENALTY, NO_TAKE, NOT_STALLED, OFFER_OWED, OVER, OWING, REPETITION_STALL,
                    ROUND_STALL, START, TAKE, TAKE_DISCARD, TAKE_STOCK, TAKE_STOCK_ONLY)
from .view import RychleSipyView
from ...sim.base import CHANCE, TERMINAL, GameResult, State, uniform_outcomes, uniform_pick


# The turn's take offers, by which takes are open (the stock 1, the top discard 2, none 4): shared, never changed.
TAKE_OFFERS = tuple([action for bit, action in ((1, TAKE_STOCK), (2, TAKE_DISCARD), (4, NO_TAKE)) if offer & bit]
                    for offer in range(8))


class RychleSipyState(RychleSipyView, State):
    """One game: the unknown stock, the turned-over stock and the discard pile (top = last), hands (sorted), each
    player's laid cards by number, the Ježek aside, and the hash of the position with the positions seen."""

    __slots__ = ("engine", "keys", "n", "player", "seat", "dealer", "first", "phase", "legal", "turns",
                 "player_turns", "stock", "known", "pile", "hands", "slots", "prefix", "started", "aside", "dups",
                 "dealt", "draws", "redraw", "drawer", "owed", "serving", "discarded", "pending", "bound",
                 "chose", "from_pile", "zhash", "seen", "epoch", "turn_key", "turn_epoch", "stalled", "stall",
                 "winner", "limit", "plays", "effects", "log", "history")

    def __init__(self, engine, dealer: int | None):
        n = self.n = engine.players
        self.engine, self.keys = engine, engine.keys
        self.stock = list(range(engine.cards))  # unknown order: a draw picks one at random (a chance node)
        self.known, self.pile, self.aside, self.dups, self.legal, self.history = [], [], [], [], [], []
        self.hands = [[] for _ in range(n)]
        self.slots = [[-1] * (engine.top + 1) for _ in range(n)]  # slots[p][number]: the card laid there, or -1
        self.prefix, self.started = [0] * n, [False] * n          # prefix: numbers 1..prefix laid without a gap
        self.turns = self.player_turns = self.dealt = self.draws = self.owed = 0
        self.redraw = self.serving = self.discarded = self.pending = self.chose = False
        self.bound = self.from_pile = self.winner = self.drawer = self.turn_key = -1
        self.zhash = self.epoch = self.turn_epoch = self.stalled = 0
        self.stall, self.seen, self.limit = NOT_STALLED, {}, engine.info.max_turns(n)
        self.plays = [[0] * engine.cards for _ in range(n)]
        self.effects = Counter()
        self.log = [] if engine.trace else None
        self.dealer = self.first = self.seat = -1
        self.player, self.phase = CHANCE, DEALER
        if dealer is not None:
            self._set_dealer(dealer)
        self._advance()

    def _set_dealer(self, dealer: int) -> None:
        self.dealer, self.first = dealer, (dealer + 1) % self.n
        self.seat, self.phase = self.first, DEALING

    # --- the interface -------------------------------------------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        """Return the seat's actions, ascending (computed once per step, maybe shared: do not change the list)."""
        return self.legal

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == DEALER:
            return uniform_outcomes(range(self.n))
        return uniform_outcomes(sorted(self.stock))

    def sample_chance(self, rng: random.Random) -> int:
        """Draw a chance outcome uniformly: a card of the unknown stock, or a seat to deal. The card is drawn as
        `rng.choice(stock)` draws it (the same bits, the same card), without its two calls."""
        if self.phase == DEALER:
            return rng.randrange(self.n)
        return uniform_pick(rng, self.stock)

    def _apply_action(self, action: int) -> None:
        """Apply a seat's choice or a chance outcome, then run the game on to the next choice or chance node."""
        if self.player != CHANCE:
            self.turns += 1
            self.chose = True
            self._do(action)
        elif self.draws:  # a card owed from the unknown stock
            self.stock.remove(action)
            self.draws -= 1
            self.epoch += 1  # the unknown stock shrank: no earlier position can arise again
            if self.seen:
                self.seen.clear()
            p = self.drawer
            self.history.append(~(action * self.n + p))
            if self.log is not None:
                self._say("seat {} {} {}", p, "takes" if self.redraw else "draws", self.engine.label[action])
            self._obtain(p, action)
        else:
            self._deal(action)
            if self.phase == DEALING and self.dealt < DEAL * self.n and self.stock:
                return  # the next card of the deal is chance's again
        self._advance()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def standings(self) -> list[float]:
        """Return who is ahead: the longer the row laid out without a gap, the better; the winner, who closed the
        row (RULES.md), above everyone."""
        return [float(self.engine.top + 1 if seat == self.winner else laid) for seat, laid in enumerate(self.prefix)]

    def result(self) -> GameResult:
        """Report the winner (+1 point), places by row length, plays per seat and the effects seen."""
        engine, n, winner = self.engine, self.n, self.winner
        ids = engine.ids
        plays = [Counter({ids[card]: times for card, times in enumerate(counts) if times}) for counts in self.plays]
        figures = {"round_stalls": int(self.stall == ROUND_STALL),
                   "repetition_stalls": int(self.stall == REPETITION_STALL), "player_turns": self.player_turns}
        if self.first >= 0:
            figures["starts_by_seat"] = {str(self.first): 1}
        places = []
        if winner >= 0:
            figures["jezek_by_seat"] = {str(winner): 1}
            others = sorted(range(n), key=lambda s: (-self.prefix[s], (s - winner) % n))
            places = [winner] + [s for s in others if s != winner]
        return GameResult(players=n, finished=winner >= 0, stalemate=self.stall != NOT_STALLED, turns=self.turns,
                          winners=[winner] if winner >= 0 else [], places=places,
                          scores=[int(s == winner) for s in range(n)], plays=plays, effects=Counter(self.effects),
                          figures=figures, log=None if self.log is None else list(self.log))

    def clone(self) -> "RychleSipyState":
        """Return an independent copy sharing the engine (lists copied, no deepcopy)."""
        new = object.__new__(RychleSipyState)
        (new.engine, new.keys, new.n, new.player, new.seat, new.dealer, new.first, new.phase, new.turns,
         new.player_turns, new.dealt, new.draws, new.redraw, new.drawer, new.owed, new.serving, new.discarded,
         new.pending, new.bound, new.chose, new.from_pile, new.zhash, new.epoch, new.turn_key, new.turn_epoch,
         new.stalled, new.stall, new.winner, new.limit) = (
            self.engine, self.keys, self.n, self.player, self.seat, self.dealer, self.first, self.phase, self.turns,
            self.player_turns, self.dealt, self.draws, self.redraw, self.drawer, self.owed, self.serving,
            self.discarded, self.pending, self.bound, self.chose, self.from_pile, self.zhash, self.epoch,
            self.turn_key, self.turn_epoch, self.stalled, self.stall, self.winner, self.limit)
        new.legal, new.stock, new.known, new.pile = self.legal[:], self.stock[:], self.known[:], self.pile[:]
        new.aside, new.dups, new.history, new.prefix = self.aside[:], self.dups[:], self.history[:], self.prefix[:]
        new.started, new.seen, new.effects = self.started[:], dict(self.seen), Counter(self.effects)
        new.hands = [hand[:] for hand in self.hands]
        new.slots = [slots[:] for slots in self.slots]
        new.plays = [counts[:] for counts in self.plays]
        new.log = None if self.log is None else self.log[:]
        return new

    # --- running the game on -------------------------------------------------------------------------------------

    def _advance(self) -> None:
        """Run the steps nobody chooses until a seat has a real choice (two or more actions), chance decides, or the
        game is over."""
        while True:
            if self.draws:
                if self.stock:
                    self.player = CHANCE
                    return
                self._draw_known()
                continue
            phase = self.phase
            if phase <= DECIDING:
                if len(self.legal) > 1:
                    self.player = self.seat
                    return
                self._do(self.legal[0])
            elif phase == START:
                self._start_turn(self.seat)
            elif phase == END_TURN:
                self._end_turn(self.seat)
            elif phase == AFTER_TAKE:
                self._after_take(self.seat)
            elif phase == OFFER_OWED:
                self._offer_owed(self.seat)
            elif phase == DEALING:
                if self.dealt < DEAL * self.n and self.stock:
                    self.player = CHANCE
                    return
                self._finish_deal()
            elif phase == DUPLICATES:
                self._next_duplicate()
            elif phase == DEALER:
                self.player = CHANCE
                return
            else:
                self.player = TERMINAL
                return

    def _deal(self, outcome: int) -> None:
        """Apply a chance outcome of the deal: the first dealer, or the next card dealt."""
        n = self.n
        if self.phase == DEALER:
            self.history.append(~((self.engine.cards + 1) * n + outcome))
            self._set_dealer(outcome)
            return
        self.stock.remove(outcome)
        seat = (self.first + self.dealt) % n
        self.history.append(~(outcome * n + seat))
        self.dealt += not self.engine.prize[outcome]  # RULES.md: the Ježek dealt is replaced by the next card
        self._obtain(seat, outcome)

    def _draw_known(self) -> None:
        """Draw an owed card from the turned-over stock; rebuild it if a take may; else the draws are lost."""
        known = self.known
        if known:
            card = known.pop()
            self.draws -= 1
            if self.log is not None:
                self._say("seat {} {} {}", self.drawer, "takes" if self.redraw else "draws", self.engine.label[card])
            self._obtain(self.drawer, card)
        elif self.redraw and len(self.pile) >= 2:
            self._rebuild()
        else:
            if not self.redraw:
                self._say("the stock is empty: the rest of the bonus is lost")
            self.draws = 0

    def _rebuild(self) -> None:
        """Turn the discard pile but its top over as the stock, unshuffled: the oldest discard is drawn first."""
        pile = self.pile
        self.known, self.pile = pile[-2::-1], [pile[-1]]
        self.effects["stock-rebuilt"] += 1
        if self.log is not None:
            self._say("the stock is rebuilt from {} discards", len(self.known))

    def _finish_deal(self) -> None:
        """Order the dealt duplicates by seat from the first player (RULES.md: discarded in seat order)."""
        first, n = self.first, self.n
        self.dups.sort(key=lambda dup: (dup[0] - first) % n)
        self.phase = DUPLICATES

    def _next_duplicate(self) -> None:
        """Discard the next dealt duplicate with its bonus; when none is left, the first turn begins."""
        if self.dups:
            owner, card = self.dups.pop(0)
            self._duplicate(owner, card)
            return
        self.pending = False  # discards before the first turn bind no one
        self._say("seat {} has dealt; seat {} starts", self.dealer, self.first)
        self.phase = START

    # --- moving cards (each move keeps the position's hash up to date) -----------------------------------------

    def _from_hand(self, p: int, card: int) -> None:
        self.hands[p].remove(card)
        self.zhash ^= self.keys.hand[p][card]

    def _lay(self, p: int, card: int) -> None:
        """Lay a card out in front of p, in its number's place."""
        self.slots[p][self.engine.number[card]] = card
        self.zhash ^= self.keys.slot[p][card]
        self.plays[p][card] += 1

    def _unlay(self, p: int, card: int) -> None:
        """Take a laid card back from p's row (to serve a penalty with an empty hand): the row breaks there."""
        number = self.engine.number[card]
        self.slots[p][number] = -1
        self.zhash ^= self.keys.slot[p][card]
        self.prefix[p] = min(self.prefix[p], number - 1)

    def _obtain(self, p: int, card: int) -> None:
        """Give a dealt, drawn or taken card to p: the Ježek goes aside and is replaced, a laid-out card goes in
        front, a second laid-out card is discarded at once."""
        engine = self.engine
        if engine.prize[card]:
            self.aside.append(card)
            self.effects["jezek-set-aside"] += 1
            self._say("seat {} sets {} aside and draws a replacement", p, engine.label[card])
            if self.phase != DEALING:  # in the deal, the next card dealt is the replacement
                self.draws += 1
            return
        number = engine.number[card]
        if not engine.laid_out[card]:
            insort(self.hands[p], card)
            self.zhash ^= self.keys.hand[p][card]
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
        if self.phase == DEALING:  # RULES.md: a second copy dealt is discarded with its bonus before the first turn
            self.dups.append((p, card))
            return
        self.effects["duplicate-discarded"] += 1
        if self.log is not None:
            self._say("seat {} already has {} laid out and must discard it", p, self.engine.label[card])
        if self.serving:  # RULES.md: one of the owed discards, with no bonus
            self.owed = max(0, self.owed - 1)
            self._discard(p, card, bonus=False)
        else:
            self.discarded = True
            self._discard(p, card, bonus=True)

    def _discard(self, p: int, card: int, bonus: bool) -> None:
        """Lay a card on the discard pile; outside a penalty its discarder owes the draws of its bonus."""
        engine = self.engine
        self.pile.append(card)
        self.plays[p][card] += 1
        self.pending = engine.penalty_take[card] != NO_PENALTY  # only the top card's penalty binds
        if self.log is not None:
            self._say("seat {} discards {}", p, engine.label[card])
        if bonus and engine.bonus[card]:
            self.effects["bonus"] += 1
            if self.log is not None:
                self._say("seat {} may draw {} as a bonus", p, engine.bonus[card])
            self.draws += engine.bonus[card]
            self.redraw, self.drawer = False, p  # RULES.md: bonus draws never rebuild the stock

    def _extend(self, p: int) -> None:
        """Lay out the row the moment 1-5 are held, then each next number the moment it is held (RULES.md)."""
        engine = self.engine
        number, hand, slots = engine.number, self.hands[p], self.slots[p]
        if not self.started[p]:
            held = [number[c] for c in hand]
            for k in range(1, engine.start + 1):
                if slots[k] < 0 and k not in held:
                    return
            self.started[p] = True
            self.zhash ^= self.keys.started[p]
        k = before = self.prefix[p]
        while k < engine.top:
            k += 1
            if slots[k] < 0:
                for card in hand:
                    if number[card] == k:
                        break
                else:
                    k -= 1
                    break
                self._from_hand(p, card)
                self._lay(p, card)
        self.prefix[p] = k
        if k > before and self.log is not None:
            self._say("seat {}'s row reaches {}", p, k)

    def _say(self, text: str, *args) -> None:
        """Record a line of the trace (formatted only when tracing)."""
        if self.log is not None:
            self.log.append(text.format(*args))

    # --- turns ---------------------------------------------------------------------------------------------------

    def _start_turn(self, p: int) -> None:
        """Stall the game if its position arises for the third time; else serve the penalty that binds p, or offer
        p the turn's take."""
        self.discarded = self.pending = self.chose = False
        self.from_pile = -1
        key = self._position_key(p)
        seen = self.seen
        if seen and seen.get(key, 0) >= 2:
            self._stall(REPETITION_STALL, "the same position arises for the third time")
            return
        self.turn_key, self.turn_epoch = key, self.epoch
        if self.bound == p:
            self.bound = -1
            self._serve(p)
        else:
            self._offer_take(p)

    def _position_key(self, p: int) -> int:
        """Hash the position with p to move: hands and rows (kept as they change), the turned-over stock, the
        pile, the seat, and whether a penalty waits for it."""
        return hash((self.zhash, p, self.bound == p, tuple(self.known), tuple(self.pile)))

    def _serve(self, p: int) -> None:
        """Serve the top discard's penalty: take as it allows, then owe its discards (RULES.md)."""
        engine, card = self.engine, self.pile[-1]
        self.effects[engine.penalty_name[card]] += 1
        if self.log is not None:
            self._say("seat {} serves the penalty of {}: {}", p, engine.label[card], engine.penalty_name[card][8:])
        self.serving, self.owed = True, engine.penalty_owe[card]
        if engine.penalty_take[card] == TAKE_STOCK_ONLY:
            self.draws, self.redraw, self.drawer, self.phase = 1, True, p, OFFER_OWED
        else:
            self._offer_owed(p)

    def _offer_owed(self, p: int) -> None:
        """Offer the owed discards: hand cards first, then laid-out ones; what nobody can pay is forgiven."""
        if self.owed:
            cards = self.hands[p] or sorted(c for c in self.slots[p] if c >= 0)
            if cards:
                self.phase, self.legal = OWING, [DISCARD + c for c in cards]
                return
            self.effects["penalty-forgiven"] += 1
            self._say("seat {} has no card left: {} owed discard(s) forgiven", p, self.owed)
        self.serving, self.owed = False, 0
        self._end_turn(p)

    def _offer_take(self, p: int) -> None:
        """Offer the stock and the top discard where allowed; a complete row holding cards need not take."""
        pile, engine, offer = self.pile, self.engine, 0
        if self.stock or self.known or len(pile) >= 2:
            offer = 1
        if pile and self.slots[p][engine.number[pile[-1]]] < 0:
            offer |= 2
        if self.prefix[p] == engine.top and self.hands[p]:
            offer |= 4
        if offer:
            self.phase, self.legal = TAKE, TAKE_OFFERS[offer]
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
            legal.insert(0, NO_DISCARD)
        self.phase, self.legal = DISCARDING, legal

    def _end_turn(self, p: int) -> None:
        """Bind the next player by a penalty discarded this turn; count the position the turn began in; find a
        stalled round; pass play on."""
        self.player_turns += 1
        nxt = (p + 1) % self.n
        if self.pending:
            self.bound = nxt
        if self.epoch == self.turn_epoch:
            # Only now is the turn's first position known to be one that can arise again: no card came from the
            # unknown stock. A turn without a choice that ends where it began (a served penalty never does, by its
            # key) changed nothing.
            key, seen = self.turn_key, self.seen
            seen[key] = seen.get(key, 0) + 1
            if self.chose or key != self._position_key(p):
                self.stalled = 0
            else:
                self.stalled += 1
        else:
            self.stalled = 0
        if self.stalled >= self.n:
            self._stall(ROUND_STALL, "a whole round in which nobody had a choice and nothing changed")
        elif self.player_turns >= self.limit:  # a guard: the rules above end every game long before
            self._stall(BOUND_STALL, f"{self.player_turns} turns, the game's bound")
        else:  # (a chain of turns without a choice or a draw is short: passes and lost turns stall within a round)
            self.seat = nxt
            self._start_turn(nxt)

    def _stall(self, reason: int, why: str) -> None:
        self.stall, self.phase, self.legal = reason, OVER, []
        self._say("stalemate: {}", why)

    def _close(self, p: int) -> None:
        """Discard the last card face down and win the Ježek (RULES.md: +1 point)."""
        card = self.hands[p][-1]
        self._from_hand(p, card)
        self.pile.append(card)  # face down
        self.plays[p][card] += 1
        for prize in range(self.engine.cards):  # the winner takes the Ježek, set aside or not
            if self.engine.prize[prize]:
                self.plays[p][prize] += 1
        self.effects["closed"] += 1
        self._say("seat {} discards the last card face down, closes the row and wins the Ježek", p)
        self.winner, self.phase, self.legal = p, OVER, []

    # --- a seat's choice ---------------------------------------------------------------------------------------------

    def _do(self, action: int) -> None:
        """Apply the seat's action (a choice, or the only action it has)."""
        p = self.seat
        self.history.append(action * self.n + p)
        if action >= DISCARD:
            card = action - DISCARD
            if self.phase == DISCARDING:
                self.hands[p].remove(card)
                self.zhash ^= self.keys.hand[p][card]
                self.discarded = True
                self._discard(p, card, bonus=True)
                while self.draws and not self.stock:  # a bonus from the turned-over stock: no chance node
                    self._draw_known()
                if self.draws:  # a bonus from the unknown stock: the turn ends once it is drawn
                    self.phase = END_TURN
                else:
                    self._end_turn(p)
            else:
                self._pay_owed(p, card)
        elif action == TAKE_STOCK:
            self.draws, self.redraw, self.drawer, self.phase = 1, True, p, AFTER_TAKE
            if not self.stock:  # no chance node: the turned-over stock gives its top card
                while self.draws and not self.stock:
                    self._draw_known()
                if not self.draws:
                    self._after_take(p)
        elif action == TAKE_DISCARD:
            card = self.from_pile = self.pile.pop()
            if self.log is not None:
                self._say("seat {} takes {} from the discard pile", p, self.engine.label[card])
            self._obtain(p, card)  # never a card that brings draws: the pile refuses a second laid-out card
            self._after_take(p)
        elif action == NO_TAKE:
            self._after_take(p)
        else:  # NO_DISCARD
            self._end_turn(p)

    def _pay_owed(self, p: int, card: int) -> None:
        """Discard a card owed to a penalty, from the hand or (with an empty hand) from the row, without bonus."""
        if self.slots[p][self.engine.number[card]] == card:
            self._unlay(p, card)
            self.effects["row-broken"] += 1
            self._say("seat {} has an empty hand and takes {} out of the row", p, self.engine.label[card])
        else:
            self._from_hand(p, card)
        self.owed -= 1
        self._discard(p, card, bonus=False)  # RULES.md: a card discarded to serve a penalty gives no bonus
        self._offer_owed(p)

    def _rehash(self) -> None:
        """Compute the position's hash afresh (after arranging or re-dealing cards) and forget the positions seen."""
        self.zhash = self.position_hash()
        self.seen.clear()
