"""The words a described game's rulebook is written in: cards, suits, ranks, zones, seats and points, named from
the deck and declined for the sentence they stand in.

Sentences live in describe.py and describe_play.py as gettext messages (English msgid, Czech and German in the
catalogs). What they name comes from here, because a card set is the deck's: "srdcovou kartu", "cards in Hearts",
"Karten der Farbe Herz". Suit and rank names are the deck's own, never translated by us. Czech declines its nouns:
the head noun "karta" by the case a sentence asks for, and a suit by the adjective its cards' names begin with
("Srdcová dvojka", "Srdcové eso": "srdcov-"), which declines regularly. A rank is named by its own noun where
czech.py knows how it declines ("zahraj osmičku", "neodpoví-li esem"), and so is a card named by a suit adjective
and such a rank ("za pikovou dámu"); a sentence whose other words agree with "karta" takes them only when they are
feminine. Otherwise, and for suits without an adjective, the name stays in the nominative after the head ("kartu s
hodnotou svršek", "kartu „Čaroděj“"), as Czech writes a label.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..i18n import translations
from ..model import Card, Deck
from ..rulebook.i18n import join_names, quote
from . import czech
from .model import Where

# Czech "karta" in every case (nominative, accusative, genitive, dative, instrumental, locative), singular and plural.
_KARTA = {"sg": dict(nom="karta", acc="kartu", gen="karty", dat="kartě", ins="kartou", loc="kartě"),
          "pl": dict(nom="karty", acc="karty", gen="karet", dat="kartám", ins="kartami", loc="kartách")}
# Feminine adjective endings agreeing with "karta": hard (srdcová) and soft (jarní) declension.
_HARD = czech.HARD_ADJECTIVE["f"]
_SOFT = {"sg": dict(nom="í", acc="í", gen="í", dat="í", ins="í", loc="í"),
         "pl": dict(nom="í", acc="í", gen="ích", dat="ím", ins="ími", loc="ích")}
_WORD = re.compile(r"[\s\-]+")
SUIT_ATTR = "suit"


def sentence(text: str) -> str:
    """Start a sentence with a capital letter (a placeholder may have opened it in lower case)."""
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class CardSet:
    """Cards a rule names, sorted into how a sentence can name them: every card, a suit, a rank, named cards."""

    kind: str                  # "any", "suit", "rank", "named", "other"
    values: tuple[str, ...]    # suit ids, rank values, card names or "attr=value" texts
    cards: tuple[Card, ...]    # the deck's cards that match (distinct faces)

    @property
    def copies(self) -> int:
        return sum(card.count for card in self.cards)


class Words:
    """Name things of one deck in one language; `t` is the language's catalog."""

    def __init__(self, deck: Deck, lang: str, rank_order: tuple[str, ...] = (), rank_attr: str = "rank",
                 attributes=None):
        self.deck, self.lang, self.t = deck, lang, translations(lang)
        self.rank_attr = rank_attr
        self.attributes = attributes or {}  # the description's names for the deck's own attributes (AttributeNames)
        self.unnamed: set[str] = set()  # the attributes named by their key in this language: no name was given
        self._rank_names: dict[str, str] | None = None
        self.rank_order = rank_order or tuple(dict.fromkeys(str(c.get(rank_attr)) for c in deck.cards
                                                            if c.get(rank_attr) is not None))

    # -- numbers and lists ------------------------------------------------------------------------------------------

    def join(self, names, style: str = "standard") -> str:
        return join_names([str(n) for n in names], self.lang, style)

    def points(self, n: int) -> str:
        """Say a number of points ("1 bod", "5 bodů", "−10 points"), the minus sign typeset."""
        shown = f"−{abs(n)}" if n < 0 else str(n)
        return self.t.ngettext("%(num)s point", "%(num)s points", abs(n)) % {"num": shown}

    def cards_count(self, n: int) -> str:
        """Say a number of cards after a verb ("dostane 5 karet", "deal 5 cards")."""
        return self.t.npgettext("accusative", "%(num)d card", "%(num)d cards", n) % {"num": n}

    # -- suits and ranks ----------------------------------------------------------------------------------------------

    def suit_name(self, suit_id: str) -> str:
        try:
            return self.deck.suit(suit_id).name(self.lang)
        except KeyError:
            return suit_id

    def rank_name(self, value: str) -> str:
        """Return a rank's name: the description's own (`attributes`), else from its cards' names: the words they
        share ("eso", "Ace", "Ass"), else the value."""
        given = self._given_value(self.rank_attr, value)
        if given:
            return given
        if self._rank_names is None:
            self._rank_names = self._name_ranks()
        return self._rank_names.get(value) or value

    def _name_ranks(self) -> dict[str, str]:
        """Name every rank by the words its cards' names share, less the words every rank shares ("of")."""
        shared = {}
        for value in self.rank_order:
            names = {card.name(self.lang) for card in self.deck.cards if str(card.get(self.rank_attr)) == value}
            if len(names) >= 2:
                words = [_WORD.split(name.strip()) for name in names]
                head = _common(words)
                tail = list(reversed(_common([list(reversed(w)) for w in words])))
                if (head or tail) and len(head or tail) < min(map(len, words)):
                    shared[value] = head or tail
        everywhere = set.intersection(*map(set, shared.values())) if len(shared) > 1 else set()
        return {value: " ".join(w for w in words if w not in everywhere) for value, words in shared.items()}

    def value_name(self, attr: str, value: str) -> str:
        """Name a value of any attribute: a suit's name, a rank's, the description's own (`attributes`), else the
        name its cards share ("Kámen"). In Czech a word the cards' names begin with is a word of the sentence, in
        lower case ("červená" of "Červená dvojka", "Červená trojka"); one card's own name keeps its capital."""
        if attr == SUIT_ATTR:
            return self.suit_name(value)
        if attr == self.rank_attr:
            return self.rank_name(value)
        given = self._given_value(attr, value)
        if given:
            return given
        names = {card.name(self.lang) for card in self.deck.cards if str(card.get(attr)) == value}
        if len(names) == 1:
            return names.pop()
        words = [_WORD.split(name.strip()) for name in names]
        head = _common(words)
        if head:
            shared = " ".join(head)
            return shared[:1].lower() + shared[1:] if self.lang in _LOWER_CASE_WORDS else shared
        tail = list(reversed(_common([list(reversed(w)) for w in words])))
        return " ".join(tail) if tail else self._most_copies(attr, value)

    def _given_value(self, attr: str, value: str) -> str | None:
        names = self.attributes.get(attr)
        return names.values.get(str(value), {}).get(self.lang) if names is not None else None

    def attr_name(self, attr: str) -> str:
        """Name one of the deck's own attributes: the description's name in this language, else its key."""
        names = self.attributes.get(attr)
        name = names.name.get(self.lang) if names is not None else None
        if name is None:
            self.unnamed.add(attr)
            return attr
        return name

    def _most_copies(self, attr: str, value: str) -> str:
        """Return the name most copies of the cards with this value bear (Kámen, nůžky, papír: "Kámen" for the
        7 plain rocks beside 2 rock spells); the value itself when no name leads."""
        copies: dict[str, int] = {}
        for card in self.deck.cards:
            if str(card.get(attr)) == value:
                copies[card.name(self.lang)] = copies.get(card.name(self.lang), 0) + card.count
        ranked = sorted(copies.values(), reverse=True)
        if len(ranked) > 1 and ranked[0] == ranked[1]:
            return value
        return max(copies, key=copies.get)

    def rank_list(self) -> str:
        """Say the ranks from lowest to highest."""
        return ", ".join(self.rank_name(value) for value in self.rank_order)

    def _suit_adjective(self, suit_id: str) -> str | None:
        """Return the Czech adjective stem the cards of a suit are named with ("srdcov" of "Srdcová dvojka")."""
        firsts = {card.name(self.lang).split()[0] for card in self.deck.cards
                  if str(card.get(SUIT_ATTR)) == suit_id and len(card.name(self.lang).split()) > 1}
        stems = {word[:-1].lower() for word in firsts if word[-1:] in "ýáéí"}
        if len(stems) != 1 or len(firsts) < 2:
            return None
        soft = {word[-1] for word in firsts} == {"í"}
        return stems.pop() + ("-soft" if soft else "")

    # -- card sets ----------------------------------------------------------------------------------------------

    def card_set(self, where: Where | None) -> CardSet:
        """Sort the cards a filter matches into what a sentence can call them."""
        cards = tuple(c for c in self.deck.cards if where is None or where.matches(c))
        if where is None or where.is_any or len(cards) == len(self.deck.cards):
            return CardSet("any", (), cards)
        attrs = dict(where.attrs)
        names = tuple(dict.fromkeys(card.name(self.lang) for card in cards))
        if set(attrs) == {SUIT_ATTR}:
            return CardSet("suit", attrs[SUIT_ATTR], cards)
        if set(attrs) == {self.rank_attr}:
            return CardSet("rank", attrs[self.rank_attr], cards)
        if len(names) <= 4:
            return CardSet("named", names, cards)
        return CardSet("other", tuple(f"{self._attr_label(k)}: {', '.join(self.value_name(k, x) for x in v)}"
                                      for k, v in attrs.items()), cards)

    def _attr_label(self, attr: str) -> str:
        """Name an attribute before its values in a list ("barva: červená"): the suit and rank by their words."""
        if attr == SUIT_ATTR:
            return self.t.pgettext("attribute to match", "suit")
        if attr == self.rank_attr:
            return self.t.pgettext("attribute to match", "rank")
        return self.attr_name(attr)

    def cards(self, where: Where | CardSet | None, number: str = "pl", case: str = "acc",
              article: bool = False, agree: bool = True) -> str:
        """Name a set of cards as a noun phrase: `number` "sg" or "pl", `case` the Czech case the sentence needs
        (nom, acc, gen, dat, ins, loc). German sentences hold their own article; an English singular gets "a",
        "an" or (a named card) "the" when `article` is true: "a King", "an Ace", "the Queen of Spades".

        Czech names a rank by its noun ("osmičku", "esem", czech.py). `agree`: the sentence has words that agree
        with "karta" ("vynese ji", "každou"), so only a feminine rank may stand for it; `agree=False` where
        nothing in any catalog's sentence does."""
        found = where if isinstance(where, CardSet) else self.card_set(where)
        special = _NOUN_PHRASES.get(self.lang)
        if special:
            return special(self, found, number, case, agree)
        phrase = self._en_cards(found, number)
        if article and number == "sg":
            return f"the {phrase}" if found.kind == "named" else f"{_english_article(phrase)} {phrase}"
        return phrase

    def one_card(self, where: Where | None, case: str = "nom") -> str:
        """Name any one card of a set, with the indefinite article English needs ("a Wizard or Jester", "an Ace");
        other languages as `cards` in the singular ("karta „Čaroděj“ nebo „Šašek“")."""
        phrase = self.cards(where, "sg", case)
        return phrase if _NOUN_PHRASES.get(self.lang) else f"{_english_article(phrase)} {phrase}"

    def a_card_named(self, name: str) -> str:
        """Name one card by its printed name: English with its article ("a Changer"); the languages of the
        catalogs quote it („Měnič“) and let the sentence around it say "karta"."""
        return quote(name, self.lang) if _NOUN_PHRASES.get(self.lang) else f"{_english_article(name)} {name}"

    def _values(self, found: CardSet, style: str) -> str:
        if found.kind == "suit":
            return self.join([self.suit_name(v) for v in found.values], style)
        if found.kind == "rank":
            return self.join([self.rank_name(v) for v in found.values], style)
        if found.kind == "named":
            quoted = [quote(v, self.lang) for v in found.values] if self.lang != "en" else list(found.values)
            return self.join(quoted, style)
        return "; ".join(found.values)

    def _en_cards(self, found: CardSet, number: str) -> str:
        noun = "card" if number == "sg" else "cards"
        if found.kind == "any":
            return noun
        if found.kind == "suit":
            # players say "Spades", "a Heart" where the deck's suit names are plurals; else "cards in Leaves"
            names = [self.suit_name(v) for v in found.values]
            singular = [_english_singular(name) for name in names]
            if number == "pl" and all(name.endswith("s") for name in names):
                return self.join(names, "or")
            if number == "sg" and all(singular):
                return self.join(singular, "or")
            return f"{noun} in {self._values(found, 'or')}"
        if found.kind == "rank":
            names = [self.rank_name(v) for v in found.values]
            return self.join(names if number == "sg" else [_english_plural(n) for n in names],
                             "or" if number == "sg" else "standard")
        if found.kind == "named":  # "a Changer"; "the Changer cards" (a card's name is no plural noun)
            return self._values(found, "or") if number == "sg" else f"{self._values(found, 'standard')} cards"
        return f"{noun} with {self._values(found, 'or')}"

    def _de_cards(self, found: CardSet, number: str) -> str:
        noun = "Karte" if number == "sg" else "Karten"
        if found.kind == "any":
            return noun
        if found.kind == "suit":
            farbe = "Farbe" if len(found.values) == 1 else "Farben"
            return f"{noun} der {farbe} {self._values(found, 'or')}"
        if found.kind == "rank":
            return f"{noun} mit dem Wert {self._values(found, 'or')}"
        if found.kind == "named":
            return f"{noun} {self._values(found, 'or')}"
        return f"{noun} mit {self._values(found, 'or')}"

    def _cs_cards(self, found: CardSet, number: str, case: str, agree: bool = True) -> str:
        noun = _KARTA[number][case]
        if found.kind == "any":
            return noun
        if found.kind == "suit":
            stems = [self._suit_adjective(v) for v in found.values]
            if all(stems):
                adjectives = [_cs_adjective(stem, number, case) for stem in stems]
                return f"{self.join(adjectives, 'or' if number == 'sg' else 'standard')} {noun}"
            return f"{noun} v barvě {self._values(found, 'or')}"
        if found.kind == "rank":
            said = self._cs_declined([czech.decline(self.rank_name(v), number, case) for v in found.values],
                                     number, agree)
            return said or f"{noun} s hodnotou {self._values(found, 'or')}"
        if found.kind == "named":
            said = self._cs_declined([czech.decline_card(name, number, case) for name in found.values], number, agree)
            return said or f"{noun} {self._values(found, 'or')}"
        return f"{noun} ({self._values(found, 'or')})"

    def _cs_declined(self, declined: list, number: str, agree: bool) -> str | None:
        """Join declined names ((form, gender) each) where every one is known and, in a sentence that agrees with
        "karta", feminine; else None: the sentence keeps the label."""
        if all(declined) and (not agree or all(gender == "f" for _, gender in declined)):
            return self.join([form for form, _ in declined], "or" if number == "sg" else "standard")
        return None

    def suit_cards(self, suit_id: str, number: str = "pl", case: str = "acc") -> str:
        """Name the cards of one suit ("srdcové karty", "cards in Hearts")."""
        return self.cards(CardSet("suit", (suit_id,), ()), number, case)

    # -- attributes ---------------------------------------------------------------------------------------------------

    def attr_word(self, attr: str, form: str) -> str:
        """Name a card attribute in one of its uses: "match" (agree with the top card in it: barvou, hodnotou),
        "same" (cards of the same ...: stejné barvy), "one" (all the cards of one ...: jedné barvy), "pick" (choose
        one: hodnotu) and "that" (the cards of that ...: této hodnoty)."""
        t = self.t
        words = {
            ("suit", "match"): t.pgettext("attribute to match", "suit"),
            ("rank", "match"): t.pgettext("attribute to match", "rank"),
            ("suit", "same"): t.pgettext("cards of the same", "of the same suit"),
            ("rank", "same"): t.pgettext("cards of the same", "of the same rank"),
            ("suit", "one"): t.pgettext("cards of one", "of one suit"),
            ("rank", "one"): t.pgettext("cards of one", "of one rank"),
            ("suit", "pick"): t.pgettext("pick an attribute", "a suit"),
            ("rank", "pick"): t.pgettext("pick an attribute", "a rank"),
            ("suit", "that"): t.pgettext("cards of that", "of that suit"),
            ("rank", "that"): t.pgettext("cards of that", "of that rank"),
        }
        key = ("suit" if attr == SUIT_ATTR else "rank" if attr == self.rank_attr else None, form)
        if key in words:
            return words[key]
        generic = {"match": t.pgettext("attribute to match", "“%(attr)s”"),
                   "same": t.pgettext("cards of the same", "with the same “%(attr)s”"),
                   "one": t.pgettext("cards of one", "with one “%(attr)s”"),
                   "pick": t.pgettext("pick an attribute", "a “%(attr)s”"),
                   "that": t.pgettext("cards of that", "with that “%(attr)s”")}
        return generic[form] % {"attr": self.attr_name(attr)}

    # -- zones and seats ----------------------------------------------------------------------------------------------

    def zone(self, zone_id: str, role: str, zones) -> str:
        """Say where cards go to ("to") or come from ("from"): "onto the discard pile", "z balíčku"."""
        zone = zones.get(zone_id)
        key = zone_id if zone is None or zone.builtin else f"{zone.owner}-{zone.face}"
        return _zone_phrase(self.t, key, role)

    def seat(self, target: str, case: str) -> str:
        """Name a seat relative to the one moving, in the accusative ("acc") or genitive ("gen")."""
        t = self.t
        if case == "gen":
            words = {"next": t.pgettext("seat, genitive", "the next player"),
                     "left": t.pgettext("seat, genitive", "the player to your left"),
                     "previous": t.pgettext("seat, genitive", "the previous player"),
                     "right": t.pgettext("seat, genitive", "the player to your right"),
                     "chosen": t.pgettext("seat, genitive", "a player of your choice"),
                     "opponent": t.pgettext("seat, genitive", "any other player")}
        else:
            words = {"next": t.pgettext("seat, accusative", "the next player"),
                     "left": t.pgettext("seat, accusative", "the player to your left"),
                     "previous": t.pgettext("seat, accusative", "the previous player"),
                     "right": t.pgettext("seat, accusative", "the player to your right"),
                     "chosen": t.pgettext("seat, accusative", "a player of your choice"),
                     "opponent": t.pgettext("seat, accusative", "any other player")}
        return words[target]


