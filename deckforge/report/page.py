"""Assemble the report: play the deck (and the deck to compare), judge, chart, render one HTML page or a PDF.

The page is self-contained: CSS inline, charts inline SVG, no script and no web address. The PDF is the same page
typeset by WeasyPrint with Open Sans (from the ttf_opensans package) embedded; the HTML page names the font but does
not load it, so a browser without it falls back to its own sans-serif.
"""
from __future__ import annotations

import multiprocessing
import statistics
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import ttf_opensans
from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup

from ..errors import DeckforgeError, display_path
from ..i18n import SOURCE_LANGUAGE, deck_words, install_words, translations
from ..load import TEMPLATES_DIR
from ..model import Deck
from ..output import atomic_write
from ..sim.playcheck import STALL_POLICY
from ..sim.pool import GamePool
from ..webfonts import web_font
from . import card_charts, charts
from .analysis import Verdict, decimal, judge, pct, seat_shares, signed, span, summary_sentence
from .design import (CountMeasures, RuleFiring, deck_measures, estimate_text, fairness_sentence, hundredths,
                     rule_firings, signed_hundredths)
from .figures import FigureRow, figure_rows
from .compare import CardComparison, CountComparison, compare_cards, compare_counts, describe_gap
from .play import DeckRun, Progress, error_kinds, play_deck
from .stats import Difference
from . import DEFAULT_GAMES

REPORT_TEMPLATES = TEMPLATES_DIR / "report"


@dataclass(frozen=True)
class Report:
    """Everything the page shows, computed; the template only lays it out."""

    series: list[tuple[str, DeckRun]]
    verdicts: list[Verdict]
    lang: str
    focus: int
    charts: list[charts.Chart]
    cards: list[CardComparison]
    comparisons: list[CountComparison]
    measures: list[list[CountMeasures]] = field(default_factory=list)   # per deck: each count's design measures
    rules: list[RuleFiring] = field(default_factory=list)              # how often each rule fires at `focus`

    @property
    def deck(self) -> Deck:
        return self.series[0][1].deck

    @property
    def compared(self) -> bool:
        return len(self.series) > 1

    @property
    def figures(self) -> list[tuple[str, DeckRun, list[FigureRow]]]:
        """Return each deck's game figures under their labels (none when its game declares no figures)."""
        return [(label, run, figure_rows(run, self.lang)) for label, run in self.series]


def build_report(deck: Deck, games: int = DEFAULT_GAMES, seed: int = 1, policy: str = STALL_POLICY, jobs: int = 1,
                 against: Deck | None = None, lang: str | None = None, progress: Progress | None = None,
                 full: bool = False) -> Report:
    """Play the deck (and `against`, with the same seeds) at every player count and compute the report: at most
    `games` games a count, fewer where the verdict settles sooner (`full`: all of them; play.py)."""
    with deck_words(deck.folder):  # the page speaks the first deck's words
        return _build_report(deck, games, seed, policy, jobs, against, lang, progress, full)


def _build_report(deck: Deck, games: int, seed: int, policy: str, jobs: int, against: Deck | None,
                  lang: str | None, progress: Progress | None, full: bool) -> Report:
    counts = player_counts(deck, against)
    lang = lang or deck.languages[0]
    decks = [deck] + ([against] if against else [])
    with GamePool(decks, jobs) as pool:  # one pool of processes for every count of both decks
        series = [(label, play_deck(d, games, seed, policy, jobs, counts, progress, full, pool, number))
                  for number, (label, d) in enumerate(zip(series_labels(decks), decks))]
    verdicts = [judge(run, lang) for _, run in series]
    focus = card_charts.focus_count(series)
    return Report(series, verdicts, lang, focus, draw_charts(series, lang, jobs), compare_cards(series, focus, lang),
                  compare_counts(series[0][1], series[1][1]) if against else [],
                  [deck_measures(run) for _, run in series], rule_firings(series, focus, lang))


def player_counts(deck: Deck, against: Deck | None) -> list[int]:
    """Return the player counts to play: all the deck supports, or those both decks support."""
    counts = list(deck.players)
    if against is None:
        return counts
    shared = [n for n in counts if n in set(against.players)]
    if not shared:
        raise DeckforgeError(f"decks '{deck.id}' ({deck.players.low}–{deck.players.high} players) and "
                             f"'{against.id}' ({against.players.low}–{against.players.high} players) have no "
                             f"player count in common to compare")
    return shared


def series_labels(decks: list[Deck]) -> list[str]:
    """Return the decks' ids, or 'A: …' and 'B: …' with what tells them apart when they share an id."""
    ids = [d.id for d in decks]
    if len(set(ids)) == len(ids):
        return ids
    return [f"{letter}: {tag}" for letter, tag in zip("AB", deck_tags(decks))]


def deck_tags(decks: list[Deck]) -> list[str]:
    """Return a word for each deck that tells it from the others: its id, else its folder's name, else its file's."""
    for tags in ([d.id for d in decks], [d.folder.name if d.folder else d.id for d in decks],
                 [d.path.name if d.path else d.id for d in decks]):
        if len(set(tags)) == len(tags):
            return tags
    return [d.id for d in decks]


def title_names(decks: list[Deck], lang: str) -> list[str]:
    """Return the decks' names for the title of a comparison, each with its tag when the names are the same."""
    names = [deck_name(d, lang) for d in decks]
    if len(set(names)) == len(names):
        return names
    return [f"{name} ({tag})" for name, tag in zip(names, deck_tags(decks))]


CHARTS = (charts.seat_chart, charts.length_chart, charts.stall_chart, card_charts.card_chart,
          card_charts.card_heatmap, charts.bids_chart, charts.loser_chart)  # in reading order
_DRAWING: list = []  # the series and language the forked chart workers draw (they need not be pickled)


