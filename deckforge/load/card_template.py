"""Load a card template (YAML) into frozen layouts: per card kind, the boxes a face is drawn from, in mm.

A deck names its template by id; `<deck folder>/<id>.yaml` wins over the bundled `templates/cards/<id>.yaml`.
Every problem is reported with its place and key path, like the deck loader does (docs/card-templates.md).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping, Union

from jinja2 import StrictUndefined, TemplateAssertionError, TemplateSyntaxError, nodes
from jinja2.parser import Parser

from ..colour import COLOUR as COLOUR_WORD, COLOUR_HINT, not_a_colour
from ..errors import DeckError, DeckforgeError, Problem, display_path
from ..model import Deck
from ..sandbox import LimitedSandbox
from ..games import schemas
from .check import Checker, nearest
from .deck import TEMPLATES_DIR
from .yamlread import item_place, read_yaml

CARD_TEMPLATES_DIR = TEMPLATES_DIR / "cards"
TOP_KEYS = ("description", "colours", "strings", "faces", "back")
LAYOUT_KEYS = ("extends", "background", "elements")
COMMON_KEYS = ("type", "name", "box", "when")
ELEMENT_KEYS: dict[str, tuple[str, ...]] = {
    "rect": ("fill", "stroke", "stroke_width", "radius", "bleed"),
    "ellipse": ("fill", "stroke", "stroke_width"),
    "text": ("text", "style", "size", "min_size", "line_height", "align", "valign", "colour", "rotate", "role",
             "steps"),
    "art": ("fit", "bleed"),
    "symbol": ("symbol", "colour", "rotate"),
}
BOX_KEYS = ("left", "top", "right", "bottom", "width", "height")
STYLES = ("regular", "bold", "italic", "bold-italic")
ALIGNS = ("left", "center", "right")
VALIGNS = ("top", "middle", "bottom")
ROTATIONS = (0, 90, 180, 270)
COLOUR = COLOUR_WORD  # "#rrggbb" or cmyk(c, m, y, k): deckforge/colour.py
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|%)?\s*$")
_NAME = re.compile(r"^[a-z][a-z0-9_]{0,40}$")

TEMPLATE_ENV = LimitedSandbox(autoescape=False, undefined=StrictUndefined, keep_trailing_newline=False)


@dataclass(frozen=True)
class Length:
    """A length in a box: millimetres, or a percentage of the card's width or height."""

    value: float
    percent: bool = False

    def mm(self, whole_mm: float) -> float:
        return whole_mm * self.value / 100 if self.percent else self.value


@dataclass(frozen=True)
class BoxSpec:
    """A box on the trimmed card, CSS-like: any two of left/right/width, any two of top/bottom/height.

    A missing inset is 0; a width (height) alone is centred.
    """

    left: Length | None = None
    top: Length | None = None
    right: Length | None = None
    bottom: Length | None = None
    width: Length | None = None
    height: Length | None = None

    def resolve(self, card_w: float, card_h: float) -> tuple[float, float, float, float]:
        """Return x, y (from the top-left corner), width and height in mm."""
        x, w = _span(self.left, self.right, self.width, card_w)
        y, h = _span(self.top, self.bottom, self.height, card_h)
        return x, y, w, h


def _span(start: Length | None, end: Length | None, size: Length | None, whole: float) -> tuple[float, float]:
    if size is None:
        a = start.mm(whole) if start else 0.0
        return a, whole - a - (end.mm(whole) if end else 0.0)
    length = size.mm(whole)
    if start is not None:
        return start.mm(whole), length
    if end is not None:
        return whole - end.mm(whole) - length, length
    return (whole - length) / 2, length


@dataclass(frozen=True)
class Shape:
    """A rectangle (square or rounded corners) or an ellipse, filled and/or outlined."""

    kind: str
    box: BoxSpec
    fill: str | None
    stroke: str | None
    stroke_width: float  # points
    radius: float        # mm
    bleed: bool          # grow into the bleed on every side that touches the card's edge
    when: str | None
    where: str
    line: int | None = None  # where the element starts in the template file


