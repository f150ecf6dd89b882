"""Faces: turn a card template and one card into drawing operations, every decision made here.

Jinja expressions are rendered in the sandbox, colours resolved, text wrapped and shrunk to fit, images placed
and judged, symbols looked up. The result is a `Face`: plain operations in points, in the card's own
coordinates (origin at the trimmed card's bottom-left corner), that `draw` paints without deciding anything.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable

from ..errors import BuildError, FaceErrors, Problem, TemplateSpent, display_path
from ..icons import names_in
from ..load.card_template import (COLOUR, TEMPLATE_ENV, ArtBox, BoxSpec, Element, Layout, Shape, SymbolBox,
                                  TextBox, compiled_condition, compiled_text)
from ..load.check import closest
from ..model import Card
from ..said import S_, Said, SaidText
from ..typography import tie
from ..sandbox import CARD_SECONDS, TemplateProblem, evaluate, render
from .context import BuildContext, SuitView, back_context, card_context
from .fonts import deck_font, upright_instead
from .images import MIN_DPI, ImageBook
from .imposition import Box
from .glyphs import GlyphError, printable_text
from .roles import TypeSizes, face_named, plan_type_sizes
from .text import INK_ABOVE, fit_text
from .units import mm, to_mm

_EDGE = 0.01  # mm: a box this close to the card's edge touches it
COVER_SLACK = mm(0.5)  # a card's text box may reach this far over a symbol's box: the slack round its drawing


@dataclass(frozen=True)
class ShapeOp:
    kind: str  # "rect" or "ellipse"
    box: Box
    fill: str | None
    stroke: str | None
    stroke_width: float
    radius: float
    dash: tuple[float, ...] = ()  # a dashed outline's on and off lengths in points; () draws it solid


@dataclass(frozen=True)
class TextOp:
    """Lines of text placed in a frame; `lines` are (x, y, text) in the frame turned by `rotation`."""

    frame: Box
    rotation: int
    font: str
    size: float
    colour: str
    lines: tuple[tuple[float, float, str], ...]
    icons: tuple[tuple[str, str], ...] = ()  # (name, file) of the `:name:` icons its lines draw inline


@dataclass(frozen=True)
class ImageOp:
    path: str
    clip: Box
    draw: Box
    matte: str = "#ffffff"  # the card's background: what transparent pixels become where PDF/X forbids alpha


@dataclass(frozen=True)
class SymbolOp:
    name: str
    draw: Callable
    frame: Box
    rotation: int
    colour: str
    ink_saver: bool


Op = ShapeOp | TextOp | ImageOp | SymbolOp


@dataclass(frozen=True)
class Face:
    """One card face or back, ready to paint: size of the trimmed card, the bleed it paints, its operations."""

    key: str
    width: float
    height: float
    bleed: float
    ops: tuple[Op, ...]


class TextTooLong(BuildError):
    """A text that does not fit its box even at its smallest size."""


def problems_of(exc: Exception) -> list[str]:
    """Return an error's problems, one message each (a FaceErrors' or a DeckError's), else its message; a message
    that can be said in another language (SaidText) stays one."""
    found = getattr(exc, "problems", None) or [exc.args[0] if exc.args and isinstance(exc.args[0], SaidText) else exc]
    return [problem if isinstance(problem, SaidText) else str(problem) for problem in found]


def _face_errors(exc: BuildError, problems: list) -> FaceErrors:
    """Return the problems as one face's errors, of the kind `exc` is when it is TemplateSpent (which stops every
    later face)."""
    return (TemplateSpent if isinstance(exc, TemplateSpent) else FaceErrors)(problems)


class FacePlanner:
    """Plans every face of one build; collects warnings (low-resolution art) along the way."""

    def __init__(self, build: BuildContext, bleed: float, images: ImageBook | None = None):
        self.build = build
        self.bleed = bleed
        self.images = images or ImageBook()
        self.width, self.height = mm(build.deck.card_size.width_mm), mm(build.deck.card_size.height_mm)
        self.warnings: list[str] = []  # each face's own, in order (the preview shows them by face)
        self._low_art: dict[str, tuple[str, str, str]] = {}  # a warning of low-resolution art -> its parts, face
        self._said: dict[str, Said] = {}  # a warning -> the same, to be said in another language
        self.notes: list[str] = []  # what the user may want to know: a card whose text is set smaller than its role's
        self._type_sizes: TypeSizes | None = None
        self.shown = display_path(build.template.path)
        # The line where each element starts in the template file, by its key path: for the messages of its templates.
        self._lines = {e.where: e.line for layout in (*build.template.faces.values(), build.template.back)
                       for e in layout.elements}
        # Kept for this build only, each keyed on everything its result depends on: the type sizes are planned
        # over every face first (roles.py), then each face is drawn, and both ask the same questions.
        self._rendered: dict[tuple, object] = {}  # (kind, source, the values it reads) → rendered text or condition
        self._printed: dict[tuple[str, str, str], str] = {}  # (rendered text, font, language) → printable, tied
        self.wraps: dict[tuple, object] = {}  # text.fit_text's wrappings
        # (id of a text element, face key, language, copies) → its words, font, frame, width, height, icons and its
        # fit at its largest size, as roles.py planned them with the build's copies: the face is drawn from them
        # where the role's size is that one. The copies are the one value a face's template context can hold that
        # the planning's may not (validate plans each card with its own count, a rulebook's pictures with theirs).
        self.fitted: dict[tuple[int, str, str, int | None], tuple] = {}
        # Kept by the identity of a template's part (`_by_identity`: the hash of a box or element walks every field)
        self._boxes: dict[tuple, tuple[BoxSpec, Box]] = {}  # a template box in points, on this deck's card size
        self._card_text: dict[tuple, tuple[Element, bool]] = {}  # whether an element shows the card's text
        self._fonts: dict[str, str] = {}  # a template style → the face it is set in, for this deck
        self._named: dict[tuple[str, str], str] = {}  # (face key, language) → the face as messages name it
        self.spent: TemplateSpent | None = None  # the face whose template ran out of time or memory, if one did

    def card(self, card: Card, copies: int) -> Face:
        """Plan one card's face from the layout of its kind."""
        if self.spent is not None:  # the template ran out of its time or memory on a face: it would again
            raise self.spent
        context = card_context(self.build, card, copies)
        where = self.named(f"card-{card.id}", self.build.lang)
        layout = self.build.template.layout_for(card.kind)
        placed: list[tuple[Element, Op]] = []
        try:
            ops = self._ops(layout, context, where, card.art, f"card-{card.id}", placed)
        except BuildError as exc:
            raise self.placed(card, exc) from None
        self._warn_covered(card, placed)
        self._warn_art_unused(ops, f"{card.source or self.shown}: card '{card.id}'", card.art, layout,
                              S_("on this card's face"), S_("the card's `art`"))
        return Face(f"card-{card.id}", self.width, self.height, self.bleed, ops)

    def placed(self, card: Card | None, exc: BuildError) -> BuildError:
        """Return the error of a card's face placed at the maker's own line (or spreadsheet row) first, then at the
        template's; the back's, or an error placed already (the type sizes' planning places its own card's), as it
        is. A template out of its time or memory (TemplateSpent) is kept: every face planned after it fails with it
        at once."""
        if card is not None and card.source is not None and not any(
                isinstance(problem, Problem) for problem in getattr(exc, "problems", ())):
            exc = _face_errors(exc, [Problem(card.source.file, card.source.line, card.source.column, "", problem)
                                     for problem in problems_of(exc)])
        if isinstance(exc, TemplateSpent):
            self.spent = exc
        return exc

    def named(self, face: str, lang: str) -> str:
        """Return a face as messages name it ("card 'rock' (cs)"; roles.face_named), made once a build."""
        named = self._named.get((face, lang))
        if named is None:
            named = self._named[face, lang] = str(face_named(face, lang))
        return named

    def _said_after(self, place: str, what: Said) -> SaidText:
        """Return `what` after a place as labels give it ("file:line: element: card 'x' (cs)"), the face named in it
        said in any language too (the preview's page speaks the deck's); printed, the English as before."""
        for (face, lang), named in self._named.items():
            if place == named:
                return SaidText(S_("%(face)s: %(what)s", face=face_named(face, lang), what=what))
            if place.endswith(f": {named}"):
                return SaidText(S_("%(place)s: %(face)s: %(what)s", place=place[:-len(named) - 2],
                                   face=face_named(face, lang), what=what))
        return SaidText(S_("%(place)s: %(what)s", place=place, what=what))

    def back(self) -> Face:
        """Plan the back every card shares."""
        if self.spent is not None:
            raise self.spent
        deck = self.build.deck
        where = self.named("back", self.build.lang)
        try:
            ops = self._ops(self.build.template.back, back_context(self.build), where, deck.back.art, "back")
        except BuildError as exc:
            raise self.placed(None, exc) from None
        self._warn_art_unused(ops, f"{display_path(deck.path) if deck.path else deck.id}: back.art", deck.back.art,
                              self.build.template.back, S_("on the back"), "`back.art`")
        return Face("back", self.width, self.height, self.bleed, ops)

    @property
    def symbols(self) -> dict[str, Callable]:
        """The registry of symbols a template may draw, imported when a face first draws one."""
        return _symbols()

    @property
    def type_sizes(self) -> TypeSizes:
        """The size of every text role of the deck, planned once over every face in every language (roles.py)."""
        if self._type_sizes is None:
            self._type_sizes = plan_type_sizes(self)
            for note in self._type_sizes.notes:  # printed in English; `said_as` says it in a page's language
                self.notes.append(str(note))
                self._said[str(note)] = note
        return self._type_sizes

    def _ops(self, layout: Layout, context: dict, where: str, art, face: str,
             placed: list[tuple[Element, Op]] | None = None) -> tuple[Op, ...]:
        """Return a face's operations in drawing order; add each with its element to `placed`, when given."""
        ops: list[Op] = []
        ground = self._colour(layout.background, context, where, "background") if layout.background else None
        if ground:
            b = self.bleed
            ops.append(ShapeOp("rect", Box(-b, -b, self.width + 2 * b, self.height + 2 * b), ground, None, 0, 0))
        problems: list[str] = []
        for element in layout.elements:
            label = f"{self.shown}: {element.where}: {where}"
            try:
                if not self.shows(element, context, label):
                    continue
                op = self._element(element, context, label, art, face)
            except (TextTooLong, GlyphError) as exc:  # go on: every text that cannot be set is named in one run
                problems.extend(p for p in problems_of(exc) if p not in problems)
                continue
            except BuildError as exc:  # a template that cannot render (or broke its budget) stops at once
                if not problems:
                    raise
                raise _face_errors(exc, problems + problems_of(exc)) from None
            if isinstance(op, ImageOp) and ground:
                op = replace(op, matte=ground)
            if op is not None:
                ops.append(op)
                if placed is not None:
                    placed.append((element, op))
        if problems:
            raise FaceErrors(problems)
        return tuple(ops)

    def _element(self, element, context: dict, label: str, art, face: str) -> Op | None:
        if isinstance(element, Shape):
            return self._shape(element, context, label)
        if isinstance(element, TextBox):
            return self._text(element, context, label, face)
        if isinstance(element, SymbolBox):
            return self._symbol(element, context, label)
        assert isinstance(element, ArtBox), element
        return self._art(element, label, art, face)

    def _shape(self, shape: Shape, context: dict, label: str) -> ShapeOp | None:
        fill = self._colour(shape.fill, context, label, "fill")
        stroke = self._colour(shape.stroke, context, label, "stroke") if shape.stroke_width > 0 else None
        if fill is None and stroke is None:
            return None
        box = self._box(shape.box, grow=shape.bleed)
        return ShapeOp(shape.kind, box, fill, stroke, shape.stroke_width, mm(shape.radius))

    def _text(self, text: TextBox, context: dict, label: str, face: str) -> TextOp | None:
        lang = self.build.lang
        size = self.type_sizes.size(text, face, lang)
        planned = self.fitted.get((id(text), face, lang, context.get("count")))
        if planned is not None and planned[-1].size == size:  # set at its own largest size: as planned
            content, font, frame, width, height, icons, fitted = planned
        else:
            try:
                content, font = self.text_content(text, context, label, lang)
            except GlyphError as exc:  # `label: what`, the face and what is wrong said in any language (the preview's)
                if exc.what is None:
                    raise
                raise GlyphError(SaidText(self._said_at(text, face, exc.what)), exc.what) from None
            if not content:
                return None
            frame, width, height = self.text_area(text)
            icons = frozenset(name for name in names_in(content) if name in self.build.deck.icons)
            fitted = fit_text(content, font, size, min(text.min_size, size), width, height, text.line_height,
                              icons, self.wraps)
        if (upright := upright_instead(self.build.deck, text.style)) is not None:
            self._warn_upright(text, *upright)
        if fitted is None:
            raise TextTooLong(SaidText(self._said_at(text, face, S_(
                "the text does not fit its %(width)s × %(height)s mm box even at %(size)s pt: \"%(text)s\"; shorten "
                "the text, enlarge the box or lower its min_size", width=f"{to_mm(frame.w):.1f}",
                height=f"{to_mm(frame.h):.1f}", size=f"{text.min_size:g}", text=_shorten(content)))))
        top = {"top": height, "middle": (height + fitted.height) / 2, "bottom": fitted.height}[text.valign]
        baseline = top - INK_ABOVE * fitted.size
        lines = []
        for i, (line, line_w) in enumerate(fitted.lines):
            x = {"left": 0.0, "center": (width - line_w) / 2, "right": width - line_w}[text.align]
            lines.append((x, baseline - i * fitted.leading, line))
        colour = self._colour(text.colour, context, label, "colour") or "#000000"
        used = tuple(sorted((name, str(self.build.deck.icons[name])) for name in icons))
        return TextOp(frame, text.rotate, font, fitted.size, colour, tuple(lines), used)

    def text_content(self, text: TextBox, context: dict, label: str, lang: str) -> tuple[str, str]:
        """Return a text element's words as printed in `lang` (glyphs checked, words tied: typography.py), and font."""
        font = self._fonts.get(text.style)
        if font is None:
            font = self._fonts[text.style] = deck_font(self.build.deck, text.style)
        rendered = self._render(text.text, context, label).strip()
        key = (rendered, font, lang)
        content = self._printed.get(key)
        if content is None:
            content = self._printed[key] = tie(printable_text(rendered, font, label).strip(), lang)
        return content, font

    def text_area(self, text: TextBox) -> tuple[Box, float, float]:
        """Return a text element's frame, and the width and height its lines run in (turned with the text)."""
        frame = self._box(text.box)
        return (frame, frame.w, frame.h) if text.rotate in (0, 180) else (frame, frame.h, frame.w)

    def _symbol(self, symbol: SymbolBox, context: dict, label: str) -> SymbolOp | None:
        name = self._render(symbol.symbol, context, label).strip()
        if not name:
            return None
        if name not in self.symbols:
            known = sorted(self.symbols)
            near = closest(name, known)
            what = (S_("no symbol '%(name)s'; did you mean '%(near)s'? (known: %(known)s)", name=name, near=near,
                       known=", ".join(known)) if near is not None else
                    S_("no symbol '%(name)s' (known: %(known)s)", name=name, known=", ".join(known)))
            raise BuildError(self._said_after(self._at(label, None), what))
        colour = self._colour(symbol.colour, context, label, "colour") or "#000000"
        return SymbolOp(name, self.symbols[name], self._box(symbol.box), symbol.rotate, colour,
                        self.build.ink_saver)

    def _art(self, art: ArtBox, label: str, path, face: str) -> ImageOp | None:
        if path is None:
            return None
        info = self.images.info(path, label)
        clip = self._box(art.box, grow=art.bleed)
        scale = (max if art.fit == "cover" else min)(clip.w / info.width_px, clip.h / info.height_px)
        w, h = info.width_px * scale, info.height_px * scale
        draw = Box(clip.x + (clip.w - w) / 2, clip.y + (clip.h - h) / 2, w, h)
        visible_w, visible_h = min(w, clip.w), min(h, clip.h)
        dpi = info.dpi_at(w, h)
        if round(dpi) < MIN_DPI:  # as said: 299.9 DPI is 300, and a warning of "300 DPI" would puzzle
            what = S_("the art %(path)s (%(width)d × %(height)d px) prints at %(dpi)s DPI in its %(box_w)s × "
                      "%(box_h)s mm box; %(least)d DPI or more prints sharp", path=display_path(path),
                      width=info.width_px, height=info.height_px, dpi=format(dpi, ".0f"),
                      box_w=format(to_mm(visible_w), ".0f"), box_h=format(to_mm(visible_h), ".0f"), least=MIN_DPI)
            message = self._said_at(art, face, what)
            self._warn(message)
            self._low_art[str(message)] = (f"{self.shown}: {art.where}", str(what), face)
        return ImageOp(str(path), clip, draw)

    def _said_at(self, element: Element, face: str, what: Said) -> Said:
        """Return `what` placed as a label places it ("file: element: card 'x' (cs): …"), the face said in any
        language (the preview's page speaks the deck's)."""
        return S_("%(place)s: %(face)s: %(what)s", place=f"{self.shown}: {element.where}",
                  face=face_named(face, self.build.lang), what=what)

    def _box(self, spec: BoxSpec, grow: bool = False) -> Box:
        """Return a template box in points, origin bottom-left; grow it into the bleed where it meets the edge."""
        return _by_identity(self._boxes, spec, lambda: self._place_box(spec, grow), grow)

    def _place_box(self, spec: BoxSpec, grow: bool) -> Box:
        size = self.build.deck.card_size
        x, y, w, h = spec.resolve(size.width_mm, size.height_mm)
        box = Box(mm(x), mm(size.height_mm - y - h), mm(w), mm(h))
        if not grow:
            return box
        b = self.bleed
        left = b if x <= _EDGE else 0.0
        right = b if x + w >= size.width_mm - _EDGE else 0.0
        top = b if y <= _EDGE else 0.0
        bottom = b if y + h >= size.height_mm - _EDGE else 0.0
        return Box(box.x - left, box.y - bottom, box.w + left + right, box.h + top + bottom)

    def _colour(self, value: str | None, context: dict, label: str, key: str) -> str | None:
        if value is None:
            return None
        if "{" in value:
            value = self._render(value, context, label).strip()
        if value in ("", "none"):
            return None
        value = self.build.template.colours.get(value, value)
        if not COLOUR.match(value):
            names = ", ".join(self.build.template.colours) or S_("none declared")
            raise BuildError(self._said_after(self._at(label, None), S_(
                "%(key)s %(value)s is not a colour (\"#rrggbb\", cmyk(c, m, y, k), none, or a name from 'colours': "
                "%(names)s)", key=key, value=repr(value), names=names)))
        return value

    def _render(self, source: str, context: dict, label: str) -> str:
        if "{" not in source:
            return source
        name = _lone_name(source)
        if name is not None:  # "{{ name }}" of a text prints the text as it is, and Jinja need not be asked
            value = context.get(name)
            if type(value) is str and len(value) <= _LONE_TEXT:
                return value
        key = _memo_key("text", source, context)
        if key in self._rendered:
            return self._rendered[key]
        try:
            rendered = render(compiled_text(source), context, CARD_SECONDS)
        except TemplateProblem as exc:
            said = self._said_after(self._at(label, exc.line), S_(
                "cannot render %(source)s: %(reason)s", source=repr(_shorten(source)), reason=exc.reason))
            raise (TemplateSpent([said]) if exc.spent else BuildError(said)) from None
        if key is not None:
            self._rendered[key] = rendered
        return rendered

    def shows(self, element, context: dict, label: str) -> bool:
        """Return whether an element is drawn on this face: it has no `when`, or its condition holds."""
        return not element.when or self._condition(element.when, context, label)

    def _condition(self, source: str, context: dict, label: str) -> bool:
        key = _memo_key("when", source, context)
        if key in self._rendered:
            return self._rendered[key]
        try:
            holds = bool(evaluate(compiled_condition(source), context, CARD_SECONDS))
        except TemplateProblem as exc:
            said = self._said_after(self._at(label, None), S_(
                "cannot evaluate the condition %(source)s: %(reason)s", source=repr(_shorten(source)),
                reason=exc.reason))
            raise (TemplateSpent([said]) if exc.spent else BuildError(said)) from None
        if key is not None:
            self._rendered[key] = holds
        return holds

    def _at(self, label: str, line: int | None) -> str:
        """Return the label with the template file's line: `file:line: faces.x.elements[2]: card 'y' (cs)`.

        `line` is the line inside the element's own template text, counted from 1."""
        rest = label.removeprefix(f"{self.shown}: ")
        start = next((at for where, at in self._lines.items() if at and rest.startswith(f"{where}: ")), None)
        return f"{self.shown}:{start + (line or 1) - 1}: {rest}" if start else f"{self.shown}: {rest}"

    def _warn_covered(self, card: Card, placed: list[tuple[Element, Op]]) -> None:
        """Warn when the card's own text, or a panel shown for it, lies over part of a symbol its face draws: a
        template that fills a rank's face with pips, given a card of that rank with a `text`, hides some of them.

        A symbol that holds the text's box whole is a backdrop, drawn to be written over; an overlap of less
        than COVER_SLACK either way is the slack round a symbol's drawing, not a covered pip."""
        if not any(type(op) is SymbolOp for _, op in placed):
            return  # nothing to cover (most faces)
        covers = [(e, box) for e, op in placed if (box := _cover_box(op)) is not None and self._shows_card_text(e)]
        pairs = [(cover, symbol) for cover, box in covers for symbol, op in placed
                 if isinstance(op, SymbolOp) and box.overlaps(op.frame, COVER_SLACK) and not op.frame.contains(box)]
        if not pairs:
            return
        over, covered = (list(dict.fromkeys(pair[i] for pair in pairs)) for i in (0, 1))
        self._warn(S_("%(place)s: card '%(card)s': the card template %(template)s lays the card's text (%(over)s) "
                      "over part of the symbols it draws for the card (%(covered)s); leave out the card's text (the "
                      "rulebook can say it), give the text to a card whose face draws no symbols there, or use a card "
                      "template whose text box leaves them room (docs/card-templates.md)",
                      place=str(card.source or self.shown), card=card.id, template=self.build.template.path.name,
                      over=_quoted(over), covered=_quoted(covered)))

    def _shows_card_text(self, element: Element) -> bool:
        return _by_identity(self._card_text, element, lambda: _shows_card_text(element))

    def _warn_art_unused(self, ops: tuple[Op, ...], who: str, art, layout: Layout, face: Said,
                         key: Said | str) -> None:
        """Warn when art is given and the face's operations draw no image: the file is checked, but never printed."""
        if art is None or any(isinstance(op, ImageOp) for op in ops):
            return
        boxes = [element for element in layout.elements if isinstance(element, ArtBox)]
        why = (S_("whose art boxes (%(boxes)s) each have a `when` that leaves it out", boxes=_quoted(boxes)) if boxes
               else S_("which has no art box"))
        self._warn(S_("%(place)s: the art %(path)s never prints: the card template %(template)s draws no art %(face)s, "
                      "%(why)s; remove %(key)s, or use a card template with an art box there "
                      "(docs/card-templates.md)", place=who, path=display_path(art),
                      template=self.build.template.path.name, face=face, why=why, key=key))

    def _warn_upright(self, text: TextBox, role: str, upright: str) -> None:
        """Say once per element that its italic style prints upright, and how to give the deck an italic face."""
        deck = self.build.deck
        where = display_path(deck.path) if deck.path else deck.id
        face = S_("the italic face") if role == "italic" else S_("the bold italic face")
        self._warn(S_("%(place)s: fonts: no %(role)s font, so the %(style)s text of the card template %(template)s, "
                      "%(element)s, prints upright in %(font)s, the %(upright)s font; add `%(role)s: fonts/<file>` "
                      "under `fonts`: %(face)s of that family", place=where, role=role, style=text.style,
                      template=self.build.template.path.name, element=text.where, font=deck.fonts[upright].name,
                      upright=upright, face=face))

    def gathered_warnings(self) -> list[str]:
        """Return the warnings with art that prints below MIN_DPI said once for every face that shows it alike
        (a picture shared by 20 cards was 20 warnings, and 60 in validate's three languages): the first card's
        warning names them all, without the language, which does not change where a picture prints."""
        faces: dict[tuple[str, str], list[str]] = {}
        for message in self.warnings:
            if message in self._low_art:
                where, what, face = self._low_art[message]
                faces.setdefault((where, what), []).append(face)
        gathered = []
        for message in self.warnings:
            if message not in self._low_art:
                gathered.append(message)
                continue
            where, what, _ = self._low_art[message]
            shown = faces.pop((where, what), None)
            if shown is not None:
                gathered.append(f"{where}: {_faces_named(shown)}: {what}")
        return gathered

    def said_as(self, warning: str) -> Said | str:
        """Return a warning or note as it can be said in the preview page's language (the English text where it
        cannot)."""
        return self._said.get(warning, warning)

    def _warn(self, message: Said | str) -> None:
        text = str(message)  # the build and validate print English; the preview says it in its page's language
        if text not in self.warnings:
            self.warnings.append(text)
            if isinstance(message, Said):
                self._said[text] = message


