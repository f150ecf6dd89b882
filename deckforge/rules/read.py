"""The parser's reading tools: typed reads of a `rules:` mapping that record every problem with its place and the
nearest valid word, checked against the deck's own cards (attribute names and values) and zones.

Built on the deck loader's `Checker` (deckforge/load/check.py), so a description's errors read like any other
problem in a deck file: `deck.yaml:14:9: rules.play.moves[0].play.if.mach: unknown key 'mach'; did you mean ...`.
"""
from __future__ import annotations

from typing import Iterable

from ..load.check import Checker, found, nearest, type_name
from ..model import Card, Source
from ..vocab import EFFECTS, Field
from .model import BUILTIN_ZONES, SPELL_WORDS, Count, EffectStep, Where, Zone
from .model_cards import card_attrs

# The effect parameter that says how much (docs/spells.md); effects without one happen once.
AMOUNT_PARAM = {"skip": "turns", "draw": "count", "extra_play": "count", "give": "count"}
ANSWERABLE = ("draw", "skip")  # the effects that may wait for an answer (`answer`: a card filter)


class RulesReader:
    """Reads parts of a description; each method returns None (or a default) where it recorded a problem."""

    def __init__(self, checker: Checker, cards: Iterable[Card] | None, suit_ids: Iterable[str] = ()):
        self.c = checker
        self.cards = tuple(cards) if cards is not None else None  # None: the cards have problems; no cross-checks
        self.suit_ids = tuple(suit_ids)
        self.values: dict[str, list[str]] = {}
        for attrs in card_attrs(self.cards or ()):
            for name, value in attrs.items():
                seen = self.values.setdefault(name, [])
                if str(value) not in seen:
                    seen.append(str(value))
        self.zones: dict[str, Zone] = {zone_id: Zone(zone_id, owner, face, builtin=True)
                                       for zone_id, (owner, face) in BUILTIN_ZONES.items()}

    # -- places ---------------------------------------------------------------------------------------------------

    def source(self, container: object, key: object) -> Source:
        """Return where `container[key]` was written."""
        from ..load.yamlread import item_place, value_place

        line, col = item_place(container, key) if isinstance(container, list) else value_place(container, key)
        return Source(self.c.file, line, col)

    def mapping(self, container, key, path: str, allowed: Iterable[str], required: Iterable[str] = ()) -> dict | None:
        """Read a mapping with only the `allowed` keys; None for nothing written (`{}`), which takes the defaults."""
        if container[key] is None:
            return {}
        return self.c.mapping(container, key, path, allowed=allowed, required=required)

    def one_key(self, items: list, index: int, path: str, kinds: Iterable[str]) -> tuple[str, dict | None] | None:
        """Read a list entry written `{kind: {...}}` (or a bare `kind`); return the kind and its mapping."""
        raw, kinds = items[index], list(kinds)
        if isinstance(raw, str) and raw in kinds:
            return raw, {}
        if not isinstance(raw, dict) or len(raw) != 1:
            shown = f"'{raw}'" if isinstance(raw, str) else type_name(raw)
            hint = nearest(raw, kinds) if isinstance(raw, str) else ""
            self.c.error(items, index, path, f"expected one of {', '.join(kinds)} with its keys, e.g. "
                                             f"{{{kinds[0]}: {{...}}}}, found {shown}{hint}")
            return None
        kind = next(iter(raw))
        if kind not in kinds:
            self.c.error(raw, kind, f"{path}.{kind}", f"unknown entry '{kind}'{nearest(kind, kinds)} "
                                                      f"(one of: {', '.join(kinds)})", at_key=True)
            return None
        return kind, raw

    def entries(self, spec, key: str, path: str, kinds: Iterable[str]):
        """Read the list `spec[key]` of one-key entries (`- kind: {...}`); yield (items, index, kind, mapping, the
        entry's path) for each readable one, the others reported."""
        items = self.c.sequence(spec, key, f"{path}.{key}") or []
        for i in range(len(items)):
            at = f"{path}.{key}[{i}]"
            entry = self.one_key(items, i, at, kinds)
            if entry is not None:
                yield items, i, entry[0], entry[1], f"{at}.{entry[0]}"

    # -- typed values ------------------------------------------------------------------------------------------------

    def word(self, container, key, path: str, words: Iterable[str], default: str) -> str:
        """Read one word from a closed list; the default when the key is absent or wrong."""
        if not isinstance(container, dict) or key not in container:
            return default
        return self.c.choice(container, key, path, words) or default

    def number(self, container, key, path: str, default: int | None, low: int = 0, high: int = 10_000) -> int | None:
        if not isinstance(container, dict) or key not in container:
            return default
        value = self.c.integer(container, key, path, low, high)
        return default if value is None else value

    def points(self, container, key, path: str, default: int = 0) -> int:
        """Read a number of points, which may be negative."""
        return self.number(container, key, path, default, -10_000, 10_000)

    def flag(self, container, key, path: str, default: bool) -> bool:
        if not isinstance(container, dict) or key not in container:
            return default
        value = self.c.boolean(container, key, path)
        return default if value is None else value

    def zone(self, container, key, path: str, default: str, owner: str | None = None) -> str:
        """Read a zone id (a built-in or declared one); with `owner`, the zone must have that owner."""
        if not isinstance(container, dict) or key not in container:
            return default
        zone_id = self.c.choice(container, key, path, self.zones)
        if zone_id is None:
            return default
        if owner and self.zones[zone_id].owner != owner:
            kind = "a zone of each seat" if owner == "each" else "a shared zone"
            self.c.error(container, key, path, f"'{zone_id}' is not {kind} (as the rule needs); "
                                               f"{kind}s: {', '.join(z for z in self.zones if self.zones[z].owner == owner)}")
        return zone_id

    def attribute(self, container, key, path: str, default: str) -> str:
        """Read the name of a card attribute the deck's cards have (`container` a mapping, or a list and an index)."""
        if isinstance(container, dict) and key not in container or not isinstance(container, (dict, list)):
            return default
        name = container[key]
        if not isinstance(name, str):
            self.c.error(container, key, path, f"expected the name of a card attribute, found {type_name(name)}")
            return default
        if self.cards is not None and name not in self.values:
            known = ", ".join(self.values) or "none"
            self.c.error(container, key, path, f"no card has the attribute '{name}'{nearest(name, self.values)} "
                                               f"(the cards have: {known})")
        return name

    def value_of(self, attr: str, container, key, path: str) -> str | None:
        """Read one value of a card attribute, checked against the values the cards have."""
        value = container[key]
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            self.c.error(container, key, path, f"expected a value of '{attr}', found {type_name(value)}")
            return None
        text = str(value)
        known = self.values.get(attr)
        if self.cards is not None and known is not None and text not in known:
            self.c.error(container, key, path, f"no card has {attr} '{text}'{nearest(text, known)} "
                                               f"(the values of {attr}: {', '.join(known)})")
            return None
        return text

    def where(self, container, key, path: str) -> Where | None:
        """Read a card filter `{attr: value or [values], ...}`."""
        if container[key] is None:
            return Where()
        spec = self.c.mapping(container, key, path)
        if spec is None:
            return None
        attrs = []
        for attr in spec:
            if not isinstance(attr, str) or (self.cards is not None and attr not in self.values):
                self.c.error(spec, attr, f"{path}.{attr}", f"no card has the attribute '{attr}'"
                             f"{nearest(attr, self.values)} (the cards have: {', '.join(self.values) or 'none'})",
                             at_key=True)
                continue
            name = attr
            raw = spec[attr]
            items = raw if isinstance(raw, list) else [raw]
            holder = raw if isinstance(raw, list) else spec
            values = [self.value_of(name, holder, i if isinstance(raw, list) else attr,
                                    f"{path}.{attr}[{i}]" if isinstance(raw, list) else f"{path}.{attr}")
                      for i in range(len(items))]
            if not items:
                self.c.error(spec, attr, f"{path}.{attr}", f"list at least one value of '{attr}'")
            attrs.append((name, tuple(v for v in values if v is not None)))
        return Where(tuple(attrs))

    def count(self, container, key, path: str, default: Count) -> Count:
        """Read a card count: a number, `all`, `round` or `{2: 7, default: 5}`."""
        if not isinstance(container, dict) or key not in container:
            return default
        value = container[key]
        if value == "all":
            return Count(None)
        if value == "round":
            return Count(per_round=True)
        if isinstance(value, dict):
            by_players, fallback = [], None
            for k in value:
                if k == "default":
                    fallback = self._count_number(value, k, f"{path}.default")
                elif isinstance(k, int) and not isinstance(k, bool) and 1 <= k <= 100:
                    by_players.append((k, self._count_number(value, k, f"{path}.{k}")))
                else:
                    self.c.error(value, k, f"{path}.{k}", f"'{k}' is not a player count: write "
                                 "{2: 7, default: 5} (a number of players, or default)", at_key=True)
            if "default" not in value:
                self.c.error(container, key, path, "a count by player count needs a 'default', e.g. "
                                                   "{2: 7, default: 5}")
            return Count(fallback, tuple(by_players))
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 1000:
            return Count(value)
        self.c.error(container, key, path, f"expected a number of cards, all, round or {{2: 7, default: 5}}, "
                                           f"found {found(value)}")
        return default

    def _count_number(self, container, key, path: str) -> int | None:
        if container[key] == "all":
            return None
        return self.c.integer(container, key, path, 0, 1000)

    def effects(self, container, key, path: str) -> tuple[EffectStep, ...]:
        """Read a list of effects: words or `{effect: draw, target: next, count: 2}` (docs/spells.md + name_suit)."""
        items = container[key]
        if isinstance(items, (str, dict)):
            items = [items]
            container, key = {key: items}, key
        if not isinstance(items, list):
            self.c.error(container, key, path, f"expected a list of effects such as [name_suit] or "
                                               f"[{{effect: draw, count: 2}}], found {type_name(items)}")
            return ()
        steps = (self._effect(items, i, f"{path}[{i}]") for i in range(len(items)))
        return tuple(step for step in steps if step is not None)

    def _effect(self, items: list, index: int, path: str) -> EffectStep | None:
        raw = items[index]
        if raw == "name":
            self.c.error(items, index, path, "the effect 'name' needs the attribute its player names: "
                                             "{effect: name, attr: item} (name_suit names a suit)")
            return None
        if isinstance(raw, str):  # a bare word: the effect with its defaults
            if raw not in SPELL_WORDS:
                self.c.error(items, index, path, f"unknown effect {raw!r}{nearest(raw, SPELL_WORDS)} "
                                                 f"(one of: {', '.join(SPELL_WORDS)})")
                return None
            params = EFFECTS[raw].params if raw in EFFECTS else {}
            target = params["target"].default if "target" in params else "next"
            self._check_suits(raw, items, index, path)
            return EffectStep(raw, target, attr="suit" if raw == "name_suit" else "")
        if not isinstance(raw, dict) or "effect" not in raw:
            self.c.error(items, index, path, "expected an effect: a word such as name_suit or skip, or a mapping "
                                             "such as {effect: draw, count: 2}")
            return None
        name = raw["effect"]
        if name not in SPELL_WORDS:
            self.c.error(raw, "effect", f"{path}.effect", f"unknown effect {name!r}{nearest(name, SPELL_WORDS)} "
                                                          f"(one of: {', '.join(SPELL_WORDS)})")
            return None
        if name == "name":  # name a value of any attribute: the next card is tested as if the top had it
            body = self.mapping(items, index, path, ("effect", "attr"), required=("attr",))
            attr = self.attribute(body, "attr", f"{path}.attr", "") if body else ""
            return EffectStep("name", "next", 1, attr) if attr else None
        params = EFFECTS[name].params if name in EFFECTS else {}
        if name in ANSWERABLE and "answer" in raw:
            return self._answerable(items, index, path, name, params)
        fields = self.c.fields(items, index, path, {"effect": _EFFECT_WORD, **params}, ())
        if fields is None or any(value is None for value in fields.values()):
            return None
        self._check_suits(name, raw, "effect", f"{path}.effect")
        amount = fields.get(AMOUNT_PARAM.get(name, ""), 1)
        return EffectStep(name, fields.get("target", "next"), amount, "suit" if name == "name_suit" else "")

    def _check_suits(self, name: str, container, key, path: str) -> None:
        """Refuse `name_suit` where no card has a suit: its player would have nothing to name, and play would stop."""
        if name != "name_suit" or self.cards is None or "suit" in self.values:
            return
        others = [attr for attr in self.values if attr not in ("id", "kind")]
        example = f"{{effect: name, attr: {others[0]}}}" if others else "{effect: name, attr: ...}"
        self.c.error(container, key, path, f"name_suit names a suit, but no card has the attribute 'suit' (the cards "
                                           f"have: {', '.join(self.values) or 'none'}); to name another attribute, "
                                           f"write {example}")

    def _answerable(self, items: list, index: int, path: str, name: str, params: dict) -> EffectStep | None:
        """Read a draw or skip with `answer` (docs/rules-format.md, `effects`): it waits for the next seat."""
        raw = items[index]
        if self.c.mapping(items, index, path, allowed=("effect", *params, "answer")) is None:
            return None
        values = {key: self.c.field(raw, key, f"{path}.{key}", spec, ()) if key in raw else spec.default
                  for key, spec in params.items()}
        answer = self.where(raw, "answer", f"{path}.answer")
        if values.get("target", "next") != "next":
            self.c.error(raw, "target", f"{path}.target", "an effect with 'answer' waits for the next seat; "
                                                          f"its target must be next, not {values['target']!r}")
            return None
        if answer is None or any(value is None for value in values.values()):
            return None
        return EffectStep(name, "next", values.get(AMOUNT_PARAM[name], 1), answer=answer)


_EFFECT_WORD = Field("str")  # the `effect` key itself, already checked by `_effect`
