"""Tabletop Simulator: the deck as TTS's Custom Deck takes it — face sheets, a back image and a saved object.

A Custom Deck reads its faces from sheets of equal cells, at most 10 × 7 and 4096 px a side; card n (from 0, row
by row) of the sheet keyed s has the CardID s × 100 + n. TTS shows a sheet's last cell for a card that is hidden
from a player, so a sheet holds at most 69 faces and the back is painted into its last cell (with BackIsHidden
set, TTS shows the back image there anyway). Each distinct face is drawn once; copies repeat its CardID. The
saved object (`ObjectStates[0]`, a DeckCustom) lists one Card per physical card, with its name and rule text in
the build's language, and a thumbnail PNG of the same name that TTS shows in its Saved Objects browser.
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import SplitResult, quote, unquote, urlsplit, urlunsplit

from PIL import Image

from ..errors import BuildError
from ..output import atomic_folder
from .build import BuildResult, Job, Progress
from .cards import rasterise
from .faces import Face
from .tts_object import saved_object

MAX_COLUMNS, MAX_ROWS, MAX_SIDE_PX = 10, 7, 4096
FACES_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last cell is the hidden card's
MAX_CELL_WIDTH_PX = 500  # sharp on a big screen up close, and sheets stay a few MB
THUMBNAIL_PX = 256
EXAMPLE_BASE_URL = "https://example.org/decks/mine/"
HOST_NAME = re.compile(r"[a-z0-9-]+(\.[a-z0-9-]+)*\.?|[0-9a-f:.]*:[0-9a-f:.]*")  # a name, or an IPv6 address


@dataclass(frozen=True)
class SheetGrid:
    """One face sheet: its columns and rows, and how many faces it holds (the next cell shows the back)."""

    columns: int
    rows: int
    faces: int


def sheet_grids(faces: int) -> list[SheetGrid]:
    """Split this many distinct faces into sheets: full 10 × 7 sheets, then the smallest grid that holds the rest."""
    grids = []
    for start in range(0, faces, FACES_PER_SHEET):
        count = min(FACES_PER_SHEET, faces - start)
        columns = min(MAX_COLUMNS, count + 1)
        grids.append(SheetGrid(columns, math.ceil((count + 1) / columns), count))
    return grids


def cell_size(grids: list[SheetGrid], width: float, height: float) -> tuple[int, int]:
    """Return the cell in pixels for a card of width × height: as large as the widest and tallest sheet allow."""
    columns, rows = max(g.columns for g in grids), max(g.rows for g in grids)
    cell_w = min(MAX_CELL_WIDTH_PX, MAX_SIDE_PX // columns, math.floor(MAX_SIDE_PX // rows * width / height))
    while rows * round(cell_w * height / width) > MAX_SIDE_PX:
        cell_w -= 1
    return cell_w, round(cell_w * height / width)


def check_base_url(base_url: str | None) -> None:
    """Refuse a --base-url that TTS cannot load images from."""
    if base_url is not None:
        base_folder(base_url)


def base_folder(base_url: str) -> str:
    """Return --base-url as the address each image's name is appended to: its host in ASCII, its path
    percent-encoded (as the local file:/// addresses are) and ending in "/"; refuse one TTS cannot load from."""
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https", "file") or (parts.scheme != "file" and not parts.netloc):
        raise BuildError(f"--base-url: '{base_url}' is not a web address; give the http:// or https:// address of "
                         f"the folder the images will be uploaded to, e.g. {EXAMPLE_BASE_URL}")
    if "?" in base_url or "#" in base_url:
        extra = base_url[min(i for i in (base_url.find("?"), base_url.find("#")) if i >= 0):]
        raise BuildError(f"--base-url: '{base_url}' has a query or fragment ('{extra}'); TTS adds each image's name "
                         f"to the folder's address, so give the folder's address alone, e.g. {EXAMPLE_BASE_URL}")
    path = quote(unquote(parts.path).rstrip("/") + "/")  # unquoted first: an address typed encoded stays as it is
    return urlunsplit((parts.scheme, _ascii_host(parts, base_url), path, "", ""))


def _ascii_host(parts: SplitResult, base_url: str) -> str:
    """Return the address's host (and port) with an internationalised name in its ASCII form; refuse a bad host."""
    if parts.scheme == "file" and not parts.netloc:
        return ""
    host = parts.hostname or ""
    try:
        parts.port  # a port that is not a number raises here
        ascii_host = host.encode("idna").decode("ascii") if not host.isascii() else host
    except (ValueError, UnicodeError):
        ascii_host = ""
    if not HOST_NAME.fullmatch(ascii_host):
        raise BuildError(f"--base-url: '{base_url}' has no valid host name ('{parts.netloc}'); give the http:// "
                         f"or https:// address of the folder the images will be uploaded to, e.g. {EXAMPLE_BASE_URL}")
    return parts.netloc.lower().replace(host, ascii_host, 1)


def write_tts(job: Job, target: Path, progress: Progress | None = None) -> BuildResult:
    """Write the face sheets, the back, the saved-object JSON and its thumbnail into the target folder."""
    assert job.back is not None  # for_target refuses --backs none with tts
    distinct = list({face.key: face for face in job.fronts}.values())
    grids = sheet_grids(len(distinct))
    cell = cell_size(grids, *job.card_size)
    stem = f"{job.deck.id}-{job.players}p-{job.lang}"
    images = _card_images(job, distinct + [job.back], cell, progress)
    back = images.pop()
    sheet_names = [f"{stem}-faces-{n}.png" for n in range(1, len(grids) + 1)]
    url = _url_maker(job, target)
    with atomic_folder(target, replaces=_files_of(stem)) as folder:
        for grid, name, start in zip(grids, sheet_names, range(0, len(distinct), FACES_PER_SHEET)):
            _sheet(grid, cell, images[start:start + grid.faces], back).save(folder / name)
        back.save(folder / f"{stem}-back.png")
        _thumbnail(images[0], back).save(folder / f"{stem}.png")
        sheets = [(url(name), grid.columns, grid.rows) for name, grid in zip(sheet_names, grids)]
        card_ids = _card_ids(job, distinct)
        data = saved_object(job, sheets, url(f"{stem}-back.png"), card_ids)
        (folder / f"{stem}.json").write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return BuildResult(target, "tts", len(grids), len(job.fronts), job.warnings, job.notes)


def _files_of(stem: str):
    """Return a test for the file names a build of this stem writes: another language or player count in the same
    folder is another build, whose files stay (a saved object already in TTS may point at them)."""
    names = re.compile(rf"{re.escape(stem)}(-back|-faces-\d+)?\.(png|json)")
    return lambda name: names.fullmatch(name) is not None


def _card_ids(job: Job, distinct: list[Face]) -> list[int]:
    """Return each physical card's CardID: sheet key (from 1) × 100 + its cell on the sheet."""
    index = {face.key: n for n, face in enumerate(distinct)}
    ids = []
    for face in job.fronts:
        sheet, cell = divmod(index[face.key], FACES_PER_SHEET)
        ids.append((sheet + 1) * 100 + cell)
    return ids


def _card_images(job: Job, faces: list[Face], cell: tuple[int, int], progress: Progress | None) -> list:
    """Render each face trimmed (no bleed: TTS shows the card to its edge) at exactly the cell's size."""
    dpi = cell[0] / (job.card_size[0] / 72)
    bleed_px = job.bleed / 72 * dpi
    images = []
    for number, page in enumerate(rasterise(job, faces, dpi), start=1):
        box = (bleed_px, bleed_px, bleed_px + cell[0], bleed_px + cell[1])
        card = page.crop(tuple(round(v) for v in box)).convert("RGB")
        images.append(card if card.size == cell else card.resize(cell, Image.LANCZOS))
        if progress:
            progress(number, len(faces))
    return images


def _sheet(grid: SheetGrid, cell: tuple[int, int], faces: list, back) -> Image.Image:
    """Lay the faces out row by row on a whole grid of cells; the back goes in the last cell (the hidden card)."""
    sheet = Image.new("RGB", (grid.columns * cell[0], grid.rows * cell[1]), "white")
    for n, image in enumerate(faces):
        row, column = divmod(n, grid.columns)
        sheet.paste(image, (column * cell[0], row * cell[1]))
    sheet.paste(back, ((grid.columns - 1) * cell[0], (grid.rows - 1) * cell[1]))
    return sheet


def _thumbnail(face, back) -> Image.Image:
    """Return the Saved Objects browser's picture: the back with the first face overlapping it, on transparency."""
    thumbnail = Image.new("RGBA", (THUMBNAIL_PX, THUMBNAIL_PX), (0, 0, 0, 0))
    height = THUMBNAIL_PX * 9 // 10
    width = round(height * face.width / face.height)
    gap = (THUMBNAIL_PX - height) // 2
    thumbnail.paste(back.resize((width, height), Image.LANCZOS), (gap, gap // 2))
    thumbnail.paste(face.resize((width, height), Image.LANCZOS), (THUMBNAIL_PX - width - gap, gap + gap // 2))
    return thumbnail


def _url_maker(job: Job, target: Path):
    """Return a function giving a file's URL: under --base-url, or its absolute file:/// address once written."""
    if job.options.base_url:
        base = base_folder(job.options.base_url)
        return lambda name: base + quote(name)
    folder = target.resolve()
    return lambda name: (folder / name).as_uri()
