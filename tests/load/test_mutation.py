"""Property test: a mutated valid deck either loads or raises the project's own error, never anything else."""
import copy
from pathlib import Path

import yaml as libyaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from deckforge import DeckError, load_deck
from deckforge.errors import DeckforgeError

SOURCE = Path(__file__).resolve().parents[2] / "decks" / "kamen-nuzky-papir" / "deck.yaml"
yaml = YAML(typ="safe", pure=True)
ORIGINAL = yaml.load(SOURCE.read_text(encoding="utf-8"))

junk = st.one_of(st.none(), st.booleans(), st.integers(-10**9, 10**9), st.floats(allow_nan=True),
                 st.text(max_size=20), st.lists(st.integers(), max_size=3),
                 st.dictionaries(st.text(max_size=5), st.integers(), max_size=2))


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from paths(value, prefix + (i,))


ALL_PATHS = [p for p in paths(ORIGINAL) if p]


def mutate(data, path, how, value):
    node = data
    for step in path[:-1]:
        node = node[step]
    last = path[-1]
    if how == "drop":
        del node[last]
    elif how == "replace":
        node[last] = value
    elif how == "insert" and isinstance(node, dict):
        node[f"junk_{value!r}"[:30]] = value
    elif how == "insert":
        node.insert(last, value)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutations=st.lists(st.tuples(st.sampled_from(ALL_PATHS), st.sampled_from(["drop", "replace", "insert"]),
                                    junk), min_size=1, max_size=3))
def test_mutated_deck_loads_or_fails_cleanly(tmp_path_factory, mutations) -> None:
    data = copy.deepcopy(ORIGINAL)
    for path, how, value in mutations:
        try:
            mutate(data, path, how, value)
        except (KeyError, IndexError, TypeError, AttributeError):
            continue  # an earlier mutation removed this path
    target = tmp_path_factory.mktemp("deck") / "deck.yaml"
    # libyaml writes the file (PyYAML's C emitter, the counterpart of the parser load_deck reads it with): ruamel's
    # pure-Python emitter took five sixths of this test's time
    with target.open("w", encoding="utf-8") as out:
        libyaml.dump(data, out, Dumper=libyaml.CSafeDumper, allow_unicode=True, sort_keys=False)
    try:
        deck = load_deck(target)
    except DeckError as exc:
        assert exc.problems and all(p.file.endswith("deck.yaml") for p in exc.problems)
        return
    except DeckforgeError:
        return
    assert deck.cards
