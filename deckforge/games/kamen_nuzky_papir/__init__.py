"""Kámen, nůžky, papír: shed your hand by laying the item that beats the top of the discard pile.

Rules: ../shared/seeds/kamen-nuzky-papir.txt, settled by ../shared/RULES.md ("Kámen, nůžky, papír").
"""
from __future__ import annotations

from collections import Counter

from ...rulebook.games import GameBook, N_, same_name_or
from ...rulebook.i18n import translations
from ...said import S_
from ...validate import Finding
from ...vocab import GameSchema, choice
from ..spec import SPELL_AND_EFFECT, Deal, Figure, GameSpec

ITEMS = ("rock", "paper", "scissors")
ITEM_LABELS = {"rock": N_("rock"), "paper": N_("paper"), "scissors": N_("scissors")}


def _checks(deck) -> list[Finding]:
    items = Counter(c.get("item") for c in deck.cards for _ in range(c.count) if c.get("item"))
    missing = [i for i in ITEMS if not items[i]]
    return [Finding(S_("no %(item)s card: every item must be in the deck for play to flow", item=S_(ITEM_LABELS[item])))
            for item in missing]


def _item_detail(deck, cards, lang: str) -> str:
    """Name the item a spell is bound to (RULES.md: a spell counts as its item) as the deck's plain card of that item
    is named, so the table says what the player sees on that card in every language; the catalog's word for the item
    only when the deck has no such card."""
    if cards[0].kind != "spell":
        return ""
    item = cards[0].get("item")
    plain = next((card for card in deck.cards if card.kind == "item" and card.get("item") == item), None)
    return plain.name(lang) if plain else translations(lang).gettext(ITEM_LABELS[item])


SPEC = GameSpec(
    id="kamen-nuzky-papir",
    title="Rock, Paper, Scissors",
    package=__name__,
    schema=GameSchema(
        kinds={
            "item": {"item": choice(*ITEMS, doc="the item the card shows")},
            "spell": {"item": choice(*ITEMS, doc="the item the spell is bound to; it is laid as that item")},
            "changer": {},
        },
        spell_kinds=frozenset({"spell"}),
        doc="Kámen, nůžky, papír: shed your hand by laying the item that beats the top of the discard pile.",
    ),
    deal=Deal(hand=4, turned_up=1),  # RULES.md: deal 4 each, turn one card up
    min_players=2,  # RULES.md: one set serves 2–4 players; play goes on until one player holds cards
    kind_labels={"item": N_("item"), "spell": N_("spell"), "changer": N_("changer")},
    book=GameBook(
        group_key=lambda card: card.id,
        group_label=same_name_or(lambda deck, cards, lang: cards[0].name(lang)),
        group_detail=_item_detail,
        plain_kinds=frozenset({"item"}),
        special_detail=N_("Counts as"),
        example="example:beats_example",
    ),
    checks=_checks,
    engine="engine:KamenNuzkyPapir",
    starter=True,
    figures=(
        Figure("draws", N_("cards drawn")),
        Figure("rebuilds", N_("draw pile rebuilt from the discards")),
        Figure("passes", N_("turns passed with nothing to lay or draw")),  # as Prší: not a skip spell's turn
        Figure("spell_effects", N_("spell effects that took effect, by spell and effect"), per=SPELL_AND_EFFECT),
    ),
)
