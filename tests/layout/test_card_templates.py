"""Card templates: every broken fixture fails with its place and message; lookup, sandbox and rendering rules."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from deckforge.errors import BuildError, DeckError, DeckforgeError
from deckforge.layout.build import BuildOptions, prepare
from deckforge.load import bundled_decks, load_deck
from deckforge.load.card_template import CARD_TEMPLATES_DIR, find_card_template, load_card_template
from deckforge.load.paths import BUNDLED_DIR, EXAMPLES_DIR

FIXTURES = Path(__file__).parent / "fixtures"
MINI = FIXTURES / "mini"
FAILING = sorted((FIXTURES / "templates").glob("fail_*.yaml"))


def expectation(path: Path) -> tuple[int, str]:
    head = path.read_text(encoding="utf-8").split("\n", 1)[0]
    line, message = re.match(r"# expect: (\d+): (.*)", head).groups()
    return int(line), message


@pytest.mark.parametrize("path", FAILING, ids=[p.stem for p in FAILING])
def test_broken_template_reports_line_key_and_message(path: Path) -> None:
    line, message = expectation(path)
    with pytest.raises(DeckError) as caught:
        load_card_template(load_deck(MINI), path)
    matching = [p for p in caught.value.problems if message in str(p)]
    assert matching, f"no problem says {message!r}; got:\n{caught.value}"
    assert matching[0].line == line
    assert matching[0].file.endswith(path.name)


def test_every_problem_of_a_template_is_reported_in_one_run() -> None:
    with pytest.raises(DeckError) as caught:
        load_card_template(load_deck(MINI), FIXTURES / "templates" / "fail_bad_colour.yaml")
    messages = str(caught.value)
    assert "unknown colour 'papr'" in messages and "no layout for the card kind(s) changer, spell" in messages


@pytest.mark.parametrize("deck_file", bundled_decks(), ids=lambda p: p.parent.name)
def test_bundled_decks_find_their_template_and_basic_suits_them_all(deck_file: Path) -> None:
    deck = load_deck(deck_file)
    assert find_card_template(deck) == CARD_TEMPLATES_DIR / f"{deck.template}.yaml"
    for template in (load_card_template(deck), load_card_template(deck, CARD_TEMPLATES_DIR / "basic.yaml")):
        assert all(template.layout_for(card.kind).elements for card in deck.cards)
        assert template.back.elements


def test_a_template_beside_the_deck_wins_over_the_bundled_one(tmp_path: Path) -> None:
    shutil.copytree(MINI, tmp_path / "mini")
    deck = load_deck(tmp_path / "mini")
    assert find_card_template(deck) == tmp_path / "mini" / "mini.yaml"
    (tmp_path / "mini" / "mini.yaml").unlink()
    with pytest.raises(DeckforgeError, match=r"no card template 'mini' .*bundled: .*basic"):
        find_card_template(deck)


def test_extends_draws_the_base_elements_first() -> None:
    template = load_card_template(load_deck(MINI))
    item, spell = template.faces["item"].elements, template.faces["spell"].elements
    assert spell[: len(item)] == item
    assert spell[-1].where.endswith("(spell label)")
    assert template.faces["spell"].background == "paper"


def test_boxes_resolve_insets_percentages_and_centring() -> None:
    elements = load_card_template(load_deck(MINI)).faces["default"].elements
    disc, title = elements[0], elements[1]
    assert disc.box.resolve(63, 88) == (16.5, 25, 30, 30)  # width alone is centred
    assert title.box.resolve(63, 88) == (6, 5, 51, 10)
    back_title = load_card_template(load_deck(MINI)).back.elements[0]
    assert back_title.box.resolve(63, 88) == pytest.approx((8, 30.8, 47, 26.4))


def _deck_with(tmp_path: Path, template_text: str, *replacements: tuple[str, str]):
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    (folder / "mini.yaml").write_text(template_text, encoding="utf-8")
    deck_text = (folder / "deck.yaml").read_text(encoding="utf-8")
    for old, new in replacements:
        deck_text = deck_text.replace(old, new)
    (folder / "deck.yaml").write_text(deck_text, encoding="utf-8")
    return load_deck(folder)


ONE_TEXT = """
faces:
  default:
    elements:
      - {{type: text, name: title, box: [5, 5, 53, 10], text: "{text}", size: 12}}
