"""Benchmark the layout stage against a plain ReportLab script drawing the same cards, in the same run.

Each card has a title, a wrapped text of about 30 words and one shared image. `deckforge` builds through its
template (sandboxed Jinja, text fitted to its box, images judged, imposition with crop marks and page labels);
the baseline draws the same text and image on the same 3 × 3 grid with none of that. Every case runs in a fresh
process so its peak memory (max RSS) is its own; the time is the CPU time of the best of five builds, the deck already loaded.

Usage: python benchmarks/bench_layout.py [--sizes 60,1000]
Target (issue 3): within 2× of the baseline at 1,000 cards; under 150 MB at 1,000 cards, flat as cards grow.
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WORDS = ("the next player draws two cards and then lays one of them face up beside the pile while everyone "
         "else counts to three before the round goes on in the same direction as before").split()
REPEATS = 5
# The same elements the baseline draws: a rounded frame, the title, the image, the wrapped text.
TEMPLATE = """
faces:
  default:
    elements:
      - {type: rect, name: frame, box: {left: 3, top: 3, right: 3, bottom: 3}, radius: 2.5, stroke: "#000000"}
      - {type: text, name: title, box: {left: 6, right: 6, top: 5, height: 9}, text: "{{ name }}", style: bold,
         size: 13, min_size: 8}
      - {type: art, name: art, box: {left: 7, right: 7, top: 17, height: 35}}
      - {type: text, name: body, box: {left: 7, right: 7, bottom: 8, height: 28}, text: "{{ text }}", size: 9,
         min_size: 6}
back: {elements: []}
"""


def make_deck(folder: Path, cards: int, copies: int = 1) -> Path:
    """Write a deck of `cards` cards sharing one 600 × 450 px image, `copies` of each face (the last face fewer
    where they do not divide); return its folder."""
    from PIL import Image

    folder.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (600, 450), (70, 110, 160)).save(folder / "art.png")
    (folder / "bench.yaml").write_text(TEMPLATE, encoding="utf-8")
    lines = ["id: bench", "game: kamen-nuzky-papir", "languages: [en]", "name: {en: Bench}",
             "players: {min: 2, max: 4}", "card_size: poker", "template: bench", "cards:"]
    for i in range(-(-cards // copies)):
        text = " ".join(WORDS[(i + k) % len(WORDS)] for k in range(30))
        count = min(copies, cards - i * copies)
        lines += [f"  - id: card-{i}", "    kind: item", "    item: rock", f"    count: {count}",
                  f"    name: {{en: Card number {i}}}", f"    text: {{en: '{text}'}}", "    art: art.png"]
    (folder / "deck.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def run_deckforge(deck_folder: Path, out: Path) -> float:
    from deckforge.layout import BuildOptions, build_deck
    from deckforge.load import load_deck

    deck = load_deck(deck_folder)
    build_deck(deck, BuildOptions(backs="none"), out=out)  # warm-up: fonts, symbols, caches of one run
    return _best(lambda: build_deck(deck, BuildOptions(backs="none"), out=out))


def run_baseline(deck_folder: Path, out: Path) -> float:
    from deckforge.load import load_deck

    cards = baseline_cards(load_deck(deck_folder))
    _baseline(cards, out)
    return _best(lambda: _baseline(cards, out))


def baseline_cards(deck) -> list[tuple[str, str, str]]:
    """Every card the build prints (each copy), as the (title, text, image) the baseline draws."""
    return [(card.name("en"), card.text("en"), str(card.art)) for card in deck.for_players(deck.player_count())]


def _baseline(cards: list[tuple[str, str, str]], out: Path) -> None:
    """Draw the cards 9 to an A4 page with plain ReportLab: no templates, no fitting, no checks."""
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfgen.canvas import Canvas

    from deckforge.layout.fonts import font_for

    mm = 72 / 25.4
    regular, bold = font_for("regular"), font_for("bold")
    canvas = Canvas(str(out), pagesize=(210 * mm, 297 * mm), initialFontName=regular)
    for i, (title, text, art) in enumerate(cards):
        col, row = i % 3, (i // 3) % 3
        x, y = (10.5 + 63 * col) * mm, (192.5 - 88 * row) * mm
        canvas.roundRect(x + 3 * mm, y + 3 * mm, 57 * mm, 82 * mm, 2.5 * mm)
        canvas.setFont(bold, 13)
        canvas.drawCentredString(x + 31.5 * mm, y + 76 * mm, title)
        canvas.drawImage(art, x + 7 * mm, y + 36 * mm, 49 * mm, 35 * mm, preserveAspectRatio=True)
        canvas.setFont(regular, 9)
        for k, line in enumerate(simpleSplit(text, regular, 9, 49 * mm)):
            canvas.drawCentredString(x + 31.5 * mm, y + 30 * mm - k * 11, line)
        if i % 9 == 8 or i == len(cards) - 1:
            canvas.showPage()
    canvas.save()


def _best(build) -> float:
    times = []
    for _ in range(REPEATS):
        start = time.process_time()  # CPU time: other work on a shared machine barely moves it
        build()
        times.append(time.process_time() - start)
    return min(times)


def worker(kind: str, deck_folder: Path, out: Path) -> None:
    seconds = (run_deckforge if kind == "deckforge" else run_baseline)(deck_folder, out)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": seconds, "peak_mb": peak_mb, "bytes": out.stat().st_size}))


def measure(kind: str, deck_folder: Path, out: Path) -> dict:
    result = subprocess.run([sys.executable, __file__, "--worker", kind, str(deck_folder), str(out)],
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="60,1000")
    parser.add_argument("--worker", nargs=3, metavar=("KIND", "DECK", "OUT"))
    args = parser.parse_args()
    if args.worker:
        kind, deck, out = args.worker
        return worker(kind, Path(deck), Path(out))
    print(f"{'cards':>6} {'deckforge':>10} {'baseline':>9} {'ratio':>6} {'ms/card':>8} {'peak MB':>8} "
          f"{'base MB':>8} {'PDF kB':>7}")
    with tempfile.TemporaryDirectory() as scratch:
        for size in (int(s) for s in args.sizes.split(",")):
            deck = make_deck(Path(scratch) / f"deck-{size}", size)
            ours = measure("deckforge", deck, Path(scratch) / f"ours-{size}.pdf")
            base = measure("baseline", deck, Path(scratch) / f"base-{size}.pdf")
            print(f"{size:>6} {ours['seconds']:>9.3f}s {base['seconds']:>8.3f}s {ours['seconds'] / base['seconds']:>5.2f}x "
                  f"{1000 * ours['seconds'] / size:>8.2f} {ours['peak_mb']:>8.1f} {base['peak_mb']:>8.1f} "
                  f"{ours['bytes'] / 1024:>7.0f}")


if __name__ == "__main__":
    main()
