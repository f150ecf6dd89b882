"""Allow `python -m deckforge.cli`."""
from . import run

run()