back: {{elements: []}}
"""


def _title_op(deck, lang: str = "cs"):
    job = prepare(deck, BuildOptions(lang=lang, backs="none"))
    return job.fronts[0].ops[0]


def test_deck_values_are_printed_literally_never_executed(tmp_path: Path) -> None:
    deck = _deck_with(tmp_path, ONE_TEXT.format(text="{{ name }}"), ("{cs: Kámen, en: Rock}", '{cs: "{{ 7 * 7 }}", en: Rock}'))
    assert _title_op(deck).lines[0][2] == "{{ 7 * 7 }}"


def test_the_sandbox_refuses_to_reach_into_python(tmp_path: Path) -> None:
    deck = _deck_with(tmp_path, ONE_TEXT.format(text="{{ name.__class__.__mro__ }}"))
    with pytest.raises(BuildError, match=r"faces.default.elements\[0\] \(title\): card 'rock' \(cs\): cannot render"):
        prepare(deck, BuildOptions())


def test_the_context_offers_names_attributes_suits_and_template_strings(tmp_path: Path) -> None:
    deck = _deck_with(tmp_path, ONE_TEXT.format(text="{{ id }}/{{ item | default('-') }}/{{ count }}/{{ lang }}/{{ deck.name }}"))
    assert _title_op(deck, "en").lines[0][2] == "rock/rock/3/en/Small deck"


def test_an_unknown_symbol_names_the_card_and_the_nearest_symbol(tmp_path: Path) -> None:
    text = """
faces:
  default:
    elements:
      - {type: symbol, name: centre, box: [5, 5, 20, 20], symbol: "{{ item }}s"}
back: {elements: []}
"""
    deck = _deck_with(tmp_path, text)
    with pytest.raises(BuildError, match=r"card 'rock' \(cs\): no symbol 'rocks'; did you mean 'rock'\?"):
        prepare(deck, BuildOptions())


def test_a_rendered_colour_that_is_not_a_colour_names_the_card(tmp_path: Path) -> None:
    text = """
faces:
  default:
    elements:
      - {type: rect, name: band, box: [0, 0, 63, 10], fill: "{{ item }}"}
back: {elements: []}
"""
    deck = _deck_with(tmp_path, text)
    with pytest.raises(BuildError, match=r"\(band\): card 'rock' \(cs\): fill 'rock' is not a colour"):
        prepare(deck, BuildOptions())


def test_when_skips_elements_and_ink_saver_reaches_the_template(tmp_path: Path) -> None:
    text = """
faces:
  default:
    elements:
      - {type: rect, box: [0, 0, 63, 10], fill: "#ff0000", when: "not ink_saver"}
      - {type: rect, box: [0, 0, 63, 10], stroke: "#ff0000", when: "ink_saver"}
