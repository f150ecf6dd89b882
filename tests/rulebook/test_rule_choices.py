"""The rule choices the simulator makes where the seed and RULES.md are silent, stated in every rulebook.

RULES.md: "Where both are silent, choose what the game's players would expect, write the choice into the rulebook in
both languages, and test it." The engines' choices are listed in docs/simulator.md, docs/spells.md and the docstrings
of deckforge/sim/; each one is looked for here as a phrase of the printed rulebook, in Czech and in English.

Each rulebook's visible text is read from the HTML that WeasyPrint typesets (tests/rulebook/test_rulebook_pdf.py
reads the typeset PDFs back); only letters and digits are compared, so a phrase broken across lines or hyphenated is
still found. Statements bound to a kind of card (a spell effect, a laid-out card with a penalty, a deck the players
do not divide) are checked both ways on custom decks.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from deckforge.load import BUNDLED_DIR, load_deck
from deckforge.rulebook import rulebook_html
from deckforge.rulebook.render import visible_text

# (game, choice, {language: phrases that state it}); the phrases come from the rulebooks' prose templates.
CHOICES = [
    ("kamen-nuzky-papir", "rebuild-only-when-drawing", {
        "cs": ["Nový dobírací balíček se dělá až ve chvíli, kdy si z něj má někdo líznout a najde ho prázdný"],
        "en": ["Rebuild the draw pile only when somebody has to draw from it and finds it empty"]}),
    ("kamen-nuzky-papir", "nothing-to-draw", {
        "cs": ["Vůbec není z čeho brát, když je dobírací balíček prázdný a na odkládacím leží jen jeho vrchní karta"],
        "en": ["There is nothing at all to draw when the draw pile is empty and the discard pile holds only its top"]}),
    ("kamen-nuzky-papir", "stalemate-after-passes", {
        "cs": ["Vynechají-li takto jeden po druhém všichni, kdo ještě hrají, a nikdo mezitím nic nevyloží, hra uvízla"],
        "en": ["If all the players still in the game pass one after another, with nobody laying a card in between"]}),
    ("kamen-nuzky-papir", "effects-in-card-order", {
        "cs": ["Má-li kouzlo víc účinků, platí jeden po druhém v pořadí, v jakém je uvádí karta"],
        "en": ["A spell with more than one effect applies them one after another, in the order the card gives them"]}),
    ("kamen-nuzky-papir", "others-draw-round-by-round", {
        "cs": ["berou si karty po jedné v pořadí hry, počínaje dalším hráčem, který ještě hraje",
               "nejdřív každý jednu kartu, pak – dává-li kouzlo víc – každý druhou a tak dál"],
        "en": ["they take the cards one at a time in the order of play, starting with the next player still in",
               "one card each, then another round if the spell gives more"]}),
    ("kamen-nuzky-papir", "skips-add-up", {
        "cs": ["Koho kouzlo zasáhne dvakrát, vynechá dva své tahy"],
        "en": ["A player hit twice misses two of their own turns"]}),
    ("kamen-nuzky-papir", "extra-card-spell-acts-at-once", {
        "cs": ["jeho účinek platí hned, ještě před další kartou"],
        "en": ["its effect happens at once, before any further card"]}),
    ("kamen-nuzky-papir", "extra-card-offer-lapses", {
        "cs": ["Nemáte-li v ruce nic, co by šlo vyložit, nabídka propadá"],
        "en": ["If no card in your hand can be laid, the offer simply lapses"]}),
    ("kamen-nuzky-papir", "giving-last-card-puts-out", {
        "cs": ["Kdo takto rozdá svou poslední kartu, končí stejně, jako by ji vyložil"],
        "en": ["A player who gives away their last card is out, just as if they had laid it"]}),
    ("kamen-nuzky-papir", "caster-out-still-chooses", {
        "cs": ["vybírá ho i tehdy, když tímto kouzlem právě skončil"],
        "en": ["If the spell has its player choose who draws or misses a turn, they still make that choice after"]}),
    ("wizard", "trump-in-an-uneven-last-round", {
        "cs": ["U balíčku, který se beze zbytku nedělí, zbudou karty i v posledním kole a další z nich se otočí"],
        "en": ["A deck that does not divide evenly leaves cards over even then, and the next one is turned up"]}),
    ("wizard", "equal-cards-first-wins", {
        "cs": ["Ve štychu jsou dvě stejné karty. Která je vyšší? Ta, která byla zahrána dřív"],
        "en": ["A trick holds two identical cards. Which one is higher? The one played first"]}),
    ("rychle-sipy", "nothing-to-take-discard", {
        "cs": ["nejde obnovit, protože na hromádce leží nanejvýš jedna karta",
               "Pak musíte místo braní jednu kartu odhodit; s prázdnou rukou tah vynecháte"],
        "en": ["cannot be rebuilt, because the discard pile holds one card at most",
               "Then you must discard one card instead; with an empty hand you pass"]}),
    ("rychle-sipy", "stalemate-rule", {
        "cs": ["Hra končí bez vítěze, projde-li celé kolo, ve kterém nikdo nemá na vybranou a nic se nezmění",
               "Bez vítěze končí i tehdy, když potřetí nastane tatáž situace",
               "leží tytéž karty v témže pořadí a na tahu je týž hráč"],
        "en": ["The game ends without a winner when a whole round goes by in which nobody has any choice and nothing",
               "It also ends without a winner when the same position comes up for the third time",
               "hold the same cards in the same order, and the same player is to play"]}),
    ("rychle-sipy", "duplicate-from-bonus-draw", {
        "cs": ["hned ji odhodíte i s jejím bonusem, přestože jste v tomto tahu už odhazovali"],
        "en": ["discard it at once with its own bonus, even though you have already discarded this turn"]}),
    ("rychle-sipy", "penalty-is-the-whole-turn", {
        "cs": ["Trest nahrazuje celý tah", "I hráč s celou řadou si lízne, když to trest přikazuje",
               "v tahu, ve kterém se vykonává trest, hru nikdo neuzavře"],
        "en": ["A penalty takes the place of your whole turn", "Even a complete row draws a card if the penalty says so",
               "nobody closes the game in a penalty turn"]}),
    ("rychle-sipy", "prize-replaced-like-its-draw", {
        "cs": ["je i náhrada za ni bonusová: bere se jen z balíčku, který se kvůli ní neobnovuje"],
        "en": ["the replacement is a bonus card too: it comes only from the stock, which is not rebuilt for it"]}),
    ("rychle-sipy", "complete-row-must-discard", {
        "cs": ["musí v každém tahu jednu odhodit, dokud mu nezůstane poslední"],
        "en": ["must discard one each turn until only the last is left"]}),
    ("rychle-sipy", "broken-row-leaves-a-gap", {
        "cs": ["Na místě karty zůstane mezera; karty za ní zůstávají vyložené a znovu se počítají",
               "v řadě nebo za mezerou –, z hromádky vzít nesmíte"],
        "en": ["The gap stays open: the cards beyond it stay laid out and count again once the gap is filled",
               "in the row or beyond the gap, still may not be taken from the discard pile"]}),
    ("rychle-sipy", "places-by-row", {
        "cs": ["seřaďte ostatní podle toho, kam až jim sahá řada"],
        "en": ["rank the other players by how far their rows reach"]}),
    ("dymock", "empty-pile-cannot-be-taken", {
        "cs": ["Prázdný balík vzít nejde: kdo vynáší, musí vyložit kartu",
               "Vynáším a balík je prázdný. Smím ho místo vynášení vzít? Ne"],
        "en": ["An empty pile cannot be taken: a player who leads must lay a card",
               "It is my lead and the pile is empty. May I take it instead of laying? No"]}),
    ("dymock", "thrown-card-goes-to-hand", {
        "cs": ["položte jednu horní kartu na balík a vezměte si do ruky celý balík i s ní",
               "Kam ta karta patří? Do ruky spolu se zbytkem balíku"],
        "en": ["lay one face-up card on the pile and take the whole pile, that card included, into your hand",
               "Where does that card go? Into your hand with the rest of the pile"]}),
    ("dymock", "failed-blind-card-goes-to-hand", {
        "cs": ["Nepřebije-li otočená spodní karta balík, vezmete si balík i s ní do ruky"],
        "en": ["does not beat the pile, take the pile into your hand together with it"]}),
]
LANGS = ("cs", "en")
# Spell effects that concern the caster's own hand or turn: void once the caster is out (docs/spells.md).
VOID_WHEN_OUT = ("swap_hands", "give", "play_again", "extra_play")
VOID_SENTENCE = {"cs": ("Co by kouzlo dělalo s jeho vlastními kartami nebo tahem", "pak propadá"),
                 "en": ("What the spell would do with that player's own hand or turn", "then does nothing")}


def letters(text: str) -> str:
    """Keep only letters and digits, case-folded: line breaks, hyphenation and punctuation do not matter."""
    return re.sub(r"[\W_]+", "", text).casefold()


@pytest.fixture(scope="module")
def printed(rulebook_page):
    """Return a function (deck, lang) -> the letters of its rulebook's visible text, each combination made once
    per test run (the HTML is shared with the other rulebook tests: conftest.py)."""
    made = {}

    def read(deck: str, lang: str) -> str:
        if (deck, lang) not in made:
            made[deck, lang] = letters(visible_text(rulebook_page(deck, lang)))
        return made[deck, lang]
    return read


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck, choice, phrases", CHOICES, ids=[f"{deck}-{choice}" for deck, choice, _ in CHOICES])
def test_each_rule_choice_is_printed(printed, deck: str, choice: str, phrases: dict, lang: str) -> None:
    text = printed(deck, lang)
    for phrase in phrases[lang]:
        assert letters(phrase) in text, f"{deck} {lang}: the choice '{choice}' is not printed: {phrase!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_spells_void_for_a_caster_who_is_out_are_named_from_the_deck(printed, lang: str) -> None:
    deck = load_deck("kamen-nuzky-papir")
    void = {card.name(lang) for card in deck.cards if {e.name for e in card.effects} & set(VOID_WHEN_OUT)}
    assert void, "the bundled deck has spells that give, swap, play again or lay an extra card"
    start, end = (letters(part) for part in VOID_SENTENCE[lang])
    text = printed("kamen-nuzky-papir", lang)
    assert start in text and end in text.split(start, 1)[1]
    named = text.split(start, 1)[1].split(end, 1)[0]
    assert all(letters(name) in named for name in void), f"{lang}: {sorted(void)} not all named in {named!r}"


# --- statements bound to the deck's cards: present where the deck has the case, absent where it cannot arise ----

def deck_copy(folder: Path, deck: str, edits: dict[str, str]) -> Path:
    """Copy a bundled deck into `folder` and apply regex edits to its deck file; return the folder."""
    shutil.copytree(BUNDLED_DIR / deck, folder)
    deck_file = folder / "deck.yaml"
    text = deck_file.read_text(encoding="utf-8")
    for pattern, replacement in edits.items():
        text, n = re.subn(pattern, replacement, text, count=1, flags=re.M | re.S)
        assert n == 1, f"pattern {pattern!r} not found in the bundled {deck} deck"
    deck_file.write_text(text, encoding="utf-8")
    return folder


def html_letters(deck, lang: str) -> str:
    return letters(visible_text(rulebook_html(deck, lang)))


# Only the reversing spell is left: every statement about other effects must go with them.
REVERSE_ONLY = """  - id: stone-of-fate
    kind: spell
    item: rock
    count: 1
    name: {cs: Kámen osudu, en: Stone of Fate, de: Schicksalsstein}
    text: {cs: Směr hry se obrátí., en: The direction of play reverses., de: Die Spielrichtung kehrt sich um.}
    effects: [reverse]

