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

from gaenv.core import outcome
from gaenv.core.decisions import Decision
from gaenv.engine import champions, decisions, journal, keywords, statics
from gaenv.engine.objects import FIELD, GRAVEYARD, LINEAGE, NON_COMBAT_SHIELD, CardObj
from gaenv.engine.state import GameState
from gaenv.engine.zones import find_object, label


def deal_damage(state: GameState, cid: int, amount: int, source: int = -1,
                unpreventable: bool = False, times: int = 1, combat: bool = False) -> int:
    """Deal ``amount`` damage to object ``cid`` from card ``source`` (-1: none), less any
    prevention, then multiplied by ``times``; return what was dealt ("Game Mechanics -
    Damage", "Damage Prevention": prevented damage never happens). Prevention is first
    what prevention statics take off (``combat``: it is combat damage, which non-combat
    prevention leaves), then the object's shields: against non-combat damage, its
    `NON_COMBAT_SHIELD` counters first (they cover less, so using them first is never
    worse for its controller), then its ``prevent`` counters. Unpreventable damage
    ("Game Mechanics - Damage 3") passes prevention by, leaving its counters for later
    damage ("Damage Prevention": it does not use up a shield). Damage to a siegeable
    domain removes its durability counters instead ("Functional Subtypes, Siegeable").

    ``times`` is Critical's doubling. It and prevention are both replacement effects on
    this damage, which the damaged object's controller orders ("Combat Phase - Damage
    Step 3f"; "Types of Effects - Replacement Effects"). Prevention first never deals
    more damage nor uses more of a shield than doubling first, so that order is taken as
    their choice without asking."""
    if not unpreventable and amount > 0:
        amount -= statics.prevented(state, cid, combat, amount)
        if state.lasting:  # the shields "the next time damage would be dealt" are used
            journal.end_lasting_on(state, state.cards[cid].oid, "next_damage")
    if amount <= 0:
        return 0
    card = state.cards[cid]
    if not unpreventable:  # a shield against non-combat damage first: it covers less
        for kind in (("prevent",) if combat else (NON_COMBAT_SHIELD, "prevent")):
            shield = card.counters.get(kind, 0)
            if shield:
                stopped = min(shield, amount)
                journal.counters(state, cid, kind, -stopped)
                amount -= stopped
                if amount <= 0:
                    return 0
    amount *= times
    if card.defn.is_siegeable:
        journal.counters(state, cid, "durability", -amount)
    else:
        journal.damage(state, cid, amount, source)
    return amount


def state_based(state: GameState) -> None:
    """Run the checks until nothing changes, then end the game if someone lost.

    When a player controls several Unique objects of one name ("Card Types -
    Supertypes 1") the checks stop at a ``keep_unique`` decision; the answer
    sacrifices the others and the checks run again before anyone acts.

    They run only when the journal has recorded a change they look at since they last
    ran (``state.checks_due``, from `journal.CHECKS_DUE`); `verify_settled` checks in
    tests that they could have found nothing otherwise.
    """
    if not state.checks_due:
        return
    changed = True
    while changed:
        changed = False
        lowering = statics.in_force(state).lowering
        # Every object the checks destroy is found before any goes (both players'), and
        # they die at once: every death is recorded before any of them moves, so an
        # object dying with another still sees it die ("Abilities - Triggered Abilities").
        champs = [p.index for p in state.players
                  if p.zones[LINEAGE] and _doomed(state, p.zones[LINEAGE][-1:], lowering)]
        doomed = [cid for p in state.players for cid in _doomed(state, p.zones[FIELD], lowering)]
        unlinked = _unlinked(state)
        for p in state.players:
            if not p.zones[LINEAGE] and p.had_champion:
                journal.lose(state, p.index, f"player {p.index} has no champion")
        destroy_at_once(state, doomed)
        for player in champs:  # the champion dies
            name = state.cards[state.players[player].zones[LINEAGE][-1]].defn.name
            champions.champion_dies(state, player)
            journal.lose(state, player, f"player {player}'s champion {name} died")
        for cid in unlinked:  # "Keywords - Link 5": sacrificed
            sacrifice(state, cid)
        changed = bool(champs or doomed or unlinked)
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


