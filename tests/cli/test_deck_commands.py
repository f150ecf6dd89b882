"""The deck commands through click's CliRunner: list, show, validate, new, and help for every command."""
import json
import re
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main

FIXTURES = Path(__file__).resolve().parents[1] / "load" / "fixtures"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_list_names_every_bundled_deck() -> None:
    result = run("list")
    assert result.exit_code == 0
    for deck_id in ("kamen-nuzky-papir", "wizard", "rychle-sipy", "dymock"):
        assert deck_id in result.output
    assert "3–6 players" in result.output


@pytest.mark.parametrize("deck_id,players,total", [("kamen-nuzky-papir", 8, 60), ("dymock", 7, 108)])
def test_show_json_totals(deck_id: str, players: int, total: int) -> None:
    result = run("show", deck_id, "--players", str(players), "--lang", "en", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert (data["deck"], data["players"], data["lang"], data["total"]) == (deck_id, players, "en", total)
    assert sum(card["count"] for card in data["cards"]) == total
    assert set(data["cards"][0]) == {"id", "kind", "name", "text", "count"}


def test_show_groups_cards_in_czech() -> None:
    result = run("show", "kamen-nuzky-papir", "--lang", "cs")
    assert result.exit_code == 0
    assert "Kámen osudu" in result.output and "30 cards" in result.output
    assert "spell (9)" in result.output


def test_show_refuses_players_outside_range_cleanly() -> None:
    result = CliRunner().invoke(main, ["show", "wizard", "--players", "7"])
    assert result.exit_code == 1
    assert "serves 3 to 6 players, not 7" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_unknown_deck_suggests_nearest() -> None:
    result = CliRunner().invoke(main, ["show", "wizzard"])
    assert result.exit_code == 1
    assert "did you mean 'wizard'?" in result.output


def test_validates_help_says_it_checks_every_player_count_without_players() -> None:
    """validate --help said --players defaulted to the deck's base count, but validate checks every count."""
    help_text = " ".join(run("validate", "--help").output.split())
    assert ("--players INTEGER RANGE Check only this number of players (default: every number the deck supports)."
            in help_text)
    assert "base player count" in " ".join(run("show", "--help").output.split())


def test_validate_clean_and_broken() -> None:
    assert run("validate", str(FIXTURES / "ok_tiny.yaml"), "--players", "2").exit_code == 0
    result = CliRunner().invoke(main, ["validate", str(FIXTURES / "fail_unknown_effect.yaml")])
    assert result.exit_code == 1
    assert "fail_unknown_effect.yaml:26:18" in result.output
    assert "Traceback" not in result.output


def test_validate_gives_a_deck_of_one_player_count_as_that_count() -> None:
    """It said "hearts: ok (4–4 players)"."""
    result = run("validate", "examples/hearts", "-j", "1")
    assert result.exit_code == 0 and result.stdout.endswith("hearts: ok (4 players)\n"), result.output


def test_new_copies_a_deck_with_a_new_id(tmp_path: Path) -> None:
    target = tmp_path / "My Deck"
    result = run("new", str(target), "--from", "wizard")
    assert result.exit_code == 0
    text = (target / "deck.yaml").read_text(encoding="utf-8")
    assert "\nid: my-deck\n" in text and "game: wizard" in text
    assert run("show", str(target), "--json").exit_code == 0
    again = CliRunner().invoke(main, ["new", str(target)])
    assert again.exit_code == 1 and "already exists" in again.output
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".deckforge-new-")]


@pytest.mark.parametrize("folder, deck_id", [("Můj balíček č. 1", "muj-balicek-c-1"),
                                              ("Žluťoučký kůň", "zlutoucky-kun"), ("ěščřž", "escrz")])
def test_new_takes_the_id_from_a_czech_folder_name_without_its_accents(tmp_path: Path, folder: str,
                                                                        deck_id: str) -> None:
    """Each accented letter became a dash ("m-j-bal-ek-1"), and "ěščřž" fell back to "my-deck", the id of a folder
    named "My Deck": the two decks' builds overwrote each other's output/my-deck/."""
    target = tmp_path / folder
    result = run("new", str(target), "--from", "wizard")
    assert result.exit_code == 0, result.output
    assert f"\nid: {deck_id}\n" in (target / "deck.yaml").read_text(encoding="utf-8")
    assert f"(id {deck_id}, copied from wizard)" in result.output
    assert result.output.rstrip().endswith(f"then run deckforge validate '{target}'")


