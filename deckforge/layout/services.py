"""Print-service presets: the card size, bleed, resolution and files each online print service asks for.

Each preset is data, taken from the service's published figures for its poker-size card (docs/print-services.md
cites each source and says which presets are unverified). A preset replaces the deck's card size and the bleed,
and picks the output format (and PDF/X where the service requires it); the build then writes files exactly as the
service takes them, with a README saying which file is which and how many of each to order.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Collection

from ..errors import BuildError
from ..model import CardSize, Deck
from .units import MM

if TYPE_CHECKING:
    from .build import BuildOptions

MM_PER_INCH = 25.4
ASPECT_TOLERANCE = 0.02  # a card whose height / width changes more than this is laid out noticeably differently


@dataclass(frozen=True)
class Service:
    """One print service's card product: trimmed size, the file's size in pixels, the format it takes."""

    title: str
    product: str
    card: CardSize            # the trimmed card
    pixels: tuple[int, int]   # the whole file, bleed included, at `dpi` (PNG services)
    dpi: int
    fmt: str                  # the format it takes: cards-png or cards-pdf
    safe_mm: float            # keep what must be read this far inside the trim
    source: str               # where the figures come from, for the README (docs/print-services.md cites each)
    verified: bool            # False: the service's own page could not be read; the figures are second-hand
    upload: str               # how the files are ordered, for the README
    pdf_x: str | None = None  # the PDF/X variant the service requires (cards-pdf services)

    def bleed_mm(self) -> float:
        """Return the bleed to plan every face with: the larger of the two sides' (the other is cropped)."""
        width_px, height_px = self.pixels
        over = max(width_px / self.dpi * MM_PER_INCH - self.card.width_mm,
                   height_px / self.dpi * MM_PER_INCH - self.card.height_mm)
        return round(over / 2, 4)

    def bleed_points(self) -> float:
        return self.bleed_mm() * MM


# Every service here sells the same 2.5 × 3.5 in poker card (MakePlayingCards and PrinterStudio call it
# "63 × 88 mm, 2.5 × 3.5 in"; their 822 × 1122 px file trims 36 px a side to 750 × 1050 px, which is 2.5 × 3.5 in).
US_POKER = CardSize("us-poker", 63.5, 88.9)
EIGHTH_INCH = MM_PER_INCH / 8
MPC_MARGIN = 36 / 300 * MM_PER_INCH  # "36 pixels each side based on a 300DPI image", both bleed and safe area
SERVICES: dict[str, Service] = {
    "thegamecrafter": Service(
        "The Game Crafter", "Poker Deck", US_POKER, (825, 1125), 300, "cards-png", EIGHTH_INCH,
        "The Game Crafter prints at 300 DPI with 1/8 in bleed and a 1/8 in safe zone "
        "(https://help.thegamecrafter.com/article/33-dpi-dots-per-inch): a 2.5 × 3.5 in card is its "
        "825 × 1125 px Poker Deck template (https://www.thegamecrafter.com/make/products/PokerDeck)",
        True,
        "Make a Poker Deck, upload each face PNG as a card with its quantity, and back.png as the deck's back."),
    "drivethrucards": Service(
        "DriveThruCards", "Poker card", US_POKER, (825, 1125), 300, "cards-pdf", EIGHTH_INCH,
        "DriveThruCards publisher help, Common Card Prep Issues & Solutions: 1/8 in bleed on all four sides "
        "(2.75 × 3.75 in with bleed), text 1/8 in inside the edge, PDF/X-1a:2003 "
        "(https://onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/227867607)",
        True,
        "Upload the PDF as it is: one page per physical card, each front followed by its back (this page "
        "order is unverified: check the card setup page when you upload).",
        pdf_x="x1a"),
    "makeplayingcards": Service(
        "MakePlayingCards", "Poker size custom cards", US_POKER, (822, 1122), 300, "cards-png",
        MPC_MARGIN,
        "MakePlayingCards' upload FAQ (https://www.makeplayingcards.com/faq-photo.aspx) as quoted by other "
        "projects: poker images 822 × 1122 px at 300 DPI, 36 px cut off each side, a safe area 36 px further "
        "in — unverified: deckforge could not read the page itself",
        False,
        "Choose Poker size custom cards, upload the face PNGs (setting each one's quantity) and back.png as the "
        "same back for all."),
    "printerstudio": Service(
        "PrinterStudio", "Poker size playing cards", US_POKER, (822, 1122), 300, "cards-png",
        MPC_MARGIN,
        "PrinterStudio, custom playing cards, poker size (https://www.printerstudio.com): the same maker and, "
        "as far as others report, the same 822 × 1122 px upload as MakePlayingCards — unverified: no "
        "published template found",
        False,
        "Choose Poker size playing cards, upload the face PNGs (setting each one's quantity) and back.png as the "
        "same back for all."),
}