@dataclass(frozen=True)
class TextBox:
    """Text rendered from a Jinja template, wrapped in its box and shrunk down to `min_size` to fit."""

    box: BoxSpec
    text: str
    style: str
    size: float       # points
    min_size: float   # points
    line_height: float
    align: str
    valign: str
    colour: str
    rotate: int
    when: str | None
    where: str
    line: int | None = None  # where the element starts in the template file
    role: str = ""   # texts of one role share their type size across the deck (layout/roles.py); "": its own
    steps: int = 0   # how many sizes the role may use; 0: one for a one-line box, a few for a paragraph


@dataclass(frozen=True)
class ArtBox:
    """The card's art image (on a back: the deck's back art), fitted into its box."""

    box: BoxSpec
    fit: str
    bleed: bool
    when: str | None
    where: str
    line: int | None = None  # where the element starts in the template file


@dataclass(frozen=True)
class SymbolBox:
    """A vector symbol from `deckforge.layout.art.SYMBOLS`, named by a Jinja template."""

    box: BoxSpec
    symbol: str
    colour: str
    rotate: int
    when: str | None
    where: str
    line: int | None = None  # where the element starts in the template file


Element = Union[Shape, TextBox, ArtBox, SymbolBox]


@dataclass(frozen=True)
class Layout:
    """What one face is made of: a background over the card and its bleed, then elements in drawing order."""

    background: str | None
    elements: tuple[Element, ...]


@dataclass(frozen=True)
class CardTemplate:
    """A loaded card template: palette, localized words, a layout per card kind, and the back."""

    name: str
    path: Path
    colours: Mapping[str, str]
    strings: Mapping[str, Mapping[str, str]]
    faces: Mapping[str, Layout]
    back: Layout

    def layout_for(self, kind: str) -> Layout:
        return self.faces[kind] if kind in self.faces else self.faces["default"]


def find_card_template(deck: Deck) -> Path:
    """Return the template file a deck names: beside the deck first, then among the bundled templates."""
    candidates = ([deck.folder / f"{deck.template}.yaml"] if deck.folder else []) + \
                 [CARD_TEMPLATES_DIR / f"{deck.template}.yaml"]
    for path in candidates:
        if path.is_file():
            if deck.folder and path.parent == deck.folder and not path.resolve().is_relative_to(
                    deck.folder.resolve()):
                raise DeckforgeError(f"{display_path(path)} is a link that leads outside the deck's folder; "
                                     "a deck's card template must be a file in its folder")
            return path
    bundled = sorted(p.stem for p in CARD_TEMPLATES_DIR.glob("*.yaml"))
    raise DeckforgeError(f"deck '{deck.id}': no card template '{deck.template}' (looked for "
                         f"{', '.join(display_path(p) for p in candidates)}){nearest(deck.template, bundled)} "
                         f"(bundled: {', '.join(bundled)})")


def load_card_template(deck: Deck, path: Path | None = None) -> CardTemplate:
    """Load and check the deck's card template; raise DeckError listing every problem found."""
    path = path or find_card_template(deck)
    shown = display_path(path)
    data = read_yaml(path, reuse=True)
    if not isinstance(data, dict):
        raise DeckError([Problem(shown, 1, 1, "", "a card template must be a mapping with the keys: "
                                                  + ", ".join(TOP_KEYS))])
    checker = Checker(shown)
    template = _TemplateReader(checker, data, path, deck).read()
    if checker.problems or template is None:
        raise DeckError(checker.problems + _copy_hint(checker.problems, path, deck))
    return template


_MISSING_LANGUAGE = re.compile(r"missing the '([^']+)' translation")


def _copy_hint(problems: list[Problem], path: Path, deck: Deck) -> list[Problem]:
    """Where a bundled template lacks the words of a language the deck declares, say how to give them: a copy of
    the template beside the deck file is read instead of the bundled one (find_card_template)."""
    missing = sorted({m.group(1) for p in problems if (m := _MISSING_LANGUAGE.search(p.message))})
    if not missing or deck.folder is None or path.parent != CARD_TEMPLATES_DIR:
        return []
    copy = display_path(deck.folder / path.name)
    words = " and ".join(f"'{lang}'" for lang in missing)
    return [Problem(display_path(path), None, None, "", f"the bundled template has no {words} words: copy it to "
                    f"{copy}, which is then read instead of it, and add them there (docs/card-templates.md)")]


