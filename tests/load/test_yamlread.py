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


def _placed(value):
    """Return a parse as comparable values: each mapping and list with its place and the places of its parts."""
    if isinstance(value, dict):
        return ("map", value.lc.line, value.lc.col, dict(value.lc.data), {k: _placed(v) for k, v in value.items()})
    if isinstance(value, list):
        return ("seq", value.lc.line, value.lc.col, dict(value.lc.data), [_placed(v) for v in value])
    return (type(value).__name__, value)


def _both_builders(text: str):
    """Return what the plain builder and PyYAML's constructor each make of a text: values and marks, or the error."""
    from deckforge.load import yamlread

    results = []
    for build in (yamlread._construct_plain, lambda loader, node: loader.construct_document(node)):
        loader = yamlread._MarkedLoader(text)
        try:
            results.append(_placed(build(loader, loader.get_single_node())))
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


def _events_and_nodes(text: str):
    """Return what the one-pass event builder and the node builder each make of a text (values and marks, or the
    error met), the event builder's None when it hands the text on."""
    from deckforge.load import yamlread

    def outcome(build):
        try:
            return _placed(build())
        except yamlread._Unusual:
            return None
        except Exception as exc:  # noqa: BLE001  (the error itself is what is compared)
            mark = getattr(exc, "problem_mark", None)
            return (type(exc).__name__, str(exc), mark and (mark.line, mark.column))

    def by_nodes():
        loader = yamlread._MarkedLoader(text)
        try:
            node = loader.get_single_node()
            return node and yamlread._construct_plain(loader, node)
        finally:
            loader.dispose()

    return outcome(lambda: yamlread._read_events(text)), outcome(by_nodes)


def _generated_texts(count: int, seed: int) -> list[str]:
    """Nested mappings and lists of scalars in every notation the readers treat apart, some malformed."""
    import random

    scalars = ["1", "-2", "0o17", "017", "0x1F", "1_000", "1.5", "1e3", ".5", ".inf", "true", "True", "yes", "null",
               "~", "", "2020-01-01", "abc", "'q'", '"d"', "=", "<<", "[1, {a: b}]", "{a: 1}", "!!str 1", "!x y",
               "|\n  kept", "Žluť", "1:2", "#c", "a: [", "@x", "*x"]
    keys = ["a", "b", "1", "true", "null", '"a"', "~", "1.0"]
    rng = random.Random(seed)

    def value(depth: int) -> str:
        roll, indent = rng.random(), "  " * depth
        if depth > 3 or roll < 0.4:
            return rng.choice(scalars)
        if roll < 0.7:
            return "".join(f"\n{indent}  {rng.choice(keys)}: {value(depth + 1)}" for _ in range(rng.randint(1, 3)))
        return "".join(f"\n{indent}  - {value(depth + 1)}" for _ in range(rng.randint(1, 3)))

    return [f"a: {value(0)}\n" if rng.random() < 0.8 else rng.choice(scalars) + rng.choice(["", "\n---\nb: 1\n", "\n..."])
            for _ in range(count)]


@pytest.mark.parametrize("path", [p for p in ALL_YAML if "&" not in p.read_text(encoding="utf-8", errors="replace")],
                         ids=lambda p: p.stem)
def test_the_event_builder_reads_each_file_as_the_node_builder_does(path: Path) -> None:
    events, nodes = _events_and_nodes(path.read_text(encoding="utf-8", errors="replace"))
    assert events == nodes or events is None and nodes is not None


def test_the_event_builder_makes_what_the_node_builder_makes_or_hands_the_text_on() -> None:
    made = handed = failed = 0
    for text in _generated_texts(1500, seed=20):
        events, nodes = _events_and_nodes(text)
        if events is None:
            handed += 1  # the node builder then reads it and names any problem as before
        else:
            assert events == nodes, text
            made, failed = made + (events[0] in ("map", "seq")), failed + (events[0].endswith("Error"))
    assert made > 250 and handed > 250 and failed > 100  # every path taken, many times
