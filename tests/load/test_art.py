"""Art files are checked at load time: bad images are refused with the card's place, nothing is decoded unsafely."""
import os
import unicodedata
from pathlib import Path

import pytest
from PIL import Image

from deckforge import DeckError, load_deck

TINY = (Path(__file__).parent / "fixtures" / "ok_tiny.yaml").read_text(encoding="utf-8")


def deck_with_art(folder: Path, art: str) -> Path:
    text = TINY.replace("    name: {cs: Papír, en: Paper}", f"    name: {{cs: Papír, en: Paper}}\n    art: {art}")
    path = folder / "deck.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def good_png(path: Path) -> Path:
    Image.new("RGB", (120, 160), (20, 90, 160)).save(path)
    return path


def noisy_jpeg(path: Path) -> Path:
    Image.effect_noise((1600, 1200), 60).convert("RGB").save(path, quality=90)
    return path


def test_good_art_is_resolved(tmp_path: Path) -> None:
    good_png(tmp_path / "paper.png")
    deck = load_deck(deck_with_art(tmp_path, "paper.png"))
    assert deck.card("paper").art == (tmp_path / "paper.png").resolve()


@pytest.mark.parametrize("name,make,message", [
    ("wrong.png", lambda p: Image.new("RGB", (50, 50)).save(p, format="JPEG"), "the file is JPEG but its name ends in .png"),
    ("trunc.png", lambda p: p.write_bytes(good_png(p).read_bytes()[:200]), "the file is truncated"),
    ("junk.jpg", lambda p: p.write_bytes(b"GIF89a not really" * 20), "cannot be read"),
    # a JPEG is checked at an eighth of its pixels, but every block of it is still read
    ("trunc.jpg", lambda p: p.write_bytes(noisy_jpeg(p).read_bytes()[:-30000]), "the file is truncated"),
    ("bomb.png", lambda p: Image.new("1", (9000, 9000)).save(p), "too large to decode safely"),
])
def test_bad_image_names_card_and_place(tmp_path: Path, name: str, make, message: str) -> None:
    make(tmp_path / name)
    with pytest.raises(DeckError) as caught:
        load_deck(deck_with_art(tmp_path, name))
    problem = caught.value.problems[0]
    assert problem.key_path == "cards[1].art" and problem.line == 18
    assert message in problem.message


@pytest.mark.parametrize("art,message", [
    ("../outside.png", "leads outside the deck's folder"),
    ("/etc/passwd.png", "leads outside the deck's folder"),
    ("https://example.com/a.png", "is a URL"),
    ("link.png", "a link that leads outside"),
    ("missing.png", "not found"),
    ("notes.txt", "must be a PNG or JPEG"),
])
def test_art_paths_stay_inside_the_deck_folder(tmp_path: Path, art: str, message: str) -> None:
    deck_dir = tmp_path / "deck"
    deck_dir.mkdir()
    good_png(tmp_path / "outside.png")
    os.symlink(tmp_path / "outside.png", deck_dir / "link.png")
    (deck_dir / "notes.txt").write_text("hi")
    with pytest.raises(DeckError, match=message):
        load_deck(deck_with_art(deck_dir, art))


def test_cards_sharing_a_picture_each_get_it_and_each_bad_name_is_reported(tmp_path: Path) -> None:
    good_png(tmp_path / "shared.png")
    text = TINY.replace("    name: {cs: Kámen, en: Rock}", "    name: {cs: Kámen, en: Rock}\n    art: shared.png")
    text = text.replace("    name: {cs: Nůžky, en: Scissors}", "    name: {cs: Nůžky, en: Scissors}\n    art: shared.png")
    (tmp_path / "deck.yaml").write_text(text, encoding="utf-8")
    deck = load_deck(tmp_path / "deck.yaml")
    assert deck.card("rock").art == deck.card("scissors").art == (tmp_path / "shared.png").resolve()
    (tmp_path / "deck.yaml").write_text(text.replace("shared.png", "gone.png"), encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(tmp_path / "deck.yaml")
    assert [p.key_path for p in caught.value.problems] == ["cards[0].art", "cards[3].art"]
    assert all("art file 'gone.png' not found" in p.message for p in caught.value.problems)


def test_an_art_name_written_decomposed_on_disk_is_the_same_name(tmp_path: Path) -> None:
    """macOS writes 'ř' as 'r' and a combining caron (NFD); the deck names it composed: it was 'not found'."""
    folder = tmp_path / unicodedata.normalize("NFD", "obrázky")
    folder.mkdir()
    stored = good_png(folder / unicodedata.normalize("NFD", "vichřice obr.png"))
    deck = load_deck(deck_with_art(tmp_path, '"obrázky/vichřice obr.png"'))
    assert deck.card("paper").art == stored.resolve()


@pytest.mark.parametrize("art,on_disk,meant", [
    ("Paper.PNG", "paper.png", "paper.png"),
    ("art/bouře.png", "art/Bouře.png", "art/Bouře.png"),
    ("art/vichrice.png", "art/vichřice.png", "art/vichřice.png"),
    ("art/kočka.png", "art/pes.png", None),
])
def test_a_missing_art_file_names_the_file_it_may_mean(tmp_path: Path, art: str, on_disk: str, meant) -> None:
    (tmp_path / "art").mkdir()
    good_png(tmp_path / on_disk)
    with pytest.raises(DeckError) as caught:
        load_deck(deck_with_art(tmp_path, f'"{art}"'))
    hint = f"; did you mean '{meant}'?" if meant else ""
    assert caught.value.problems[0].message == f"art file '{art}' not found beside the deck file{hint}"
