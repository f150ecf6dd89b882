"""Keeping a split word whole: the word wrapped is the one the break split, even where the paragraph repeats it."""
from xml.etree import ElementTree

from deckforge.rulebook.breaks import NO_HYPHENS, Line, keep_whole


def split(block, line: str, first: str) -> str:
    """Split `block` after the laid-out `line` (its last piece of text in another font) before `first`."""
    keep_whole(Line(3, 700.0, block, "Spielt", line.split()[-1], line), Line(4, 40.0, block, first, "Ziel.", first))
    return ElementTree.tostring(block, encoding="unicode")


def test_the_occurrence_the_break_split_is_kept_whole_not_the_first() -> None:
    block = ElementTree.fromstring("<p>Der Sieger jeder Partie beginnt. Nach <b>jeder</b> Partie einen Punkt, "
                                   "nach der dritten Partie zwei.</p>")
    assert split(block, " beginnt. Nach jeder Par-", "tie einen Punkt,") == (
        f'<p>Der Sieger jeder Partie beginnt. Nach <b>jeder</b> <span style="{NO_HYPHENS}">Partie</span> einen '
        'Punkt, nach der dritten Partie zwei.</p>')


def test_a_word_in_a_nested_element_is_wrapped_where_it_stands() -> None:
    block = ElementTree.fromstring("<li>Wer <em>nach jeder Partie</em> und nach jeder Partie zieht</li>")
    assert split(block, "Wer nach jeder Par-", "tie und") == (
        f'<li>Wer <em>nach jeder <span style="{NO_HYPHENS}">Partie</span></em> und nach jeder Partie zieht</li>')


def test_without_context_the_first_occurrence_and_without_the_word_the_whole_block() -> None:
    block = ElementTree.fromstring("<p>Partie und Partie</p>")
    assert split(block, "Par-", "tie und") == f'<p><span style="{NO_HYPHENS}">Partie</span> und Partie</p>'
    other = ElementTree.fromstring("<p>Nichts davon</p>")
    assert split(other, "Gesamtsie-", "ger bekommt") == f'<p style="{NO_HYPHENS}">Nichts davon</p>'