back: {elements: []}
"""
    deck = _deck_with(tmp_path, text)
    normal = prepare(deck, BuildOptions(backs="none")).fronts[0].ops
    saver = prepare(deck, BuildOptions(backs="none", ink_saver=True)).fronts[0].ops
    assert [(op.fill, op.stroke) for op in normal] == [("#ff0000", None)]
    assert [(op.fill, op.stroke) for op in saver] == [(None, "#ff0000")]


DOC = (Path(__file__).resolve().parents[2] / "docs" / "card-templates.md").read_text(encoding="utf-8")


def test_every_template_key_and_value_is_documented() -> None:
    from deckforge.load import card_template as ct

    words = [*ct.TOP_KEYS, *ct.LAYOUT_KEYS, *ct.COMMON_KEYS, *ct.ELEMENT_KEYS, *ct.BOX_KEYS, *ct.STYLES, *ct.ALIGNS,
             *ct.VALIGNS, "default", "contain", "cover", "none"]
    words += [key for keys in ct.ELEMENT_KEYS.values() for key in keys]
    assert [w for w in words if f"`{w}`" not in DOC] == []


def test_every_context_name_is_documented(tmp_path: Path) -> None:
    from deckforge.layout.context import BuildContext, back_context, card_context

    deck = load_deck(MINI)
    build = BuildContext(deck, "cs", 4, False, load_card_template(deck))
    names = set(card_context(build, deck.cards[0], 3)) - set(deck.cards[0].attrs) | set(back_context(build))
    assert sorted(n for n in names if f"`{n}`" not in DOC) == []


EIGHT = 'name: {cs: Srdcová osma, en: Eight of Hearts}}'
EIGHT_TEXT = 'name: {cs: Srdcová osma, en: Eight of Hearts}, text: {cs: "Zruší sedmu.", en: "Cancels a seven."}}'
COVERED = ("card 'srdce-8': the card template german.yaml lays the card's text ('reminder panel', 'reminder') over "
           "part of the symbols it draws for the card ('sign 3 left', 'sign 3 right', 'sign 4 left', 'sign 4 right'); "
           "leave out the card's text (the rulebook can say it), give the text to a card whose face draws no symbols "
           "there, or use a card template whose text box leaves them room (docs/card-templates.md)")


def test_a_card_text_laid_over_the_pips_is_named_by_build_and_validate(tmp_path: Path) -> None:
    """Prší's design fills the 8, 9 and 10 with suit signs and sets a card's text in a panel across the middle:
    given an 8 with a text, the panel hid four of its signs, and neither build nor validate said a word."""
    deck_file = tmp_path / "deck.yaml"
    source = (BUNDLED_DIR / "prsi" / "deck.yaml").read_text(encoding="utf-8")
    assert source.count(EIGHT) == 1
    deck_file.write_text(source.replace(EIGHT, EIGHT_TEXT), encoding="utf-8")
    line = next(n for n, text in enumerate(deck_file.read_text(encoding="utf-8").splitlines(), 1)
                if EIGHT_TEXT in text)
    expected = f"warning: {deck_file}:{line}:5: {COVERED}\n"
    said_once_by_build_and_validate(deck_file, expected, "over part of the symbols", tmp_path)


def said_once_by_build_and_validate(deck_file: Path, expected: str, marker: str, tmp_path: Path) -> None:
    """Assert that build and validate both pass and print the warning `expected` once (not once per language).

    Validate plays at the deck's lowest player count only: its print checks, which say the warning, lay out every
    face in every language whatever the count; the games at every other count took nine tenths of the time."""
    from click.testing import CliRunner

    from deckforge.cli import main

    built = CliRunner().invoke(main, ["build", str(deck_file), "--lang", "en", "--backs", "none",
                                      "-o", str(tmp_path / "built.pdf")])
    assert built.exit_code == 0, built.output
    assert expected in built.output and built.output.count(marker) == 1
    lowest = str(load_deck(deck_file).players.low)
    checked = CliRunner().invoke(main, ["validate", str(deck_file), "--players", lowest])
    assert checked.exit_code == 0, checked.output
    assert expected in checked.output and checked.output.count(marker) == 1


@pytest.mark.parametrize("deck", [*bundled_decks(), *sorted(EXAMPLES_DIR.glob("*/deck.yaml"))],
                         ids=lambda path: path.parent.name)
def test_no_bundled_card_text_is_said_to_cover_a_symbol(deck: Path) -> None:
    """The bundled Prší's 7, svršek and eso carry texts in that panel, clear of their signs and figures."""
    from deckforge.layout.check import print_problems

    warnings: list[str] = []
    assert not print_problems(load_deck(deck), warnings)
    assert not [w for w in warnings if "over part of the symbols" in w]


