"""Prší: follow the top card's suit or rank; 7s make the next player draw, aces make them stand, a svršek names the
suit. The last player holding cards loses.

Rules: ../shared/RULES.md ("Prší"); the fifth bundled game has no seed text.
"""
from __future__ import annotations

from collections import Counter

from ...effect_text import P_
from ...rulebook.games import GameBook, N_, suit_names
from ...rulebook.i18n import translations
from ...said import S_
from ...validate import Finding
from ...vocab import Field, GameSchema, choice
from ..spec import Deal, Figure, GameSpec
from .rules import HAND, POWERS, RANKS

RANK_LABELS = {"7": N_("Seven"), "8": N_("Eight"), "9": N_("Nine"), "10": N_("Ten"), "spodek": N_("Unter"),
               "svrsek": N_("Ober"), "kral": N_("King"), "eso": N_("Ace")}
DEAL = Deal(hand=HAND, turned_up=1)  # RULES.md: 4 cards each, the next one turned up to start the pile


def _checks(deck) -> list[Finding]:
    """Prove what can be proved without playing: every suit can be followed, the powers exist (the deal fits:
    validate.deal_findings, for every game)."""
    found = []
    by_suit = Counter(card.get("suit") for card in deck.cards for _ in range(card.count))
    found += [Finding(S_("suit '%(suit)s' has no card: a svršek naming it would leave nothing to follow", suit=suit.id))
              for suit in deck.suits if not by_suit[suit.id]]
    ranks = {card.get("rank") for card in deck.cards}
    if "svrsek" not in ranks:
        found.append(Finding(S_("the deck has no svršek: nobody can change the suit, and play stalls more often")))
    return found


def _warnings(deck) -> list[str]:
    """Name each card of a rank without a power that has a text: the game plays it as a plain card whatever the
    text says (RULES.md, Prší: only a 7, an ace and a svršek do anything)."""
    return [_powerless_text(card) for card in deck.cards if card.texts and card.get("rank") not in POWERS]


def _powerless_text(card) -> str:
    rank = card.get("rank")
    return (f"{card.source or card.id}: card '{card.id}': its text reads as a power, but rank \"{rank}\" "
            f"({RANK_LABELS[rank]}) has none in Prší: the game plays the card as a plain one whatever the text says; "
            "leave the text out, or give the power to a card of rank \"7\" (the next player draws two), \"eso\" "
            "(the next player stands) or \"svrsek\" (names the suit)")


def _rank_label(deck, cards, lang: str) -> str:
    """Name a row of the component list by its rank: "Seven", "Ober" ("sedma", "svršek" in Czech)."""
    return translations(lang).gettext(RANK_LABELS[cards[0].get("rank")])


# The rule events the engine counts (rules.py: EFFECTS), as the report names them.
EVENT_NAMES = {
    "seven": P_("effect name", "seven laid"),
    "seven-answered": P_("effect name", "seven laid on a seven"),
    "ace": P_("effect name", "ace laid"),
    "ace-answered": P_("effect name", "ace laid on an ace"),
    "suit-change": P_("effect name", "suit named"),
    "turned-up-seven": P_("effect name", "seven turned up at the start"),
    "turned-up-ace": P_("effect name", "ace turned up at the start"),
}

SPEC = GameSpec(
    id="prsi",
    title="Prší",
    package=__name__,
    schema=GameSchema(
        kinds={
            "card": {
                "suit": Field("suit", doc="the card's suit, a suit id"),
                "rank": choice(*RANKS, doc="7, 8, 9, 10, spodek (Unter), svrsek (Ober: goes on anything and "
                                           "names a suit), kral (King), eso (Ace: the next player stands); "
                                           "a 7 makes the next player draw two"),
            },
        },
        uses_suits=True,
        doc="Prší: follow the top card's suit or rank; 7s make the next player draw, aces make them stand, a svršek "
            "names the suit.",
    ),
    deal=DEAL,
    min_players=2,  # RULES.md: one deck serves 2–6 players; play goes on until one player holds cards
    book=GameBook(
        group_key=lambda card: card.get("rank"),
        group_label=_rank_label,
        group_detail=lambda deck, cards, lang: ", ".join(suit_names(deck, cards, "suit", lang)),
        plain_kinds=frozenset(),
        has_power=lambda card: card.get("rank") in POWERS,  # RULES.md: a 7, an ace, a svršek, whatever it prints
    ),
    checks=_checks,
    warnings=_warnings,
    engine="engine:PrsiEngine",
    event_names=EVENT_NAMES,
    figures=(  # the engine's counts (rules.py: COUNTS), in that order
        Figure("draws", N_("cards drawn")),
        Figure("penalty_cards", N_("cards owed for sevens")),
        Figure("stands", N_("turns stood out for an ace")),
        Figure("passes", N_("turns passed with nothing to lay or draw")),
        Figure("reshuffles", N_("discards turned into a new stock")),
    ),
)
