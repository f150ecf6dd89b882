"""Sheet formats: the paper sizes a build can print on, as data (portrait width and height)."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import BuildError
from ..load.check import nearest
from .units import parse_length

# Portrait sizes as written on the packet; parsed once by `paper()`.
PAPER_SIZES: dict[str, tuple[str, str]] = {
    "a4": ("210mm", "297mm"),
    "letter": ("8.5in", "11in"),
    "a3": ("297mm", "420mm"),
}


@dataclass(frozen=True)
class Paper:
    """A sheet of paper in points, portrait."""

    name: str
    width: float
    height: float


def paper(name: str) -> Paper:
    """Return the named paper size; raise BuildError naming the known sizes for an unknown one."""
    if name not in PAPER_SIZES:
        raise BuildError(f"unknown paper '{name}'{nearest(name, PAPER_SIZES)} (one of: {', '.join(PAPER_SIZES)})")
    width, height = PAPER_SIZES[name]
    return Paper(name, parse_length(width), parse_length(height))
