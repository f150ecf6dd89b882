"""A deck's own catalog of deckforge's words (`locale/<lang>.po`, written by `deckforge translate`): a maker's
language that deckforge ships no catalog for gets its page labels, plurals and rulebook headings from the deck."""
from __future__ import annotations

import copy
import shutil
from pathlib import Path

import pdfplumber
import pytest
from babel.messages.pofile import read_po, write_po
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.i18n import deck_words, translations
from deckforge.rulebook.render import visible_text

from language_decks import polish_deck

POLISH = {  # msgid (with its context) -> the translation a Polish maker fills in
    ("page %(num)d of %(total)d", None): "strona %(num)d z %(total)d",
    ("front", "sheet side"): "przód",
    ("this bar is 50 mm", None): "ten pasek ma 50 mm",
    ("Goal of the game", None): "Cel gry",
    (("%(num)d player", "%(num)d players"), None): ("%(num)d gracz", "%(num)d gracze", "%(num)d graczy"),
}


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def warnings_of(result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.startswith("warning:")]


@pytest.fixture(autouse=True, scope="module")
def extracted_once():
    """Extract deckforge's marked strings once for this file's `translate` runs, not once a run (3–4 s each): the
    code and templates they come from do not change during the tests. Each run gets a copy of its own to merge."""
    from deckforge import catalog

    template = catalog.extract()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(catalog, "extract", lambda: copy.deepcopy(template))
        yield


@pytest.fixture(name="polish_deck")
def polish_deck_fixture(tmp_path: Path) -> Path:
    """A deck in Polish and English (deckforge ships no Polish catalog) with its own Polish rules prose."""
    return polish_deck(tmp_path / "polish")


def translate(po: Path, entries: dict) -> None:
    """Fill in entries of a catalog as a translator would, in the file itself."""
    with po.open("rb") as handle:
        catalog = read_po(handle, locale="pl")
    for (msgid, context), text in entries.items():
        message = catalog.get(msgid, context)
        assert message is not None, msgid
        message.string = text
    with po.open("wb") as handle:
        write_po(handle, catalog, width=116)


