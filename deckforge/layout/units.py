"""Units: turn written lengths such as `63mm`, `0.125in` or `9pt` into PDF points, in this one place."""
from __future__ import annotations

import re

MM = 72 / 25.4
UNITS: dict[str, float] = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(mm|cm|in|pt)?\s*$")


def parse_length(value: str | float | int, default_unit: str = "mm") -> float:
    """Return a length in points; a bare number is read in `default_unit`.

    Raise ValueError with a message a user can act on when the text is not a length.
    """
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a length: write e.g. 3mm, 0.125in or 9pt")
    if isinstance(value, (int, float)):
        return float(value) * UNITS[default_unit]
    match = _LENGTH.match(str(value))
    if not match:
        raise ValueError(f"'{value}' is not a length: write e.g. 3mm, 0.125in or 9pt")
    number, unit = match.groups()
    return float(number) * UNITS[unit or default_unit]


def mm(value: float) -> float:
    """Return millimetres as points."""
    return value * MM


def to_mm(points: float) -> float:
    """Return points as millimetres."""
    return points / MM
