"""Templates run in Jinja2's sandbox: deck texts are data, a hostile template cannot reach Python."""
import shutil
from pathlib import Path

import pdfplumber
from click.testing import CliRunner

from deckforge.cli import main

ROOT = Path(__file__).resolve().parents[2]


def copy_deck(tmp_path: Path) -> Path:
    target = tmp_path / "deck"
    shutil.copytree(ROOT / "decks" / "kamen-nuzky-papir", target)
    return target / "deck.yaml"


def pdf_text(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def test_template_syntax_in_a_spell_text_is_printed_as_text(tmp_path: Path) -> None:
    deck = copy_deck(tmp_path)
    text = deck.read_text(encoding="utf-8").replace("      en: The direction of play reverses.",
                                                     "      en: \"{{ 7 * 7 }} <b>bold</b> {% if 1 %}x{% endif %}\"")
    deck.write_text(text, encoding="utf-8")
    out = tmp_path / "cards.pdf"
    result = CliRunner().invoke(main, ["build", str(deck), "--lang", "en", "--backs", "none", "-o", str(out)])
    assert result.exit_code == 0, result.output
    printed = pdf_text(out)
    assert "{{ 7 * 7 }}" in printed and "<b>bold</b>" in printed
    assert "49" not in printed


def test_a_user_template_cannot_reach_python_internals(tmp_path: Path) -> None:
    deck = copy_deck(tmp_path)
    template = (ROOT / "templates" / "cards" / "basic.yaml").read_text(encoding="utf-8")
    template = template.replace('text: "{{ name }}"', "text: \"{{ name.__class__.__mro__[1].__subclasses__() }}\"", 1)
    (deck.parent / "evil.yaml").write_text(template, encoding="utf-8")
    deck.write_text(deck.read_text(encoding="utf-8").replace("template: kamen-nuzky-papir", "template: evil"),
                    encoding="utf-8")
    out = tmp_path / "cards.pdf"
    result = CliRunner().invoke(main, ["build", str(deck), "--backs", "none", "-o", str(out)])
    assert result.exit_code == 1
    assert "evil.yaml" in result.output and "unsafe" in result.output.lower()
    assert "Traceback" not in result.output and not out.exists()


def test_a_template_id_cannot_name_a_path(tmp_path: Path) -> None:
    deck = copy_deck(tmp_path)
    deck.write_text(deck.read_text(encoding="utf-8").replace("template: kamen-nuzky-papir",
                                                             "template: ../../etc/passwd"), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(deck), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 1 and "is not a valid id" in result.output


def test_links_out_of_the_deck_folder_are_refused_for_templates(tmp_path: Path) -> None:
    deck = copy_deck(tmp_path)
    secret = tmp_path / "secret.yaml"
    secret.write_text((ROOT / "templates" / "cards" / "basic.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (deck.parent / "linked.yaml").symlink_to(secret)
    deck.write_text(deck.read_text(encoding="utf-8").replace("template: kamen-nuzky-papir", "template: linked"),
                    encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(deck), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 1 and "leads outside the deck's folder" in result.output

    (deck.parent / "rulebook").mkdir()
    (tmp_path / "cs.html").write_text("{{ 1 }}", encoding="utf-8")
    (deck.parent / "rulebook" / "cs.html").symlink_to(tmp_path / "cs.html")
    result = CliRunner().invoke(main, ["rulebook", str(deck), "--lang", "cs", "--format", "html",
                                       "-o", str(tmp_path / "r.html")])
    assert result.exit_code == 1 and "leads outside the deck's folder" in result.output
    assert not (tmp_path / "r.html").exists()


def test_typesetting_fetches_nothing_from_the_network() -> None:
    from deckforge.rulebook.fetch import FetchRefused
    from deckforge.rulebook.typeset import local_url_fetcher

    fetcher = local_url_fetcher()
    for url in ("http://example.com/x.png", "https://example.com/font.ttf", "ftp://example.com/a"):
        try:
            fetcher.fetch(url)
        except FetchRefused as exc:
            assert "fetches nothing from the network" in str(exc)
        else:
            raise AssertionError(f"{url} was fetched")
    assert fetcher.fetch("data:text/plain,hi").read() == b"hi"
