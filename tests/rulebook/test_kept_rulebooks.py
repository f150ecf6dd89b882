"""Rulebooks kept in deckforge's cache (deckforge/rulebook/kept.py): a page typeset before is read back, byte for
byte, without laying it out again; a changed file it used, page, variant or damaged copy typesets it again."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import weasyprint
from PIL import Image

from deckforge.rulebook import kept
from deckforge.rulebook.typeset import write_pdf

ROOT = Path(__file__).resolve().parents[2]
PAGE = ('<html lang="en"><body><p>{text}</p><img src="{picture}" style="width: 2cm; height: 2cm"></body></html>')


@pytest.fixture
def cache(tmp_path: Path, monkeypatch) -> Path:
    """Turn the cache on (the suite turns it off) in a folder of this test's own; return the rulebooks' folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv(kept.SWITCH, "on")
    return tmp_path / "cache" / "deckforge" / "rulebooks"


@pytest.fixture
def layouts(monkeypatch) -> list:
    """Record every layout WeasyPrint makes."""
    made, render = [], weasyprint.HTML.render

    def counted(self, *args, **kwargs):
        made.append(self)
        return render(self, *args, **kwargs)
    monkeypatch.setattr(weasyprint.HTML, "render", counted)
    return made


def deck_folder(tmp_path: Path, colour: str = "red") -> Path:
    folder = tmp_path / "deck"
    folder.mkdir(exist_ok=True)
    Image.new("RGB", (40, 40), colour).save(folder / "mark.png")
    return folder


def page(folder: Path, text: str = "Cut along the lines.", picture: str = "mark.png") -> str:
    return PAGE.format(text=text, picture=(folder / picture).as_uri())


def images(pdf: Path) -> list[list[str]]:
    listed = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True).stdout
    return [line.split()[3:5] for line in listed.splitlines()[2:]]   # width and height of each picture


def test_a_page_typeset_before_is_read_back_without_a_layout(cache, layouts, tmp_path) -> None:
    folder = deck_folder(tmp_path)
    first = write_pdf(page(folder), tmp_path / "first.pdf", folders=(folder,))
    laid_out = len(layouts)
    second = write_pdf(page(folder), tmp_path / "second.pdf", folders=(folder,))
    assert laid_out >= 1 and len(layouts) == laid_out
    assert second.read_bytes() == first.read_bytes() and images(second) == [["40", "40"]]
    manifest = json.loads(next(cache.glob("*.json")).read_text(encoding="utf-8"))
    assert [str((folder / "mark.png").resolve())] == [path for path, _ in manifest["files"]
                                                      if path.startswith(str(folder.resolve()))]


def test_a_changed_picture_page_or_variant_is_typeset_again(cache, layouts, tmp_path) -> None:
    folder = deck_folder(tmp_path)
    write_pdf(page(folder), tmp_path / "first.pdf", folders=(folder,))
    counts = [len(layouts)]
    Image.new("RGB", (60, 30), "blue").save(folder / "mark.png")   # the same name, another picture
    changed = write_pdf(page(folder), tmp_path / "changed.pdf", folders=(folder,))
    counts.append(len(layouts))
    assert images(changed) == [["60", "30"]]
    write_pdf(page(folder, "Cut along the dashed lines."), tmp_path / "text.pdf", folders=(folder,))
    counts.append(len(layouts))
    write_pdf(page(folder), tmp_path / "x4.pdf", pdf_x="x4", folders=(folder,))
    counts.append(len(layouts))
    assert counts[0] < counts[1] < counts[2] < counts[3], counts


def test_a_missing_file_that_appears_is_typeset_again(cache, layouts, tmp_path) -> None:
    folder = deck_folder(tmp_path)
    without = write_pdf(page(folder, picture="later.png"), tmp_path / "without.pdf", folders=(folder,))
    assert images(without) == []   # WeasyPrint leaves out a picture it cannot find
    (folder / "mark.png").rename(folder / "later.png")
    laid_out = len(layouts)
    later = write_pdf(page(folder, picture="later.png"), tmp_path / "later.pdf", folders=(folder,))
    assert len(layouts) > laid_out and images(later) == [["40", "40"]]


def test_a_damaged_kept_copy_is_typeset_again(cache, layouts, tmp_path) -> None:
    folder = deck_folder(tmp_path)
    first = write_pdf(page(folder), tmp_path / "first.pdf", folders=(folder,)).read_bytes()
    kept_pdf = next(cache.glob("*.pdf"))
    kept_pdf.write_bytes(first[:len(first) // 2])
    laid_out = len(layouts)
    again = write_pdf(page(folder), tmp_path / "again.pdf", folders=(folder,)).read_bytes()
    assert len(layouts) > laid_out and again == first and kept_pdf.read_bytes() == first


def test_the_least_recently_used_are_dropped(cache, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(kept, "KEEP", 2)
    folder = deck_folder(tmp_path)
    for text in ("One.", "Two.", "Three."):
        write_pdf(page(folder, text), tmp_path / "out.pdf", folders=(folder,))
    assert len(list(cache.glob("*.json"))) == 2 and len(list(cache.glob("*.pdf"))) == 2
    assert len(list(cache.iterdir())) == 4


def test_without_a_cache_every_page_is_typeset(tmp_path, layouts, monkeypatch) -> None:
    folder = deck_folder(tmp_path)
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would go")
    for environment in ({"XDG_CACHE_HOME": str(blocked), kept.SWITCH: "on"}, {kept.SWITCH: "off"}):
        for name, value in environment.items():
            monkeypatch.setenv(name, value)
        before = len(layouts)
        one = write_pdf(page(folder), tmp_path / "one.pdf", folders=(folder,)).read_bytes()
        two = write_pdf(page(folder), tmp_path / "two.pdf", folders=(folder,)).read_bytes()
        assert one == two and len(layouts) >= before + 2


def test_a_kept_rulebook_imports_no_typesetter(cache, tmp_path) -> None:
    """Importing WeasyPrint takes most of a second: a rulebook read from the cache does without it. (The four-page
    book of GOPS, an example deck: a bundled game's takes twice as long to typeset the first time.)"""
    script = ("import sys; from deckforge.rulebook.write import write_rulebook; "
              f"write_rulebook({str(ROOT / 'decks/examples/gops')!r}, 'en', out=sys.argv[1]); "
              "print('weasyprint' in sys.modules)")
    runs = [subprocess.run([sys.executable, "-c", script, str(tmp_path / f"{n}.pdf")], capture_output=True,
                           text=True, check=True).stdout.split() for n in (1, 2)]
    assert runs == [["True"], ["False"]]
    assert (tmp_path / "1.pdf").read_bytes() == (tmp_path / "2.pdf").read_bytes()
