"""The example games (decks/examples/): each loads with its cards and its rules as data, and builds a PDF whose cards
can be read back; the standard card faces stand out from the card; `list` keeps them apart from the bundled decks."""
from __future__ import annotations

import json
import subprocess

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from deckforge.cli import main
from deckforge.layout.build import BuildOptions, build_deck, prepare
from deckforge.layout.faces import SymbolOp, TextOp
from deckforge.load import load_deck
from deckforge.load.paths import EXAMPLES_DIR
from tests.layout.test_contrast import MINIMUM, low_contrasts

EXAMPLES = sorted(path.parent.name for path in EXAMPLES_DIR.glob("*/deck.yaml"))
AS_DATA = [name for name in EXAMPLES if name.endswith("-as-data")]   # a bundled game written again as data
STANDARD = [name for name in EXAMPLES if name not in AS_DATA]
CLASSICS = {"crazy-eights", "go-fish", "hearts", "spades", "gops", "old-maid", "whist"}
SUITS = {"spades", "hearts", "diamonds", "clubs"}
MM = 72 / 25.4


def test_the_eight_classics_and_a_press_your_luck_game_are_there():
    assert CLASSICS <= set(EXAMPLES) and len(EXAMPLES) >= 8
    press_your_luck = [name for name in EXAMPLES if name not in CLASSICS]
    assert any("hit" in (EXAMPLES_DIR / name / "deck.yaml").read_text(encoding="utf-8") for name in press_your_luck)


@pytest.mark.parametrize("name", STANDARD)
def test_an_example_loads_with_standard_cards_and_rules_as_data(name):
    deck = load_deck(f"examples/{name}")
    assert deck.game is None and deck.described is not None and deck.languages == ("cs", "en")
    assert deck.card_size.name == "poker" and deck.template == "standard" and deck.back.colour
    assert all(deck.descriptions[lang] and deck.name(lang) for lang in deck.languages)
    assert {card.get("suit") for card in deck.cards} <= SUITS and {suit.id for suit in deck.suits} == SUITS
    assert all(card.names["cs"] and card.names["en"] for card in deck.cards)
    assert deck.described.notes.keys() == {"cs", "en"}


@pytest.mark.parametrize("name", AS_DATA)
def test_a_bundled_game_as_data_plays_its_description_with_the_bundled_cards(name):
    deck = load_deck(f"examples/{name}")
    bundled = load_deck(name.removesuffix("-as-data"))
    assert deck.game is None and deck.described is not None and bundled.game is not None
    assert [(card.id, card.count) for card in deck.cards] == [(card.id, card.count) for card in bundled.cards]
    assert {"cs", "en"} <= set(deck.languages) and deck.described.notes.keys() == set(deck.languages)


# None is a patience: each needs someone to ask, take from, beat or play tricks against; partners are four
FEWEST = {"crazy-eights": 2, "go-fish": 2, "gops": 2, "hearts": 3, "kamen-nuzky-papir-as-data": 2, "old-maid": 2,
          "prsi-as-data": 2, "spades": 4, "twenty-one": 2, "whist": 4, "wizard-as-data": 3}


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_names_the_fewest_players_its_game_is_played_by(name):
    """A bundled game as data needs as many as the bundled game, and no example serves fewer."""
    from deckforge.games import deck_spec

    deck = load_deck(f"examples/{name}")
    assert deck_spec(deck).min_players == FEWEST[name] <= deck.players.low
    if name in AS_DATA:
        assert FEWEST[name] == deck_spec(load_deck(name.removesuffix("-as-data"))).min_players


def test_old_maid_plays_without_one_queen_and_gops_without_the_clubs():
    old_maid = load_deck("examples/old-maid")
    assert old_maid.total_for(4) == 51 and "clubs-q" not in {card.id for card in old_maid.cards}
    queens = [card.name("cs") for card in old_maid.cards if card.get("rank") == "Q"]
    assert queens == ["Piková dáma", "Srdcová dáma", "Kárová dáma"]
    gops = load_deck("examples/gops")  # two players, a suit each, the diamonds for prizes: every card in play
    assert (gops.players.low, gops.players.high, gops.total_for(2)) == (2, 2, 39)
    assert {card.get("suit") for card in gops.cards} == {"spades", "hearts", "diamonds"}


# Slow: four more examples of the same 52 standard cards as go-fish, and the bundled games' own cards, which the
# layout tests build; CI builds them all.
SAME_FACES = {"crazy-eights", "hearts", "spades", "whist", "kamen-nuzky-papir-as-data", "prsi-as-data"}


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow if name in SAME_FACES else ())
                                  for name in EXAMPLES])
