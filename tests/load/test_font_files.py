"""A deck's font files are found as the maker named them, though the disk spells them in another Unicode form."""
import shutil
import unicodedata
from pathlib import Path

import pytest

from deckforge import DeckError, load_deck

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
TINY = (Path(__file__).parent / "fixtures" / "ok_tiny.yaml").read_text(encoding="utf-8")
pytestmark = pytest.mark.skipif(not DEJAVU.is_file(), reason="needs fonts-dejavu-core")


def deck_with_body_font(folder: Path, font: str, on_disk: str) -> Path:
    (folder / "fonts").mkdir()
    shutil.copy(DEJAVU, folder / "fonts" / on_disk)
    path = folder / "deck.yaml"
    path.write_text(TINY.replace("card_size: poker\n", f'card_size: poker\nfonts: {{body: "{font}"}}\n'),
                    encoding="utf-8")
    return path


def test_a_font_name_written_decomposed_on_disk_is_the_same_name(tmp_path: Path) -> None:
    """macOS writes 'í' as 'i' and a combining acute (NFD); the deck names it composed: it was 'not found'."""
    deck = load_deck(deck_with_body_font(tmp_path, "fonts/Písmo.ttf", unicodedata.normalize("NFD", "Písmo.ttf")))
    assert deck.fonts["body"].name == unicodedata.normalize("NFD", "Písmo.ttf")
    assert deck.fonts["body"].is_file()


@pytest.mark.parametrize("font,on_disk,meant", [
    ("fonts/Písmo.ttf", "písmo.TTF", "fonts/písmo.TTF"),
    ("fonts/Pismo.ttf", "Písmo.ttf", "fonts/Písmo.ttf"),
    ("fonts/Písmo.ttf", "DejaVuSans.ttf", None),
])
def test_a_missing_font_file_names_the_file_it_may_mean(tmp_path: Path, font: str, on_disk: str, meant) -> None:
    with pytest.raises(DeckError) as caught:
        load_deck(deck_with_body_font(tmp_path, font, on_disk))
    hint = f"; did you mean '{meant}'?" if meant else ""
    assert [(p.key_path, p.message) for p in caught.value.problems] == [
        ("fonts.body", f"font file '{font}' not found beside the deck file{hint}")]
