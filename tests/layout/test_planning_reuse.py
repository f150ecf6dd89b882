"""What one build remembers so that planning the type sizes and drawing the faces do not repeat each other's work
(faces.py, text.py, glyphs.py, edges.py, compact.py, load/collector.py): every remembered answer is the one asking
again would give, and it is keyed on everything it depends on.
"""
from __future__ import annotations

import gc
import shutil
from pathlib import Path

import pytest

from deckforge.layout import edges
from deckforge.layout.build import BuildOptions, prepare
from deckforge.layout.context import SuitView
from deckforge.layout.faces import Face, ShapeOp, _memo_key
from deckforge.layout.fonts import font_for
from deckforge.layout.glyphs import GlyphError, printable_text
from deckforge.layout.imposition import Box
from deckforge.layout.text import fit_text
from deckforge.load import load_deck
from deckforge.load.card_template import load_card_template
from deckforge.load.collector import collector_paused
from deckforge.typography import tie

MINI = Path(__file__).parent / "fixtures" / "mini"

WHEN_TEXT = """
faces:
  default:
    elements:
      - {type: rect, name: panel, box: [5, 60, 53, 20], fill: "#eeeeee", when: "text"}
      - {type: text, name: title, box: [5, 5, 53, 10], text: "{{ name }}", size: 12}
      - {type: text, name: body, box: [5, 60, 53, 20], text: "{{ text }}", size: 9, min_size: 6}
back: {elements: []}
"""


def _mini_with(tmp_path: Path, template: str):
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    (folder / "mini.yaml").write_text(template, encoding="utf-8")
    return load_deck(folder)


def test_a_condition_that_is_one_name_is_decided_by_each_cards_own_value(tmp_path: Path) -> None:
    deck = _mini_with(tmp_path, WHEN_TEXT)
    faces = {face.key: face for face in prepare(deck, BuildOptions(backs="none")).fronts}
    panels = {key: sum(isinstance(op, ShapeOp) for op in face.ops) for key, face in faces.items()}
    assert panels == {"card-rock": 1, "card-paper": 0, "card-fate": 1, "card-changer": 1}  # paper has no text


def test_each_card_prints_its_own_words_in_each_language(tmp_path: Path) -> None:
    deck = _mini_with(tmp_path, WHEN_TEXT)
    for lang, names in (("cs", ["Kámen", "Papír", "Kámen osudu", "Měnič"]),
                        ("en", ["Rock", "Paper", "Stone of Fate", "Changer"])):
        fronts = prepare(deck, BuildOptions(backs="none", lang=lang)).fronts
        titles = list(dict.fromkeys(face.ops[0 if face.key == "card-paper" else 1].lines[0][2] for face in fronts))
        assert titles == names


COUNT_TEXT = """
faces:
  default:
    elements:
      - {type: text, name: title, box: [5, 5, 53, 10], text: "{{ name }}", size: 12}
      - {type: text, name: copies, box: [5, 60, 53, 20], text: "{{ count }} in the deck", size: 9, min_size: 6}
back: {elements: []}
"""


def test_a_face_drawn_from_the_planned_fit_is_the_face_of_its_own_copies(tmp_path: Path) -> None:
    """A face set at the size its text was planned at is drawn from the planning's fit (FacePlanner.fitted), which
    was made with the copies the build counts; a face planned with other copies (validate's check plans each card
    with its count, a rulebook's pictures with theirs) must print its own."""
    from deckforge.layout.context import BuildContext
    from deckforge.layout.faces import FacePlanner

    deck = _mini_with(tmp_path, COUNT_TEXT)
    planner = FacePlanner(BuildContext(deck, "en", deck.players.low, False, load_card_template(deck)), 0)
    rock, planned = next((card, copies) for card, copies in deck.counts_for(deck.players.low) if card.id == "rock")
    assert planner.type_sizes and planner.fitted  # planned with the build's copies
    for copies in (planned, 99):
        texts = [op.lines[0][2] for op in planner.card(rock, copies).ops if hasattr(op, "lines")]
        assert texts == ["Rock", f"{copies} in the deck"], texts


@pytest.mark.parametrize("source, context, printed", [
    ("{{ name }}", {"name": "Kámen osudu"}, "Kámen osudu"),
    ("{{name}}", {"name": "  spaced  "}, "  spaced  "),
    ("{{ count }}", {"count": 3}, "3"),
    ("{{ suit }}", {"suit": SuitView("hearts", "Srdce", "#c00000", "")}, "Srdce"),
    ("{{ none }}", {"none": "a card's own attribute"}, "None"),
    ("{{ name }}!", {"name": "Rock"}, "Rock!"),
])
def test_a_text_that_is_one_name_prints_what_jinja_prints(tmp_path: Path, monkeypatch, source: str, context: dict,
                                                          printed: str) -> None:
    """A text that only prints a name holding a text is that text, without asking Jinja (faces.py `_render`);
    any other value, a word Jinja reads as a constant and anything more go to Jinja as before."""
    from deckforge.layout import faces

    planner = faces.FacePlanner(prepare_context(tmp_path), 0.0)
    asked = []
    render = faces.render
    monkeypatch.setattr(faces, "render", lambda *args: asked.append(args[0]) or render(*args))
    assert planner._render(source, context, "here") == printed
    assert bool(asked) == (type(context.get("name")) is not str or source.endswith("!"))
    assert render(faces.compiled_text(source), context, 1.0) == printed


def prepare_context(tmp_path: Path):
    from deckforge.layout.context import BuildContext
    from deckforge.load.card_template import load_card_template

    deck = _mini_with(tmp_path, WHEN_TEXT)
    return BuildContext(deck, "en", 2, False, load_card_template(deck))


