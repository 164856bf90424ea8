"""Events and the triggered abilities they fire.

A triggered ability that fires is recorded in ``state.pending_triggers``; the
engine puts pending triggers onto the effects stack before anyone next receives
opportunity, the turn player's first ("Abilities - Triggered Abilities").
Triggers that fire during a resolution therefore wait until it has ended.

Triggers known to the card schema: see ``TRIGGERS``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gaenv.engine.objects import CardObj
    from gaenv.engine.state import GameState

# "Keywords - On Enter": when this object enters the field; for a champion card,
# when it becomes the top of the lineage (even though no new object enters).
TRIGGERS = ("on_enter",)


def fire(state: GameState, card: CardObj, trigger: str) -> None:
    """Record every ability of ``card`` that triggers on ``trigger``."""
    for index, ability in enumerate(card.defn.abilities):
        if ability.trigger == trigger:
            state.pending_triggers.append((card.id, index, card.owner, card.oid))


def on_enter(state: GameState, card: CardObj) -> None:
    fire(state, card, "on_enter")