def test_new_own_starts_a_game_of_ones_own_that_validates_builds_and_has_a_rulebook(tmp_path: Path) -> None:
    """Every starter copied a bundled game's deck, whose rules a maker inventing a game must first take out."""
    import pdfplumber

    from deckforge.layout import BuildOptions, build_deck
    from deckforge.load import load_deck
    from deckforge.rulebook import write_rulebook

    target = tmp_path / "Čarodějný souboj"
    result = run("new", str(target), "--own")
    assert result.exit_code == 0, result.output
    assert "(id carodejny-souboj, a game of your own)" in result.output and "cards.csv" in result.output
    deck = load_deck(target)
    assert deck.game is None and deck.name("cs") == "Čarodějný souboj" and deck.languages == ("en", "cs")
    assert [(card.id, card.count) for card in deck.cards] == [("spark", 10), ("gust", 8), ("mirror", 6)]
    assert all(card.source.file.endswith("cards.csv") for card in deck.cards)
    checked = run("validate", str(target))
    assert checked.exit_code == 0 and "carodejny-souboj: ok (2–4 players)" in checked.output
    sheets = build_deck(deck, BuildOptions(lang="cs"), out=tmp_path / "cards.pdf")
    assert sheets.cards == 24 and not [w for w in sheets.warnings if "cannot deal" not in w]
    with pdfplumber.open(sheets.path) as pdf:
        assert "Hned zahraj ještě jednu kartu." in pdf.pages[0].extract_text()
    rules = write_rulebook(deck, "cs", 4, "html", out=tmp_path / "rules.html").read_text(encoding="utf-8")
    assert "Vyhrává, kdo se jako první zbaví všech karet." in rules and "Zrcadlo" in rules
    assert "Vykládej karty a dělej, co říkají." in rules  # the description leads the title page
    both = CliRunner().invoke(main, ["new", str(tmp_path / "other"), "--own", "--from", "wizard"])
    assert both.exit_code == 1 and "give one of them" in both.output and not (tmp_path / "other").exists()


def test_new_gives_a_folder_name_with_no_latin_letters_its_own_stable_id(tmp_path: Path) -> None:
    """"日本" got the id "my-deck", that of a folder named "My Deck", so their builds shared output/my-deck/; such
    a name now gets "deck-" and a short hash of itself, the same on every run (and for its decomposed spelling)."""
    ids = {}
    for parent, folder in [("a", "日本"), ("b", "日本"), ("c", "中国"), ("d", unicodedata.normalize("NFD", "ガイド")),
                           ("e", "ガイド")]:
        result = run("new", str(tmp_path / parent / folder), "--from", "wizard")
        assert result.exit_code == 0, result.output
        ids[parent] = re.search(r"(?m)^id: (.*)$", (tmp_path / parent / folder / "deck.yaml").read_text("utf-8"))[1]
        assert f"(id {ids[parent]}, copied from wizard)" in result.output
    assert re.fullmatch(r"deck-[0-9a-f]{8}", ids["a"]), ids
    assert ids["a"] == ids["b"] and ids["d"] == ids["e"]
    assert len({ids["a"], ids["c"], ids["d"], "my-deck"}) == 4


def test_new_with_a_spreadsheet_from_a_deck_named_by_a_relative_path(tmp_path: Path, monkeypatch) -> None:
    """`new copy --from src --spreadsheet` wrote each card's art relative to the folder as typed (`src`) while the art
    path is absolute: a traceback. The art column keeps the deck file's own relative paths."""
    first = run("new", str(tmp_path / "src"), "--from", "kamen-nuzky-papir")
    assert first.exit_code == 0
    deck_file = tmp_path / "src" / "deck.yaml"
    (tmp_path / "src" / "art").mkdir()
    from PIL import Image

    Image.new("RGB", (300, 420), "#336699").save(tmp_path / "src" / "art" / "rock.png")
    text = deck_file.read_text(encoding="utf-8")
    deck_file.write_text(text.replace("    item: rock\n", "    item: rock\n    art: art/rock.png\n", 1), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["new", "copy", "--from", "src", "--spreadsheet"])
    assert result.exit_code == 0, result.output
    rows = (tmp_path / "copy" / "cards.csv").read_text(encoding="utf-8").splitlines()
    column = rows[0].split(",").index("art")
    assert [row.split(",")[column] for row in rows[1:] if "art/" in row] == ["art/rock.png"]
    assert run("show", "copy").exit_code == 0


