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
from typing import Any

from gaenv.engine import champions, decisions, statics, zones
from gaenv.engine.decisions import Decision, Option
from gaenv.engine.objects import FIELD, LINEAGE, MATERIAL
from gaenv.engine.state import GameState, Lasting, ResolveFrame

# Object selectors. Those starting with "target_" are declared when the card
# is played ("Playing Cards - Card Activation 5"); the rest are read at resolution.
TARGET_SELECTORS = ("target_unit", "target_ally", "target_champion")
OBJECT_SELECTORS = (*TARGET_SELECTORS, "your_champion", "opponent_champion")
PLAYER_SELECTORS = ("you", "opponent", "each_player")

Run = Callable[[GameState, ResolveFrame, dict[str, Any], Option | None], Decision | None]


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
    first = controller
    return [first, 1 - first]


def target_candidates(state: GameState, selector: str) -> list[int]:
    """Card ids of the objects a target selector may choose, champions first."""
    cards = state.cards
    found: list[int] = []
    want_champion = selector in ("target_unit", "target_champion")
    want_ally = selector in ("target_unit", "target_ally")
    for p in state.players:
        lineage = p.zones[LINEAGE]
        if want_champion and lineage:
            found.append(lineage[-1])
        if want_ally:
            found.extend(cid for cid in p.zones[FIELD] if cards[cid].defn.type == "ally")
    return found


def is_legal_target(state: GameState, selector: str, oid: int) -> bool:
    cid = zones.find_object(state, oid)
    return cid >= 0 and cid in target_candidates(state, selector)


def objects_of(state: GameState, frame: ResolveFrame, args: dict[str, Any]) -> list[int]:
    """The card ids an object selector names while ``frame`` resolves."""
    selector = args["target"]
    if selector in TARGET_SELECTORS:
        cid = zones.find_object(state, frame.item.targets[args["_slot"]])
        return [cid] if cid >= 0 else []
    owner = frame.item.controller if selector == "your_champion" else 1 - frame.item.controller
    cid = champions.champion(state, owner)
    return [cid] if cid >= 0 else []


# --- primitives ----------------------------------------------------------------

@primitive("draw", "amount", amount=("nat", True, None), player=("player", False, "you"))
def _draw(state: GameState, frame: ResolveFrame, args: dict[str, Any],
          answer: Option | None) -> Decision | None:
    """The named players each draw ("Game Mechanics - Drawing Cards")."""
    for p in players_of(args["player"], frame.item.controller):
        zones.draw(state, p, args["amount"])
    return None


@primitive("deal_damage", None, amount=("nat", True, None), target=("object", True, None))
def _deal_damage(state: GameState, frame: ResolveFrame, args: dict[str, Any],
                 answer: Option | None) -> Decision | None:
    """Mark damage on units ("Game Mechanics - Damage"); 0 damage is no damage."""
    if args["amount"] > 0:
        for cid in objects_of(state, frame, args):
            state.cards[cid].damage += args["amount"]
    return None


@primitive("recover", "amount", amount=("nat", True, None), player=("player", False, "you"))
def _recover(state: GameState, frame: ResolveFrame, args: dict[str, Any],
             answer: Option | None) -> Decision | None:
    """Remove up to ``amount`` damage counters from the champion ("Glossary - Recover")."""
    for p in players_of(args["player"], frame.item.controller):
        cid = champions.champion(state, p)
        if cid >= 0:
            card = state.cards[cid]
            card.damage = max(0, card.damage - args["amount"])
    return None


@primitive("level_up", None, player=("one_player", False, "you"))
def _level_up(state: GameState, frame: ResolveFrame, args: dict[str, Any],
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
    if len(legal) == 0:
        return None
    options = tuple(decisions.choose(cid, cards[cid].defn.name) for cid in legal)
    return Decision(player, decisions.CHOOSE_CARD, options, frame.item.card)


@primitive("delevel", None, player=("player", False, "you"), min_level=("nat", False, 0))
def _delevel(state: GameState, frame: ResolveFrame, args: dict[str, Any],
             answer: Option | None) -> Decision | None:
    """The player's champion delevels ("Card Types - Champion, Deleveling 1"), if its
    level is at least ``min_level``."""
    for p in players_of(args["player"], frame.item.controller):
        if champions.champion(state, p) >= 0 and champions.level(state, p) >= args["min_level"]:
            champions.delevel(state, p)
    return None


@primitive("may", "effect", effect=("effects", True, None))
def _may(state: GameState, frame: ResolveFrame, args: dict[str, Any],
         answer: Option | None) -> Decision | None:
    """An optional instruction: its controller says yes or no as it resolves
    ("Playing Cards - Resolution 5")."""
    if answer is None:
        return Decision(frame.item.controller, decisions.YES_NO, (decisions.YES, decisions.NO),
                        frame.item.card)
    if answer.verb == "yes":
        pc = frame.pc + 1
        frame.queue = (*frame.queue[:pc], *args["effect"], *frame.queue[pc:])
    return None


@primitive("this_turn", "static", static=("static", True, None))
def _this_turn(state: GameState, frame: ResolveFrame, args: dict[str, Any],
               answer: Option | None) -> Decision | None:
    """A static effect for its controller that ends with the turn ("Turn Order - End Phase")."""
    state.lasting.append(Lasting(args["static"], frame.item.controller, state.next_timestamp))
    state.next_timestamp += 1
    statics.changed(state)
    return None


def run(state: GameState, frame: ResolveFrame, answer: Option | None = None) -> Decision | None:
    """Run ``frame`` until it finishes (None) or needs a choice (the Decision)."""
    while frame.pc < len(frame.queue):
        node = frame.queue[frame.pc]
        decision = PRIMITIVES[node.op].run(state, frame, node.args, answer)  # type: ignore[arg-type]
        answer = None
        if decision is not None:
            return decision
        frame.pc += 1
    return None
