"""Every rule event a bundled game counts has a short name in every language of the catalogs."""
import pytest

from deckforge.effect_text import effect_name
from deckforge.games import spec_for
from deckforge.games.dymock.rules import EFFECTS as DYMOCK_EVENTS
from deckforge.games.prsi.rules import EFFECTS as PRSI_EVENTS
from deckforge.games.rychle_sipy.rules import TAKE_NONE, TAKE_STOCK_ONLY, penalty_name
from deckforge.games.wizard.rules import EFFECTS as WIZARD_EVENTS

RYCHLE_SIPY_EVENTS = ("bonus", "duplicate-discarded", "jezek-set-aside", "stock-rebuilt", "row-broken",
                      "penalty-forgiven", "nothing-to-take", "pass", "closed")  # docs/simulator.md
PENALTIES = [penalty_name(take, owe) for take in (TAKE_NONE, TAKE_STOCK_ONLY) for owe in (0, 1, 2, 5)]
EVENTS = ([("dymock", name) for name in DYMOCK_EVENTS] + [("prsi", name) for name in PRSI_EVENTS]
          + [("wizard", name) for name in WIZARD_EVENTS]
          + [("rychle-sipy", name) for name in RYCHLE_SIPY_EVENTS + tuple(PENALTIES)])


@pytest.mark.parametrize("game, event", EVENTS)
def test_every_event_of_a_bundled_game_has_a_name_in_each_language(game: str, event: str) -> None:
    names = {lang: effect_name(event, lang, spec_for(game).event_names) for lang in ("en", "cs", "de")}
    assert event not in names.values(), names
    assert len(set(names.values())) == 3, names


@pytest.mark.parametrize("event, lang, name", [
    ("penalty:discard-1", "en", "penalty: take nothing and discard 1 card"),
    ("penalty:discard-2", "en", "penalty: take nothing and discard 2 cards"),
    ("penalty:discard-1", "cs", "trest: nebere a odhodí 1 kartu"),
    ("penalty:stock-then-discard-2", "cs", "trest: bere jen z balíčku a odhodí 2 karty"),
    ("penalty:discard-5", "cs", "trest: nebere a odhodí 5 karet"),
    ("penalty:discard-2", "de", "Strafe: nichts nehmen und 2 Karten abwerfen"),
    ("penalty:lose-turn", "cs", "trest: jedno kolo nebere"),
])
def test_a_penalty_is_named_with_its_number_of_cards(event: str, lang: str, name: str) -> None:
    assert effect_name(event, lang, spec_for("rychle-sipy").event_names) == name


def test_an_event_no_game_names_is_shown_as_its_id() -> None:
    assert effect_name("play.wild", "cs", spec_for("dymock").event_names) == "play.wild"
    assert effect_name("skip", "cs") == "vynechání tahu"
