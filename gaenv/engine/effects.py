"""The effect language: registered primitives and selectors, run by the core's interpreter.

A card's effect is a list of nodes, each one primitive with checked arguments
(see docs/cards.md). Resolution runs the nodes top to bottom with no
state-based checks in between ("Playing Cards - Resolution"). A primitive
that needs a player's choice returns a `Decision`; the frame stays suspended
at that node and the answer resumes it there. Nothing is ever ``eval``-ed.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from gaenv.core import program
from gaenv.core.decisions import Decision, Option
from gaenv.core.program import Node, Primitive
from gaenv.engine import (
    champions,
    combat,
    costs,
    decisions,
    journal,
    keywords,
    rules,
    selectors,
    statics,
    zones,
)
from gaenv.engine.objects import (
    BANISHMENT,
    DECK,
    DIRECTIONS,
    FIELD,
    GONE,
    GRAVEYARD,
    HAND,
    INTENT,
    MARK_COUNTERS,
    MATERIAL,
    MEMORY,
    NO_ARGS,
    NO_WAKE,
    NON_COMBAT_SHIELD,
)
from gaenv.engine.selectors import Selector
from gaenv.engine.state import GameState, PlayFrame, ResolveFrame, StackItem

PLAYER_SELECTORS = ("you", "opponent", "each_player", "its_controller", "that_controller",
                    "target_player")
ONE_PLAYER_SELECTORS = ("you", "opponent", "its_controller", "that_controller", "target_player")
# A target player ("Target player puts the top two cards of their deck into their
# graveyard"): declared like an object target, its candidates the players' champions, each
# standing for its player (a player is no object: Spellshroud does not keep a player from
# being targeted); the champion's controller is the player targeted.
PLAYER_TARGET = Selector("target", MappingProxyType({"player": True}), "target_player")
MOVE_DESTINATIONS = ("hand", "deck_bottom", "deck_top", "graveyard", "banishment", "memory",
                     "material")

Run = Callable[[GameState, ResolveFrame, Any, Option | None], Decision | None]
# Every primitive of Grand Archive's effect language (`gaenv.core.program`), declared by
# ``@primitive(name, main, **params)`` on its code.
PRIMITIVES: dict[str, Primitive] = {}
_register = program.registrar(PRIMITIVES)


def primitive(name: str, main: str | None,
              **params: tuple[str, bool, Any]) -> Callable[[Run], Run]:
    """Declare a primitive (`gaenv.core.program.registrar`). One that acts on a ``target``
    object is registered to ask for that object first when its selector chooses as the
    step resolves (`_chosen_first`)."""
    register = _register(name, main, **params)
    if "target" not in params:
        return register

    def declare(run: Run) -> Run:
        register(_chosen_first(run, name == "sacrifice"))
        return run
    return declare


# Selector modes whose object is chosen as the step resolves (`_chosen_first`).
CHOOSING = ("choose", "choose_any")


def _chosen_first(run: Run, own: bool) -> Run:
    """``run`` behind the choice of its target. A step whose selector is ``choose`` first
    asks its controller for the object (kept in the scratch while the step runs; the
    primitive is then called with no answer, so one that asks itself, ``negate``, takes
    no chosen target: the schema refuses one), and is skipped when nothing fits;
    ``choose_any`` asks for one object at a time, each other than those chosen, until
    they choose nothing or none is left. ``own``: only objects they control (what they
    sacrifice)."""

    def step(state: GameState, frame: ResolveFrame, args: Any,
             answer: Option | None) -> Decision | None:
        selector = args.get("target")
        if not isinstance(selector, Selector) or selector.mode not in CHOOSING:
            return run(state, frame, args, answer)
        if selector.mode == "choose_any":
            if answer is None or answer.verb != decisions.NOTHING.verb:
                if answer is None:  # the step begins: nothing chosen yet
                    frame.scratch = []
                else:
                    frame.scratch.append(state.cards[answer.card].oid)
                decision = _choose_object(state, frame, selector, own, frame.scratch)
                if decision is not None:
                    return decision._replace(options=(decisions.NOTHING, *decision.options))
        elif answer is None:
            return _choose_object(state, frame, selector, own)  # None: nothing fits, skip
        else:
            frame.scratch = [state.cards[answer.card].oid]
        return run(state, frame, args, None)
    return step


# --- object selectors ----------------------------------------------------------------

def target_candidates(state: GameState, selector: Selector, controller: int,
                      spell: bool = False, source: int = -1) -> list[int]:
    """Card ids a declared target may choose, player 0's objects first, each player's
    champion first. A Spell cannot target an object with Spellshroud ("Keywords -
    Spellshroud"). A filter with ``activation: true`` chooses among the card activations
    on the effects stack instead (not the one being played), bottom first; one with
    ``graveyard: true`` among the cards in graveyards (one of each name in each: they
    carry no state; no object, so Spellshroud does not matter), its ``controller`` the
    graveyard's owner."""
    if selector.filter.get("graveyard"):  # a card in a graveyard (`in_zone`)
        cards = state.cards
        return [c for p in (0, 1) for c in zones.distinct_names(
            state, state.players[p].zones[GRAVEYARD])
            if selectors.printed(selector.filter, cards[c].defn, p, controller)]
    if selector.filter.get("player"):  # (`PLAYER_TARGET`)
        return [c for c in (champions.champion(state, 0), champions.champion(state, 1))
                if c >= 0]
    if selector.filter.get("activation"):
        playing = {state.stack[f.depth].card for f in state.frames if isinstance(f, PlayFrame)}
        cards = state.cards
        return [i.card for i in state.stack if i.kind == "activation" and i.card not in playing
                and selectors.printed(selector.filter, cards[i.card].defn, i.controller,
                                      controller)]
    found = selectors.objects(state, selector.filter, controller, source)
    if spell:
        found = [c for c in found if not keywords.has(state, c, "spellshroud")]
    return found


def is_spell(state: GameState, cid: int) -> bool:
    return "Spell" in state.cards[cid].defn.subtypes


def is_legal_target(state: GameState, selector: Selector, oid: int, controller: int,
                    spell: bool, source: int = -1) -> bool:
    cid = in_zone(state, selector, oid)
    return cid >= 0 and cid in target_candidates(state, selector, controller, spell, source)


def in_zone(state: GameState, selector: Selector, oid: int) -> int:
    """The card id a recorded target names now (-1 if gone): an object, or a card
    activation still on the stack, or a card still in a graveyard (`declared`)."""
    if selector.filter.get("graveyard"):
        cid = activation_of(oid)
        return cid if cid >= 0 and state.cards[cid].zone == GRAVEYARD else -1
    if selector.filter.get("activation"):
        return activation_of(oid)
    return zones.find_object(state, oid) if oid >= 0 else -1


def declared(state: GameState, selector: Selector, cid: int) -> int:
    """What a declared target records: the object's oid, or for a card activation on the
    stack or a card in a graveyard (not objects: "Game Zones - Effects Stack") -2 - its
    card id."""
    flt = selector.filter
    return -2 - cid if flt.get("activation") or flt.get("graveyard") else state.cards[cid].oid


def activation_of(target: int) -> int:
    """The card id a recorded activation target names (-1 for none)."""
    return -2 - target if target <= -2 else -1


def source_of(state: GameState, item: StackItem) -> int:
    """The card id of a stack layer's source object (an ability's), or -1 if it has none
    or it is gone (a champion that leveled up is still the same object)."""
    oid = item.source_oid
    return zones.find_object(state, oid) if oid >= 0 else -1


def objects_of(state: GameState, frame: ResolveFrame, args: Any) -> list[int]:
    """The card ids an object selector names while ``frame`` resolves."""
    selector: Selector = args["target"]
    item = frame.item
    mode = selector.mode
    if mode in ("target", "up_to", "same"):
        cid = in_zone(state, selector, item.targets[args["_slot"]])
        return [cid] if cid >= 0 else []
    if mode == "self":
        cid = source_of(state, frame.item)
        return [cid] if cid >= 0 else []
    if mode == "that":
        cid = zones.find_object(state, item.about_oid) if item.about_oid >= 0 else -1
        return [cid] if cid >= 0 else []
    if mode == "choose":  # chosen by `_chosen_first` as the step began, kept in the scratch
        cid = zones.find_object(state, frame.scratch[0]) if frame.scratch else -1
        return [cid] if cid >= 0 else []
    if mode == "choose_any":  # as many as its controller chose, by `_chosen_first`
        found = (zones.find_object(state, oid) for oid in frame.scratch)
        return [cid for cid in found if cid >= 0]
    return selectors.objects(state, selector.filter, item.controller, source_of(state, frame.item))


def players_of(state: GameState, frame: ResolveFrame, args: Any) -> list[int]:
    """The players a player selector names while ``frame`` resolves: ``its_controller``
    is the controller of the most recent target declared before the step (none if it is
    gone: its last-known controller if it left), ``target_player`` the player it declares
    (`PLAYER_TARGET`), ``that_controller`` the controller of the
    card the triggering event was about (the last one, if it has left play)."""
    selector = args["player"]
    controller = frame.item.controller
    if selector == "you":
        return [controller]
    if selector == "opponent":
        return [1 - controller]
    if selector == "each_player":
        return [controller, 1 - controller]
    if selector in ("its_controller", "target_player"):  # (a player target: its champion's)
        oid = frame.item.targets[args["_slot"]]
        cid = zones.find_object(state, oid) if oid >= 0 else -1
        if cid < 0 and oid >= 0:  # it left: "Game Terms - Last-known Information"
            for card in state.cards:
                if card.last_oid == oid:
                    return [card.last_controller]
    else:
        cid = frame.item.about
        if cid >= 0 and state.cards[cid].oid < 0 and state.cards[cid].last_oid >= 0:
            return [state.cards[cid].last_controller]  # it left: its last controller
    return [state.cards[cid].controller] if cid >= 0 else []


def amount_of(state: GameState, frame: ResolveFrame, spec: Any) -> int:
    """A step's amount: a number, or a dynamic amount (`gaenv.engine.selectors.amount`)
    read as it resolves; ``of`` names an object selector of this effect."""
    if isinstance(spec, int):
        return spec
    return max(0, selectors.amount(state, spec, frame.item.controller, source_of(state, frame.item),
                                   lambda arg: _read(state, frame, arg), frame.item.empower,
                                   frame.item.moved))


def _read(state: GameState, frame: ResolveFrame, arg: Any) -> list[int]:
    """The cards an amount's ``of`` reads: the selector's objects, or a source that has
    left the field, whose last-known counters are read ("Game Terms - Last-known
    Information"); or for the condition ``discarded`` the cards the effect discarded."""
    if arg.get("discarded"):  # the cards this effect discarded (`_discard`)
        return list(frame.item.discarded)
    found = objects_of(state, frame, {"target": arg["of"], "_slot": arg.get("_slot")})
    item = frame.item
    if not found and arg["of"].mode == "self" and item.source_oid >= 0 \
            and state.cards[item.card].last_oid == item.source_oid:
        found = [item.card]
    return found


# --- primitives ----------------------------------------------------------------

Args = Any  # a primitive's checked, read-only arguments


@primitive("draw", "amount", amount=("amount", True, None), player=("player", False, "you"),
           into=("enum:hand,memory", False, "hand"))
def _draw(state: GameState, frame: ResolveFrame, args: Args,
          answer: Option | None) -> Decision | None:
    """The named players each draw ("Game Mechanics - Drawing Cards"), into their hand or
    their memory."""
    amount = amount_of(state, frame, args["amount"])
    for p in players_of(state, frame, args):
        zones.draw(state, p, amount, HAND if args["into"] == "hand" else MEMORY)
    return None


@primitive("deal_damage", None, amount=("amount", True, None), target=("object", True, None),
           unpreventable=("bool", False, False))
def _deal_damage(state: GameState, frame: ResolveFrame, args: Args,
                 answer: Option | None) -> Decision | None:
    """Deal damage to objects ("Game Mechanics - Damage"), less any prevention unless it
    is ``unpreventable``; the resolving card (or the source object of an ability) is the
    damage's source."""
    amount = amount_of(state, frame, args["amount"])
    for cid in objects_of(state, frame, args):
        rules.deal_damage(state, cid, amount, frame.item.card, args["unpreventable"])
    return None


@primitive("recover", "amount", amount=("amount", True, None), player=("player", False, "you"))
def _recover(state: GameState, frame: ResolveFrame, args: Args,
             answer: Option | None) -> Decision | None:
    """Remove up to ``amount`` damage counters from the champion ("Game Terms - Recover"),
    unless a ``no_recover`` static says the player can't recover."""
    amount = amount_of(state, frame, args["amount"])
    barred = statics.of_kind(state, "no_recover")
    for p in players_of(state, frame, args):
        cid = champions.champion(state, p)
        if cid >= 0 and not any(s.node.args["players"] == "each" or (
                s.node.args["players"] == "you") == (s.controller == p) for s in barred):
            journal.heal(state, cid, amount)
    return None


@primitive("level_up", None, player=("one_player", False, "you"))
def _level_up(state: GameState, frame: ResolveFrame, args: Args,
              answer: Option | None) -> Decision | None:
    """The player levels up from the material deck without paying a cost
    ("Card Types - Champion, Leveling Up 1"); with several legal cards, they choose."""
    chosen = players_of(state, frame, args)
    if not chosen:
        return None
    player = chosen[0]
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
    for p in players_of(state, frame, args):
        if champions.champion(state, p) >= 0 and champions.level(state, p) >= args["min_level"]:
            champions.delevel(state, p)
    return None


@primitive("may", "effect", effect=("effects", True, None), otherwise=("effects", False, ()))
def _may(state: GameState, frame: ResolveFrame, args: Args,
         answer: Option | None) -> Decision | None:
    """An optional instruction: its controller says yes or no as it resolves
    ("Playing Cards - Resolution 5"); on no, the ``otherwise`` steps run ("If you don't,
    ...")."""
    if answer is None:
        return Decision(frame.item.controller, decisions.YES_NO, (decisions.YES, decisions.NO),
                        frame.item.card)
    program.insert(frame, args["effect"] if answer.verb == "yes" else args["otherwise"])
    return None


@primitive("if", None, when=("condition", True, None), then=("effects", True, None),
           otherwise=("effects", False, ()))
def _if(state: GameState, frame: ResolveFrame, args: Args,
        answer: Option | None) -> Decision | None:
    """A condition checked as it resolves: Class Bonus ("Keywords - Class Bonus"), Level N+
    ("Abilities - Restriction Abilities, Level Restrictions"), and the conditions of
    `gaenv.engine.selectors` ("if you control ...", counts, your champion's class)."""
    item = frame.item
    source = source_of(state, frame.item)
    if source < 0 and (item.kind == "activation" or state.cards[item.card].zone == INTENT):
        # an action's or attack's own condition ("if this is imbued") reads the card
        # itself: as it resolves, or as its triggers resolve from the intent
        source = item.card
    met = selectors.condition_met(
        state, args["when"], state.cards[item.card].defn, item.controller, item.empower,
        source, lambda arg: _read(state, frame, arg))
    program.insert(frame, args["then"] if met else args["otherwise"])
    return None


@primitive("this_turn", "static", static=("static", True, None), once=("bool", False, False))
def _this_turn(state: GameState, frame: ResolveFrame, args: Args,
               answer: Option | None) -> Decision | None:
    """A static effect for its controller that ends with the turn ("Turn Order - End
    Phase"); with ``once``, a ``modify_cost`` that also ends as its controller next
    activates a card it applies to ("the next Beast ally card you activate this turn costs
    3 less": `gaenv.engine.journal.use_lasting`)."""
    journal.begin_lasting(state, args["static"], frame.item.controller,
                          until="next_activation" if args["once"] else "turn")
    return None


@primitive("boost", None, target=("object", True, None), power=("signed_amount", False, 0),
           life=("signed_amount", False, 0))
def _boost(state: GameState, frame: ResolveFrame, args: Args,
           answer: Option | None) -> Decision | None:
    """The objects get +power/+life until the end of the turn, or less with a negative
    number ("gets -2 POWER"; an ally left with no more life than damage dies in the next
    state-based check); a dynamic amount is read once, as it resolves ("Continuous
    Effects, Instanced Effects")."""
    node = Node("modify_stats", MappingProxyType({
        "power": amount_of(state, frame, args["power"]),
        "life": amount_of(state, frame, args["life"]), "applies_to": NO_ARGS}))
    for cid in objects_of(state, frame, args):
        journal.begin_lasting(state, node, frame.item.controller, state.cards[cid].oid)
    return None


@primitive("level_boost", None, target=("object", True, None), amount=("int", True, None))
def _level_boost(state: GameState, frame: ResolveFrame, args: Args,
                 answer: Option | None) -> Decision | None:
    """The champions' level goes up (negative: down) by ``amount`` until the end of the
    turn: a lasting ``modify_level`` on each ("Layers" E; "Level Restrictions")."""
    node = Node("modify_level", MappingProxyType({"amount": args["amount"],
                                                  "applies_to": NO_ARGS}))
    for cid in objects_of(state, frame, args):
        if state.cards[cid].defn.is_champion:
            journal.begin_lasting(state, node, frame.item.controller, state.cards[cid].oid)
    return None


@primitive("boost_attacks", None, target=("object", True, None),
           power=("signed_amount", True, None))
def _boost_attacks(state: GameState, frame: ResolveFrame, args: Args,
                   answer: Option | None) -> Decision | None:
    """The objects' attacks get +power (or less) until the end of the turn: the damage of
    an attack they make, not their power (a ``modify_attacks`` lasting effect)."""
    node = Node("modify_attacks", MappingProxyType({
        "power": amount_of(state, frame, args["power"]), "applies_to": NO_ARGS}))
    for cid in objects_of(state, frame, args):
        journal.begin_lasting(state, node, frame.item.controller, state.cards[cid].oid)
    return None


@primitive("boost_attack", "power", power=("signed_amount", True, None))
def _boost_attack(state: GameState, frame: ResolveFrame, args: Args,
                  answer: Option | None) -> Decision | None:
    """The attack in progress gets +power (or less): "this attack gets +2 POWER" on an On
    Attack ability ("Combat Phase - Attacking 5c, 6b": effects that modify the attack count
    in the damage step); the attacker's power stays as it is, and nothing happens once the
    combat is over."""
    journal.boost_attack(state, amount_of(state, frame, args["power"]))
    return None


@primitive("grant", None, target=("object", True, None), keyword=("keyword", True, None),
           amount=("nat", False, 0), until=("enum:turn,next_turn", False, "turn"))
def _grant(state: GameState, frame: ResolveFrame, args: Args,
           answer: Option | None) -> Decision | None:
    """The objects have a keyword until the end of the turn, or (``until: next_turn``)
    until the beginning of the effect's controller's next turn."""
    node = Node("grant_keyword", MappingProxyType({
        "keyword": args["keyword"], "amount": args["amount"], "applies_to": NO_ARGS}))
    _lasting_on(state, frame, args, node)
    return None


@primitive("lose", None, target=("object", True, None), keyword=("keyword", True, None),
           until=("enum:turn,next_turn", False, "turn"))
def _lose(state: GameState, frame: ResolveFrame, args: Args,
          answer: Option | None) -> Decision | None:
    """The objects lose a keyword (printed or granted before) until the end of the turn,
    or until the beginning of the effect's controller's next turn (layer D, in timestamp
    order with grants: "Types of Effects - Continuous Effects, Layers")."""
    node = Node("remove_keyword", MappingProxyType({"keyword": args["keyword"],
                                                    "applies_to": NO_ARGS}))
    _lasting_on(state, frame, args, node)
    return None


def _lasting_on(state: GameState, frame: ResolveFrame, args: Args, node: Node) -> None:
    """A lasting effect ``node`` on each object the step's target names, until ``until``."""
    for cid in objects_of(state, frame, args):
        journal.begin_lasting(state, node, frame.item.controller, state.cards[cid].oid,
                              args["until"])


@primitive("prevent", None, target=("object", True, None), amount=("amount", True, None),
           non_combat=("bool", False, False))
def _prevent(state: GameState, frame: ResolveFrame, args: Args,
             answer: Option | None) -> Decision | None:
    """Prevent the next ``amount`` damage to each object this turn ("Damage Prevention"),
    or with ``non_combat`` the next ``amount`` damage dealt other than in combat."""
    amount = amount_of(state, frame, args["amount"])
    kind = NON_COMBAT_SHIELD if args["non_combat"] else "prevent"
    for cid in objects_of(state, frame, args):
        journal.counters(state, cid, kind, amount)
    return None


@primitive("prevent_next_time", None, target=("object", True, None),
           amount=("amount", False, 0), all_but=("nat", False, None))
def _prevent_next_time(state: GameState, frame: ResolveFrame, args: Args,
                       answer: Option | None) -> Decision | None:
    """The next time damage would be dealt to each object this turn, prevent ``amount`` of
    it, or with ``all_but`` all but that much ("Game Mechanics - Damage Prevention"): a
    ``prevent_damage`` lasting on the object that ends as damage is next dealt to it,
    whatever is prevented (unpreventable damage passes it by and leaves it)."""
    shield = Node("prevent_damage", MappingProxyType({
        "amount": amount_of(state, frame, args["amount"]), "all_but": args["all_but"],
        "non_combat": False, "applies_to": NO_ARGS}))
    for cid in objects_of(state, frame, args):
        journal.begin_lasting(state, shield, frame.item.controller, state.cards[cid].oid,
                              "next_damage")
    return None


@primitive("counters", None, target=("object", True, None), kind=("counter", True, None),
           amount=("amount", False, 1))
def _counters(state: GameState, frame: ResolveFrame, args: Args,
              answer: Option | None) -> Decision | None:
    """Put counters of a kind on objects ("Game Mechanics - Counters"). A buff counter
    and a debuff counter cancel out as they meet ("Counters, Buff 4, Debuff 4")."""
    kind = args["kind"]
    amount = amount_of(state, frame, args["amount"])
    other = _CANCELS.get(kind)
    for cid in objects_of(state, frame, args):
        placed = amount
        if other is not None:
            cancel = min(state.cards[cid].counters.get(other, 0), placed)
            journal.counters(state, cid, other, -cancel)
            placed -= cancel
        journal.counters(state, cid, kind, placed)
    return None


_CANCELS = {"buff": "debuff", "debuff": "buff"}


@primitive("remove_counters", None, target=("object", True, None),
           kind=("counter", False, None), amount=("amount", False, 1), all=("bool", False, False))
def _remove_counters(state: GameState, frame: ResolveFrame, args: Args,
                     answer: Option | None) -> Decision | None:
    """Remove up to ``amount`` counters of a kind from objects ("Game Mechanics -
    Counters"); with ``all``, every counter of the kind, and of every kind when no kind is
    named (marked damage is not counters: it stays; nor are a prevention shield and the
    distant property, `MARK_COUNTERS`). A kind is needed unless ``all``."""
    amount = amount_of(state, frame, args["amount"])
    kind = args["kind"]
    for cid in objects_of(state, frame, args):
        counters = state.cards[cid].counters
        for name in [kind] if kind is not None else [
                name for name in counters if name not in MARK_COUNTERS]:
            journal.counters(state, cid, name, -counters.get(name, 0) if args["all"] else -amount)
    return None


def _set_rested(rested: bool) -> Run:
    """The ``wake`` (False) and ``rest`` (True) primitives."""
    def run(state: GameState, frame: ResolveFrame, args: Args,
            answer: Option | None) -> Decision | None:
        for cid in objects_of(state, frame, args):
            journal.rest(state, cid, rested)
        return None
    return run


primitive("wake", "target", target=("object", True, None))(_set_rested(False))
primitive("rest", "target", target=("object", True, None))(_set_rested(True))


@primitive("stay_rested", "target", target=("object", True, None))
def _stay_rested(state: GameState, frame: ResolveFrame, args: Args,
                 answer: Option | None) -> Decision | None:
    """The objects do not wake up during their controller's next wake up phase, which
    otherwise wakes every rested object of the turn player ("Turn Order - Wake Up Phase
    1"): a `NO_WAKE` mark that phase takes off instead of waking the object."""
    for cid in objects_of(state, frame, args):
        if NO_WAKE not in state.cards[cid].counters:
            journal.counters(state, cid, NO_WAKE, 1)
    return None


@primitive("end_combat", None)
def _end_combat(state: GameState, frame: ResolveFrame, args: Args,
                answer: Option | None) -> Decision | None:
    """End the combat phase in progress ("Combat Phase - End of Combat Step": that step
    still comes): once the effects stack is empty and every player has passed, the combat
    goes on to its end of combat step, with no retaliation or damage left to come;
    nothing outside a combat."""
    if state.combat is not None:
        state.phase_stage = combat.END
    return None


@primitive("become_distant", "target", target=("object", True, None))
def _become_distant(state: GameState, frame: ResolveFrame, args: Args,
                    answer: Option | None) -> Decision | None:
    """The units are distant until the end of their controller's turn ("Game Terms -
    Distant"), which Ranged N needs."""
    for cid in objects_of(state, frame, args):
        if not state.cards[cid].counters.get("distant"):
            journal.counters(state, cid, "distant", 1)
    return None


@primitive("destroy", "target", target=("object", True, None))
def _destroy(state: GameState, frame: ResolveFrame, args: Args,
             answer: Option | None) -> Decision | None:
    """Destroy objects ("Game Terms - Destruction"): to the graveyard; a unit so destroyed
    dies. It never reaches an Immortal object ("Keywords - Immortality 1b";
    `rules.destructible`), but reaches a champion, an object too ("Game Terms -
    Destruction 1"): it is banished with its lineage."""
    rules.destroy_at_once(state, [cid for cid in objects_of(state, frame, args)
                                  if rules.destructible(state, cid)])
    return None


@primitive("sacrifice", "target", target=("object", True, None))
def _sacrifice(state: GameState, frame: ResolveFrame, args: Args,
               answer: Option | None) -> Decision | None:
    """The effect's controller sacrifices objects: a destruction too ("Game Terms -
    Died/Dies and Kills/Killed 1a"), as `_destroy`, the champion included ("Sacrifice 2"),
    but only of the selected objects they control ("Sacrifice 1, 2c": a player action;
    "sacrifice each ally" leaves the opponent's)."""
    player = frame.item.controller
    rules.destroy_at_once(state, [cid for cid in objects_of(state, frame, args)
                                  if state.cards[cid].controller == player
                                  and rules.destructible(state, cid)])
    return None


_DESTINATIONS = {"hand": HAND, "deck_bottom": DECK, "deck_top": DECK, "graveyard": GRAVEYARD,
                 "banishment": BANISHMENT, "memory": MEMORY, "material": MATERIAL}


@primitive("move", None, target=("object", True, None), to=(
    "enum:" + ",".join(MOVE_DESTINATIONS), True, None))
def _move(state: GameState, frame: ResolveFrame, args: Args,
          answer: Option | None) -> Decision | None:
    """Move objects from the field, or target cards from a graveyard, to a zone of their
    owner (a champion cannot be moved); ``self`` of an attack card in the intent is that
    card ("return this to its owner's hand" from an On Hit), and so is the card of a
    source that has just died, in the graveyard it went to ("On Death: put this into its
    owner's memory"; the same card that was the source object, by last-known
    information). An Immortal object is not sent from the field to the graveyard
    ("Keywords - Immortality 1")."""
    ids = objects_of(state, frame, args)
    if not ids and args["target"].mode == "self":
        item = frame.item
        card = state.cards[item.card]
        if card.zone == INTENT or (card.zone == GRAVEYARD and item.source_oid >= 0
                                   and card.last_oid == item.source_oid):
            ids = [item.card]
    to = args["to"]
    for cid in ids:
        card = state.cards[cid]
        if not card.defn.is_champion and not (  # Immortality 1: never field to graveyard
                to == "graveyard" and card.zone == FIELD
                and keywords.has(state, cid, "immortality")):
            journal.move(state, cid, _DESTINATIONS[to], bottom=to == "deck_bottom")
    return None


@primitive("take_control", "target", target=("object", True, None))
def _take_control(state: GameState, frame: ResolveFrame, args: Args,
                  answer: Option | None) -> Decision | None:
    """Gain control of objects for the rest of the game ("Control and Ownership"); a
    champion cannot change hands."""
    for cid in objects_of(state, frame, args):
        if not state.cards[cid].defn.is_champion:
            journal.take_control(state, cid, frame.item.controller)
    return None


@primitive("discard", "amount", amount=("amount", True, None),
           player=("one_player", False, "you"), filter=("filter", False, {}))
def _discard(state: GameState, frame: ResolveFrame, args: Args,
             answer: Option | None) -> Decision | None:
    """The player discards cards of their choice (matching the filter's printed keys), one
    at a time ("Game Terms - Discard"); the layer's ``discarded`` records them (the
    condition ``discarded``)."""
    chosen = players_of(state, frame, args)
    if not chosen:
        return None
    if answer is not None:
        frame.item.discarded += (answer.card,)
    return _one_by_one(state, frame, args, answer, chosen[0], HAND, GRAVEYARD,
                       decisions.DISCARD, decisions.discard)


@primitive("banish_cards", None, filter=("filter", False, {}),
           zone=("enum:graveyard,hand,memory", False, "graveyard"), amount=("amount", False, 1))
def _banish_cards(state: GameState, frame: ResolveFrame, args: Args,
                  answer: Option | None) -> Decision | None:
    """Banish matching cards of your choice from one of your zones, one at a time, as many
    as there are up to the amount ("banish a fire element card from your graveyard")."""
    return _one_by_one(state, frame, args, answer, frame.item.controller,
                       _DESTINATIONS[args["zone"]], BANISHMENT, decisions.CHOOSE_CARD,
                       decisions.choose)


@primitive("move_cards", None, filter=("filter", False, {}),
           zone=("enum:graveyard,hand,memory,banishment,material", True, None),
           to=("enum:" + ",".join(MOVE_DESTINATIONS), True, None), amount=("amount", False, 1),
           random=("bool", False, False), up_to=("bool", False, False),
           player=("one_player", False, "you"), counter=("counter", False, None),
           returns=("bool", False, False), you_choose=("bool", False, False))
def _move_cards(state: GameState, frame: ResolveFrame, args: Args,
                answer: Option | None) -> Decision | None:
    """Move matching cards of the player's (yours, or ``player``'s: "each opponent puts two
    cards from their hand into their memory") from one of their zones (the material deck
    too: "banish two cards from your material deck") to another ("return
    a card from your memory to your hand", "put a card from your hand on the bottom of
    your deck"), the player choosing each one at a time, or at random ("banish two cards at
    random from your memory", "Game Mechanics - Randomization"); fewer if fewer match.
    With ``up_to`` ("up to three", "any amount of") the player may stop choosing at any
    card; with ``counter``, only cards with such a counter on them move ("one of your
    omens": a card in banishment with an omen counter). The layer's ``moved`` counts the
    cards moved ("for each card banished this way", "draw that many"). With ``returns``
    each card banished gets a `RETURNING` counter, for its delayed return to its owner's
    memory as their next end phase begins. With ``you_choose`` the effect's controller
    chooses among the other player's cards, which they see as the options (a look at an
    opponent's memory, then a discard from it)."""
    chosen = players_of(state, frame, args)
    if not chosen:
        return None
    player = chosen[0]
    source, to = _DESTINATIONS[args["zone"]], _DESTINATIONS[args["to"]]
    bottom = args["to"] == "deck_bottom"
    if args["random"]:
        cards = state.cards
        found = [c for c in state.players[player].zones[source]
                 if selectors.printed(args["filter"], cards[c].defn, player, player)]
        amount = min(amount_of(state, frame, args["amount"]), len(found))
        for cid in state.rng.sample(found, amount):
            journal.move(state, cid, to, bottom=bottom)
            if args["returns"]:
                _mark_returning(state, frame, cid)
        frame.item.moved = amount
        return None
    if answer is None:
        frame.item.moved = 0
    elif answer.verb == "choose":
        frame.item.moved += 1
    elif answer.verb == decisions.NOTHING.verb:  # "up to": stopped choosing
        frame.scratch = []
        return None
    decision = _one_by_one(state, frame, args, answer, player, source, to,
                           decisions.CHOOSE_CARD, decisions.choose, bottom)
    if decision is not None and args["you_choose"]:
        decision = decision._replace(player=frame.item.controller)
    if args["returns"] and answer is not None and answer.verb == "choose":
        _mark_returning(state, frame, answer.card)
    if decision is not None and args["up_to"]:
        return decision._replace(options=(decisions.NOTHING, *decision.options))
    return decision


# A card banished to come back to its owner's memory as their next end phase begins
# ("Abilities - Triggered Abilities", delayed triggers 4 and 5): the counter's number is
# the banishing player's index + 1, whose delayed trigger it is (`gaenv.engine.turn`).
RETURNING = "returning"


def _mark_returning(state: GameState, frame: ResolveFrame, cid: int) -> None:
    if state.cards[cid].zone == BANISHMENT:
        journal.counters(state, cid, RETURNING, frame.item.controller + 1)


def _one_by_one(state: GameState, frame: ResolveFrame, args: Args, answer: Option | None,
                player: int, zone: str, to: str, kind: str,
                option: Callable[[int, str], Option], bottom: bool = False) -> Decision | None:
    """Move ``amount`` cards matching ``filter`` from the player's ``zone`` to ``to`` (the
    bottom of a deck with ``bottom``), the player choosing each (fewer if fewer match)."""
    if answer is None:
        frame.scratch = [amount_of(state, frame, args["amount"])]
    else:
        journal.move(state, answer.card, to, bottom=bottom)
        frame.scratch[0] -= 1
    cards = state.cards
    counter = args.get("counter")
    found = [c for c in state.players[player].zones[zone]
             if selectors.printed(args["filter"], cards[c].defn, player, player) and (
                 counter is None or cards[c].counters.get(counter, 0) > 0)]
    if frame.scratch[0] <= 0 or not found:
        frame.scratch = []
        return None
    return Decision(player, kind, tuple(
        option(c, cards[c].defn.name) for c in zones.distinct_names(state, found)),
        frame.item.card)


@primitive("glimpse", "amount", amount=("amount", True, None))
def _glimpse(state: GameState, frame: ResolveFrame, args: Args,
             answer: Option | None) -> Decision | None:
    """Look at the top cards of your deck and put each on top or on the bottom, in any
    order ("Game Terms - Glimpse"); the card placed on top last ends up on top."""
    player = frame.item.controller
    deck = state.players[player].zones[DECK]
    if answer is None:
        amount = amount_of(state, frame, args["amount"])
        frame.scratch = deck[-amount:][::-1] if amount else []
    else:
        rest = [c for c in deck if c != answer.card]
        journal.reorder(state, player, DECK, [*rest, answer.card] if answer.verb == "top"
                        else [answer.card, *rest])
        frame.scratch.remove(answer.card)
    if not frame.scratch:
        return None
    cards = state.cards
    options = []
    for cid in zones.distinct_names(state, frame.scratch):
        name = cards[cid].defn.name
        options += [decisions.glimpse_top(cid, name), decisions.glimpse_bottom(cid, name)]
    return Decision(player, decisions.GLIMPSE, tuple(options), frame.item.card)


@primitive("look_at_top", None, amount=("amount", True, None), filter=("filter", False, {}),
           to=("enum:hand,memory,graveyard", False, "hand"), optional=("bool", False, True),
           rest=("enum:bottom,top,graveyard", False, "bottom"))
def _look_at_top(state: GameState, frame: ResolveFrame, args: Args,
                 answer: Option | None) -> Decision | None:
    """Look at the top cards of your deck, reveal a matching one of your choice (or none,
    if ``optional``) and put it into your hand, memory or graveyard, then the rest on the
    bottom of the deck (in the order they were; "any order" lets the player pick this
    one), or, with ``rest: top``, left where they are ("look at the top card of your deck;
    you may put it into your graveyard"), or with ``rest: graveyard`` into the graveyard,
    top first (as a mill puts them: "Game Zones - Graveyard")."""
    player = frame.item.controller
    deck = state.players[player].zones[DECK]
    if answer is None:
        amount = amount_of(state, frame, args["amount"])
        frame.scratch = deck[-amount:] if amount else []
        cards = state.cards
        found = [c for c in frame.scratch
                 if selectors.printed(args["filter"], cards[c].defn, player, player)]
        if found:
            options = tuple(decisions.choose(c, cards[c].defn.name)
                            for c in zones.distinct_names(state, found))
            return Decision(player, decisions.CHOOSE_CARD, (
                (decisions.NOTHING, *options) if args["optional"] else options),
                frame.item.card)
    elif answer.verb == "choose":
        journal.move(state, answer.card, _DESTINATIONS[args["to"]])
    rest = [c for c in frame.scratch if c in deck]
    if args["rest"] == "graveyard":
        for cid in reversed(rest):
            journal.move(state, cid, GRAVEYARD)
    elif args["rest"] == "bottom":
        journal.reorder(state, player, DECK, [*rest, *(c for c in deck if c not in rest)])
    frame.scratch = []
    return None


@primitive("reveal_until", None, filter=("filter", False, {}),
           to=("enum:hand,memory,graveyard", False, "hand"))
def _reveal_until(state: GameState, frame: ResolveFrame, args: Args,
                  answer: Option | None) -> Decision | None:
    """Reveal cards from the top of your deck until one matches the filter's printed keys,
    put it into your hand (memory, graveyard), and the others revealed on the bottom of
    the deck in a random order ("Game Mechanics - Randomization"); with none matching,
    every card is revealed and goes so."""
    player = frame.item.controller
    deck = state.players[player].zones[DECK]
    cards = state.cards
    revealed: list[int] = []
    for cid in reversed(deck):  # the top first
        if selectors.printed(args["filter"], cards[cid].defn, player, player):
            journal.move(state, cid, _DESTINATIONS[args["to"]])
            break
        revealed.append(cid)
    state.rng.shuffle(revealed)
    journal.reorder(state, player, DECK, [*revealed, *(c for c in deck if c not in revealed)])
    return None


@primitive("reveal", None, filter=("filter", False, {}), player=("player", False, "you"))
def _reveal(state: GameState, frame: ResolveFrame, args: Args,
            answer: Option | None) -> Decision | None:
    """The named players reveal every card of their memory that matches the filter's
    printed keys ("Reveal" 1 and 2): nothing moves, but each card revealed is a moment
    ``revealed`` (player: who revealed it), which "whenever you reveal this card from your
    memory" hears there."""
    cards = state.cards
    for p in players_of(state, frame, args):
        for cid in list(state.players[p].zones[MEMORY]):
            if selectors.printed(args["filter"], cards[cid].defn, p, p):
                journal.emit(state, "revealed", cid, p, detail=MEMORY)
    return None


def _choose_from(state: GameState, frame: ResolveFrame, cids: list[int]) -> Decision | None:
    if not cids:
        return None
    cards = state.cards
    return Decision(frame.item.controller, decisions.CHOOSE_CARD, (decisions.NOTHING, *(
        decisions.choose(c, cards[c].defn.name) for c in zones.distinct_names(state, cids))),
        frame.item.card)


@primitive("search", "filter", filter=("filter", False, {}),
           to=("enum:hand,memory", False, "hand"))
def _search(state: GameState, frame: ResolveFrame, args: Args,
            answer: Option | None) -> Decision | None:
    """Search your deck for a matching card, put it into your hand (or memory), then
    shuffle ("Game Terms - Search"); a search for a card of some kind may find nothing, one
    for just "a card" (no filter) must find one if the deck has any ("Searching and
    Finding" 1 and 2)."""
    player = frame.item.controller
    deck = state.players[player].zones[DECK]
    if answer is None:
        cards = state.cards
        found = [c for c in deck
                 if selectors.printed(args["filter"], cards[c].defn, player, player)]
        decision = _choose_from(state, frame, found)
        if decision is not None:
            return decision if args["filter"] else decision._replace(
                options=decision.options[1:])  # no failure to find
    elif answer.verb == "choose":
        journal.move(state, answer.card, _DESTINATIONS[args["to"]])
    shuffled = list(deck)
    state.rng.shuffle(shuffled)
    journal.reorder(state, player, DECK, shuffled)
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
            if selectors.printed(args["filter"], cards[c].defn, player, player)])
    if answer.verb == "choose":
        journal.move(state, answer.card, HAND)
    return None


