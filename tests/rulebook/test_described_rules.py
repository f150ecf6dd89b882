"""A deck whose `rules:` is a description gets its set-up, play, special cards, scoring and end written from it, in
Czech and English, with the cards it names pictured (deckforge/rules/describe.py, rulebook/described.py)."""
from __future__ import annotations

import re
import shutil
from functools import lru_cache
from pathlib import Path

import pdfplumber
import pytest

from deckforge.load import BUNDLED_DIR, load_deck
from deckforge.rulebook import build_context, rulebook_html, write_rulebook
from deckforge.rulebook.described import described_deal, write_rules
from deckforge.rulebook.render import visible_text
from deckforge.rules.wording import Words

from rulebook_helpers import squash

EXAMPLES = Path(__file__).resolve().parents[2] / "decks" / "examples"

CARD_ROWS = [("h1", "hearts", "1", 2, "Srdcová jednička", "One of Hearts"),
             ("h2", "hearts", "2", 2, "Srdcová dvojka", "Two of Hearts"),
             ("h3", "hearts", "3", 2, "Srdcová trojka", "Three of Hearts"),
             ("h8", "hearts", "8", 2, "Srdcová osmička", "Eight of Hearts"),
             ("hk", "hearts", "K", 1, "Srdcový král", "King of Hearts"),
             ("l1", "leaves", "1", 2, "Zelená jednička", "One of Leaves"),
             ("l2", "leaves", "2", 2, "Zelená dvojka", "Two of Leaves"),
             ("l3", "leaves", "3", 2, "Zelená trojka", "Three of Leaves"),
             ("l8", "leaves", "8", 2, "Zelená osmička", "Eight of Leaves"),
             ("lk", "leaves", "K", 1, "Zelený král", "King of Leaves")]
RULES = """
rules:
  ranks: ["1", "2", "3", "8", K]
  setup:
    - deal: {to: hand, count: {2: 5, default: 3}}
    - turn_up: {to: pile}
  play:
    style: turns
    moves:
      - play: {if: {wild: {rank: "8"}}, then: [name_suit]}
      - play: {if: {match: [suit, rank]}}
      - draw: {then: end}
      - pass: {}
  effects:
    - when: {rank: K}
      do: [{effect: draw, target: next, count: 2}]
  score:
    - per_card: {zone: hand, where: {suit: hearts}, points: -2}
    - first_out: 5
  end: {round: first_out, game: {rounds: 3}}
  winner: highest_score
  notes:
    cs: Osmičky si *šetři* na konec.
    en: Keep your *eights* for the end.
"""
HEAD = """id: mini-eights
languages: [cs, en]
name: {cs: Malé osmičky, en: Little Eights}
players: {min: 2, max: 5}
card_size: poker
suits:
  - {id: hearts, name: {cs: srdce, en: Hearts}, colour: "#c0392b"}
  - {id: leaves, name: {cs: listy, en: Leaves}, colour: "#2e7d32"}
cards:
"""
# 18 cards: 10 faces and the back are pictured among the components, then the two 8s (wild), the two kings (their
# effect) and the five hearts faces (the scoring rule) beside the rules that name them.
PICTURES = 11 + 2 + 2 + 5


