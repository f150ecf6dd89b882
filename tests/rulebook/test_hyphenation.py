"""Hyphenation exceptions: a word Pyphen's patterns break wrongly breaks only where deckforge/rulebook/hyphenation.py
says, in the typeset PDF."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from deckforge.rulebook.hyphenation import EXCEPTIONS, breaks
from deckforge.rulebook.typeset import write_pdf

# The same sentence in columns from 30 pt to 90 pt wide: every break the word allows falls at the end of some line.
COLUMNS = "".join(f'<p style="width: {width}pt">der Ablagestapel und des Ablagestapels</p>' for width in range(30, 92, 2))
PAGE = ('<html lang="de"><head><style>p { font: 10pt "Open Sans"; hyphens: auto; hyphenate-character: "-"; '
        'text-align: left; margin: 0 0 4pt }</style></head><body>' + COLUMNS + '</body></html>')


def test_ablagestapel_breaks_only_at_the_joint_of_its_parts(tmp_path: Path) -> None:
    """Pyphen's German patterns offered „Abla-gestapel“, „Ablag-estapel“ and „Ablagesta-pel“; the rulebook printed
    „Ablag-estapel“. Listed as „Ablage-stapel“, it breaks there or moves whole to the next line."""
    pdf = write_pdf(PAGE, tmp_path / "columns.pdf")
    text = subprocess.run(["pdftotext", "-raw", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    ends = {match.group(1) for match in re.finditer(r"(\w+)-\n", text)}
    assert "Ablage" in ends and not ends & {"Abla", "Ablag", "Ablagesta"}, ends  # "sta-pel" is the rest's own break


def test_breaks_are_read_from_the_marked_word() -> None:
    assert breaks("Ablage-stapel") == [6] and breaks("Ab-la-ge") == [2, 4]
    assert all("-" in word and " " not in word for words in EXCEPTIONS.values() for word in words)


def test_a_document_reads_the_patterns_of_its_own_languages_only(tmp_path: Path) -> None:
    """Reading German's patterns took 0.8 s of every rulebook, Czech and English ones too, for three German words."""
    script = ("import sys, pyphen; from deckforge.rulebook.typeset import write_pdf; "
              "write_pdf(sys.argv[1], sys.argv[2]); print(*sorted(pyphen.hdcache), sep='\\n')")
    czech = PAGE.replace('lang="de"', 'lang="cs"')
    for page, wanted, unwanted in ((czech, "hyph_cs", "hyph_de"), (PAGE, "hyph_de", "hyph_cs")):
        read = subprocess.run([sys.executable, "-c", script, page, str(tmp_path / "page.pdf")], capture_output=True,
                              text=True, check=True).stdout
        assert wanted in read and unwanted not in read, read
