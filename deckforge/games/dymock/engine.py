"""DYMOCK: lay an equal or higher rank, shed hand then table; the last player holding cards loses.

Rules source: ../shared/seeds/dymock.txt, settled by ../shared/RULES.md (section DYMOCK), which wins over the seed.
Ranks, their order and the three special powers (reset, reset-reverse, burn) come from the deck's `card` attributes
`rank`, `strength` and `special`: a variant deck where 7 resets the pile plays as written.

Cards are small ints indexing the engine's card table; a hand is one list of cards per rank group, so that the legal
lays ("k cards of rank g") are read off the list lengths. Actions are small ints (see the `_ACTION LAYOUT_` below).
Choices the rules leave implicit: taking an empty pile is not a move (the leader must lay); the thrown card of a
pick-up and the card of a failed blind play go into the hand with the pile and do not count as played.
The greedy player is described at `greedy`; the random one draws uniformly from `legal_actions`, which keep every
pick-up the rules allow, so its games are long (see the bound below) but end.
"""
from __future__ import annotations

import random
from collections import Counter

from ...sim.base import Engine, GameInfo, GameResult, InvariantError, SimulationError, State

# Special powers, as the deck's `special` attribute names them.
NORMAL, RESET, REVERSE, BURN = 0, 1, 2, 3
SPECIALS = {"reset": RESET, "reset-reverse": REVERSE, "burn": BURN}

# _ACTION LAYOUT_: fixed actions first, then per-rank blocks sized by the engine's card table.
TAKE = 0            # take the pile into the hand (at the table: without throwing a card first)
THROW = 1           # 1..3: throw the face-up card at position p onto the pile, then take it all
BLIND = 4           # 4..6: turn the released face-down card at position p and play it
READY = 7           # swap phase: this player has finished swapping
FACE_UP = 8         # 9..15: lay the face-up cards at the positions of bit mask 1..7 (one rank)
SWAP = 16           # 16 + 3*g + p: swap a hand card of rank g with the face-up card at position p
POSITIONS = 3       # face-down cards each, face-up cards on them, hand size to draw back to
MASKS = tuple(tuple(p for p in range(POSITIONS) if mask >> p & 1) for mask in range(1 << POSITIONS))
SUBSETS = tuple(tuple(sub for sub in range(1, mask + 1) if sub & mask == sub) for mask in range(1 << POSITIONS))

EFFECTS = ("swap", "reset", "reset-reverse", "go-again", "burn", "four-of-a-kind-burn", "lead-passes-on",
           "pile-taken", "pile-taken-by-choice", "forced-pick-up", "blind-play", "blind-fail")
(E_SWAP, E_RESET, E_REVERSE, E_GO_AGAIN, E_BURN, E_FOUR, E_LEAD_PASSES, E_TAKEN, E_BY_CHOICE, E_FORCED, E_BLIND,
 E_BLIND_FAIL) = range(len(EFFECTS))
FOUR_OF_A_RANK = 4  # RULES.md, DYMOCK: four cards of one rank on top of the pile act as a 10

# Bound on decisions. Greedy games take 70-300. Random players may take the pile by choice at any time, so their
# games are a long random walk: about 1,000-1,650 decisions on average, and in 1,000 two-player games one took 8,948.
INFO = GameInfo(game="dymock", title="DYMOCK", max_turns=lambda n: 12000 + 500 * n)


