"""Build the rulebook's context from the deck model: every count, name and card text a template prints.

Nothing here knows a card by name: the component list, the special-card table and the scaling table are
arranged from the `Deck` for the chosen player count, so a custom deck gets a rulebook of its own cards.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from ..colour import css_colour
from ..errors import BuildError, display_path
from ..model import Card, Deck
from ..games import spec_for, suit_attributes
from ..games.spec import Deal
from ..i18n import translations
from ..validate import deal_advice, deal_findings, played_counts, seat_findings
from .described import described_book, described_deal, described_rules, scale_row
from .games import GameBook
from .i18n import join_names, quote


@dataclass(frozen=True)
class CardRow:
    """One row of the component list or the special-card table: cards that look and act alike."""

    key: str
    kind: str
    label: str
    detail: str
    count: int
    names: tuple[str, ...]
    text: str
    colour: str | None
    card_ids: tuple[str, ...]


@dataclass(frozen=True)
class ScaleRow:
    """What one player count needs: sets, cards, cards dealt to each player, cards left after the deal."""

    players: int
    sets: int
    cards: int
    hand: int | str     # "12–13" when the hands differ (a described deck dealing every card)
    stock: int
    rounds: int
    chosen: bool


@dataclass(frozen=True)
class Rulebook:
    """Everything a rulebook template reads, in plain values."""

    lang: str
    deck_id: str
    game: str
    title: str
    description: str
    accent: str
    players: int
    low: int
    high: int
    per_set: int | None
    set_size: int
    total: int
    sets: int
    hand: int
    turned_up: int
    by_round: bool
    rounds: int
    components: tuple[CardRow, ...]
    specials: tuple[CardRow, ...]
    special_detail: str | None
    scaling: tuple[ScaleRow, ...]
    suits: tuple[tuple[str, str], ...]
    deck_file: str      # where the deck file is, for messages
    source_name: str    # the deck file named without the machine's folders, for the printed colophon
    rules_html: str = ""  # a homemade deck's own rules text, rendered from its Markdown (safe HTML)


def _check_translations(deck: Deck, lang: str) -> None:
    """Refuse a card that lacks a name or a text in the rulebook's language (a card left half translated)."""
    missing = [f"cards '{card.id}': no '{lang}' {what}" for card in deck.cards
               for what, values in (("name", card.names), ("text", card.texts))
               if values and lang not in values]
    missing += [f"suits '{suit.id}': no '{lang}' name" for suit in deck.suits if lang not in suit.names]
    if lang not in deck.names:
        missing.insert(0, f"the deck has no '{lang}' name")
    if missing:
        where = display_path(deck.path) if deck.path else deck.id
        raise BuildError(f"{where}: the {lang} rulebook needs every text translated:\n- " + "\n- ".join(missing))


def _check_glyphs(deck: Deck, lang: str) -> None:
    """Refuse a name or text with a character Open Sans lacks: WeasyPrint would take it from another font."""
    from ..layout.fonts import font_for
    from ..layout.glyphs import describe, first_missing

    font = font_for("regular")
    texts = [("the deck's name", deck.names.get(lang, ""))] if "title" not in deck.fonts else []
    roles = {"name": "title", "text": "body"}  # a deck's own font was checked against its texts when it loaded
    texts += [(f"card '{card.id}' {what}", value) for card in deck.cards
              for what, value in (("name", card.names.get(lang, "")), ("text", card.texts.get(lang, "")))
              if roles[what] not in deck.fonts]
    for where, value in texts:
        missing = first_missing(value, font)
        if missing:
            shown = display_path(deck.path) if deck.path else deck.id
            raise BuildError(f"{shown}: {where} ({lang}): the character {describe(missing)} is not in the "
                             "rulebook font (Open Sans); remove it or replace it with a character the font has")


def _rows(deck: Deck, book: GameBook, cards: list[tuple[Card, int]], lang: str, by_text: bool) -> list[CardRow]:
    """Group cards (with their copies) into rows, in the deck's order; split by text when `by_text`."""
    def key(pair):
        card = pair[0]
        return (book.group_key(card), card.text(lang)) if by_text else book.group_key(card)
    order = {}
    for pair in cards:
        order.setdefault(key(pair), []).append(pair)
    return [_row(deck, book, group, lang) for group in order.values()]


