"""Layout: turn a deck and its card template into cut-ready PDF sheets, per-card PDF pages or PNGs.

Stages, each in its own module: `faces` plans every card face from the template (texts fitted, images judged),
`imposition` plans sheets as pure geometry, `draw` paints both with ReportLab; `build` runs them in order and
writes atomically. The package never reads YAML: the deck and its template arrive as frozen model objects.
"""
from ..lazy import lazy_attributes

FORMATS = ("sheets", "cards-pdf", "cards-png", "tts")
__getattr__ = lazy_attributes(__name__, {name: ".build" for name in ("BuildOptions", "BuildResult", "build_deck")})

__all__ = ["BuildOptions", "BuildResult", "build_deck", "FORMATS"]
