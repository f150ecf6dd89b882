"""Kámen, nůžky, papír's fixed numbers: the items and what beats what, and the phases of a turn.

Rules source: ../shared/seeds/kamen-nuzky-papir.txt, settled by ../shared/RULES.md ("Kámen, nůžky, papír"). The
deal's size comes from the game's spec (`SPEC.deal`), which the rulebook and `validate` read too; the action
numbering depends on the deck's size, so the engine (engine.py) builds it.
"""
from __future__ import annotations

ROCK, SCISSORS, PAPER, ANY = 0, 1, 2, 3  # ANY: a changer turned up at the start takes any card
CHANGER = -1
ITEM_CODES = {"rock": ROCK, "scissors": SCISSORS, "paper": PAPER}
ITEM_NAMES = ("rock", "scissors", "paper", "anything")
NEED = (PAPER, ROCK, SCISSORS)  # the item laid on each: paper on rock, rock on scissors, scissors on paper
PLAY, CHOOSE, GIVING, EXTRA, OVER = range(5)  # phases: a turn, then the decisions its spell asks for
PHASE_NAMES = ("play", "choose", "give", "extra", "over")
CONTINUE_EXTRA = -1  # internal effect code: the rest of an "extra_play" with count > 1
EVERYONE = -1  # a bit mask with every seat's bit: a card drawn from the rebuilt pile, whose order everyone knows