class DymockEngine(Engine):
    """DYMOCK for one deck and player count: the card table and the action decoding tables."""

    info = INFO

    def __init__(self, deck, players: int, options: dict | None = None):
        super().__init__(deck, players, options)
        if self.options.get("variants"):
            raise SimulationError(f"DYMOCK has no variants; cannot play {', '.join(self.options['variants'])}")
        self.trace = bool(self.options.get("trace"))
        cards = deck.for_players(players)
        if len(cards) < 3 * POSITIONS * players:
            raise SimulationError(f"deck '{deck.id}': {len(cards)} cards cannot deal nine to each of {players} players")
        self._build_table(cards)
        self._build_actions()

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
        """Number the lays: rank g's block holds "lay 1 .. most_copies cards of rank g" (see _ACTION LAYOUT_)."""
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

    def lay_action(self, rank: str, count: int = 1) -> int:
        """Return the action that lays `count` hand cards of the rank labelled `rank`."""
        return self.lays[self.rank_label.index(rank)][count - 1]

    def describe(self, action: int) -> str:
        """Name an action in words, for traces and error messages."""
        if action >= self.first_lay:
            g, k = divmod(action - self.first_lay, self.most_copies)
            return f"lay {k + 1} x {self.rank_label[g]}"
        if action >= SWAP:
            g, p = divmod(action - SWAP, POSITIONS)
            return f"swap a {self.rank_label[g]} face up at position {p}"
        if action > FACE_UP:
            return f"lay the face-up cards at positions {MASKS[action - FACE_UP]}"
        names = {TAKE: "take the pile", READY: "ready"}
        return names.get(action) or (f"blind play at position {action - BLIND}" if action >= BLIND
                                     else f"throw face-up position {action - THROW} and take the pile")

    def new_game(self, rng: random.Random, starter: int | None = None) -> "DymockState":
        """Shuffle and deal; the first leader is random unless the runner names one (a later game of a series)."""
        leader = rng.randrange(self.players) if starter is None else starter
        if not 0 <= leader < self.players:
            raise SimulationError(f"seat {starter} cannot lead: the seats are 0 to {self.players - 1}")
        return DymockState(self, rng, leader)

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

    def greedy_action(self, state: "DymockState", rng: random.Random) -> int:
        """Choose as the greedy player: see `greedy` in this module."""
        return greedy(self, state)


