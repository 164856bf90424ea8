"""State-based checks, winning and losing.

Rules: "State-based Checks and Effects" (units with damage at least their
life die; weapons without durability are destroyed), "General Rules - Ending
the Game" (a player whose champion dies, who controlled a champion and now
controls none when opportunity would be given, or who tries to draw from an
empty deck loses; if every player loses at once the game is a draw).
"""

from __future__ import annotations

from gaenv.engine import champions
from gaenv.engine.objects import FIELD, GRAVEYARD
from gaenv.engine.state import GameState
from gaenv.engine.zones import move_card


def state_based(state: GameState) -> None:
    """Run the checks until nothing changes, then end the game if someone lost."""
    cards = state.cards
    changed = True
    while changed:
        changed = False
        for p in state.players:
            champ = champions.champion(state, p.index)
            if champ >= 0:
                life = champions.life(state, p.index)
                if life <= 0 or cards[champ].damage >= life:
                    champions.champion_leaves(state, p.index)
                    p.lost = True
                    changed = True
            elif p.had_champion:
                p.lost = True
            for cid in list(p.zones[FIELD]):
                card = cards[cid]
                defn = card.defn
                dies = defn.type == "ally" and (defn.life or 0) <= card.damage
                broken = defn.type == "weapon" and card.counters.get("durability", 0) <= 0
                if dies or broken:
                    move_card(state, cid, GRAVEYARD)
                    changed = True
    finish_if_lost(state)


def finish_if_lost(state: GameState) -> bool:
    """End the game if any player has lost; True if it is over."""
    losers = [p.index for p in state.players if p.lost]
    if losers and not state.over:
        state.over = True
        state.decision = None
        state.winner = 1 - losers[0] if len(losers) == 1 else None
    return state.over