def _unlinked(state: GameState) -> list[int]:
    """The Link objects in play linked to no object in play ("Keywords - Link 4 and 5": the
    link broken when what it is linked to leaves, or it never linked)."""
    found = []
    for p in state.players:
        for cid in p.zones[FIELD]:
            card = state.cards[cid]
            if card.defn.link is not None and (
                    card.linked < 0 or find_object(state, card.linked) < 0):
                found.append(cid)
    return found


def destroy_at_once(state: GameState, ids: list[int]) -> None:
    """Destroy the objects ``ids`` together: the units' deaths are all recorded, then all
    of them go to the graveyard ("Game Terms - Died/Dies and Kills/Killed"); a champion
    goes with its inner lineage, banished instead (`champions.lineage_leaves`)."""
    cards = state.cards
    for cid in ids:
        card = cards[cid]
        if card.defn.is_unit:
            journal.emit(state, "dies", cid, card.controller)
    for cid in ids:
        card = cards[cid]
        if card.defn.is_champion:
            champions.lineage_leaves(state, card.controller)
        else:
            journal.move(state, cid, GRAVEYARD)


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
    for cid in _unique_clash(state, card.controller):
        if cid != kept and state.cards[cid].defn.name == card.defn.name:
            sacrifice(state, cid)


def destructible(state: GameState, cid: int) -> bool:
    """Whether an effect can destroy or sacrifice object ``cid``: any object, the champion
    included ("Game Terms - Destruction 1", "Sacrifice 2"), but an Immortal one, which
    cannot be sent from the field to the graveyard, by destruction or by sacrifice
    ("Keywords - Immortality 1, 1b"). (The rules' own sacrifices of extra Unique objects
    do reach Immortal ones: Immortality 2.)"""
    return not keywords.has(state, cid, "immortality")


def sacrifice(state: GameState, cid: int) -> None:
    """Its controller sacrifices object ``cid``: to the graveyard (banished if a champion
    or regalia); an ally so sacrificed dies, so its On Death triggers ("Game Terms -
    Sacrifice 2, 3"); so does a champion, with its inner lineage (`destroy_at_once`;
    the player without a champion then loses); then records `sacrificed` ("whenever you
    sacrifice a Powercell")."""
    controller = state.cards[cid].controller
    destroy_at_once(state, [cid])
    journal.emit(state, "sacrificed", cid, controller)


def _doomed(state: GameState, ids: list[int], lowering: bool) -> list[int]:
    """The objects among ``ids`` (the field's, or the champion) that the checks destroy now
    (all found before any goes): a unit with damage at least its life, or no life, unless
    Immortal ("Keywords - Immortality"); a weapon or a siegeable domain without durability
    counters. A unit not `statics.at_risk` is passed over without computing its life."""
    cards = state.cards
    found: list[int] = []
    for cid in ids:
        card = cards[cid]
        if statics.at_risk(card, lowering) and (not card.defn.is_unit or _lethal(state, card)):
            found.append(cid)
    return found


def _lethal(state: GameState, card: CardObj) -> bool:
    life = statics.stat(state, card.id, "life") or 0
    return (life <= 0 or card.damage >= life) and not keywords.has(state, card.id, "immortality")


def finish_if_lost(state: GameState) -> bool:
    """End the game if any player has lost (`gaenv.core.outcome.end_by_losses`); True if
    it is over."""
    return outcome.end_by_losses(state, [p.lost for p in state.players])


def verify_settled(state: GameState) -> None:
    """Assert that running the checks now would change nothing unless they are due
    (``state.checks_due`` is only an optimisation; AssertionError if it lied)."""
    if state.checks_due or state.decision is None:
        return
    probe = state.clone()
    probe.checks_due = True
    probe.decision = None
    state_based(probe)
    # (read through a function: compiled, the narrowing to None above would outlive the
    # call; docs/engine.md, "Compiled")
    probe.decision = _decision(probe) or state.decision
    if _check_results(probe) != _check_results(state):
        raise AssertionError("state-based checks were due but not flagged")


def _decision(state: GameState) -> Decision | None:
    return state.decision


def _check_results(state: GameState) -> tuple[object, ...]:
    """Everything the state-based checks can change: where cards are, losses, the end
    of the game, a Unique decision, triggers from deaths."""
    return (tuple(tuple(tuple(ids) for ids in p.zones.values()) for p in state.players),
            tuple(p.lost for p in state.players), state.over, state.winner, state.decision,
            tuple(state.pending_triggers))
