"""DYMOCK: lay equal or higher ranks; the last player holding cards loses.

Rules: ../shared/seeds/dymock.txt, settled by ../shared/RULES.md ("DYMOCK").
"""
from __future__ import annotations

from ...effect_text import P_
from ...rulebook.games import GameBook, N_, same_name_or, suit_names
from ...said import S_
from ...validate import Finding
from ...vocab import Field, GameSchema, choice, integer
from ..spec import Deal, Figure, GameSpec

DEAL = Deal(hand=9)  # RULES.md: three face down, three face up, three in the hand


def _checks(deck) -> list[Finding]:
    found = []
    by_rank: dict[str, set] = {}
    for card in deck.cards:
        if card.get("strength") is None and card.get("special") is None:
            found.append(Finding(S_("card '%(card)s' has neither a strength nor a special power", card=card.id)))
        by_rank.setdefault(card.get("rank"), set()).add((card.get("strength"), card.get("special")))
    for rank, powers in by_rank.items():
        if len(powers) > 1:
            found.append(Finding(S_("the cards of rank %(rank)s differ in strength or special power", rank=rank)))
    return found


# The rule events the engine counts (rules.py: EFFECTS), as the report names them.
EVENT_NAMES = {
    "swap": P_("effect name", "swap a hand card for a face-up card"),
    "reset": P_("effect name", "reset the pile"),
    "reset-reverse": P_("effect name", "reset the pile and reverse"),
    "go-again": P_("effect name", "reverse with two left: play again"),
    "burn": P_("effect name", "burn the pile"),
    "four-of-a-kind-burn": P_("effect name", "four of a kind burn the pile"),
    "lead-passes-on": P_("effect name", "lead passes to the next player"),
    "pile-taken": P_("effect name", "take the pile"),
    "pile-taken-by-choice": P_("effect name", "take the pile by choice"),
    "forced-pick-up": P_("effect name", "forced to take the pile at the table"),
    "blind-play": P_("effect name", "play a face-down card blind"),
    "blind-fail": P_("effect name", "blind card too low"),
}

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
    min_players=2,  # RULES.md: one deck serves 2–6 players; the last player holding cards loses
    book=GameBook(
        group_key=lambda card: (card.kind, card.get("rank")),
        group_label=same_name_or(lambda deck, cards, lang: str(cards[0].get("rank"))),
        group_detail=lambda deck, cards, lang: ", ".join(suit_names(deck, cards, "suit", lang)),
        plain_kinds=frozenset(),
        example="example:burn_example",
    ),
    checks=_checks,
    engine="engine:DymockEngine",
    event_names=EVENT_NAMES,
    figures=(
        Figure("loser_after_leader", N_("losers by position from the first leader"), per="position from the leader"),
        Figure("stalled_with_players", N_("stalled games by players still holding cards"), per="players left"),
    ),
)
