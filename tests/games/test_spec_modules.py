"""A game's spec names the modules of its folder that play it and draw its symbols (docs/adding-a-game.md). When
one is not there yet, as while a new game is being written, every command says so plainly instead of a traceback."""
from __future__ import annotations

import dataclasses

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.errors import DeckforgeError
from deckforge.games import game_ids, specs
from deckforge.i18n import catalog_languages, translations

PRSI = specs()["prsi"]


def test_a_missing_engine_module_names_the_file_to_write() -> None:
    spec = dataclasses.replace(PRSI, engine="rules_engine:PrsiEngine")
    with pytest.raises(DeckforgeError, match=r"game 'prsi': its GameSpec names engine='rules_engine:PrsiEngine', "
                                             r"but deckforge/games/prsi/rules_engine\.py does not exist; write it, "
                                             r"or set engine=None while the game has no simulator"):
        spec.engine_class()


def test_a_missing_engine_class_names_the_module_it_was_looked_for_in() -> None:
    spec = dataclasses.replace(PRSI, engine=PRSI.engine.partition(":")[0] + ":OkoEngine")
    with pytest.raises(DeckforgeError, match=r"deckforge/games/prsi/\w+\.py defines no OkoEngine"):
        spec.engine_class()
    assert PRSI.engine_class().__name__ == PRSI.engine.partition(":")[2]  # the real one is found as before


def test_a_missing_art_module_says_art_none_is_the_way_to_draw_nothing() -> None:
    with pytest.raises(DeckforgeError, match=r"art='pictures', but deckforge/games/prsi/pictures\.py does not "
                                             r"exist; write it, or set art=None"):
        dataclasses.replace(PRSI, art="pictures").load_art()


@pytest.mark.parametrize("command", [["validate", "prsi"], ["simulate", "prsi", "--games", "3"]])
def test_the_commands_say_it_without_a_traceback(monkeypatch, command) -> None:
    monkeypatch.setitem(specs(), "prsi", dataclasses.replace(PRSI, engine="rules_engine:PrsiEngine"))
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 1, result.output
    assert "rules_engine.py does not exist" in result.output and "Traceback" not in result.output


def test_a_pass_is_not_called_a_skipped_turn() -> None:
    """Kámen, nůžky, papír's report called its passes „vynechané tahy“, the words its rulebook uses for a skip
    spell's effect: a maker read 0 at every count and thought the skip spells never worked. Both shedding games
    now say when a turn is passed, with the same words."""
    from deckforge.i18n import translations

    label = {figure.name: figure.label for figure in specs()["kamen-nuzky-papir"].figures}["passes"]
    assert label == {figure.name: figure.label for figure in PRSI.figures}["passes"]
    assert translations("cs").gettext(label) == "tahy vynechané, když nešlo vyložit ani líznout"


@pytest.mark.parametrize("game", game_ids())
def test_every_card_kind_has_a_label_in_every_catalog(game: str) -> None:
    """The preview captions each card with its kind in the page's language: a kind with no label prints its id."""
    spec = specs()[game]
    assert set(spec.schema.kinds) <= set(spec.kind_labels), game
    for lang in catalog_languages():
        untranslated = [label for label in spec.kind_labels.values() if translations(lang).gettext(label) == label]
        assert not untranslated, f"{game}: {untranslated} not translated in the {lang} catalog"