def _faces_named(faces: list[str], shown: int = 4) -> str:
    """Name faces ("card-rock", "back") as a warning does: "card 'rock'", "cards 'a', 'b' and 'c'", "the back and
    card 'a'", the first `shown` cards and how many more."""
    cards = [f"'{face.removeprefix('card-')}'" for face in dict.fromkeys(faces) if face != "back"]
    if len(cards) > shown:
        cards = cards[:shown - 1] + [f"{len(cards) - shown + 1} more"]
    named = ("card " if len(cards) == 1 else "cards ") + (" and ".join(cards) if len(cards) < 3
                                                          else f"{', '.join(cards[:-1])} and {cards[-1]}")
    back = "the back" if "back" in faces else ""
    return " and ".join(part for part in (back, named if cards else "") if part)


def _by_identity(kept: dict, part, make: Callable, *also):
    """Return make()'s answer for a part of the template (and `also`), kept by the part's identity; the part is kept
    alive beside its answer, so that its id is not another's."""
    key = (id(part), *also)
    found = kept.get(key)
    if found is None or found[0] is not part:
        found = kept[key] = (part, make())
    return found[1]


# Values a remembered result may be keyed on: immutable, and printed the same whenever they are equal (with their
# type in the key, since True == 1 == 1.0 print differently).
_KEY_TYPES = frozenset({str, int, float, bool, type(None), SuitView})
_ABSENT = object()  # a name the context does not hold (a loop variable, a global such as `range`, or an error)


