"""Záhada hlavolamu a Rychlé šípy: what a seat may know of a game, the game in words, and its self-checks.

Rules: ../shared/seeds/rychle-sipy.txt and ../shared/RULES.md. Public: every row (laid out face up), the discard
pile, the turned-over stock (made of face-up discards, in a known order), the Ježek aside, how many cards each hand
and the unknown stock hold, and every seat's decisions. Private: the cards in a hand, and which card a draw from the
unknown stock gave, except a card the rules show at once (a laid-out card, the Ježek). `determinize` re-deals what a
seat cannot see, keeping every rule a hand must obey.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import product

from .rules import (AFTER_TAKE, DEALER, DEALING, DISCARD, DISCARDING, DUPLICATES, END_TURN, NO_DISCARD, NO_TAKE,
                    OFFER_OWED, OVER, OWING, REPETITION_STALL, ROUND_STALL, START, TAKE, TAKE_DISCARD, TAKE_STOCK)
from ...sim.base import CHANCE, TERMINAL, InvariantError

PHASE_WORDS = {TAKE: "take a card", DISCARDING: "discard", OWING: "serve a penalty", START: "begin a turn",
               AFTER_TAKE: "finish the take", END_TURN: "end the turn", OFFER_OWED: "serve a penalty",
               DEALER: "be chosen as the dealer", DEALING: "be dealt", DUPLICATES: "discard dealt duplicates",
               OVER: "nothing: the game is over"}
ACTION_WORDS = {TAKE_STOCK: "take from the stock", TAKE_DISCARD: "take the top discard", NO_TAKE: "take nothing",
                NO_DISCARD: "discard nothing"}
REDEALS = 100  # random re-deals tried (uniform among the fitting ones) before the constructive re-deal
NO_BAR = -1    # no number is barred from a hand


class RychleSipyView:
    """The parts of RychleSipyState that describe it rather than play it (a mixin: the state defines the slots)."""

    __slots__ = ()

    # --- words ---------------------------------------------------------------------------------------------------

    def action_to_string(self, player: int, action: int) -> str:
        """Put any action id (or chance outcome, for CHANCE) in words, legal or not; never raise."""
        engine = self.engine
        if not isinstance(action, int):
            return f"{action!r} (not an action id)"
        if player == CHANCE:
            if self.phase == DEALER:
                return f"seat {action} deals first" if 0 <= action < self.n else f"no seat {action}"
            return f"the stock gives {engine.label[action]}" if 0 <= action < engine.cards else f"no card {action}"
        if action in ACTION_WORDS:
            return ACTION_WORDS[action]
        if DISCARD <= action < DISCARD + engine.cards:
            return f"discard {engine.label[action - DISCARD]}"
        return f"action {action} (not an action of this game: 0 to {DISCARD + engine.cards - 1})"

    def __str__(self) -> str:
        """Write the whole state: every card's place, whose move it is and what is owed."""
        labels = self._labels
        lines = [self._header(), f"unknown stock ({len(self.stock)}): {labels(sorted(self.stock))}"]
        lines += self._table()
        lines += [f"seat {p}: {self._row(p)}; hand: {labels(self.hands[p])}" for p in range(self.n)]
        return "\n".join(lines)

    def observation_string(self, player: int) -> str:
        """Write what `player` sees now: the table, their own hand, and how many cards the others hold."""
        lines = [f"seat {player} sees: " + self._header(), f"unknown stock: {len(self.stock)} cards"]
        lines += self._table()
        for p in range(self.n):
            hand = self._labels(self.hands[p]) if p == player else f"{len(self.hands[p])} cards"
            lines.append(f"seat {p}: {self._row(p)}; hand: {hand}")
        return "\n".join(lines)

    def information_state_string(self, player: int) -> str:
        """Write all `player` may know: what they see now and the game so far, without others' hidden draws."""
        return self.observation_string(player) + "\nhistory: " + "; ".join(self._history_words(player))

    def _header(self) -> str:
        words = f"{self.turns} decisions, {self.player_turns} turns, dealer {self.dealer}; "
        if self.phase == OVER:
            return words + self._outcome()
        words += f"seat {self.seat} to {PHASE_WORDS[self.phase]}"
        if self.draws:
            words += f"; seat {self.drawer} owed {self.draws} card(s) from the stock"
        if self.owed:
            words += f"; {self.owed} discard(s) owed"
        if self.bound >= 0:
            words += f"; the top discard's penalty binds seat {self.bound}"
        if self.from_pile >= 0:
            words += f"; taken from the pile: {self.engine.label[self.from_pile]}"
        return words

    def _outcome(self) -> str:
        if self.winner >= 0:
            return f"seat {self.winner} closed the row and won the Ježek"
        why = {ROUND_STALL: "a round changed nothing", REPETITION_STALL: "a position arose a third time"}
        return f"stalemate: {why.get(self.stall, 'the turn bound')}"

    def _table(self) -> list[str]:
        labels = self._labels
        lines = [f"turned-over stock (top last): {labels(self.known)}", f"discard pile (top last): {labels(self.pile)}",
                 f"aside: {labels(self.aside)}"]
        if self.dups:
            lines.append("dealt duplicates to discard: " + ", ".join(f"seat {p} {self.engine.label[c]}"
                                                                      for p, c in self.dups))
        return lines

    def _row(self, p: int) -> str:
        laid = " ".join(str(k) for k, card in enumerate(self.slots[p]) if card >= 0)
        return f"row to {self.prefix[p]} (laid: {laid or '-'})"

    def _labels(self, cards) -> str:
        return ", ".join(self.engine.label[c] for c in cards) or "-"

    def _history_words(self, player: int) -> list[str]:
        """Put the game's events in words as `player` saw them: others' hidden draws are just "a card"."""
        engine, n, words = self.engine, self.n, []
        for event in self.history:
            if event >= 0:
                words.append(f"seat {event % n}: {self.action_to_string(event % n, event // n)}")
                continue
            card, seat = divmod(~event, n)
            if card == engine.cards + 1:
                words.append(f"seat {seat} deals")
            elif card < engine.cards and (seat == player or engine.laid_out[card] or engine.prize[card]):
                words.append(f"seat {seat} gets {engine.label[card]}")
            else:
                words.append(f"seat {seat} gets a card")
        return words

    # --- sampling what a seat cannot see ---------------------------------------------------------------------------

    def determinize(self, player: int, rng: random.Random):
        """Return a clone in which the others' hands and the unknown stock are dealt anew, uniformly among the deals
        that keep every hand's size and the rules of the row (no held card the row should have taken), with the
        Ježek and laid-out cards only in the stock. The clone forgets the positions seen (they held other hands)."""
        world, engine = self.clone(), self.engine
        others = [q for q in range(self.n) if q != player]
        pool = sorted([c for q in others for c in world.hands[q]] + world.stock)  # rng alone deals, not the places
        held = [c for c in pool if not engine.laid_out[c] and not engine.prize[c]]
        sizes = [len(world.hands[q]) for q in others]
        hands = world._redeal(others, sizes, held, rng)
        dealt = set()
        for q, hand in zip(others, hands):
            world.hands[q] = hand
            dealt.update(hand)
        world.stock = [c for c in pool if c not in dealt]
        world.history = [world._hide(event, player) for event in world.history]
        world._rehash()
        return world

    def _redeal(self, others: list[int], sizes: list[int], held: list[int], rng: random.Random) -> list[list[int]]:
        """Deal `sizes` cards from `held` to the seats `others` so that every seat may hold its hand: uniformly
        among such deals when one of REDEALS random deals fits, else constructively (`_barred_deal`). Reads
        only `held`, the sizes and the public rows: never the hands it replaces."""
        total = sum(sizes)
        for _ in range(REDEALS):
            hands = _split(rng.sample(held, total), sizes)
            if all(self._may_hold(q, hand) for q, hand in zip(others, hands)):
                return hands
        return self._barred_deal(others, sizes, held, rng)

    def _barred_deal(self, others: list[int], sizes: list[int], held: list[int],
                     rng: random.Random) -> list[list[int]]:
        """Deal so that every seat surely may hold its hand, when random deals rarely fit (few hidden cards, many
        of them numbers some row would take). Each seat is barred one number: a started row's next number, or
        one of the numbers 1-5 an unstarted row lacks (holding all of them would have started it). A choice of
        bars is kept when some deal obeys it, and then the cards are dealt one by one, each chosen at random
        among those that keep such a deal possible. The deal obeys the rules but is not uniform among them."""
        choices = [self._bar_choices(q) for q in others]
        bar_sets = list(product(*choices))
        rng.shuffle(bar_sets)
        for bars in bar_sets:
            if _dealable(held, sizes, bars, self.engine.number):
                return _deal_barred(held, sizes, bars, self.engine.number, rng)
        # A state reached by the rules always has a fitting deal, its own; deal freely rather than look at it.
        return _split(rng.sample(held, sum(sizes)), sizes)

    def _bar_choices(self, q: int) -> list[int]:
        """Return the numbers one of which seat q must not hold (NO_BAR: a complete row may hold anything)."""
        if self.started[q]:
            return [self.prefix[q] + 1 if self.prefix[q] < self.engine.top else NO_BAR]
        slots = self.slots[q]
        return [k for k in range(1, self.engine.start + 1) if slots[k] < 0]

    def _may_hold(self, q: int, hand: list[int]) -> bool:
        """Tell whether seat q may hold `hand`: no card its row should have taken, and not all of 1-5 unlaid."""
        engine, number = self.engine, self.engine.number
        if self.started[q]:
            wanted = self.prefix[q] + 1
            return all(number[c] != wanted for c in hand)
        numbers = {number[c] for c in hand}
        slots = self.slots[q]
        return any(slots[k] < 0 and k not in numbers for k in range(1, engine.start + 1))

    def _hide(self, event: int, player: int) -> int:
        """Return a history event with the card of another seat's hidden draw replaced by "a card"."""
        if event >= 0:
            return event
        engine, n = self.engine, self.n
        card, seat = divmod(~event, n)
        if seat == player or card >= engine.cards or engine.laid_out[card] or engine.prize[card]:
            return event
        return ~(engine.cards * n + seat)

    # --- checks --------------------------------------------------------------------------------------------------

    def position_hash(self) -> int:
        """Return the hash of the hands and rows computed from scratch (the state keeps it up to date move by move;
        rules.PositionKeys)."""
        keys, hashed = self.keys, 0
        for p in range(self.n):
            for card in self.hands[p]:
                hashed ^= keys.hand[p][card]
            for card in self.slots[p]:
                if card >= 0:
                    hashed ^= keys.slot[p][card]
            if self.started[p]:
                hashed ^= keys.started[p]
        return hashed

    def check_invariants(self) -> None:
        """Raise InvariantError when a card is lost or doubled, a row is out of order, a card should be laid, the
        seat to move or its actions are wrong, or the position's hash has drifted."""
        engine = self.engine
        where = self.stock + self.known + self.pile + self.aside + [card for _, card in self.dups]
        where += [c for hand in self.hands for c in hand] + [c for slots in self.slots for c in slots if c >= 0]
        if sorted(where) != list(range(engine.cards)):
            missing = set(range(engine.cards)) - set(where)
            doubled = [c for c, k in Counter(where).items() if k > 1]
            raise InvariantError(f"cards lost {sorted(missing)} or doubled {sorted(doubled)}")
        self._check_turn()
        if self.turns > engine.info.max_turns(self.n):
            raise InvariantError(f"{self.turns} decisions exceed the bound")
        if self.zhash != self.position_hash():
            raise InvariantError("the position's hash does not match its cards")
        for p in range(self.n):
            self._check_seat(p)

    def _check_turn(self) -> None:
        if self.phase == OVER:
            expected = TERMINAL
        elif self.draws or self.phase in (DEALER, DEALING):
            expected = CHANCE
        else:
            expected = self.seat
            legal = self.legal
            if len(legal) < 2 or legal != sorted(set(legal)):
                raise InvariantError(f"seat {self.seat} is offered {legal}: not two or more ascending actions")
        if self.player != expected or (expected >= 0 and not 0 <= expected < self.n):
            raise InvariantError(f"the player to move is {self.player}, expected {expected}")

    def _check_seat(self, p: int) -> None:
        engine, slots, k, hand = self.engine, self.slots[p], self.prefix[p], self.hands[p]
        if hand != sorted(hand):
            raise InvariantError(f"seat {p}'s hand is not sorted")
        if any(slots[j] >= 0 and engine.number[slots[j]] != j for j in range(len(slots))):
            raise InvariantError(f"seat {p}: a laid card is out of its place")
        if any(slots[j] < 0 for j in range(1, k + 1)) or (k < engine.top and slots[k + 1] >= 0 and self.started[p]):
            raise InvariantError(f"seat {p}: the row 1..{k} has a gap or stops short of a laid card")
        for card in hand:
            if engine.prize[card] or engine.laid_out[card]:
                raise InvariantError(f"seat {p} holds {engine.ids[card]}, which is never held")
        if not self._may_hold(p, hand):
            raise InvariantError(f"seat {p} holds a card its row should have taken, or 1-{engine.start} unlaid")


