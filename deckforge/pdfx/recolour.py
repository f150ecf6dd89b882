"""Turn a typeset (WeasyPrint) PDF's RGB into press CMYK after the fact, for PDF/X-1a rulebooks and score pads.

WeasyPrint writes every CSS colour as an `rg`/`RG` operator; each becomes `k`/`K` through the same conversion the
card sheets use (pdfx.icc.rgb_to_cmyk), so text in #222 is 100 % K here too. RGB images are flattened onto
white and converted. What cannot be converted faithfully after typesetting (a colour space such as Lab chosen
in CSS, a gradient, transparency left after `opacity` is switched off) is refused with the reason.
"""
from __future__ import annotations

import zlib

import pikepdf

from ..errors import BuildError
from .icc import press_image, rgb_to_cmyk

# Switched on while typesetting for PDF/X-1a: every element opaque, so no transparency group is written.
OPAQUE_CSS = "* { opacity: 1 !important; }"
_RGB_OPERATORS = {"rg": "k", "RG": "K"}
_REFUSED_OPERATORS = {"cs", "CS", "sc", "SC", "scn", "SCN", "sh"}


def recolour_to_press(pdf: pikepdf.Pdf) -> None:
    """Rewrite every page and form of `pdf` in press CMYK; raise BuildError on what PDF/X-1a cannot hold."""
    for holder, content in list(_content_holders(pdf)):
        content.write(pikepdf.unparse_content_stream([_recoloured(op) for op in pikepdf.parse_content_stream(content)]))
        _drop(holder, "/Group")  # a transparency group's RGB blending space: nothing is transparent now
        resources = holder.get("/Resources", pikepdf.Dictionary())
        _drop(resources, "/ColorSpace")  # Lab spaces WeasyPrint declares but, with cs refused, never uses
        for state in (resources.get("/ExtGState") or {}).values():
            _check_opaque(state)
    for obj in list(pdf.objects):
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image" and "RGB" in str(obj.ColorSpace):
            _press_image(obj)


def _content_holders(pdf: pikepdf.Pdf):
    """Yield (holder, content stream) of every page (contents joined into one stream) and form XObject."""
    for page in pdf.pages:
        page.contents_coalesce()
        yield page.obj, page.obj.Contents
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form":
            yield obj, obj


def _recoloured(instruction: pikepdf.ContentStreamInstruction):
    operator = str(instruction.operator)
    if operator in _REFUSED_OPERATORS:
        raise BuildError(f"PDF/X-1a: the document paints with '{operator}' (a CSS colour space or gradient) that "
                         "cannot be converted to CMYK after typesetting; use --pdf-x x4")
    if operator not in _RGB_OPERATORS:
        return instruction
    inks = rgb_to_cmyk(*(float(v) for v in instruction.operands))
    return pikepdf.ContentStreamInstruction([round(v, 4) for v in inks], pikepdf.Operator(_RGB_OPERATORS[operator]))


def _press_image(image: pikepdf.Stream) -> None:
    picture = pikepdf.PdfImage(image).as_pil_image().convert("RGBA")
    if "/SMask" in image:
        alpha = pikepdf.PdfImage(image.SMask).as_pil_image().convert("L").resize(picture.size)
        picture.putalpha(alpha)
        del image["/SMask"]
    cmyk = press_image(picture)
    image.write(zlib.compress(cmyk.tobytes()), filter=pikepdf.Name.FlateDecode)
    image.ColorSpace, image.BitsPerComponent = pikepdf.Name.DeviceCMYK, 8
    for key in ("/DecodeParms", "/Decode", "/Mask"):
        _drop(image, key)


def _drop(dictionary, key: str) -> None:
    if key in dictionary:
        del dictionary[key]


def _check_opaque(state: pikepdf.Dictionary) -> None:
    if "/SMask" in state and str(state.SMask) != "/None":
        raise BuildError("PDF/X-1a: the document uses a soft mask (transparency); use --pdf-x x4")
    for key in ("/ca", "/CA"):
        if key in state and float(state[key]) < 1:
            raise BuildError("PDF/X-1a: the document uses transparency; use --pdf-x x4")

