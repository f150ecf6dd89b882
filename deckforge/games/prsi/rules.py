"""Prší's fixed numbers: ranks and what they do, the action layout, phases and the names it counts.

Imported by engine.py and greedy.py alike. Rules: ../shared/RULES.md ("Prší").
"""
HAND = 4                 # RULES.md, Prší: four cards each, then one turned up
RANKS = ("7", "8", "9", "10", "spodek", "svrsek", "kral", "eso")
PLAIN, SEVEN, ACE, CHANGER = 0, 1, 2, 3                # what a card does, read from its rank
POWERS = {"7": SEVEN, "eso": ACE, "svrsek": CHANGER}
PENALTY = 2              # RULES.md: the next player draws 2 per 7

# _ACTION LAYOUT_, after the `size` card indices (lay card i = i): these offsets from `size`, then one per suit.
DRAW, STAND, PASS, FIRST_NAME = 0, 1, 2, 3

CHOOSE_DEALER, DEAL, PLAY, NAME, DRAWING, OVER = range(6)  # phases; only PLAY and NAME are a seat's decisions
PHASES = ("choosing the dealer", "dealing", "playing", "naming a suit", "drawing", "over")

EFFECTS = ("seven", "seven-answered", "ace", "ace-answered", "suit-change", "turned-up-seven", "turned-up-ace")
E_SEVEN, E_SEVEN_ANSWERED, E_ACE, E_ACE_ANSWERED, E_SUIT_CHANGE, E_UP_SEVEN, E_UP_ACE = range(len(EFFECTS))
COUNTS = ("draws", "penalty_cards", "stands", "passes", "reshuffles")
C_DRAWS, C_PENALTY, C_STANDS, C_PASSES, C_RESHUFFLES = range(len(COUNTS))

# History entries are single ints: a decision is `action << 8 | seat`; a chance event is `~(outcome << 8 | to)`,
# `to` being the seat that receives a card (only that seat sees it) or one of these public receivers.
SEAT_MASK, DEALER_CHOSEN, RESHUFFLED, TURNED_UP = 0xFF, 0xFD, 0xFE, 0xFF