def test_new_with_a_spreadsheet_from_standard_cards_keeps_their_suits_design_and_pips(tmp_path: Path) -> None:
    """`cards: {standard: french-52}` brings suits and the `standard` card design; the spreadsheet copy dropped both
    (the cards printed on the plain face), and its ranks came back as numbers, so even the standard design, which
    draws pips by `rank in ('8', '9', '10')`, drew none. validate said "ok" each time."""
    from deckforge.layout.context import BuildContext
    from deckforge.layout.faces import FacePlanner, SymbolOp
    from deckforge.load import load_deck
    from deckforge.load.card_template import load_card_template

    result = run("new", str(tmp_path / "eights"), "--from", "examples/crazy-eights", "--spreadsheet")
    assert result.exit_code == 0, result.output
    deck = load_deck(tmp_path / "eights")
    original = load_deck("examples/crazy-eights")
    assert deck.template == "standard" and deck.suits == original.suits
    assert [card.attrs for card in deck.cards] == [card.attrs for card in original.cards]  # rank "8", not 8
    planner = FacePlanner(BuildContext(deck, "en", 4, False, load_card_template(deck)), 0)
    pips = [op for op in planner.card(deck.card("hearts-8"), 1).ops if isinstance(op, SymbolOp)]
    assert len(pips) == 8 + 2  # eight pips and the two corner signs


def test_usage_error_exits_2() -> None:
    assert CliRunner().invoke(main, ["show"]).exit_code == 2


def test_every_command_has_help_with_an_example() -> None:
    names = main.list_commands(None)  # commands are imported when asked for: list them all
    assert {"list", "show", "validate", "new", "build", "report", "rulebook", "preview", "simulate"} <= set(names)
    for name in names:
        result = run(name, "--help")
        assert result.exit_code == 0, name
        assert "Example" in result.output, f"'deckforge {name} --help' has no example"


def test_a_rank_written_as_a_number_is_the_rank_and_options_take_any_case(tmp_path: Path, monkeypatch) -> None:
    """Prší's `rank: 7` unquoted was refused with "unknown value 7; did you mean '7'?"; `--paper Letter` and
    `--lang EN` were refused too, though nothing else could be meant."""
    from deckforge.load import BUNDLED_DIR, load_deck

    monkeypatch.chdir(tmp_path)
    (tmp_path / "prsi").mkdir()
    text = (BUNDLED_DIR / "prsi" / "deck.yaml").read_text(encoding="utf-8")
    assert 'rank: "7"' in text
    (tmp_path / "prsi" / "deck.yaml").write_text(text.replace('rank: "7"', "rank: 7"), encoding="utf-8")
    deck = load_deck(tmp_path / "prsi")
    assert {card.get("rank") for card in deck.cards} >= {"7", "eso"}
    result = CliRunner().invoke(main, ["build", "prsi", "--paper", "Letter", "--lang", "EN", "-o", "p.pdf"])
    assert result.exit_code == 0, result.output
    from pypdf import PdfReader

    assert [round(float(v)) for v in PdfReader("p.pdf").pages[0].mediabox[2:]] == [612, 792]


