"""Images: read each art file once with Pillow, refuse unreadable ones, and judge its print resolution."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageFile, UnidentifiedImageError

from ..errors import BuildError, display_path

MIN_DPI = 300
FORMATS = ("PNG", "JPEG")


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
    # WeasyPrint switches Pillow to accept truncated files process-wide; a card must not print half an image.
    lenient, ImageFile.LOAD_TRUNCATED_IMAGES = ImageFile.LOAD_TRUNCATED_IMAGES, False
    try:
        return _decode(path, user)
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = lenient


def _decode(path: Path, user: str) -> ImageInfo:
    shown = display_path(path)
    try:
        with Image.open(path) as image:
            if image.format not in FORMATS:
                raise BuildError(f"{user}: the art file {shown} is {image.format or 'not an image'}; "
                                 "use PNG or JPEG")
            image.load()  # decode fully: a truncated file fails here, not halfway through the PDF
            return ImageInfo(path, image.width, image.height)
    except BuildError:
        raise
    except FileNotFoundError:
        raise BuildError(f"{user}: the art file {shown} does not exist") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        raise BuildError(f"{user}: cannot read the art file {shown}: {exc}") from None
