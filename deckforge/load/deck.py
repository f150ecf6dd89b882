"""Build a `Deck` from a deck file: strict keys, typed values, every problem reported in one run."""
from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..colour import COLOUR, COLOUR_HINT, not_a_colour
from ..errors import DeckError, DeckforgeError, Problem, display_path
from ..i18n import deck_words
from ..model import Back, Card, CardSize, Deck, Effect, PlayerRange, Source, Suit
from ..games import schemas
from ..limits import MAX_CARD_COUNT, MAX_CARD_ENTRIES, MAX_CARDS, MAX_PLAYERS, MAX_SVG_ICON_BYTES, file_problem
from ..rules.keys import is_description
from ..vocab import CARD_SIZES, EFFECTS, Field, GameSchema
from .art import art_problem
from .autotext import read_texts
from .check import Checker, closest, nearest, type_name
from .collector import collector_paused
from .filenames import find_composed, near_file
from ..icons import TOKEN, find_icon, icon_names, names_in
from .fonts import ROLES as FONT_ROLES, SUFFIXES as FONT_SUFFIXES, font_problem, missing_characters
from .paths import BUNDLED_DIR, EXAMPLES_DIR, TEMPLATES_DIR
from .spreadsheet import SUFFIXES as SHEET_SUFFIXES, Sheet, card_items, in_sheet_words, same_in_every_row
from .standard import StandardCards, is_standard, read_standard
from .yamlread import item_place, read_yaml, value_place

if TYPE_CHECKING:
    from ..rules.model import RulesModel

DECK_KEYS = ("extends", "id", "game", "languages", "name", "description", "rules", "players", "card_size", "template",
             "back", "fonts", "suits", "cards")
DECK_REQUIRED = ("id", "languages", "name", "players", "card_size", "cards")
GENERIC_TEMPLATE = "basic"  # the card template of a deck that names no game
GENERIC_KIND = "card"       # the kind of a card in a deck that names no game, unless it says otherwise
CARD_KEYS = ("id", "kind", "count", "name", "text", "art", "effects")
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
LANG_PATTERN = re.compile(r"^[a-z]{2,3}$")
COLOUR_PATTERN = COLOUR  # "#rrggbb" or cmyk(c, m, y, k): deckforge/colour.py
ART_SUFFIXES = (".png", ".jpg", ".jpeg")
_EFFECT_NAME = Field("str")
SELF_CANCELLING = ("reverse", "swap_hands")  # applied twice, the spell would do nothing


def bundled_decks() -> list[Path]:
    """Return the deck files shipped with deckforge, sorted by id."""
    return sorted(BUNDLED_DIR.glob("*/deck.yaml"))


def resolve_deck(name: str) -> Path:
    """Turn a bundled deck id, a deck folder or a deck file path into the deck file's path."""
    candidate = Path(name)
    if candidate.is_dir() and (candidate / "deck.yaml").is_file():
        return candidate / "deck.yaml"
    if candidate.is_file():
        return candidate
    bundled = BUNDLED_DIR / name / "deck.yaml"
    if "/" not in name and bundled.is_file():
        return bundled
    example = EXAMPLES_DIR / name.removeprefix("examples/") / "deck.yaml"
    if name.startswith("examples/") and name.count("/") == 1 and example.is_file():  # `examples/hearts`
        return example
    ids = [p.parent.name for p in bundled_decks()]
    raise DeckforgeError(f"no deck '{name}': give a bundled deck id ({', '.join(ids)}) or the path of a deck "
                         f"file or folder{_example_hint(name)}{nearest(name, ids)}")


def _example_hint(name: str) -> str:
    """Name the example games when the name asks for one (`examples/...`) or is one without its prefix."""
    examples = sorted(p.parent.name for p in EXAMPLES_DIR.glob("*/deck.yaml"))
    wanted = name.removeprefix("examples/")
    if not name.startswith("examples/") and wanted not in examples:
        return ""
    return f"; the example games are examples/<id>: {', '.join(examples)}"


def load_deck(name_or_path: str | Path, _chain: tuple[Path, ...] = ()) -> Deck:
    """Load and validate a deck; raise DeckError listing every problem found.

    `_chain` holds the deck files that extend this one, to refuse a deck that (indirectly) extends itself.
    """
    with collector_paused():  # a large deck is many objects and no garbage (collector.py)
        return _load_deck(name_or_path, _chain)


def _load_deck(name_or_path: str | Path, _chain: tuple[Path, ...]) -> Deck:
    path = resolve_deck(str(name_or_path))
    shown = display_path(path)
    data = read_yaml(path)
    checker = Checker(shown)
    if not isinstance(data, dict):
        raise DeckError([Problem(shown, 1, 1, "", "a deck file must be a mapping with the keys: "
                                                  + ", ".join(DECK_KEYS))])
    with deck_words(path.parent):  # 'auto' texts can be written in a language the deck's own catalog brings
        deck = _DeckReader(checker, data, path, _chain).read()
    if checker.problems or deck is None:
        raise DeckError(checker.problems)
    return deck


