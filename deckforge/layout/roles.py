"""Type sizes by role: the texts of one role share one size across a deck, or a few shared steps.

A text element's role is its `role` key, or else its `name`: "title" on every kind of face is one role. Before a
face is drawn, the role's text on every card is fitted, in every language of the deck, at its largest size
(text.py). Then
- a role whose box holds one line at its `size` (a title, a rank, a label) gets one size: the smallest of those,
  so every title fits in every language at the same size;
- a paragraph role (rule texts) gets up to `steps` sizes (default 3), chosen to shrink its texts the least;
- one card is set smaller than the rest of its role only as a last resort, when it alone would pull the others
  down by more than OUTLIER_PT; a note names the card and the language.
Every output (sheets, cards-pdf, cards-png, tts, preview, validate) plans its faces through the same FacePlanner,
so all agree.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING, Mapping

from ..errors import DeckforgeError, TemplateSpent
from ..icons import names_in
from ..said import S_, Said
from ..load.card_template import Layout, TextBox
from .context import back_context, card_context
from .text import block_height, fit_text

if TYPE_CHECKING:
    from .faces import FacePlanner

PARAGRAPH_STEPS = 3  # sizes a paragraph role may use unless its template says `steps`
OUTLIER_PT = 1.5     # a card whose text fits only this far below every other card's is shrunk alone

Instance = tuple[str, str]  # (face key, language)


@dataclass(frozen=True)
class TypeSizes:
    """The planned size of each role's text on each face, in each language; notes on cards shrunk alone."""

    sizes: Mapping[tuple[str, str, str], float]  # (role, face key, language) → points
    notes: tuple[Said, ...] = ()  # printed in English, said in a preview page's language

    def size(self, text: TextBox, face: str, lang: str) -> float:
        """Return the size to set this text at: its role's planned size, or the template's where none was planned."""
        return self.sizes.get((text.role, face, lang), text.size)

    def of(self, face: str, lang: str) -> tuple[tuple[str, float], ...]:
        """Return the (role, size) pairs planned for one face in one language: what its drawing depends on."""
        return tuple(sorted((role, size) for (role, at, at_lang), size in self.sizes.items()
                            if at == face and at_lang == lang))


def plan_type_sizes(planner: FacePlanner) -> TypeSizes:
    """Fit every text of every face in every language of the deck; return the sizes each role shares."""
    fits: dict[str, dict[Instance, float]] = defaultdict(dict)
    steps: dict[str, int] = {}
    element_steps: dict[int, int] = {}  # id of a text element of the template → its `_steps_of`
    build = planner.build
    for lang in build.deck.languages:
        other = replace(build, lang=lang)
        for card, copies in build.deck.counts_for(build.players):
            layout = build.template.layout_for(card.kind)
            try:
                _measure(planner, layout, card_context(other, card, copies), (f"card-{card.id}", lang), fits,
                         steps, element_steps)
            except TemplateSpent as exc:
                raise planner.placed(card, exc) from None
        try:
            _measure(planner, build.template.back, back_context(other), ("back", lang), fits, steps, element_steps)
        except TemplateSpent as exc:
            raise planner.placed(None, exc) from None
    sizes: dict[tuple[str, str, str], float] = {}
    notes: list[Said] = []
    for role, found in fits.items():
        shared = _one_size(role, found, notes, build.lang) if steps[role] == 1 else _stepped(found, steps[role])
        sizes.update({(role, face, lang): size for (face, lang), size in shared.items()})
    return TypeSizes(sizes, tuple(notes))


def _measure(planner: FacePlanner, layout: Layout, context: dict, instance: Instance,
             fits: dict[str, dict[Instance, float]], steps: dict[str, int], element_steps: dict[int, int]) -> None:
    """Record the largest size each text of one face fits at; a text that cannot be set is left to the build, but
    a template that ran out of its time or memory (TemplateSpent) stops the planning at once, named as the face's
    drawing names it: it would spend them again on every face. `element_steps` keeps each element's steps (the
    template's elements live as long as the planning)."""
    where = planner.named(*instance)
    for text in layout.elements:
        if not isinstance(text, TextBox):
            continue
        label = f"{planner.shown}: {text.where}: {where}"
        try:
            size = _largest_fit(planner, text, context, instance, label) if planner.shows(text, context, label) \
                else None
        except TemplateSpent:
            raise
        except DeckforgeError:
            continue
        if size is not None:
            fits[text.role][instance] = min(size, fits[text.role].get(instance, size))
            own = element_steps.get(id(text))
            if own is None:
                own = element_steps[id(text)] = _steps_of(planner, text)
            steps[text.role] = min(own, steps.get(text.role, PARAGRAPH_STEPS))


