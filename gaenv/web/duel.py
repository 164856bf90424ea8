"""The web page's view of a duel (``game: duel`` in a new game's form, or a duel's replay
file): the same answer as `gaenv.web.view` gives for Grand Archive, with the duel's own
board (`gaenv.duel.board`, seen from the viewer's seat), hands and card notes. A seat is
sent only what it may know (DUEL 2.8, 7.12): its own hand, the public zones, and the
identity of a facedown card only if it may look at it."""

from __future__ import annotations

from typing import Any

from gaenv.duel import rules
from gaenv.duel.cards import DuelCard
from gaenv.duel.game import DuelGame
from gaenv.duel.state import DECK, HAND
from gaenv.duel_log import DuelLog


def card_note(card: DuelCard) -> str:
    """A card's figures in a few words (the page shows them beside its name)."""
    if card.type == "champion":
        return f"champion, health {card.health}, slots {'/'.join(card.slots)}"
    if card.type == "equipment":
        return f"{card.element} Equipment"
    return "Spell" + (f" (can be equipped: {card.equip_element})" if card.equip_element else "")


def duel_view(game: DuelGame, log: DuelLog, viewer: int | None,
              lines: int | None = None) -> dict[str, Any]:
    """`gaenv.web.view` for a duel."""
    state = game.state
    seen = (0, 1) if viewer is None else (viewer,)
    hands = [{"player": p, "zone": HAND,
              "cards": [state.cards[c].defn.name for c in state.players[p].hand]} for p in seen]
    texts = {card.defn.name: card_note(card.defn) for card in state.cards
             if card.zone != DECK and (card.zone != HAND or card.owner in seen)
             and (viewer is None or rules.may_look(state, card.id, viewer))}
    return {"board": log.show(viewer, {}), "hands": hands, "texts": texts,
            "log": [text for line in log.lines[:lines] if (text := line.seen_by(viewer))],
            "options": [], "over": game.over, "ending": game.ending}
