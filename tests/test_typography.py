"""The typography rules: which words each language ties with a no-break space, and which it leaves alone."""
import pytest

from deckforge.typography import NBSP, tie, untie


def nb(text: str) -> str:
    """Write a tie as "~" in the expectations below."""
    return text.replace("~", NBSP)


@pytest.mark.parametrize("text, expected", [
    ("Vyměň si všechny karty v ruce s hráčem", "Vyměň si všechny karty v~ruce s~hráčem"),
    ("Vyber si jednu kartu z ruky", "Vyber si jednu kartu z~ruky"),
    ("Předchozí hráč si lízne 1 kartu.", "Předchozí hráč si lízne 1~kartu."),
    ("další hráč nebere a odhodí 1 kartu.", "další hráč nebere a~odhodí 1~kartu."),
    ("K tomu o kolo, u stolu i venku", "K~tomu o~kolo, u~stolu i~venku"),
    ("s a v z", "s~a~v~z"),  # a chain of one-letter words stays together with the word after it
    ("A pak V létě", "A~pak V~létě"),  # upper case too
    ("zahraj 2–3 karty", "zahraj 2–3~karty"),  # the number at the end of a range keeps its noun
    ("(v ruce) „a tak“", "(v~ruce) „a~tak“"),  # after an opening bracket or quote
])
def test_czech_ties_one_letter_words_and_numbers(text, expected):
    assert tie(text, "cs") == nb(expected)


@pytest.mark.parametrize("text", [
    "Kámen přebíjí nůžky.",      # nothing to tie
    "typ-a b",                   # a letter after a hyphen is part of a word, not a word
    "č. a",                      # a one-letter word at the very end has no next word to tie to
    "body 10 % navíc",           # a number before a sign, not a noun
    "kolo 3. hráče",             # an ordinal is no number of things
])
def test_czech_leaves_other_spaces_breakable(text):
    assert tie(text, "cs") == text


def test_czech_keeps_a_lone_last_word_where_it_falls():
    assert tie("dej ji dalšímu hráči", "cs") == "dej ji dalšímu hráči"


@pytest.mark.parametrize("text, expected", [
    ("The next player loses a turn.", "The next player loses a~turn."),   # no lone "turn." closing it
    ("On discard: draw 1 card.", "On discard: draw 1~card."),            # already tied: nothing more
    ("Two words", "Two words"),                                          # too short to leave a widow
    ("one two three\nfour five six", "one two~three\nfour five~six"),    # each line is a paragraph
])
def test_english_keeps_the_last_two_words_and_numbers_together(text, expected):
    assert tie(text, "en") == nb(expected)


def test_english_prose_without_paragraphs_gets_no_widow_ties():
    assert tie("The next player loses a turn.", "en", paragraphs=False) == "The next player loses a turn."


def test_german_ties_abbreviations_numbers_and_the_last_two_words():
    assert tie("Zieh z. B. 2 Karten vom Stapel", "de") == nb("Zieh z.~B. 2~Karten vom~Stapel")


@pytest.mark.parametrize("lang", ["fr", "pl", "xx"])
def test_a_language_without_rules_is_left_alone(lang):
    assert tie("a b 1 card v ruce", lang) == "a b 1 card v ruce"


def test_untie_gives_back_plain_spaces():
    assert untie(tie("lízne 1 kartu z ruky", "cs")) == "lízne 1 kartu z ruky"


# The rules as regular expressions alone, as they were written first: the quicker tie must give the same text.
_REFERENCE_LAST_GAP = r"(?<=\S)[ \t\r\n]+(?=[^ \t\r\n]+[ \t\r\n]*$)"


def _reference_tie(text: str, lang: str, paragraphs: bool = True) -> str:
    import re

    from deckforge import typography as t

    def group(pattern):
        return lambda s: pattern.sub(lambda m: m.group(1) + NBSP, s)

    def widow(paragraph: str) -> str:
        units = re.split(t._GAP, paragraph.strip())
        if len(units) < 3 or NBSP in units[-1]:
            return paragraph
        return re.sub(_REFERENCE_LAST_GAP, NBSP, paragraph)

    rules = {"cs": ((group(t._ONE_LETTER), group(t._NUMBER)), False), "en": ((group(t._NUMBER),), True),
             "de": ((group(t._ABBREVIATION), group(t._NUMBER)), True)}
    steps, widows = rules.get(lang, ((), False))
    for step in steps:
        text = step(text)
    return "\n".join(widow(p) for p in text.split("\n")) if widows and paragraphs else text


from hypothesis import given, strategies as st  # noqa: E402

_PIECES = st.sampled_from(["a", "v", "z", "K", "kartu", "2", "−3", "z.", "B.", "1.", " ", "  ", "\t", "\r", "\n",
                           NBSP, " \u2003", ",", "'", "-", "„", "x9", "draw", "Ω"])


@given(st.lists(_PIECES, max_size=14).map("".join), st.sampled_from(["cs", "en", "de"]), st.booleans())
def test_the_quick_tie_ties_as_the_regular_expressions_did(text: str, lang: str, paragraphs: bool) -> None:
    assert tie(text, lang, paragraphs) == _reference_tie(text, lang, paragraphs)
