"""Finish a written PDF as PDF/X: the OutputIntent with the press profile, the conformance keys, the version.

ReportLab and WeasyPrint draw the pages; what PDF/X asks of the file as a whole is written here with pikepdf,
in place, while the file is still the temporary one `output.atomic_path` renames only when all went well.
"""
from __future__ import annotations

import uuid
import warnings
from datetime import datetime, timezone
from functools import cache
from pathlib import Path

import pikepdf
from PIL import ImageCms

from . import OUTPUT_CONDITION, OUTPUT_CONDITION_INFO, PROFILE
from .recolour import recolour_to_press

# GTS_PDFXVersion names the part of ISO 15930 (X-1a:2003 is a conformance level of PDF/X-1:2003, so that file says
# both); PDF/X-4 has no conformance key.
PDFX_VERSION = {"x1a": "PDF/X-1:2003", "x4": "PDF/X-4"}
CONFORMANCE = {"x1a": "PDF/X-1a:2003", "x4": "PDF/X-4"}
_XMP_VERSION_KEYS = ("pdfxid:GTS_PDFXVersion", "pdfx:GTS_PDFXVersion")  # WeasyPrint writes both for a rulebook
VERSION = {"x1a": "1.4", "x4": "1.6"}


def finish_pdf_x(path: Path | str, variant: str, typeset: bool = False) -> None:
    """Make the PDF at `path` declare PDF/X `variant` ("x1a" or "x4") for the press profile, rewriting it.

    `typeset` marks WeasyPrint's output, drawn in RGB: PDF/X-1a converts it to press CMYK (pdfx.recolour),
    PDF/X-4 tags its RGB as sRGB.
    """
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        if typeset and variant == "x1a":
            recolour_to_press(pdf)
        pdf.Root.OutputIntents = pikepdf.Array([_output_intent(pdf)])
        _declare(pdf, variant)
        if typeset and variant == "x4":
            _tag_rgb_as_srgb(pdf)
        pdf.save(path, force_version=VERSION[variant], compress_streams=True)


def _output_intent(pdf: pikepdf.Pdf) -> pikepdf.Dictionary:
    profile = pdf.make_stream(PROFILE.read_bytes())
    profile.N = 4
    return pikepdf.Dictionary(Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
                              OutputConditionIdentifier=OUTPUT_CONDITION, OutputCondition=OUTPUT_CONDITION_INFO,
                              RegistryName="http://www.color.org", Info=OUTPUT_CONDITION_INFO,
                              DestOutputProfile=profile)


def _declare(pdf: pikepdf.Pdf, variant: str) -> None:
    """Write the conformance into the Info dictionary and the XMP metadata (PDF/X-4 reads the latter)."""
    info = pdf.docinfo
    now = datetime.now(timezone.utc).strftime("D:%Y%m%d%H%M%SZ")
    info.GTS_PDFXVersion = PDFX_VERSION[variant]
    if variant == "x1a":
        info.GTS_PDFXConformance = CONFORMANCE[variant]
        _correct_xmp_version(pdf)
    info.Trapped = pikepdf.Name("/False")
    for key in ("/CreationDate", "/ModDate"):
        if key not in info:
            info[key] = now
    if "/Title" not in info:
        info.Title = Path(pdf.filename).stem
    if variant == "x4":
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            with warnings.catch_warnings():  # the PDF/X keys have no XMP twin in pikepdf's map; set below
                warnings.simplefilter("ignore", UserWarning)
                meta.load_from_docinfo(info)
            meta["pdfxid:GTS_PDFXVersion"] = PDFX_VERSION[variant]
            meta["pdf:Trapped"] = "False"
            # the identification a PDF/X-4 preflight reads from the XMP: which document, which version of it
            for key, value in (("xmpMM:DocumentID", f"uuid:{uuid.uuid4()}"), ("xmpMM:VersionID", "1"),
                               ("xmpMM:RenditionClass", "default")):
                if key not in meta:
                    meta[key] = value
            meta["xmpMM:InstanceID"] = f"uuid:{uuid.uuid4()}"
            meta["xmp:MetadataDate"] = datetime.now(timezone.utc).isoformat(timespec="seconds")


def _correct_xmp_version(pdf: pikepdf.Pdf) -> None:
    """Make the XMP metadata a typesetter wrote (WeasyPrint: "PDF/X-1a:2003" as the version) agree with the Info."""
    if "/Metadata" not in pdf.Root:
        return
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        for key in _XMP_VERSION_KEYS:
            if key in meta:
                meta[key] = PDFX_VERSION["x1a"]


def _tag_rgb_as_srgb(pdf: pikepdf.Pdf) -> None:
    """Give every page and form a DefaultRGB of sRGB, and every transparency group sRGB as its blending space:
    PDF/X-4 accepts RGB only when its profile is named.

    WeasyPrint writes CSS colours and RGB images as DeviceRGB; DefaultRGB makes each of them sRGB, which is
    what a browser shows, and the print shop's RIP converts them to the press condition of the OutputIntent.
    """
    srgb = pdf.make_stream(_srgb_profile())
    srgb.N = 3
    space = pdf.make_indirect(pikepdf.Array([pikepdf.Name.ICCBased, srgb]))
    for holder in _resource_holders(pdf):
        resources = holder.get("/Resources")
        if resources is None:
            holder.Resources = resources = pikepdf.Dictionary()
        spaces = resources.get("/ColorSpace")
        if spaces is None:
            resources.ColorSpace = spaces = pikepdf.Dictionary()
        if "/DefaultRGB" not in spaces:
            spaces.DefaultRGB = space
    # A transparency group's blending space is not remapped by DefaultRGB (ISO 32000-1, 8.6.5.6), and a PDF/X-4
    # preflight refuses DeviceRGB there under a CMYK output intent: WeasyPrint's groups blend in sRGB by name.
    for obj in pdf.objects:
        group = obj.get("/Group") if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)) else None
        if isinstance(group, pikepdf.Dictionary) and group.get("/S") == "/Transparency" \
                and group.get("/CS") == "/DeviceRGB":
            group.CS = space


def _resource_holders(pdf: pikepdf.Pdf):
    yield from (page.obj for page in pdf.pages)
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form":
            yield obj


@cache
def _srgb_profile() -> bytes:
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
