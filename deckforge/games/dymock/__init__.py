"""DYMOCK: lay equal or higher ranks; the last player holding cards loses.

Rules: ../shared/seeds/dymock.txt, settled by ../shared/RULES.md ("DYMOCK").
"""
from __future__ import annotations

from ...rulebook.games import GameBook, N_, same_name_or, suit_names
from ...validate import Finding
from ...vocab import Field, GameSchema, choice, integer
from ..spec import Deal, Figure, GameSpec

DEAL = Deal(hand=9)  # RULES.md: three face down, three face up, three in the hand


def _checks(deck) -> list[Finding]:
    found = []
    by_rank: dict[str, set] = {}
    for card in deck.cards:
        if card.get("strength") is None and card.get("special") is None:
            found.append(Finding(f"card '{card.id}' has neither a strength nor a special power"))
        by_rank.setdefault(card.get("rank"), set()).add((card.get("strength"), card.get("special")))
    for rank, powers in by_rank.items():
        if len(powers) > 1:
            found.append(Finding(f"the cards of rank {rank} differ in strength or special power"))
    return found


SPEC = GameSpec(
    id="dymock",
    title="DYMOCK",
    package=__name__,
    schema=GameSchema(
        kinds={
            "card": {
                "suit": Field("suit", required=False, doc="the suit (no effect on play); jokers have none"),
                "rank": Field("str", doc="the rank label printed on the card, e.g. 7, J, Joker"),
                "strength": integer(1, 99, required=False, doc="order for beating; needed unless 'special' is set"),
                "special": choice("reset", "reset-reverse", "burn", required=False,
                                  doc="reset: laid on anything, anything may follow; reset-reverse: the same and "
                                      "the direction reverses; burn: the pile leaves play, its player leads again"),
            },
        },
        uses_suits=True,
        doc="DYMOCK: lay equal or higher ranks; the last player holding cards loses.",
    ),
    deal=DEAL,
    book=GameBook(
        group_key=lambda card: (card.kind, card.get("rank")),
        group_label=same_name_or(lambda deck, cards, lang: str(cards[0].get("rank"))),
        group_detail=lambda deck, cards, lang: ", ".join(suit_names(deck, cards, "suit", lang)),
        plain_kinds=frozenset(),
        example="example:burn_example",
    ),
    checks=_checks,
    engine="engine:DymockEngine",
    figures=(
        Figure("loser_after_leader", N_("losers by position from the first leader"), per="position from the leader"),
        Figure("stalled_with_players", N_("stalled games by players still holding cards"), per="players left"),
    ),
)