@primitive("summon", "token", token=("token", True, None), amount=("amount", False, 1),
           rested=("bool", False, False), counter=("counter", False, None),
           counters=("nat", False, 1))
def _summon(state: GameState, frame: ResolveFrame, args: Args,
            answer: Option | None) -> Decision | None:
    """Put token objects onto the field under your control ("Game Terms - Summon, Token"),
    awake or, with ``rested``, entering rested ("summon a ... token rested"); with
    ``counter``, each gets that many counters of that name as it enters ("with a buff
    counter on it")."""
    for _ in range(amount_of(state, frame, args["amount"])):
        cid = journal.create(state, frame.item.controller, args["token"], GONE)
        journal.move(state, cid, FIELD, rested=args["rested"])
        if args["counter"] is not None:
            journal.counters(state, cid, args["counter"], args["counters"])
    return None


# The six ingredient tokens a player gathers ("Game Terms - Gather 2"), by name: a pool
# whose cards gather must hold them (the card loader gives each ``gather`` step the cards).
GATHERED = ("Blightroot", "Fraysia", "Manaroot", "Razorvine", "Silvershine", "Springleaf")


@primitive("gather", "amount", amount=("amount", False, 1))
def _gather(state: GameState, frame: ResolveFrame, args: Args,
            answer: Option | None) -> Decision | None:
    """Gather, that many times ("Game Terms - Gather 2"): its controller summons one of the
    six ingredient tokens at random (the game's RNG) each time, and has gathered
    (``gathered``: "whenever you gather")."""
    player = frame.item.controller
    for _ in range(amount_of(state, frame, args["amount"])):
        token = args["_tokens"][state.rng.randrange(len(args["_tokens"]))]
        cid = journal.create(state, player, token, GONE)
        journal.move(state, cid, FIELD)
        journal.emit(state, "gathered", cid, player)
    return None


