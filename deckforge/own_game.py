"""The deck `deckforge new PATH --own` starts: a game of the maker's own, with no bundled rules behind it.

It is a deck file that names no `game:` (so the deck is printed, its rulebook written from its `rules` text and
everything checked that can be checked without playing it) and a cards.csv of three cards, in English and Czech,
for the maker to rewrite. docs/homemade-decks.md goes on from there: fonts, icons, attributes, a card design.
"""
from __future__ import annotations

import json
import re

DECK = """\
# {title}: a game of your own. deckforge prints its cards (deckforge build), writes its rulebook from `rules`
# (deckforge rulebook) and checks what can be checked without playing it (deckforge validate).
# The cards are in cards.csv, one row a card; docs/homemade-decks.md explains every column.
id: {id}
name: {{en: {name}, cs: {name}}}
description:
  en: Play your cards and do what they say. The first player with no cards left wins.
  cs: Vykládej karty a dělej, co říkají. Kdo se první zbaví všech karet, vyhrává.
languages: [en, cs]
players: {{min: 2, max: 4}}
card_size: poker
rules:
  en: |
    Deal five cards to each player and put the rest face down as the draw pile.

    ## Your turn
    - Play one card from your hand and do what it says.
    - Or draw a card.

    The first player with no cards left wins.
  cs: |
    Rozdej každému hráči pět karet. Zbylé karty polož lícem dolů na stůl jako lízací balíček.

    ## Tvůj tah
    - Zahraj jednu kartu z ruky a udělej, co na ní stojí.
    - Nebo si lízni kartu.

    Vyhrává, kdo se jako první zbaví všech karet.
cards: cards.csv
"""

CARDS = """\
id,count,name.en,name.cs,text.en,text.cs
spark,10,Spark,Jiskra,Play another card at once.,Hned zahraj ještě jednu kartu.
gust,8,Gust,Poryv,The next player draws a card.,Další hráč si lízne kartu.
mirror,6,Mirror,Zrcadlo,Swap hands with another player.,Vyměň si karty v ruce s jiným hráčem.
"""


def title_from_name(name: str) -> str:
    """Return a deck title for a folder name: "my-game" -> "My game", "Čarodějný_souboj" -> "Čarodějný souboj"."""
    words = re.sub(r"[-_\s]+", " ", name).strip()
    return (words[:1].upper() + words[1:]) if words else "My game"


def own_game_files(deck_id: str, folder_name: str) -> dict[str, str]:
    """Return the starter's files (name -> text) for a deck of this id in a folder of this name."""
    title = title_from_name(folder_name)
    name = json.dumps(title, ensure_ascii=False)  # a YAML double-quoted string, whatever the folder is called
    return {"deck.yaml": DECK.format(title=title.replace("\n", " "), id=deck_id, name=name), "cards.csv": CARDS}