# Languages whose noun phrases for a set of cards follow their own grammar: Czech declines them by case, German
# sentences hold their own article. Every other language is built like English (the catalogs' source language).
_NOUN_PHRASES = {
    "cs": lambda words, found, number, case, agree: words._cs_cards(found, number, case, agree),
    "de": lambda words, found, number, case, agree: words._de_cards(found, number),
}
# Languages that write the words of a card's name in lower case inside a sentence ("červená" of "Červená dvojka"):
# English keeps a rank's or colour's capital as card games write them ("an Ace", "Red"), German its nouns'.
_LOWER_CASE_WORDS = frozenset({"cs"})
# The language of the deck format's own words (docs/rules-format.md), in which a deck's keys are written: a key
# such as `colour` reads as a word of it, and a rulebook in it may say the key.
KEYS_READ_AS_WORDS = frozenset({"en"})
# Languages that start a full sentence, capital first, after a colon (German does; Czech and English do not).
CAPITAL_AFTER_COLON = frozenset({"de"})


def _common(words: list[list[str]]) -> list[str]:
    """Return the words every list starts with."""
    shared = []
    for column in zip(*words):
        if len(set(column)) != 1:
            break
        shared.append(column[0])
    return shared


def _english_article(phrase: str) -> str:
    """Return "a" or "an" for the word that opens `phrase`: an Ace, an 8, an 11, a King, a One."""
    word = phrase.split()[0].lower() if phrase.split() else ""
    if word[:1].isdigit():
        return "an" if word.startswith("8") or word in ("11", "18") else "a"
    return "an" if word[:1] in "aeiou" and not word.startswith(("one", "uni", "eu")) else "a"


