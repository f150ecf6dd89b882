"""Záhada hlavolamu a Rychlé šípy: collect the row of characters and win the Ježek v kleci.

Rules: ../shared/seeds/rychle-sipy.txt, settled by ../shared/RULES.md ("Záhada hlavolamu a Rychlé šípy").
"""
from __future__ import annotations

from ...effect_text import NP_, P_
from ...rulebook.games import GameBook, N_, same_name_or
from ...rulebook.i18n import translations
from ...said import S_
from ...validate import Finding
from ...vocab import Field, GameSchema, choice, integer
from ..spec import Deal, Figure, GameSpec

SIDE_LABELS = {"arrows": N_("Rapid Arrows"), "brotherhood": N_("Brotherhood of the Cat’s Paw"), "ally": N_("ally")}


def _checks(deck) -> list[Finding]:
    numbers = sorted({c.get("number") for c in deck.cards if c.kind == "character"})
    gaps = [n for n in range(1, (numbers[-1] if numbers else 0) + 1) if n not in numbers]
    found = [Finding(S_("the row has no card with number %(number)d", number=n)) for n in gaps]
    if sum(c.count for c in deck.cards if c.kind == "prize") != 1:
        found.append(Finding(S_("the deck needs exactly one prize card (the Ježek v kleci)")))
    return found


def _character(deck, cards, lang: str) -> str:
    """Give a character's place in the row and its side, e.g. "no. 4, Brotherhood of the Cat's Paw"."""
    card = cards[0]
    if card.kind != "character":
        return ""
    _ = translations(lang).gettext
    return _("no. %(number)d, %(side)s") % {"number": card.get("number"), "side": _(SIDE_LABELS[card.get("side")])}


# The rule events the engine counts, as the report names them; a penalty by what it makes the next player do
# (rules.py: penalty_name, "#" for the number of cards it owes).
EVENT_NAMES = {
    "bonus": P_("effect name", "bonus cards drawn"),
    "penalty:lose-turn": P_("effect name", "penalty: lose a turn"),
    "penalty:discard-#": NP_("effect name", "penalty: take nothing and discard %(num)d card",
                             "penalty: take nothing and discard %(num)d cards"),
    "penalty:stock-then-discard-#": NP_("effect name", "penalty: draw from the stock only and discard %(num)d card",
                                        "penalty: draw from the stock only and discard %(num)d cards"),
    "penalty:stock-only": P_("effect name", "penalty: draw from the stock only"),
    "penalty-forgiven": P_("effect name", "penalty forgiven: no card left to discard"),
    "duplicate-discarded": P_("effect name", "second copy discarded at once"),
    "jezek-set-aside": P_("effect name", "Ježek set aside and replaced"),
    "stock-rebuilt": P_("effect name", "stock rebuilt from the discards"),
    "row-broken": P_("effect name", "row broken to pay a penalty"),
    "nothing-to-take": P_("effect name", "nothing to take: a card discarded instead"),
    "pass": P_("effect name", "pass: nothing to take or discard"),
    "closed": P_("effect name", "row closed and game won"),
}

SPEC = GameSpec(
    id="rychle-sipy",
    title="The Puzzle Mystery and the Rapid Arrows",
    package=__name__,
    schema=GameSchema(
        kinds={
            "character": {
                "number": integer(1, 99, doc="the character's place in the row"),
                "colour": Field("suit", doc="the card's colour, a suit id"),
                "side": choice("arrows", "brotherhood", "ally", doc="whose side the character is on"),
                "bonus": integer(0, 5, required=False, default=0,
                                 doc="cards the discarder draws at once from the stock"),
                "penalty": Field("map", required=False, doc="what the next player must do", fields=(
                    ("take", choice("none", "stock", doc="none: take no card; stock: only from the stock")),
                    ("discard", integer(0, 5, doc="cards the next player must then discard")),
                )),
                "laid_out": Field("bool", required=False, default=False,
                                  doc="never held: laid out in front of the player the moment it is obtained"),
            },
            "prize": {},
        },
        uses_suits=True,
        doc="Záhada hlavolamu a Rychlé šípy: collect the row of characters and win the Ježek v kleci.",
    ),
    deal=Deal(hand=4),  # RULES.md: deal 4 each, no card turned up
    min_players=2,  # RULES.md: 53 cards, 2–4 players
    kind_labels={"character": N_("character"), "prize": N_("prize")},
    book=GameBook(
        group_key=lambda card: (card.kind, card.get("number")),
        group_label=same_name_or(lambda deck, cards, lang: cards[0].name(lang)),
        group_detail=_character,
        plain_kinds=frozenset(),
        example="example:row_example",
    ),
    checks=_checks,
    engine="engine:RychleSipyEngine",
    event_names=EVENT_NAMES,
    figures=(
        Figure("jezek_by_seat", N_("Ježek taken, by seat"), per="seat"),
        Figure("starts_by_seat", N_("games started, by seat"), per="seat"),
        Figure("player_turns", N_("turns played")),
        Figure("round_stalls", N_("stalemates: a round in which nothing could change")),
        Figure("repetition_stalls", N_("stalemates: a position repeated three times")),
    ),
)
