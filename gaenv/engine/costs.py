"""Reserve and memory costs: calculation and payment.

Calculation ("Playing Cards - Card Activation 7", "Card Materialization 7"):
the printed cost, then effects that set it (in timestamp order, the latest
wins), then every addition and subtraction at once, then effects that remove
it; never below 0. A card without a printed cost of a kind has no such cost,
which is not a cost of 0 ("Playing Cards - Costs and Memory"): it cannot be
paid that way at all.

Payment ("Parts of a Card - Cost", "Playing Cards - Costs and Memory"):
a reserve cost puts other cards from hand into memory, one chosen card at a
time; a memory cost banishes cards chosen at random from memory, after any
non-random part of the payment (Floating Memory cards banished from the
graveyard, "Keywords - Floating Memory"). Reservable objects may be rested to
pay 1 of a reserve cost each ("Keywords - Reservable"); Efficiency makes a card
cost its controller's champion level less ("Keywords - Efficiency").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gaenv.core.decisions import Option
from gaenv.engine import champions, decisions, journal, keywords, selectors, statics
from gaenv.engine.journal import move
from gaenv.engine.objects import BANISHMENT, GRAVEYARD, HAND, MEMORY, CardDef
from gaenv.engine.state import GameState
from gaenv.engine.zones import distinct_names, field_objects, label

RESERVE = "reserve"
MEMORY_COST = "memory"


def cost(state: GameState, player: int, defn: CardDef, kind: str, empower: int = 0) -> int | None:
    """The cost of kind ``kind`` that ``player`` must pay to play ``defn``, or None
    (`calculate`), memoized in the statics view: a cost is a function of the statics in
    force and the lineage (the champion's level), both sources of the view, whose changes
    replace it; unless the card's own cost reads more (`CardDef.own_changing`)."""
    force = state.views.get("statics") or statics.in_force(state)
    if defn.own_changing:  # its own cost reads the board or zones: not memoized
        return calculate(state, player, defn, kind, empower, force)
    key = (id(defn), player, kind, empower)
    entry = force.costs.get(key)
    if entry is None:
        entry = force.costs[key] = (defn, calculate(state, player, defn, kind, empower, force))
    return entry[1]


def calculate(state: GameState, player: int, defn: CardDef, kind: str,
              empower: int = 0, force: statics.InForce | None = None) -> int | None:
    """The cost of kind ``kind`` that ``player`` must pay to play ``defn``, or None, worked
    out from the statics ``force`` (by default those in force now). ``empower``: levels
    Empower lends this activation (Efficiency counts them). Of setting effects with equal
    timestamps, the last in order wins."""
    value = defn.reserve_cost if kind == RESERVE else defn.memory_cost
    if value is None:
        return None
    set_at: int | None = None  # the timestamp of the setting effect ``value`` comes from
    delta = 0
    removed = False
    for static in (force or statics.in_force(state)).by_kind.get("modify_cost", ()):
        args = static.node.args
        if args["cost"] != kind or not selectors.printed(args["applies_to"], defn, player,
                                                          static.controller):
            continue
        op = args["op"]
        if op == "set":
            if set_at is None or static.timestamp >= set_at:
                set_at, value = static.timestamp, args["amount"]
        elif op == "add":
            delta += args["amount"]
        elif op == "subtract":
            delta -= args["amount"]
        else:
            removed = True
    if defn.static_abilities:  # (most cards have none: nothing of their own to read)
        for args in own(state, player, defn, "own_cost", empower):
            if args["cost"] == kind:
                change = selectors.amount(state, args["amount"], player, -1)
                delta += change if args["op"] == "add" else -change
    if kind == RESERVE and has_keyword(state, player, defn, "efficiency", empower):
        delta -= champions.level(state, player) + empower
    if removed:
        return 0
    return max(0, value + delta)


def own(state: GameState, player: int, defn: CardDef, op: str,
        empower: int = 0) -> list[Mapping[str, Any]]:
    """The arguments of the card's own statics of kind ``op`` (`statics.OWN_KINDS`) whose
    condition holds for ``player``: they work wherever the card is ("Keywords - Class
    Bonus 3")."""
    return [a.static.args for a in defn.static_abilities if a.static is not None
            and a.static.op == op
            and selectors.condition_met(state, a.requires, defn, player, empower)]


def has_keyword(state: GameState, player: int, defn: CardDef, name: str,
                empower: int = 0) -> bool:
    """Whether a card ``player`` holds has a keyword that works from the hand or the
    graveyard: printed, or its own under a condition that holds."""
    return name in defn.keywords or (bool(defn.static_abilities) and any(
        args["keyword"] == name for args in own(state, player, defn, "own_keyword", empower)))


def floating_memory(state: GameState, player: int) -> list[int]:
    """Cards in the player's graveyard that may pay 1 of a memory cost each: with Floating
    Memory of their own, or given it there by a ``graveyard_keyword`` static of the
    player's."""
    cards = state.cards
    found: list[int] = []
    given = [s.node.args["applies_to"] for s in statics.of_kind(state, "graveyard_keyword")
             if s.controller == player]
    for cid in state.players[player].zones[GRAVEYARD]:
        defn = cards[cid].defn
        if has_keyword(state, player, defn, "floating_memory") or (given and any(
                selectors.printed(flt, defn, player, player) for flt in given)):
            found.append(cid)
    return found


def reservable(state: GameState, player: int) -> list[int]:
    """Awake objects of the player's with Reservable: each may rest to pay 1 reserve."""
    cards = state.cards
    found: list[int] = []
    for cid in keywords.holders(state, field_objects(state, player), "reservable"):
        if not cards[cid].rested:
            found.append(cid)
    return found


def ability_reserve(state: GameState, player: int, cid: int, cost: Mapping[str, Any]) -> int:
    """An activated ability's reserve cost: its (N) less its ``less``, an amount read as it
    is checked or paid ("this ability costs (1) less to activate for each domain you
    control"), never below 0 ("Playing Cards - Card Activation 7d", as for a card: "Abilities -
    Activated Abilities")."""
    reserve = cost.get("reserve", 0)
    less = cost.get("less")
    if less is None or not reserve:
        return reserve
    return max(0, reserve - selectors.amount(state, less, player, cid))


def can_pay_reserve(state: GameState, player: int, amount: int, playing: int) -> bool:
    """Enough other cards in hand to reserve (the card being played does not count), with
    the help of Reservable objects (one that is itself being rested as a cost is the
    caller's to discount)."""
    hand = state.players[player].zones[HAND]
    available = len(hand) - (playing in hand)
    if available >= amount:
        return True
    return available + len(reservable(state, player)) >= amount


def reserve_options(state: GameState, player: int) -> tuple[Option, ...]:
    """The ways to pay 1 of a reserve cost: a card from hand into memory, or resting an
    awake Reservable object."""
    cards = state.cards
    options: list[Option] = []
    for c in distinct_names(state, state.players[player].zones[HAND]):
        options.append(decisions.pay_with(c, cards[c].defn.name))
    for c in reservable(state, player):
        options.append(decisions.rest_for_cost(c, label(state, c)))
    return tuple(options)


def pay_one_reserve(state: GameState, answer: Option) -> None:
    """Pay 1 of a reserve cost as the player chose (`reserve_options`)."""
    if answer.verb == "rest":
        journal.rest(state, answer.card)
    else:
        move(state, answer.card, MEMORY)


def can_pay_memory(state: GameState, player: int, amount: int) -> bool:
    available = len(state.players[player].zones[MEMORY])
    return available >= amount or available + len(floating_memory(state, player)) >= amount


def pay_random_memory(state: GameState, player: int, amount: int) -> None:
    """Banish ``amount`` cards chosen at random from memory, all at once."""
    memory = state.players[player].zones[MEMORY]
    chosen = state.rng.sample(memory, amount)
    for cid in chosen:
        move(state, cid, BANISHMENT)