@primitive("pay", "amount", amount=("amount", True, None))
def _pay(state: GameState, frame: ResolveFrame, args: Args,
         answer: Option | None) -> Decision | None:
    """You pay (N) as the effect resolves, as a reserve cost is paid ("Parts of a Card -
    Cost"): one card from hand into memory, or one Reservable object rested, per decision.
    Guard it with the condition ``can_pay`` ("you may pay (2). If you do, ...")."""
    if answer is None:
        frame.scratch = [amount_of(state, frame, args["amount"])]
    else:
        costs.pay_one_reserve(state, answer)
        frame.scratch[0] -= 1
    player = frame.item.controller
    options = costs.reserve_options(state, player)
    if frame.scratch[0] <= 0 or not options:
        frame.scratch = []
        return None
    return Decision(player, decisions.PAY_RESERVE, options, frame.item.card)


@primitive("mill", "amount", amount=("amount", True, None), player=("player", False, "you"),
           to=("enum:graveyard,banishment", False, "graveyard"))
def _mill(state: GameState, frame: ResolveFrame, args: Args,
          answer: Option | None) -> Decision | None:
    """The players put that many cards from the top of their deck into their graveyard
    (or with ``to: banishment`` banish them: "banish the top two cards of your deck"), one
    at a time from the top ("Game Zones - Graveyard", "Banishment"; fewer if the deck runs
    out: this is no draw, so an empty deck does not lose)."""
    amount = amount_of(state, frame, args["amount"])
    to = _DESTINATIONS[args["to"]]
    for p in players_of(state, frame, args):
        deck = state.players[p].zones[DECK]
        for cid in deck[::-1][:amount]:  # the top is the end of the list
            journal.move(state, cid, to)
    return None


