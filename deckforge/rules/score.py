"""Scoring a round of a described game (docs/rules-format.md, "score"): each item per seat, partners adding up,
bids made or missed, shooting the moon. A mixin of RulesState (state.py)."""
from __future__ import annotations

from .model import BidScore, OutBonus, PerCard, PerSet, PerTrick, ShootTheMoon, SumScore


class ScoreMixin:
    """The round's scores and the running totals."""

    __slots__ = ()

    def _score_round(self) -> None:
        """Score the round, add it to the totals (partners share their team's), and count the bids made."""
        scores = self.round_points(count=True)
        for seat in range(self.n):
            self.totals[seat] += scores[seat]
        self.round_totals.append(scores)

    def round_points(self, count: bool = False) -> list[int]:
        """Return what each seat would score if the round ended now; `count`: the round does end, so count the
        bids made and a moon shot (without it nothing changes: the report reads standings from it)."""
        rules, n = self.engine.rules, self.n
        scores = [self.split_bonus[seat] for seat in range(n)]
        cards = [0] * n  # the per_card points, for shooting the moon
        for item in rules.score:
            if isinstance(item, PerCard):
                for seat in range(n):
                    cards[seat] += self._card_points(item, seat)
            elif isinstance(item, PerTrick):
                for seat in range(n):
                    scores[seat] += item.points * self.tricks_won[seat]
            elif isinstance(item, PerSet):
                for seat in range(n):
                    scores[seat] += item.points * self.sets_won[seat]
            elif isinstance(item, SumScore):
                for seat in range(n):
                    scores[seat] += item.bust if self.bust[seat] else self.zone_sum(self.t.slot(item.zone, seat))
            elif isinstance(item, OutBonus) and self.out_order:
                scores[self.out_order[0]] += item.points
        moon = next((item for item in rules.score if isinstance(item, ShootTheMoon)), None)
        if moon is not None:
            cards = self._moon(moon, cards, count)
        scores = [s + c for s, c in zip(scores, cards)]
        partners = rules.teams == "partners"
        if partners:
            scores = [scores[seat] + scores[(seat + 2) % n] for seat in range(n)]
        bid = next((item for item in rules.score if isinstance(item, BidScore)), None)
        if bid is not None and self.bids is not None and len(self.bids) == n:
            for seat, points in enumerate(self._bid_points(bid, partners, count)):
                scores[seat] += points
        return scores

    def _card_points(self, item: PerCard, seat: int) -> int:
        mask = self.engine.score_masks[item]
        cards = self.zones[self.t.slot(item.zone, seat)]
        if item.by_value:
            value_of = self.t.value_of
            return sum(value_of[c] for c in cards if mask[c])
        return item.points * sum(1 for c in cards if mask[c])

    def _moon(self, moon: ShootTheMoon, cards: list[int], count: bool) -> list[int]:
        """A seat that took every card point scores `own`, the others `others` (the total when not given)."""
        total = sum(cards)
        if total == 0 or total not in cards:
            return cards
        shooter = cards.index(total)
        if count:
            self.count("shoot_the_moon")
        others = total if moon.others is None else moon.others
        return [moon.own if seat == shooter else others for seat in range(self.n)]

    def _bid_points(self, item: BidScore, partners: bool, count: bool) -> list[int]:
        """Score each seat's bid (a team's: partners' bids and tricks add up); count the bids made."""
        n, bids, tricks = self.n, self.bids, self.tricks_won
        points, made_count = [0] * n, 0
        for seat in range(n):
            bid, took = bids[seat], tricks[seat]
            if partners:
                bid, took = bid + bids[(seat + 2) % n], took + tricks[(seat + 2) % n]
            made = took == bid if item.exact else took >= bid
            if made:
                points[seat] = item.made_base + item.made_per_bid * bid + item.made_per_extra * (took - bid)
            else:
                points[seat] = item.missed_base + item.missed_per_bid * bid + item.missed_per_off * abs(took - bid)
            made_count += made
            if count:
                self.bids_made_by_seat[seat] += made
                self.count("bid.made" if made else "bid.missed")
        if count:
            self.bids_made.append(made_count)
        if partners:  # a team's score counts once per team in each partner's total
            points = [points[seat] if seat < 2 else points[seat - 2] for seat in range(n)]
        return points

    def team_totals(self) -> list[int]:
        """Return the totals that decide the end by score (partners already share theirs)."""
        return self.totals
