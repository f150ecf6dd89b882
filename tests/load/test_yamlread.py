"""The fast YAML reader (libyaml with line marks) reads every deck exactly as ruamel's round-trip loader does,
places every error the same way, and hands anything unusual to the round-trip loader."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import deckforge.load.deck as deck_module
from deckforge.errors import DeckError
from deckforge.load import bundled_decks, load_deck
from deckforge.load.yamlread import ROUND_TRIP_MAX_CHARS, MarkedMap, read_yaml

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
TEMPLATES = sorted((ROOT / "templates" / "cards").glob("*.yaml"))
DECK_FILES = bundled_decks() + sorted(FIXTURES.glob("ok_*.yaml"))
BROKEN_FILES = sorted(p for p in FIXTURES.glob("*.yaml") if not p.name.startswith("ok_"))
ALL_YAML = bundled_decks() + sorted(FIXTURES.glob("*.yaml")) + TEMPLATES + sorted(ROOT.glob("tests/**/fixtures/**/*.yaml"))


def round_trip_only(monkeypatch) -> None:
    """Make the deck loader parse with ruamel's round-trip loader, as it did before the fast reader."""
    monkeypatch.setattr(deck_module, "read_yaml", lambda path, **kw: read_yaml(path, round_trip=True))


def _outcome(path: Path):
    try:
        return load_deck(path)
    except DeckError as exc:
        return str(exc)


@pytest.mark.parametrize("path", DECK_FILES + BROKEN_FILES, ids=lambda p: p.stem)
def test_the_fast_reader_gives_the_same_deck_or_the_same_errors(path: Path, monkeypatch) -> None:
    fast = _outcome(path)
    round_trip_only(monkeypatch)
    slow = _outcome(path)
    assert fast == slow  # a Deck compares every card, including the line and column each card starts at
    if path in BROKEN_FILES:
        assert isinstance(fast, str) and ":" in fast
    else:
        assert not isinstance(fast, str), fast
        assert all(card.source.line for card in fast.cards)


def _same_places(fast: object, slow: object, where: str = "") -> None:
    """Assert two parses hold the same values, with the same place recorded for every key, value and item."""
    assert fast == slow, where
    if isinstance(fast, dict):
        assert (fast.lc.line, fast.lc.col) == (slow.lc.line, slow.lc.col), where
        for key in fast:
            assert tuple(fast.lc.key(key)) == tuple(slow.lc.key(key)), f"{where}.{key}"
            assert tuple(fast.lc.value(key)) == tuple(slow.lc.value(key)), f"{where}.{key}"
            _same_places(fast[key], slow[key], f"{where}.{key}")
    elif isinstance(fast, list):
        assert (fast.lc.line, fast.lc.col) == (slow.lc.line, slow.lc.col), where
        for index, (a, b) in enumerate(zip(fast, slow)):
            assert tuple(fast.lc.item(index)) == tuple(slow.lc.item(index)), f"{where}[{index}]"
            _same_places(a, b, f"{where}[{index}]")