@primitive("intercept", None)
def _intercept(state: GameState, frame: ResolveFrame, args: Args,
               answer: Option | None) -> Decision | None:
    """The source ally may take the attack on its controller's champion ("Keywords -
    Intercept"): its controller says yes or no; yes redirects it if still legal. An ally
    that does not obey its controller as this resolves cannot intercept, and nothing is
    asked ("Keywords - Intercept 2, 2a")."""
    ally = zones.find_object(state, frame.item.source_oid)
    if ally < 0 or state.combat is None or not combat.obeys(state, ally):
        return None
    if answer is None:
        return Decision(frame.item.controller, decisions.YES_NO, (decisions.YES, decisions.NO),
                        ally)
    if answer.verb == "yes":
        combat.redirect(state, ally)
    return None


@primitive("empower", "amount", amount=("amount", True, None))
def _empower(state: GameState, frame: ResolveFrame, args: Args,
             answer: Option | None) -> Decision | None:
    """Your next Spell this turn is activated and resolves as if your champion were
    ``amount`` levels higher; instances add up ("Keywords - Empower N")."""
    state.players[frame.item.controller].empower += amount_of(state, frame, args["amount"])
    return None


@primitive("foster", "target", target=("object", True, None))
def _foster(state: GameState, frame: ResolveFrame, args: Args,
            answer: Option | None) -> Decision | None:
    """The allies become fostered ("Fostered": a property of allies, had only once)."""
    for cid in objects_of(state, frame, args):
        if state.cards[cid].defn.type == "ally":
            journal.foster(state, cid)
    return None


