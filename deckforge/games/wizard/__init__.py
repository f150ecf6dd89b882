"""Wizard: bid how many tricks you will take, then take exactly that many.

Rules: ../shared/seeds/wizard.txt, settled by ../shared/RULES.md ("Wizard").
"""
from __future__ import annotations

from ...effect_text import P_
from ...rulebook.games import GameBook, N_, rank_span, same_name_or
from ...vocab import Field, GameSchema, integer
from ..spec import Deal, GameSpec

# The rule events the engine counts (rules.py: EFFECTS), as the report names them.
EVENT_NAMES = {
    "trick-won-by-suit-led": P_("effect name", "trick won in the suit led"),
    "trick-won-by-wizard": P_("effect name", "trick won by a Wizard"),
    "trick-of-jesters": P_("effect name", "trick of Jesters only"),
    "trick-won-by-trump": P_("effect name", "trick won by a trump"),
    "trump-turned-up": P_("effect name", "trump turned up"),
    "trump-chosen-by-dealer": P_("effect name", "trump chosen by the dealer"),
    "no-trump": P_("effect name", "no trump: a Jester turned up"),
    "no-trump-last-round": P_("effect name", "no trump: the last round"),
}

SPEC = GameSpec(
    id="wizard",
    title="Wizard",
    package=__name__,
    schema=GameSchema(
        kinds={
            "number": {"suit": Field("suit", doc="the card's suit"), "rank": integer(1, 99, doc="1 is lowest")},
            "wizard": {},
            "jester": {},
        },
        uses_suits=True,
        doc="Wizard: bid how many tricks you will take, then take exactly that many.",
    ),
    deal=Deal(by_round=True),  # RULES.md: round r deals r cards each; 60 / players rounds
    min_players=3,  # RULES.md: 3–6 players
    kind_labels={"number": N_("number card"), "wizard": N_("wizard"), "jester": N_("jester")},
    book=GameBook(
        group_key=lambda card: (card.kind, card.get("suit")),
        group_label=same_name_or(lambda deck, cards, lang: deck.suit(cards[0].get("suit")).name(lang)),
        group_detail=lambda deck, cards, lang: rank_span(cards, "rank") if cards[0].kind == "number" else "",
        plain_kinds=frozenset({"number"}),
        example="example:trick_example",
    ),
    engine="engine:WizardEngine",
    event_names=EVENT_NAMES,
    scorepad=True,
    variants=("lucid-vision", "plus-minus-one", "hidden-bids", "secret-bids"),  # RULES.md, Wizard: variants
)