def write_deck(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    cards = "".join(f'  - {{id: {i}, suit: {s}, rank: "{r}", count: {n}, name: {{cs: {cs}, en: {en}}}}}\n'
                    for i, s, r, n, cs, en in CARD_ROWS)
    (folder / "deck.yaml").write_text(HEAD + cards + RULES, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def mini(tmp_path_factory) -> Path:
    return write_deck(tmp_path_factory.mktemp("described") / "mini-eights")


@pytest.fixture(scope="module")
def pdf_text(mini, tmp_path_factory):
    """Render each (language, players) once, on A5 (one column, so the text reads back in order); return the PDF's
    text and its number of placed images."""
    made = {}

    def read(lang: str, players: int) -> tuple[str, int]:
        if (lang, players) not in made:
            path = write_rulebook(mini, lang, players, paper="a5",
                                  out=tmp_path_factory.mktemp("pdf") / f"{lang}-{players}.pdf")
            with pdfplumber.open(path) as pdf:
                text = " ".join(page.extract_text() or "" for page in pdf.pages)
                text = squash(re.sub(r"(?<=\w)-\n(?=\w)", "", text))   # a word hyphenated at a line end
                images = sum(len(page.images) for page in pdf.pages)
            made[lang, players] = text, images
        return made[lang, players]
    return read


@pytest.mark.parametrize("lang, players, setup", [
    ("cs", 2, ["Každý hráč dostane 5 karet.", "Zbylých 7 karet polož lícem dolů doprostřed stolu"]),
    ("cs", 5, ["Každý hráč dostane 3 karty.", "Zbylé 2 karty polož lícem dolů doprostřed stolu",
               "při 2 hráčích dostane každý 5 karet"]),
    ("en", 2, ["Each player gets 5 cards.", "Put the remaining 7 cards face down in the middle of the table"]),
])
def test_the_set_up_is_counted_for_the_player_count(pdf_text, lang, players, setup):
    text, _ = pdf_text(lang, players)
    for sentence in setup:
        assert sentence in text


@pytest.mark.parametrize("lang, sentences", [
    ("cs", ["Na konci každého kola získáš:", "−2 body za každou srdcovou kartu v tvé ruce", "5 bodů pro hráče, který se první zbaví všech karet",
            "Kolo končí, jakmile některému hráči nezbude žádná karta.", "Hra trvá 3 kola.",
            "Vyhrává hráč s nejvíce body.", "Když zahraješ krále, další hráč si lízne 2 karty.",
            "Zahraj osmičku z ruky lícem nahoru na odkládací hromádku",
            "Musí se shodovat s vrchní kartou barvou nebo hodnotou.", "Osmičky si šetři na konec."]),
    ("en", ["At the end of each round, you score:", "−2 points for each Heart left in your hand",
            "5 points for the first player to get rid of all their cards",
            "The round ends as soon as one player has no cards left.", "The game lasts 3 rounds.",
            "The player with the most points wins.", "When you play a King, the next player draws 2 cards.",
            "Play an Eight from your hand face up onto the discard pile, whatever the top card is.",
            "It must match the top card in suit or rank.", "Keep your eights for the end."]),
])
def test_play_scoring_and_end_are_written_from_the_description(pdf_text, lang, sentences):
    text, _ = pdf_text(lang, 2)
    for sentence in sentences:
        assert sentence in text


def test_the_sections_come_in_order(pdf_text):
    text, _ = pdf_text("cs", 2)
    headings = ["Cíl hry", "Obsah hry", "Příprava", "Průběh hry", "Zvláštní karty", "Konec hry a hodnocení",
                "Poznámky a tipy"]
    places = [text.rindex(f"{n} {heading}") for n, heading in enumerate(headings, start=1)]
    assert places == sorted(places)
    glance = text[text.index("Ve zkratce"):text.index("Obsah ")]   # the title page's summary, before the contents
    assert "Každý hráč dostane 5 karet." in glance and "Vyhrává hráč s nejvíce body." in glance


def test_every_card_and_every_card_a_rule_names_is_pictured(pdf_text):
    text, images = pdf_text("en", 2)
    assert images == PICTURES
    assert all(en in text for *_, en in CARD_ROWS)


def test_czech_declines_a_suit_by_its_cards_adjective_and_keeps_other_names_in_the_nominative(mini):
    deck = load_deck(mini)
    cs = Words(deck, "cs", deck.described.ranks)
    assert cs.suit_cards("hearts", "sg", "ins") == "srdcovou kartou"
    assert cs.suit_cards("leaves", "pl", "gen") == "zelených karet"
    assert cs.rank_name("8") == "osmička" and cs.rank_name("K") == "král"
    en = Words(deck, "en", deck.described.ranks)
    assert en.rank_name("K") == "King"       # "of" is shared by every rank's name, so it is not part of one
    assert en.points(-2) == "−2 points" and cs.points(1) == "1 bod" and cs.points(3) == "3 body"


def test_a_suit_whose_cards_share_no_adjective_stays_in_the_nominative(tmp_path):
    folder = write_deck(tmp_path / "plain")
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    (folder / "deck.yaml").write_text(text.replace("Srdcová ", "Karta srdce ").replace("Srdcový ", "Karta srdce "),
                                      encoding="utf-8")
    deck = load_deck(folder)
    assert Words(deck, "cs").suit_cards("hearts", "sg", "acc") == "kartu v barvě srdce"


EXAMPLE_DECKS = sorted(p for p in EXAMPLES.glob("*") if (p / "deck.yaml").is_file()) if EXAMPLES.is_dir() else []
CS_CARDS = {1: "kartu", 2: "karty", 3: "karty", 4: "karty"}


@pytest.mark.skipif(not EXAMPLE_DECKS, reason="no example decks under decks/examples/")
@pytest.mark.parametrize("folder", EXAMPLE_DECKS, ids=lambda p: p.name)
def test_every_example_deck_gets_its_rules_written_in_czech_and_english(folder):
    deck = load_deck(folder)
    players = deck.players.default_players
    hand = described_deal(deck, players).hand
    html = example_html(folder.name, "cs")
    cs = visible_text(html)
    en = visible_text(example_html(folder.name, "en"))
    assert html.count("<img") == expected_pictures(deck, players)
    for heading in ("Příprava", "Průběh hry", "Konec hry a hodnocení"):
        assert heading in cs
    if hand:
        assert f"dostane {hand} {CS_CARDS.get(hand, 'karet')}" in cs
        assert f"gets {hand} card{'s' if hand != 1 else ''}" in en
    assert "Kolo " in cs and "The round " in en
    assert ("Vyhrává" in cs or "prohrál" in cs) and (" wins" in en or " loses" in en)


def test_a_deck_below_its_games_fewest_players_gets_the_games_range_in_its_rulebook(tmp_path):
    """A Go Fish for 1 to 6 players (which validate fails) had its rulebook, at a count it can be played by, say
    "1–6 players" and tabulate a deal for one; it states the game's range, 2–6, as the example deck's does."""
    text = (EXAMPLES / "go-fish" / "deck.yaml").read_text(encoding="utf-8")
    (tmp_path / "deck.yaml").write_text(text.replace("\nplayers: {min: 2, ", "\nplayers: {min: 1, "),
                                        encoding="utf-8")
    deck = load_deck(tmp_path / "deck.yaml")
    assert deck.players.low == 1
    book = build_context(deck, "en", 4)
    assert (book.low, book.high) == (2, 6) and [row.players for row in book.scaling] == [2, 3, 4, 5, 6]
    en, cs = (visible_text(rulebook_html(deck, lang, 4)) for lang in ("en", "cs"))
    assert "Number of players 2–6" in en and "One deck: 52 cards, 2–6 players." in en and "1–6" not in en
    assert "Počet hráčů 2–6" in cs and "1–6" not in cs


def expected_pictures(deck, players: int) -> int:
    """Count the pictures a described deck's rulebook shows: every card and the back (more than 20 distinct
    cards: one per component row and the back), and the cards each rule names."""
    book = build_context(deck, "cs", players)
    written = write_rules(deck, book)
    shown = len(deck.cards) if len(deck.cards) <= 20 else len(book.components)
    named = sum(len(block.cards) for part in (written.goal, written.setup, written.turn, written.special,
                                              written.end) for block in part)
    return shown + 1 + named


def test_a_big_deck_draws_only_the_cards_its_rulebook_pictures(monkeypatch):
    """Hearts has 52 cards and pictures a card per suit and the cards its rules name: only those faces are drawn,
    rasterised and encoded, each once, and each exactly as when every face of the deck is drawn together."""
    from deckforge.layout import cards
    from deckforge.rulebook import pictures

    drawn = []
    rasterise = cards.rasterise
    monkeypatch.setattr(cards, "rasterise", lambda job, faces, dpi: drawn.extend(faces) or rasterise(job, faces, dpi))
    deck = load_deck(EXAMPLES / "hearts")   # a deck of its own: the process's pictures of the bundled one stay apart
    html = rulebook_html(deck, "cs", 4)
    shown = set(re.findall(r'<img src="(data:image/png;base64,[^"]+)"', html))
    assert 5 <= len(drawn) == len(shown) < 20 and len({face.key for face in drawn}) == len(drawn)
    every = pictures.card_pictures(deck, "cs", 4)   # now the rest, drawn in one go
    assert len(drawn) == len(every) == len(deck.cards) + 1
    assert shown <= {picture.src for picture in every}
    alone = pictures.card_picture(load_deck(EXAMPLES / "hearts"), "cs", 4, "hearts-7")   # a fresh deck: drawn alone
    assert alone == next(picture for picture in every if picture.card_id == "hearts-7")


def test_a_short_note_is_printed_as_its_own_section(tmp_path):
    folder = write_deck(tmp_path / "short")
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    (folder / "deck.yaml").write_text(text.replace("Osmičky si *šetři* na konec.", "Hodně štěstí!"),
                                      encoding="utf-8")
    shown = visible_text(rulebook_html(folder, "cs", 3))
    assert "Poznámky a tipy Hodně štěstí!" in shown


def test_dealing_every_card_says_which_hands_get_one_more(tmp_path):
    folder = write_deck(tmp_path / "all")
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    text = text.replace("count: {2: 5, default: 3}", "count: all").replace("    - turn_up: {to: pile}\n", "")
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    cs = visible_text(rulebook_html(folder, "cs", 4))     # 18 cards: two hands of 5, two of 4, none left
    assert ("Rozdej postupně všechny karty: první 2 hráči od levice rozdávajícího dostanou 5 karet, ostatní 4 karty."
            in cs)
    en = visible_text(rulebook_html(folder, "en", 3))     # 18 cards: 6 each
    assert "Deal out all the cards: each player gets 6 cards." in en and "remaining" not in en
    maid = BUNDLED_DIR / "examples" / "old-maid"   # 51 cards: at 2 players, 26 and the dealer's 25
    assert "the dealer gets 25 cards, the other player 26 cards." in visible_text(rulebook_html(maid, "en", 2))
    assert "rozdávající dostane 25 karet, druhý hráč 26 karet." in visible_text(rulebook_html(maid, "cs", 2))


def write_german_deck(folder: Path) -> Path:
    """Write the mini deck with German names and notes besides its Czech and English ones."""
    write_deck(folder)
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    text = (text.replace("languages: [cs, en]", "languages: [cs, en, de]")
            .replace("en: Little Eights}", "en: Little Eights, de: Kleine Achten}")
            .replace("en: Hearts}", "en: Hearts, de: Herz}").replace("en: Leaves}", "en: Leaves, de: Grün}")
            .replace("    en: Keep your *eights* for the end.", "    en: Keep your *eights* for the end.\n"
                                                             "    de: Heb dir die Achten auf."))
    for _, suit, rank, _, _, en in CARD_ROWS:
        german = f"{'Herz' if suit == 'hearts' else 'Grün'}-{dict(K='König').get(rank, rank)}"
        text = text.replace(f"en: {en}}}", f"en: {en}, de: {german}}}")
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    return folder


def test_a_deck_in_german_gets_its_rules_in_german(tmp_path):
    de = visible_text(rulebook_html(write_german_deck(tmp_path / "de"), "de", 3))
    for sentence in ("Jeder Spieler bekommt 3 Karten.", "Die Runde endet, sobald ein Spieler keine Karten mehr hat.",
                     "Wenn du eine Karte mit dem Wert König spielst: Der nächste Spieler zieht 2 Karten.",
                     "−2 Punkte für jede Karte der Farbe Herz noch auf deiner Hand", "Das Spiel dauert 3 Runden.",
                     "Hinweise und Tipps Heb dir die Achten auf."):
        assert sentence in de


def every_variant(rules):
    """Yield the mini deck's rules changed to use each word of the closed vocabularies once (model.py)."""
    from dataclasses import replace

    from deckforge.rules import model as m

    for end in m.ROUND_ENDS:
        yield replace(rules, end=m.End(round=end, rounds=None, score=None))
    yield replace(rules, end=m.End(by_deck=True), setup=(m.Deal(count=m.Count(per_round=True)),))
    yield replace(rules, end=m.End(score=50), teams="partners")
    king = m.Where((("rank", ("K",)),))
    for name, to in (("draw", "pile"), ("skip", "middle")):   # waiting effects; a turned-up card that acts
        yield replace(rules, setup=(m.Deal(count=m.Count(5)), m.TurnUp(to=to, acts=True)),
                      end=m.End(round="last_holding", blocked="stalemate"),
                      effects=(m.CardEffect(king, (m.EffectStep(name, amount=2, answer=king), m.EffectStep("name_suit"))),))
    for kind in m.WINNERS:
        yield replace(rules, winner=m.Winner(kind, m.Where((("rank", ("K",)),)) if kind == "not_last_holding"
                                             else None))
    yield replace(rules, score=(m.PerTrick(2), m.PerSet(1), m.BidScore(exact=True, made_base=20, missed_per_off=-10),
                                m.SumScore(), m.ShootTheMoon(others=26), m.OutBonus(3),
                                m.PerCard(by_value=True), m.PerCard(where=m.Where((("suit", ("leaves",)),
                                                                                   ("rank", ("K",)))), points=5)))
    zones = {**rules.zones, "prizes": m.Zone("prizes", "shared", "down")}
    yield replace(rules, zones=zones, setup=(m.MoveCards(m.Where((("rank", ("K",)),)), "prizes"),
                                             m.Deal(by="suit")),
                  play=m.Play("reveal", reveal=m.Reveal(prize_from="prizes", by="value", tie="discard")))
    for tie in ("carry", "split"):
        yield replace(rules, play=m.Play("reveal", reveal=m.Reveal(tie=tie, winner="lowest", revealed_to="won")))
    yield replace(rules, trump=m.Trump("suit", "hearts"), bid=m.Bid(high=5, not_total=True),
                  play=m.Play("tricks", tricks=m.Tricks(follow="any", lead_locked=m.Where((("suit", ("hearts",)),)),
                                                      first_lead=m.Where((("suit", ("leaves",)), ("rank", ("1",)))))))
    yield replace(rules, trump=m.Trump("turn_up"), play=m.Play("tricks", tricks=m.Tricks()))
    high, low = m.Where((("rank", ("K",)),)), m.Where((("rank", ("1",)),))   # Wizard's cards apart, its trump
    yield replace(rules, trump=m.Trump("turn_up", dealer_chooses=high, no_trump=low, stock_empty="none"),
                  setup=(m.Deal(count=m.Count(per_round=True)),), end=m.End(by_deck=True),
                  play=m.Play("tricks", tricks=m.Tricks(wild=high, beats_all=high, loses_all=low)))
    yield replace(rules, trump=m.Trump("turn_up", stock_empty="none"), setup=(m.Deal(),),
                  play=m.Play("tricks", tricks=m.Tricks(beats_all=high)))
    moves = (m.PlayMove(cond=m.Condition(card=m.Where((("suit", ("hearts",)),)), higher=True, lower=True,
                                         beats=m.Beats("suit", (("hearts", ("leaves",)),)))),
             m.DrawMove(count=2, then="continue", when="no_other"), m.AskMove(target="next", hit="take_one"),
             m.TakeMove(target="right", random=False), m.HitMove(), m.StandMove(when="no_play"), m.PassMove("always"))
    always = (m.Sets(size=3, same="suit"), m.Sets(size=3, same="suit", run=True),
              m.Bust(soft=m.Where((("rank", ("1",)),))))
    yield replace(rules, play=m.Play("turns", moves=moves, always=always),
                  values=m.Values(table={"K": 10}, default=2),
                  effects=tuple(m.CardEffect(m.Where((("rank", ("K",)),)), (m.EffectStep(name, "left", 2),))
                                for name in m.SPELL_WORDS))


@pytest.mark.parametrize("lang", ["cs", "en", "de"])
def test_every_word_of_the_description_has_a_sentence_in_every_language(tmp_path, lang):
    from deckforge.rules.describe import describe

    deck = load_deck(write_german_deck(tmp_path / "de"))
    for rules in every_variant(deck.described):
        text = describe(deck, rules, lang, 4)
        for part in (text.goal, text.setup, text.turn, text.end):
            assert part and all(block.text or block.items for block in part)


@lru_cache(maxsize=None)
def example_html(game: str, lang: str) -> str:
    """Render an example deck's rulebook HTML once per language, for its default player count (the PDFs that
    WeasyPrint typesets from it are read back in test_rulebook_pdf.py and above, for the small decks)."""
    deck = load_deck(EXAMPLES / game)
    return rulebook_html(deck, lang, deck.players.default_players)


@pytest.fixture(scope="module")
def example_text():
    """Return a function (game, lang) -> the rulebook's visible text and its title page's "at a glance" box apart;
    list items read as "• item", as they print."""
    def read(game: str, lang: str) -> tuple[str, str]:
        html = re.sub(r"(<li\b[^>]*>)", r"\1• ", example_html(game, lang))
        glance = html[html.index('<div class="glance">'):]
        glance = glance[:glance.index("</div>")]
        return squash(visible_text(html)), squash(visible_text(glance))
    return read

needs_examples = pytest.mark.skipif(not EXAMPLE_DECKS, reason="no example decks under decks/examples/")


@needs_examples
@pytest.mark.parametrize("lang, trump, stock", [
    ("cs", "Poslední rozdanou kartu, která patří rozdávajícímu, otoč lícem nahoru, aby ji všichni viděli: její barva "
           "je v tomto kole trumfová. Pak si ji rozdávající vezme do ruky.", "vrchní kartu balíčku"),
    ("en", "Turn up the last card dealt, the dealer's own, for everyone to see: its suit is trumps for this round. "
           "Then the dealer takes it into their hand.", "top card of the stock"),
])
def test_whist_turns_up_the_dealers_last_card_when_no_stock_is_left(example_text, lang, trump, stock):
    text, _ = example_text("whist", lang)
    assert trump in text
    assert stock not in text    # every card is dealt: there is no stock to turn a card of


@needs_examples
@pytest.mark.parametrize("lang, end", [
    ("cs", "Hra končí po kole, ve kterém některá dvojice získá celkem aspoň 250 bodů, nejpozději však po 10 kolech."),
    ("en", "The game ends after the round in which a team reaches 250 points in all, or after 10 rounds, whichever "
           "comes first."),
])
def test_spades_ends_at_the_target_score_or_after_the_last_deal(example_text, lang, end):
    text, _ = example_text("spades", lang)
    assert end in text


@needs_examples
@pytest.mark.parametrize("lang, bid", [
    ("cs", "Na konci každého kola získá každá dvojice: • Uhraje-li vaše dvojice aspoň tolik štychů, kolik jste "
           "dohromady ohlásili: 10 bodů za každý ohlášený štych a 1 bod za každý štych navíc; jinak: −10 bodů za "
           "každý ohlášený štych"),
    ("en", "At the end of each round, each team scores: • If your team takes at least as many tricks as its players bid "
           "together: 10 points for each trick you bid and 1 point for each trick over your bid; otherwise: "
           "−10 points for each trick you bid"),
])
def test_partners_score_their_bids_together(example_text, lang, bid):
    text, _ = example_text("spades", lang)
    assert bid in text


@needs_examples
def test_english_names_a_suit_as_players_do(example_text):
    spades, _ = example_text("spades", "en")
    hearts, _ = example_text("hearts", "en")
    assert "Spades are always trumps." in spades and "You may not lead Spades until" in spades
    assert "1 point for each Heart among the cards you have won" in hearts and "card in Hearts" not in hearts


@needs_examples
@pytest.mark.parametrize("lang, deal", [
    # one seat a card short: the last dealt to, which is the dealer ("the others" said of one player)
    ("cs", "Rozdej postupně všechny karty: rozdávající dostane 12 karet, ostatní 3 hráči 13 karet."),
    ("en", "Deal out all the cards one at a time: the dealer gets 12 cards, the other 3 players 13 cards."),
])
def test_old_maid_deals_every_card_into_uneven_hands(example_text, lang, deal):
    text, glance = example_text("old-maid", lang)   # 51 cards, 4 players
    assert deal in text and deal in glance


@needs_examples
@pytest.mark.parametrize("game, lang, said_once, deal", [
    ("hearts", "cs", "vyhrává hráč", "Rozdej všechny karty: každý hráč dostane 13 karet."),
    ("hearts", "en", "fewest points", "Deal out all the cards: each player gets 13 cards."),
    ("gops", "en", "most points", "Each player gets 13 cards, all of one suit"),
])
def test_the_summary_says_the_deal_and_the_winner_once(example_text, game, lang, said_once, deal):
    _, glance = example_text(game, lang)
    summary = glance[glance.index("Ve zkratce" if lang == "cs" else "At a glance"):]
    assert summary.lower().count(said_once) == 1 and deal in summary


@pytest.mark.parametrize("players, owner", [(3, "the dealer's own"), (4, "Then the player it was dealt to")])
def test_a_trump_turned_up_from_a_full_deal_is_the_last_card_dealt(mini, players, owner):
    from dataclasses import replace

    from deckforge.rules import model as m
    from deckforge.rules.describe import describe

    deck = load_deck(mini)   # 18 cards: 6 each for 3 players, the last the dealer's; 4 players: two get 5, two 4
    rules = replace(deck.described, trump=m.Trump("turn_up"), setup=(m.Deal(),),
                    play=m.Play("tricks", tricks=m.Tricks()))
    steps = " ".join(describe(deck, rules, "en", players).setup[0].items)
    assert "Turn up the last card dealt" in steps and owner in steps and "stock" not in steps


OUT_ORDER = {"cs": "Vyhrává hráč, který se první zbaví všech karet; ostatní obsadí další místa v pořadí, v jakém se "
                   "karet zbaví.",
             "en": "The first player to get rid of all their cards wins; the others take the next places in the order "
                   "they go out."}
BY_CARDS_LEFT = {"cs": "Vyhrává hráč, který se první zbaví všech karet; ostatní se seřadí podle toho, kolik karet jim "
                       "zůstalo v ruce: čím méně, tím lépe.",
                 "en": "The first player to get rid of all their cards wins; the others are placed by how few cards "
                       "they have left."}


@needs_examples
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_places_after_the_first_out_are_said_as_the_round_gives_them(example_text, lang, tmp_path):
    """Crazy Eights ends the round when the first player goes out, so nobody else goes out: its rulebook said the
    others take their places in the order they go out. The places are those the engine gives (rules/view.py)."""
    assert BY_CARDS_LEFT[lang] in example_text("crazy-eights", lang)[0]
    assert OUT_ORDER[lang] not in example_text("crazy-eights", lang)[0]
    assert OUT_ORDER[lang] in example_text("prsi-as-data", lang)[0]  # play goes on until one holds cards
    folder = tmp_path / "eights"
    shutil.copytree(EXAMPLES / "crazy-eights", folder)
    deck_file = folder / "deck.yaml"
    text = deck_file.read_text(encoding="utf-8")
    deck_file.write_text(text.replace("end: {round: first_out}", "end: {round: stock_empty}"), encoding="utf-8")
    deck = load_deck(folder)
    said = squash(visible_text(rulebook_html(deck, lang, 4)))
    assert {"cs": "Vyhrává hráč, který se první zbaví všech karet; ostatní obsadí další místa v pořadí, v jakém se "
                  "karet zbaví, a po nich ti, kterým karty zůstaly: čím méně karet, tím lepší místo.",
            "en": "The first player to get rid of all their cards wins; the others take the next places in the order "
                  "they go out, then those still holding cards, fewest first."}[lang] in said


@needs_examples
@pytest.mark.parametrize("lang, soft", [
    # "když bys přetáhl" was said: Czech writes the conditional after "kdyby"; "Karty s hodnotou eso" too
    ("cs", "Esa se počítají za 1, kdybys s jejich plnou hodnotou přetáhl."),
    ("en", "Aces count 1 instead when their full value would make you bust."),
])
def test_an_ace_that_would_bust_counts_one(example_text, lang, soft):
    assert soft in example_text("twenty-one", lang)[0]


@needs_examples
@pytest.mark.parametrize("game, lang, sentences", [
    # Prší's ranks are named by their nouns where nothing else in the sentence agrees with "karta" (it said
    # „Zahraj jednu z karet s hodnotou svršek“: "jednu" cannot agree with a masculine noun)
    ("prsi-as-data", "cs", ["Když zahraješ sedmu, další hráč si musí líznout 2 karty, pokud neodpoví sedmou.",
                            "Když zahraješ eso, další hráč stojí (vynechá tah), pokud neodpoví esem.",
                            "Zahraj svrška z ruky lícem nahoru na odkládací hromádku, ať je navrchu jakákoli karta."]),
    ("prsi-as-data", "en", ["When you play a Seven, the next player must draw 2 cards, unless they answer with a "
                            "Seven.", "Play an Ober from your hand face up onto the discard pile, whatever the top "
                                      "card is."]),
    # Hearts' two cards by suit and rank, declined as one phrase (not „kartu „Piková dáma““)
    ("hearts", "cs", ["Kdo má křížovou dvojku, vynese ji do prvního štychu.",
                      "13 bodů za pikovou dámu, je-li mezi tvými získanými kartami"]),
    ("hearts", "en", ["Whoever holds the Two of Clubs leads it to the first trick.",
                      "13 points for the Queen of Spades, if it is among the cards you have won"]),
])
def test_cards_are_named_as_players_say_them(example_text, game, lang, sentences):
    text = example_text(game, lang)[0]
    for sentence in sentences:
        assert sentence in text