@primitive("gain_currents", None)
def _gain_currents(state: GameState, frame: ResolveFrame, args: Args,
                   answer: Option | None) -> Decision | None:
    """Its controller gains the Shifting Currents mastery, facing north; it replaces any
    mastery they had ("Game Mechanics - Mastery 1", "Shifting Currents 1a")."""
    journal.currents(state, frame.item.controller, DIRECTIONS[0])
    return None


@primitive("change_currents", "to", to=("enum:adjacent,different", True, None))
def _change_currents(state: GameState, frame: ResolveFrame, args: Args,
                     answer: Option | None) -> Decision | None:
    """Its controller turns their Shifting Currents to an adjacent or to any other direction
    of their choice ("Shifting Currents 2"); nothing without the mastery."""
    player = frame.item.controller
    now = state.players[player].currents
    if not now:
        return None
    if answer is None:
        at = DIRECTIONS.index(now)
        ways = [d for i, d in enumerate(DIRECTIONS) if d != now and (
            args["to"] == "different" or (i - at) % 2 == 1)]
        return Decision(player, decisions.CHOOSE_MODE, tuple(
            Option("mode", f"face {d.capitalize()}", DIRECTIONS.index(d)) for d in ways),
            frame.item.card)
    journal.currents(state, player, DIRECTIONS[answer.card])
    return None


