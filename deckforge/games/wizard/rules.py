"""Wizard's rules as data and pure functions: the card table, the trick winner, a round's score, the variants.

Rules source: ../shared/seeds/wizard.txt, settled by ../shared/RULES.md (section "Wizard"), which wins over the seed.
engine.py plays them, view.py reads a state, greedy.py decides; all three import these.
"""
from __future__ import annotations

from bisect import bisect_left
from typing import Sequence

from . import SPEC
from ...model import Deck
from ...sim.base import SimulationError

NUMBER, WIZARD, JESTER = 0, 1, 2
KINDS = {"number": NUMBER, "wizard": WIZARD, "jester": JESTER}
NO_TRUMP = -1
UNSET, NO_SUIT = -1, -2          # suit to follow: none yet (empty trick or Jesters only); none at all (Wizard first)
CHOOSE_TRUMP, BID, PLAY, OVER, DEAL, TURN_UP, FIRST_DEALER = range(7)   # phases; the last three are chance nodes
VARIANTS = SPEC.variants      # lucid-vision, plus-minus-one, hidden-bids, secret-bids
OPEN_BIDS_ONLY = ("hidden-bids", "secret-bids")   # RULES.md, Wizard: plus/minus one needs open bids
STANDARD_DECK = 60
# Effects (GameResult.effects), counted in a list by index: a trick by what took it (the winning card's kind, or
# TRUMP_WIN for a trump), a round by how its trump was settled.
TRUMP_WIN, TURNED_UP, CHOSEN, JESTER_UP, LAST_ROUND = 3, 4, 5, 6, 7
EFFECTS = ("trick-won-by-suit-led", "trick-won-by-wizard", "trick-of-jesters", "trick-won-by-trump",
           "trump-turned-up", "trump-chosen-by-dealer", "no-trump", "no-trump-last-round")


class CardTable:
    """The physical cards of one game as parallel tuples indexed by card number.

    Number cards come first, grouped by suit and rising in rank, then the Wizards, then the Jesters: a sorted hand
    then holds each suit as one run, so the cards that follow a suit are a slice (see `WizardState._legal_cards`).
    """

    __slots__ = ("ids", "names", "kind", "suit", "rank", "opens", "keys", "suit_ids", "suit_names", "size",
                 "suit_start")

    def __init__(self, deck: Deck, players: int, lang: str | None = None):
        lang = lang if lang in deck.languages else deck.languages[0]
        self.suit_ids = tuple(s.id for s in deck.suits)
        self.suit_names = tuple(s.name(lang) for s in deck.suits)
        cards = sorted(deck.for_players(players), key=self._order)
        self.ids = tuple(c.id for c in cards)
        self.names = tuple(c.name(lang) for c in cards)
        self.kind = tuple(KINDS[c.kind] for c in cards)
        self.suit = tuple(self.suit_ids.index(c.get("suit")) if c.kind == "number" else NO_TRUMP for c in cards)
        self.rank = tuple(int(c.get("rank")) if c.kind == "number" else 0 for c in cards)
        self.size = len(cards)
        # suit s runs over card numbers suit_start[s] .. suit_start[s + 1] - 1; Wizards and Jesters from the last
        self.suit_start = tuple(bisect_left(self.suit, s, hi=self.kind.count(NUMBER))
                                for s in range(len(self.suit_ids) + 1))
        self.derive()

    def _order(self, card) -> tuple:
        if card.kind == "number":
            return NUMBER, self.suit_ids.index(card.get("suit")), int(card.get("rank"))
        return KINDS[card.kind], 0, 0

    def derive(self) -> None:
        """Derive from kinds, suits and ranks what play reads: `opens`, the suit to follow each card sets when it
        is the first in a trick that is not a Jester (its own suit; none for a Wizard; a Jester leaves it unset;
        RULES.md, Wizard: "Following"), and `keys[trump + 1][led + 2][card]`, each card's strength in a trick."""
        self.opens = tuple(s if k == NUMBER else NO_SUIT if k == WIZARD else UNSET
                           for k, s in zip(self.kind, self.suit))
        suits = range(NO_TRUMP, len(self.suit_ids))
        self.keys = tuple(tuple(tuple(self._key(card, trump, led) for card in range(len(self.kind)))
                                for led in (NO_SUIT,) + tuple(suits)) for trump in suits)

    def _key(self, card: int, trump: int, led: int) -> int:
        """Return the card's strength in a trick (RULES.md, Wizard: "Trick"): a Wizard above all, then trumps by
        rank, then the suit led by rank, then other numbers; a Jester below every number (ranks stay below 1000)."""
        kind, suit = self.kind[card], self.suit[card]
        if kind != NUMBER:
            return 3000 if kind == WIZARD else 0
        return self.rank[card] + (2000 if suit == trump else 1000 if suit == led else 0)


def trick_winner(trick: Sequence[int], trump: int, table: CardTable) -> int:
    """Return the position in `trick` of the card that takes it (RULES.md, Wizard: "Trick").

    The first Wizard wins; else the highest trump; else the highest card of the suit led (set by the first card
    that is not a Jester); a trick of Jesters only goes to the first. Of equal cards the earlier wins.
    """
    opens, led = table.opens, UNSET
    for card in trick:
        led = opens[card]
        if led != UNSET:
            break
    strengths = list(map(table.keys[trump + 1][led + 2].__getitem__, trick))   # see CardTable._key
    return strengths.index(max(strengths))   # the first of the strongest


def round_score(bid: int, taken: int) -> int:
    """Score one round (RULES.md, Wizard: exact bid 20 + 10 per trick; else −10 per trick of difference)."""
    return 20 + 10 * taken if bid == taken else -10 * abs(bid - taken)


def refuse_clashes(chosen: frozenset[str]) -> None:
    """Raise SimulationError for variants that cannot be played together (the base engine has checked the names)."""
    clash = [v for v in OPEN_BIDS_ONLY if v in chosen]
    if "plus-minus-one" in chosen and clash:
        raise SimulationError(f"the variant plus-minus-one needs open bids, so it cannot be combined with "
                              f"{' or '.join(clash)}: the last bidder must know the others' bids")