class DymockState(State):
    """One game: hands (per seat, one card list per rank), the table, stock, pile and burned cards."""

    openspiel = False  # plays through the legacy loop until it moves to chance nodes

    __slots__ = ("engine", "n", "hands", "hand_size", "faceup", "facedown", "table_count", "stock", "pile", "burned",
                 "need", "run_rank", "run_len", "direction", "current_player", "out", "places", "in_count",
                 "swapping", "ready_count", "leader", "turns", "plays", "effects", "log", "_legal")

    def __init__(self, engine: DymockEngine, rng: random.Random, leader: int):
        n = self.n = engine.players
        self.engine, self.leader, self.current_player = engine, leader, leader
        self.hands = [[[] for _ in range(engine.ranks)] for _ in range(n)]
        self.facedown = [[-1] * POSITIONS for _ in range(n)]
        self.faceup = [[-1] * POSITIONS for _ in range(n)]
        self.hand_size, self.table_count = [POSITIONS] * n, [2 * POSITIONS] * n
        self.stock, self.pile, self.burned = self._deal(rng), [], []
        self.need, self.run_rank, self.run_len, self.direction = 0, -1, 0, 1
        self.out, self.places, self.in_count = [False] * n, [], n
        self.swapping, self.ready_count, self.turns = True, 0, 0
        self.plays = [[0] * len(engine.card_ids) for _ in range(n)]
        self.effects = [0] * len(EFFECTS)
        self.log = [] if engine.trace else None
        self._legal = None

    def _deal(self, rng: random.Random) -> list[int]:
        """Deal one card at a time from the leader on (RULES.md, DYMOCK): three face down each, three face up on
        them (position p on position p), three to the hand; return the rest as the stock (top = last)."""
        deck = list(range(self.engine.cards))
        rng.shuffle(deck)
        seats = [(self.leader + i) % self.n for i in range(self.n)]
        for row in (self.facedown, self.faceup):
            for p in range(POSITIONS):
                for seat in seats:
                    row[seat][p] = deck.pop()
        rank_of = self.engine.rank_of
        for _ in range(POSITIONS):
            for seat in seats:
                card = deck.pop()
                self.hands[seat][rank_of[card]].append(card)
        return deck

    # --- legal actions -------------------------------------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """Return the current player's actions (computed once per step)."""
        if self._legal is None:
            if self.swapping:
                self._legal = self._swap_actions()
            elif self.hand_size[self.current_player]:
                self._legal = self._hand_actions()
            else:
                self._legal = self._table_actions()
        return self._legal

    def _swap_actions(self) -> list[int]:
        engine, seat = self.engine, self.current_player
        rank_of, face_up = engine.rank_of, self.faceup[seat]
        actions = [READY]
        for g, cards in enumerate(self.hands[seat]):
            if cards:
                actions.extend(SWAP + POSITIONS * g + p for p in range(POSITIONS) if rank_of[face_up[p]] != g)
        return actions

    def _hand_actions(self) -> list[int]:
        """Lay k cards of one rank that beats the pile (RULES.md: equal or higher, specials on anything), or take."""
        hand, lays = self.hands[self.current_player], self.engine.lays
        actions = []
        for g in self.engine.beaters[self.need]:
            if hand[g]:
                actions += lays[g][:len(hand[g])]
        if self.pile:
            actions.append(TAKE)
        return actions

    def _table_actions(self) -> list[int]:
        """Play face-up cards of one rank or one released face-down card blind; take the pile, with or without
        throwing a face-up card onto it; with nothing else to do, throw a face-up card and take (RULES.md)."""
        seat = self.current_player
        face_up, face_down = self.faceup[seat], self.facedown[seat]
        actions = []
        for g, positions in self._face_up_ranks(face_up).items():
            if g in self.engine.beaters[self.need]:
                actions.extend(FACE_UP + mask for mask in SUBSETS[positions])
        actions.extend(BLIND + p for p in range(POSITIONS) if face_down[p] >= 0 > face_up[p])
        if self.pile:
            if actions:
                actions.append(TAKE)
            actions.extend(THROW + p for p in range(POSITIONS) if face_up[p] >= 0)
        return actions

    def _face_up_ranks(self, face_up: list[int]) -> dict[int, int]:
        """Return rank -> bit mask of the positions where that rank lies face up."""
        rank_of, found = self.engine.rank_of, {}
        for p, card in enumerate(face_up):
            if card >= 0:
                found[rank_of[card]] = found.get(rank_of[card], 0) | 1 << p
        return found

    # --- applying an action --------------------------------------------------------------------------------------

    def apply(self, action: int) -> None:
        """Apply one legal action of the current player."""
        legal, engine = self.legal_actions(), self.engine
        if action not in legal:
            raise ValueError(f"'{engine.describe(action)}' is not legal here "
                             f"(legal: {', '.join(map(engine.describe, legal))})\n{self}")
        self.turns += 1
        seat = self.current_player
        if action >= engine.first_lay:
            g, k = divmod(action - engine.first_lay, engine.most_copies)
            self._lay_hand(seat, g, k + 1)
        elif action >= SWAP:
            self._swap(seat, *divmod(action - SWAP, POSITIONS))
        elif action > FACE_UP:
            self._lay_face_up(seat, MASKS[action - FACE_UP])
        elif action == READY:
            self._ready()
        elif action >= BLIND:
            self._blind(seat, action - BLIND)
        elif action >= THROW:
            self._throw(seat, action - THROW, legal[0] >= BLIND)
        else:
            self._take(seat, len(legal) > 1 or not self.hand_size[seat])
        self._legal = None

    def _swap(self, seat: int, g: int, p: int) -> None:
        card = self.hands[seat][g].pop()
        old = self.faceup[seat][p]
        self.faceup[seat][p] = card
        self.hands[seat][self.engine.rank_of[old]].append(old)
        self.effects[E_SWAP] += 1
        if self.log is not None:
            self._say(f"P{seat} swaps {self._label(card)} from the hand for face-up {self._label(old)}")

    def _ready(self) -> None:
        """End this player's swaps; after the last player, the leader opens play."""
        self.ready_count += 1
        if self.ready_count == self.n:
            self.swapping = False
            self.current_player = self.leader
            self._say_if(f"swapping is over; P{self.leader} leads")
        else:
            self.current_player = (self.leader + self.ready_count) % self.n

    def _lay_hand(self, seat: int, g: int, k: int) -> None:
        cards = self.hands[seat][g]
        laid = cards[-k:]
        del cards[-k:]
        self.hand_size[seat] -= k
        self._draw(seat)  # seed: draw back to three first, then a burn lets the player lead
        self._lay(seat, g, laid, "")

    def _draw(self, seat: int) -> None:
        hand, rank_of, stock = self.hands[seat], self.engine.rank_of, self.stock
        while self.hand_size[seat] < POSITIONS and stock:
            card = stock.pop()
            hand[rank_of[card]].append(card)
            self.hand_size[seat] += 1

    def _lay_face_up(self, seat: int, positions: tuple[int, ...]) -> None:
        face_up = self.faceup[seat]
        laid = [face_up[p] for p in positions]
        for p in positions:
            face_up[p] = -1
        self.table_count[seat] -= len(laid)
        self._lay(seat, self.engine.rank_of[laid[0]], laid, " face up")

    def _blind(self, seat: int, p: int) -> None:
        """Turn a released face-down card: it plays if it beats the pile, else the player takes pile and card."""
        card = self.facedown[seat][p]
        self.facedown[seat][p] = -1
        self.table_count[seat] -= 1
        g = self.engine.rank_of[card]
        if self.engine.special[g] or self.engine.strength[g] >= self.need:
            self.effects[E_BLIND] += 1
            self._lay(seat, g, [card], " blind")
        else:
            self.effects[E_BLIND_FAIL] += 1
            if self.log is not None:
                self._say(f"P{seat} turns {self._label(card)} blind: it does not beat the pile")
            self.pile.append(card)
            self._take(seat, False)

    def _throw(self, seat: int, p: int, by_choice: bool) -> None:
        """Throw a face-up card onto the pile and take it all (forced with nothing playable, or by choice)."""
        card = self.faceup[seat][p]
        self.faceup[seat][p] = -1
        self.table_count[seat] -= 1
        if not by_choice:
            self.effects[E_FORCED] += 1
        if self.log is not None:
            self._say(f"P{seat} throws face-up {self._label(card)} onto the pile")
        self.pile.append(card)
        self._take(seat, by_choice)

    def _take(self, seat: int, by_choice: bool) -> None:
        """Take the whole pile into the hand; the next player leads (RULES.md, DYMOCK)."""
        hand, rank_of = self.hands[seat], self.engine.rank_of
        for card in self.pile:
            hand[rank_of[card]].append(card)
        self.hand_size[seat] += len(self.pile)
        self.effects[E_TAKEN] += 1
        self.effects[E_BY_CHOICE] += by_choice
        if self.log is not None:
            self._say(f"P{seat} takes the pile ({_cards(len(self.pile))}){' by choice' if by_choice else ''}")
        self.pile.clear()
        self.need, self.run_rank, self.run_len = 0, -1, 0
        self.current_player = self._next_seat(seat)

    def _lay(self, seat: int, g: int, laid: list[int], where: str) -> None:
        """Put cards of rank g on the pile and apply what they do: reset, reverse, burn, four of a rank."""
        engine = self.engine
        self.pile.extend(laid)
        plays, id_of = self.plays[seat], engine.id_of
        for card in laid:
            plays[id_of[card]] += 1
        self.run_len = self.run_len + len(laid) if g == self.run_rank else len(laid)
        self.run_rank = g
        if self.log is not None:
            self._say(f"P{seat} lays {' '.join(engine.rank_label[g] for _ in laid)}{where}")
        out = self._check_out(seat)
        special = engine.special[g]
        if special == REVERSE:  # several laid together reverse once (RULES.md)
            self.direction = -self.direction
            self.effects[E_REVERSE] += 1
            self._say_if("direction reverses")
        elif special == RESET:
            self.effects[E_RESET] += 1
        if special == BURN or self.run_len >= FOUR_OF_A_RANK:
            self._burn(seat, out, special != BURN)
        elif special:
            self.need = 0
            if special == REVERSE and self.in_count == 2 and not out:  # seed: with two left, its player goes again
                self.effects[E_GO_AGAIN] += 1
                self._say_if(f"P{seat} goes again")
            else:
                self.current_player = self._next_seat(seat)
        else:
            self.need = engine.strength[g]
            self.current_player = self._next_seat(seat)

    def _burn(self, seat: int, out: bool, four: bool) -> None:
        """Remove the pile from play; its player leads again, or the next player still in when they went out."""
        self.effects[E_FOUR if four else E_BURN] += 1
        if self.log is not None:
            self._say(f"the pile burns ({_cards(len(self.pile))}{', four of a rank' if four else ''})")
        self.burned.extend(self.pile)
        self.pile.clear()
        self.need, self.run_rank, self.run_len = 0, -1, 0
        if out:
            self.effects[E_LEAD_PASSES] += 1
            self.current_player = self._next_seat(seat)
        else:
            self.current_player = seat

    def _check_out(self, seat: int) -> bool:
        """Give the player the next place when they hold no card; the last one left takes the last place."""
        if self.hand_size[seat] or self.table_count[seat]:
            return False
        self.out[seat] = True
        self.places.append(seat)
        self.in_count -= 1
        self._say_if(f"P{seat} is out (place {len(self.places)})")
        if self.in_count == 1:
            loser = self.out.index(False)
            self.places.append(loser)
            self._say_if(f"P{loser} is left holding cards and loses")
        return True

    def _next_seat(self, seat: int) -> int:
        out, n, step = self.out, self.n, self.direction
        seat = (seat + step) % n
        while out[seat]:
            seat = (seat + step) % n
        return seat

    # --- reading the state ---------------------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.in_count <= 1

    def result(self) -> GameResult:
        """Report places, the loser's seat, plays per seat (card id -> count) and effects."""
        ids, finished = self.engine.card_ids, self.in_count <= 1
        plays = [Counter({ids[i]: v for i, v in enumerate(row) if v}) for row in self.plays]
        effects = Counter({EFFECTS[i]: v for i, v in enumerate(self.effects) if v})
        if finished:
            loser = self.places[-1]
            extra = {"loser_seat": {str(loser): 1}, "loser_after_leader": {str((loser - self.leader) % self.n): 1}}
        else:
            extra = {"stalled_with_players": {str(self.in_count): 1}}
        if self.log is not None:
            extra["log"] = list(self.log)
        return GameResult(players=self.n, finished=finished, stalemate=not finished, turns=self.turns,
                          winners=self.places[:1], places=list(self.places), plays=plays, effects=effects,
                          extra=extra)

    def check_invariants(self) -> None:
        """Raise InvariantError when a card is lost or doubled, a count drifts or the current player is wrong."""
        engine, seen = self.engine, list(self.stock) + self.pile + self.burned
        for seat in range(self.n):
            for g, cards in enumerate(self.hands[seat]):
                if any(engine.rank_of[c] != g for c in cards):
                    raise InvariantError(f"P{seat} holds a card under the wrong rank\n{self}")
                seen.extend(cards)
            table = [c for c in self.faceup[seat] + self.facedown[seat] if c >= 0]
            seen.extend(table)
            if self.hand_size[seat] != sum(map(len, self.hands[seat])) or self.table_count[seat] != len(table):
                raise InvariantError(f"P{seat}'s card counts drifted\n{self}")
            if self.out[seat] != (not self.hand_size[seat] and not table):
                raise InvariantError(f"P{seat} is out with cards, or in without any\n{self}")
        if sorted(seen) != list(range(engine.cards)):
            raise InvariantError(f"a card was lost or doubled: {sorted(Counter(seen) - Counter(range(engine.cards)))}")
        self._check_turn()

    def _check_turn(self) -> None:
        if self.turns > self.engine.info.max_turns(self.n):
            raise InvariantError(f"turn {self.turns} is past the bound")
        if self.is_terminal():
            return
        seat = self.current_player
        if not 0 <= seat < self.n or self.out[seat]:
            raise InvariantError(f"the current player P{seat} is not in the game\n{self}")
        if not self.swapping and not self.hand_size[seat] and self.stock:
            raise InvariantError(f"P{seat} has an empty hand while the stock lasts\n{self}")
        top = self.pile[-1] if self.pile else -1
        need = self.engine.strength[self.run_rank] if top >= 0 and not self.engine.special[self.run_rank] else 0
        if self.need != need or (top >= 0 and self.engine.rank_of[top] != self.run_rank):
            raise InvariantError(f"the pile's requirement drifted\n{self}")
        if not self.legal_actions():
            raise InvariantError(f"P{seat} has no legal action\n{self}")

    def _label(self, card: int) -> str:
        return self.engine.rank_label[self.engine.rank_of[card]]

    def _say(self, line: str) -> None:
        self.log.append(f"{self.turns:4d} {line}")

    def _say_if(self, line: str) -> None:
        if self.log is not None:
            self._say(line)

    def __str__(self) -> str:
        label = self._label
        lines = [f"DYMOCK, {self.n} players, turn {self.turns}, {'swapping' if self.swapping else 'playing'}, "
                 f"P{self.current_player} to act, direction {self.direction:+d}, stock {len(self.stock)}, "
                 f"burned {len(self.burned)}",
                 f"pile: {' '.join(label(c) for c in self.pile) or '(empty)'} (needs strength {self.need})"]
        for seat in range(self.n):
            hand = " ".join(label(c) for cards in self.hands[seat] for c in cards)
            table = " ".join(f"{label(u) if u >= 0 else '-'}/{'?' if d >= 0 else '-'}"
                             for u, d in zip(self.faceup[seat], self.facedown[seat]))
            lines.append(f"P{seat}{' (out)' if self.out[seat] else ''}: hand [{hand}] table [{table}]")
        return "\n".join(lines)


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def greedy(engine: DymockEngine, state: DymockState) -> int:
    """Choose as the greedy player.

    Swap phase: swap the most valuable hand card for the least valuable face-up card while that raises the table
    (specials count above every plain rank). Play: lay the lowest plain rank that beats the pile, all copies; only
    when it would otherwise take the pile, one special (reset, then reset-reverse, then burn); at the table, then a
    released face-down card; forced to pick up, throw the lowest face-up card. Never takes the pile by choice.
    """
    legal = state.legal_actions()
    if state.swapping:
        return _greedy_swap(engine, state, legal)
    hand = state.hands[state.current_player]
    if state.hand_size[state.current_player]:
        for g in engine.beaters[state.need]:
            if hand[g]:
                return engine.lays[g][0 if engine.special[g] else len(hand[g]) - 1]
        return TAKE
    return min(legal, key=_greedy_table_key(engine, state))


