"""What may be read from a game of a described deck: its result, standings, what each seat may know, its text, its
invariants, and the clones and determinized worlds search players use. The reading half of RulesState."""
from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple

from ..sim.base import CHANCE, GameResult, InvariantError, place_returns
from ..sim.results import Bids

PUBLIC_MARKS = (0xFD, 0xFE)


class _Placing(NamedTuple):
    """The part of a finished game's GameResult that place_returns reads."""

    places: list[int]
    scores: list | None
    finished: bool = True
    stalemate: bool = False


class RulesView:
    """The reading half of RulesState."""

    __slots__ = ()

    # -- the outcome ----------------------------------------------------------------------------------------------

    def result(self) -> GameResult:
        """Report places, scores, plays per seat (card id -> times played) and how often each rule fired."""
        ids, n = self.t.card_ids, self.n
        finished = self.over and not self.stalemate
        places, scores, loser = self._places()
        rules = self.engine.rules
        bids = None
        if rules.bid is not None and self.bids_made:
            bids = Bids(1, tuple(self.bids_made), tuple(self.bids_made_by_seat))
        return GameResult(
            players=n, finished=finished, stalemate=self.stalemate, turns=self.turns,
            winners=self._winners(places, scores, loser) if finished else [], places=places if finished else [],
            scores=scores, plays=[Counter({ids[k]: times for k, times in enumerate(row) if times})
                                  for row in self.plays],
            effects=Counter(self.effects), loser=loser if finished else None, bids=bids,
            log=self._log_lines() if self.engine.trace else None)

    def _log_lines(self) -> list[str]:
        """Return the game as lines: each seat's decision, where each card dealt or drawn went, and, read from a
        replay of the same actions, where a round starts (its dealer), the trump, who takes each trick or prize
        and what each round scored. A game the replay does not repeat (it always should) gets the plain lines."""
        try:
            notes = self._replay_notes()
        except Exception:  # noqa: BLE001 -- the notes only help the reader; the plain lines stay right
            notes = {}
        lines, labels = [], self.t.labels
        for position, entry in enumerate(self.history):
            lines.extend(notes.get(position, ()))
            if entry >= 0:
                lines.append(f"P{entry & 0xFF}: {self.engine.describe(entry >> 8)}")
                continue
            outcome, to = (~entry) >> 8, (~entry) & 0xFF
            if to == 0xFD:
                if not any(line.startswith("round ") for line in notes.get(position + 1, ())):
                    lines.append(f"seat {outcome} deals")  # else the round's line names the dealer
            else:
                lines.append(f"  {labels[outcome]} -> {'face up' if to in PUBLIC_MARKS else f'P{to}'}")
        lines.extend(notes.get(len(self.history), ()))
        return lines

    def _replay_notes(self) -> dict[int, list[str]]:
        """Play the recorded actions again from the start and note, before the history entry at which it shows,
        each change a reader of the plain lines cannot see: a new round, the trump, a trick or a prize taken, a
        round's scores. Only a traced game's log pays for it."""
        history, n, t = self.history, self.n, self.t
        dealer_first = bool(history) and history[0] < 0 and (~history[0]) & 0xFF == 0xFD
        replay = _replaying(type(self))(self.engine, None if dealer_first else self.first_player)
        notes: dict[int, list[str]] = {}

        def taken_so_far() -> tuple:
            won = tuple(tuple(replay.zones[t.won + seat]) for seat in range(n)) if replay.zones else ()
            return tuple(replay.tricks_won or ()), won

        def seen() -> _Seen:
            return _Seen(replay.round_no, replay.trump_suit, *taken_so_far(), len(replay.round_totals),
                         replay.dealer)

        def trump_line(trump: int | None) -> list[str]:
            return [f"  trump: {t.suits[trump]}"] if trump is not None and trump >= 0 and t.suits else []

        def note(position: int, before: _Seen) -> None:
            now, said = seen(), notes.setdefault(position, [])
            scored = now.scored > before.scored
            # a step that ends a round starts the next: what was taken is read as the round was scored
            tricks, won = replay.at_scoring if scored else (now.tricks, now.won)
            took = [s for s in range(len(tricks)) if tricks[s] > (before.tricks[s] if len(before.tricks) > s else 0)]
            if took:
                said.append(f"  P{took[0]} takes the trick (tricks taken: {', '.join(map(str, tricks))})")
            elif won != before.won and before.won:
                for seat in range(n):
                    if len(won[seat]) > len(before.won[seat]):
                        taken = won[seat][len(before.won[seat]):]
                        said.append(f"  {', '.join(t.labels[c] for c in taken)} -> P{seat}'s won cards")
            if scored and self.engine.rules.score:
                scores = replay.round_totals[-1]
                said.append(f"  round {before.round} scores: "
                            + ", ".join(f"P{s} {scores[s]:+d}" for s in range(len(scores)))
                            + f"; totals {', '.join(map(str, replay.totals))}")
            dealer_chosen = now.dealer != before.dealer and now.dealer is not None and now.dealer >= 0 \
                and before.dealer in (None, -1)
            if now.round != before.round or dealer_chosen:
                said.append(f"round {now.round}, dealer P{now.dealer}")
            if now.trump != before.trump:
                said.extend(trump_line(now.trump))

        replay.taken_so_far = taken_so_far
        if not dealer_first:
            notes[0] = [f"round 1, dealer P{replay.dealer}"] + trump_line(replay.trump_suit)
        position = 0
        while position < len(history):
            entry, before = history[position], seen()
            action = entry >> 8 if entry >= 0 else (~entry) >> 8
            replay.apply_action(action)
            grown = len(replay.history)
            if replay.history[position:grown] != history[position:grown] or grown <= position:
                return {}  # the replay went another way: no notes rather than wrong ones
            note(grown, before)
            position = grown
        return {k: v for k, v in notes.items() if v}

    def _places(self) -> tuple[list[int], list[int] | None, int | None]:
        """Return the seats from first to last, the scores the places come from (None: by order out), the loser."""
        rules, n = self.engine.rules, self.n
        kind = rules.winner.kind
        if kind == "first_out":
            rest = sorted((s for s in range(n) if s not in self.out_order),
                          key=lambda s: len(self.zones[self.t.hand + s]))
            return list(self.out_order) + rest, None, None
        if kind == "not_last_holding":
            loser = self._loser()
            order = [s for s in self.out_order if s != loser] + [s for s in range(n) if s not in self.out_order
                                                                 and s != loser]
            return order + [loser], [-1 if s == loser else 0 for s in range(n)], loser
        sign = -1 if kind == "lowest_score" else 1
        order = sorted(range(n), key=lambda s: (-sign * self.totals[s], s))
        return order, list(self.totals), None

    def _loser(self) -> int:
        """Return the seat left holding cards, or holding a card of `holds`; the one holding most when unclear."""
        hand, holds = self.t.hand, self.engine.rules.winner.loser_holds
        if holds is not None:
            mask = self.engine.holds_mask
            for seat in range(self.n):
                if any(mask[c] for c in self.zones[hand + seat]):
                    return seat
        return max(range(self.n), key=lambda s: (len(self.zones[hand + s]), -s))

    def _winners(self, places: list[int], scores: list[int] | None, loser: int | None) -> list[int]:
        if loser is not None:
            return [s for s in range(self.n) if s != loser]
        if scores is None:
            return places[:1]
        key = self._rank_key()
        best = max(key)
        return [s for s in range(self.n) if key[s] == best]

    def _rank_key(self) -> list[float]:
        """Return a number per seat, higher better, that orders the seats by the winner rule."""
        if self.engine.rules.winner.kind == "lowest_score":
            return [-t for t in self.totals]
        return [float(t) for t in self.totals]

    def returns(self) -> list[float]:
        """Return +1 for first place to -1 for last (ties share), as the base class, ranking by the winner rule."""
        n = self.n
        if not self.over or self.stalemate:
            return [0.0] * n
        places, scores, _ = self._places()  # not the whole result(): a search asks this after every playout
        if scores is not None and self.engine.rules.winner.kind != "not_last_holding":
            scores = self._rank_key()
        return place_returns(_Placing(places, scores), n)

    def standings(self) -> list[float]:
        """Return who is ahead now: the points so far with what the round would give if it ended now (negated
        when the lowest wins); in a game won by going out or not being left holding, fewer cards in hand, a seat
        out above every seat still in."""
        kind, hand = self.engine.rules.winner.kind, self.t.hand
        if kind in ("first_out", "not_last_holding"):
            out = self.out_order
            return [float(self.n - out.index(s)) * 1000 if s in out else -float(len(self.zones[hand + s]))
                    for s in range(self.n)]
        if self.over:
            return self._rank_key()
        sign = -1 if kind == "lowest_score" else 1
        return [sign * float(total + points) for total, points in zip(self.totals, self.round_points())]

    def search_checkpoint(self) -> tuple[int, list[int]]:
        """Return (round, totals): a search playout of a many-round game may stop when the round changes."""
        return self.round_no, self._rank_key()

    # -- what each seat may know ----------------------------------------------------------------------------------

    def information_state_string(self, player: int) -> str:
        """Return `player`'s own cards, the table and the public history (hidden cards left out)."""
        words = []
        for entry in self.history:
            if entry >= 0:
                seat, action = entry & 0xFF, entry >> 8
                hidden = self.engine.rules.play.style == "reveal" and action < self.engine.size and seat != player
                words.append(f"P{seat}:{'pick' if hidden else self.engine.describe(action)}")
            else:
                card, to = (~entry) >> 8, (~entry) & 0xFF
                words.append(f"+{self.t.labels[card]}" if to in PUBLIC_MARKS or to == player else f"P{to}+?")
        return f"{self.observation_string(player)}\nhistory: {' '.join(words)}"

    def observation_string(self, player: int) -> str:
        """Return what `player` sees now: the face-up zones, its own hand, how many cards every hidden zone holds."""
        t, lines = self.t, []
        for slot, cards in enumerate(self.zones):
            owner, face = t.owner_of_slot[slot], t.face_of_slot[slot]
            name = t.zone_of_slot[slot] + (f"[P{owner}]" if owner >= 0 else "")
            seen = face == "up" or (face == "owner" and owner == player)
            lines.append(f"{name}: {self._cards(cards) if seen else f'{len(cards)} cards'}")
        lines.append(f"round {self.round_no}; scores {self.totals}; to move: P{self.player}{self._waiting_words()}")
        return "\n".join(lines)

    def repetition_key(self, player: int) -> str:
        """Return what `player` sees now with the direction of play and the suit named (the observation has no turn
        count): the search player leaves a position that comes round a third time (sim/mcts.py), so that a game
        described with a pile taken back and laid again does not go round to the turn bound."""
        return f"{self.observation_string(player)}\ndirection {self.direction}; named {self.named_suit}"

    def _waiting_words(self) -> str:
        """Say the effects waiting for the next seat's answer (`answer`), for the strings above."""
        waiting = getattr(self, "waiting", None)
        return "; waiting: " + ", ".join(f"{name} {amount}" for name, amount, _ in waiting) if waiting else ""

    def _cards(self, cards) -> str:
        return " ".join(self.t.labels[c] for c in cards) or "-"

    def action_to_string(self, player: int, action: int) -> str:
        return self.engine.describe(action, chance=player == CHANCE, dealer=self.phase == 0)

    def __str__(self) -> str:
        t = self.t
        lines = [f"{t.zone_of_slot[s]}" + (f"[P{t.owner_of_slot[s]}]" if t.owner_of_slot[s] >= 0 else "")
                 + f": {self._cards(cards)}" for s, cards in enumerate(self.zones)]
        return "\n".join(lines + [f"round {self.round_no}; scores {self.totals}; to move: P{self.player}"
                                   f"{self._waiting_words()}"])

    def check_invariants(self) -> None:
        """Raise InvariantError when a card is in two places or in none, or the seat to move is not a seat."""
        seen = [card for cards in self.zones for card in cards] + [c for c in (self.picks or ()) if c >= 0]
        if sorted(seen) != list(range(self.engine.size)):
            missing = set(range(self.engine.size)) - set(seen)
            raise InvariantError(f"cards lost or doubled: {len(seen)} held for {self.engine.size}; missing {missing}")
        if not self.over and self.player != CHANCE and not 0 <= self.player < self.n:
            raise InvariantError(f"the seat to move is {self.player}")
        if not self.over and self.player != CHANCE and not self.legal:
            raise InvariantError(f"seat {self.player} is to move with nothing legal")

    # -- copies -------------------------------------------------------------------------------------------------

    def clone(self):
        """Return an independent copy (lists copied, the engine and its tables shared)."""
        return _copy_state(self, type(self).__new__(type(self)))

    _SCALARS = ("engine", "t", "n", "player", "turns", "phase", "dealer", "round_no", "resume", "setup_pos",
                "direction", "named_suit", "broken", "first_trick", "trick_size", "trump_suit", "again", "caster", "passes",
                "give_left", "give_target", "last_dealt", "over", "stalemate", "first_player", "extra_left",
                "stock_known")
    _LISTS = ("pending", "skips", "stood", "bust", "out_order", "holding", "trick", "trick_seats", "tricks_won",
              "sets_won", "bids", "picks", "split_bonus", "totals", "bids_made", "bids_made_by_seat", "effect_queue",
              "history", "legal", "waiting")

    def determinize(self, player: int, rng: random.Random):
        """Return a clone in which the cards `player` cannot see (other hands, face-down shared zones, others'
        secret picks) are dealt anew at random into the same places, in the same numbers."""
        world = self.clone()
        t = self.t
        hidden = [s for s in range(t.slots) if (t.face_of_slot[s] == "owner" and t.owner_of_slot[s] != player
                                                and not self.engine.dealt_by_value)
                  or (t.hidden_slot[s] and t.owner_of_slot[s] < 0 and not (s == t.stock and self.stock_known))]
        picks = [seat for seat, card in enumerate(world.picks or ()) if card >= 0 and seat != player]
        pool = [card for s in hidden for card in world.zones[s]] + [world.picks[seat] for seat in picks]
        rng.shuffle(pool)
        for s in hidden:
            size = len(world.zones[s])
            world.zones[s], pool = pool[:size], pool[size:]
            if t.face_of_slot[s] == "owner":
                world.zones[s].sort()
        for seat in picks:
            world.picks[seat] = pool.pop()
        if world.player >= 0 and not world.over:
            world.legal = world._legal_now()
        return world


