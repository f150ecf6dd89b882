"""The rules interpreter's engine: a described game (docs/rules-format.md) bound to one deck and player count.

Rules: the deck's own `rules:` description, parsed into `deck.described` (model.py). Everything the state asks in
its hot path is precomputed here as tuples indexed by card: attribute values as small ints, rank order, value,
which cards each `play` move admits (wild or filtered), which cards trigger which effects. Zones become numbered
slots: a shared zone one slot, a zone of each seat one slot per seat.

_ACTION LAYOUT_ (one numbering per described game; `size` is the number of physical cards):
    0 .. size-1                 play, lead, follow, reveal or give that card
    size + 0 .. 3               draw, pass, stand, hit
    bid_base + b                bid b tricks (b = 0 .. the largest hand)
    name_base + s               name suit s (the deck's suit values, in order); the dealer's choice of trump
    seat_base + s               choose seat s (a `chosen` target; `take` from seat s)
    ask_base + s * V + v        ask seat s for value v of the `ask` attribute (V values)
Chance outcomes: the first dealer (a seat) when no starter is given; then physical card indices: every card dealt,
turned up, drawn, hit or taken blind is picked uniformly from the cards of its face-down source zone (the stock is
an unordered set, as in the hand-written engines).
"""
from __future__ import annotations

import random
from functools import partial
from itertools import compress

from ..sim.base import Engine, GameInfo, SimulationError
from .events import effect_keys, rule_names
from .greedy import greedy_action
from .model import ROUND_ENDS, AskMove, Bust, Deal, DrawMove, PerCard, HitMove, PassMove, PlayMove, RulesModel, Sets, StandMove, TakeMove
from .model import TurnUp
from .tables import CardTables, describe_action

DRAW, PASS, STAND, HIT = range(4)
OTHER_CODES = {DrawMove: 0, PassMove: 1, StandMove: 2, HitMove: 3, TakeMove: 4, AskMove: 5}  # turns.py: C_*
WHEN_CODES = {"always": 0, "no_play": 1, "no_other": 2}
ROUND_CAP = 60   # rounds a game to a target score may last before it counts as a stalemate
NO_SUIT, PASS_ON = -1, -2   # engine.opens: a trick with no suit to follow; a card that lets the next one set it


def _max_turns(rounds: int, size: int, n: int) -> int:
    """Return the bound on decisions for n players: generous per round, times the rounds the game can last (60
    for a game to a score: finite), `functools.partial` binding the first two (it pickles). A round of random
    play in a shedding game whose stock is refilled from the pile can be long: in the bundled shedding games
    written as data the longest of 300 random games took 700 to 900 decisions per player (docs/simulator.md,
    "Games described as data"), and their hand-written engines allow 4,000 + 1,000 to 1,500 per player. So a
    round here may take 4,000 + 2,000 per player + 40 per card."""
    return rounds * (4000 + 2000 * n + 40 * size)


