"""The rules interpreter's engine: a described game (docs/rules-format.md) bound to one deck and player count.

Rules: the deck's own `rules:` description, parsed into `deck.described` (model.py). Everything the state asks in
its hot path is precomputed here as tuples indexed by card: attribute values as small ints, rank order, value,
which cards each `play` move admits (wild or filtered), which cards trigger which effects. Zones become numbered
slots: a shared zone one slot, a zone of each seat one slot per seat.

_ACTION LAYOUT_ (one numbering per described game; `size` is the number of physical cards):
    0 .. size-1                 play, lead, follow, reveal or give that card
    size + 0 .. 3               draw, pass, stand, hit
    bid_base + b                bid b tricks (b = 0 .. the largest hand)
    name_base + s               name suit s (the deck's suit values, in order)
    seat_base + s               choose seat s (a `chosen` target; `take` from seat s)
    ask_base + s * V + v        ask seat s for value v of the `ask` attribute (V values)
Chance outcomes: the first dealer (a seat) when no starter is given; then physical card indices: every card dealt,
turned up, drawn, hit or taken blind is picked uniformly from the cards of its face-down source zone (the stock is
an unordered set, as in the hand-written engines).
"""
from __future__ import annotations

import random
from functools import partial

from ..sim.base import Engine, GameInfo, SimulationError
from .greedy import greedy_action
from .model import ROUND_ENDS, AskMove, Bust, Deal, DrawMove, PerCard, HitMove, PassMove, PlayMove, RulesModel, Sets, StandMove, TakeMove
from .tables import CardTables, describe_action

DRAW, PASS, STAND, HIT = range(4)
MOVE_WORDS = {PlayMove: "play", DrawMove: "draw", AskMove: "ask", TakeMove: "take", HitMove: "hit",
              StandMove: "stand", PassMove: "pass"}
OTHER_CODES = {DrawMove: 0, PassMove: 1, StandMove: 2, HitMove: 3, TakeMove: 4, AskMove: 5}  # turns.py: C_*
WHEN_CODES = {"always": 0, "no_play": 1, "no_other": 2}
ROUND_CAP = 60   # rounds a game to a target score may last before it counts as a stalemate