"""
SPELL_STATEMENTS = {
    "cs": ["Lízá-li kvůli kouzlu víc hráčů", "Koho kouzlo zasáhne dvakrát", "nabídka propadá",
           "Kdo takto rozdá svou poslední kartu", "vybírá ho i tehdy, když tímto kouzlem právě skončil",
           "Co by kouzlo dělalo s jeho vlastními kartami nebo tahem"],
    "en": ["When a spell makes several players draw", "A player hit twice", "the offer simply lapses",
           "A player who gives away their last card", "they still make that choice after going out",
           "What the spell would do with that player's own hand or turn"],
}
ALWAYS_TRUE = {"cs": "Kdo vyloží svou poslední kartu, hned končí, i když je to kouzlo. Jeho účinky platí dál.",
               "en": "A player who lays their last card is out at once, even when that card is a spell. Its effects "
                     "still happen."}


@pytest.fixture(scope="module")
def reverse_only(tmp_path_factory) -> Path:
    return deck_copy(tmp_path_factory.mktemp("knp") / "reverse-only", "kamen-nuzky-papir",
                     {r"^  # Spells on paper\.\n.*?(?=^  # Changers\.)": REVERSE_ONLY})


@pytest.mark.parametrize("lang", LANGS)
def test_spell_rules_follow_the_deck_s_effects(printed, reverse_only: Path, lang: str) -> None:
    bundled, custom = printed("kamen-nuzky-papir", lang), html_letters(reverse_only, lang)
    for statement in SPELL_STATEMENTS[lang]:
        assert letters(statement) in bundled, f"{lang}: {statement!r} missing from the bundled rulebook"
        assert letters(statement) not in custom, f"{lang}: {statement!r} printed for a deck without that effect"
    assert letters(ALWAYS_TRUE[lang]) in custom


# A second reversing spell: every sentence naming the reversing spells must take a plural verb.
SECOND_REVERSE = """  - id: whirlwind
    kind: spell
    item: rock
    count: 1
    name: {cs: Ďábelská vichřice, en: Devil's Whirlwind, de: Teuflischer Wirbelsturm}
    text: {cs: Směr hry se obrátí., en: The direction of play reverses., de: Die Spielrichtung kehrt sich um.}
    effects: [reverse]

"""
REVERSE_SENTENCES = {  # language: (the sentences for two reversing spells, their singular forms, never printed)
    "cs": (["Kámen osudu a Ďábelská vichřice obracejí směr hry.",
            "Co přesně dělají Kámen osudu a Ďábelská vichřice?"],
           ["vichřice obrací směr", "Co přesně dělá Kámen"]),
    "en": (["Stone of Fate and Devil's Whirlwind reverse the direction of play.",
            "What exactly do Stone of Fate and Devil's Whirlwind do? Each turns the order of play around"],
           ["Whirlwind reverses the", "What exactly does", "It turns the order"]),
    "de": (["Schicksalsstein und Teuflischer Wirbelsturm kehren die Spielrichtung um.",
            "Was genau bewirken Schicksalsstein und Teuflischer Wirbelsturm?"],
           ["Wirbelsturm kehrt die Spielrichtung", "Was genau bewirkt"]),
}


@pytest.fixture(scope="module")
def two_reverses(tmp_path_factory) -> Path:
    return deck_copy(tmp_path_factory.mktemp("knp") / "two-reverses", "kamen-nuzky-papir",
                     {r"^(?=  # Changers\.)": SECOND_REVERSE})


@pytest.mark.parametrize("lang", ["cs", "en", "de"])
def test_sentences_about_two_reversing_spells_take_a_plural_verb(two_reverses: Path, lang: str) -> None:
    plural, singular = REVERSE_SENTENCES[lang]
    text = html_letters(two_reverses, lang)
    for sentence in plural:
        assert letters(sentence) in text, f"{lang}: {sentence!r} missing"
    for phrase in singular:
        assert letters(phrase) not in text, f"{lang}: singular {phrase!r} printed for two spells"


UNEVEN = {"cs": "Karty tohoto balíčku se pro 4 hráče nedají rozdělit beze zbytku, takže i v posledním kole nějaké "
                "zbudou: další kartu otočte jako v každém jiném kole.",
          "en": "For 4 players this deck does not divide evenly, so some cards are left over even in the last round: "
                "turn up the next one as in every other round."}
EVEN = {"cs": "V posledním kole se rozdají všechny karty a žádná nezbude; trumf tedy není.",
        "en": "In the last round every card is dealt and none is left over, so there are no trumps."}


@pytest.mark.parametrize("lang", LANGS)
def test_wizard_last_round_trump_follows_the_deck_size(printed, tmp_path_factory, lang: str) -> None:
    """A fifth Wizard makes 61 cards: 4 players get 15 rounds and one card is left to turn up in the last."""
    folder = deck_copy(tmp_path_factory.mktemp("wizard") / f"uneven-{lang}", "wizard",
                       {r"^(  - id: wizard\n    kind: wizard\n)    count: 4": r"\g<1>    count: 5"})
    assert load_deck(folder).total_for(4) % 4 == 1
    uneven, bundled = html_letters(folder, lang), printed("wizard", lang)
    assert letters(UNEVEN[lang]) in uneven and letters(EVEN[lang]) not in uneven
    assert letters(EVEN[lang]) in bundled and letters(UNEVEN[lang]) not in bundled


PUNISH_NOBODY = {"cs": "Tato odhození před prvním tahem nikoho netrestají.",
                 "en": "These discards before the first turn punish nobody."}


@pytest.mark.parametrize("lang", LANGS)
def test_dealt_duplicates_punish_nobody_where_a_laid_out_card_has_a_penalty(printed, tmp_path_factory,
                                                                           lang: str) -> None:
    folder = deck_copy(tmp_path_factory.mktemp("sipy") / f"losna-penalty-{lang}", "rychle-sipy",
                       {r"(id: 12-losna-red, [^\n]*?laid_out: true)": r"\g<1>, penalty: {take: none, discard: 1}"})
    assert letters(PUNISH_NOBODY[lang]) in html_letters(folder, lang)
    assert letters(PUNISH_NOBODY[lang]) not in printed("rychle-sipy", lang)


@pytest.fixture(scope="module")
def one_laid_out(tmp_path_factory) -> Path:
    """Rychlé šípy with Vont Losna the only card laid out at once: Jan Tleskač is held like the others."""
    return deck_copy(tmp_path_factory.mktemp("sipy") / "one-laid-out", "rychle-sipy",
                     {rf"(id: 13-tleskac-{colour}, [^\n]*?), laid_out: true": r"\g<1>"
                      for colour in ("red", "green", "blue", "yellow")})


def test_the_laid_out_cards_take_a_verb_of_their_number(printed, one_laid_out: Path) -> None:
    # Before, one name read "Vont Losna are never held in the hand".
    assert letters("Vont Losna and Jan Tleskač are never held in the hand.") in printed("rychle-sipy", "en")
    one = html_letters(one_laid_out, "en")
    assert letters("Vont Losna is never held in the hand.") in one
    assert letters("Vont Losna are never held") not in one


@pytest.fixture(scope="module")
def none_laid_out(tmp_path_factory) -> Path:
    """Rychlé šípy with no card laid out at once: Vont Losna and Jan Tleskač are held like the others."""
    return deck_copy(tmp_path_factory.mktemp("sipy") / "none-laid-out", "rychle-sipy",
                     {rf"(id: {card}-{colour}, [^\n]*?), laid_out: true": r"\g<1>"
                      for card in ("12-losna", "13-tleskac") for colour in ("red", "green", "blue", "yellow")})


# What the rulebooks say of the cards laid out at once; none of it may print when the deck has no such card.
LAID_OUT = {"en": ["Whoever gets one lays it out in front of them", "if you already have that card",
                   "Cards waiting to one side", "that you already have, you discard it at once",
                   "comes to you a second time", "I drew a second copy of a card I may not hold"],
            "cs": ["Kdo je dostane, hned je vyloží před sebe", "pokud ji už máte", "Karty, které čekají stranou",
                   "kterou už máte, hned ji odhodíte", "během trestu podruhé karta",
                   "Lízl jsem si podruhé kartu, kterou nesmím držet"]}
ROW_ONLY = {"en": "You may only not take a character already in your row.",
            "cs": "Nesmíte jen brát postavu, kterou máte vyloženou v řadě."}


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_deck_with_no_laid_out_card_says_nothing_of_them(printed, none_laid_out: Path, lang: str) -> None:
    # Before, the English rulebook read " is never held in the hand." with no name before it, and "or  if you
    # already have it" in the questions; the Czech one „Karty  se nikdy nedrží v ruce.“
    page = visible_text(rulebook_html(none_laid_out, lang))
    assert [phrase for phrase in LAID_OUT[lang] if letters(phrase) in letters(page)] == []
    assert "()" not in page and not re.search(r"\s[,.]", page.replace("\u00a0", " "))
    assert letters(ROW_ONLY[lang]) in letters(page)
    assert all(letters(phrase) in printed("rychle-sipy", lang) for phrase in LAID_OUT[lang])
