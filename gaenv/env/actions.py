"""The action layout: one ``Discrete(N)`` whose indices point at visible things.

Each index is a slot in a block: ``pass``, ``confirm``, the deciding player's
hand, material deck, own objects (champion first), weapons to attack with,
activated abilities of own objects, the opponent's objects, own graveyard,
and generic ``choice`` slots. What choosing a slot means follows from the
decision kind (in the observation): hand slot 3 is "activate it" at an
opportunity, "pay with it" when paying a reserve cost, "discard it" when
discarding. The mask is exact: every unmasked index decodes to one legal
option of the engine, and every legal option has an index.

Past a cap (more cards in hand than hand slots, more objects than object
slots, a third ability, ...), an option that has no slot of its own goes to
the next free ``choice`` slot instead, whose features the observation shows;
nothing legal is ever lost. Only a decision with more such options than
choice slots cannot be encoded, and raises `ActionOverflow` naming it.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from gaenv.core.decisions import Decision, Option
from gaenv.engine.objects import GRAVEYARD, HAND, MATERIAL, CardObj
from gaenv.engine.state import GameState
from gaenv.engine.zones import field_objects

HAND_SLOTS = 16
MATERIAL_SLOTS = 12
OWN_SLOTS = 12        # slot 0: the champion; then objects in the order they entered
OPPONENT_SLOTS = 12
ABILITY_SLOTS = 2     # activated abilities per own object
GRAVEYARD_SLOTS = 8   # own graveyard, most recent card first
CHOICE_SLOTS = 32

BLOCKS: tuple[tuple[str, int], ...] = (
    ("pass", 1),
    ("confirm", 1),
    ("hand", HAND_SLOTS),
    ("material", MATERIAL_SLOTS),
    ("own", OWN_SLOTS),
    ("weapon_attack", OWN_SLOTS),
    ("ability", OWN_SLOTS * ABILITY_SLOTS),
    ("opponent", OPPONENT_SLOTS),
    ("graveyard", GRAVEYARD_SLOTS),
    ("choice", CHOICE_SLOTS),
)
OFFSET: dict[str, int] = {}
_total = 0
for _name, _size in BLOCKS:
    OFFSET[_name] = _total
    _total += _size
N_ACTIONS = _total

# The first index of each block, for `_natural`.
_PASS, _CONFIRM, _HAND, _MATERIAL, _OWN, _WEAPON_ATTACK, _ABILITY, _OPPONENT, _GRAVEYARD = (
    OFFSET[name] for name in ("pass", "confirm", "hand", "material", "own", "weapon_attack",
                              "ability", "opponent", "graveyard"))

_INT8 = np.dtype(np.int8)  # (a dtype object, given by position: the cheapest call)

DECLINE = frozenset({"pass", "no"})
CONFIRM = frozenset({"yes", "random"})
_OWN_OBJECT_VERBS = frozenset({"target", "retaliate", "rest", "keep", "first", "weapon"})


class ActionOverflow(RuntimeError):
    """A decision with more slotless options than there are choice slots."""


class Slots(NamedTuple):
    """Where the deciding player's visible cards sit: card id -> slot in its block."""

    hand: list[int]
    material: list[int]
    own: list[int]
    opponent: list[int]
    graveyard: list[int]

    @classmethod
    def of(cls, state: GameState, player: int) -> Slots:
        zones = state.players[player].zones
        return cls(zones[HAND][:HAND_SLOTS], zones[MATERIAL][:MATERIAL_SLOTS],
                   field_objects(state, player)[:OWN_SLOTS],
                   field_objects(state, 1 - player)[:OPPONENT_SLOTS],
                   zones[GRAVEYARD][-GRAVEYARD_SLOTS:][::-1])


def _natural(option: Option, player: int, slots: Slots, cards: list[CardObj]) -> int:
    """The option's own index, or -1 if it has none (past a cap, or no natural block)."""
    verb = option.verb
    card = option.card
    if verb in DECLINE:
        return _PASS
    if verb in CONFIRM:
        return _CONFIRM
    if verb in ("activate", "pay", "discard") and card in slots.hand:
        return _HAND + slots.hand.index(card)
    if verb in ("materialize", "put", "choose") and card in slots.material:
        return _MATERIAL + slots.material.index(card)
    if verb in ("banish", "choose") and card in slots.graveyard:
        return _GRAVEYARD + slots.graveyard.index(card)
    if verb == "attack":
        if option.other >= 0:
            if option.other in slots.own:
                return _WEAPON_ATTACK + slots.own.index(option.other)
            return -1
        if card in slots.own:
            return _OWN + slots.own.index(card)
        return -1
    if verb == "use" and card in slots.own and 0 <= option.other < ABILITY_SLOTS:
        return _ABILITY + slots.own.index(card) * ABILITY_SLOTS + option.other
    if verb in _OWN_OBJECT_VERBS and card >= 0:
        mine = cards[card].controller == player
        if mine and card in slots.own:
            return _OWN + slots.own.index(card)
        if not mine and card in slots.opponent:
            return _OPPONENT + slots.opponent.index(card)
    return -1


def assign(state: GameState, decision: Decision, slots: Slots) -> tuple[dict[int, Option],
                                                                          list[Option]]:
    """Give every option of the decision an action index.

    Returns index -> option, and the options in choice slots (in slot order).
    """
    by_index: dict[int, Option] = {}
    choices: list[Option] = []
    for option in decision.options:
        index = _natural(option, decision.player, slots, state.cards)
        if index < 0 or index in by_index:
            if len(choices) == CHOICE_SLOTS:
                raise ActionOverflow(
                    f"player {decision.player}'s {decision.kind} decision has more than "
                    f"{CHOICE_SLOTS} options without a slot of their own")
            index = OFFSET["choice"] + len(choices)
            choices.append(option)
        by_index[index] = option
    return by_index, choices


def mask_of(by_index: dict[int, Option]) -> np.ndarray:
    """The action mask: 1 at each legal index."""
    mask = np.zeros(N_ACTIONS, _INT8)
    for index in by_index:
        mask[index] = 1
    return mask


def describe() -> list[tuple[str, int, int]]:
    """(block, first index, size) for the docs."""
    return [(name, OFFSET[name], size) for name, size in BLOCKS]