def draw_charts(series, lang: str, jobs: int = 1) -> list[charts.Chart]:
    """Draw every chart the games have data for, in reading order; with `jobs` above 1 in that many forked
    processes at once (matplotlib draws in Python, and the charts are independent: the report's largest serial
    part otherwise). Each chart is drawn the same way wherever it is drawn, so the page is the same."""
    workers = min(jobs, len(CHARTS))
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        drawn = [draw(series, lang) for draw in CHARTS]
    else:
        from concurrent.futures import ProcessPoolExecutor

        _DRAWING[:] = [series, lang]
        try:
            with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
                drawn = list(pool.map(_draw_chart, range(len(CHARTS))))
        finally:
            _DRAWING.clear()
    return [chart for chart in drawn if chart is not None]


def _draw_chart(index: int) -> charts.Chart | None:
    return CHARTS[index](*_DRAWING)


@lru_cache(maxsize=None)
def environment(lang: str = SOURCE_LANGUAGE) -> SandboxedEnvironment:
    """Return the report templates with deckforge's words in `lang` (English where it has no catalog)."""
    env = SandboxedEnvironment(loader=FileSystemLoader(str(REPORT_TEMPLATES)), autoescape=True,
                               undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                               extensions=["jinja2.ext.i18n"])
    install_words(env, lang)
    env.filters.update(signed=lambda number: signed(number, lang), pct=lambda share: pct(share, lang),
                       decimal=lambda number: decimal(number, lang), p_value=lambda p: p_value(p, lang),
                       number=lambda number: str(number).replace(".", decimal(0.0, lang)[1]),
                       gap=lambda diff: describe_gap(diff, lang),
                       points=lambda value: points(value, lang), b_minus_a=lambda diff: b_minus_a(diff, lang),
                       deck_name=deck_name, shown_path=display_path,
                       estimate=lambda value, kind="measure": estimate_text(value, kind, lang),
                       hundredths=lambda number: hundredths(number, lang),
                       signed_hundredths=lambda number: signed_hundredths(number, lang))
    env.globals.update(span=lambda low, high: span(low, high, lang), seat_shares=seat_shares, error_kinds=error_kinds,
                       report_command=Markup("<code>deckforge report</code>"),
                       summary=lambda verdict: summary_sentence(verdict, lang),
                       fairness_sentence=lambda rows, labels: fairness_sentence(rows, labels, lang),
                       title_names=lambda decks: title_names(decks, lang),
                       deck_tags=deck_tags,
                       mean=lambda values: statistics.fmean(values) if values else 0.0,
                       median=lambda values: statistics.median(values) if values else 0)
    return env


def p_value(p: float, lang: str = SOURCE_LANGUAGE) -> str:
    """Format a p-value for a reader: 'p = 0.012', 'p < 0.0001' (with the language's decimal sign)."""
    text = "p < 0.0001" if p < 0.0001 else f"p = {p:.2g}"
    return text.replace(".", decimal(0.0, lang)[1])


def points(value: float | None, lang: str = SOURCE_LANGUAGE) -> str:
    """Format a difference of shares (a fraction) in percentage points, signed: '+3.1 points'."""
    return "–" if value is None else translations(lang).gettext("%(value)s points") % {
        "value": signed(value * 100, lang)}


def b_minus_a(difference: Difference, lang: str = SOURCE_LANGUAGE) -> str:
    """Format share B minus share A with its interval, in points: '+3.1 (+0.4 to +5.8)'."""
    low, high = difference.interval
    return translations(lang).gettext("%(value)s (%(low)s to %(high)s)") % {
        "value": signed(-difference.value * 100, lang), "low": signed(-high * 100, lang),
        "high": signed(-low * 100, lang)}



def deck_name(deck: Deck, lang: str) -> str:
    """Return the deck's name in the report's language, or in its own first language."""
    return deck.name(lang) if lang in deck.languages else deck.name(deck.languages[0])


WEB_FONT_FACES = ((400, False), (600, False), (700, False), (400, True))  # the page's weights and styles


def font_faces(embed: bool = False) -> Markup:
    """Declare the Open Sans faces: by file URL for the PDF (WeasyPrint embeds them), or inline for the page.

    Inline, each face is subset to the characters a report prints and stored as a WOFF2 data URL, so the page looks
    the same on every machine without loading anything.
    """
    faces = [font for font in ttf_opensans.FONTS if not embed or (font.weight, font.italic) in WEB_FONT_FACES]
    return Markup("\n".join(
        f"@font-face {{ font-family: 'Open Sans'; src: url('{web_font(font.path) if embed else font.path.as_uri()}'); "
        f"font-weight: {font.weight}; font-style: {'italic' if font.italic else 'normal'}; }}" for font in faces))


def render_html(report: Report, for_print: bool = False) -> str:
    """Render the report page with its fonts: by file for the PDF, inline for the self-contained page."""
    template = environment(report.lang).get_template("report.html")
    return template.render(report=report, font_faces=font_faces(embed=not for_print))


def render_pdf(report: Report) -> bytes:
    """Typeset the report page into a PDF with its fonts embedded and subset."""
    from weasyprint import HTML

    from ..rulebook.typeset import local_url_fetcher

    return HTML(string=render_html(report, for_print=True), base_url=REPORT_TEMPLATES.as_uri() + "/",
                url_fetcher=local_url_fetcher()).write_pdf()


def write_report(report: Report, target: Path | str, fmt: str = "html") -> Path:
    """Write the report as HTML or PDF, atomically."""
    assert fmt in ("html", "pdf"), fmt
    with deck_words(report.deck.folder):
        data = render_pdf(report) if fmt == "pdf" else render_html(report).encode("utf-8")
    return atomic_write(target, data)
