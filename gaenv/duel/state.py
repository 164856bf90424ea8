"""The duel's position as plain data (so `copy.deepcopy` is a complete clone).

Physical cards (`Card`) keep their id for the whole game (once-per-game uses are keyed
by it, DUEL 5.13); ``stamp`` changes on every move, so a record of "that card in that
place" (a trigger chance, a history entry) can tell whether the card is still there
(DUEL 6.4). A champion on the field is a `Champ` object; a revived champion is a new one
(DUEL 9.10).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from gaenv.core.decisions import Decision
from gaenv.core.events import Event
from gaenv.core.program import Node
from gaenv.duel.cards import DuelCard, DuelPool

DECK, HAND, GRAVE, FIELD, CHAIN, CHAMPION = "deck", "hand", "grave", "field", "chain", "champion"


@dataclass
class Card:
    id: int
    defn: DuelCard
    owner: int
    zone: str = DECK
    stamp: int = 0
    facedown: bool = False
    known: tuple[int, ...] = ()   # players who may look at it while it is facedown (7.12)
    locked: bool = False          # Medusa's Head: no activated effects while on the field
    host: int = -1                # the champion (oid) it is equipped to
    slot: int = -1


@dataclass
class Champ:
    oid: int
    card: int          # the champion card's id
    owner: int
    controller: int
    slots: list[int]   # card ids, -1 for an empty slot
    damage: int = 0
    on_field: bool = True


@dataclass
class Player:
    deck: list[int] = field(default_factory=list)   # top first
    hand: list[int] = field(default_factory=list)
    grave: list[int] = field(default_factory=list)
    lost: str = ""   # why the player lost, naming them ("" while they have not; 11.2)


@dataclass
class History:
    """A player's most recent turn (DUEL 4.7)."""

    spells: list[str] = field(default_factory=list)               # activated from hand
    equipped: list[tuple[int, int]] = field(default_factory=list)  # (card id, stamp)


@dataclass
class Item:
    """An activation on the chain (DUEL 6.1-6.2)."""

    uid: int
    card: int              # the card whose effect it is ("this card", 5.10)
    controller: int
    ability: int           # -1: the activated effect; else the trigger's index
    steps: tuple[Node, ...] = ()
    vars: dict[str, Any] = field(default_factory=dict)
    spell_on_field: bool = False  # a Spell that moved onto the field to resolve (8.1)


@dataclass
class Chance:
    """An open trigger chance (DUEL 6.3-6.4)."""

    uid: int
    card: int
    stamp: int
    trigger: int
    controller: int
    answers: int = -1                  # Medusa's Head: the chain item it answers
    equipment: tuple[int, int] = (-1, -1)  # Medusa's Head: that item's equipment


@dataclass
class Program:
    """Steps being carried out: the costs of an activation, or a resolution (a program the
    core runs: `gaenv.core.program.Running`)."""

    item: Item
    steps: tuple[Node, ...]
    resolving: bool            # False: paying costs (6.2 b)
    chain_base: int = 0        # the chain's length when the resolution started (6.7a)
    pc: int = 0
    sub: dict[str, Any] = field(default_factory=dict)   # a step's progress

    def next_step(self) -> None:
        self.pc += 1
        self.sub = {}


@dataclass
class Window:
    """A trigger window (DUEL 6.5): players asked turn player first, each once."""

    asked: int = 0


@dataclass
class DuelState:
    seed: int
    turn_limit: int
    rng: random.Random
    pool: DuelPool
    cards: list[Card] = field(default_factory=list)
    champs: list[Champ] = field(default_factory=list)
    players: list[Player] = field(default_factory=lambda: [Player(), Player()])
    history: list[History] = field(default_factory=lambda: [History(), History()])
    turn: int = 1
    turn_player: int = 0
    first_player: int = 0
    acted: bool = False
    offered_draw: bool = False
    chain: list[Item] = field(default_factory=list)
    frames: list[Program | Window] = field(default_factory=list)
    chances: list[Chance] = field(default_factory=list)
    once_used: set[int] = field(default_factory=set)
    compel: tuple[int, int, int] = (-1, -1, -1)  # (turn, card id, stamp): Twisted Compulsion
    positions: dict[str, int] = field(default_factory=dict)
    options: dict[str, bool] = field(default_factory=dict)
    next_uid: int = 0
    decision: Decision | None = None
    decisions_made: int = 0
    over: bool = False
    winner: int | None = None
    truncated: bool = False
    reason: str = ""   # why the game ended (gaenv.core.outcome)
    events: list[Event] = field(default_factory=list)  # since the last answer (rules.EVENTS)

    def uid(self) -> int:
        self.next_uid += 1
        return self.next_uid
