"""Report: play a deck at every player count, then turn the tallies into a verdict and one page of charts.

Stages, one module each: `play` (seeded games through the simulator's runner, tallied by seat from the starter)
→ `analysis` (verdict and findings, over the pure `stats`) and `design` (CardStock's game-design measures) →
`charts` and `card_charts` (matplotlib, inline SVG through `svg`) → `page` (the Jinja2 template in templates/report/,
HTML or PDF). `compare` sets two decks side by side.
"""
from ..lazy import lazy_attributes

DEFAULT_GAMES = 1000   # per player count: Kámen, nůžky, papír at all 11 counts in about 13 s on two idle cores
__getattr__ = lazy_attributes(__name__, {name: ".page" for name in ("Report", "build_report", "render_html",
                                                                   "render_pdf", "write_report")})

__all__ = ["DEFAULT_GAMES", "Report", "build_report", "render_html", "render_pdf", "write_report"]