def _english_singular(name: str) -> str:
    """Return one card of an English suit named in the plural ("Hearts": "Heart", "Crosses": "Cross"), or "" when
    the name is no plain plural ("Leaves", "Hearts of Oak")."""
    if " " in name or not name.endswith("s") or name.endswith(("ss", "ves", "ies", "us")):
        return ""
    return name[:-2] if name.endswith(("sses", "xes", "ches", "shes")) else name[:-1]


def _english_plural(noun: str) -> str:
    """Make a rank's English name plural: Queens, Sixes, 8s."""
    if noun[-1:].isdigit():
        return noun + "s"
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


def _cs_adjective(stem: str, number: str, case: str) -> str:
    if stem.endswith("-soft"):
        return stem[:-len("-soft")] + _SOFT[number][case]
    return stem + _HARD[number][case]


def _zone_phrase(t, key: str, role: str) -> str:
    """Return the phrase for a zone kind ("stock", "pile"... or "shared-up" for a deck's own zone)."""
    if role == "to":
        phrases = {
            "stock": t.pgettext("to zone", "face down onto the stock"),
            "pile": t.pgettext("to zone", "face up onto the discard pile"),
            "hand": t.pgettext("to zone", "into your hand"),
            "table": t.pgettext("to zone", "face up in front of you"),
            "won": t.pgettext("to zone", "face down in front of you"),
            "middle": t.pgettext("to zone", "face up in the middle of the table"),
            "shared-up": t.pgettext("to zone", "face up in a row in the middle of the table"),
            "shared-down": t.pgettext("to zone", "face down in a stack in the middle of the table"),
            "shared-owner": t.pgettext("to zone", "face down in a stack in the middle of the table"),
            "each-up": t.pgettext("to zone", "face up in front of you"),
            "each-down": t.pgettext("to zone", "face down in front of you"),
            "each-owner": t.pgettext("to zone", "face down in front of you"),
        }
    else:
        phrases = {
            "stock": t.pgettext("from zone", "from the stock"),
            "pile": t.pgettext("from zone", "from the discard pile"),
            "hand": t.pgettext("from zone", "from your hand"),
            "table": t.pgettext("from zone", "from the cards in front of you"),
            "won": t.pgettext("from zone", "from the cards you have won"),
            "middle": t.pgettext("from zone", "from the middle of the table"),
            "shared-up": t.pgettext("from zone", "from the row in the middle of the table"),
            "shared-down": t.pgettext("from zone", "from the stack in the middle of the table"),
            "shared-owner": t.pgettext("from zone", "from the stack in the middle of the table"),
            "each-up": t.pgettext("from zone", "from the cards in front of you"),
            "each-down": t.pgettext("from zone", "from the cards in front of you"),
            "each-owner": t.pgettext("from zone", "from the cards in front of you"),
        }
    return phrases[key]