def _max_turns(rounds: int, size: int, n: int) -> int:
    """Return the bound on decisions for n players: generous per round (every card drawn and played several
    times over), times the rounds the game can last (`functools.partial` binds the first two: it pickles)."""
    return rounds * (400 + 40 * size + 20 * n)


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
        self.seat_base = self.name_base + len(self.t.suits)
        self.ask_base = self.seat_base + players
        self.ask_values = len(self.t.ask_values)
        self.bound = self.info.max_turns(players)
        self.rule_names = _rule_names(rules)
        # an effect named like a move ("draw") is counted apart from it: "draw.effect"
        self.effect_keys = {name: f"{name}.effect" for name in self.rule_names}
        moves, always = rules.play.moves, rules.play.always
        self.name_of = dict(zip((*moves, *always), self.rule_names))   # a move or rule -> its name in the counts
        self.other_moves = tuple(move for move in moves if not isinstance(move, PlayMove))
        self.move_of = {}
        for move in moves:
            self.move_of.setdefault(type(move), move)
        self._build_slots(rules)
        self.names = tuple(range(self.name_base, self.name_base + len(self.t.suits)))
        self.same_of = {rule: self.t.attr_index(rule.same) for rule in always if isinstance(rule, Sets)}
        soft = next((rule.soft for rule in always if isinstance(rule, Bust) and rule.soft is not None), None)
        tricks = rules.play.tricks
        self.first_lead_mask = self.t.mask(tricks.first_lead) if tricks and tricks.first_lead else (False,) * size
        self.locked_mask = self.t.mask(tricks.lead_locked) if tricks and tricks.lead_locked else (False,) * size
        holds = rules.winner.loser_holds
        self.holds_mask = self.t.mask(holds) if holds is not None else (False,) * size
        self.score_masks = {item: self.t.mask(item.where) for item in rules.score if isinstance(item, PerCard)}
        self.dealt_by_value = any(isinstance(step, Deal) and step.by for step in rules.setup)  # hands are known
        wilds = [row for row in self.t.wild if row is not None]
        self.wild_card = tuple(any(row[c] for row in wilds) or any(step.name == "name_suit" for step in effects)
                               for c, effects in enumerate(self.t.card_effects))
        self.soft_mask = self.t.mask(soft) if soft is not None else (False,) * size

    def _build_slots(self, rules: RulesModel) -> None:
        """Precompute, per seat, the slots each move reads and writes, and each other move as (code, when, move)."""
        t, seats = self.t, range(self.players)
        self.play_src = tuple(tuple(t.slot(m.source, s) for s in seats) for m in t.play_moves)
        self.play_dst = tuple(tuple(t.slot(m.to, s) for s in seats) for m in t.play_moves)
        self.one_source = len(set(self.play_src)) == 1
        self.fast_play = self.one_source and 1 <= len(self.play_src) <= 2
        self.two_plays = len(self.play_src) == 2
        self.fit_table = t.fit_table
        draw, hit = self.move_of.get(DrawMove), self.move_of.get(HitMove)
        self.draw_src = tuple(t.slot(draw.source, s) for s in seats) if draw else ()
        self.hit_src = tuple(t.slot(hit.source, s) for s in seats) if hit else ()
        self.hit_dst = tuple(t.slot(hit.to, s) for s in seats) if hit else ()
        self.other_codes = tuple((OTHER_CODES[type(m)], WHEN_CODES[m.when], m) for m in self.other_moves)
        self.move_name = {type(m): self.name_of[m] for m in self.other_moves}
        self.play_names = tuple(self.name_of[m] for m in t.play_moves)
        self.round_end = ROUND_ENDS.index(rules.end.round)
        self.match_suit = any(any(row) for row in t.match_is_suit)
        self.pass_actions, self.draw_actions = (self.pass_,), (self.draw,)
        self.always = tuple((isinstance(rule, Sets), rule, self.name_of[rule],
                             tuple(t.slot(rule.zone, s) for s in seats) if isinstance(rule, Bust) else ())
                            for rule in rules.play.always)

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
        from .state import RulesState

        if starter is not None and not 0 <= starter < self.players:
            raise SimulationError(f"seat {starter} cannot start: the seats are 0 to {self.players - 1}")
        return RulesState(self, starter)

    # -- deckforge's own ------------------------------------------------------------------------------------------

    def next_starter(self, previous) -> int | None:
        """The deal passes clockwise from game to game, as from round to round."""
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


def _rule_names(rules: RulesModel) -> tuple[str, ...]:
    """Name each move and automatic rule for the counts of `GameResult.effects`: its word ("play", "sets"); a play
    move among several by its condition ("play.wild", "play.match"); a word still used twice with its place
    ("play.1", "play.2")."""
    words = [_move_word(move, rules) for move in rules.play.moves]
    words += ["sets" if isinstance(rule, Sets) else "bust" for rule in rules.play.always if isinstance(rule, (Sets, Bust))]
    names = []
    for i, word in enumerate(words):
        twins = [j for j, other in enumerate(words) if other == word]
        names.append(word if len(twins) == 1 else f"{word}.{twins.index(i) + 1}")
    return tuple(names)


def _move_word(move, rules: RulesModel) -> str:
    word = MOVE_WORDS[type(move)]
    if not isinstance(move, PlayMove) or sum(isinstance(m, PlayMove) for m in rules.play.moves) < 2:
        return word
    cond = move.cond
    tests = [name for name, on in (("wild", cond.wild is not None), ("match", cond.match), ("card", cond.card),
                                   ("higher", cond.higher), ("lower", cond.lower), ("beats", cond.beats)) if on]
    return f"play.{tests[0]}" if tests else word
