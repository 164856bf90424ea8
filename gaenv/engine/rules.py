"""State-based checks, winning and losing.

Rules: "State-based Checks and Effects" (units with damage at least their
life die; weapons without durability are destroyed), "General Rules - Ending
the Game" (a player whose champion dies, who controlled a champion and now
controls none when opportunity would be given, or who tries to draw from an
empty deck loses; if every player loses at once the game is a draw).
"""

from __future__ import annotations

from gaenv.engine import champions, statics
from gaenv.engine.objects import FIELD, GRAVEYARD, LINEAGE, CardObj
from gaenv.engine.state import GameState
from gaenv.engine.zones import move_card


def state_based(state: GameState) -> None:
    """Run the checks until nothing changes, then end the game if someone lost."""
    cards = state.cards
    changed = True
    while changed:
        changed = False
        for p in state.players:
            lineage = p.zones[LINEAGE]
            if lineage:
                life = champions.life(state, p.index)
                if life <= 0 or cards[lineage[-1]].damage >= life:
                    champions.champion_leaves(state, p.index)
                    p.lost = True
                    changed = True
            elif p.had_champion:
                p.lost = True
            doomed = [cid for cid in p.zones[FIELD] if _destroyed(state, cards[cid])]
            for cid in doomed:
                move_card(state, cid, GRAVEYARD)
                changed = True
    finish_if_lost(state)


def _destroyed(state: GameState, card: CardObj) -> bool:
    """An ally with damage at least its life (as modified now) dies; a weapon without
    durability counters is destroyed."""
    kind = card.defn.type
    if kind == "ally":
        return (statics.stat(state, card.id, "life") or 0) <= card.damage
    return kind == "weapon" and card.counters.get("durability", 0) <= 0


def finish_if_lost(state: GameState) -> bool:
    """End the game if any player has lost; True if it is over."""
    losers = [p.index for p in state.players if p.lost]
    if losers and not state.over:
        state.over = True
        state.decision = None
        state.winner = 1 - losers[0] if len(losers) == 1 else None
    return state.over