@pytest.mark.parametrize("path", ALL_YAML, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_key_value_and_item_is_placed_as_the_round_trip_loader_places_it(path: Path) -> None:
    try:
        slow = read_yaml(path, round_trip=True)
    except DeckError as exc:
        with pytest.raises(DeckError) as caught:
            read_yaml(path)
        assert str(caught.value) == str(exc)
        return
    _same_places(read_yaml(path), slow, path.name)


def test_yaml_1_2_scalars_read_as_the_round_trip_loader_reads_them(tmp_path: Path) -> None:
    """`yes` and `on` stay words (YAML 1.2), `017` and `1_000` are numbers, a date is a date."""
    path = tmp_path / "scalars.yaml"
    path.write_text("a: yes\nb: on\nc: 017\nd: 1_000\ne: 0x1f\nf: 1.50\ng: 2026-12-01\nh: ~\ni:\nj: True\n"
                    "k: .inf\nl: 1e3\nm: '5'\nn: -7\n", encoding="utf-8")
    fast, slow = read_yaml(path), read_yaml(path, round_trip=True)
    assert fast == slow
    assert fast["a"] == "yes" and fast["c"] == 17 and fast["d"] == 1000 and fast["h"] is None and fast["n"] == -7


@pytest.mark.parametrize("padding", [0, ROUND_TRIP_MAX_CHARS], ids=["round-trip", "libyaml"])
def test_a_syntax_error_names_file_line_and_column(tmp_path: Path, padding: int) -> None:
    """An unclosed bracket is placed where it opens, not at the colon of the next line, by either parser."""
    path = tmp_path / "deck.yaml"
    path.write_text("id: broken\nname:\n  cs: Rozbitý\n  en: [Broken\nplayers: {min: 2, max: 4}\n"
                    + "#" * padding + "\n", encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert str(caught.value).endswith("deck.yaml:4:7: not valid YAML: this '[' is not closed, so line 5 is read as "
                                      "part of it; close it with ']'")


@pytest.mark.parametrize("padding", [0, ROUND_TRIP_MAX_CHARS], ids=["round-trip", "libyaml"])
def test_a_colon_in_a_text_in_braces_is_said_to_need_quotes(tmp_path: Path, padding: int) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text("id: broken\ntext: {cs: Pozor: lízni dvě, en: Watch out: draw two}\n" + "#" * padding + "\n",
                    encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert str(caught.value).endswith('deck.yaml:2:17: not valid YAML: inside {...} a colon followed by a space '
                                      'starts a new key; put a text that has one in quotes: cs: "Pozor: lízni dvě"')


def test_a_duplicate_key_names_its_second_place(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text("id: twice\nname: {en: One}\nid: again\n", encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        read_yaml(path)
    assert f"{path}:3:1: not valid YAML" in str(caught.value) and "duplicate key" in str(caught.value)


def test_a_card_error_names_the_line_and_column_of_its_value(tmp_path: Path) -> None:
    deck = (ROOT / "tests/load/fixtures/ok_tiny.yaml").read_text(encoding="utf-8")
    lines = deck.splitlines()
    number = next(i for i, line in enumerate(lines) if line.strip().startswith("count:"))
    indent = lines[number].index("count:")
    lines[number] = lines[number][:indent] + "count: many"
    path = tmp_path / "deck.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert f"{path}:{number + 1}:{indent + 8}: " in str(caught.value)


def test_an_unchanged_template_is_parsed_once_and_an_edited_one_again(tmp_path: Path) -> None:
    path = tmp_path / "template.yaml"
    path.write_text("faces: {a: 1}\n", encoding="utf-8")
    first = read_yaml(path, reuse=True)
    assert read_yaml(path, reuse=True) is first
    path.write_text("faces: {a: 22}\n", encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))  # a coarse clock may not have moved
    again = read_yaml(path, reuse=True)
    assert again == {"faces": {"a": 22}} and isinstance(again, MarkedMap)


def _both_builders(text: str):
    """Return what the plain builder and PyYAML's constructor each make of a text: values and marks, or the error."""
    from deckforge.load import yamlread

    def placed(value):
        if isinstance(value, dict):
            return ("map", value.lc.line, value.lc.col, dict(value.lc.data), {k: placed(v) for k, v in value.items()})
        if isinstance(value, list):
            return ("seq", value.lc.line, value.lc.col, dict(value.lc.data), [placed(v) for v in value])
        return (type(value).__name__, value)

    results = []
    for build in (yamlread._construct_plain, lambda loader, node: loader.construct_document(node)):
        loader = yamlread._MarkedLoader(text)
        try:
            results.append(placed(build(loader, loader.get_single_node())))
        except Exception as exc:  # noqa: BLE001  (the error itself is what is compared)
            mark = getattr(exc, "mark", None)
            results.append((type(exc).__name__, str(exc), mark and (mark.line, mark.column)))
        finally:
            loader.dispose()
    return results


@pytest.mark.parametrize("text", [
    "a: 1\nb: [1, 2.5, true, null, x, '7']\nc: {d: e, f: [g, {h: i}]}\n",
    "- 1\n- - 2\n  - {a: b}\n- ''\n",
    "inner: {a: 1, a: 2}\nlater: 0x1F\n",          # breadth first: the outer scalar's problem comes first
    "inner: [0o17]\nlater: {a: 1, a: 2}\n",
    "a: !!set {x}\nb: {c: 1, c: 2}\n",             # a tag: PyYAML's constructor builds it all again
    "? [a]\n: b\n",                                 # a list as a key
    "{<<: {a: 1}, b: 2}\n",
    "x: !custom 1\n",
    "1: one\n1.5: x\ntrue: yes\nnull: nothing\n",
])
def test_the_plain_builder_makes_what_pyyaml_makes_or_meets_the_same_problem_first(text: str) -> None:
    plain, pyyaml = _both_builders(text)
    assert plain == pyyaml
