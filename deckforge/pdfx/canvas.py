"""The drawing canvas: every colour and image ReportLab writes passes through here, once.

ReportLab calls `enforceColorSpace` on every fill and stroke colour (shapes, text, svglib icons, game art), so
one function decides the colour space of the whole file: press CMYK through the ICC profile under PDF/X,
sRGB otherwise (a deck's cmyk(...) colours shown as they print). Images are converted in `drawImage`, and
loaded with binary streams (`binary_streams`).
"""
from __future__ import annotations

import io
import os
import threading
from contextlib import contextmanager
from functools import lru_cache
from typing import Iterable, Iterator

from PIL import Image
from reportlab import rl_config
from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from ..colour import parse_colour
from .icc import SIXTEEN_BIT_GREY, cap_ink, cmyk_to_rgb, eight_bit, press_image, rgb_to_cmyk

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in points
PRESS_JPEG_QUALITY = 95  # a JPEG's pixels in press CMYK, saved again as a JPEG


def press_colour(colour) -> CMYKColor:
    """Return any ReportLab colour as press CMYK: RGB through the profile, CMYK kept, ink capped."""
    given = toColor(colour)
    if isinstance(given, CMYKColor):
        d = given.density
        inks = cap_ink(*(d * v for v in (given.cyan, given.magenta, given.yellow, given.black)))
    else:
        inks = rgb_to_cmyk(given.red, given.green, given.blue)
    return CMYKColor(*inks, alpha=given.alpha)


def screen_colour(colour):
    """Return a CMYK colour as the sRGB it prints as; leave every other colour as it is."""
    if isinstance(colour, CMYKColor):
        d = colour.density
        red, green, blue = cmyk_to_rgb(*(d * v for v in (colour.cyan, colour.magenta, colour.yellow, colour.black)))
        return Color(red, green, blue, alpha=colour.alpha)
    return colour


_BINARY = threading.RLock()  # one block at a time switches ReportLab's process-wide setting


@contextmanager
def binary_streams() -> Iterator[None]:
    """Inside the block, ReportLab writes its streams binary, Flate only. Its default (`rl_config.useA85`, one
    switch for the whole process) adds ASCII85 on top, which makes a stream a quarter larger and slower to write;
    it applies to an image as it is loaded (when first drawn) and to the pages as they are saved."""
    with _BINARY:
        previous, rl_config.useA85 = rl_config.useA85, 0
        try:
            yield
        finally:
            rl_config.useA85 = previous


class PrintCanvas(Canvas):
    """A ReportLab canvas in the colour space the output asks for, with per-page Trim- and BleedBoxes.

    `pdf_x` is None (sRGB), "x1a" (CMYK, no transparency, PDF 1.4) or "x4" (CMYK); under PDF/X the canvas
    writes to a file path, which `save` finishes as PDF/X. `page_boxes` gives each page in order its (trim,
    bleed) rectangles; they are set as the page ends.
    """

    def __init__(self, filename, *, pdf_x: str | None = None, page_boxes: Iterable[tuple[Rect, Rect]] = (),
                 max_dpi: int | str | None = None, **options):
        self.pdf_x = pdf_x
        self.max_dpi = max_dpi  # see `resampling`
        self._page_boxes = list(page_boxes)
        options["enforceColorSpace"] = press_colour if pdf_x else screen_colour
        if pdf_x:
            options["pdfVersion"] = (1, 4)
        super().__init__(filename, **options)

    def save(self) -> None:
        """Write the file; under PDF/X finish it (OutputIntent, conformance, version) before it is renamed."""
        super().save()
        if self.pdf_x:
            finish_pdf_x(self._filename, self.pdf_x)

    def showPage(self) -> None:
        if self._page_boxes:
            trim, bleed = self._page_boxes.pop(0)
            self.setTrimBox(trim)
            self.setBleedBox(bleed)
        super().showPage()

    def _setFillAlpha(self, value) -> None:
        if self.pdf_x != "x1a":  # PDF/X-1a allows no transparency: everything is painted opaque
            super()._setFillAlpha(value)

    def _setStrokeAlpha(self, value) -> None:
        if self.pdf_x != "x1a":
            super()._setStrokeAlpha(value)

    def drawImage(self, image, x, y, width=None, height=None, mask=None, *args, matte: str = "#ffffff", **kwargs):
        """Draw an image; a file is first resampled where it would print sharper than the canvas's `max_dpi`
        allows at this size (`resampling`), under PDF/X flattened onto `matte` and converted to press CMYK, and
        otherwise a 16-bit greyscale file is scaled to 8 bits (ReportLab would clip it to white)."""
        if isinstance(image, str):
            stat = os.stat(image)
            pixels = _resampled_size(image, stat.st_mtime_ns, stat.st_size, width, height, self.max_dpi)
            if self.pdf_x:
                image, mask = _press_reader(image, stat.st_mtime_ns, stat.st_size, pixels, matte), None
            else:
                image = _screen_reader(image, stat.st_mtime_ns, stat.st_size, pixels) or image
        with binary_streams():
            return super().drawImage(image, x, y, width, height, mask, *args, **kwargs)


