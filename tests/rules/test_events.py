"""Every event the rules interpreter counts for a described game has a short name of its kind, in every language
of the catalogs (rules/events.py): no deck names them itself."""
from pathlib import Path

import pytest

from deckforge.effect_text import effect_name
from deckforge.games import deck_spec
from deckforge.load import load_deck
from deckforge.rules.events import event_names, rule_names
from deckforge.rules.model import Condition, DrawMove, Play, PlayMove, RulesModel

EXAMPLES = Path(__file__).resolve().parents[2] / "decks" / "examples"
TWIN_MATCHES = RulesModel(Play(moves=(PlayMove(cond=Condition(match=("suit",))), DrawMove(),
                                      PlayMove(cond=Condition(match=("rank",))))))


@pytest.mark.parametrize("name", sorted(folder.name for folder in EXAMPLES.iterdir()))
def test_every_event_of_an_example_deck_has_a_name_in_each_language(name: str) -> None:
    events = deck_spec(load_deck(EXAMPLES / name)).event_names
    for event in events:
        names = {lang: effect_name(event.replace("#", "2"), lang, events) for lang in ("en", "cs", "de")}
        assert event not in names.values() and len(set(names.values())) == 3, names


def test_a_move_named_like_an_effect_is_named_apart_from_it() -> None:
    """Kámen, nůžky, papír as data draws as a move ("draw") and by a spell ("draw.effect")."""
    events = deck_spec(load_deck(EXAMPLES / "kamen-nuzky-papir-as-data")).event_names
    assert effect_name("draw", "cs", events) == "líznutí karty v tahu"
    assert effect_name("draw.effect", "cs", events) == "líznutí karet"
    assert effect_name("draw.effect.taken", "en", deck_spec(load_deck(EXAMPLES / "prsi-as-data")).event_names) \
        == "cards drawn instead of passing them on"


def test_two_moves_of_one_kind_are_named_with_their_number() -> None:
    events = event_names(TWIN_MATCHES)
    assert rule_names(TWIN_MATCHES) == ("play.match.1", "draw", "play.match.2")
    assert [effect_name(name, "cs", events) for name in rule_names(TWIN_MATCHES)] == \
        ["vyložení shodné karty (1)", "líznutí karty v tahu", "vyložení shodné karty (2)"]
    assert effect_name("draw", "en", event_names(RulesModel(Play(moves=(PlayMove(),))))) == "draw cards"