def test_an_example_builds_and_its_cards_read_back(tmp_path, name):
    deck = load_deck(f"examples/{name}")
    result = build_deck(deck, BuildOptions(lang="cs"), out=tmp_path / "deck.pdf")
    pages = PdfReader(tmp_path / "deck.pdf").pages
    fronts = -(-deck.total_for(deck.player_count()) // 9)  # nine poker cards a sheet, each sheet with its backs
    if name in AS_DATA:   # the bundled deck's cards, printed as the bundled deck prints them
        bundled = build_deck(load_deck(name.removesuffix("-as-data")), BuildOptions(lang="cs"),
                             out=tmp_path / "bundled.pdf")
        fronts = bundled.pages // 2
    assert len(pages) == result.pages == 2 * fronts
    first, last = page_text(tmp_path / "deck.pdf", 1), page_text(tmp_path / "deck.pdf", 2 * fronts - 1)
    assert deck.cards[0].name("cs") in first and deck.cards[-1].name("cs") in last
    assert deck.back.title("cs") in page_text(tmp_path / "deck.pdf", 2)


def page_text(path, number: int) -> str:
    """Return one page's text as poppler's pdftotext reads it (pypdf took 1.5 s for a page of backs)."""
    return subprocess.run(["pdftotext", "-f", str(number), "-l", str(number), str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def test_the_standard_faces_and_backs_stand_out_from_their_ground(tmp_path):
    """Red and black suits, courts, aces, jokers and the back: 3 : 1 or better, in normal and ink-saver prints."""
    text = (EXAMPLES_DIR / "hearts" / "deck.yaml").read_text(encoding="utf-8")
    (tmp_path / "deck.yaml").write_text(text.replace("{standard: french-52}", "{standard: french-52, jokers: 1}"),
                                        encoding="utf-8")
    deck = load_deck(tmp_path / "deck.yaml")
    for ink_saver in (False, True):
        job = prepare(deck, BuildOptions(lang="en", ink_saver=ink_saver))
        assert len(job.fronts) == 53
        found = [line for face in [*job.fronts, job.back] for line in low_contrasts(face)]
        assert not found, f"{len(found)} below {MINIMUM:g} : 1, e.g. " + "; ".join(found[:6])


def test_the_pips_of_a_card_follow_its_rank():
    """A seven shows seven 9 mm pips besides its two corner pips; a court its letter, a 7 mm pip and its figure twice,
    the second turned round; an ace one 30 mm pip."""
    deck = load_deck("examples/hearts")
    faces = {face.key.removeprefix("card-"): face for face in prepare(deck, BuildOptions(lang="en")).fronts}

    def symbols(card_id: str, width_mm: float) -> int:
        return sum(1 for op in faces[card_id].ops if isinstance(op, SymbolOp) and op.name == card_id.split("-")[0]
                   and abs(op.frame.w - width_mm * MM) < 0.01)

    assert [symbols(f"hearts-{rank}", 9) for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10")] == [
        2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert all(symbols(f"diamonds-{rank}", 6.5) == 2 for rank in ("2", "10", "j", "a"))  # the corner pips
    letters = [op for op in faces["spades-k"].ops if isinstance(op, TextOp) and op.lines[0][2] == "K"]
    assert sorted(op.rotation for op in letters) == [0, 0, 180, 180]  # corner indices and the panel's two letters
    assert (symbols("spades-k", 7), symbols("spades-k", 9)) == (2, 0)
    figures = {card: sorted((op.name, op.rotation) for op in faces[card].ops
                            if isinstance(op, SymbolOp) and op.name in ("jack", "queen", "king"))
               for card in ("hearts-j", "clubs-q", "spades-k")}
    assert figures == {"hearts-j": [("jack", 0), ("jack", 180)], "clubs-q": [("queen", 0), ("queen", 180)],
                       "spades-k": [("king", 0), ("king", 180)]}
    assert (symbols("clubs-a", 30), symbols("clubs-a", 9)) == (1, 0)


def test_list_shows_the_bundled_decks_and_the_examples_apart():
    runner = CliRunner()
    bundled = json.loads(runner.invoke(main, ["list", "--json"]).output)
    examples = json.loads(runner.invoke(main, ["list", "--examples", "--json"]).output)
    assert not {deck["id"] for deck in bundled} & {f"examples/{name}" for name in EXAMPLES}
    assert all("/" not in deck["id"] for deck in bundled)
    assert [deck["id"] for deck in examples] == [f"examples/{name}" for name in EXAMPLES]
    assert all(deck["game"] is None for deck in examples)
    assert [deck["cards"] for deck in examples] == [load_deck(f"examples/{name}").set_size for name in EXAMPLES]
    assert {deck["id"]: deck["cards"] for deck in examples}["examples/old-maid"] == 51
    shown = runner.invoke(main, ["show", "examples/whist", "--json"])
    assert shown.exit_code == 0 and json.loads(shown.output)["total"] == 52


def test_an_unknown_example_names_the_examples():
    result = CliRunner().invoke(main, ["show", "examples/heart"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "the example games are examples/<id>: crazy-eights, go-fish" in result.output