class _TemplateReader:
    """Reads one template mapping; each method reads one part and records problems instead of stopping."""

    def __init__(self, checker: Checker, data: dict, path: Path, deck: Deck):
        self.c, self.data, self.path, self.deck = checker, data, path, deck
        self.palette: dict[str, str] = {}
        self.layouts: dict[str, Layout | None] = {}  # by key path, so a layout extended twice is read once
        schema = schemas().get(deck.game)
        self.kinds = tuple(schema.kinds) if schema else tuple(sorted({c.kind for c in deck.cards}))

    def read(self) -> CardTemplate | None:
        c, data = self.c, self.data
        c.mapping({"template": data}, "template", "", allowed=TOP_KEYS, required=("faces", "back"))
        self.palette = self.read_colours() if "colours" in data else {}
        strings = self.read_strings() if "strings" in data else {}
        faces = self.read_faces() if "faces" in data else None
        back = self.read_layout(data, "back", "back", {}) if "back" in data else None
        if faces is None or back is None:
            return None
        return CardTemplate(self.path.stem, self.path, MappingProxyType(self.palette),
                            MappingProxyType(strings), MappingProxyType(faces), back)

    def read_colours(self) -> dict[str, str]:
        spec = self.c.mapping(self.data, "colours", "colours") or {}
        palette = {}
        for name, value in spec.items():
            path = f"colours.{name}"
            if not isinstance(name, str) or not _NAME.match(name):
                self.c.error(spec, name, path, f"'{name}' is not a colour name: use lower-case letters, digits "
                                               "and '_'", at_key=True)
            elif not isinstance(value, str) or not COLOUR.match(value):
                self.c.error(spec, name, path, not_a_colour(value) + f"write {COLOUR_HINT}")
            else:
                palette[name] = value
        return palette

    def read_strings(self) -> dict[str, Mapping[str, str]]:
        spec = self.c.mapping(self.data, "strings", "strings") or {}
        strings = {}
        for name in spec:
            if not isinstance(name, str) or not _NAME.match(name):
                self.c.error(spec, name, f"strings.{name}", f"'{name}' is not a string name: use lower-case "
                                                            "letters, digits and '_'", at_key=True)
                continue
            # A template serves every deck of its game, whatever languages each declares: it may say more than
            # this deck needs, but must say everything the deck does.
            given = spec[name] if isinstance(spec[name], dict) else {}
            extra = tuple(lang for lang in given if isinstance(lang, str) and lang not in self.deck.languages)
            texts = self.c.lang_map(spec, name, f"strings.{name}", self.deck.languages + extra)
            if texts is not None:
                strings[name] = MappingProxyType(texts)
        return strings

    def read_faces(self) -> dict[str, Layout] | None:
        c, allowed = self.c, ("default", *self.kinds)
        spec = c.mapping(self.data, "faces", "faces", allowed=allowed)
        if spec is None:
            return None
        faces: dict[str, Layout] = {}
        for kind in [k for k in spec if k in allowed]:
            layout = self.read_layout(spec, kind, f"faces.{kind}", spec)
            if layout is not None:
                faces[kind] = layout
        missing = sorted({card.kind for card in self.deck.cards} - set(spec))
        if missing and "default" not in spec:
            c.error(self.data, "faces", "faces", f"no layout for the card kind(s) {', '.join(missing)} of deck "
                                                 f"'{self.deck.id}', and no 'default' layout", at_key=True)
            return None
        return faces

    def read_layout(self, container: dict, key: str, path: str, siblings: dict,
                    seen: tuple[str, ...] = ()) -> Layout | None:
        if path not in self.layouts:
            self.layouts[path] = self._read_layout(container, key, path, siblings, seen)
        return self.layouts[path]

    def _read_layout(self, container: dict, key: str, path: str, siblings: dict,
                     seen: tuple[str, ...]) -> Layout | None:
        c = self.c
        spec = c.mapping(container, key, path, allowed=LAYOUT_KEYS, required=("elements",))
        if spec is None or "elements" not in spec:
            return None
        base = self.read_base(spec, path, siblings, (*seen, key)) if "extends" in spec else Layout(None, ())
        background = self.colour(spec, "background", f"{path}.background") if "background" in spec else None
        items = c.sequence(spec, "elements", f"{path}.elements")
        if items is None or base is None:
            return None
        elements = [self.read_element(items, i, f"{path}.elements[{i}]") for i in range(len(items))]
        if any(e is None for e in elements):
            return None
        return Layout(background or base.background, base.elements + tuple(elements))

    def read_base(self, spec: dict, path: str, siblings: dict, seen: tuple[str, ...]) -> Layout | None:
        """Read the layout named by `extends`: its elements are drawn first, then this layout's own."""
        name = spec["extends"]
        if name not in siblings:
            self.c.error(spec, "extends", f"{path}.extends", f"no layout {name!r} to extend"
                                                             f"{nearest(name, siblings)} (one of: {', '.join(siblings)})")
            return None
        if name in seen:
            self.c.error(spec, "extends", f"{path}.extends", f"layouts extend each other in a circle: "
                                                             f"{' -> '.join((*seen, name))}")
            return None
        return self.read_layout(siblings, name, f"faces.{name}", siblings, seen)

    def read_element(self, items: list, index: int, path: str) -> Element | None:
        c = self.c
        raw = items[index]
        if not isinstance(raw, dict) or "type" not in raw:
            c.error(items, index, path, "expected a mapping with a 'type' (one of: " + ", ".join(ELEMENT_KEYS) + ")")
            return None
        kind = c.choice(raw, "type", f"{path}.type", ELEMENT_KEYS)
        if kind is None:
            return None
        before = len(c.problems)
        c.mapping({"e": raw}, "e", path, allowed=COMMON_KEYS + ELEMENT_KEYS[kind], required=("box",))
        box = self.read_box(raw, "box", f"{path}.box") if "box" in raw else None
        when = self.expression(raw, "when", f"{path}.when") if "when" in raw else None
        label = f"{path} ({c.text(raw, 'name', f'{path}.name')})" if "name" in raw else path
        element = getattr(self, f"read_{kind}")(raw, path, box, when, label)
        if len(c.problems) != before or box is None:
            return None
        return replace(element, line=item_place(items, index)[0])

    def read_rect(self, raw: dict, path: str, box: BoxSpec, when: str | None, label: str) -> Shape:
        return Shape("rect", box, self.opt_colour(raw, "fill", path), self.opt_colour(raw, "stroke", path),
                     self.opt_number(raw, "stroke_width", path, 0, 20, 0.75),
                     self.opt_number(raw, "radius", path, 0, 50, 0.0), self.opt_bool(raw, "bleed", path),
                     when, label)

    def read_ellipse(self, raw: dict, path: str, box: BoxSpec, when: str | None, label: str) -> Shape:
        return Shape("ellipse", box, self.opt_colour(raw, "fill", path), self.opt_colour(raw, "stroke", path),
                     self.opt_number(raw, "stroke_width", path, 0, 20, 0.75), 0.0, False, when, label)

    def read_text(self, raw: dict, path: str, box: BoxSpec, when: str | None, label: str) -> TextBox | None:
        c = self.c
        if "text" not in raw:
            c.error({"e": raw}, "e", path, "missing key 'text' (what to write, e.g. \"{{ name }}\")")
            return None
        size = self.opt_number(raw, "size", path, 3, 200, 10.0)
        min_size = self.opt_number(raw, "min_size", path, 3, 200, round(size * 0.7 * 2) / 2)
        if min_size > size:
            c.error(raw, "min_size", f"{path}.min_size", f"the minimum size {min_size:g} is above the size {size:g}")
        return TextBox(box, self.template(raw, "text", f"{path}.text"),
                       self.opt_choice(raw, "style", path, STYLES, "regular"), size, min(min_size, size),
                       self.opt_number(raw, "line_height", path, 0.8, 3, 1.2),
                       self.opt_choice(raw, "align", path, ALIGNS, "center"),
                       self.opt_choice(raw, "valign", path, VALIGNS, "middle"),
                       self.opt_colour(raw, "colour", path) or "#000000", self.rotation(raw, path), when, label,
                       role=self.role(raw, path, label), steps=int(self.opt_number(raw, "steps", path, 1, 5, 0)))

    def role(self, raw: dict, path: str, label: str) -> str | None:
        """Return a text's role: its `role`, else its `name` (so the `title` of every face is one role)."""
        return self.c.text(raw, "role", f"{path}.role") if "role" in raw else str(raw.get("name") or label)

    def read_art(self, raw: dict, path: str, box: BoxSpec, when: str | None, label: str) -> ArtBox:
        return ArtBox(box, self.opt_choice(raw, "fit", path, ("contain", "cover"), "contain"),
                      self.opt_bool(raw, "bleed", path), when, label)

    def read_symbol(self, raw: dict, path: str, box: BoxSpec, when: str | None, label: str) -> SymbolBox | None:
        if "symbol" not in raw:
            self.c.error({"e": raw}, "e", path, "missing key 'symbol' (the name of a symbol, e.g. \"{{ item }}\")")
            return None
        return SymbolBox(box, self.template(raw, "symbol", f"{path}.symbol"),
                         self.opt_colour(raw, "colour", path) or "#000000", self.rotation(raw, path), when, label)

    def read_box(self, container: dict, key: str, path: str) -> BoxSpec | None:
        c, raw = self.c, container[key]
        if isinstance(raw, list):
            if len(raw) != 4:
                c.error(container, key, path, f"a box list needs 4 lengths [left, top, width, height], found {len(raw)}")
                return None
            parts = dict(zip(("left", "top", "width", "height"), raw))
            lengths = {k: self.length(raw, i, f"{path}[{i}]") for i, k in enumerate(parts)}
        else:
            spec = c.mapping(container, key, path, allowed=BOX_KEYS)
            if spec is None:
                return None
            lengths = {k: self.length(spec, k, f"{path}.{k}") for k in spec if k in BOX_KEYS}
        for trio in (("left", "right", "width"), ("top", "bottom", "height")):
            if all(k in lengths for k in trio):
                c.error(container, key, path, f"give at most two of {', '.join(trio)}")
                return None
        if any(v is None for v in lengths.values()):
            return None
        return self.inside_card(container, key, path, BoxSpec(**lengths))

    def inside_card(self, container: dict, key: str, path: str, box: BoxSpec) -> BoxSpec | None:
        size = self.deck.card_size
        x, y, w, h = box.resolve(size.width_mm, size.height_mm)
        tolerance = 1e-6
        if w <= 0 or h <= 0 or x < -tolerance or y < -tolerance or x + w > size.width_mm + tolerance \
                or y + h > size.height_mm + tolerance:
            self.c.error(container, key, path, f"the box ({x:g}, {y:g}, {w:g} × {h:g} mm) does not lie inside the "
                                               f"{size.width_mm:g} × {size.height_mm:g} mm card of deck "
                                               f"'{self.deck.id}' (its card_size): choose a card size this "
                                               "template fits, or give the deck a template of its own "
                                               "(docs/card-templates.md)")
            return None
        return box

    def length(self, container, key, path: str) -> Length | None:
        raw = container[key]
        if isinstance(raw, (int, float)) and not isinstance(raw, bool):
            return Length(float(raw))
        match = _LENGTH.match(raw) if isinstance(raw, str) else None
        if not match:
            self.c.error(container, key, path, f"{raw!r} is not a length: write millimetres (12 or 12mm) or a "
                                               "percentage of the card (50%)")
            return None
        return Length(float(match.group(1)), match.group(2) == "%")

    def colour(self, container: dict, key: str, path: str) -> str | None:
        raw = container[key]
        if isinstance(raw, str) and (COLOUR.match(raw) or raw == "none" or raw in self.palette or "{" in raw):
            if "{" in raw:
                self.template(container, key, path)
            return raw
        names = list(self.palette)
        self.c.error(container, key, path, f"unknown colour {raw!r}{nearest(raw, names)} (write \"#rrggbb\", cmyk(c, m, y, k), "
                                           f"none, a name from 'colours' ({', '.join(names) or 'none declared'}) "
                                           "or a {{ expression }})")
        return None

    def template(self, container: dict, key: str, path: str) -> str:
        raw = container[key]
        source = str(raw) if isinstance(raw, (str, int, float)) and not isinstance(raw, bool) else None
        if source is None:
            self.c.error(container, key, path, f"expected a text, found {type(raw).__name__}")
            return ""
        try:
            _check_text(source)
        except TemplateSyntaxError as exc:
            self.c.error(container, key, path, f"not a valid template: {exc.message}")
        return source

    def expression(self, container: dict, key: str, path: str) -> str | None:
        raw = container[key]
        try:
            _check_condition(str(raw))
        except TemplateSyntaxError as exc:
            self.c.error(container, key, path, f"not a valid condition: {exc.message} (write e.g. "
                                               "\"kind == 'spell'\" or \"not ink_saver\", without {{ }})")
            return None
        return str(raw)

    def rotation(self, raw: dict, path: str) -> int:
        if "rotate" not in raw:
            return 0
        if raw["rotate"] not in ROTATIONS:
            self.c.error(raw, "rotate", f"{path}.rotate", f"rotate must be one of {', '.join(map(str, ROTATIONS))}")
            return 0
        return int(raw["rotate"])

    def opt_colour(self, raw: dict, key: str, path: str) -> str | None:
        value = self.colour(raw, key, f"{path}.{key}") if key in raw else None
        return None if value == "none" else value

    def opt_number(self, raw: dict, key: str, path: str, low: float, high: float, default: float) -> float:
        value = self.c.number(raw, key, f"{path}.{key}", low, high) if key in raw else None
        return default if value is None else value

    def opt_choice(self, raw: dict, key: str, path: str, choices: tuple[str, ...], default: str) -> str:
        value = self.c.choice(raw, key, f"{path}.{key}", choices) if key in raw else None
        return default if value is None else value

    def opt_bool(self, raw: dict, key: str, path: str) -> bool:
        return bool(self.c.boolean(raw, key, f"{path}.{key}")) if key in raw else False


