"""Allow `python -m deckforge.cli`."""
from . import main

main()