def test_validate_counts_one_card_and_one_player_in_the_singular(tmp_path: Path, monkeypatch) -> None:
    """The deal findings said "1 cards" and "each of 1 players"; every count now agrees with its number."""
    monkeypatch.chdir(tmp_path)
    Path("deck.yaml").write_text(
        "id: one\ngame: kamen-nuzky-papir\nlanguages: [en]\nname: {en: One}\nplayers: {min: 1, max: 2}\n"
        "card_size: poker\ncards:\n  - {id: rock, kind: item, item: rock, count: 1, name: {en: Rock}}\n",
        encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "deck.yaml", "-j", "1"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.splitlines()[-2:] == [
        "- deck.yaml:5:10: 1 player: 1 card cannot deal 4 to each of 1 player and turn one up, which takes 5",
        "- deck.yaml:5:10: 2 players: 1 card cannot deal 4 to each of 2 players and turn one up, which takes 9"]


def one_seat_deck(folder: Path, players: str = "{min: 1, max: 1}") -> Path:
    """Write the bundled Kámen, nůžky, papír deck for other `players` and return its file (`players` on line 3)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text(f"extends: kamen-nuzky-papir\nid: solo\nplayers: {players}\n",
                                      encoding="utf-8")
    return folder / "deck.yaml"


def test_validate_refuses_one_player_for_a_game_of_two_and_plays_nothing(tmp_path: Path, monkeypatch) -> None:
    """A Kámen, nůžky, papír deck for one player kept validate busy for minutes: one seat is never the last holding
    cards, so no game ended. The game's fewest players is now a static check placed at `players`, and no game is
    played."""
    from deckforge.sim.pool import GamePool

    def no_games(*args, **kwargs):
        raise AssertionError("a game was played")
    monkeypatch.setattr(GamePool, "play", no_games)
    monkeypatch.chdir(tmp_path)
    one_seat_deck(tmp_path)
    result = CliRunner().invoke(main, ["validate", "deck.yaml", "-j", "1"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.splitlines()[-2:] == [
        "Error: deck.yaml: 1 problem:",
        "- deck.yaml:3:10: players.min: Rock, Paper, Scissors (kamen-nuzky-papir) needs at least 2 players, not 1: "
        "raise it and players.max to 2"]
    assert "no games were played" in result.stdout


def test_validate_asks_only_players_min_up_when_the_deck_also_serves_enough(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    one_seat_deck(tmp_path, "{min: 1, max: 4}")
    result = CliRunner().invoke(main, ["validate", "deck.yaml", "-j", "1"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == (
        "- deck.yaml:3:10: players.min: Rock, Paper, Scissors (kamen-nuzky-papir) needs at least 2 players, not 1: "
        "raise it to 2")


def test_validate_places_each_count_the_deck_cannot_deal_at_its_players(tmp_path: Path, monkeypatch) -> None:
    """Kámen, nůžky, papír had no static deal check (the play check found it, unplaced); every game's deal is now
    checked before play and placed at `players`, the key to change (or add cards)."""
    monkeypatch.chdir(tmp_path)
    text = (FIXTURES / "ok_tiny.yaml").read_text(encoding="utf-8").replace("per_set: 2", "per_set: 4")
    Path("deck.yaml").write_text(text.replace("    item: scissors\n    count: 3", "    item: scissors\n    count: 1"),
                                 encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "deck.yaml", "-j", "1"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.splitlines()[-5:] == [
        "Error: deck.yaml: 4 problems:",
        "- deck.yaml:5:10: 3 players: 9 cards cannot deal 4 to each of 3 players and turn one up, which takes 13",
        "- deck.yaml:5:10: 4 players: 9 cards cannot deal 4 to each of 4 players and turn one up, which takes 17",
        "- deck.yaml:5:10: 5 players: 18 cards cannot deal 4 to each of 5 players and turn one up, which takes 21",
        "- deck.yaml:5:10: 6 players: 18 cards cannot deal 4 to each of 6 players and turn one up, which takes 25"]


def one_card_deck(folder: Path, players: str = "{min: 1, max: 2}", count: int = 1, deck_id: str = "one") -> Path:
    """Write a Kámen, nůžky, papír deck of `count` rocks (one card, by default) and return its file."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text(
        f"id: {deck_id}\ngame: kamen-nuzky-papir\nlanguages: [en]\nname: {{en: One}}\nplayers: {players}\n"
        f"card_size: poker\ncards:\n  - {{id: rock, kind: item, item: rock, count: {count}, name: {{en: Rock}}}}\n",
        encoding="utf-8")
    return folder / "deck.yaml"


def test_show_says_one_player_and_one_card_in_the_singular(tmp_path: Path) -> None:
    """show printed "for 1 players: 1 cards"."""
    deck = str(one_card_deck(tmp_path / "one"))
    assert run("show", deck, "--players", "1").output.splitlines()[0] == "One (one) for 1 player: 1 card"
    assert run("show", deck, "--players", "2").output.splitlines()[0] == "One (one) for 2 players: 1 card"
    assert run("show", "kamen-nuzky-papir", "--players", "4", "--lang", "en").output.splitlines()[0] == \
        "Rock, Paper, Scissors (kamen-nuzky-papir) for 4 players: 30 cards"


def test_list_says_one_card_in_the_singular(tmp_path: Path, monkeypatch) -> None:
    """list printed "1 cards" for a deck of one card."""
    from deckforge.cli import deck_commands
    from deckforge.load.listing import deck_summaries

    one_card_deck(tmp_path / "a-one")
    one_card_deck(tmp_path / "b-two", count=2, deck_id="two")
    monkeypatch.setattr(deck_commands, "deck_summaries", lambda folder=None: deck_summaries(tmp_path))
    assert [" ".join(line.split()) for line in run("list").output.splitlines()] == [
        "one kamen-nuzky-papir 1–2 players 1 card One", "two kamen-nuzky-papir 1–2 players 2 cards One"]


def test_validate_counts_one_problem_in_the_singular(tmp_path: Path, monkeypatch) -> None:
    """validate's header read "1 problem(s):"."""
    monkeypatch.chdir(tmp_path)
    Path("deck.yaml").write_text(
        "id: two\ngame: kamen-nuzky-papir\nlanguages: [en]\nname: {en: Two}\nplayers: {min: 2, max: 2}\n"
        "card_size: poker\ncards:\n  - {id: rock, kind: item, item: rock, count: 10, name: {en: Rock}}\n"
        "  - {id: paper, kind: item, item: paper, count: 10, name: {en: Paper}}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "deck.yaml", "-j", "1"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.splitlines()[-2:] == [
        "Error: deck.yaml: 1 problem:", "- no scissors card: every item must be in the deck for play to flow"]