@primitive("omen", None, source=("enum:self,hand", False, "self"))
def _omen(state: GameState, frame: ResolveFrame, args: Args,
          answer: Option | None) -> Decision | None:
    """The card whose ability it is (on the field, or in the graveyard it has just gone
    to: "On Death: banish this"), or with ``source: hand`` a card of your choice from your
    hand, goes to its owner's banishment with an omen counter on it: an omen, a card in
    its owner's banishment with an omen counter ("Game Mechanics - Counters"; the cards'
    own reminder text)."""
    if args["source"] == "hand":
        player = frame.item.controller
        if answer is None:
            hand = state.players[player].zones[HAND]
            if not hand:
                return None
            cards = state.cards
            return Decision(player, decisions.CHOOSE_CARD, tuple(
                decisions.choose(c, cards[c].defn.name) for c in zones.distinct_names(
                    state, list(hand))), frame.item.card)
        journal.move(state, answer.card, BANISHMENT)
        journal.counters(state, answer.card, "omen", 1)
        return None
    cid = frame.item.card
    if state.cards[cid].zone in (FIELD, GRAVEYARD):
        journal.move(state, cid, BANISHMENT)
        if state.cards[cid].zone == BANISHMENT:
            journal.counters(state, cid, "omen", 1)
    return None