def test_a_result_is_keyed_on_the_values_a_template_reads_and_their_types() -> None:
    assert _memo_key("when", "text", {"text": "a"}) != _memo_key("when", "text", {"text": ""})
    assert _memo_key("text", "{{ x }}", {"x": True}) != _memo_key("text", "{{ x }}", {"x": 1})
    assert _memo_key("text", "{{ x }}", {"x": 1}) != _memo_key("text", "{{ x }}", {"x": 1.0})
    assert _memo_key("text", "{{ name }}", {"name": "a", "text": "b"}) == _memo_key("text", "{{ name }}",
                                                                                     {"name": "a", "text": "c"})
    red, green = SuitView("hearts", "Hearts", "#c00000", ""), SuitView("leaves", "Leaves", "#008000", "")
    assert _memo_key("text", "{{ suit.colour }}", {"suit": red}) != _memo_key("text", "{{ suit.colour }}",
                                                                             {"suit": green})


@pytest.mark.parametrize("kind,source,context", [
    ("text", "{{ [1, 2, 3] | random }}", {}),                 # need not repeat
    ("when", "[true, false] | random", {}),
    ("text", "{{ attrs.rank }}", {"attrs": {"rank": "7"}}),   # a mapping may differ inside
    ("text", "{% for e in effects %}{{ e.name }}{% endfor %}", {"effects": [{"name": "skip"}]}),
    ("text", "{{ name", {"name": "a"}),                       # a syntax error is reported every time
])
def test_what_cannot_be_keyed_is_evaluated_every_time(kind: str, source: str, context: dict) -> None:
    assert _memo_key(kind, source, context) is None


def test_a_character_the_font_lacks_fails_even_after_other_texts_passed() -> None:
    font = font_for("regular")
    assert printable_text("Kámen, nůžky", font, "x") == "Kámen, nůžky"
    with pytest.raises(GlyphError, match=r"the character '😀' \(U\+1F600"):
        printable_text("Kámen 😀 \u05d0", font, "x")  # the first bad one is named, though both are new
    with pytest.raises(GlyphError, match=r"U\+05D0"):
        printable_text("Kámen \u05d0 😀", font, "x")
    with pytest.raises(GlyphError, match=r"U\+1F600"):
        printable_text("😀", font, "x")  # refused again, not remembered as seen


def test_printable_text_composes_accents_drops_invisible_characters_and_turns_tabs_to_spaces() -> None:
    font = font_for("regular")
    assert printable_text("Ka\u0301men\u200b\tnu\u030az\u030cky\u00ad", font, "x") == "Kámen nůžky"


TEXTS = ["Zahraj kartu a lízni si 2 karty z balíčku, pak v tahu pokračuje další hráč.",
         "Nejvyšší karta. Žolík smí jít i na jinou barvu a hráč pak určí barvu, kterou se hraje dál.",
         "A\nB\n\nC D E F G H I J K L",
         "nejneobyčejnějšími v nejneobyčejnějším"]


def test_wrappings_remembered_for_one_build_are_the_wrappings_made_afresh() -> None:
    wraps: dict = {}
    for font in (font_for("regular"), font_for("bold")):
        for text in TEXTS:
            for lang in ("cs", "en"):
                tied = tie(text, lang)
                for width_mm in (18, 30, 45):
                    for size, min_size, height in ((12, 6, 60), (10, 10, 200), (14, 7, 30)):
                        args = (tied, font, size, min_size, width_mm * 72 / 25.4, height)
                        assert fit_text(*args, wraps=wraps) == fit_text(*args)
    assert wraps  # and they were remembered


def _face(key: str, *boxes: Box) -> Face:
    return Face(key, 180, 252, 8.5, tuple(ShapeOp("rect", box, "#ff0000", None, 0, 0) for box in boxes))


def test_faces_painting_nothing_near_their_edges_share_cut_lines_without_being_rendered(monkeypatch) -> None:
    def never(faces):
        raise AssertionError("rendered")

    monkeypatch.setattr(edges, "_rendered", never)
    middle = _face("card-a", Box(40, 40, 100, 100))
    assert edges.check_edges([middle, _face("card-b")]) == edges.EdgeCheck(True)


def test_faces_painting_their_edges_are_still_rendered_and_compared() -> None:
    red = _face("card-red", Box(-8.5, -8.5, 197, 269))
    half = _face("card-half", Box(-8.5, -8.5, 90, 269))
    assert edges.check_edges([red]).shared
    assert not edges.check_edges([red, half]).shared


def test_the_collector_is_paused_inside_and_left_as_it_was_found() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner block found it paused
    assert gc.isenabled()
    with pytest.raises(KeyError):
        with collector_paused():
            raise KeyError("x")
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # whoever paused it keeps it paused
    finally:
        gc.enable()


def test_what_a_paused_block_kept_is_not_scanned_as_young_after_it() -> None:
    """The objects a block made and kept go to the oldest generation: the allocations after it start no collection
    of the youngest generation over all of them (0.1 s after building 5,000 cards) until the youngest generation
    fills again."""
    collections = []

    def count(phase: str, info: dict) -> None:
        if phase == "start":
            collections.append(info["generation"])

    gc.collect()
    gc.callbacks.append(count)
    try:
        with collector_paused():
            kept = [[i] for i in range(100_000)]  # lists: objects the collector tracks
        more = [[i] for i in range(gc.get_threshold()[0] // 2)]
    finally:
        gc.callbacks.remove(count)
    assert collections == []
    assert gc.is_tracked(kept[0]) and gc.is_tracked(more[0]) and not gc.get_freeze_count()
