"""DYMOCK: lay an equal or higher rank, shed hand then table; the last player holding cards loses.

Rules source: ../shared/seeds/dymock.txt, settled by ../shared/RULES.md (section DYMOCK), which wins over the seed.
Ranks, their order and the three special powers (reset, reset-reverse, burn) come from the deck's `card` attributes
`rank`, `strength` and `special`: a variant deck where 7 resets the pile plays as written.

The game is split in its folder: rules.py holds the fixed numbers (deal, powers, action numbering, effects), this
module the game bound to a deck (card table, action names, new states), state.py a game in progress, view.py what
may be read from one (results, text for each player, invariants, determinization), greedy.py the greedy player.

Cards are small ints indexing the engine's card table. Every random event is a chance node: the first leader (when
the runner names none), each card of the deal, and each card drawn from the stock, whose order nobody knows.
Choices the rules leave implicit: taking an empty pile is not a move (the leader must lay); the thrown card of a
pick-up and the card of a failed blind play go into the hand with the pile and do not count as played.
"""
from __future__ import annotations

import random
from collections import Counter

from .greedy import greedy
from .rules import (BLIND, FACE_DOWN_ROW, FACE_UP, FACE_UP_ROW, FOUR_OF_A_RANK, HAND_ROW, MASKS, NORMAL, POSITIONS,
                    READY, SPECIALS, SWAP, TAKE, THROW)
from .state import DymockState
from ...sim.base import Engine, GameInfo, GameResult, SimulationError

# Bound on decisions. Greedy games take 50-300. Random players may take the pile at any time, so their games are a
# long random walk: about 1,000-1,700 decisions on average (docs/simulator.md, DYMOCK).
INFO = GameInfo(game="dymock", title="DYMOCK", max_turns=lambda n: 12000 + 500 * n)


