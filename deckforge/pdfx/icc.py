"""ICC conversion between sRGB and the press profile (littleCMS through Pillow's ImageCms).

Colours go relative colorimetric with black-point compensation, the usual intent for brand and flat colours.
Neutral greys print on the black plate alone and dark ones as solid black, so text and marks stay sharp when
the plates do not line up; no colour carries more than 300 % ink in total.
"""
from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageCms

from . import PROFILE

TOTAL_INK = 3.0
NEUTRAL_SPREAD = 8  # of 255: red, green and blue this close together read as grey
SOLID_BLACK_FROM = 0.85  # a grey needing this much black prints as 100 % K
SIXTEEN_BIT_GREY = frozenset({"I", "I;16", "I;16B", "I;16L", "I;16N"})  # Pillow's modes of a 16-bit grey PNG


@cache
def press_profile() -> ImageCms.ImageCmsProfile:
    return ImageCms.getOpenProfile(str(PROFILE))


@cache
def _transform(to_press: bool) -> ImageCms.ImageCmsTransform:
    srgb = ImageCms.createProfile("sRGB")
    source, target = (srgb, press_profile()) if to_press else (press_profile(), srgb)
    modes = ("RGB", "CMYK") if to_press else ("CMYK", "RGB")
    return ImageCms.buildTransform(source, target, *modes, renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


def rgb_to_cmyk(red: float, green: float, blue: float) -> tuple[float, float, float, float]:
    """Return the press inks (0–1) for an sRGB colour (0–1), greys on black alone, ink capped at 300 %."""
    return _rgb_to_cmyk(*(round(min(max(v, 0.0), 1.0) * 255) for v in (red, green, blue)))


@lru_cache(maxsize=4096)
def _rgb_to_cmyk(red: int, green: int, blue: int) -> tuple[float, float, float, float]:
    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), (red, green, blue)), _transform(True))
    c, m, y, k = (v / 255 for v in pixel.getpixel((0, 0)))
    if max(red, green, blue) - min(red, green, blue) <= NEUTRAL_SPREAD:
        return 0.0, 0.0, 0.0, 1.0 if k >= SOLID_BLACK_FROM else round(k, 4)
    return cap_ink(c, m, y, k)


def cap_ink(c: float, m: float, y: float, k: float) -> tuple[float, float, float, float]:
    """Scale cyan, magenta and yellow down, keeping black, until the inks total at most 300 %."""
    colour = c + m + y
    if colour + k > TOTAL_INK and colour > 0:
        scale = max(TOTAL_INK - k, 0.0) / colour
        c, m, y = c * scale, m * scale, y * scale
    return tuple(round(v, 4) for v in (c, m, y, k))


@lru_cache(maxsize=1024)
def cmyk_to_rgb(c: float, m: float, y: float, k: float) -> tuple[float, float, float]:
    """Return the sRGB colour (0–1) that press inks (0–1) print as, for screens and HTML."""
    inks = tuple(round(min(max(v, 0.0), 1.0) * 255) for v in (c, m, y, k))
    pixel = ImageCms.applyTransform(Image.new("CMYK", (1, 1), inks), _transform(False))
    return tuple(v / 255 for v in pixel.getpixel((0, 0)))


def press_image(image: Image.Image, matte: tuple[int, int, int] = (255, 255, 255)) -> Image.Image:
    """Return an image in press CMYK with no transparency: alpha flattened onto `matte` (sRGB), then converted."""
    if image.mode == "CMYK":
        return image.copy()
    rgba = eight_bit(image).convert("RGBA")
    flat = Image.new("RGB", rgba.size, matte)
    flat.paste(rgba, mask=rgba.getchannel("A"))
    return ImageCms.applyTransform(flat, _transform(True))


def eight_bit(image: Image.Image) -> Image.Image:
    """Return a 16-bit greyscale image scaled to 8-bit greyscale ("L"); return any other image as it is.

    Pillow converts those modes to "L", "RGB" or "RGBA" by clipping each value at 255 instead of scaling it, so
    a mid-grey PNG (30000 of 65535) drew as white paper; 16-bit RGB PNGs Pillow itself opens as 8-bit."""
    if image.mode not in SIXTEEN_BIT_GREY:
        return image
    return image.convert("I").point(lambda value: value / 257 + 0.5).convert("L")
