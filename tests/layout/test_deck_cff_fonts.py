"""A deck font with PostScript (CFF) outlines (.otf): checked like any font, converted to TrueType outlines for the
sheets (ReportLab embeds only those), embedded as it is in the rulebook; nothing is written into the deck folder."""
import csv
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

from deckforge.errors import DeckError
from deckforge.layout import BuildOptions, build_deck
from deckforge.layout.truetype import truetype_source
from deckforge.load import load_deck
from deckforge.rulebook.write import write_rulebook

URW = Path("/usr/share/fonts/opentype/urw-base35")
pytestmark = pytest.mark.skipif(not (URW / "NimbusSans-Regular.otf").is_file(), reason="needs fonts-urw-base35")

DECK = """id: cffduel
name: {en: Ink Duel, cs: Inkoustový souboj}
languages: [en, cs]
players: {min: 2, max: 4}
card_size: poker
fonts: {title: fonts/NimbusSans-Bold.otf, body: fonts/NimbusSans-Regular.otf}
rules:
  en: Each turn, play a card.
  cs: Každý tah zahraj kartu. Kdo drží poslední kartu, prohrává.
cards: cards.csv
"""
CZECH = "Žluťoučký kůň úpěl ďábelské ódy {n}."


def cffduel(folder: Path, name_cs: str = "Karta {n}") -> Path:
    (folder / "fonts").mkdir(parents=True)
    for name in ("NimbusSans-Bold.otf", "NimbusSans-Regular.otf"):
        shutil.copy(URW / name, folder / "fonts" / name)
    (folder / "deck.yaml").write_text(DECK, encoding="utf-8")
    rows = [["id", "count", "name.en", "name.cs", "text.en", "text.cs"]]
    rows += [[f"c{n}", "6", f"Card {n}", name_cs.format(n=n), f"Strike for {n}.", CZECH.format(n=n)]
             for n in range(5)]
    with open(folder / "cards.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    return folder


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    """Keep converted fonts in this test's own cache folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "deckforge" / "fonts"


def embedded_fonts(pdf: Path) -> dict[str, tuple[str, str, str]]:
    """Return pdffonts' rows by font name without its subset tag: (type, embedded, subset)."""
    lines = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()
    rows = {}
    for line in lines[2:]:
        fields = line.split()
        yes_no = [field for field in fields if field in ("yes", "no")]
        rows[fields[0]] = (fields[1], yes_no[0], yes_no[1])  # type: "TrueType", or "CID" for CID fonts
    return rows


def test_a_cff_body_font_is_embedded_subset_in_the_sheets_and_its_czech_text_extracts(tmp_path, own_cache):
    folder = cffduel(tmp_path / "d")
    before = sorted(path.relative_to(folder) for path in folder.rglob("*"))
    out = build_deck(load_deck(folder), BuildOptions(players=2, lang="cs"), out=tmp_path / "ink.pdf").path
    fonts = embedded_fonts(out)
    nimbus = {name.split("+")[1]: row for name, row in fonts.items() if "+" in name and "NimbusSans" in name}
    assert set(nimbus) == {"NimbusSans-Regular", "NimbusSans-Bold"}
    assert all(row == ("TrueType", "yes", "yes") for row in nimbus.values())
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        body = "".join(char["text"] for char in page.chars if char["fontname"].endswith("+NimbusSans-Regular"))
        titles = "".join(char["text"] for char in page.chars if char["fontname"].endswith("+NimbusSans-Bold"))
    assert "Žluťoučkýkůňúpělďábelskéódy0." in body.replace(" ", "").replace("\n", "")
    assert "Karta0" in titles.replace(" ", "")
    # the TrueType version lives in the cache, keyed by the font's hash; the deck folder is as it was
    assert len(list(own_cache.glob("*.ttf"))) == 2
    assert sorted(path.relative_to(folder) for path in folder.rglob("*")) == before


def test_the_rulebook_embeds_the_cff_fonts(tmp_path):
    deck = load_deck(cffduel(tmp_path / "d"))
    out = write_rulebook(deck, "cs", out=tmp_path / "rules.pdf")
    # WeasyPrint names a face by its @font-face family; "CID Type 0C" is a CFF font: the .otf itself, subset
    fonts = {name.split("+")[-1]: row for name, row in embedded_fonts(out).items() if "+" in name}
    assert {"Deck-Body", "Deck-Title-Bold"} <= set(fonts)
    assert fonts["Deck-Body"] == fonts["Deck-Title-Bold"] == ("CID", "yes", "yes")
    with pdfplumber.open(out) as pdf:
        text = " ".join(" ".join(page.extract_text().split()) for page in pdf.pages)
        words = [word for page in pdf.pages for word in page.extract_words(extra_attrs=["fontname"])]
    assert "Kdo drží poslední kartu, prohrává." in text and CZECH.format(n=4) in text
    # WeasyPrint makes no bold of the body font, nor takes the title font (another family) as its bold: bold
    # text printed regular. As on the cards, it takes the title font.
    face = {word["text"]: word["fontname"].split("+")[-1] for word in words}
    assert face["vydání"] == face["karet."] == "Deck-Title-Bold"  # the facts' terms, the summary line
    assert face["Každý"] == "Deck-Body"


def test_converted_outlines_keep_the_glyph_shapes(tmp_path):
    original = TTFont(URW / "NimbusSans-Regular.otf")
    converted = TTFont(truetype_source(URW / "NimbusSans-Regular.otf"))
    assert "glyf" in converted and "CFF " not in converted
    assert converted.getBestCmap() == original.getBestCmap()
    assert converted["OS/2"].fsType == original["OS/2"].fsType
    for char in "aŽů&8":
        name = original.getBestCmap()[ord(char)]
        bounds = []
        for font in (original, converted):
            pen = BoundsPen(font.getGlyphSet())
            font.getGlyphSet()[name].draw(pen)
            bounds.append(pen.bounds)
        assert all(abs(a - b) <= 1.5 for a, b in zip(*bounds)), (char, bounds)
        assert converted["hmtx"][name][0] == original["hmtx"][name][0]


def test_a_cff_font_whose_licence_forbids_embedding_is_refused(tmp_path):
    folder = cffduel(tmp_path / "d")
    font = TTFont(folder / "fonts" / "NimbusSans-Regular.otf")
    font["OS/2"].fsType = 0x0002
    font.save(folder / "fonts" / "NimbusSans-Regular.otf")
    with pytest.raises(DeckError, match=r"fonts.body: font file 'fonts/NimbusSans-Regular.otf' may not be embedded"):
        load_deck(folder)


def test_a_character_the_cff_font_lacks_is_named(tmp_path):
    folder = cffduel(tmp_path / "d", name_cs="Karta ☃ {n}")
    with pytest.raises(DeckError, match=r"card 'c0'.*cs name uses '☃'.*NimbusSans-Bold.otf"):
        load_deck(folder)


def test_every_character_the_deck_font_lacks_is_named_at_once(tmp_path):
    """The check named only the first missing character of a text; a maker then fixed one letter per run."""
    folder = cffduel(tmp_path / "d")
    shutil.copy(URW / "StandardSymbolsPS.otf", folder / "fonts" / "NimbusSans-Regular.otf")  # no Czech letters
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    line = next(line for line in str(caught.value).splitlines() if "card 'c0': the cs text uses " in line)
    assert all(f"{ch!r} (U+{ord(ch):04X})" in line for ch in "Žťčůňěď"), line   # all of them, each once
    assert line.count("'ě'") == 1 and line.endswith("which the deck's body font NimbusSans-Regular.otf has no "
                                                    "glyph for")
