"""Grand Archive's scripted player: clearly stronger than random, simple enough to read
in one sitting.

It scores every legal option and takes the best (ties: the first). The plan:
level the champion up whenever it can and materialize regalia, play units and
weapons before other cards in its own main phase, attack when the attack is
favourable (a kill, or the champion when nothing better is in reach),
retaliate only when the retaliator survives or kills, pay reserve costs with
the cards it can least use (keeping memory stocked for materializing), aim
harmful effects at the opponent and helpful ones at itself, and otherwise pass.

It reads only what its seat may see: its own hand, both fields, the stack and
public counts (`gaenv.engine.zones.can_see` holds for everything it reads).

Its scoring lives here, beside the engine, so that the environment can mark its pick in
the observation (the optional ``advice`` piece) without importing the agents;
`gaenv.agents.heuristic.HeuristicAgent` plays it. The duel's is `gaenv.duel.heuristic`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gaenv.core.decisions import Decision, Option
from gaenv.core.played import Played
from gaenv.engine import champions, combat, decisions, events, statics, zones
from gaenv.engine.game import Game
from gaenv.engine.objects import CardDef, CardObj
from gaenv.engine.state import GameState

# Effect primitives that hurt what they target; anything else is taken as helpful.
HARMFUL = frozenset({"deal_damage", "destroy", "move", "rest", "discard"})
PERMANENT_TYPES = ("ally", "weapon", "item", "domain")


def choose(game: Game) -> Option:
    """The heuristic's answer to the game's current decision (`best` by `score`)."""
    return best(game, score)


def best(game: Played, score: Callable[[Any, Decision, Option], float]) -> Option:
    """The option of the current decision that ``score`` (state, decision, option) rates
    highest, the earliest of the engine's options on a tie."""
    decision = game.decision
    assert decision is not None
    return max(decision.options, key=lambda o: score(game.state, decision, o))


def score(state: GameState, decision: Decision, option: Option) -> float:
    """How much the heuristic likes an option (higher is better)."""
    kind = decision.kind
    me = decision.player
    verb = option.verb
    if kind == decisions.OPPORTUNITY:
        return _opportunity(state, me, option)
    if kind == decisions.MATERIALIZE:
        if verb != "materialize":
            return 0.0
        defn = state.cards[option.card].defn
        return 10.0 + (defn.level or 0) if defn.is_champion else 5.0
    if kind == decisions.PAY_RESERVE:
        return _payment(state, me, option)
    if kind == decisions.CHOOSE_TARGET:
        return _target(state, me, decision, option)
    if kind == decisions.ATTACK_TARGET:
        return _attack_target(state, me, option)
    if kind == decisions.RETALIATE:
        return _retaliation(state, option)
    if kind == decisions.DISCARD:
        # Discard what is least castable: the most expensive card.
        return float(state.cards[option.card].defn.reserve_cost or 0)
    if kind == decisions.CRITICAL:
        return 1.0 if verb == "yes" else 0.0  # discarding is cheaper than double damage
    if kind in (decisions.YES_NO, decisions.CHOOSE_WEAPON):
        return 1.0 if verb in ("yes", "weapon") else 0.0
    if kind == decisions.CHOOSE_CARD:
        defn = state.cards[option.card].defn
        return float((defn.level or 0) * 10 + (defn.reserve_cost or 0) + (defn.power or 0))
    if kind == decisions.GLIMPSE:
        return 1.0 if verb == "top" else 0.0
    return 0.0  # modes, orders, champions, Unique: the first option


def _opportunity(state: GameState, me: int, option: Option) -> float:
    verb = option.verb
    if verb == "pass":
        return 0.0
    if verb == "activate":
        defn = state.cards[option.card].defn
        if state.turn_player != me:
            return -1.0  # keep cards for its own turn
        base = 6.0 if defn.type in PERMANENT_TYPES else 4.0
        if defn.type == "attack" and not _favourable_attack(state, me, _champion_power(state, me)
                                                            + (defn.power or 0)):
            return -1.0
        return base + (defn.reserve_cost or 0) / 10
    if verb == "attack":
        power = combat.power_of(state, option.card)
        if option.other >= 0:
            power += combat.power_of(state, option.other)
        return 3.0 if power > 0 and _favourable_attack(state, me, power) else -1.0
    if verb == "use":
        card = state.cards[option.card]
        if option.other == card.defn.level_up:
            return _level_up(card)
        ability = events.ability_of(state, option.card, option.other)
        return -1.0 if ability.cost.get("sacrifice") else 1.0
    return -1.0


