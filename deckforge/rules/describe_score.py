"""Write how a described game's round and game end, how it is scored and who wins (part of describe.py)."""
from __future__ import annotations

from . import model as m
from .describe import Block, Writer


def round_end(wr: Writer) -> str:
    t = wr.t
    ends = {
        "hands_empty": t.gettext("The round ends when all the players have played all their cards."),
        "first_out": t.gettext("The round ends as soon as one player has no cards left."),
        "last_holding": t.gettext("The round goes on until only one player is left holding cards."),
        "all_stood": t.gettext("The round ends when every player has stood or gone bust."),
        "sets_complete": t.gettext("The round ends when all the cards have been laid down in sets."),
        "stock_empty": t.gettext("The round ends when the stock runs out."),
        "no_moves": t.gettext("The round ends when nobody can make a move."),
    }
    return wr.say(ends[wr.rules.end.round])


def score_blocks(wr: Writer) -> list[Block]:
    t, items = wr.t, []
    pictured: tuple[str, ...] = ()
    for item in wr.rules.score:
        items.append(_item(wr, item))
        if isinstance(item, m.PerCard) and not item.where.is_any:
            pictured = pictured or wr.pictured(item.where)
    if not items:
        return []
    team = wr.rules.teams == "partners"
    lead = (t.gettext("At the end of each round, each team scores:") if team
            else t.gettext("At the end of each round, you score:"))   # the items say "your hand", "you have won"
    blocks = [Block("h3", t.gettext("Scoring")), wr.p(lead), Block("list", items=tuple(items), cards=pictured)]
    if not wr.rules.end.single_round:
        blocks.append(wr.p(t.gettext("Write the scores down after each round and add them up.")))
    return blocks


def _item(wr: Writer, item) -> str:
    t, w = wr.t, wr.w
    if isinstance(item, m.PerCard):
        return _per_card(wr, item)
    if isinstance(item, m.PerTrick):
        return wr.say(t.gettext("%(points)s for each trick you have taken"), points=w.points(item.points))
    if isinstance(item, m.PerSet):
        return wr.say(t.gettext("%(points)s for each set you have laid down"), points=w.points(item.points))
    if isinstance(item, m.BidScore):
        return _bid(wr, item)
    if isinstance(item, m.SumScore):
        return wr.say(t.gettext("the values of the cards %(zone)s added up; a player who is bust scores "
                                "%(points)s"), zone=_in_zone(wr, item.zone), points=w.points(item.bust))
    if isinstance(item, m.ShootTheMoon):
        if item.others is None:
            return wr.say(t.gettext("if one player has taken all the points there are, they score %(own)s instead, "
                                    "and every other player scores all those points"), own=w.points(item.own))
        return wr.say(t.gettext("if one player has taken all the points there are, they score %(own)s instead, "
                                "and every other player %(others)s"), own=w.points(item.own),
                      others=w.points(item.others))
    return wr.say(t.gettext("%(points)s for the first player to get rid of all their cards"),
                  points=w.points(item.points))


def _per_card(wr: Writer, item: m.PerCard) -> str:
    t, w = wr.t, wr.w
    found = w.card_set(item.where)
    zone = _in_zone(wr, item.zone)
    if item.by_value:
        return wr.say(t.gettext("for each %(card)s %(zone)s, as many points as its value"),
                      card=w.cards(found, "sg", "acc"), zone=zone)
    if found.kind == "named" and found.copies == 1:
        return wr.say(t.gettext("%(points)s for the %(card)s, if it is %(zone)s"), points=w.points(item.points),
                      card=w.cards(found, "sg", "acc"), zone=zone)
    return wr.say(t.gettext("%(points)s for each %(card)s %(zone)s"), points=w.points(item.points),
                  card=w.cards(found, "sg", "acc"), zone=zone)


def _in_zone(wr: Writer, zone_id: str) -> str:
    t = wr.t
    zone = wr.rules.zones.get(zone_id)
    phrases = {"won": t.pgettext("in zone", "among the cards you have won"),
               "hand": t.pgettext("in zone", "left in your hand"),
               "pile": t.pgettext("in zone", "on the discard pile")}
    if zone_id in phrases:
        return phrases[zone_id]
    if zone is not None and zone.owner == "shared":
        return t.pgettext("in zone", "in the middle of the table")
    return t.pgettext("in zone", "in front of you")


