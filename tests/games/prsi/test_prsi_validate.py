"""`deckforge validate` on a Prší deck: a text on a card whose rank has no power is worth a warning, since the game
plays that card as a plain one whatever it says (RULES.md, Prší: only a 7, an ace and a svršek do anything)."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from deckforge.cli import main
from deckforge.games.prsi import SPEC
from deckforge.load import load_deck
from deckforge.load.deck import resolve_deck

NINE = "name: {cs: Srdcová devítka, en: Nine of Hearts}}"
NINE_WITH_TEXT = ('name: {cs: Srdcová devítka, en: Nine of Hearts}, '
                  'text: {cs: "Další hráč si lízne 3 karty.", en: "The next player draws 3 cards."}}')


def nine_with_text(folder: Path) -> tuple[Path, int]:
    """Write the bundled Prší deck with a text on the nine of hearts; return the file and that card's line."""
    source = resolve_deck("prsi").read_text(encoding="utf-8")
    assert source.count(NINE) == 1
    path = folder / "deck.yaml"
    path.write_text(source.replace(NINE, NINE_WITH_TEXT), encoding="utf-8")
    line = next(number for number, text in enumerate(source.splitlines(), 1) if NINE in text)
    return path, line


def test_validate_warns_of_a_text_on_a_nine_and_still_passes(tmp_path: Path) -> None:
    path, line = nine_with_text(tmp_path)
    result = CliRunner().invoke(main, ["validate", str(path), "--players", "2"])
    assert result.exit_code == 0, result.output
    assert (f"warning: {path}:{line}:5: card 'srdce-9': its text reads as a power, but rank \"9\" (Nine) has "
            "none in Prší: the game plays the card as a plain one whatever the text says; leave the text out, or "
            "give the power to a card of rank \"7\" (the next player draws two), \"eso\" (the next player "
            "stands) or \"svrsek\" (names the suit)") in result.stderr.splitlines()


def test_the_bundled_deck_gives_no_such_warning() -> None:
    assert SPEC.warnings(load_deck("prsi")) == []