class RulesEngine(Engine):
    """A described game for one deck and player count: card tables, action numbering, new games."""

    def __init__(self, deck, players: int, options: dict | None = None):
        rules: RulesModel = deck.described
        if rules is None:
            raise SimulationError(f"deck '{deck.id}' has no rules described as data")
        self.rules = rules
        size = deck.total_for(players)
        rounds = rules.end.rounds or (size // players if rules.end.by_deck else ROUND_CAP)
        self.info = GameInfo(game=deck.id, title=deck.name(deck.languages[0]),
                             max_turns=partial(_max_turns, rounds, size))
        super().__init__(deck, players, options)
        if rules.teams == "partners" and players != 4:
            raise SimulationError(f"deck '{deck.id}': partners play at four players, not {players}")
        cards = deck.for_players(players)
        self.t = CardTables(deck, rules, cards, players)
        self.size = size = len(cards)
        self.draw, self.pass_, self.stand, self.hit = size + DRAW, size + PASS, size + STAND, size + HIT
        self.max_bid = size // players
        self.bid_base = size + 4
        self.name_base = self.bid_base + self.max_bid + 1
        self.seat_base = self.name_base + len(self.t.name_values)
        self.ask_base = self.seat_base + players
        self.ask_values = len(self.t.ask_values)
        self.bound = self.info.max_turns(players)
        self.rule_names = rule_names(rules)
        # an effect named like a move ("draw") is counted apart from it: "draw.effect"
        self.effect_keys = effect_keys(self.rule_names)
        moves, always = rules.play.moves, rules.play.always
        self.name_of = dict(zip((*moves, *always), self.rule_names))   # a move or rule -> its name in the counts
        self.other_moves = tuple(move for move in moves if not isinstance(move, PlayMove))
        self.move_of = {}
        for move in moves:
            self.move_of.setdefault(type(move), move)
        self._build_slots(rules)
        self.names = tuple(range(self.name_base, self.name_base + len(self.t.name_values)))
        self.same_of = {rule: self.t.attr_index(rule.same) for rule in always if isinstance(rule, Sets)}
        soft = next((rule.soft for rule in always if isinstance(rule, Bust) and rule.soft is not None), None)
        tricks = rules.play.tricks
        self.first_lead_mask = self.t.mask(tricks.first_lead) if tricks and tricks.first_lead else (False,) * size
        self.locked_mask = self.t.mask(tricks.lead_locked) if tricks and tricks.lead_locked else (False,) * size
        self._build_trick_cards(tricks, size)
        trump = rules.trump
        self.chooser_mask = self.t.mask(trump.dealer_chooses) if trump.dealer_chooses else (False,) * size
        self.no_trump_mask = tuple(self.t.suit_of[c] < 0 for c in range(size)) if trump.no_trump is None else \
            tuple(a or self.t.suit_of[c] < 0 for c, a in enumerate(self.t.mask(trump.no_trump)))
        holds = rules.winner.loser_holds
        self.holds_mask = self.t.mask(holds) if holds is not None else (False,) * size
        self.score_masks = {item: self.t.mask(item.where) for item in rules.score if isinstance(item, PerCard)}
        self.dealt_by_value = any(isinstance(step, Deal) and step.by for step in rules.setup)  # hands are known
        wilds = [row for row in self.t.wild if row is not None]
        self.wild_card = tuple(any(row[c] for row in wilds) or any(step.names_value for step in effects)
                               for c, effects in enumerate(self.t.card_effects))
        self.soft_mask = self.t.mask(soft) if soft is not None else (False,) * size
        # effects that wait for the next seat's answer (`answer`): the cards that answer each
        steps = {s for row in self.t.card_effects for s in row} | {s for m in self.t.play_moves for s in m.then}
        self.answer_masks = {s: self.t.mask(s.answer) for s in steps if s.answer is not None}
        acting = next((step for step in rules.setup if isinstance(step, TurnUp) and step.acts), None)
        self.acting_slot = self.t.slot(acting.to, 0) if acting else -1   # turn_up acts: where its card lies

    def _build_trick_cards(self, tricks, size: int) -> None:
        """Precompute the cards the tricks style treats apart: `wild` (always playable), `beats_all`, `loses_all`,
        and `opens`, the suit to follow each card sets when it opens a trick: its suit; NO_SUIT for a `beats_all`
        card or one without a suit; PASS_ON for a `loses_all` card (the next card sets it)."""
        none = (False,) * size
        self.trick_wild = self.t.mask(tricks.wild) if tricks and tricks.wild else none
        self.beats_all = self.t.mask(tricks.beats_all) if tricks and tricks.beats_all else none
        self.loses_all = self.t.mask(tricks.loses_all) if tricks and tricks.loses_all else none
        self.special_tricks = any(self.beats_all) or any(self.loses_all)
        self.opens = tuple(PASS_ON if self.loses_all[c] else NO_SUIT if self.beats_all[c] or self.t.suit_of[c] < 0
                           else self.t.suit_of[c] for c in range(size))

    def _build_slots(self, rules: RulesModel) -> None:
        """Precompute, per seat, the slots each move reads and writes, and each other move as (code, when, move)."""
        t, seats = self.t, range(self.players)
        self.play_src = tuple(tuple(t.slot(m.source, s) for s in seats) for m in t.play_moves)
        self.play_dst = tuple(tuple(t.slot(m.to, s) for s in seats) for m in t.play_moves)
        self.one_source = len(set(self.play_src)) == 1
        self.fast_play = self.one_source and 1 <= len(self.play_src) <= 2
        self.two_plays = len(self.play_src) == 2
        self.fit_table = t.fit_table
        self._build_shared_target()
        draw, hit = self.move_of.get(DrawMove), self.move_of.get(HitMove)
        self.refill_unshuffled = draw is not None and draw.refill == "unshuffled"  # draw effects refill alike
        self.draw_src = tuple(t.slot(draw.source, s) for s in seats) if draw else ()
        self.hit_src = tuple(t.slot(hit.source, s) for s in seats) if hit else ()
        self.hit_dst = tuple(t.slot(hit.to, s) for s in seats) if hit else ()
        self.other_codes = tuple((OTHER_CODES[type(m)], WHEN_CODES[m.when], m) for m in self.other_moves)
        # the shedding games' other moves, which turns.py lists without its general loop: draw (always), else pass
        self.draw_else_pass = [code[:2] for code in self.other_codes] == [(0, 0), (1, 2)]
        self.draw_refills = tuple(bool(draw.refill) and source == t.stock for source in self.draw_src) if draw else ()
        self.move_name = {type(m): self.name_of[m] for m in self.other_moves}
        self.play_names = tuple(self.name_of[m] for m in t.play_moves)
        self.round_end = ROUND_ENDS.index(rules.end.round)
        self.match_suit = any(any(row) for row in t.match_is_suit)
        self.pass_actions, self.draw_actions = (self.pass_,), (self.draw,)
        self.always = tuple((isinstance(rule, Sets), rule, self.name_of[rule],
                             tuple(t.slot(rule.zone, s) for s in seats) if isinstance(rule, Bust) else ())
                            for rule in rules.play.always)

    def _build_shared_target(self) -> None:
        """When every play move lays from one zone onto one zone (a shedding game's hand onto the pile), merge their
        fit tables, indexed like them by [named + 1][top + 1][card]: `fit_any` says whether some move lays the card,
        `first_fit` which move does first (0 when none does: a card laid in answer to a waiting effect). Both are
        None otherwise. Rows the tables share (the name does not matter) are merged once."""
        self.fit_any = self.first_fit = None
        if not self.one_source or len(set(self.play_dst)) != 1:
            return
        merged: dict[tuple[int, ...], tuple[tuple[bool, ...], tuple[int, ...]]] = {}

        def merge(rows: tuple) -> tuple[tuple[bool, ...], tuple[int, ...]]:
            key = tuple(map(id, rows))
            if key not in merged:
                first = [0] * self.size
                for k in range(len(rows) - 1, -1, -1):   # the earlier move overwrites: the first one wins
                    for card in compress(range(self.size), rows[k]):
                        first[card] = k
                merged[key] = (tuple(map(any, zip(*rows))), tuple(first))
            return merged[key]

        tables = self.fit_table
        rows = [[merge(tuple(table[named][top] for table in tables)) for top in range(len(tables[0][named]))]
                for named in range(len(tables[0]))]
        self.fit_any = tuple(tuple(fit for fit, _ in row) for row in rows)
        self.first_fit = tuple(tuple(first for _, first in row) for row in rows)

    @property
    def spec(self):
        """Return the described deck's spec (built from the description, not looked up in the registry), built
        once per engine; it holds functions, so it is left out when the engine pickles (`__getstate__`)."""
        spec = self.__dict__.get("_spec")
        if spec is None:
            from .spec import described_spec

            spec = self.__dict__["_spec"] = described_spec(self.deck)
        return spec

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("_spec", None)
        return state

    # -- OpenSpiel's Game ---------------------------------------------------------------------------------------

    def num_distinct_actions(self) -> int:
        return self.ask_base + self.players * self.ask_values

    def max_chance_outcomes(self) -> int:
        return max(self.size, self.players)

    def new_initial_state(self, starter: int | None = None):
        """Return a game before its deal; `starter` is the seat left of the first dealer (None: chance picks)."""
        from .state import OneRoundState, RulesState

        if starter is not None and not 0 <= starter < self.players:
            raise SimulationError(f"seat {starter} cannot start: the seats are 0 to {self.players - 1}")
        return (OneRoundState if self.one_round() else RulesState)(self, starter)

    def one_round(self) -> bool:
        """Return whether every game ends with its first round (see state._end_round)."""
        end = self.rules.end
        return self.size // self.players <= 1 if end.by_deck else end.rounds == 1

    # -- deckforge's own ------------------------------------------------------------------------------------------

    def next_starter(self, previous) -> int | None:
        """The deal passes clockwise from game to game, as from round to round; with `end: {next_game: winner}`
        the previous winner starts (a game without one: chance decides)."""
        if self.rules.end.next_game == "winner":
            return previous.winners[0] if previous is not None and previous.winners else None
        if previous is None or previous.first_player is None:
            return None
        return (previous.first_player + 1) % self.players

    def expected_effects(self) -> set[str]:
        """Return the card effects the description names (each should fire in seeded play), by rule name."""
        names = {step.name for effect in self.rules.effects for step in effect.do}
        names |= {step.name for move in self.rules.play.moves if isinstance(move, PlayMove) for step in move.then}
        names |= {effect.name for card in self.deck.cards for effect in card.effects}
        return {self.effect_keys.get(name, name) for name in names}

    def greedy_action(self, state, rng: random.Random) -> int:
        """Return the generic greedy player's action (greedy.py, docs/rules-format.md)."""
        return greedy_action(self, state, rng)

    def describe(self, action: int, chance: bool = False, dealer: bool = False) -> str:
        """Name an action (or, with `chance`, a chance outcome) in words; any number, legal or not."""
        return describe_action(self, action, chance, dealer)