def _state_copier(scalars: tuple[str, ...], lists: tuple[str, ...]):
    """Return a function copying a state's fields into a blank one, written out attribute by attribute: a search
    clones a state for every playout, and a loop of getattr/setattr over the names took about twice as long."""
    lines = ["def copy(self, other):"]
    lines += [f"    other.{name} = self.{name}" for name in scalars]
    lines += [f"    value = self.{name}\n    other.{name} = value[:] if value is not None else None" for name in lists]
    lines += ["    other.zones = [cards[:] for cards in self.zones]",
              "    other.plays = [row[:] for row in self.plays]",
              "    other.round_totals = [row[:] for row in self.round_totals]",
              "    other.effects = self.effects.copy()",
              "    return other"]
    namespace: dict = {}
    exec("\n".join(lines), namespace)  # noqa: S102 - the names are this module's own constants
    return namespace["copy"]


_copy_state = _state_copier(RulesView._SCALARS, RulesView._LISTS)


class _Seen(NamedTuple):
    """What a traced game's replay compares before and after each step (RulesView._replay_notes)."""

    round: int
    trump: int | None
    tricks: tuple
    won: tuple
    scored: int   # rounds scored so far
    dealer: int | None


def _replaying(state_class: type) -> type:
    """Return a subclass of a state class that keeps what the seats had taken when each round was scored: the step
    that scores a round also deals the next, and a traced game's notes still name the last trick's taker."""
    class Replaying(state_class):  # no __slots__: a replay may keep its own attributes
        def _score_round(self) -> None:
            looked = getattr(self, "taken_so_far", None)  # (given once the replay is made)
            self.at_scoring = looked() if looked is not None else ((), ())
            super()._score_round()

    return Replaying
