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
    # One new process (importing WeasyPrint took most of the test's time) lays out both documents and prints the
    # patterns read for each: the first as a new process reads them, the second after the cache is emptied again.
    script = ("import sys, pyphen; from deckforge.rulebook.typeset import write_pdf\n"
              "for page in sys.argv[2:]:\n"
              "    write_pdf(page, sys.argv[1]); print(*sorted(pyphen.hdcache)); pyphen.hdcache.clear()\n")
    czech = PAGE.replace('lang="de"', 'lang="cs"')
    read = subprocess.run([sys.executable, "-c", script, str(tmp_path / "page.pdf"), czech, PAGE],
                          capture_output=True, text=True, check=True).stdout.splitlines()
    assert len(read) == 2, read
    for patterns, wanted, unwanted in zip(read, ("hyph_cs", "hyph_de"), ("hyph_de", "hyph_cs")):
        assert wanted in patterns and unwanted not in patterns, read
