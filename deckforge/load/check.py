"""A collecting checker: typed reads from parsed YAML that record every problem with its place."""
from __future__ import annotations

import difflib
from typing import Iterable

from ..errors import Problem
from ..vocab import Field
from .yamlread import item_place, key_place, node_place, value_place


def nearest(word: str, allowed: Iterable[str]) -> str:
    """Return " did you mean 'x'?" for the closest allowed word, or an empty string."""
    match = closest(word, allowed)
    return f"; did you mean '{match}'?" if match is not None else ""


def closest(word: str, allowed: Iterable[str]) -> str | None:
    """Return the allowed word closest to `word`, or None when none is close."""
    match = difflib.get_close_matches(str(word), list(allowed), n=1, cutoff=0.6)
    return match[0] if match else None


def meant_by_unknown(mapping: dict, allowed: Iterable[str]) -> set[str]:
    """Return the allowed keys that the mapping's unknown keys are taken for: their message already names each
    ("unknown key 'paly'; did you mean 'play'?"), so a message that it is missing would say it twice."""
    allowed = list(allowed)
    return {closest(k, allowed) for k in mapping if k not in allowed} - {None}


def type_name(value: object) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    return type(value).__name__


def found(value: object) -> str:
    """Name a wrong value for a message: its kind and the value itself, "a text 'two'"; "nothing" for an empty one."""
    return type_name(value) if value is None else f"{type_name(value)} {value!r}"


class Checker:
    """Records problems for one file; every read names the key path it checks."""

    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = []

    def error(self, container: object, key: object, path: str, message: str, at_key: bool = False) -> None:
        if isinstance(key, int) and isinstance(container, list):
            line, col = item_place(container, key)
        elif at_key:
            line, col = key_place(container, key)
        else:
            line, col = value_place(container, key)
        if line is None and isinstance(container, dict):
            line, col = node_place(container.get(key))
        self.problems.append(Problem(self.file, line, col, path, message))

    def mapping(self, container: object, key: object, path: str, allowed: Iterable[str] = (),
                required: Iterable[str] = ()) -> dict | None:
        """Read a mapping; report unknown keys (with the nearest allowed one) and missing required keys."""
        value = container[key]
        if not isinstance(value, dict):
            self.error(container, key, path, f"expected a mapping, found {type_name(value)}")
            return None
        allowed = list(allowed)
        meant = meant_by_unknown(value, allowed) if allowed else set()  # named by an unknown key's message
        if allowed:
            for k in value:
                if k not in allowed:
                    match = closest(k, allowed)
                    self.error(value, k, f"{path}.{k}" if path else str(k),
                               f"unknown key '{k}'" + (f"; did you mean '{match}'?" if match else "")
                               + f" (allowed: {', '.join(allowed)})", at_key=True)
        for k in required:
            if k not in value and k not in meant:
                # where any key is allowed (a homemade card's free attributes), a near one is likely the misspelling
                near = None if allowed else closest(k, [x for x in value if isinstance(x, str)])
                self.error(container, key, path,
                           f"missing key '{k}'" + (f"; is '{near}' a misspelling of it?" if near else ""))
        return value

    def text(self, container: object, key: object, path: str) -> str | None:
        value = container[key]
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str) or not value.strip():
            self.error(container, key, path, f"expected a non-empty text, found {type_name(value)}")
            return None
        return str(value)

    def integer(self, container: object, key: object, path: str, low: int, high: int) -> int | None:
        value = container[key]
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(container, key, path, f"expected a whole number from {low} to {high}, found {found(value)}")
            return None
        if not low <= value <= high:
            self.error(container, key, path, f"{value} is out of range: expected a whole number from {low} to {high}")
            return None
        return int(value)

    def number(self, container: object, key: object, path: str, low: float, high: float) -> float | None:
        value = container[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.error(container, key, path, f"expected a number from {low:g} to {high:g}, found {type_name(value)}")
            return None
        if not low <= value <= high:
            self.error(container, key, path, f"{value} is out of range: expected {low:g} to {high:g}")
            return None
        return float(value)

    def choice(self, container: object, key: object, path: str, choices: Iterable[str]) -> str | None:
        value = container[key]
        choices = list(choices)
        if isinstance(value, int) and not isinstance(value, bool) and str(value) in choices:
            return str(value)  # `rank: 7` is the rank "7": numbers and texts are the same (docs/deck-format.md)
        if not isinstance(value, str) or value not in choices:
            self.error(container, key, path, f"unknown value {value!r}{nearest(value, choices)} "
                                              f"(one of: {', '.join(choices)})")
            return None
        return value

    def boolean(self, container: object, key: object, path: str) -> bool | None:
        value = container[key]
        if not isinstance(value, bool):
            self.error(container, key, path, f"expected true or false, found {type_name(value)}")
            return None
        return value

    def sequence(self, container: object, key: object, path: str) -> list | None:
        value = container[key]
        if not isinstance(value, list):
            self.error(container, key, path, f"expected a list, found {type_name(value)}")
            return None
        return value

    def lang_map(self, container: object, key: object, path: str, languages: tuple[str, ...]) -> dict | None:
        """Read a mapping of language code to text with exactly the declared languages."""
        value = self.mapping(container, key, path)
        if value is None:
            return None
        result = {}
        for lang in value:
            if lang not in languages:
                hint = ("; a comma inside a text written in {...} splits it: put the text in quotes"
                        if value[lang] is None else "")
                self.error(value, lang, f"{path}.{lang}", f"language '{lang}' is not declared in 'languages' "
                                                          f"({', '.join(languages)}){hint}", at_key=True)
                continue
            text = self.text(value, lang, f"{path}.{lang}")
            if text is not None:
                result[lang] = text.strip()
        for lang in languages:
            if lang not in value:
                self.error(container, key, path, f"missing the '{lang}' translation")
        return result

    def field(self, container: dict, key: str, path: str, spec: Field, suits: Iterable[str]) -> object:
        """Read one typed value described by a vocabulary Field."""
        if spec.type == "int":
            return self.integer(container, key, path, spec.low, spec.high)
        if spec.type == "choice":
            return self.choice(container, key, path, spec.choices)
        if spec.type == "bool":
            return self.boolean(container, key, path)
        if spec.type == "suit":
            return self.choice(container, key, path, suits)
        if spec.type == "map":
            return self.fields(container, key, path, dict(spec.fields), suits)
        return self.text(container, key, path)

    def fields(self, container: object, key: object, path: str, specs: dict[str, Field],
               suits: Iterable[str]) -> dict | None:
        """Read a mapping whose keys are typed fields; fill defaults for optional ones."""
        required = [k for k, s in specs.items() if s.required]
        value = self.mapping(container, key, path, allowed=specs, required=required)
        if value is None:
            return None
        result = {}
        for name, spec in specs.items():
            if name in value:
                result[name] = self.field(value, name, f"{path}.{name}", spec, suits)
            elif spec.default is not None:
                result[name] = spec.default
        return result
