"""A deck in a language deckforge ships no catalog for: the layout fixture deck written in Polish and English."""
from __future__ import annotations

import shutil
from pathlib import Path

from deckforge.rulebook.render import SECTIONS

LAYOUT_FIXTURES = Path(__file__).parents[1] / "layout" / "fixtures"


def polish_deck(folder: Path) -> Path:
    """Write the layout fixture deck in Polish and English into `folder`, with rocks enough to deal and its own
    (short) Polish rules prose, and return the folder."""
    shutil.copytree(LAYOUT_FIXTURES / "mini", folder)
    for name in ("deck.yaml", "mini.yaml"):
        path = folder / name
        path.write_text(path.read_text(encoding="utf-8").replace("{cs: ", "{pl: ")
                        .replace("languages: [cs, en]", "languages: [pl, en]")
                        .replace("    count: 3\n", "    count: 14\n"), encoding="utf-8")
    blocks = "".join(f"{{% block {s} %}}<p>Zasady gry po polsku, rozdział {s}.</p>{{% endblock %}}"
                     for s in SECTIONS)
    (folder / "rulebook").mkdir()
    (folder / "rulebook" / "pl.html").write_text('{% extends "base.html" %}' + blocks, encoding="utf-8")
    return folder