def _largest_fit(planner: FacePlanner, text: TextBox, context: dict, instance: Instance,
                 label: str) -> float | None:
    """Return the largest size the text fits at on one face in one language; keep the fit for the face's drawing
    (`planner.fitted`), which uses it where the role's size is that size."""
    content, font = planner.text_content(text, context, label, instance[1])
    if not content:
        return None
    frame, width, height = planner.text_area(text)
    icons = frozenset(name for name in names_in(content) if name in planner.build.deck.icons)
    fitted = fit_text(content, font, text.size, text.min_size, width, height, text.line_height, icons,
                      planner.wraps)
    if fitted is None:
        return None
    planner.fitted[id(text), *instance, context.get("count")] = (content, font, frame, width, height, icons, fitted)
    return fitted.size


def _steps_of(planner: FacePlanner, text: TextBox) -> int:
    """Return the sizes a text's role may use: its `steps`, else one for a one-line box and a few for a paragraph."""
    if text.steps:
        return text.steps
    _, _, height = planner.text_area(text)
    return 1 if block_height(2, text.size, text.size * text.line_height) > height + 1e-6 else PARAGRAPH_STEPS


def _one_size(role: str, fits: dict[Instance, float], notes: list[Said], built: str) -> dict[Instance, float]:
    """Set every text of the role at the smallest size any needs, unless one card alone would pull it far down.

    A card shrunk alone gets a note in the language being built."""
    by_face: dict[str, float] = {}
    for (face, _), size in fits.items():
        by_face[face] = min(size, by_face.get(face, size))
    ranked = sorted(by_face, key=by_face.get)
    if len(ranked) < 2 or by_face[ranked[1]] - by_face[ranked[0]] <= OUTLIER_PT:
        shared = min(fits.values())
        return {instance: shared for instance in fits}
    alone = ranked[0]
    shared = by_face[ranked[1]]
    for (face, lang), size in sorted(fits.items()):
        if face == alone and size < shared and lang == built:
            notes.append(S_("%(face)s: its %(role)s is set at %(size)s pt, smaller than on every other card "
                            "(%(shared)s pt), because it does not fit its box at that size; shorten it to match",
                            face=face_named(face, lang), role=role, size=f"{size:g}", shared=f"{shared:g}"))
    return {instance: min(size, shared) for instance, size in fits.items()}


def _stepped(fits: dict[Instance, float], count: int) -> dict[Instance, float]:
    """Set each text at the largest of up to `count` shared sizes that it fits, the sizes chosen to shrink least."""
    steps = _choose_steps(sorted(fits.values()), count)
    return {instance: max(step for step in steps if step <= size + 1e-9) for instance, size in fits.items()}


def _choose_steps(sizes: list[float], count: int) -> tuple[float, ...]:
    """Return up to `count` sizes, the smallest always among them, that lose the fewest points over all texts."""
    distinct = sorted(set(sizes))
    best: tuple[float, tuple[float, ...]] | None = None
    for extra in range(min(count - 1, len(distinct) - 1) + 1):  # fewer sizes first: they win a tie
        for chosen in combinations(distinct[1:], extra):
            steps = (distinct[0], *chosen)
            loss = sum(size - max(step for step in steps if step <= size + 1e-9) for size in sizes)
            if best is None or loss < best[0] - 1e-9:
                best = (loss, steps)
    assert best is not None
    return best[1]


def face_named(face: str, lang: str) -> Said:
    """Name one face ("card-rock", "back") in one language as messages place it: "card 'rock' (cs)", "the back (cs)"."""
    if face == "back":
        return S_("the back (%(lang)s)", lang=lang)
    return S_("card '%(card)s' (%(lang)s)", card=face.removeprefix("card-"), lang=lang)