def _bid(wr: Writer, item: m.BidScore) -> str:
    t, w = wr.t, wr.w
    made = [w.points(item.made_base)] if item.made_base else []
    if item.made_per_bid:
        made.append(t.gettext("%(points)s for each trick you bid") % {"points": w.points(item.made_per_bid)})
    if item.made_per_extra and not item.exact:
        made.append(t.gettext("%(points)s for each trick over your bid") % {"points": w.points(item.made_per_extra)})
    missed = [w.points(item.missed_base)] if item.missed_base else []
    if item.missed_per_bid:
        missed.append(t.gettext("%(points)s for each trick you bid") % {"points": w.points(item.missed_per_bid)})
    team = wr.rules.teams == "partners"   # partners add up their bids and their tricks (rules-format.md, teams)
    if item.missed_per_off:
        off = (t.gettext("%(points)s for each trick your team is off") if team
               else t.gettext("%(points)s for each trick you are off"))
        missed.append(off % {"points": w.points(item.missed_per_off)})
    nothing = t.gettext("nothing")
    if team:
        text = (t.gettext("if your team takes exactly as many tricks as its players bid together: %(made)s; "
                          "otherwise: %(missed)s") if item.exact
                else t.gettext("if your team takes at least as many tricks as its players bid together: %(made)s; "
                               "otherwise: %(missed)s"))
    else:
        text = (t.gettext("if you take exactly as many tricks as you bid: %(made)s; otherwise: %(missed)s")
                if item.exact
                else t.gettext("if you take at least as many tricks as you bid: %(made)s; otherwise: %(missed)s"))
    return wr.say(text, made=w.join(made) or nothing, missed=w.join(missed) or nothing)


def game_end(wr: Writer) -> str:
    t, end = wr.t, wr.rules.end
    if end.by_deck:
        rounds = wr.deck.total_for(wr.players) // wr.players
        return wr.say(t.ngettext("The game lasts as many rounds as the cards allow: with %(players)d players, "
                                 "%(num)d round.", "The game lasts as many rounds as the cards allow: with "
                                 "%(players)d players, %(num)d rounds.", rounds), players=wr.players, num=rounds)
    team = wr.rules.teams == "partners"
    if end.score and end.rounds:   # whichever comes first (model.End)
        text = (t.ngettext("The game ends after the round in which a team reaches %(points)s in all, or after "
                           "%(num)d round, whichever comes first.", "The game ends after the round in which a team "
                           "reaches %(points)s in all, or after %(num)d rounds, whichever comes first.", end.rounds)
                if team else
                t.ngettext("The game ends after the round in which a player reaches %(points)s in all, or after "
                           "%(num)d round, whichever comes first.", "The game ends after the round in which a "
                           "player reaches %(points)s in all, or after %(num)d rounds, whichever comes first.",
                           end.rounds))
        return wr.say(text, points=wr.w.points(end.score), num=end.rounds)
    if end.score:
        text = (t.gettext("The game ends after the round in which a team reaches %(points)s in all.") if team
                else t.gettext("The game ends after the round in which a player reaches %(points)s in all."))
        return wr.say(text, points=wr.w.points(end.score))
    if end.rounds == 1:
        return wr.say(t.gettext("The game is a single round."))
    if end.rounds:
        return wr.say(t.ngettext("The game lasts %(num)d round.", "The game lasts %(num)d rounds.", end.rounds),
                      num=end.rounds)
    return wr.say(t.gettext("Play as many rounds as you like."))


def winner(wr: Writer) -> str:
    t, won = wr.t, wr.rules.winner
    team = wr.rules.teams == "partners"
    if won.kind == "highest_score":
        return wr.say(t.gettext("The team with the most points wins.") if team
                      else t.gettext("The player with the most points wins."))
    if won.kind == "lowest_score":
        return wr.say(t.gettext("The team with the fewest points wins.") if team
                      else t.gettext("The player with the fewest points wins."))
    if won.kind == "first_out":  # places as the engine gives them (rules/view.py): the order out, then fewest held
        if wr.rules.end.round in ("hands_empty", "last_holding"):  # everyone but the last goes out
            return wr.say(t.gettext("The first player to get rid of all their cards wins; the others take the next "
                                    "places in the order they go out."))
        if wr.rules.end.round == "first_out":  # nobody else goes out
            return wr.say(t.gettext("The first player to get rid of all their cards wins; the others are placed "
                                    "by how few cards they have left."))
        return wr.say(t.gettext("The first player to get rid of all their cards wins; the others take the next "
                                "places in the order they go out, then those still holding cards, fewest first."))
    if won.loser_holds is not None:
        return wr.say(t.gettext("Whoever holds %(card)s at the end loses; everyone else wins."),
                      card=wr.w.cards(won.loser_holds, "sg", "acc", article=True, agree=False))
    return wr.say(t.gettext("The last player left holding cards loses; everyone else wins."))