class DymockEngine(Engine):
    """DYMOCK for one deck and player count: the card table, the action numbering and the order of the deal."""

    info = INFO

    def __init__(self, deck, players: int, options: dict | None = None):
        super().__init__(deck, players, options)
        self._build_table(self.dealt_cards())
        self._build_actions()
        self._build_deal()

    def _build_table(self, cards) -> None:
        """Group the physical cards by rank label; read each rank's strength and special power from the deck."""
        ranks: dict[str, int] = {}
        self.rank_label, self.strength, self.special = [], [], []
        self.card_ids = sorted({card.id for card in cards})
        id_index = {card_id: i for i, card_id in enumerate(self.card_ids)}
        self.rank_of, self.id_of = [], []
        for card in cards:
            label = str(card.get("rank"))
            power = (card.get("strength") or 0, SPECIALS.get(card.get("special"), NORMAL))
            if label not in ranks:
                if power == (0, NORMAL):
                    raise SimulationError(f"deck '{self.deck.id}': card '{card.id}' has neither a strength nor a "
                                          "special power (one of: reset, reset-reverse, burn)")
                ranks[label] = len(self.rank_label)
                self.rank_label.append(label)
                self.strength.append(power[0])
                self.special.append(power[1])
            g = ranks[label]
            if power != (self.strength[g], self.special[g]):
                raise SimulationError(f"deck '{self.deck.id}': the cards of rank {label} differ in strength or "
                                      f"special power (see card '{card.id}')")
            self.rank_of.append(g)
            self.id_of.append(id_index[card.id])
        self.ranks = len(self.rank_label)
        self.cards = len(cards)

    def _build_actions(self) -> None:
        """Number the lays: rank g's block holds "lay 1 .. most_copies cards of rank g" (see rules.py)."""
        self.most_copies = max(Counter(self.rank_of).values())
        self.first_lay = SWAP + POSITIONS * self.ranks
        self.lays = [list(range(self.first_lay + g * self.most_copies, self.first_lay + (g + 1) * self.most_copies))
                     for g in range(self.ranks)]
        # worth[g]: the greedy player's order of ranks: specials above every plain rank, burn the most precious
        self.worth = [1000 + special if special else strength for strength, special in zip(self.strength, self.special)]
        # beaters[need]: the ranks that may go on a pile needing that strength (specials go on anything), from the
        # least to the most valuable, so that the greedy player lays the first one it holds
        self.beaters = [tuple(sorted((g for g in range(self.ranks) if self.special[g] or self.strength[g] >= need),
                                     key=self.worth.__getitem__)) for need in range(max(self.strength) + 1)]
        self.beats = [tuple(sorted(ranks)) for ranks in self.beaters]  # the same in rank order, for legal actions

    def _build_deal(self) -> None:
        """List the deal's places in order (RULES.md, DYMOCK): one card at a time from the leader, three face down
        each, then three face up on them (position p on position p), then three to the hand. A place is (row,
        position, seat counted from the leader)."""
        n = self.players
        self.deal_order = [(row, p, i) for row in (FACE_DOWN_ROW, FACE_UP_ROW) for p in range(POSITIONS)
                           for i in range(n)]
        self.deal_order += [(HAND_ROW, 0, i) for _ in range(POSITIONS) for i in range(n)]

    # -- OpenSpiel's Game -------------------------------------------------------------------------------------------

    def num_distinct_actions(self) -> int:
        return self.first_lay + self.ranks * self.most_copies

    def max_chance_outcomes(self) -> int:
        """Return the outcomes' range: a seat (the first leader) or a physical card (dealt or drawn)."""
        return max(self.players, self.cards)

    def new_initial_state(self, starter: int | None = None) -> DymockState:
        """Return a game before its deal; `starter` names the leader (None: the first chance node draws one)."""
        if starter is not None and not 0 <= starter < self.players:
            raise SimulationError(f"seat {starter} cannot lead: the seats are 0 to {self.players - 1}")
        return DymockState(self, starter)

    # -- actions in words -------------------------------------------------------------------------------------------

    def lay_action(self, rank: str, count: int = 1) -> int:
        """Return the action that lays `count` hand cards of the rank labelled `rank`."""
        return self.lays[self.rank_label.index(rank)][count - 1]

    def describe(self, action: int) -> str:
        """Name any action id in words (for traces and error messages); never raise."""
        if not isinstance(action, int) or not 0 <= action < self.num_distinct_actions():
            return f"do {action!r} (not a DYMOCK action: they are 0 to {self.num_distinct_actions() - 1})"
        if action >= self.first_lay:
            g, k = divmod(action - self.first_lay, self.most_copies)
            return f"lay {k + 1} x {self.rank_label[g]} from the hand"
        if action >= SWAP:
            g, p = divmod(action - SWAP, POSITIONS)
            return f"swap a {self.rank_label[g]} from the hand for the face-up card at position {p}"
        if action > FACE_UP:
            return f"lay the face-up cards at positions {', '.join(map(str, MASKS[action - FACE_UP]))}"
        if action == READY:
            return "finish swapping"
        if action >= BLIND:
            return f"play the face-down card at position {action - BLIND} blind"
        if action >= THROW:
            return f"throw the face-up card at position {action - THROW} onto the pile and take the pile"
        return "take the pile" if action == TAKE else f"do {action}"

    def describe_outcome(self, outcome: int, choosing_leader: bool) -> str:
        """Name a chance outcome: a seat that leads, or the physical card dealt or drawn."""
        if not isinstance(outcome, int) or not 0 <= outcome < self.max_chance_outcomes():
            return f"chance outcome {outcome!r} (not one of 0 to {self.max_chance_outcomes() - 1})"
        if choosing_leader:
            return f"P{outcome} leads" if outcome < self.players else f"seat {outcome} (no such seat)"
        # physical cards may share an id (two jokers): the number tells them apart
        return f"card {outcome}, {self.rank_label[self.rank_of[outcome]]} ({self.card_ids[self.id_of[outcome]]})"

    # -- deckforge's own --------------------------------------------------------------------------------------------

    def next_starter(self, previous: GameResult | None) -> int | None:
        """Let the player after the previous loser lead (RULES.md, DYMOCK); after a stalemate, chance decides."""
        if previous is None or not previous.finished:
            return None
        return (previous.places[-1] + 1) % self.players

    def expected_effects(self) -> set[str]:
        """Return what seeded play must show: each special power the deck has, and four of a rank burning."""
        found = {name for name, power in SPECIALS.items() if power in self.special}
        if self.most_copies >= FOUR_OF_A_RANK:
            found.add("four-of-a-kind-burn")
        return found

    def greedy_action(self, state: DymockState, rng: random.Random) -> int:
        """Return the greedy player's action (greedy.py, described in docs/simulator.md)."""
        return greedy(self, state)
