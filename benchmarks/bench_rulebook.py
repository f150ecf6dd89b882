"""Benchmark: the eight bundled rulebooks (four games, two languages) beside one WeasyPrint render of an empty page.

Each rulebook is timed in its stages – context and HTML (Jinja2), layout (WeasyPrint `render`) and PDF writing
(`write_pdf`, which subsets and embeds the fonts) – and the total is reported as a ratio to the empty page measured
in the same run, so the figure means the same on a loaded or an idle machine.

Run by hand: `python benchmarks/bench_rulebook.py [--repeat 3] [--paper a4]`. Each figure is the best of --repeat
runs, to be fair under a shared CPU.
"""
from __future__ import annotations

import argparse
import time

from weasyprint import HTML

from deckforge.load import load_deck
from deckforge.rulebook import build_context, render_html
from deckforge.rulebook.render import RULEBOOK_TEMPLATES

DECKS = ("kamen-nuzky-papir", "wizard", "rychle-sipy", "dymock")
LANGS = ("cs", "en")
EMPTY_PAGE = "<!DOCTYPE html><html><head><style>@page { size: A4 }</style></head><body></body></html>"


def best(seconds_of, repeat: int) -> float:
    """Return the fastest of `repeat` timings of a function that returns its own seconds."""
    return min(seconds_of() for _ in range(repeat))


def empty_page() -> float:
    start = time.perf_counter()
    HTML(string=EMPTY_PAGE).write_pdf()
    return time.perf_counter() - start


def rulebook_stages(deck_id: str, lang: str, paper: str) -> tuple[float, float, float, int]:
    """Return seconds for (HTML, layout, PDF) and the page count of one rulebook."""
    deck = load_deck(deck_id)
    start = time.perf_counter()
    html = render_html(deck, build_context(deck, lang, deck.players.default_players), paper)
    rendered = time.perf_counter()
    document = HTML(string=html, base_url=RULEBOOK_TEMPLATES.as_uri() + "/").render()
    laid_out = time.perf_counter()
    document.write_pdf()
    written = time.perf_counter()
    return rendered - start, laid_out - rendered, written - laid_out, len(document.pages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--paper", default="a4", choices=("a4", "a5", "letter"))
    args = parser.parse_args()

    empty_page()  # warm up: WeasyPrint's first render loads its user-agent stylesheet
    baseline = best(empty_page, args.repeat)
    print(f"empty page (WeasyPrint baseline): {baseline * 1000:.1f} ms\n")
    print(f"{'rulebook':24} {'pages':>5} {'html ms':>8} {'layout ms':>9} {'pdf ms':>7} {'total ms':>8} {'× empty':>8}")
    total = 0.0
    for deck_id in DECKS:
        for lang in LANGS:
            runs = [rulebook_stages(deck_id, lang, args.paper) for _ in range(args.repeat)]
            html_s, layout_s, pdf_s, pages = min(runs, key=lambda r: r[0] + r[1] + r[2])
            seconds = html_s + layout_s + pdf_s
            total += seconds
            print(f"{deck_id + ' ' + lang:24} {pages:5} {html_s * 1000:8.0f} {layout_s * 1000:9.0f} "
                  f"{pdf_s * 1000:7.0f} {seconds * 1000:8.0f} {seconds / baseline:8.0f}")
    print(f"\nall eight rulebooks: {total:.2f} s = {total / baseline:.0f} × one empty page "
          f"({total / len(DECKS) / len(LANGS) * 1000:.0f} ms per rulebook)")


if __name__ == "__main__":
    main()
