"""State-based checks, winning and losing.

Rules: "State-based Checks and Effects" (units with damage at least their
life die, unless Immortal; weapons without durability are destroyed; extra
Unique objects are sacrificed), "Game Mechanics - Damage" and "Damage
Prevention" (prevented damage is never dealt), "General Rules - Ending
the Game" (a player whose champion dies, who controlled a champion and now
controls none when opportunity would be given, or who tries to draw from an
empty deck loses; if every player loses at once the game is a draw).
"""

from __future__ import annotations

from gaenv.engine import champions, decisions, events, keywords, statics
from gaenv.engine.decisions import Decision
from gaenv.engine.objects import FIELD, GRAVEYARD, LINEAGE, CardObj
from gaenv.engine.state import GameState
from gaenv.engine.zones import label, move_card


def deal_damage(state: GameState, cid: int, amount: int) -> int:
    """Mark ``amount`` damage on unit ``cid``, less any prevention on it; return what was
    dealt ("Game Mechanics - Damage", "Damage Prevention": prevented damage never happens).
    """
    if amount <= 0:
        return 0
    card = state.cards[cid]
    shield = card.counters.get("prevent", 0)
    if shield:
        stopped = min(shield, amount)
        card.counters["prevent"] = shield - stopped
        amount -= stopped
    if card.defn.is_siegeable:  # damage to a siegeable domain removes durability counters
        card.counters["durability"] = card.counters.get("durability", 0) - amount
    else:
        card.damage += amount
    marked(state, card)
    return amount


def marked(state: GameState, card: CardObj) -> None:
    """An object's damage grew or its durability counters fell: the state-based checks are
    due if that could be enough for them to destroy it (`_at_risk`). Nothing else changed,
    so they could find nothing otherwise."""
    if _at_risk(card, statics.lowering(state)):
        state.checks_due = True


def state_based(state: GameState) -> None:
    """Run the checks until nothing changes, then end the game if someone lost.

    When a player controls several Unique objects of one name ("Card Types -
    Supertypes 1") the checks stop at a ``keep_unique`` decision; the answer
    sacrifices the others and the checks run again before anyone acts.

    The checks look only at damage, life, counters, zones, statics and losses, and
    every change to those that could make them find something sets ``state.checks_due``
    (damage only when it could be lethal, see `marked`); when nothing like that happened
    since they last ran they cannot find anything (`verify_settled` checks that in tests).
    """
    if not state.checks_due:
        return
    cards = state.cards
    changed = True
    while changed:
        changed = False
        lowering = statics.lowering(state)
        for p in state.players:
            lineage = p.zones[LINEAGE]
            if lineage:
                if _doomed(state, lineage[-1:], lowering):  # the champion dies
                    champions.champion_leaves(state, p.index)
                    p.lost = True
                    changed = True
            elif p.had_champion:
                p.lost = True
            for cid in _doomed(state, p.zones[FIELD], lowering):
                if cards[cid].defn.type == "ally":
                    events.fire(state, cards[cid], "on_death")
                move_card(state, cid, GRAVEYARD)
                changed = True
    state.checks_due = False
    if finish_if_lost(state):
        return
    for p in state.players:
        extra = _unique_clash(state, p.index)
        if extra:
            state.decision = Decision(p.index, decisions.KEEP_UNIQUE, tuple(
                decisions.keep(cid, label(state, cid)) for cid in extra))
            state.checks_due = True  # until the player has chosen
            return


def _unique_clash(state: GameState, player: int) -> list[int]:
    """The first set of same-named Unique objects the player controls, if any."""
    cards = state.cards
    uniques: list[int] = []
    for cid in state.players[player].zones[FIELD]:
        if cards[cid].defn.unique:
            uniques.append(cid)
    if len(uniques) < 2:
        return []
    by_name: dict[str, list[int]] = {}
    for cid in uniques:
        by_name.setdefault(cards[cid].defn.name, []).append(cid)
    return next((ids for ids in by_name.values() if len(ids) > 1), [])


def keep_unique(state: GameState, kept: int) -> None:
    """Sacrifice every other Unique object of the kept one's name."""
    card = state.cards[kept]
    for cid in _unique_clash(state, card.owner):
        if cid != kept and state.cards[cid].defn.name == card.defn.name:
            move_card(state, cid, GRAVEYARD)


def _doomed(state: GameState, ids: list[int], lowering: bool) -> list[int]:
    """The objects among ``ids`` (the field's, or the champion) that the checks destroy now
    (all found before any goes): a unit with damage at least its life dies (`_lethal`); a
    weapon or a siegeable domain without durability counters is destroyed. ``lowering``
    as `statics.lowering` gives it."""
    cards = state.cards
    found: list[int] = []
    for cid in ids:
        card = cards[cid]
        defn = card.defn
        # Only an object with damage or counters, or with no life, or under a life-lowering
        # effect could fail a check: a cheaper filter first, for the common case.
        if not (card.damage or card.counters or lowering or (defn.life or 1) <= 0):
            continue
        if _at_risk(card, lowering) and (not defn.is_unit or _lethal(state, card)):
            found.append(cid)
    return found


def _at_risk(card: CardObj, lowering: bool) -> bool:
    """Whether the checks could destroy this object now, computing no stat: always for a
    weapon or a siegeable domain without durability counters; for a unit, unless no
    life-lowering effect is in force (``lowering``) and it has less damage than its printed
    life and its counters' bonus, which its life is then at least."""
    defn = card.defn
    if defn.is_unit:
        printed = defn.life
        return (lowering or printed is None
                or card.damage >= printed + statics.counter_bonus(card.counters))
    return (defn.type == "weapon" or defn.is_siegeable) and card.counters.get(
        "durability", 0) <= 0


def _lethal(state: GameState, card: CardObj) -> bool:
    """Whether a unit (a champion or an ally) has damage at least its life, or no life,
    and is not Immortal ("Keywords - Immortality")."""
    life = statics.stat(state, card.id, "life") or 0
    return (life <= 0 or card.damage >= life) and not keywords.has(state, card.id, "immortality")


def finish_if_lost(state: GameState) -> bool:
    """End the game if any player has lost; True if it is over."""
    losers: list[int] = []
    for p in state.players:
        if p.lost:
            losers.append(p.index)
    if losers and not state.over:
        state.over = True
        state.decision = None
        state.winner = 1 - losers[0] if len(losers) == 1 else None
    return state.over


def verify_settled(state: GameState) -> None:
    """Assert that running the checks now would change nothing unless they are due
    (``state.checks_due`` is only an optimisation; AssertionError if it lied)."""
    if state.checks_due or state.decision is None:
        return
    probe = state.clone()
    probe.checks_due = True
    probe.decision = None
    state_based(probe)
    probe.decision = probe.decision or state.decision
    if _check_results(probe) != _check_results(state):
        raise AssertionError("state-based checks were due but not flagged")


def _check_results(state: GameState) -> tuple[object, ...]:
    """Everything the state-based checks can change: where cards are, losses, the end
    of the game, a Unique decision, triggers from deaths."""
    return (tuple(tuple(tuple(ids) for ids in p.zones.values()) for p in state.players),
            tuple(p.lost for p in state.players), state.over, state.winner, state.decision,
            tuple(state.pending_triggers))
