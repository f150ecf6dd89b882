"""Check art files before anything draws them: a real PNG or JPEG, matching its suffix, not corrupt, not huge.

Pillow's decompression-bomb protection stays on (and its warning is treated as an error), so a small file that
would expand into gigabytes of pixels is refused before it is decoded.
"""
from __future__ import annotations

import warnings
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageFile

from ..limits import MAX_ART_BYTES, MAX_ART_PIXELS as MAX_PIXELS, file_problem

FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}
Image.MAX_IMAGE_PIXELS = MAX_PIXELS  # Pillow's decompression-bomb guard, set to deckforge's own limit


def art_problem(path: Path) -> str | None:
    """Return what is wrong with an art file, or None when it is a usable image."""
    if (problem := file_problem(path, MAX_ART_BYTES, "an art file")) is not None:
        return problem  # measured before Pillow opens it: a FIFO would block, a huge file take long
    stat = path.stat()
    return _check(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=512)
def _check(path: Path, mtime_ns: int, size: int) -> str | None:
    expected = FORMATS.get(path.suffix.lower())
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                found, pixels = image.format, image.width * image.height
                if found != expected:
                    return f"the file is {found or 'not an image'} but its name ends in {path.suffix}"
                if pixels > MAX_PIXELS:
                    return f"the image is {image.width}×{image.height} pixels; at most {MAX_PIXELS:,} pixels"
                if found == "JPEG":  # every block is still read and entropy-decoded, at an eighth of the pixels
                    image.draft(image.mode, (1, 1))
                _load_strictly(image)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return f"the image is too large to decode safely (over {MAX_PIXELS:,} pixels)"
    except OSError as exc:
        return f"the image cannot be read ({_reason(exc)})"
    except (ValueError, SyntaxError, Image.UnidentifiedImageError) as exc:  # Pillow raises these on bad headers
        return f"the image cannot be read ({_reason(exc)})"
    return None


def _load_strictly(image: Image.Image) -> None:
    """Decode every pixel, failing on truncated data even where another library relaxed Pillow globally.

    WeasyPrint sets `ImageFile.LOAD_TRUNCATED_IMAGES = True` when it is imported.
    """
    relaxed = ImageFile.LOAD_TRUNCATED_IMAGES
    ImageFile.LOAD_TRUNCATED_IMAGES = False
    try:
        image.load()
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = relaxed


def _reason(exc: Exception) -> str:
    text = str(exc)
    if "truncated" in text:
        return "the file is truncated"
    if "cannot identify image file" in text:
        return "not a PNG or JPEG image"
    return text.split(" '/")[0] or type(exc).__name__
