"""The duel's position as readable text, seen from one seat or by an observer.

`board` shows what ``viewer`` may know (DUEL 2.8, 7.12): both Graves, the field with
health, damage, controllers and slots, the chain, counts of hands and decks, and the
viewer's own hand; a facedown card shows its slot's element, and its printed name only
to a player who may look at it (`rules.may_look`: the player who put it facedown, its
controller). The opponent's hand, every deck's order and the other facedown identities
are never in the text. ``viewer`` None is an observer (``gaenv watch``, replays, the
environment's ``render``): it sees everything. ``gaenv play``, ``watch`` and the web
page show it.
"""

from __future__ import annotations

from collections.abc import Mapping

from gaenv.core.decisions import Option
from gaenv.duel import rules
from gaenv.duel.game import DuelGame
from gaenv.duel.state import Champ, DuelState


def _slot(state: DuelState, cid: int, viewer: int | None) -> str:
    if cid < 0:
        return "empty"
    card = state.cards[cid]
    shown = rules.name_seen(state, cid)
    if card.facedown and (viewer is None or rules.may_look(state, cid, viewer)):
        shown += f" ({card.defn.name})"
    return shown + (" locked" if card.locked else "")


def _champion(state: DuelState, champ: Champ, viewer: int | None) -> str:
    defn = state.cards[champ.card].defn
    owner = f", owned by player {champ.owner}" if champ.owner != champ.controller else ""
    gear = ", ".join(f"{elem}: {_slot(state, cid, viewer)}"
                     for elem, cid in zip(defn.slots, champ.slots, strict=True))
    return (f"  {defn.name} {rules.health(state, champ)}/{rules.max_health(state, champ)}"
            f"{owner} [{gear}]")


def _names(state: DuelState, ids: list[int]) -> str:
    return ", ".join(state.cards[c].defn.name for c in ids) or "(none)"


def board(game: DuelGame, viewer: int | None = None,
          actions: Mapping[int, Option] | None = None) -> str:
    """The position as ``viewer`` (a seat, None: an observer) may see it; ``actions``
    (index -> option) numbers the options of the decision (by default from 0, in order),
    shown only to the player deciding or an observer; at the end, how the game ended."""
    state = game.state
    lines = [f"turn {state.turn}  player {state.turn_player} to act"]
    for p, pile in enumerate(state.players):
        hand = (_names(state, pile.hand) if viewer is None or viewer == p
                else f"{len(pile.hand)} cards")
        lines.append(f"player {p}: deck {len(pile.deck)}, hand: {hand}")
        lines.append(f"  grave: {_names(state, pile.grave)}")
        lines.extend(_champion(state, ch, viewer) for ch in rules.on_field(state, p))
    if state.chain:
        lines.append("chain (top first): " + "; ".join(
            f"{state.cards[item.card].defn.name} (player {item.controller})"
            for item in reversed(state.chain)))
    if game.over:
        lines.append(f"game over: {game.ending}")
    elif game.decision is not None:
        d = game.decision
        lines.append(f"player {d.player} decides ({d.kind})")
        if viewer is None or viewer == d.player:
            options = actions if actions is not None else dict(enumerate(d.options))
            lines.extend(f"  [{i}] {o.text}" for i, o in options.items())
    return "\n".join(lines)
