"""Colour words: a deck's "#rrggbb" or "cmyk(c, m, y, k)", parsed in one place for every stage.

RGB colours are sRGB. CMYK colours are ink amounts for the press (0–1, or percentages) in the condition of
deckforge's output profile (FOGRA39, see docs/print-shop.md): PDF/X output prints them unchanged, RGB output and
HTML show them through that profile.
"""
from __future__ import annotations

import re

_INK = r"\s*(100(?:\.0+)?%|\d{1,2}(?:\.\d+)?%|1(?:\.0+)?|0(?:\.\d+)?|\.\d+)\s*"
CMYK = re.compile(rf"^cmyk\({_INK},{_INK},{_INK},{_INK}\)$")
COLOUR = re.compile(rf"^(#[0-9a-fA-F]{{6}}|cmyk\({_INK},{_INK},{_INK},{_INK}\))$")
COLOUR_HINT = "\"#rrggbb\" or cmyk(c, m, y, k) with inks from 0 to 1 or in %"


def not_a_colour(value: object) -> str:
    """Begin the message for a value that is no colour. An empty value is nearly always `colour: #1f5fa8` without
    quotes, which YAML reads as nothing followed by a comment: say so."""
    if value is None:
        return "no colour given (in YAML a # begins a comment, so a colour such as #1f5fa8 needs quotes); "
    return f"{value!r} is not a colour: "


def is_colour(text: object) -> bool:
    """Return whether a text is a colour word: "#rrggbb" or cmyk(c, m, y, k)."""
    return isinstance(text, str) and bool(COLOUR.match(text))


def cmyk_inks(text: str) -> tuple[float, float, float, float] | None:
    """Return the four inks (0–1) of a cmyk(...) word, or None for any other text."""
    match = CMYK.match(text)
    if not match:
        return None
    return tuple(float(v[:-1]) / 100 if v.endswith("%") else float(v) for v in match.groups())


def parse_colour(text: str):
    """Turn a colour word into a ReportLab colour: HexColor for "#rrggbb", CMYKColor for cmyk(...)."""
    from reportlab.lib.colors import CMYKColor, HexColor  # only drawing needs ReportLab: loading stays light

    inks = cmyk_inks(text)
    return CMYKColor(*inks) if inks else HexColor(text)


def css_colour(text: str) -> str:
    """Return a colour word as CSS "#rrggbb": a CMYK colour as it prints, seen through the output profile."""
    inks = cmyk_inks(text)
    if inks is None:
        return text
    from .pdfx.icc import cmyk_to_rgb

    return "#" + "".join(f"{round(v * 255):02x}" for v in cmyk_to_rgb(*inks))
