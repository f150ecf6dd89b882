"""Print-service presets: the card size, bleed, resolution and files each online print service asks for.

Each preset is data, taken from the service's published template for its poker-size card (docs/print-services.md
cites each and says which figures are unverified). A preset replaces the deck's card size and the bleed, and
picks the output format; the build then writes files exactly as the service takes them, with a README saying
which file is which and how many of each to order.
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
    template: str             # where the figures come from, as the service publishes them
    upload: str               # how the files are ordered, for the README

    def bleed_mm(self) -> float:
        """Return the bleed to plan every face with: the larger of the two sides' (the other is cropped)."""
        width_px, height_px = self.pixels
        over = max(width_px / self.dpi * MM_PER_INCH - self.card.width_mm,
                   height_px / self.dpi * MM_PER_INCH - self.card.height_mm)
        return round(over / 2, 4)

    def bleed_points(self) -> float:
        return self.bleed_mm() * MM


US_POKER = CardSize("us-poker", 63.5, 88.9)  # 2.5 × 3.5 in
SERVICES: dict[str, Service] = {
    "thegamecrafter": Service(
        "The Game Crafter", "Poker Deck", US_POKER, (825, 1125), 300, "cards-png",
        "The Game Crafter, Poker Deck template: https://www.thegamecrafter.com/make/products/PokerDeck",
        "Make a Poker Deck, upload each face PNG as a card with its quantity, and back.png as the deck's back."),
    "drivethrucards": Service(
        "DriveThruCards", "Poker card", US_POKER, (825, 1125), 300, "cards-pdf",
        "DriveThruCards, Card Templates and File Setup (poker size, 2.5 × 3.5 in with 0.125 in bleed): "
        "https://www.drivethrucards.com (Publisher help, card templates) — unverified",
        "Upload the PDF as it is: one page per physical card, each front followed by its back."),
    "makeplayingcards": Service(
        "MakePlayingCards", "Poker size (63 × 88 mm)", CardSize("poker", 63.0, 88.0), (822, 1122), 300,
        "cards-png",
        "MakePlayingCards, Poker size custom cards, template with bleed 822 × 1122 px at 300 DPI: "
        "https://www.makeplayingcards.com — unverified",
        "Choose Poker size custom cards, upload the face PNGs (setting each one's quantity) and back.png as the "
        "same back for all."),
    "printerstudio": Service(
        "PrinterStudio", "Poker size playing cards (63 × 88 mm)", CardSize("poker", 63.0, 88.0), (822, 1122), 300,
        "cards-png",
        "PrinterStudio, Custom playing cards, poker size (the same maker and template as MakePlayingCards): "
        "https://www.printerstudio.com — unverified",
        "Choose Poker size playing cards, upload the face PNGs (setting each one's quantity) and back.png as the "
        "same back for all."),
}


def service(name: str) -> Service:
    """Return a preset by name; raise BuildError naming the known ones."""
    from .build import check_choice

    check_choice(name, tuple(SERVICES), "service")
    return SERVICES[name]


def with_service(options: "BuildOptions", given: Collection[str] = ()) -> "BuildOptions":
    """Return the options with the service's format and bleed filled in; `given` names the options a user set.

    A format or bleed the user gave that the service does not take is an error, not silently replaced.
    """
    preset = service(options.service)
    if "fmt" in given and options.fmt != preset.fmt:
        raise BuildError(f"{preset.title} takes {preset.fmt} files, not --format {options.fmt}; leave out --format "
                         f"(--service {options.service} picks {preset.fmt})")
    if "bleed" in given and abs(_length(options.bleed) - preset.bleed_points()) > 0.01:
        raise BuildError(f"{preset.title} fixes the bleed at {preset.bleed_mm():g} mm, not {options.bleed}; "
                         "leave out --bleed")
    return replace(options, fmt=preset.fmt, bleed=f"{preset.bleed_mm()}mm")


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