def _greedy_table_key(engine: DymockEngine, state: DymockState):
    """Rank table actions: plain face-up sets (lowest rank, most cards), one face-up special, a blind card, and
    last a throw (only chosen when forced, since a voluntary pick-up also offers something better)."""
    face_up, rank_of, special, worth = state.faceup[state.current_player], engine.rank_of, engine.special, engine.worth

    def key(action: int) -> tuple[int, int, int]:
        if FACE_UP < action < SWAP:
            positions = MASKS[action - FACE_UP]
            g = rank_of[face_up[positions[0]]]
            return (1, worth[g], len(positions)) if special[g] else (0, worth[g], -len(positions))
        if BLIND <= action < READY:
            return (2, action, 0)
        if THROW <= action < BLIND:
            return (3, worth[rank_of[face_up[action - THROW]]], 0)
        return (4, 0, 0)  # take without throwing: never by choice
    return key


def _greedy_swap(engine: DymockEngine, state: DymockState, legal: list[int]) -> int:
    best, gain = READY, 0
    face_up = state.faceup[state.current_player]
    for action in legal[1:]:  # legal[0] is READY
        g, p = divmod(action - SWAP, POSITIONS)
        gained = engine.worth[g] - engine.worth[engine.rank_of[face_up[p]]]
        if gained > gain:
            best, gain = action, gained
    return best