PRESERVED = "preserved"  # a card in a material deck that may be returned to hand (Preserve)


def preserve_card(state: GameState, cid: int) -> None:
    """Put a card into its owner's material deck preserved ("Preserve/Preserved 1, 2"): a
    ``preserved`` counter on it there, which it keeps until it leaves the material deck;
    instead of materializing, its player may return it to their hand (`preserved_options`)."""
    journal.move(state, cid, MATERIAL)
    if state.cards[cid].zone == MATERIAL:
        journal.counters(state, cid, PRESERVED, 1)


def preserved_options(state: GameState, player: int) -> list[Option]:
    """Returning one of the player's preserved cards to their hand, which replaces a
    materialization ("Preserve/Preserved 4c": offered whenever they may materialize, even
    with nothing to materialize)."""
    cards = state.cards
    return [decisions.return_preserved(cid, cards[cid].defn.name)
            for cid in state.players[player].zones[MATERIAL] if cards[cid].counters.get(PRESERVED)]


@primitive("preserve", None)
def _preserve(state: GameState, frame: ResolveFrame, args: Args,
              answer: Option | None) -> Decision | None:
    """Preserve on an object ("Preserve/Preserved 1"): the card of the source that has
    just died, still in the graveyard it went to (the same object by last-known
    information), goes into its owner's material deck preserved."""
    item = frame.item
    card = state.cards[item.card]
    if card.zone == GRAVEYARD and item.source_oid >= 0 and card.last_oid == item.source_oid:
        preserve_card(state, item.card)
    return None


@primitive("suppress", "target", target=("object", True, None))
def _suppress(state: GameState, frame: ResolveFrame, args: Args,
              answer: Option | None) -> Decision | None:
    """"Suppress 1": each object (not a champion) is banished, to come back to the field
    under its owner's control at the beginning of the next end phase. It waits in its
    owner's banishment with a ``suppressed`` counter, which the delayed trigger looks for
    (`gaenv.engine.turn`, ``events.KEYWORD_EFFECTS["suppress"]``); the counter's number is
    the suppressing player's index + 1, as that delayed trigger is theirs. A card that
    leaves banishment loses its counters, so it is not brought back from elsewhere
    ("Suppress 2"), and a token ceases to exist."""
    for cid in objects_of(state, frame, args):
        if not state.cards[cid].defn.is_champion:
            journal.move(state, cid, BANISHMENT)
            if state.cards[cid].zone == BANISHMENT:
                journal.counters(state, cid, "suppressed", frame.item.controller + 1)
    return None


@primitive("return_suppressed", None)
def _return_suppressed(state: GameState, frame: ResolveFrame, args: Args,
                       answer: Option | None) -> Decision | None:
    """Suppress's delayed trigger resolves ("Suppress 1 and 2"): its card, if it is still
    in banishment as the card suppressed (its ``suppressed`` counter), returns to the
    field under its owner's control, a new object."""
    cid = frame.item.card
    card = state.cards[cid]
    if card.zone == BANISHMENT and card.counters.get("suppressed"):
        journal.counters(state, cid, "suppressed", -card.counters["suppressed"])
        journal.move(state, cid, FIELD, controller=card.owner)
    return None


