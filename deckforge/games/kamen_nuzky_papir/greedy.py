"""The greedy Kámen, nůžky, papír player: lay rather than draw, spells first, changers last (docs/simulator.md).

It sees what a player at the table sees: its own hand, the top of the discard pile and how many cards each
opponent holds.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import CHANGER, CHOOSE, GIVING, NEED
from ...sim.spells import DRAW, EXTRA_PLAY, GIVE, PLAY_AGAIN, REVERSE, SKIP, SWAP_HANDS

if TYPE_CHECKING:
    from .engine import KamenNuzkyPapir, KnpState

# What laying a card is worth (drawing or declining an extra card is worth 0).
GOING_OUT, ITEM_VALUE, SPELL_VALUE, CHANGER_VALUE = 100, 20, 25, 5
EFFECT_VALUE = {SKIP: 10, REVERSE: 2, DRAW: 10, PLAY_AGAIN: 12, EXTRA_PLAY: 8, GIVE: 10, SWAP_HANDS: 10}


def greedy_action(engine: KamenNuzkyPapir, state: KnpState) -> int:
    """Go out if possible; else lay spells before items and items before changers rather than draw (but not a swap
    that would not pay); aim chosen effects at the player with the fewest cards; give away the item held most."""
    legal = state._legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.phase == GIVING:
        return min(legal, key=lambda action: keep_value(engine, state, action - engine.give_base))
    if state.phase == CHOOSE:
        return min(legal, key=lambda action: len(state.hands[action - engine.target_base]))
    return max(legal, key=lambda action: lay_value(engine, state, action))


def lay_value(engine: KamenNuzkyPapir, state: KnpState, action: int) -> int:
    """Value an action of the play or extra-card phase."""
    if action >= engine.draw_action:  # draw or decline
        return 0
    hand = state.hands[state.seat]
    if len(hand) == 1:
        return GOING_OUT
    if action >= engine.size:  # a changer: name the item this hand can beat, should play come back to it
        return CHANGER_VALUE + count_item(engine, hand, NEED[(action - engine.size) % 3])
    effects = engine.effects_of[action]
    if not effects:
        return ITEM_VALUE + count_item(engine, hand, engine.item_of[action])
    return SPELL_VALUE + sum(effect_value(state, code, len(hand) - 1) for code, _, _ in effects)


def effect_value(state: KnpState, code: int, cards_left: int) -> int:
    if code == SWAP_HANDS:  # pays only when someone holds fewer cards than the caster will
        fewest = min(len(state.hands[seat]) for seat in state.others(state.seat))
        return EFFECT_VALUE[code] if fewest < cards_left else -SPELL_VALUE - 1
    return EFFECT_VALUE.get(code, 0)


def count_item(engine: KamenNuzkyPapir, hand: list[int], item: int) -> int:
    return sum(1 for card in hand if engine.item_of[card] == item)


def keep_value(engine: KamenNuzkyPapir, state: KnpState, card: int) -> int:
    """How much the player wants to keep a card: changers most, then spells, then the rarer items."""
    if engine.item_of[card] == CHANGER:
        return 100
    held = count_item(engine, state.hands[state.seat], engine.item_of[card])
    return (50 if engine.effects_of[card] else 0) - held
