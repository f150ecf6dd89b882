"""Print checks without printing: plan every face of a deck in every language, as a build would, and collect what
would stop the build (text that does not fit, a box outside the card, a missing glyph, art that cannot be read).

`deckforge validate` runs them, so a deck that validates builds. Nothing is written.
"""
from __future__ import annotations

from functools import partial

from ..errors import DeckforgeError
from ..model import Deck
from .context import BuildContext
from .faces import FacePlanner, problems_of
from .units import mm

CHECK_BLEED_MM = 3.0  # the largest bleed a build asks for by default; faces do not depend on it otherwise


def print_problems(deck: Deck, warnings: list[str] | None = None) -> list[str]:
    """Return one message per card face (and back) that could not be laid out, in every language; add to
    `warnings` what a build would warn about (art printed below 300 DPI, an italic style printed upright)."""
    from ..load.card_template import load_card_template

    try:
        template = load_card_template(deck)
    except DeckforgeError as exc:  # a template with several problems: one line (and finding) each
        return problems_of(exc)
    problems: list[str] = []
    for lang in deck.languages:
        planner = FacePlanner(BuildContext(deck, lang, deck.players.low, False, template), mm(CHECK_BLEED_MM))
        for plan in [*(partial(planner.card, card, card.count) for card in deck.cards), planner.back]:
            try:
                plan()
            except DeckforgeError as exc:
                problems.extend(problems_of(exc))  # each element of the face apart
            if planner.spent is not None:  # a template out of its time or memory: every face would wait it out
                return problems
        if warnings is not None:
            warnings.extend(w for w in planner.gathered_warnings() if w not in warnings)
    return problems