MAX_DPI = 450        # a picture that would print sharper than this at its size on the card ...
RESAMPLED_DPI = 300  # ... is resampled to this, as a press's own export presets do: the print cannot show more
FULL_RESOLUTION = "full"  # `max_dpi` that keeps every picture as its file has it
DPI_RANGE = (150, 4800)   # the `max_dpi` a maker may give: below 150 a print shows the pixels


def resampling(max_dpi: int | str | None) -> tuple[float, float] | None:
    """Return (above, to): a picture printing sharper than `above` DPI is resampled to `to` DPI; None: never.

    `max_dpi` None is the press preset (above MAX_DPI to RESAMPLED_DPI); a number N resamples what is sharper
    than N to N (line art and text drawn as pictures may want 600 or 1200); FULL_RESOLUTION keeps every file."""
    if max_dpi is None:
        return MAX_DPI, RESAMPLED_DPI
    if max_dpi == FULL_RESOLUTION:
        return None
    return float(max_dpi), float(max_dpi)


def _resampled_size(path: str, mtime_ns: int, size: int, width_pt, height_pt,
                    max_dpi: int | str | None = None) -> tuple[int, int] | None:
    """Return the pixel size to resample a picture to for this printed size, or None to keep its own."""
    limits = resampling(max_dpi)
    if not width_pt or not height_pt or limits is None:
        return None
    above, to = limits
    width_px, height_px = _pixel_size(path, mtime_ns, size)
    dpi = min(width_px / (width_pt / 72), height_px / (height_pt / 72))
    if dpi <= above:
        return None
    scale = to / dpi
    return max(1, round(width_px * scale)), max(1, round(height_px * scale))


@lru_cache(maxsize=256)
def _pixel_size(path: str, mtime_ns: int, size: int) -> tuple[int, int]:
    with Image.open(path) as image:  # the header alone
        return image.size


def _opened(image: Image.Image, pixels: tuple[int, int] | None) -> Image.Image:
    """Return the picture with 16-bit grey scaled to 8 bits and, given `pixels`, resampled to that size.

    A JPEG is decoded at the smallest of libjpeg's scales (1/2, 1/4, 1/8) still twice the size wanted, and the
    resampling first reduces by whole factors (`reducing_gap`): both several times quicker for a photograph many
    times too large, and alike to the eye to resampling every pixel of it."""
    if pixels is not None and image.format == "JPEG":
        image.draft(image.mode, (2 * pixels[0], 2 * pixels[1]))
    image = eight_bit(image)
    if pixels is None:
        return image
    if image.mode not in ("RGB", "RGBA", "L", "LA", "CMYK"):
        image = image.convert("RGBA" if "transparency" in image.info or image.mode.endswith("A") else "RGB")
    return image.resize(pixels, Image.Resampling.LANCZOS, reducing_gap=3.0)


def _encoded(image: Image.Image, as_jpeg: bool) -> ImageReader:
    """Return a reader of the picture: a JPEG at PRESS_JPEG_QUALITY (no chroma subsampling) where its file was a
    JPEG, so that a photograph stays one; else its pixels, which ReportLab stores losslessly."""
    if not as_jpeg:
        return ImageReader(image)
    encoded = io.BytesIO()
    image.save(encoded, "JPEG", quality=PRESS_JPEG_QUALITY, subsampling=0)
    encoded.seek(0)
    return ImageReader(encoded)


@lru_cache(maxsize=64)
def _screen_reader(path: str, mtime_ns: int, size: int, pixels: tuple[int, int] | None) -> ImageReader | None:
    """Return the picture to draw outside PDF/X, or None for a file ReportLab reads right by its name."""
    with Image.open(path) as image:
        if pixels is None and image.mode not in SIXTEEN_BIT_GREY:
            return None
        return _encoded(_opened(image, pixels), image.format == "JPEG" and image.mode in ("RGB", "L", "CMYK"))


@lru_cache(maxsize=64)
def _press_reader(path: str, mtime_ns: int, size: int, pixels: tuple[int, int] | None, matte: str) -> ImageReader:
    """Return the picture in press CMYK, flattened onto `matte`; a JPEG stays a JPEG (Pillow writes CMYK the
    Adobe way, inverted, which ReportLab marks with its Decode array)."""
    backdrop = toColor(screen_colour(parse_colour(matte)))
    rgb = tuple(round(v * 255) for v in (backdrop.red, backdrop.green, backdrop.blue))
    with Image.open(path) as image:
        return _encoded(press_image(_opened(image, pixels), rgb), image.format == "JPEG")


def boxes_around(trims: Iterable[Rect], paints: Iterable[Rect], media: Rect) -> tuple[Rect, Rect]:
    """Return (TrimBox, BleedBox) of a sheet: around every card's trim, and around all they paint, on the page."""
    def around(rects: list[Rect]) -> Rect:
        x0, y0 = max(min(r[0] for r in rects), media[0]), max(min(r[1] for r in rects), media[1])
        return x0, y0, min(max(r[2] for r in rects), media[2]), min(max(r[3] for r in rects), media[3])

    return around(list(trims)), around(list(paints))


def finish_pdf_x(path, variant: str) -> None:
    """Finish a written PDF/X file (finish.py); its pikepdf is imported only when a PDF/X file is made."""
    from .finish import finish_pdf_x as finish

    finish(path, variant)
