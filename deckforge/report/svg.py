"""Matplotlib figures as inline SVG: drawn in Open Sans, text as outlines, ids unique on the page, same bytes per run.

matplotlib draws on its own `Figure` objects (no pyplot state, no GUI backend), writes SVG with text converted
to paths (so the page needs no font to show a chart), and a fixed hash salt and no date keep the output
byte-for-byte reproducible. Before inlining, the XML prologue, DOCTYPE and metadata (which names web addresses)
are dropped and every id is prefixed, because several SVGs share one HTML document.
"""
from __future__ import annotations

import io
import re
from functools import lru_cache

import matplotlib
import ttf_opensans
from matplotlib import font_manager
from matplotlib.figure import Figure
from markupsafe import Markup

INK = "#222222"
GRID = "#dddddd"
SERIES_COLOURS = ("#3b4a6b", "#c0392b")   # deck A (or the only deck), deck B
FAIR_COLOUR = "#2e8b3a"

STYLE = {
    "font.family": "Open Sans",
    "font.size": 9,
    "axes.titlesize": 9.5,
    "axes.edgecolor": "#888888",
    "axes.labelcolor": INK,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "axes.axisbelow": True,
    "grid.color": GRID,
    "grid.linewidth": 0.6,
    "xtick.color": INK,
    "ytick.color": INK,
    "legend.frameon": False,
    "svg.fonttype": "path",
    "svg.hashsalt": "deckforge-report",
}


@lru_cache(maxsize=1)
def register_fonts() -> None:
    """Make the Open Sans files of the ttf_opensans package known to matplotlib (once per process)."""
    for font in ttf_opensans.FONTS:
        font_manager.fontManager.addfont(str(font.path))


def new_figure(width_in: float, height_in: float, constrained: bool = True) -> Figure:
    """Return an empty figure in the report's style (apply `style()` around drawing and saving). `constrained`:
    matplotlib fits the axes around their labels; without it the caller sets the margins (a third of the drawing
    time of a chart of many panels goes to constrained layout measuring every tick label)."""
    register_fonts()
    return Figure(figsize=(width_in, height_in), layout="constrained" if constrained else None)


def style():
    """Return a context manager that applies the report's matplotlib style."""
    register_fonts()
    return matplotlib.rc_context(STYLE)


def to_svg(figure: Figure, name: str) -> Markup:
    """Return the figure as an SVG element ready to inline, its ids prefixed with `name`."""
    buffer = io.StringIO()
    with style():
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    return Markup(inline(buffer.getvalue(), name))


def inline(svg_text: str, name: str) -> str:
    """Strip what an inline SVG must not carry and make its ids unique with the prefix `name`."""
    assert re.fullmatch(r"[a-z][a-z0-9-]*", name), name
    text = svg_text[svg_text.index("<svg"):]
    text = re.sub(r"<metadata>.*?</metadata>\s*", "", text, flags=re.S)
    text = re.sub(r"<!--.*?-->\s*", "", text, flags=re.S)
    text = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{name}-{m.group(1)}"', text)
    text = re.sub(r'url\(#([^)]+)\)', lambda m: f"url(#{name}-{m.group(1)})", text)
    text = re.sub(r'xlink:href="#([^"]+)"', lambda m: f'xlink:href="#{name}-{m.group(1)}"', text)
    return text.replace("<svg ", '<svg class="chart" role="img" ', 1)
