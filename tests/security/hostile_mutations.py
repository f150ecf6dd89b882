"""Mutations that turn the valid fuzz deck (`hostile.write_base_deck`) into a hostile one.

Each mutation is `name(folder, rnd)`: it changes the deck in `folder` using choices from `rnd` and returns a short
description for the failure report. Structured ones edit the parsed deck and write it back as YAML; the others
change bytes, files, links and templates.
"""
from __future__ import annotations

import random
import re
import stat
from pathlib import Path

import yaml

BIG_NUMBERS = [0, -1, -10**6, 10**6, 10**9, 2**63, 10**30, 1e308, float("inf"), float("nan"), 1.5, True, None]
ODD_TEXT = ["\u202eevil\u202c", "a\u200bb\u200d", "nul\x00byte", "\x1b[31mred", "\ufeffbom", "e\u0301\u0308\u20dd",
            "😀", "שלום", "\ud7ff", "a" * 100_000, "x " * 50_000, "{{ 7 * 7 }}{% for i in range(9) %}",
            "<script>", "", " ", "\r\n\t", "\u0000" * 10, "\u2028line\u2029", "\U000e0001tag"]
BAD_PATHS = ["../outside/secret.png", "/etc/passwd", "art/../../outside/secret.png", "C:\\art\\rock.png",
             "art\\rock.png", "file:///etc/passwd", "http://127.0.0.1:1/x.png", "art/\x00rock.png", "~/x.png", "",
             ".", "art", "art/missing.png", "/dev/zero", "art/rock.png/", "//server/share/x.png", "art/" + "a" * 5000]
BAD_COLOURS = ["#12345", "red", "cmyk(1, 2, 3)", "cmyk(999, 0, 0, 0)", "#GGGGGG", 123, "", "#" + "f" * 10000,
               "cmyk(nan, 0, 0, 0)", "rgb(1,2,3)", None, ["#fff"], "#fff\x00"]
TEMPLATE_TEXTS = ["{{ 10 ** 10 ** 10 }}", "{{ 'x' * 10 ** 9 }}", "{% for a in range(10**9) %}{% endfor %}",
                  "{% for a in range(9999) %}{% for b in range(9999) %}{% endfor %}{% endfor %}",
                  "{% macro r(n) %}{{ r(n + 1) }}{% endmacro %}{{ r(0) }}", "{{ name.__class__.__mro__ }}",
                  "{{ cycler.__init__.__globals__ }}", "{% if %}", "{{ name", "{{ undefined_thing.x.y }}",
                  "{{ 'x' | center(10 ** 9) }}", "{{ '%999999999d' % 1 }}", "{{ lipsum(10 ** 6) }}",
                  "{{ range(10 ** 9) | list | length }}", "{{ (name ~ name) * 99999999 }}",
                  "{% include '/etc/passwd' %}", "{% include '../outside/secret.txt' %}"]
RULEBOOK_BODIES = ["{% if %}", "{% macro r() %}{{ r() }}{% endmacro %}{{ r() }}", "{{ 2 ** 10000000 }}",
                   "{{ 'x' * 10 ** 9 }}", "{% for i in range(10 ** 8) %}{% endfor %}", "{% include 'cs.html' %}",
                   "{% include '../outside/secret.txt' %}", "{% extends '/etc/passwd' %}",
                   '<img src="file:///etc/passwd">', '<img src="../../outside/secret.png">',
                   '<link rel="stylesheet" href="../../outside/secret.txt">',
                   '<a rel="attachment" href="../outside/secret.txt">x</a>',
                   '<img src="http://127.0.0.1:1/x.png">', "{{ self.__class__.__mro__ }}",
                   '<style>@import url("file:///etc/passwd");</style>', "\x00", "{{ lipsum(10**6) }}"]


def plain_text(path: Path) -> str:
    """Read a file an earlier mutation may have made a pipe, a link to /dev/zero or a sparse giant; refuse those,
    so that the fuzzer never blocks or fills its own memory (`hostile.mutate` then skips the mutation)."""
    info = path.stat()
    if not stat.S_ISREG(info.st_mode) or info.st_size > 5_000_000:
        raise ValueError(f"{path.name} is no longer a small plain file")
    return path.read_text(encoding="utf-8")


def _load(folder: Path) -> dict:
    """Parse the deck to edit it, unless an earlier mutation made it big or full of aliases: expanding a bomb
    here would hit the fuzzer, not deckforge (`hostile.mutate` then skips this mutation)."""
    text = plain_text(folder / "deck.yaml")
    if len(text) > 2_000_000 or re.search(r"[&*][A-Za-z_]", text):
        raise ValueError("the deck file is no longer plain YAML to edit")
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def _dump(folder: Path, data) -> None:
    text = yaml.dump(data, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), allow_unicode=True, sort_keys=False)
    (folder / "deck.yaml").write_text(text, encoding="utf-8")


def _paths(node, prefix=()):
    """Every key path of a parsed deck (mappings and lists), leaves included."""
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, prefix + (index,))


def _set(data, path, value):
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def wrong_type(folder: Path, rnd: random.Random) -> str:
    data = _load(folder)
    path = rnd.choice([p for p in _paths(data) if p])
    value = rnd.choice([[], {}, [1, 2], {"a": 1}, 7, "text", None, True, -3.5, [[[]]], "\x00"])
    _set(data, path, value)
    _dump(folder, data)
    return f"{path} = {value!r}"