def _row(deck: Deck, book: GameBook, group: list[tuple[Card, int]], lang: str) -> CardRow:
    cards = [card for card, _ in group]
    names = tuple(dict.fromkeys(card.name(lang) for card in cards))
    texts = list(dict.fromkeys(card.text(lang) for card in cards if card.text(lang)))
    colours = {_suit_colour(deck, card) for card in cards}
    colour = colours.pop() if len(colours) == 1 else None  # a swatch only where the whole row shares it
    return CardRow(key=cards[0].id, kind=cards[0].kind, label=book.group_label(deck, cards, lang),
                   detail=book.group_detail(deck, cards, lang), count=sum(n for _, n in group), names=names,
                   text=" / ".join(texts), colour=colour, card_ids=tuple(card.id for card in cards))


def _suit_colour(deck: Deck, card: Card) -> str | None:
    suits = suit_attributes(deck, card)
    return css_colour(deck.suit(card.get(suits[0])).colour) if suits else None


def _scaling(deck: Deck, deal: Deal, chosen: int, row_for=None) -> tuple[ScaleRow, ...]:
    """Tabulate every player count the deck serves and the game is played by (RULES.md: each set serves `per_set`
    more players). `row_for(n)`: (cards each hand gets, cards left) at n players, where the deal depends on the
    count (a described deck's `rules:`)."""
    rows = []
    for n in played_counts(deck):
        total = deck.total_for(n)
        hand, stock = row_for(n) if row_for else (deal.hand, max(total - deal.hand * n - deal.turned_up, 0))
        rows.append(ScaleRow(players=n, sets=deck.players.sets_for(n), cards=total, hand=hand,
                             stock=stock, rounds=deal.rounds(total, n), chosen=n == chosen))
    return tuple(rows)


def _check_deal(deck: Deck, players: int) -> None:
    """Refuse a count too small for the game or one the deck cannot deal, in the words `validate` uses, placed at
    the deck's `players` (a described game's deal: at its set-up step)."""
    if found := seat_findings(deck, [players]):
        raise BuildError(str(found[0]))
    if found := deal_findings(deck, [players]):
        raise BuildError("\n".join(map(str, found)) + "; " + deal_advice(deck, "write the rulebook"))


def build_context(deck: Deck, lang: str, players: int) -> Rulebook:
    """Arrange the deck for a rulebook in `lang` at `players` players."""
    _check_translations(deck, lang)
    _check_glyphs(deck, lang)
    spec = spec_for(deck.game)
    book, deal, row_for = spec.book, spec.deal, None
    if described_rules(deck) is not None:  # a deck whose `rules:` is a description: its deal depends on the count
        book, deal, row_for = described_book(deck), described_deal(deck, players), partial(scale_row, deck)
    _check_deal(deck, players)
    counts = [(card, n) for card, n in deck.counts_for(players) if n]
    specials = [(card, n) for card, n in counts
                if (card.text(lang) or book.has_power(card)) and card.kind not in book.plain_kinds]
    total = deck.total_for(players)
    return Rulebook(
        lang=lang, deck_id=deck.id, game=deck.game, title=deck.name(lang),
        description=deck.descriptions.get(lang, ""), accent=css_colour(deck.back.colour or "#3b4a6b"),
        players=players, low=played_counts(deck)[0], high=deck.players.high, per_set=deck.players.per_set,
        set_size=deck.set_size, total=total, sets=deck.players.sets_for(players),
        hand=deal.hand, turned_up=deal.turned_up, by_round=deal.by_round,
        rounds=deal.rounds(total, players),
        components=tuple(_rows(deck, book, counts, lang, by_text=False)),
        specials=tuple(_rows(deck, book, specials, lang, by_text=True)),
        special_detail=book.special_detail and translations(lang).gettext(book.special_detail),
        scaling=_scaling(deck, deal, players, row_for),
        suits=tuple((suit.name(lang), css_colour(suit.colour)) for suit in deck.suits),
        deck_file=display_path(deck.path) if deck.path else deck.id,
        source_name=f"{deck.path.parent.name}/{deck.path.name}" if deck.path else deck.id,
        rules_html=rules_html(deck.rules.get(lang, "")))