class _DeckReader:
    """Reads one deck mapping; each method reads one key and returns None where it found problems."""

    def __init__(self, checker: Checker, data: dict, path: Path, chain: tuple[Path, ...] = ()):
        self.chain = chain + (path.resolve(),)
        self.c = checker
        self.data = data
        self.path = path
        self.folder = path.parent.resolve()
        self.languages: tuple[str, ...] = ()
        self.suit_ids: list[str] = []
        self.homemade = False
        self.sources: list[Path] = []  # the files read besides the deck file: decks it extends, its spreadsheet
        self.card_label = lambda items, index: f"cards[{index}]"  # a spreadsheet names its row instead
        self.standard: StandardCards | None = None  # `cards: {standard: french-52}`: docs/deck-format.md
        self.art_found: dict[str, Path] = {}  # art files found usable, by the text naming them: each checked once

    def read(self) -> Deck | None:
        c, data = self.c, self.data
        base = self.read_base() if "extends" in data else None
        if "extends" in data and base is None:
            return None
        required = ("id",) if base else DECK_REQUIRED
        c.mapping({"deck": data}, "deck", "", allowed=DECK_KEYS, required=required)
        inherit = (lambda key, default=None: getattr(base, key)) if base else (lambda key, default=None: default)
        deck_id = self.slug(data, "id", "id") if "id" in data else None
        described_here = "rules" in data and is_description(data["rules"])  # rules as data: docs/rules-format.md
        # a deck that extends a bundled game's deck and describes rules of its own plays those, not the game's
        game = self.read_game(base) if "game" in data else None if described_here else inherit("game")
        self.homemade = "game" not in data and not base  # names no bundled game: cards carry free attributes
        self.languages = (self.read_languages() if "languages" in data
                          else self.inherited_languages(base) if base else ())
        names = self.langs(data, "name", "name") if "name" in data else inherit("names")
        descriptions = self.langs(data, "description", "description") if "description" in data else inherit(
            "descriptions", {})
        players = self.read_players() if "players" in data else inherit("players")
        size = self.read_card_size() if "card_size" in data else inherit("card_size")
        rules = ({} if described_here else self.langs(data, "rules", "rules") if "rules" in data
                 else inherit("rules", {}))
        template = (self.slug(data, "template", "template") if "template" in data
                    else inherit("template", game or GENERIC_TEMPLATE))
        back = self.read_back() if "back" in data else inherit("back", Back())
        fonts = self.read_fonts() if "fonts" in data else inherit("fonts", {})
        suits = self.read_suits(game) if "suits" in data or not base else self.inherit_suits(base)
        cards = self.read_cards(game) if "cards" in data else ()
        if base and cards is not None:
            cards = self.merge_cards(base, cards)
        if self.standard:  # a standard deck brings its suits and its card template unless the deck gives them
            suits = suits or list(self.standard.suits)
            template = template if "template" in data or base else self.standard.template
        if players and cards:
            self.check_total(cards, players)
        if fonts and cards and names:
            self.check_glyphs(fonts, names, cards)
        if fonts:
            self.check_book_glyphs(fonts)
        described = self.read_described(game, cards, suits) if described_here else inherit("described")
        icons = self.find_icons(cards or (), rules or {}, base)
        if self.c.problems or None in (deck_id, names, players, size, template, back, cards):
            return None
        return Deck(id=deck_id, game=game, languages=self.languages, names=_frozen(names), players=players,
                    card_size=size, template=template, back=back, cards=tuple(cards), suits=tuple(suits),
                    descriptions=_frozen(descriptions), rules=_frozen(rules or {}), described=described,
                    fonts=_frozen(fonts or {}),
                    icons=_frozen(icons), path=self.path, sources=tuple(self.sources))

    def read_described(self, game: str | None, cards, suits) -> "RulesModel | None":
        """Read `rules:` written as data (docs/rules-format.md): a deck's own game, so it names no bundled one."""
        if game:
            self.c.error(self.data, "game", "game", f"a deck whose rules are described as data names no game; "
                                                    f"remove 'game: {game}' or the description under 'rules'",
                         at_key=True)
            return None
        from ..rules.parse import parse_rules  # only a described deck needs the parser and the model

        return parse_rules(self.c, self.data, "rules", cards, [suit.id for suit in suits or ()], self.languages)

    def read_base(self) -> Deck | None:
        """Load the deck named by `extends`: a bundled deck id or a deck file inside this deck's folder."""
        c, data = self.c, self.data
        name = c.text(data, "extends", "extends")
        if name is None:
            return None
        if "/" in name or "\\" in name or name.endswith(".yaml") or not name.isprintable():
            target = self.inside_folder(data, "extends", "extends", name)
            if target is None:
                return None
            if not target.is_file():
                c.error(data, "extends", "extends", f"no deck file '{name}' in this deck's folder")
                return None
        else:
            target = BUNDLED_DIR / name / "deck.yaml"
            ids = [p.parent.name for p in bundled_decks()]
            if not target.is_file():
                c.error(data, "extends", "extends", f"no bundled deck '{name}'{nearest(name, ids)} (one of: "
                        f"{', '.join(ids)}, or a deck file in this deck's folder)")
                return None
        if target.resolve() in self.chain:
            loop = " → ".join(display_path(p) for p in self.chain + (target.resolve(),))
            c.error(data, "extends", "extends", f"the deck extends itself ({loop})")
            return None
        try:
            base = load_deck(target, self.chain)
            self.sources += [target, *base.sources]
            return base
        except DeckError as exc:
            c.error(data, "extends", "extends", f"the deck it extends has problems:\n{exc}")
            return None

    def read_game(self, base: Deck | None) -> str | None:
        game = self.c.choice(self.data, "game", "game", schemas())
        if base and game and game != base.game:
            self.c.error(self.data, "game", "game", f"a deck cannot change the game of the deck it extends "
                                                    f"('{base.game}')")
        return game

    def inherited_languages(self, base: Deck) -> tuple[str, ...]:
        """Return the base deck's languages that this deck's own names all give (every one when it adds no card),
        so that a bundled deck gaining a language does not break the decks that extend it."""
        own = self.data.get("cards")
        names = [card["name"] for card in own if isinstance(card, dict) and isinstance(card.get("name"), dict)] \
            if isinstance(own, list) else []
        if isinstance(self.data.get("name"), dict):
            names.append(self.data["name"])
        kept = tuple(lang for lang in base.languages if all(lang in name for name in names))
        return kept or base.languages

    def inherit_suits(self, base: Deck) -> tuple:
        self.suit_ids = [suit.id for suit in base.suits]
        return base.suits

    def merge_cards(self, base: Deck, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """Replace inherited cards that share an id with a new card; append the rest; check translations."""
        own = {card.id: card for card in cards}
        merged = [own.pop(card.id, card) for card in base.cards] + [c for c in cards if c.id in own]
        for card in merged:
            missing = [lang for lang in self.languages if lang not in card.names]
            if missing and "languages" in self.data:
                self.c.error(self.data, "languages", "languages", f"the inherited card '{card.id}' has no "
                             f"'{missing[0]}' name; redefine it under 'cards' with every language")
                break
        return tuple(merged)

    def slug(self, container: dict, key: str, path: str) -> str | None:
        value = self.c.text(container, key, path)
        if value is not None and not ID_PATTERN.match(value):
            self.c.error(container, key, path, f"'{value}' is not a valid id: use lower-case letters, digits, "
                                               "'-' and '_' (at most 64)")
            return None
        return value

    def langs(self, container: dict, key: str, path: str) -> dict | None:
        if key not in container:
            return None
        if not self.languages:
            return {}
        return self.c.lang_map(container, key, path, self.languages)

    def read_languages(self) -> tuple[str, ...]:
        if "languages" not in self.data:
            return ()
        langs = self.c.sequence(self.data, "languages", "languages")
        if not langs:
            if langs is not None:
                self.c.error(self.data, "languages", "languages", "declare at least one language, e.g. [cs, en]")
            return ()
        result = []
        for i, lang in enumerate(langs):
            if not isinstance(lang, str) or not LANG_PATTERN.match(lang):
                self.c.error(langs, i, f"languages[{i}]", f"{lang!r} is not a language code such as cs or en")
            elif lang in result:
                self.c.error(langs, i, f"languages[{i}]", f"language '{lang}' is declared twice")
            else:
                result.append(lang)
        return tuple(result)

    def read_players(self) -> PlayerRange | None:
        c = self.c
        spec = c.mapping(self.data, "players", "players", allowed=("min", "max", "per_set", "default"),
                         required=("min", "max"))
        if spec is None or "min" not in spec or "max" not in spec:
            return None
        for key in ("min", "max", "per_set", "default"):
            if isinstance(spec.get(key), int) and not isinstance(spec[key], bool) and spec[key] > MAX_PLAYERS:
                c.error(spec, key, f"players.{key}", f"{spec[key]} players: deckforge plays, checks and prints "
                                                     f"decks for at most {MAX_PLAYERS} players at a table")
                return None
        low = c.integer(spec, "min", "players.min", 1, MAX_PLAYERS)
        high = c.integer(spec, "max", "players.max", 1, MAX_PLAYERS)
        per_set = c.integer(spec, "per_set", "players.per_set", 1, MAX_PLAYERS) if "per_set" in spec else None
        default = c.integer(spec, "default", "players.default", 1, MAX_PLAYERS) if "default" in spec else None
        if low is None or high is None:
            return None
        if low > high:
            c.error(spec, "max", "players.max", f"the range is impossible: max {high} is below min {low}")
            return None
        if per_set is not None and per_set < low:
            c.error(spec, "per_set", "players.per_set", f"one set must serve at least the minimum of {low} players")
            return None
        if default is not None and not low <= default <= high:
            c.error(spec, "default", "players.default", f"{default} is outside the range {low}–{high}")
            return None
        return PlayerRange(low, high, per_set, default, Source(c.file, *value_place(self.data, "players")))

    def read_card_size(self) -> CardSize | None:
        c, value = self.c, self.data["card_size"]
        if isinstance(value, str):
            if value not in CARD_SIZES:
                c.error(self.data, "card_size", "card_size", f"unknown card size '{value}'"
                        f"{nearest(value, CARD_SIZES)} (one of: {', '.join(CARD_SIZES)}, "
                        "or a mapping with width_mm and height_mm)")
                return None
            return CardSize(value, *CARD_SIZES[value])
        spec = c.mapping(self.data, "card_size", "card_size", allowed=("width_mm", "height_mm"),
                         required=("width_mm", "height_mm"))
        if spec is None or "width_mm" not in spec or "height_mm" not in spec:
            return None
        width = c.number(spec, "width_mm", "card_size.width_mm", 20, 300)
        height = c.number(spec, "height_mm", "card_size.height_mm", 20, 300)
        if width is None or height is None:
            return None
        return CardSize(f"{width:g}x{height:g}mm", width, height)

    def read_back(self) -> Back | None:
        c = self.c
        spec = c.mapping(self.data, "back", "back", allowed=("title", "art", "colour"))
        if spec is None:
            return None
        titles = self.langs(spec, "title", "back.title") if "title" in spec else {}
        art = self.art(spec, "art", "back.art") if "art" in spec else None
        colour = self.colour(spec, "colour", "back.colour") if "colour" in spec else None
        return Back(_frozen(titles or {}), art, colour)

    def read_fonts(self) -> dict[str, Path] | None:
        """Read the deck's own fonts by role; each must be a TrueType font in the deck's folder that may be embedded."""
        spec = self.c.mapping(self.data, "fonts", "fonts", allowed=FONT_ROLES)
        if spec is None:
            return None
        found = {role: self.font(spec, role) for role in FONT_ROLES if role in spec}
        return {role: target for role, target in found.items() if target is not None}

    def font(self, spec: dict, role: str) -> Path | None:
        """Resolve one font file inside the deck's folder, spelled there perhaps in another Unicode form."""
        c, path = self.c, f"fonts.{role}"
        value = c.text(spec, role, path)
        target = self.inside_folder(spec, role, path, value) if value else None
        if target is None:
            return None
        if target.suffix.lower() not in FONT_SUFFIXES:
            c.error(spec, role, path, f"'{value}': a font must be a .ttf or .otf file")
            return None
        if not target.exists():
            target = self.spelled_otherwise(spec, role, path, value, "font file")
        if target is not None and (problem := font_problem(target)):
            c.error(spec, role, path, f"font file '{value}' {problem}")
            return None
        return target

    def find_icons(self, cards: tuple[Card, ...], rules: dict, base: Deck | None) -> dict[str, Path]:
        """Find the file of every `:name:` icon the texts use; report each unknown icon with its card."""
        icons: dict[str, Path] = dict(base.icons) if base else {}
        uses = [(card.source or Source(self.c.file), f"card '{card.id}'", text) for card in cards
                for text in (*card.names.values(), *card.texts.values())]
        uses += [(Source(self.c.file), f"rules ({lang})", text) for lang, text in rules.items()]
        # a card's texts in each language use the same icons: each unknown one is reported once a card
        for place, where, name in dict.fromkeys((p, w, name) for p, w, text in uses for name in names_in(text)):
            if name in icons:
                continue
            found = find_icon(self.folder, name)
            if found is None:
                self.c.problems.append(Problem(place.file, place.line, place.column, where,
                                               self.unknown_icon(name, icons)))
            elif problem := (art_problem(found) if found.suffix == ".png"
                             else file_problem(found, MAX_SVG_ICON_BYTES, "an SVG icon")):
                self.c.problems.append(Problem(place.file, place.line, place.column, where,
                                       f"icon file icons/{found.name}: {problem}"))
            else:
                icons[name] = found
        return icons

    def unknown_icon(self, name: str, icons: dict[str, Path]) -> str:
        """Say that no icon has that name, suggesting the nearest one the deck (or the deck it extends) has."""
        add = f"add icons/{name}.svg or icons/{name}.png to the deck's folder"
        match = closest(name, sorted({*icons, *icon_names(self.folder)}))
        if match is None:
            return f"unknown icon ':{name}:': {add}"
        return f"unknown icon ':{name}:'; did you mean ':{match}:'? Otherwise {add}"

    def check_glyphs(self, fonts: dict[str, Path], names: dict, cards: tuple[Card, ...]) -> None:
        """Report every card text with a character its font lacks: names in the title font, texts in the body font
        (and in their italic faces, which a template may set them in)."""
        by_name, by_text = ("name", lambda card: card.names), ("text", lambda card: card.texts)
        for role, (what, values) in (("title", by_name), ("body", by_text), ("italic", by_text),
                                     ("bold-italic", by_name)):
            if role not in fonts:
                continue
            for card in cards:
                for lang, text in values(card).items():
                    if (lacking := _lacking(text, lang, what, role, fonts[role])) is not None:
                        place = card.source or Source(self.c.file)
                        self.c.problems.append(Problem(place.file, place.line, place.column, f"card '{card.id}'",
                                                       lacking))

    def check_book_glyphs(self, fonts: dict[str, Path]) -> None:
        """Report a character the deck's own fonts lack in the texts its rulebook sets in them: the deck's name (a
        title), its description and its rules text (the body). A browser would set it in another font unsaid."""
        texts = (("name", "title", "name"), ("description", "body", "description"), ("rules", "body", "rules text"))
        for key, role, what in texts:
            given = self.data.get(key)
            if role not in fonts or not isinstance(given, dict) or is_description(given):
                continue  # rules described as data are written in deckforge's words (docs/rules-format.md)
            for lang, text in given.items():
                if isinstance(text, str) and (lacking := _lacking(text, lang, what, role, fonts[role])) is not None:
                    self.c.error(given, lang, f"{key}.{lang}", f"{lacking}; the rulebook would set it in another font")

    def colour(self, container: dict, key: str, path: str) -> str | None:
        value = container[key]
        if not isinstance(value, str) or not COLOUR_PATTERN.match(value):
            self.c.error(container, key, path, not_a_colour(value) + f"write {COLOUR_HINT}, e.g. \"#1f5fa8\"")
            return None
        return value

    def art(self, container: dict, key: str, path: str) -> Path | None:
        """Resolve an art file inside the deck's folder; refuse anything that leads outside it."""
        value = self.c.text(container, key, path)
        if value is None:
            return None
        if value in self.art_found:  # many cards may share a picture: resolve and check its file once per deck
            return self.art_found[value]
        target = self.inside_folder(container, key, path, value)
        if target is None:
            return None
        if target.suffix.lower() not in ART_SUFFIXES:
            self.c.error(container, key, path, f"'{value}': art must be a PNG or JPEG file "
                                               f"({', '.join(ART_SUFFIXES)})")
            return None
        if not target.exists():
            target = self.spelled_otherwise(container, key, path, value, "art file")
            if target is None:
                return None
        problem = art_problem(target)  # a folder, a pipe or a device is refused there, before it is opened
        if problem:
            self.c.error(container, key, path, f"art file '{value}': {problem}")
            return None
        self.art_found[value] = target
        return target

    def spelled_otherwise(self, container: dict, key: str, path: str, value: str, what: str) -> Path | None:
        """Return the file a name stands for in another Unicode form (NFD, as macOS writes it), or report it
        missing with the file it may mean: another letter case, or a name a little different."""
        relative = PurePosixPath(value)
        found = find_composed(self.folder, relative)
        if found is not None:
            return self.inside_folder(container, key, path, found.relative_to(self.folder).as_posix())
        self.c.error(container, key, path, f"{what} '{value}' not found beside the deck file"
                                           f"{near_file(self.folder, relative)}")
        return None

    def inside_folder(self, container: dict, key: str, path: str, value: str) -> Path | None:
        """Resolve a path relative to the deck file; refuse URLs, absolute paths, '..' and links leading out."""
        if "://" in value:
            self.c.error(container, key, path, f"'{value}' is a URL; give a file in the deck's folder")
            return None
        if any(ord(char) < 32 for char in value):  # a NUL cannot be in a file name; the others only by mistake
            self.c.error(container, key, path, f"{value!r} contains a control character (such as a NUL byte); "
                                               "give the name of a file in the deck's folder")
            return None
        relative = Path(value.replace("\\", "/"))  # a Windows path is refused, but first checked like any other
        if relative.is_absolute() or ".." in relative.parts or re.match(r"[A-Za-z]:", value):
            self.c.error(container, key, path, f"'{value}' leads outside the deck's folder; give a path relative "
                                               "to the deck file, without '..'")
            return None
        if "\\" in value:  # elsewhere than on Windows a backslash is a plain character of one file name
            self.c.error(container, key, path, f"'{value}' is written with backslashes; separate folders with '/', "
                                               f"e.g. '{relative.as_posix()}'")
            return None
        try:
            target = (self.folder / relative).resolve()
        except (RuntimeError, OSError):  # a link to itself, or a loop of links (Python < 3.13 raises RuntimeError)
            self.c.error(container, key, path, f"'{value}' is a loop of links; give a real file in the deck's folder")
            return None
        if not target.is_relative_to(self.folder):
            self.c.error(container, key, path, f"'{value}' is a link that leads outside the deck's folder")
            return None
        return target

    def read_suits(self, game: str | None) -> list[Suit]:
        c, data = self.c, self.data
        uses = game in schemas() and schemas()[game].uses_suits
        if "suits" not in data:
            if uses:
                c.error({"deck": data}, "deck", "suits", f"the game '{game}' needs a 'suits' list")
            return []
        items = c.sequence(data, "suits", "suits") or []
        suits: list[Suit] = []
        for i, _ in enumerate(items):
            path = f"suits[{i}]"
            spec = c.mapping(items, i, path, allowed=("id", "name", "colour", "emblem"), required=("id", "name"))
            if spec is None or "id" not in spec:
                continue
            suit_id = self.slug(spec, "id", f"{path}.id")
            if suit_id in self.suit_ids:
                c.error(spec, "id", f"{path}.id", f"suit id '{suit_id}' is used twice")
                continue
            names = self.langs(spec, "name", f"{path}.name") or {}
            colour = self.colour(spec, "colour", f"{path}.colour") if "colour" in spec else "#444444"
            emblem = self.slug(spec, "emblem", f"{path}.emblem") if "emblem" in spec else None
            if suit_id:
                self.suit_ids.append(suit_id)
                suits.append(Suit(suit_id, _frozen(names), colour or "#444444", emblem))
        return suits

    def read_cards(self, game: str | None) -> tuple[Card, ...] | None:
        value = self.data["cards"]
        if is_standard(value):
            return self.read_standard_cards(game)
        if isinstance(value, str) or (isinstance(value, dict) and "file" in value):
            return self.read_spreadsheet_cards(game)
        if not isinstance(value, list):
            self.c.error(self.data, "cards", "cards", "expected a list of cards, a spreadsheet file name such as "
                                                      "cards.csv, or {file: cards.xlsx, sheet: Cards}")
            return None
        return self.read_card_list(game, self.c.sequence(self.data, "cards", "cards"))

    def read_standard_cards(self, game: str | None) -> tuple[Card, ...] | None:
        """Read `cards: {standard: french-52, ...}`: playing cards for a deck that names no game."""
        if game:
            self.c.error(self.data, "cards", "cards", f"a standard deck serves a deck that names no game; the game "
                                                      f"'{game}' needs its own card list")
            return None
        self.standard = read_standard(self.c, self.data, self.languages, self.suit_ids)
        return self.standard.cards if self.standard else None

    def read_spreadsheet_cards(self, game: str | None) -> tuple[Card, ...] | None:
        """Read the cards from a spreadsheet in the deck's folder; its problems name the sheet, row and column."""
        c, value = self.c, self.data["cards"]
        if isinstance(value, dict):
            spec = c.mapping(self.data, "cards", "cards", allowed=("file", "sheet"), required=("file",))
            name = c.text(spec, "file", "cards.file") if spec else None
            sheet = c.text(spec, "sheet", "cards.sheet") if spec and "sheet" in spec else None
            where = (spec, "file", "cards.file")
        else:
            name, sheet, where = value, None, (self.data, "cards", "cards")
        target = self.inside_folder(*where, name) if name else None
        if target is None:
            return None
        if target.suffix.lower() not in SHEET_SUFFIXES:
            c.error(*where, f"'{name}': cards come from a YAML list or a spreadsheet ({', '.join(SHEET_SUFFIXES)})")
            return None
        if sheet and target.suffix.lower() == ".csv":
            c.error(*where, f"'{name}' is a CSV file, which has no sheets; leave out 'sheet'")
            return None
        if not target.exists():
            c.error(*where, f"the spreadsheet '{name}' is not in the deck's folder")
            return None
        self.sources.append(target)
        try:
            table = Sheet(target, sheet)
            schema = schemas().get(game) if game else None
            typed = {k: f.type for kind in (schema.kinds.values() if schema else ()) for k, f in kind.items()}
            items = card_items(table, self.languages, typed)
        except DeckError as exc:
            c.problems.extend(exc.problems)
            return None
        if not items:  # said here, at the deck file's `cards`: the sheet's own checker would give its place
            named = target.name + (f"[{sheet}]" if sheet else "")
            c.error(self.data, "cards", "cards", f"{named} has no card rows below its header; add a row for each "
                                                 "card")
            return None
        deck_checker, self.c = self.c, Checker(table.shown)
        self.card_label = lambda rows, index: f"row {item_place(rows, index)[0]}"
        try:
            cards = self.read_card_list(game, items)
        finally:
            deck_checker.problems.extend(same_in_every_row(in_sheet_words(self.c.problems, table)))
            self.c = deck_checker
        return cards

    def read_card_list(self, game: str | None, items: list | None) -> tuple[Card, ...] | None:
        c = self.c
        if items is None:
            return None
        if not items:
            c.error(self.data, "cards", "cards", "the deck has no cards; list at least one")
            return None
        if len(items) > MAX_CARD_ENTRIES:  # refused before a single card is read
            c.error(self.data, "cards", "cards", f"the deck lists {len(items):,} cards; deckforge handles at most "
                                                 f"{MAX_CARD_ENTRIES:,}")
            return None
        cards, seen = [], {}
        schema = schemas().get(game) if game else None
        for i, _ in enumerate(items):
            card = _CardReader(self, items, i, schema).read()
            if card is None:
                continue
            if card.id in seen:
                c.error(items[i], "id", f"cards[{i}].id", f"duplicate card id '{card.id}' "
                                                         f"(first used by cards[{seen[card.id]}])")
                continue
            seen[card.id] = i
            cards.append(card)
        if len(cards) != len(items):
            return None
        return tuple(cards)

    def check_total(self, cards: tuple[Card, ...], players: PlayerRange) -> None:
        sets = players.sets_for(players.high)
        total = sum(card.count for card in cards) * sets
        if total > MAX_CARDS:
            self.c.error(self.data, "cards", "cards", f"the deck has {total:,} cards at {players.high} players; "
                                                      f"deckforge handles at most {MAX_CARDS:,}")


class _CardReader:
    """Reads one entry of the `cards` list."""

    def __init__(self, deck: _DeckReader, items: list, index: int, schema: GameSchema | None):
        self.deck, self.c, self.items, self.index = deck, deck.c, items, index
        self.path = deck.card_label(items, index)
        self.schema = schema  # the deck's game's, read once for all its cards

    def read(self) -> Card | None:
        c, path = self.c, self.path
        kinds = self.schema.kinds if self.schema else {}
        raw = self.items[self.index]
        if self.deck.homemade:
            return self.read_homemade(raw)
        kind = raw.get("kind") if isinstance(raw, dict) else None
        kind = kind if isinstance(kind, str) else None
        # With an unknown game or kind, accept every attribute any game knows: the one real error is enough.
        pool = kinds.values() if kinds else (k for g in schemas().values() for k in g.kinds.values())
        attr_specs = kinds.get(kind) if kind in kinds else {k: f for spec in pool for k, f in spec.items()}
        allowed = list(CARD_KEYS) + [k for k in attr_specs if k not in CARD_KEYS]
        spec = c.mapping(self.items, self.index, path, allowed=allowed, required=("id", "kind", "count", "name"))
        if spec is None or not {"id", "kind", "count", "name"} <= set(spec):
            return None
        before = len(c.problems)
        card_id = self.deck.slug(spec, "id", f"{path}.id")
        kind = c.choice(spec, "kind", f"{path}.kind", kinds) if self.schema else spec["kind"]
        count = c.integer(spec, "count", f"{path}.count", 1, MAX_CARD_COUNT)
        names = self.deck.langs(spec, "name", f"{path}.name")
        art = self.deck.art(spec, "art", f"{path}.art") if "art" in spec else None
        attrs = self.read_attrs(spec, kinds.get(kind, {})) if kinds else {}
        effects = self.read_effects(spec, kind)
        texts = read_texts(self, spec, effects)
        if len(c.problems) > before:
            return None
        line, col = item_place(self.items, self.index)
        return Card(id=card_id, kind=kind, count=count, names=_frozen(names), texts=_frozen(texts or {}),
                    attrs=_frozen(attrs), effects=effects, art=art, source=Source(self.c.file, line, col))

    def read_homemade(self, raw: object) -> Card | None:
        """Read a card of a deck with no game: `kind` is optional, and every other key is a free attribute
        (a text, a number or true/false) that templates may print."""
        c, path = self.c, self.path
        spec = c.mapping(self.items, self.index, path, required=("id", "count", "name"))
        if spec is None or not {"id", "count", "name"} <= set(spec):
            return None
        before = len(c.problems)
        card_id = self.deck.slug(spec, "id", f"{path}.id")
        kind = self.deck.slug(spec, "kind", f"{path}.kind") if "kind" in spec else GENERIC_KIND
        count = c.integer(spec, "count", f"{path}.count", 1, MAX_CARD_COUNT)
        names = self.deck.langs(spec, "name", f"{path}.name")
        art = self.deck.art(spec, "art", f"{path}.art") if "art" in spec else None
        effects = self.read_effects(spec, kind)
        texts = read_texts(self, spec, effects)
        attrs = {}
        for key in (k for k in spec if k not in CARD_KEYS):
            value = spec[key]
            if not isinstance(key, str) or not ID_PATTERN.match(key):
                c.error(spec, key, f"{path}.{key}", f"'{key}' is not a valid attribute name: use lower-case "
                                                     "letters, digits, '-' and '_'", at_key=True)
            elif isinstance(value, (str, int, float, bool)):
                attrs[key] = value
            else:
                c.error(spec, key, f"{path}.{key}", f"expected a text, a number or true/false, found "
                                                     f"{type_name(value)}")
        if len(c.problems) > before:
            return None
        line, col = item_place(self.items, self.index)
        return Card(id=card_id, kind=kind or GENERIC_KIND, count=count, names=_frozen(names),
                    texts=_frozen(texts or {}), attrs=_frozen(attrs), effects=effects, art=art,
                    source=Source(self.c.file, line, col))

    def read_attrs(self, spec: dict, attr_specs: dict) -> dict:
        attrs = {}
        for name, field in attr_specs.items():
            if name in spec:
                attrs[name] = self.c.field(spec, name, f"{self.path}.{name}", field, self.deck.suit_ids)
            elif field.required:
                self.c.error(self.items, self.index, self.path, f"missing key '{name}' ({field.describe()})")
            elif field.default is not None:
                attrs[name] = field.default
        return {name: _frozen(value) if isinstance(value, dict) else value for name, value in attrs.items()}

    def read_effects(self, spec: dict, kind: str | None) -> tuple[Effect, ...]:
        c, path = self.c, f"{self.path}.effects"
        is_spell_kind = bool(self.schema and kind in self.schema.spell_kinds)
        if "effects" not in spec:
            if is_spell_kind:
                c.error(self.items, self.index, self.path, "a spell needs 'effects': a list of effects such as "
                                                           "{effect: skip} (see docs/spells.md)")
            return ()
        if self.schema and not is_spell_kind:
            spells = ", ".join(sorted(self.schema.spell_kinds)) or "none in this game"
            c.error(spec, "effects", path, f"only spell cards have effects (spell kinds: {spells})", at_key=True)
            return ()
        items = c.sequence(spec, "effects", path)
        if not items:
            if items is not None:
                c.error(spec, "effects", path, "list at least one effect")
            return ()
        effects = tuple(e for i, _ in enumerate(items) if (e := self.read_effect(items, i)) is not None)
        self.check_contradictions(spec, effects)
        return effects

    def check_contradictions(self, spec: dict, effects: tuple[Effect, ...]) -> None:
        """Refuse a spell whose effects undo or merely repeat each other."""
        seen: set = set()
        for effect in effects:
            key = (effect.name, tuple(sorted(effect.params.items())))
            if key in seen:
                why = (f"two '{effect.name}' effects cancel each other out"
                       if effect.name in SELF_CANCELLING else
                       f"the effect '{effect.name}' is listed twice with the same parameters"
                       + ("; raise its count instead" if "count" in effect.params or "turns" in effect.params
                          else ""))
                self.c.error(spec, "effects", f"{self.path}.effects", f"the spell contradicts itself: {why}")
                return
            seen.add(key)

    def read_effect(self, items: list, index: int) -> Effect | None:
        c, path = self.c, f"{self.path}.effects[{index}]"
        raw = items[index]
        if isinstance(raw, str):
            items = [{"effect": raw}]
            index, raw = 0, items[0]
        if not isinstance(raw, dict) or "effect" not in raw:
            c.error(items, index, path, "expected a mapping with the key 'effect', e.g. {effect: draw, count: 2}")
            return None
        name = raw["effect"]
        if not isinstance(name, str) or name not in EFFECTS:
            c.error(raw, "effect", f"{path}.effect", f"unknown effect {name!r}{nearest(name, EFFECTS)} "
                                                     f"(one of: {', '.join(sorted(EFFECTS))})")
            return None
        specs = EFFECTS[name].params
        allowed = ["effect", *specs]
        params = c.fields({"e": raw}, "e", path, {"effect": _EFFECT_NAME, **specs}, ())
        if params is None or any(v is None for v in params.values()):
            return None
        del params["effect"]
        for k in raw:
            if k not in allowed:
                return None
        return Effect(name, _frozen(params))


def _lacking(text: str, lang: str, what: str, role: str, font: Path) -> str | None:
    """Say which characters of a text (icons aside) the deck's font for `role` has no glyph for, or None."""
    missing = missing_characters(TOKEN.sub("", text), font)
    if not missing:
        return None
    listed = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing)
    return f"the {lang} {what} uses {listed}, which the deck's {role} font {font.name} has no glyph for"


def _frozen(mapping: dict) -> MappingProxyType:
    return MappingProxyType(dict(mapping))
