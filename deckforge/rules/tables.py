"""Per-card tables of a described game, built once per engine so the state's hot path reads tuples of ints:
attribute values, rank order, values, which cards each `play` move admits, which cards trigger which effects,
and the zone slots. Also the words for actions (`describe_action`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..sim.base import card_labels
from .model import AskMove, EffectStep, PlayMove, RulesModel, Where
from .model_cards import card_attrs, card_value

if TYPE_CHECKING:
    from .engine import RulesEngine


class CardTables:
    """What the interpreter knows about each physical card and each zone, as tuples indexed by card or slot."""

    def __init__(self, deck, rules: RulesModel, cards, players: int):
        self.cards = cards
        size = len(cards)
        self.card_ids = tuple(dict.fromkeys(card.id for card in deck.cards))
        kinds = {card_id: k for k, card_id in enumerate(self.card_ids)}
        self.kind_of = tuple(kinds[card.id] for card in cards)
        self.labels = card_labels(tuple(card.id for card in cards))
        self.attr_values: dict[str, list[str]] = {}
        for attrs in card_attrs(cards):
            for name, value in attrs.items():
                values = self.attr_values.setdefault(name, [])
                if str(value) not in values:
                    values.append(str(value))
        self.suits = tuple(s.id for s in deck.suits) or tuple(self.attr_values.get("suit", ()))
        for value in self.attr_values.get("suit", ()):
            if value not in self.suits:
                self.suits += (value,)
        self.suit_of = tuple(self.suits.index(str(card.get("suit"))) if card.get("suit") is not None else -1
                             for card in cards)
        ranks = rules.ranks or tuple(self.attr_values.get(rules.rank_attr, ()))
        self.ranks = ranks
        self.rank_of = tuple(ranks.index(str(card.get(rules.rank_attr))) if str(card.get(rules.rank_attr)) in ranks
                             else -1 for card in cards)
        self.value_of = tuple(_value(rules, card, ranks) for card in cards)
        self._build_zones(rules, players)
        self._build_moves(rules, deck, size)

    def attr_index(self, attr: str) -> tuple[int, ...]:
        """Return each card's value of `attr` as an index into its values (-1: the card has none)."""
        if attr == "suit":
            return self.suit_of
        values = self.attr_values.get(attr, [])
        return tuple(values.index(str(card_value(card, attr))) if card_value(card, attr) is not None else -1
                     for card in self.cards)

    def mask(self, where: Where | None) -> tuple[bool, ...]:
        """Return which cards pass a filter (None: every card)."""
        if where is None:
            return (True,) * len(self.cards)
        return tuple(where.matches(card) for card in self.cards)

    def _build_zones(self, rules: RulesModel, players: int) -> None:
        """Number the slots: a shared zone is one slot, a zone of each seat one slot per seat (seat order)."""
        self.slot_of: dict[str, int] = {}
        self.zone_of_slot: list[str] = []
        self.owner_of_slot: list[int] = []     # the seat a slot belongs to (-1: shared)
        self.face_of_slot: list[str] = []
        for zone in rules.zones.values():
            self.slot_of[zone.id] = len(self.zone_of_slot)
            seats = range(players) if zone.owner == "each" else (-1,)
            for seat in seats:
                self.zone_of_slot.append(zone.id)
                self.owner_of_slot.append(seat)
                self.face_of_slot.append(zone.face)
        self.slots = len(self.zone_of_slot)
        self.hidden_slot = tuple(face == "down" for face in self.face_of_slot)
        self.sorted_slot = tuple(face == "owner" for face in self.face_of_slot)  # hands are kept sorted
        self.blind_slot = tuple(face != "up" for face in self.face_of_slot)     # taking from it is chance
        self.stock, self.pile, self.middle = self.slot_of["stock"], self.slot_of["pile"], self.slot_of["middle"]
        self.hand, self.won, self.table = self.slot_of["hand"], self.slot_of["won"], self.slot_of["table"]

    def slot(self, zone: str, seat: int) -> int:
        """Return the slot of a zone: its own for a shared zone, the seat's for a zone of each seat."""
        base = self.slot_of[zone]
        return base + seat if self.owner_of_slot[base] >= 0 else base

    def _build_moves(self, rules: RulesModel, deck, size: int) -> None:
        """Precompute each play move's card masks and match attributes, and each card's effects when played."""
        self.play_moves = tuple(m for m in rules.play.moves if isinstance(m, PlayMove))
        self.wild = tuple(self.mask(m.cond.wild) if m.cond.wild is not None else None for m in self.play_moves)
        self.allowed = tuple(self.mask(m.cond.card) for m in self.play_moves)
        self.tested = tuple(m.cond.has_tests for m in self.play_moves)
        self.match = tuple(tuple(self.attr_index(a) for a in m.cond.match) for m in self.play_moves)
        effects = []
        for card in self.cards:
            steps: list[EffectStep] = [s for effect in rules.effects if effect.when.matches(card) for s in effect.do]
            steps += [_spell_step(e) for e in card.effects]
            effects.append(tuple(steps))
        self.card_effects = tuple(effects)
        # the attribute a `name` effect names (name_suit: suit); its values are the actions name_base + v
        named = [step.attr for m in self.play_moves for step in m.then if step.names_value]
        named += [step.attr for steps in effects for step in steps if step.names_value]
        self.named_attr = named[0] if named else "suit"
        self.name_values = (self.suits if self.named_attr == "suit"
                            else tuple(self.attr_values.get(self.named_attr, ())))
        self.match_is_suit = tuple(tuple(a == self.named_attr for a in m.cond.match) for m in self.play_moves)
        self.beats = tuple(self._beats_table(m) for m in self.play_moves)
        # beats_named[k][card][v]: the card beats the named value v (the beats test of a move on the named attribute)
        self.beats_named = tuple(self._beats_named(m) for m in self.play_moves)
        # fits[k][top + 1][card]: may move k lay the card on `top` (-1: an empty zone)
        self.fits = tuple(tuple(self._fit_row(k, top) for top in range(-1, size)) for k in range(len(self.play_moves)))
        self._named: dict[tuple[int, int, int], tuple[bool, ...]] = {}
        # fit_table[k][named + 1][top + 1]: the same, with every suit a name_suit may name worked out beforehand
        self.fit_table = tuple(
            (self.fits[k],) + tuple(tuple(self.fit_row(k, top, named) for top in range(-1, size)) if
                                    self._names_matter(k) else self.fits[k] for named in range(len(self.name_values)))
            for k in range(len(self.play_moves)))
        ask = next((m for m in rules.play.moves if isinstance(m, AskMove)), None)
        self.ask_attr = ask.attr if ask else None
        self.ask_values = tuple(self.attr_values.get(ask.attr, ())) if ask else ()
        self.ask_of = self.attr_index(ask.attr) if ask else ()

    def fit_row(self, k: int, top: int, named: int) -> tuple[bool, ...]:
        """Return which cards move k lays on `top`, the value `named` (by name_suit or name) standing for the
        top's."""
        if named < 0 or not self._names_matter(k):
            return self.fits[k][top + 1]
        key = (k, top, named)
        if key not in self._named:
            self._named[key] = self._fit_row(k, top, named)
        return self._named[key]

    def _fit_row(self, k: int, top: int, named: int = -1) -> tuple[bool, ...]:
        wild, allowed, tested, beats = self.wild[k], self.allowed[k], self.tested[k], self.beats[k]
        cond = self.play_moves[k].cond
        row = []
        for card in range(len(self.cards)):
            if wild is not None and wild[card]:
                row.append(True)
            elif not tested or not allowed[card]:
                row.append(not tested and wild is None)
            elif top < 0:
                row.append(True)
            else:
                # the values the top shows (or the named one); a top with none of them (a wild card turned up at
                # the start) takes any card, as with `beats`; a value the card lacks is never shared
                shown = [(of[card], named if is_suit and named >= 0 else of[top])
                         for of, is_suit in zip(self.match[k], self.match_is_suit[k])]
                known = [(own, wanted) for own, wanted in shown if wanted >= 0]
                matched = not self.match[k] or not known or any(own == wanted for own, wanted in known)
                row.append(matched and (not cond.higher or self.rank_of[card] > self.rank_of[top])
                           and (not cond.lower or self.rank_of[card] < self.rank_of[top])
                           and (beats is None or (self.beats_named[k][card][named] if named >= 0
                                                  and self.beats_named[k] is not None else beats[card][top])))
        return tuple(row)

    def _names_matter(self, k: int) -> bool:
        """Return whether a named value changes what move k admits (it tests the named attribute)."""
        return any(self.match_is_suit[k]) or self.beats_named[k] is not None

    def _beats_table(self, move: PlayMove):
        """Return beats[card][top] for a beats-table condition (None without one)."""
        beats = move.cond.beats
        if beats is None:
            return None
        table = dict(beats.table)
        # a top card without the attribute (a changer turned up at the start) has nothing to beat: any card goes
        return tuple(tuple(top.get(beats.attr) is None or str(top.get(beats.attr)) in table.get(str(card.get(beats.attr)), ())
                           for top in self.cards) for card in self.cards)

    def _beats_named(self, move: PlayMove):
        """Return beats_named[card][v] for a beats test on the named attribute (None otherwise)."""
        beats = move.cond.beats
        if beats is None or beats.attr != self.named_attr:
            return None
        table = dict(beats.table)
        return tuple(tuple(value in table.get(str(card.get(beats.attr)), ()) for value in self.name_values)
                     for card in self.cards)


