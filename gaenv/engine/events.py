"""Events and the triggered abilities they fire.

A triggered ability that fires is recorded in ``state.pending_triggers``; the
engine puts pending triggers onto the effects stack before anyone next receives
opportunity, the turn player's first, each player choosing the order of their
own ("Abilities - Triggered Abilities"). Triggers that fire during a
resolution therefore wait until it has ended.

Keyword triggers (Intercept, Vigor) are built in: their effect is engine data
in ``KEYWORD_EFFECTS``, not card text.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from gaenv.engine.objects import Ability, Node
from gaenv.engine.statics import requirement_met

if TYPE_CHECKING:
    from gaenv.engine.objects import CardObj
    from gaenv.engine.state import GameState

# Trigger conditions a card ability may use ("Keywords and Abilities"):
TRIGGERS = (
    "on_enter",          # On Enter: this enters the field (a champion card: becomes the top)
    "on_leave",          # On Leave: this leaves the field
    "on_death",          # On Death: this unit dies (goes from the field to the graveyard)
    "on_attack",         # On Attack: this unit attacks, or this is used in an attack
    "on_hit",            # On Hit: this deals combat damage (or the attack using it does)
    "on_kill",           # On Kill: a unit is killed by combat damage from this
    "on_recollection",   # at the beginning of its controller's recollection phase
    "on_end_phase",      # at the beginning of its controller's end phase
)

KEYWORD_EFFECTS: dict[str, Ability] = {
    # "Keywords - Intercept": the defending player may redirect the attack to this ally.
    "intercept": Ability("on_attack", (Node("intercept", MappingProxyType({})),), None, False,
                         "Intercept: you may redirect the attack to this ally."),
    # "Keywords - Vigor": this unit wakes up at the beginning of its controller's end phase.
    "vigor": Ability("on_end_phase", (Node("wake", MappingProxyType({"target": "self"})),), None,
                     False, "Vigor: this unit wakes up."),
}


def ability_of(card: CardObj, ability: int | str) -> Ability:
    """A card's ability by index, or a keyword's built-in trigger by name."""
    if isinstance(ability, str):
        return KEYWORD_EFFECTS[ability]
    return card.defn.abilities[ability]


def fire(state: GameState, card: CardObj, trigger: str) -> None:
    """Record every ability of ``card`` that triggers on ``trigger`` (and meets its
    restriction, see `statics.requirement_met`)."""
    defn = card.defn
    indices = defn.triggered.get(trigger)
    if indices is not None:
        for index in indices:
            if requirement_met(state, defn.abilities[index], card):
                state.pending_triggers.append((card.id, index, card.owner, card.oid))


def fire_keyword(state: GameState, card: CardObj, keyword: str) -> None:
    state.pending_triggers.append((card.id, keyword, card.owner, card.oid))


def on_enter(state: GameState, card: CardObj) -> None:
    fire(state, card, "on_enter")
