"""Champions: the lineage, leveling up and down, element identity, life.

Rules ("Card Types - Champion"; "Game Zones - Object-Specific Zones, Inner
Lineage"; "Keywords - Lineage"; "Parts of a Card - Element"):

- The champion is the top card of its lineage; the cards beneath are the inner
  lineage and are not objects (Leveling Up 6-7).
- Leveling up puts a champion card whose *printed* level is the top card's
  printed level + 1 on top (Leveling Up 1-2). The champion keeps its
  rested/awake state, damage and counters and stays the same object (same
  oid), but the new top card's On Enter abilities trigger (Leveling Up 4,
  7.2). A Lineage requirement names the champion it must level from.
- The level is the printed level plus level counters plus level modifiers; only
  leveling up reads the printed (base) level ("Level (base)", "Level Counters").
- Deleveling returns the top card to the material deck (Deleveling 1).
- A player may use the elements of every champion card in the lineage, and
  norm always (General 5); only the top card's own characteristics count,
  plus Inherited Effects from the whole lineage (Leveling Up 7.2.4).
"""

from __future__ import annotations

from gaenv.engine import journal, statics
from gaenv.engine.objects import GRAVEYARD, LINEAGE, CardDef
from gaenv.engine.state import GameState


def champion(state: GameState, player: int) -> int:
    """Card id of the player's champion (top of the lineage), or -1."""
    lineage = state.players[player].zones[LINEAGE]
    return lineage[-1] if lineage else -1


def printed_level(state: GameState, player: int) -> int:
    """The printed level of the top card: what leveling up compares against."""
    cid = champion(state, player)
    if cid < 0:
        return -1
    return state.cards[cid].defn.level or 0


def level(state: GameState, player: int) -> int:
    """The champion's level (-1 without one): its printed (base) level, plus one per level
    counter on it ("Game Mechanics - Counters, Level"; "Level Counters"), plus the level
    modifiers in force (``modify_level`` statics, layer E). Restrictions, Efficiency,
    Pride and the ``level`` amount read this; leveling up reads `printed_level` ("Level
    (base)"; "Level Up 3"). It may be below 0."""
    cid = champion(state, player)
    if cid < 0:
        return -1
    card = state.cards[cid]
    return (card.defn.level or 0) + card.counters.get("level", 0) + statics.level_modifier(
        state, cid)


def life(state: GameState, player: int) -> int:
    """The champion's life (0 without one): the top card of the lineage's printed life
    plus modifiers (Inherited Effects of the whole lineage among them)."""
    lineage = state.players[player].zones[LINEAGE]
    return (statics.stat(state, lineage[-1], "life") or 0) if lineage else 0


def elements(state: GameState, player: int) -> set[str]:
    """Elements the player may use: norm, and those of every card in the lineage."""
    cards = state.cards
    enabled = {"norm"}
    for cid in state.players[player].zones[LINEAGE]:
        enabled.add(cards[cid].defn.element)
    return enabled


def can_level_into(state: GameState, player: int, defn: CardDef) -> bool:
    """Whether ``defn`` is a legal next level for the player's champion.

    Level 0 champions are never materialized or leveled into (General 3.1);
    elements are not checked here on purpose (Leveling Up 3).
    """
    if not defn.is_champion or not defn.level:
        return False
    top = champion(state, player)
    if top < 0:
        return False
    top_defn = state.cards[top].defn
    if defn.level != (top_defn.level or 0) + 1:
        return False
    return defn.lineage is None or defn.lineage == top_defn.champion_name


def put_champion(state: GameState, player: int, cid: int) -> None:
    """Turn one: put a level 0 champion onto the field (a special game action)."""
    journal.enter_lineage(state, player, cid, None)
    state.players[player].had_champion = True


def level_up(state: GameState, player: int, cid: int) -> None:
    """Put champion card ``cid`` on top of the lineage; the champion object carries over."""
    journal.enter_lineage(state, player, cid, state.cards[champion(state, player)])


def delevel(state: GameState, player: int) -> None:
    """Return the top card to the material deck; the card beneath becomes the champion."""
    if state.players[player].zones[LINEAGE]:
        journal.leave_lineage(state, player)


def champion_dies(state: GameState, player: int) -> None:
    """The champion dies ("State-based Checks"): its death is recorded, then the inner
    lineage goes to the graveyard (so banished: they were never objects) and the champion
    itself last, leaving the field."""
    journal.emit(state, "dies", state.players[player].zones[LINEAGE][-1], player)
    lineage_leaves(state, player)


def lineage_leaves(state: GameState, player: int) -> None:
    """The player's champion leaves the field for the graveyard with its whole lineage
    ("Card Types - Champion 6b i"): the inner lineage first, then the champion itself
    (each banished instead, as a champion card)."""
    lineage = state.players[player].zones[LINEAGE]
    while len(lineage) > 1:
        journal.move(state, lineage[0], GRAVEYARD)
    journal.move(state, lineage[-1], GRAVEYARD)