def test_an_unknown_filter_in_a_template_text_is_placed_by_build_and_validate(tmp_path: Path) -> None:
    """`defaultt(` in a copy of basic.yaml parsed, then failed to compile in the build: a traceback ending in
    jinja2's TemplateAssertionError, from validate and build alike, and no file or line."""
    from click.testing import CliRunner

    from deckforge.cli import main

    shutil.copytree(MINI, tmp_path / "deck")
    basic = (CARD_TEMPLATES_DIR / "basic.yaml").read_text(encoding="utf-8")
    assert basic.count("attrs.value | default(") == 2
    (tmp_path / "deck" / "mini.yaml").write_text(basic.replace("attrs.value | default(", "attrs.value | defaultt(", 1),
                                                 encoding="utf-8")
    line = next(n for n, text in enumerate(basic.splitlines(), 1) if "attrs.value | default(" in text)
    expected = (f"mini.yaml:{line}:15: faces.default.elements[1].text: not a valid template: no filter named "
                "'defaultt'; did you mean 'default'?")
    for command in (["validate"], ["build", "--lang", "en", "-o", str(tmp_path / "out.pdf")]):
        result = CliRunner().invoke(main, [*command, str(tmp_path / "deck")])
        assert result.exit_code == 1, result.output
        assert expected in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out.pdf").exists()


FOUR = 'name: {cs: Srdcová čtyřka, en: Four of Hearts}}'
FOUR_ART = 'name: {cs: Srdcová čtyřka, en: Four of Hearts}, art: art/vichr.png}'


def test_art_on_a_face_that_draws_none_is_named_by_build_and_validate(tmp_path: Path) -> None:
    """DYMOCK's template draws art only on court cards, aces and jokers: art given to the 4 of hearts was checked
    (a missing file failed the build) but never printed, and neither build nor validate said so."""
    from PIL import Image

    deck_file = tmp_path / "deck.yaml"
    source = (BUNDLED_DIR / "dymock" / "deck.yaml").read_text(encoding="utf-8")
    assert source.count(FOUR) == 1
    deck_file.write_text(source.replace(FOUR, FOUR_ART), encoding="utf-8")
    (tmp_path / "art").mkdir()
    Image.new("RGB", (600, 800), (40, 90, 160)).save(tmp_path / "art" / "vichr.png")
    line = next(n for n, text in enumerate(source.splitlines(), 1) if FOUR in text)
    expected = (f"warning: {deck_file}:{line}:5: card 'hearts-4': the art {tmp_path / 'art' / 'vichr.png'} never "
                "prints: the card template dymock.yaml draws no art on this card's face, whose art boxes ('court "
                "picture', 'ace picture', 'joker picture') each have a `when` that leaves it out; remove the card's "
                "`art`, or use a card template with an art box there (docs/card-templates.md)\n")
    said_once_by_build_and_validate(deck_file, expected, "never prints", tmp_path)


def test_art_is_named_where_the_template_has_no_art_box_and_not_where_it_prints(tmp_path: Path) -> None:
    from PIL import Image

    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    Image.new("RGB", (900, 900), (40, 90, 160)).save(folder / "rock.png")
    deck_text = (folder / "deck.yaml").read_text(encoding="utf-8")
    deck_text = deck_text.replace("    item: rock\n    count: 3", "    item: rock\n    count: 3\n    art: rock.png")
    (folder / "deck.yaml").write_text(deck_text.replace('  colour: "#3b4a6b"', '  colour: "#3b4a6b"\n  art: rock.png'),
                                      encoding="utf-8")
    printed = prepare(load_deck(folder), BuildOptions(lang="en")).warnings  # the mini item face has an art box
    assert not [w for w in printed if "card 'rock'" in w and "never prints" in w]
    (folder / "mini.yaml").write_text(ONE_TEXT.format(text="{{ name }}"), encoding="utf-8")  # no art box at all
    deck = load_deck(folder)
    warnings = [w for w in prepare(deck, BuildOptions(lang="en")).warnings if "never prints" in w]
    assert [w.split(": the card template")[0] for w in warnings] == [
        f"{deck.cards[0].source}: card 'rock': the art {folder / 'rock.png'} never prints",
        f"{folder / 'deck.yaml'}: back.art: the art {folder / 'rock.png'} never prints"]
    assert warnings[0].endswith("draws no art on this card's face, which has no art box; remove the card's `art`, "
                                "or use a card template with an art box there (docs/card-templates.md)")
    assert "draws no art on the back, which has no art box; remove `back.art`," in warnings[1]