def _memo_key(kind: str, source: str, context: dict) -> tuple | None:
    """Return what a template text or condition's result depends on, or None when it cannot be told.

    That is the text itself and the value of every name it reads; None where a value is a mapping or a list, or
    where the result need not repeat (the `random` filter), so such a text is evaluated each time."""
    names = _names_read(kind, source)
    if names is None:
        return None
    values = []
    for name in names:
        value = context.get(name, _ABSENT)
        if value is not _ABSENT and type(value) not in _KEY_TYPES:
            return None
        values.append((type(value), value))
    return kind, source, tuple(values)


_LONE_TEXT = 100_000  # characters: far inside what the sandbox lets a template print (sandbox/limits.py)
_LONE = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


@lru_cache(maxsize=4096)
def _lone_name(source: str) -> str | None:
    """Return the name a template text prints when it is only that name ("{{ name }}"), else None."""
    found = _LONE.fullmatch(source)
    return found.group(1) if found and found.group(1) not in _JINJA_WORDS else None


_JINJA_WORDS = frozenset("true false none True False None and or not in is if else".split())  # not names to Jinja


@lru_cache(maxsize=4096)
def _names_read(kind: str, source: str) -> tuple[str, ...] | None:
    """Return the names a template text (kind "text") or expression ("when") reads, or None (see `_memo_key`)."""
    from jinja2 import TemplateSyntaxError, nodes
    from jinja2.parser import Parser

    try:
        tree = (TEMPLATE_ENV.parse(source) if kind == "text"
                else Parser(TEMPLATE_ENV, source, state="variable").parse_expression())
    except (TemplateSyntaxError, RecursionError, MemoryError):
        return None  # evaluating it says what is wrong, every time
    every = [tree, *tree.find_all(nodes.Node)]  # an expression may be a single name or filter itself
    if any(isinstance(node, nodes.Filter) and node.name == "random" for node in every):
        return None
    return tuple(sorted({node.name for node in every if isinstance(node, nodes.Name) and node.ctx == "load"}))


def _shows_card_text(element: Element) -> bool:
    """Return whether an element prints the card's `text`, or is shown only with it (the text's panel)."""
    sources = [("when", element.when)] if element.when else []
    if isinstance(element, TextBox):
        sources.append(("text", element.text))
    return any("text" in (_names_read(kind, source) or ()) for kind, source in sources)


def _cover_box(op: Op) -> Box | None:
    """Return the box a text or a filled shape takes over what is drawn beneath it; None for other operations."""
    if isinstance(op, TextOp):
        return op.frame
    return op.box if isinstance(op, ShapeOp) and op.fill else None


def _quoted(elements: list[Element]) -> str:
    """Return elements by their names in the template ('sign 3 left'), else by their key paths."""
    return ", ".join("'" + _NAMED.sub(r"\1", e.where) + "'" for e in elements)


_NAMED = re.compile(r"^.* \((.*)\)$")  # an element's key path with its name: faces.card.elements[11] (sign 3 left)


def _symbols() -> dict[str, Callable]:
    from .art import SYMBOLS  # the faces engineer's registry; importing it registers every game's art

    return SYMBOLS


def _shorten(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