@lru_cache(maxsize=4096)
def compiled_text(source: str):
    """Return a template text compiled, once for its check at load and every card of the build."""
    return TEMPLATE_ENV.from_string(source)


@lru_cache(maxsize=1024)
def compiled_condition(source: str):
    """Return a `when` condition compiled, once for its check at load and every card of the build."""
    return TEMPLATE_ENV.compile_expression(source, undefined_to_none=False)


def _check_text(source: str) -> None:
    """Compile a template text as a build will; raise TemplateSyntaxError for whatever is wrong with it.

    Parsing alone does not see an unknown filter or test, nor Jinja's other compile-time errors
    (TemplateAssertionError, a kind of TemplateSyntaxError), which a build would meet as a traceback."""
    _check_names(TEMPLATE_ENV.parse(source))
    compiled_text(source)


def _check_condition(source: str) -> None:
    """Compile a `when` condition as a build will; raise TemplateSyntaxError for whatever is wrong with it."""
    _check_names(_condition_tree(source))  # an unknown name first, with the nearest one
    compiled_condition(source)


def _condition_tree(source: str) -> nodes.Expr:
    return Parser(TEMPLATE_ENV, source, state="variable").parse_expression()


def _check_names(tree: nodes.Node) -> None:
    """Raise TemplateAssertionError for the first filter or test the sandbox lacks, suggesting the nearest one.

    Jinja lets an unknown one through inside `{% if %}` or `a if b else c`, to fail only when the card that
    reaches it is rendered; a maker hears of it when the template is loaded instead."""
    for node in [tree, *tree.find_all((nodes.Filter, nodes.Test))]:
        if not isinstance(node, (nodes.Filter, nodes.Test)):
            continue
        is_filter = isinstance(node, nodes.Filter)
        kind, known = ("filter", TEMPLATE_ENV.filters) if is_filter else ("test", TEMPLATE_ENV.tests)
        if node.name not in known:
            offered = [name for name in known if not name.startswith("deckforge_")]
            raise TemplateAssertionError(f"no {kind} named {node.name!r}{nearest(node.name, offered)}", node.lineno)