def _spell_step(effect) -> EffectStep:
    """Turn a card's own spell effect (deck file `effects:`) into an effect step."""
    amount = effect.params.get({"skip": "turns", "draw": "count", "extra_play": "count", "give": "count"}
                               .get(effect.name, ""), 1)
    return EffectStep(effect.name, str(effect.params.get("target", "next")), int(amount))


def _value(rules: RulesModel, card, ranks: tuple[str, ...]) -> int:
    """Return a card's value: its table entry, else the rank as a number or its place in `ranks` from 1."""
    values = rules.values
    raw = card.get(values.attr)
    if raw is not None and str(raw) in values.table:
        return values.table[str(raw)]
    if isinstance(values.default, int):
        return values.default
    if isinstance(card.get("value"), int):
        return card.get("value")
    text = str(card.get(rules.rank_attr))
    if text.lstrip("-").isdigit():
        return int(text)
    return ranks.index(text) + 1 if text in ranks else 0


def describe_action(engine: "RulesEngine", action: int, chance: bool, dealer: bool) -> str:
    """Name an action or chance outcome in words (any number, legal or not)."""
    t, size = engine.t, engine.size
    if chance:
        if dealer:
            return f"seat {action} deals" if 0 <= action < engine.players else f"no seat {action}"
        return f"card {t.labels[action]}" if 0 <= action < size else f"no card {action}"
    if 0 <= action < size:
        return f"play {t.labels[action]}"
    words = {engine.draw: "draw", engine.pass_: "pass", engine.stand: "stand", engine.hit: "hit"}
    if action in words:
        return words[action]
    if engine.bid_base <= action < engine.name_base:
        return f"bid {action - engine.bid_base}"
    if engine.name_base <= action < engine.seat_base:
        return f"name {t.name_values[action - engine.name_base]}"
    if engine.seat_base <= action < engine.ask_base:
        return f"choose seat {action - engine.seat_base}"
    if engine.ask_base <= action < engine.num_distinct_actions():
        seat, value = divmod(action - engine.ask_base, engine.ask_values)
        return f"ask seat {seat} for {t.ask_values[value]}"
    return f"action {action!r} (not an action of this game)"