@primitive("return_banished", None)
def _return_banished(state: GameState, frame: ResolveFrame, args: Args,
                     answer: Option | None) -> Decision | None:
    """The delayed return of a card banished with ``returns`` resolves ("Abilities -
    Triggered Abilities", delayed triggers 4 and 5): the card, if it is still in
    banishment with its `RETURNING` counter (the same card: one that left meanwhile lost
    it), goes into its owner's memory."""
    cid = frame.item.card
    card = state.cards[cid]
    if card.zone == BANISHMENT and card.counters.get(RETURNING):
        journal.counters(state, cid, RETURNING, -card.counters[RETURNING])
        journal.move(state, cid, MEMORY)
    return None


@primitive("wither", None)
def _wither(state: GameState, frame: ResolveFrame, args: Args,
            answer: Option | None) -> Decision | None:
    """The game's wither trigger resolves ("Game Mechanics - Counters, Wither"): for each
    object its controller controls with wither counters (`withered`: the champion among
    them), in play order, they sacrifice it unless they pay 1 reserve per wither counter
    on it, in full (``yes`` is offered only when they can; then one card or Reservable
    object a decision); then the wither counters on those they kept are removed, all at
    once. An Immortal object cannot be sacrificed and stays ("Keywords - Immortality 1b");
    a sacrificed champion is banished ("Game Terms - Sacrifice 2"), and its player, left
    without one, loses. ``scratch``: the index of the object being decided, the reserve
    still to pay for it, then the objects' ids."""
    player = frame.item.controller
    cards = state.cards
    if not frame.scratch:
        frame.scratch = [0, 0, *withered(state, player)]
    while frame.scratch[0] < len(frame.scratch) - 2:
        cid = frame.scratch[2 + frame.scratch[0]]
        card = cards[cid]
        if frame.scratch[1]:  # paying for it
            if answer is not None:
                costs.pay_one_reserve(state, answer)
                frame.scratch[1] -= 1
                answer = None
            if frame.scratch[1] > 0:
                return Decision(player, decisions.PAY_RESERVE,
                                costs.reserve_options(state, player), cid)
            frame.scratch[0] += 1
            continue
        owed = card.counters.get("wither", 0) if cid in zones.field_objects(
            state, player) else 0
        if owed and answer is None and costs.can_pay_reserve(state, player, owed, -1):
            return Decision(player, decisions.YES_NO, (decisions.YES, decisions.NO), cid)
        if owed and answer is not None and answer.verb == "yes":
            frame.scratch[1] = owed
        else:
            if owed and not keywords.has(state, cid, "immortality"):
                rules.sacrifice(state, cid)
            frame.scratch[0] += 1
        answer = None
    for cid in frame.scratch[2:]:
        card = cards[cid]
        if card.oid >= 0 and card.counters.get("wither"):
            journal.counters(state, cid, "wither", -card.counters["wither"])
    frame.scratch = []
    return None


def withered(state: GameState, player: int) -> list[int]:
    """The objects ``player`` controls with wither counters on them, champion first."""
    cards = state.cards
    return [cid for cid in zones.field_objects(state, player) if cards[cid].counters.get("wither")]


@primitive("materialize", "filter", filter=("filter", True, None))
def _materialize(state: GameState, frame: ResolveFrame, args: Args,
                 answer: Option | None) -> Decision | None:
    """Its controller materializes a card of their material deck matching the filter (of
    their choice; nothing if none can be): it goes onto the effects stack, its memory cost
    paid now, and resolves after this ("Playing Cards - Card Materialization": an effect's
    permission). ``scratch`` holds the memory cost still to pay once the card is chosen,
    and the card."""
    from gaenv.engine import stack  # stack plays and resolves cards with this module

    player = frame.item.controller
    if not frame.scratch:
        if answer is None:
            found = [decisions.choose(c, state.cards[c].defn.name)
                     for c in stack.materializable(state, player, args["filter"])]
            found += preserved_options(state, player)
            return Decision(player, decisions.CHOOSE_CARD, tuple(found),
                            frame.item.card) if found else None
        if answer.verb == decisions.RETURN_PRESERVED:  # instead of materializing
            journal.move(state, answer.card, HAND)
            return None
        frame.scratch = [stack.materialize_by_effect(state, player, answer.card), answer.card]
        answer = None
    decision, left = stack.memory_step(state, player, frame.scratch[0], answer,
                                       frame.item.card)
    card = frame.scratch[1]
    frame.scratch = [left, card] if decision is not None else []
    if decision is None:  # "Card Materialization 9": paid, it is materialized
        journal.emit(state, "materialized", card, player)
    return decision


@primitive("negate", None, target=("object", True, None), unless_pays=("nat", False, 0),
           to=("enum:graveyard,banishment,memory", False, "graveyard"))
def _negate(state: GameState, frame: ResolveFrame, args: Args,
            answer: Option | None) -> Decision | None:
    """Negate the target card activation: it leaves the effects stack without resolving,
    for its owner's graveyard (or, as the card says, banishment or memory: "Game Zones -
    Graveyard"; a Preserve card for where its own text sends it as it resolves, its
    material deck preserved: "Game Terms - Negate 5"), unless its controller pays
    ``unless_pays`` reserve, as they choose (``yes``, then one card or Reservable object a
    decision; ``scratch`` holds what is left to pay)."""
    cid = activation_of(frame.item.targets[args["_slot"]])
    layer = next((i for i in state.stack if i.card == cid and i.kind == "activation"), None)
    if layer is None:
        return None
    payer = layer.controller
    if args["unless_pays"] and not frame.scratch:
        if answer is None:
            if costs.can_pay_reserve(state, payer, args["unless_pays"], -1):
                return Decision(payer, decisions.YES_NO, (decisions.YES, decisions.NO), cid)
        elif answer.verb == "yes":
            frame.scratch = [args["unless_pays"]]
            answer = None
    if frame.scratch:  # paying instead
        if answer is not None:
            costs.pay_one_reserve(state, answer)
            frame.scratch[0] -= 1
        if frame.scratch[0] > 0:
            return Decision(payer, decisions.PAY_RESERVE, costs.reserve_options(state, payer),
                            cid)
        frame.scratch = []
        return None
    state.stack.remove(layer)
    if args["to"] == "graveyard" and state.cards[cid].defn.preserve:
        preserve_card(state, cid)  # where it would have gone as it resolved ("Negate 5")
    else:
        journal.move(state, cid, {"graveyard": GRAVEYARD, "banishment": BANISHMENT,
                                  "memory": MEMORY}[args["to"]])
    return None


def run(state: GameState, frame: ResolveFrame, answer: Option | None = None) -> Decision | None:
    """Run ``frame`` until it finishes (None) or needs a choice (the Decision): the core's
    interpreter (`gaenv.core.program.run`) over Grand Archive's primitives."""
    decision: Decision | None = program.run(PRIMITIVES, state, frame, answer)
    return decision


def _choose_object(state: GameState, frame: ResolveFrame, selector: Selector,
                   own: bool, chosen: list[int] | None = None) -> Decision | None:
    """Ask the controller to choose one object that fits (None when none does): with
    ``own``, one they control (what they sacrifice: "Game Terms - Sacrifice 2c"); other
    than the objects ``chosen`` already (``choose_any``)."""
    item = frame.item
    found = selectors.objects(state, selector.filter, item.controller, source_of(state, item))
    cards = state.cards
    if own:
        found = [cid for cid in found if cards[cid].controller == item.controller]
    if chosen:
        found = [c for c in found if cards[c].oid not in chosen]
    if not found:
        return None
    return Decision(item.controller, decisions.CHOOSE_CARD, tuple(
        decisions.choose_object(c, zones.label(state, c), cards[c].controller) for c in found),
        item.card)