def unverified() -> tuple[str, ...]:
    """Return the presets whose figures deckforge could not check against the service's own page."""
    return tuple(name for name, preset in SERVICES.items() if not preset.verified)


def service(name: str) -> Service:
    """Return a preset by name; raise BuildError naming the known ones."""
    from .build import check_choice

    check_choice(name, tuple(SERVICES), "service")
    return SERVICES[name]


def with_service(options: "BuildOptions", given: Collection[str] = ()) -> "BuildOptions":
    """Return the options with the service's format, bleed and PDF/X filled in; `given` names the options a user set.

    A format, bleed or PDF/X variant the user gave that the service does not take is an error, not silently
    replaced.
    """
    preset = service(options.service)
    if "fmt" in given and options.fmt != preset.fmt:
        raise BuildError(f"{preset.title} takes {preset.fmt} files, not --format {options.fmt}; leave out --format "
                         f"(--service {options.service} picks {preset.fmt})")
    if "bleed" in given and abs(_length(options.bleed) - preset.bleed_points()) > 0.01:
        raise BuildError(f"{preset.title} fixes the bleed at {preset.bleed_mm():g} mm, not "
                         f"{_length(options.bleed) / MM:g} mm; "
                         "leave out --bleed")
    if "pdf_x" in given and options.pdf_x != preset.pdf_x:
        wrong = (f"asks for {pdf_x_name(preset.pdf_x)}, not --pdf-x {options.pdf_x}" if preset.pdf_x
                 else "takes PNG files, which cannot be PDF/X")
        raise BuildError(f"{preset.title} {wrong}; leave out --pdf-x")
    return replace(options, fmt=preset.fmt, bleed=f"{preset.bleed_mm()}mm", pdf_x=preset.pdf_x)


def pdf_x_name(variant: str | None) -> str:
    """Return a PDF/X variant ("x1a") as people write it ("PDF/X-1a")."""
    return f"PDF/X-{variant[1:]}" if variant else "a PDF without PDF/X"


def _length(value) -> float:
    from .build import option_length

    return option_length(value, "bleed", 0, 10)


def check_service(options: "BuildOptions", bleed: float) -> Service:
    """Check options already filled in by with_service (or by hand) against the service; return the preset."""
    preset = service(options.service)
    if options.fmt != preset.fmt:
        raise BuildError(f"{preset.title} takes {preset.fmt} files, not the {options.fmt} format")
    if abs(bleed - preset.bleed_points()) > 0.01:
        raise BuildError(f"{preset.title} asks for a bleed of {preset.bleed_mm():g} mm, not "
                         f"{bleed / MM:g} mm")
    if options.pdf_x != preset.pdf_x:
        raise BuildError(f"{preset.title} asks for {pdf_x_name(preset.pdf_x)}, not {pdf_x_name(options.pdf_x)}")
    return preset


def resized(deck: Deck, preset: Service) -> tuple[Deck, tuple[str, ...]]:
    """Return the deck at the service's card size, with a warning when the card's proportions change notably."""
    old, new = deck.card_size, preset.card
    if (old.width_mm, old.height_mm) == (new.width_mm, new.height_mm):
        return deck, ()
    ratio = (new.height_mm / new.width_mm) / (old.height_mm / old.width_mm)
    warnings = ()
    if abs(ratio - 1) > ASPECT_TOLERANCE:
        warnings = (f"{preset.title} prints {new.width_mm:g} × {new.height_mm:g} mm cards; this deck is "
                    f"{old.width_mm:g} × {old.height_mm:g} mm, so its card template is laid out on other "
                    "proportions: check the faces before ordering",)
    return replace(deck, card_size=new), warnings
