"""Where the bundled decks and templates live; a light module, so commands can find them without the loader."""
from __future__ import annotations

from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent.parent
# A checkout (or an editable install) reads the top-level folders; a wheel carries them inside the package, in
# deckforge/bundled/ (pyproject.toml maps them there at build time).
_SHIPPED = Path(__file__).resolve().parent.parent / "bundled"
BUNDLED_DIR = PROJECT_DIR / "decks" if (PROJECT_DIR / "decks").is_dir() else _SHIPPED / "decks"
EXAMPLES_DIR = BUNDLED_DIR / "examples"  # example games with rules as data, not listed with the decks
TEMPLATES_DIR = PROJECT_DIR / "templates" if (PROJECT_DIR / "templates").is_dir() else _SHIPPED / "templates"
