"""Events: the record of what happened, in both games (docs/engine.md, "One core, two
games").

An `Event` is one change or moment the rules name: a card moved, a champion was dealt
damage, an activation went on the chain. Each game records its own kinds, with what its
fields hold written beside them (Grand Archive's `gaenv.engine.events.EVENTS`, the duel's
`gaenv.duel.rules.EVENTS`), in the position's journal, ``state.events``
(`gaenv.core.position.Position`), and hands each to what listens for it when it happens:
Grand Archive's triggered abilities (`gaenv.engine.events.happened`), the duel's trigger
chances (`gaenv.duel.rules.happen`).

The journal holds the events since the last answer: `gaenv.core.played.Played.step`
empties it before it applies one. The logs for people read it after every step
(`gaenv.gamelog.GameLog`, `gaenv.duel_log.DuelLog`), and so do the balance reports.
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    """One change or moment: its kind, the card it is about (-1 if none), the player
    concerned, another thing involved (a card; each game's table says), an amount and a
    detail text."""

    kind: str
    card: int = -1
    player: int = -1
    other: int = -1
    amount: int = 0
    detail: str = ""
