"""`deckforge rulebook` and `deckforge scorepad`: default paths, formats, clean errors in English."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from deckforge.cli import main


def test_rulebook_html_to_the_default_path(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["rulebook", "wizard", "--lang", "en", "--format", "html", "--paper", "a5"])
    assert result.exit_code == 0, result.output
    target = Path("output/wizard/wizard-rules-en.html")
    assert result.output.strip() == f"wrote {target}"
    page = target.read_text(encoding="utf-8")
    assert "size: A5;" in page and "For 4 players: 60 cards" in page.replace('<span class="nw">', "").replace(
        "</span>", "")
    assert not list(target.parent.glob(".*.part"))


# A deck of no game for up to 8 players: its rulebook, its own short rules and the component list, is typeset in
# half the time of a bundled game's (DYMOCK's, which this test wrote before; the bundled books are read back in
# test_rulebook_pdf.py).
PLAIN_DECK = """\
id: duel
languages: [cs]
name: {cs: Souboj}
players: {min: 2, max: 8}
card_size: poker
rules: {cs: "Každý tah zahraj kartu. Kdo drží poslední kartu, prohrává."}
cards:
  - {id: bolt, count: 3, name: {cs: Blesk}, text: {cs: Úder za 2.}}
"""


def test_rulebook_pdf_with_explicit_output(tmp_path: Path) -> None:
    (tmp_path / "duel").mkdir()
    (tmp_path / "duel" / "deck.yaml").write_text(PLAIN_DECK, encoding="utf-8")
    out = tmp_path / "sub" / "rules.pdf"
    result = CliRunner().invoke(main, ["rulebook", str(tmp_path / "duel"), "-l", "cs", "-p", "8", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF-")


def test_bad_player_count_is_a_clean_error() -> None:
    result = CliRunner().invoke(main, ["rulebook", "kamen-nuzky-papir", "--players", "13"])
    assert result.exit_code == 1
    assert result.output.strip() == "Error: deck 'kamen-nuzky-papir': this deck serves 2 to 12 players, not 13"


def test_unknown_paper_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["rulebook", "wizard", "--paper", "a3"])
    assert result.exit_code == 2 and "'a3' is not one of 'a4', 'letter', 'a5'" in result.output


def test_scorepad_for_a_non_wizard_deck_is_refused() -> None:
    result = CliRunner().invoke(main, ["scorepad", "rychle-sipy", "--players", "3"])
    assert result.exit_code == 1
    assert "Error: deck 'rychle-sipy' is a rychle-sipy deck; score pads exist for: wizard" in result.output


def test_scorepad_default_path(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["scorepad", "wizard", "--players", "5", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert Path("output/wizard/wizard-scorepad-5p-en.pdf").read_bytes().startswith(b"%PDF-")


# Ten Prší cards: a deal of four each and one turned up serves two players (9 cards), not three (13).
TEN_CARDS = """\
id: short
game: prsi
languages: [en]
name: {en: Short}
players: {min: 2, max: 3}
card_size: poker
suits:
  - {id: srdce, name: {en: Hearts}, colour: "#c0392b"}
cards:
""" + "".join(f"  - {{id: h{rank}, kind: card, suit: srdce, rank: '{rank}', count: {count}, name: {{en: H{rank}}}}}\n"
              for rank, count in (("7", 2), ("8", 2), ("9", 1), ("10", 1), ("spodek", 1), ("svrsek", 1),
                                  ("kral", 1), ("eso", 1)))


def test_a_count_the_deck_cannot_deal_is_refused_at_its_players_key(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("short.yaml").write_text(TEN_CARDS, encoding="utf-8")
    result = CliRunner().invoke(main, ["rulebook", "short.yaml", "--lang", "en", "--players", "3"])
    assert result.exit_code == 1
    assert result.output.strip() == (
        "Error: short.yaml:5:10: 3 players: 10 cards cannot deal 4 to each of 3 players and turn one up, which "
        "takes 13; add cards, or write the rulebook with --players for a count the deck can deal: 2")
    assert not Path("output").exists()


def test_a_count_below_the_games_fewest_players_is_refused_at_its_players_key(tmp_path: Path, monkeypatch) -> None:
    """A rulebook of Prší for one player was written as if one could play it (Prší plays no example game, whose
    engine would have refused); it is refused in the words validate uses."""
    monkeypatch.chdir(tmp_path)
    Path("solo").mkdir()
    Path("solo/deck.yaml").write_text("extends: prsi\nid: solo\nplayers: {min: 1, max: 1}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["rulebook", "solo", "--lang", "en"])
    assert result.exit_code == 1
    assert result.output == ("Error: solo/deck.yaml:3:10: players.min: Prší (prsi) needs at least 2 players, not 1: "
                             "raise it and players.max to 2\n")
    assert not Path("output").exists()


def test_the_output_name_chooses_the_format_unless_format_is_given(tmp_path: Path) -> None:
    """`rulebook -o rules.html` wrote a PDF into rules.html (and `report -o r.pdf` HTML into r.pdf), unsaid."""
    named = CliRunner().invoke(main, ["rulebook", "prsi", "--lang", "en", "-o", str(tmp_path / "rules.html")])
    assert named.exit_code == 0, named.output
    assert (tmp_path / "rules.html").read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")
    given = CliRunner().invoke(main, ["rulebook", "prsi", "--lang", "en", "--format", "pdf", "-o",
                                      str(tmp_path / "other.html")])
    assert given.exit_code == 0, given.output
    assert (tmp_path / "other.html").read_bytes().startswith(b"%PDF")
    assert "other.html will hold PDF, as --format pdf asks, though its name ends in .html; name it .pdf, or " \
           "leave out --format" in given.stderr
