"""Images: read each art file once with Pillow, refuse unreadable ones, and judge its print resolution."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from ..errors import BuildError, display_path
from ..load.art import art_problem

MIN_DPI = 300


@dataclass(frozen=True)
class ImageInfo:
    """An art file that Pillow decoded completely, with its size in pixels."""

    path: Path
    width_px: int
    height_px: int

    def dpi_at(self, width_pt: float, height_pt: float) -> float:
        """Return the resolution the image prints at when drawn this size (the lower of the two axes)."""
        return min(self.width_px / (width_pt / 72), self.height_px / (height_pt / 72))


class ImageBook:
    """The art files of one build: each is opened and checked once however many cards use it."""

    def __init__(self) -> None:
        self._seen: dict[Path, ImageInfo] = {}

    def info(self, path: Path, user: str) -> ImageInfo:
        """Return the image's info; raise BuildError naming `user` (the card) when it cannot be read."""
        if path not in self._seen:
            self._seen[path] = _read(path, user)
        return self._seen[path]


def _read(path: Path, user: str) -> ImageInfo:
    """Check the file again with the loader's art check (art may change under a long run), then read its size."""
    shown = display_path(path)
    try:
        problem = art_problem(path)
    except FileNotFoundError:
        raise BuildError(f"{user}: the art file {shown} does not exist") from None
    if problem:
        raise BuildError(f"{user}: cannot read the art file {shown}: {problem}")
    with Image.open(path) as image:
        return ImageInfo(path, image.width, image.height)