def _level_up(card: CardObj) -> float:
    """A leveler's level up (LEVELERS.md): worth most when the counter reaches a band (new
    base stats and abilities), some on the way to one, little past the last band's start
    (after playing permanents, before other abilities)."""
    level = card.counters.get("level", 0) + 1
    if any(low == level for low, _ in card.defn.bands):
        return 5.0
    return 2.5 if level < card.defn.bands[-1][0] else 0.5


def _champion_power(state: GameState, me: int) -> int:
    champ = champions.champion(state, me)
    return combat.power_of(state, champ) if champ >= 0 else 0


def _remaining_life(state: GameState, cid: int) -> int:
    return (statics.stat(state, cid, "life") or 0) - state.cards[cid].damage


def _favourable_attack(state: GameState, me: int, power: int) -> bool:
    """Worth attacking: some legal target takes real damage, or an ally dies."""
    targets = combat.attackable(state, me)
    return power > 0 and any(
        state.cards[t].defn.is_champion or _remaining_life(state, t) <= power for t in targets)


def _attack_target(state: GameState, me: int, option: Option) -> float:
    if option.card < 0:
        return 0.0
    target = state.cards[option.card]
    frame_power = _attacking_power(state)
    if target.defn.is_champion:
        return 5.0
    if _remaining_life(state, option.card) <= frame_power:
        return 6.0 + combat.power_of(state, option.card)  # kill the biggest threat
    return 1.0


def _attacking_power(state: GameState) -> int:
    """The power of the attack being declared (attacker plus weapon), if any."""
    for frame in reversed(state.frames):
        attacker = getattr(frame, "attacker", None)
        if attacker is not None:
            weapon = getattr(frame, "weapon", -1)
            return combat.power_of(state, attacker) + (
                combat.power_of(state, weapon) if weapon >= 0 else 0)
    return 0


def _retaliation(state: GameState, option: Option) -> float:
    if option.verb != "retaliate" or state.combat is None:
        return 0.0
    attacker = zones.find_object(state, state.combat.attacker)
    if attacker < 0:
        return -1.0
    power = combat.power_of(state, attacker)
    weapon = zones.find_object(state, state.combat.weapon) if state.combat.weapon >= 0 else -1
    if weapon >= 0:
        power += combat.power_of(state, weapon)
    survives = _remaining_life(state, option.card) > power
    kills = combat.power_of(state, option.card) >= _remaining_life(state, attacker)
    return 2.0 if survives or kills else -1.0


def _payment(state: GameState, me: int, option: Option) -> float:
    """Rest Reservable objects first (free), then the card least usable now."""
    if option.verb == "rest":
        return 100.0
    if option.card < 0:
        return 0.0
    defn = state.cards[option.card].defn
    usable = defn.element in champions.elements(state, me)
    return (0.0 if usable else 50.0) + 20.0 - _value(defn)


def _value(defn: CardDef) -> float:
    return (defn.reserve_cost or 0) + (2.0 if defn.type in PERMANENT_TYPES else 0.0)


def _target(state: GameState, me: int, decision: Decision, option: Option) -> float:
    if option.card < 0:
        return 0.0
    source = state.cards[decision.source].defn if decision.source >= 0 else None
    harmful = source is not None and any(_is_harmful(n.op, n.args) for n in source.effect)
    mine = state.cards[option.card].controller == me
    power = combat.power_of(state, option.card)
    if harmful:
        return (10.0 if not mine else -10.0) + power
    return (10.0 if mine else -10.0) + power


def _is_harmful(op: str, args: Mapping[str, Any]) -> bool:
    return op in HARMFUL or (op == "counters" and args.get("kind") == "debuff")
