"""Czech rank names declined for the sentence they stand in: "zahraj osmičku", "odpověz esem", "esa se počítají za 1";
and a card named by its suit and rank as one phrase: "Kdo má křížovou dvojku, vynese ji".

A Czech rulebook names a rank by its noun, in the case the sentence asks for, as Czech players say it; the label
form ("kartu s hodnotou osmička") is what a sentence falls back on where the noun is not known here. Known are the
ranks of the standard decks deckforge ships (the French deck's "dvojka" to "eso", the mariáš deck's "sedma" to
"eso", "žolík") and any name that follows the regular pattern of the numeral nouns: a feminine noun in -ka after a
consonant ("dvanáctka", "jednička"). A form left out of the table (the plural of "svršek": "svršci" or "svršky" is
still argued over) is not guessed: the sentence keeps the label.

A card's name of two words, a hard adjective and a known rank ("Piková dáma", "Srdcový král", "Kulové eso"), is
declined as a whole, the adjective agreeing with the noun; any other name stays quoted after "karta".

Each noun has its gender, because words elsewhere in a sentence may agree with it ("vynese ji", "každou"): those
sentences were written for "karta", so they take a rank's noun only when it is feminine too (`Words.cards`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

CASES = ("nom", "acc", "gen", "dat", "ins", "loc")


@dataclass(frozen=True)
class Noun:
    gender: str                        # "f", "n", "m" (masculine animate: a card named as a person is declined so)
    forms: dict[tuple[str, str], str]  # (number, case) -> form; a missing form is not guessed

    def form(self, number: str, case: str) -> str | None:
        return self.forms.get((number, case))


def _noun(gender: str, singular: str, plural: str) -> Noun:
    """Build a noun from its six singular and six plural forms in CASES order; "-" leaves a form out."""
    forms = {}
    for number, written in (("sg", singular), ("pl", plural)):
        for case, form in zip(CASES, written.split(), strict=True):
            if form != "-":
                forms[number, case] = form
    return Noun(gender, forms)


# The ranks of the standard decks that do not follow the -ka pattern below.
KNOWN = {
    "eso": _noun("n", "eso eso esa esu esem esu", "esa esa es esům esy esech"),
    "král": _noun("m", "král krále krále králi králem králi", "králové krále králů králům králi králích"),
    "dáma": _noun("f", "dáma dámu dámy dámě dámou dámě", "dámy dámy dam dámám dámami dámách"),
    "kluk": _noun("m", "kluk kluka kluka klukovi klukem klukovi", "kluci kluky kluků klukům kluky klucích"),
    "žolík": _noun("m", "žolík žolíka žolíka žolíkovi žolíkem žolíkovi",
                   "žolíci žolíky žolíků žolíkům žolíky žolících"),
    # The mariáš deck: as players decline them ("zahraj svrška"); the plural nominative and locative vary, so they
    # are left out, and so are the dative and locative singular ("svrškovi" or "svršku").
    "spodek": _noun("m", "spodek spodka spodka - spodkem -", "- spodky spodků spodkům spodky -"),
    "svršek": _noun("m", "svršek svrška svrška - svrškem -", "- svršky svršků svrškům svršky -"),
    "sedma": _noun("f", "sedma sedmu sedmy sedmě sedmou sedmě", "sedmy sedmy - sedmám sedmami sedmách"),
    "osma": _noun("f", "osma osmu osmy osmě osmou osmě", "osmy osmy - osmám osmami osmách"),
}
# A feminine noun in -ka after a consonant: "dvojka", "osmička", "desítka" (the vowel of the genitive plural:
# "osmiček", "desítek").
_KA = re.compile(r"(?P<stem>\w*[^\W\daeiouyáéěíóúůý])ka", re.IGNORECASE)


def noun(name: str) -> Noun | None:
    """Return how a rank's name declines, or None where it is not known (a word of the deck's own, several words)."""
    word = name.strip()
    lower = word.lower()
    found = KNOWN.get(lower)
    if found is None:
        match = _KA.fullmatch(lower)
        if match is None:
            return None
        stem = match["stem"]
        found = _noun("f", f"{stem}ka {stem}ku {stem}ky {stem}ce {stem}kou {stem}ce",
                      f"{stem}ky {stem}ky {stem}ek {stem}kám {stem}kami {stem}kách")
    if word[:1].isupper():  # a name the deck writes with a capital keeps it
        found = Noun(found.gender, {key: form[:1].upper() + form[1:] for key, form in found.forms.items()})
    return found


# Hard adjective endings by gender (masculine animate), number and case: "piková", "srdcový", "kulové" (wording.py
# declines a suit's adjective agreeing with "karta" by the feminine ones).
HARD_ADJECTIVE = {gender: {number: dict(zip(CASES, endings.split(), strict=True)) for number, endings in forms.items()}
                  for gender, forms in {
                      "f": {"sg": "á ou é é ou é", "pl": "é é ých ým ými ých"},
                      "m": {"sg": "ý ého ého ému ým ém", "pl": "í é ých ým ými ých"},
                      "n": {"sg": "é é ého ému ým ém", "pl": "á á ých ým ými ých"}}.items()}
# Before the masculine animate plural -í a hard consonant softens: "srdcoví", "žaludoví" (v stays); "ch" is tried
# before "h".
_ANIMATE_PLURAL = (("ch", "š"), ("k", "c"), ("h", "z"), ("r", "ř"))


def adjective(word: str, gender: str, number: str, case: str) -> str | None:
    """Return a hard adjective ("piková", "srdcový", "pikové") in a gender, number and case, or None where the word
    is not one in the nominative singular of that gender."""
    if not word.endswith(HARD_ADJECTIVE[gender]["sg"]["nom"]) or len(word) < 3:
        return None
    stem = word[:-1]
    form = HARD_ADJECTIVE[gender][number][case]
    if gender == "m" and number == "pl" and case == "nom":
        for hard, soft in _ANIMATE_PLURAL:
            if stem.endswith(hard):
                stem = stem[:-len(hard)] + soft
                break
    return stem + form


def decline_card(name: str, number: str, case: str) -> tuple[str, str] | None:
    """Return a card's name of a suit adjective and a rank noun ("Křížová dvojka", "Srdcový král") in a number and
    case, in lower case as a sentence writes it ("křížovou dvojku"), with its gender; None for any other name."""
    words = name.split()
    if len(words) != 2:
        return None
    found = noun(words[1].lower())
    if found is None or found.form(number, case) is None:
        return None
    said = adjective(words[0].lower(), found.gender, number, case)
    return None if said is None else (f"{said} {found.form(number, case)}", found.gender)


def decline(name: str, number: str, case: str) -> tuple[str, str] | None:
    """Return a rank's name in a number and case with its gender ("osmičku", "f"), or None where not known."""
    found = noun(name)
    if found is None:
        return None
    form = found.form(number, case)
    return None if form is None else (form, found.gender)