def huge_number(folder: Path, rnd: random.Random) -> str:
    data = _load(folder)
    path = rnd.choice([("players", "max"), ("players", "min"), ("players", "per_set"), ("players", "default"),
                       ("cards", rnd.randrange(5), "count"), ("card_size",), ("card_size",)])
    value = rnd.choice(BIG_NUMBERS)
    if path == ("card_size",):
        value = {"width_mm": rnd.choice(BIG_NUMBERS), "height_mm": rnd.choice(BIG_NUMBERS)}
    _set(data, path, value)
    _dump(folder, data)
    return f"{path} = {value!r}"


def odd_text(folder: Path, rnd: random.Random) -> str:
    data = _load(folder)
    card = rnd.randrange(5)
    path = rnd.choice([("name", "cs"), ("name", "en"), ("cards", card, "name", "en"), ("cards", 0, "text", "cs"),
                       ("cards", card, "id"), ("id",), ("back", "title", "cs"), ("languages", 0)])
    value = rnd.choice(ODD_TEXT)
    _set(data, path, value)
    _dump(folder, data)
    return f"{path} = {value[:40]!r}…"


def bad_path(folder: Path, rnd: random.Random) -> str:
    data = _load(folder)
    key = rnd.choice(["art", "back-art", "extends", "cards", "fonts", "template"])
    value = rnd.choice(BAD_PATHS)
    if key == "art":
        data["cards"][rnd.randrange(5)]["art"] = value
    elif key == "back-art":
        data["back"]["art"] = value
    elif key == "fonts":
        data["fonts"] = {rnd.choice(["title", "body"]): value}
    else:
        data[key] = value
    _dump(folder, data)
    return f"{key}: {value[:60]!r}"


def bad_colour(folder: Path, rnd: random.Random) -> str:
    value = rnd.choice(BAD_COLOURS)
    if rnd.random() < 0.5:
        data = _load(folder)
        data["back"]["colour"] = value
        _dump(folder, data)
        return f"back.colour = {str(value)[:40]!r}"
    template = folder / "own.yaml"
    source = plain_text(template)
    template.write_text(source.replace('edge: "#3b4a6b"', f"edge: {yaml.safe_dump(value).splitlines()[0]}"),
                        encoding="utf-8")
    return f"own.yaml colours.edge = {str(value)[:40]!r}"


def bad_card_template(folder: Path, rnd: random.Random) -> str:
    expression = rnd.choice(TEMPLATE_TEXTS)
    template = folder / "own.yaml"
    source = plain_text(template)
    template.write_text(source.replace('text: "{{ name }}"', f"text: {yaml.safe_dump(expression, width=10**6)}"
                                       .rstrip().removesuffix("...").rstrip(), 1), encoding="utf-8")
    return f"own.yaml title text: {expression[:60]!r}"


def bad_rulebook(folder: Path, rnd: random.Random) -> str:
    body = rnd.choice(RULEBOOK_BODIES)
    source = plain_text(folder / "rulebook" / "cs.html")
    (folder / "rulebook" / "cs.html").write_text(source.replace("</p>", "</p>\n" + body, 1), encoding="utf-8")
    return f"rulebook/cs.html: {body[:60]!r}"


def many_cards(folder: Path, rnd: random.Random) -> str:
    number = rnd.choice([200, 5001, 20000])
    count = rnd.choice([1, 1000])
    source = plain_text(folder / "deck.yaml")
    if not source.endswith("\n") or "cards:\n" not in source:
        raise ValueError("the deck's cards are not a block list at its end")
    (folder / "deck.yaml").write_text(source + "".join(
        f"  - {{id: c{i}, kind: item, item: rock, count: {count}, name: {{cs: K{i}, en: C{i}}}}}\n"
        for i in range(number)), encoding="utf-8")
    return f"{number} more cards of {count}"


def extends_loop(folder: Path, rnd: random.Random) -> str:
    data = _load(folder)
    kind = rnd.choice(["self", "pair", "outside", "windows", "nul", "chain"])
    if kind == "self":
        data["extends"] = "deck.yaml"
    elif kind == "pair":
        data["extends"] = "other.yaml"
        (folder / "other.yaml").write_text(yaml.safe_dump({**data, "extends": "deck.yaml"}), encoding="utf-8")
    elif kind == "outside":
        (folder.parent / "outside" / "base.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
        data["extends"] = rnd.choice(["../outside/base.yaml", str(folder.parent / "outside" / "base.yaml")])
    elif kind == "windows":
        data["extends"] = "sub\\base.yaml"
    elif kind == "nul":
        data["extends"] = "base\x00.yaml"
    else:
        for index in range(30):
            (folder / f"b{index}.yaml").write_text(yaml.safe_dump({**data, "extends": f"b{index + 1}.yaml"}),
                                                   encoding="utf-8")
        data["extends"] = "b0.yaml"
    _dump(folder, data)
    return f"extends: {kind}"


__all__ = ["wrong_type", "huge_number", "odd_text", "bad_path", "bad_colour", "bad_card_template", "bad_rulebook",
           "many_cards", "extends_loop"]
