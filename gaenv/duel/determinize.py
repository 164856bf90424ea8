"""A determinized copy of a duel for search: the position as one seat may know it, with
everything else redealt at random (docs/agents.md, "The duel").

What a seat may not know (DUEL 2.8, 7.12): the opponent's hand and deck, the order of
every deck, and the identity of a facedown card it may not look at (`rules.may_look`).
The copy keeps every card object where it is (zones, slots, stamps, controllers) and
redeals only the identities of those hidden cards among themselves, owner by owner
(Equipment-like cards among themselves, as only they can be facedown), so
sizes, slots and facedown elements stay exactly as seen; decks are shuffled; the copy's
RNG is reseeded from ``rng``. Both deck lists stay as they are (as with open deck
lists). Hidden cards an open trigger chance or the chain refers to keep their identity:
the engine would otherwise resolve a trigger the card does not have.

`DuelGame` has no ``determinized`` method yet (its module belongs to the duel's rules
engine); `determinized` here is the engine-side function that method would call.
"""

from __future__ import annotations

import random

from gaenv.duel import rules
from gaenv.duel.game import DuelGame
from gaenv.duel.state import FIELD


def determinized(game: DuelGame, player: int, rng: random.Random) -> DuelGame:
    """A copy of ``game`` that agrees with everything ``player`` may know and with nothing
    else (draws from ``rng``: the hidden identities of player 0's cards, then player 1's,
    then each deck's order, then the copy's RNG seed). The copy has no log of its own
    past choices: it is not the real game."""
    copy = DuelGame(game.clone().state, game.decks)
    state = copy.state
    pinned = {ch.card for ch in state.chances} | {item.card for item in state.chain}
    for owner in (0, 1):
        pile = state.players[owner]
        hidden = [*pile.hand, *pile.deck] if owner != player else []
        hidden += [c.id for c in state.cards if c.owner == owner and c.zone == FIELD
                   and c.facedown and not rules.may_look(state, c.id, player)]
        hidden = [cid for cid in hidden if cid not in pinned]
        # Only a card that can be equipped can be facedown (7.8, Cobbled Club): those identities are
        # redealt among themselves, the others among theirs.
        for equippable in (True, False):
            group = [cid for cid in hidden
                     if bool(state.cards[cid].defn.equippable_element) == equippable]
            identities = [state.cards[cid].defn for cid in group]
            rng.shuffle(identities)
            for cid, defn in zip(group, identities, strict=True):
                state.cards[cid].defn = defn
    for pile in state.players:
        rng.shuffle(pile.deck)
    state.rng = random.Random(rng.getrandbits(64))
    return copy
