"""Where cards are: the invariant both games keep (docs/engine.md, "One core, two games").

Every physical card is in exactly one place at a time (CR "Game Mechanics - Game Zones";
DUEL 2.7). `census` checks it over the places a game lists; the fuzzers and the checked
games call it after every answer (Grand Archive's `gaenv.engine.zones.check_conservation`,
the duel's `gaenv.duel.checks.invariants`).

The mover itself stays each game's, because what a move does is the rules of that game:
Grand Archive's makes and forgets objects, replaces destinations (a champion card goes
to banishment instead of a graveyard), counts the change for its views and records three
events (`gaenv.engine.journal.move`); the duel's empties or fills an Equipment slot and
turns a facedown card face up (`gaenv.duel.rules.move`, `equip`).
"""

from __future__ import annotations

from collections.abc import Iterable


def census(total: int, places: Iterable[tuple[int, str]]) -> None:
    """Check that each of the cards ``0 .. total - 1`` is listed exactly once in
    ``places``, pairs of (card id, the place that holds it); AssertionError naming a card
    found in two places, an id that is no card, or the cards found in none."""
    seen: dict[int, str] = {}
    for cid, place in places:
        if not 0 <= cid < total:
            raise AssertionError(f"{place} holds {cid}, which is no card (0 to {total - 1})")
        if cid in seen:
            raise AssertionError(f"card {cid} is in {seen[cid]} and in {place}")
        seen[cid] = place
    if len(seen) != total:
        missing = sorted(set(range(total)) - set(seen))
        raise AssertionError(f"cards in no place: {missing}")