def _split(cards: list[int], sizes: list[int]) -> list[list[int]]:
    """Cut `cards` into sorted hands of `sizes` cards, in order."""
    hands, at = [], 0
    for size in sizes:
        hands.append(sorted(cards[at:at + size]))
        at += size
    return hands


def _dealable(cards: list[int], needs: list[int], bars: tuple[int, ...], number: tuple[int, ...]) -> bool:
    """Tell whether `cards` can fill hands of `needs` cards, each hand holding no card of its barred number.

    Hall's condition: seats barred different numbers together may take any card, so only the seats barred the same
    number can be short, of the cards that lack that number (the rest of the cards go to the stock)."""
    if sum(needs) > len(cards):
        return False
    counts = Counter(number[c] for c in cards)
    barred_need = Counter()
    for bar, need in zip(bars, needs):
        barred_need[bar] += need
    return all(need <= len(cards) - counts[bar] for bar, need in barred_need.items() if bar != NO_BAR)


def _deal_barred(cards: list[int], needs: list[int], bars: tuple[int, ...], number: tuple[int, ...],
                 rng: random.Random) -> list[list[int]]:
    """Deal hands of `needs` cards from `cards`, none holding its barred number, each card at random among those
    that leave the rest dealable (`_dealable` must hold for the whole deal)."""
    left, needs, hands = list(cards), list(needs), []
    for seat, bar in enumerate(bars):
        hand = []
        while needs[seat]:
            needs[seat] -= 1
            fitting = [c for c in left if number[c] != bar]
            rng.shuffle(fitting)
            card = next(c for c in fitting if _dealable([d for d in left if d != c], needs, bars, number))
            left.remove(card)
            hand.append(card)
        hands.append(sorted(hand))
    return hands