def rules_html(text: str) -> str:
    """Render a deck's rules text (CommonMark: headings, lists, emphasis) as safe HTML: raw HTML is escaped and
    images are not allowed (a rulebook fetches nothing a deck names). Headings start at level 3, below the
    section's own heading."""
    if not text.strip():
        return ""
    from markdown_it import MarkdownIt
    from markupsafe import Markup

    md = MarkdownIt("commonmark", {"html": False}).disable("image")
    html = md.render(text)
    for level in (4, 3, 2, 1):  # shift # and ## below the section heading (h2)
        html = html.replace(f"<h{level}>", f"<h{min(level + 2, 6)}>").replace(f"</h{level}>", f"</h{min(level + 2, 6)}>")
    return Markup(html)


class CardQuery:
    """Questions a prose template may ask about the deck, answered from the model (safe in the sandbox)."""

    def __init__(self, deck: Deck, lang: str, players: int):
        self._pairs = [(card, n) for card, n in deck.counts_for(players) if n]
        self._lang = lang

    def _match(self, card: Card, kind: str | None, effect: str | None, attrs: dict) -> bool:
        if kind is not None and card.kind != kind:
            return False
        if effect is not None and effect not in {e.name for e in card.effects}:
            return False
        return all(card.get(k) == v for k, v in attrs.items())

    def names(self, kind: str | None = None, effect: str | None = None, **attrs) -> list[str]:
        """Return the distinct names of matching cards, in deck order."""
        cards = [c for c, _ in self._pairs if self._match(c, kind, effect, attrs)]
        return list(dict.fromkeys(c.name(self._lang) for c in cards))

    def values(self, attr: str, kind: str | None = None, effect: str | None = None, **attrs) -> list:
        """Return the distinct values of `attr` among matching cards, in deck order."""
        cards = [c for c, _ in self._pairs if self._match(c, kind, effect, attrs)]
        return list(dict.fromkeys(c.get(attr) for c in cards if c.get(attr) is not None))

    def having(self, attr: str, kind: str | None = None) -> list[str]:
        """Return the distinct names of cards on which `attr` is set (a bonus, a penalty), in deck order."""
        cards = [c for c, _ in self._pairs if c.get(attr) and self._match(c, kind, None, {})]
        return list(dict.fromkeys(c.name(self._lang) for c in cards))

    def ordered(self, kind: str, by: str, field: str | None = None) -> list:
        """Return the distinct names (or `field` values) of a kind, sorted by the numeric attribute `by`.

        Cards without `by` are left out: the row of Rychlé šípy, the ranks of DYMOCK from low to high.
        """
        cards = sorted((c for c, _ in self._pairs if c.kind == kind and c.get(by) is not None),
                       key=lambda c: c.get(by))
        return list(dict.fromkeys(c.get(field) if field else c.name(self._lang) for c in cards))

    def count(self, kind: str | None = None, effect: str | None = None, **attrs) -> int:
        """Return the copies of matching cards for the chosen player count."""
        return sum(n for c, n in self._pairs if self._match(c, kind, effect, attrs))

    def join(self, names: list | str, style: str = "standard") -> str:
        """Join names as a sentence in the rulebook's language does ("A, B a C"; style "or": "A nebo B")."""
        return join_names([str(n) for n in _listed(names)], self._lang, style)

    def quoted(self, names: list | str, style: str = "standard") -> str:
        """Join names, each in the language's quotation marks: „Vont Losna“ a „Jan Tleskač“."""
        return join_names([quote(str(n), self._lang) for n in _listed(names)], self._lang, style)


def _listed(names: object) -> list:
    """Return the names a template gave: one text or number is one name („Eso“), not a list of its letters."""
    return [names] if isinstance(names, (str, int, float)) else list(names)