def page_text(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return "".join(char["text"] for char in pdf.pages[0].chars)


def test_translate_writes_every_string_and_keeps_translations(polish_deck: Path) -> None:
    result = run("translate", str(polish_deck), "--lang", "pl")
    po = polish_deck / "locale" / "pl.po"
    assert result.exit_code == 0, result.output
    assert f"wrote {po}: 0 of " in result.stdout and po.is_file()
    with po.open("rb") as handle:
        catalog = read_po(handle, locale="pl")
    assert catalog.plural_forms.startswith("nplurals=3;")  # Polish: 1 gracz, 2 gracze, 5 graczy
    assert catalog.get("page %(num)d of %(total)d") is not None and catalog.get("front", "sheet side") is not None
    translate(po, POLISH)
    again = run("translate", str(polish_deck), "--lang", "pl")
    assert again.exit_code == 0 and "wrote" in again.stdout and f": {len(POLISH)} of " in again.stdout
    with po.open("rb") as handle:
        assert read_po(handle, locale="pl").get("Goal of the game").string == "Cel gry"


def test_the_decks_catalog_speaks_on_the_sheets_and_in_the_rulebook(polish_deck: Path, tmp_path: Path) -> None:
    assert run("translate", str(polish_deck), "--lang", "pl").exit_code == 0
    translate(polish_deck / "locale" / "pl.po", POLISH)
    sheets, rules = tmp_path / "pl.pdf", tmp_path / "pl.html"
    built = run("build", str(polish_deck), "--lang", "pl", "-o", str(sheets))
    assert built.exit_code == 0, built.output
    assert warnings_of(built) == []  # the deck brings the words: nothing prints in English unasked
    text = page_text(sheets)
    assert "Malý balíček · 4 gracze · strona 1 z 4 · przód" in text and "ten pasek ma 50 mm" in text
    assert "print at 100 %" in text  # a string the catalog leaves empty prints in English
    book = run("rulebook", str(polish_deck), "--lang", "pl", "--format", "html", "-o", str(rules))
    assert book.exit_code == 0 and warnings_of(book) == [], book.output
    assert "Cel gry" in visible_text(rules.read_text(encoding="utf-8"))


def test_the_catalog_speaks_only_for_its_deck(polish_deck: Path, tmp_path: Path) -> None:
    assert run("translate", str(polish_deck), "--lang", "pl").exit_code == 0
    translate(polish_deck / "locale" / "pl.po", POLISH)
    with deck_words(polish_deck):
        assert translations("pl").gettext("Goal of the game") == "Cel gry"
        assert translations("pl").ngettext("%(num)d player", "%(num)d players", 5) == "%(num)d graczy"
    assert translations("pl").gettext("Goal of the game") == "Goal of the game"
    other = tmp_path / "other"
    shutil.copytree(polish_deck, other)
    shutil.rmtree(other / "locale")
    built = run("build", str(other), "--lang", "pl", "-o", str(tmp_path / "other.pdf"))
    assert built.exit_code == 0 and "no 'pl' catalog" in warnings_of(built)[0]
    assert "4 players · page 1 of 4 · front" in page_text(tmp_path / "other.pdf")


def test_a_broken_catalog_is_named(polish_deck: Path, tmp_path: Path) -> None:
    (polish_deck / "locale").mkdir()
    (polish_deck / "locale" / "pl.po").write_text('msgid "front"\n', encoding="utf-8")
    out = tmp_path / "pl.pdf"
    result = run("build", str(polish_deck), "--lang", "pl", "-o", str(out))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{polish_deck / 'locale' / 'pl.po'}" in result.output and not out.exists()


def test_a_bundled_deck_is_not_written_into(tmp_path: Path) -> None:
    result = run("translate", "kamen-nuzky-papir", "--lang", "pl")
    assert result.exit_code == 1 and "deckforge new my-deck --from kamen-nuzky-papir" in result.output
    example = run("translate", "examples/hearts", "--lang", "pl")  # it said `--from hearts`, which is no deck
    assert example.exit_code == 1 and "deckforge new my-deck --from examples/hearts" in example.output
    copied = run("new", str(tmp_path / "my-deck"), "--from", "examples/hearts")
    assert copied.exit_code == 0, copied.output


def test_a_translation_that_loses_a_placeholder_is_named_with_its_line(polish_deck: Path, tmp_path: Path) -> None:
    assert run("translate", str(polish_deck), "--lang", "pl").exit_code == 0
    po = polish_deck / "locale" / "pl.po"
    translate(po, {("page %(num)d of %(total)d", None): "strona %(numer)d"})
    line = next(i for i, text in enumerate(po.read_text(encoding="utf-8").splitlines(), 1)
                if text == 'msgid "page %(num)d of %(total)d"')
    result = run("build", str(polish_deck), "--lang", "pl", "-o", str(tmp_path / "pl.pdf"))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{po}:{line}: msgstr: " in result.output and "'page %(num)d of %(total)d'" in result.output
    assert not (tmp_path / "pl.pdf").exists()


def test_a_deck_whose_auto_text_needs_the_catalog_gets_it_and_then_its_own_words(polish_deck: Path,
                                                                                 tmp_path: Path) -> None:
    """`text: auto` in a language deckforge has no catalog for said "run deckforge translate", and translate,
    loading the deck first, failed with the same message. Then an empty entry wrote the card in English."""
    deck = polish_deck / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("text: {pl: Směr hry se obrací., en: Play reverses.}",
                                                             "text: auto"), encoding="utf-8")
    refused = run("validate", str(polish_deck))
    assert refused.exit_code == 1 and "deckforge translate DECK --lang pl" in refused.output
    written = run("translate", str(polish_deck), "--lang", "pl")
    assert written.exit_code == 0, written.output
    still = run("validate", str(polish_deck))
    assert still.exit_code == 1 and "Traceback" not in still.output
    assert (f"'auto' cannot write 'pl' text: {polish_deck / 'locale' / 'pl.po'} has no translation yet for 'the "
            "direction of play reverses'; fill in the msgstr of each, or write this text by hand") in still.output
    translate(polish_deck / "locale" / "pl.po",
              {("the direction of play reverses", "effect"): "kierunek gry się odwraca"})
    built = run("build", str(polish_deck), "--lang", "pl", "--format", "cards-pdf", "-o", str(tmp_path / "c.pdf"))
    assert built.exit_code == 0, built.output
    with pdfplumber.open(tmp_path / "c.pdf") as pdf:
        assert "Kierunek gry się odwraca." in " ".join(page.extract_text() for page in pdf.pages)


def test_the_words_the_deck_prints_come_first(polish_deck: Path) -> None:
    result = run("translate", str(polish_deck), "--lang", "pl")
    assert result.exit_code == 0, result.output
    ahead = int(result.stdout.split(". The ")[1].split(" that this deck prints")[0])
    with (polish_deck / "locale" / "pl.po").open("rb") as handle:
        catalog = read_po(handle, locale="pl")
    assert f"# The first {ahead} entries are the words this deck prints now" in catalog.header_comment
    order = [(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id]
    first, rest = order[:ahead], order[ahead:]
    for printed in [("page %(num)d of %(total)d", None), ("front", "sheet side"), ("this bar is 50 mm", None),
                    ("Goal of the game", None), ("%(num)d player", None)]:  # on the sheets and in the rulebook
        assert printed in first, printed
    assert ("Playtest report: %(deck)s", None) in rest  # the report's, which translate does not make
    assert 20 < ahead < len(order) / 4


def test_a_copy_of_a_shipped_catalog_loads_and_says_what_it_is_for(tmp_path: Path) -> None:
    """`translate --lang cs` copies deckforge's Czech words into the deck to reword: the deck then failed to build
    in Czech, a literal "95% confidence" read by Babel as a placeholder "% c" beside the Czech "95% i…". The
    command said "706 of 706 strings translated; fill in the empty msgstr lines"."""
    assert run("new", str(tmp_path / "d"), "--from", "kamen-nuzky-papir").exit_code == 0
    result = run("translate", str(tmp_path / "d"), "--lang", "cs")
    assert result.exit_code == 0, result.output
    assert "strings translated; deckforge's own 'cs' catalog has them all, so the file is for rewording" in \
        result.stdout and "fill in the empty" not in result.stdout
    built = run("build", str(tmp_path / "d"), "--lang", "cs", "-o", str(tmp_path / "cs.pdf"))
    assert built.exit_code == 0 and (tmp_path / "cs.pdf").is_file(), built.output
