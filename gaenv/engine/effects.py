"""The effect language: registered primitives, selectors, and the interpreter.

A card's effect is a list of nodes, each one primitive with checked arguments
(see docs/cards.md). Resolution runs the nodes top to bottom with no
state-based checks in between ("Playing Cards - Resolution"). A primitive
that needs a player's choice returns a `Decision`; the frame stays suspended
at that node and the answer resumes it there. Nothing is ever ``eval``-ed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from gaenv.engine import champions, combat, decisions, events, keywords, rules, statics, zones
from gaenv.engine.decisions import Decision, Option
from gaenv.engine.objects import (
    BANISHMENT,
    DECK,
    FIELD,
    GONE,
    GRAVEYARD,
    HAND,
    LINEAGE,
    MATERIAL,
    MEMORY,
    NO_ARGS,
    Node,
)
from gaenv.engine.state import GameState, Lasting, ResolveFrame

# Object selectors. Those with "target_" are declared when the card or ability
# is played, one decision each ("Playing Cards - Card Activation 5"); "up_to_"
# ones may be left empty and never make a card fizzle ("Checking Resolution 3").
# The rest are read as the effect resolves.
REQUIRED_TARGETS = ("target_unit", "target_ally", "target_champion", "target_opponent_unit",
                    "target_opponent_ally", "target_your_ally", "target_your_unit")
OPTIONAL_TARGETS = tuple(f"up_to_{s}" for s in REQUIRED_TARGETS)
REQUIRED_TARGET_SET = frozenset(REQUIRED_TARGETS)  # the same, for membership tests
TARGET_SELECTORS = (*REQUIRED_TARGETS, *OPTIONAL_TARGETS)
OBJECT_SELECTORS = (*TARGET_SELECTORS, "same_target", "your_champion", "opponent_champion",
                    "self", "each_ally", "each_your_ally", "each_opponent_ally",
                    "each_opponent_unit")
PLAYER_SELECTORS = ("you", "opponent", "each_player")
MOVE_DESTINATIONS = ("hand", "deck_bottom", "graveyard", "banishment", "memory")

Run = Callable[[GameState, ResolveFrame, Any, Option | None], Decision | None]


@dataclass(frozen=True)
class Primitive:
    """A primitive's argument spec ``name -> (kind, required, default)`` and its code.

    ``main`` names the argument a bare scalar fills (``draw: 7``).
    """

    params: dict[str, tuple[str, bool, Any]]
    main: str | None
    run: Run


PRIMITIVES: dict[str, Primitive] = {}


def primitive(name: str, main: str | None, **params: tuple[str, bool, Any]) -> Callable[[Run], Run]:
    def register(fn: Run) -> Run:
        PRIMITIVES[name] = Primitive(params, main, fn)
        return fn
    return register


# --- selectors ---------------------------------------------------------------

def players_of(selector: str, controller: int) -> list[int]:
    if selector == "you":
        return [controller]
    if selector == "opponent":
        return [1 - controller]
    return [controller, 1 - controller]


class _Scope(NamedTuple):
    """What an object selector covers: champions, allies (or both: units), and the
    players whose objects count, by controller (``owners[controller]``)."""

    champions: bool
    allies: bool
    owners: tuple[tuple[int, ...], tuple[int, ...]]


_SCOPES: dict[str, _Scope] = {}  # parsed selectors: they come from card data, so few


def _parse_scope(selector: str) -> _Scope:
    """Parse an object selector (``up_to_target_opponent_ally``, ``each_your_ally``) into
    `_SCOPES`: the prefixes go, then ``opponent_``/``your_`` restricts the players and the
    rest names the kind (unit, ally or champion)."""
    kind = selector.removeprefix("up_to_").removeprefix("target_").removeprefix("each_")
    owners: tuple[tuple[int, ...], tuple[int, ...]] = ((0, 1), (0, 1))
    if kind.startswith("opponent_"):
        kind, owners = kind[9:], ((1,), (0,))
    elif kind.startswith("your_"):
        kind, owners = kind[5:], ((0,), (1,))
    scope = _SCOPES[selector] = _Scope(kind in ("unit", "champion"), kind in ("unit", "ally"),
                                       owners)
    return scope


def _objects(state: GameState, selector: str, controller: int) -> list[int]:
    """Units the selector covers (its kind: unit, ally or champion; its players, as seen
    by ``controller``), champions first within each player."""
    champions_too, allies, owners = _SCOPES.get(selector) or _parse_scope(selector)
    cards = state.cards
    players = state.players
    found: list[int] = []
    for p in owners[controller]:
        zones_of = players[p].zones
        if champions_too:
            lineage = zones_of[LINEAGE]
            if lineage:
                found.append(lineage[-1])
        if allies:
            for c in zones_of[FIELD]:
                if cards[c].defn.type == "ally":
                    found.append(c)
    return found


def target_candidates(state: GameState, selector: str, controller: int,
                      spell: bool = False) -> list[int]:
    """Card ids a target selector may choose ("Game Mechanics - Objects and Targeting").
    A Spell cannot target an object with Spellshroud ("Keywords - Spellshroud")."""
    found = _objects(state, selector, controller)
    if spell:
        found = [c for c in found if not keywords.has(state, c, "spellshroud")]
    return found


def is_spell(state: GameState, cid: int) -> bool:
    return "Spell" in state.cards[cid].defn.subtypes


def is_legal_target(state: GameState, selector: str, oid: int, controller: int,
                    spell: bool) -> bool:
    cid = zones.find_object(state, oid)
    return cid >= 0 and cid in target_candidates(state, selector, controller, spell)


def objects_of(state: GameState, frame: ResolveFrame, args: Any) -> list[int]:
    """The card ids an object selector names while ``frame`` resolves."""
    selector = args["target"]
    item = frame.item
    if selector in TARGET_SELECTORS or selector == "same_target":
        oid = item.targets[args["_slot"]]
        cid = zones.find_object(state, oid) if oid >= 0 else -1
        return [cid] if cid >= 0 else []
    if selector == "self":
        cid = zones.find_object(state, item.source_oid) if item.source_oid >= 0 else -1
        return [cid] if cid >= 0 else []
    if selector in ("your_champion", "opponent_champion"):
        owner = item.controller if selector == "your_champion" else 1 - item.controller
        cid = champions.champion(state, owner)
        return [cid] if cid >= 0 else []
    return _objects(state, selector, item.controller)


# --- primitives ----------------------------------------------------------------

Args = Any  # a primitive's checked, read-only arguments


@primitive("draw", "amount", amount=("nat", True, None), player=("player", False, "you"))
def _draw(state: GameState, frame: ResolveFrame, args: Args,
          answer: Option | None) -> Decision | None:
    """The named players each draw ("Game Mechanics - Drawing Cards")."""
    for p in players_of(args["player"], frame.item.controller):
        zones.draw(state, p, args["amount"])
    return None


@primitive("deal_damage", None, amount=("nat", True, None), target=("object", True, None))
def _deal_damage(state: GameState, frame: ResolveFrame, args: Args,
                 answer: Option | None) -> Decision | None:
    """Deal damage to units ("Game Mechanics - Damage"), less any prevention."""
    for cid in objects_of(state, frame, args):
        rules.deal_damage(state, cid, args["amount"])
    return None


@primitive("recover", "amount", amount=("nat", True, None), player=("player", False, "you"))
def _recover(state: GameState, frame: ResolveFrame, args: Args,
             answer: Option | None) -> Decision | None:
    """Remove up to ``amount`` damage counters from the champion ("Game Terms - Recover")."""
    for p in players_of(args["player"], frame.item.controller):
        cid = champions.champion(state, p)
        if cid >= 0:
            card = state.cards[cid]
            card.damage = max(0, card.damage - args["amount"])
    return None


@primitive("level_up", None, player=("one_player", False, "you"))
def _level_up(state: GameState, frame: ResolveFrame, args: Args,
              answer: Option | None) -> Decision | None:
    """The player levels up from the material deck without paying a cost
    ("Card Types - Champion, Leveling Up 1"); with several legal cards, they choose."""
    player = players_of(args["player"], frame.item.controller)[0]
    if answer is not None:
        champions.level_up(state, player, answer.card)
        return None
    cards = state.cards
    legal = [cid for cid in state.players[player].zones[MATERIAL]
             if champions.can_level_into(state, player, cards[cid].defn)]
    if not legal:
        return None
    options = tuple(decisions.choose(cid, cards[cid].defn.name) for cid in legal)
    return Decision(player, decisions.CHOOSE_CARD, options, frame.item.card)


@primitive("delevel", None, player=("player", False, "you"), min_level=("nat", False, 0))
def _delevel(state: GameState, frame: ResolveFrame, args: Args,
             answer: Option | None) -> Decision | None:
    """The player's champion delevels ("Card Types - Champion, Deleveling 1"), if its
    level is at least ``min_level``."""
    for p in players_of(args["player"], frame.item.controller):
        if champions.champion(state, p) >= 0 and champions.level(state, p) >= args["min_level"]:
            champions.delevel(state, p)
    return None


@primitive("may", "effect", effect=("effects", True, None))
def _may(state: GameState, frame: ResolveFrame, args: Args,
         answer: Option | None) -> Decision | None:
    """An optional instruction: its controller says yes or no as it resolves
    ("Playing Cards - Resolution 5")."""
    if answer is None:
        return Decision(frame.item.controller, decisions.YES_NO, (decisions.YES, decisions.NO),
                        frame.item.card)
    if answer.verb == "yes":
        _insert(frame, args["effect"])
    return None


def _insert(frame: ResolveFrame, steps: tuple[Node, ...]) -> None:
    """Run ``steps`` right after the current step."""
    pc = frame.pc + 1
    frame.queue = (*frame.queue[:pc], *steps, *frame.queue[pc:])


@primitive("if", None, when=("condition", True, None), then=("effects", True, None),
           otherwise=("effects", False, ()))
def _if(state: GameState, frame: ResolveFrame, args: Args,
        answer: Option | None) -> Decision | None:
    """A restriction inside an effect, checked as it resolves: Class Bonus ("Keywords -
    Class Bonus") and Level N+ ("Abilities - Restriction Abilities, Level Restrictions")."""
    item = frame.item
    met = statics.condition_met(state, args["when"], state.cards[item.card].defn,
                                item.controller, item.empower)
    _insert(frame, args["then"] if met else args["otherwise"])
    return None


def _lasting(state: GameState, node: Node, controller: int, target: int = -1) -> None:
    state.lasting.append(Lasting(node, controller, state.next_timestamp, target))
    state.next_timestamp += 1
    statics.changed(state)


@primitive("this_turn", "static", static=("static", True, None))
def _this_turn(state: GameState, frame: ResolveFrame, args: Args,
               answer: Option | None) -> Decision | None:
    """A static effect for its controller that ends with the turn ("Turn Order - End Phase")."""
    _lasting(state, args["static"], frame.item.controller)
    return None


@primitive("boost", None, target=("object", True, None), power=("int", False, 0),
           life=("int", False, 0))
def _boost(state: GameState, frame: ResolveFrame, args: Args,
           answer: Option | None) -> Decision | None:
    """The objects get +power/+life until the end of the turn."""
    node = Node("modify_stats", MappingProxyType({"power": args["power"], "life": args["life"],
                                                "applies_to": NO_ARGS}))
    for cid in objects_of(state, frame, args):
        _lasting(state, node, frame.item.controller, state.cards[cid].oid)
    return None


@primitive("grant", None, target=("object", True, None), keyword=("keyword", True, None),
           amount=("nat", False, 0))
def _grant(state: GameState, frame: ResolveFrame, args: Args,
           answer: Option | None) -> Decision | None:
    """The objects have a keyword until the end of the turn."""
    node = Node("grant_keyword", MappingProxyType({
        "keyword": args["keyword"], "amount": args["amount"], "applies_to": NO_ARGS}))
    for cid in objects_of(state, frame, args):
        _lasting(state, node, frame.item.controller, state.cards[cid].oid)
    return None


@primitive("prevent", None, target=("object", True, None), amount=("nat", True, None))
def _prevent(state: GameState, frame: ResolveFrame, args: Args,
             answer: Option | None) -> Decision | None:
    """Prevent the next ``amount`` damage to each object this turn ("Damage Prevention")."""
    for cid in objects_of(state, frame, args):
        counters = state.cards[cid].counters
        counters["prevent"] = counters.get("prevent", 0) + args["amount"]
    return None


@primitive("counters", None, target=("object", True, None), kind=("enum:buff,debuff", True, None),
           amount=("nat", False, 1))
def _counters(state: GameState, frame: ResolveFrame, args: Args,
              answer: Option | None) -> Decision | None:
    """Put buff or debuff counters on objects; each cancels one of the other kind
    ("Game Mechanics - Counters, Buff 4, Debuff 4")."""
    kind = args["kind"]
    other = "debuff" if kind == "buff" else "buff"
    for cid in objects_of(state, frame, args):
        counters = state.cards[cid].counters
        cancel = min(counters.get(other, 0), args["amount"])
        counters[other] = counters.get(other, 0) - cancel
        counters[kind] = counters.get(kind, 0) + args["amount"] - cancel
        for name in (kind, other):
            if counters[name] == 0:
                del counters[name]
    state.checks_due = True  # a debuff can lower life; the statics are not affected
    return None


def _set_rested(rested: bool) -> Run:
    """The ``wake`` (False) and ``rest`` (True) primitives."""
    def run(state: GameState, frame: ResolveFrame, args: Args,
            answer: Option | None) -> Decision | None:
        for cid in objects_of(state, frame, args):
            state.cards[cid].rested = rested
        return None
    return run


primitive("wake", "target", target=("object", True, None))(_set_rested(False))
primitive("rest", "target", target=("object", True, None))(_set_rested(True))


@primitive("become_distant", "target", target=("object", True, None))
def _become_distant(state: GameState, frame: ResolveFrame, args: Args,
                    answer: Option | None) -> Decision | None:
    """The units are distant until the end of their controller's turn ("Game Terms -
    Distant"), which Ranged N needs."""
    for cid in objects_of(state, frame, args):
        state.cards[cid].counters["distant"] = 1
    return None


@primitive("destroy", "target", target=("object", True, None))
def _destroy(state: GameState, frame: ResolveFrame, args: Args,
             answer: Option | None) -> Decision | None:
    """Destroy objects: to the graveyard; an ally so destroyed dies. Immortal objects
    cannot be destroyed ("Keywords - Immortality")."""
    for cid in objects_of(state, frame, args):
        card = state.cards[cid]
        if card.defn.is_champion or keywords.has(state, cid, "immortality"):
            continue
        if card.defn.type == "ally":
            events.fire(state, card, "on_death")
        zones.move_card(state, cid, GRAVEYARD)
    return None


_DESTINATIONS = {"hand": HAND, "deck_bottom": DECK, "graveyard": GRAVEYARD,
                 "banishment": BANISHMENT, "memory": MEMORY}


@primitive("move", None, target=("object", True, None), to=(
    "enum:" + ",".join(MOVE_DESTINATIONS), True, None))
def _move(state: GameState, frame: ResolveFrame, args: Args,
          answer: Option | None) -> Decision | None:
    """Move objects from the field to a zone of their owner (a champion cannot be moved)."""
    for cid in objects_of(state, frame, args):
        if not state.cards[cid].defn.is_champion:
            zones.move_card(state, cid, _DESTINATIONS[args["to"]],
                            bottom=args["to"] == "deck_bottom")
    return None


@primitive("discard", "amount", amount=("nat", True, None), player=("one_player", False, "you"))
def _discard(state: GameState, frame: ResolveFrame, args: Args,
             answer: Option | None) -> Decision | None:
    """The player discards cards of their choice, one at a time ("Game Terms - Discard")."""
    player = players_of(args["player"], frame.item.controller)[0]
    hand = state.players[player].zones[HAND]
    if answer is None:
        frame.scratch = [args["amount"]]
    else:
        zones.move_card(state, answer.card, GRAVEYARD)
        frame.scratch[0] -= 1
    if frame.scratch[0] <= 0 or not hand:
        frame.scratch = []
        return None
    cards = state.cards
    return Decision(player, decisions.DISCARD, tuple(
        decisions.discard(c, cards[c].defn.name) for c in zones.distinct_names(state, hand)),
        frame.item.card)


@primitive("glimpse", "amount", amount=("nat", True, None))
def _glimpse(state: GameState, frame: ResolveFrame, args: Args,
             answer: Option | None) -> Decision | None:
    """Look at the top cards of your deck and put each on top or on the bottom, in any
    order ("Game Terms - Glimpse"); the card placed on top last ends up on top."""
    player = frame.item.controller
    deck = state.players[player].zones[DECK]
    if answer is None:
        frame.scratch = deck[-args["amount"]:][::-1] if args["amount"] else []
    else:
        deck.remove(answer.card)
        if answer.verb == "top":
            deck.append(answer.card)
        else:
            deck.insert(0, answer.card)
        frame.scratch.remove(answer.card)
    if not frame.scratch:
        return None
    cards = state.cards
    options = []
    for cid in zones.distinct_names(state, frame.scratch):
        name = cards[cid].defn.name
        options += [decisions.glimpse_top(cid, name), decisions.glimpse_bottom(cid, name)]
    return Decision(player, decisions.GLIMPSE, tuple(options), frame.item.card)


def _choose_from(state: GameState, frame: ResolveFrame, cids: list[int]) -> Decision | None:
    if not cids:
        return None
    cards = state.cards
    return Decision(frame.item.controller, decisions.CHOOSE_CARD, (decisions.NOTHING, *(
        decisions.choose(c, cards[c].defn.name) for c in zones.distinct_names(state, cids))),
        frame.item.card)


@primitive("search", "filter", filter=("filter", False, {}))
def _search(state: GameState, frame: ResolveFrame, args: Args,
            answer: Option | None) -> Decision | None:
    """Search your deck for a matching card, put it into your hand, then shuffle
    ("Game Terms - Search"; a search may find nothing)."""
    player = frame.item.controller
    deck = state.players[player].zones[DECK]
    if answer is None:
        cards = state.cards
        found = [c for c in deck
                 if statics.matches(args["filter"], cards[c].defn, player, player)]
        decision = _choose_from(state, frame, found)
        if decision is not None:
            return decision
    elif answer.verb == "choose":
        zones.move_card(state, answer.card, HAND)
    state.rng.shuffle(deck)
    return None


@primitive("recall", "filter", filter=("filter", False, {}))
def _recall(state: GameState, frame: ResolveFrame, args: Args,
            answer: Option | None) -> Decision | None:
    """Return a matching card of your choice from your graveyard to your hand (optional)."""
    player = frame.item.controller
    if answer is None:
        cards = state.cards
        return _choose_from(state, frame, [
            c for c in state.players[player].zones[GRAVEYARD]
            if statics.matches(args["filter"], cards[c].defn, player, player)])
    if answer.verb == "choose":
        zones.move_card(state, answer.card, HAND)
    return None


@primitive("summon", "token", token=("token", True, None), amount=("nat", False, 1))
def _summon(state: GameState, frame: ResolveFrame, args: Args,
            answer: Option | None) -> Decision | None:
    """Put token objects onto the field under your control ("Game Terms - Summon, Token")."""
    for _ in range(args["amount"]):
        cid = zones.create_card(state, frame.item.controller, args["token"], GONE)
        zones.move_card(state, cid, FIELD)
    return None


@primitive("intercept", None)
def _intercept(state: GameState, frame: ResolveFrame, args: Args,
               answer: Option | None) -> Decision | None:
    """The source ally may take the attack on its controller's champion ("Keywords -
    Intercept"): its controller says yes or no; yes redirects it if still legal."""
    ally = zones.find_object(state, frame.item.source_oid)
    if ally < 0 or state.combat is None:
        return None
    if answer is None:
        return Decision(frame.item.controller, decisions.YES_NO, (decisions.YES, decisions.NO),
                        ally)
    if answer.verb == "yes":
        combat.redirect(state, ally)
    return None


@primitive("empower", "amount", amount=("nat", True, None))
def _empower(state: GameState, frame: ResolveFrame, args: Args,
             answer: Option | None) -> Decision | None:
    """Your next Spell this turn is activated and resolves as if your champion were
    ``amount`` levels higher; instances add up ("Keywords - Empower N")."""
    state.players[frame.item.controller].empower += args["amount"]
    return None


def run(state: GameState, frame: ResolveFrame, answer: Option | None = None) -> Decision | None:
    """Run ``frame`` until it finishes (None) or needs a choice (the Decision)."""
    while frame.pc < len(frame.queue):
        node = frame.queue[frame.pc]
        decision = PRIMITIVES[node.op].run(state, frame, node.args, answer)
        answer = None
        if decision is not None:
            return decision
        frame.pc += 1
    return None
