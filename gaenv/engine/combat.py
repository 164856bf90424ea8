"""Combat: declaring attacks, retaliation, damage, end of combat.

Rules ("Turn Order - Combat Phase" and its step pages; "Card Types - Attack";
"Card Types - Weapon"; the combat keywords in "Keywords and Abilities"):

- An attack is a slow action of the turn player. An awake ally with power
  above 0 that obeys its controller rests to attack; a champion attacks with a
  weapon (resting the champion) or through an attack card, which rests the
  champion as it is activated, resolves into the intent and must then declare
  a target (or fizzles). Targets are the opponent's units: Stealth units only
  for attacks with True Sight; awake Taunt units first unless the attacker is
  Unblockable; Cleave attacks every attackable object of the opponent at once.
  Taunt narrows only the declaration: a defender stays one while it can be
  attacked at all, whatever Taunt units wake or enter later.
- Declaring cannot be responded to. On Attack and Intercept then trigger;
  the turn player receives opportunity ("before retaliation").
- Retaliation: each awake defending unit with power above 0 may rest to
  retaliate against the attacker (Steadfast: also while rested, without
  resting; Ambush: also when not defending). Weapons never retaliate.
- Damage: opportunity ("before damage"); the attacking player orders several
  retaliators; Critical asks, source by source (the attack, then each
  retaliator in damage order), the opponent of a source that will deal combat
  damage to discard or have its damage doubled; then all combat damage at
  once. A champion's attack deals the power of the intent, the weapon and
  itself; Ranged adds while distant, Retort while retaliating. A weapon used
  loses a durability counter unless the attack came to nothing. On Hit and On
  Kill trigger.
- End of combat: the intent goes to the graveyard, the roles end,
  state-based checks run, and the turn returns to the main phase.

Combat happens in ``phase == "combat"``; ``phase_stage`` is the step below.
"""

from __future__ import annotations

from gaenv.core.decisions import Decision, Option
from gaenv.engine import champions, costs, decisions, events, journal, keywords, rules, statics
from gaenv.engine.objects import FIELD, GRAVEYARD, HAND, INTENT
from gaenv.engine.selectors import board
from gaenv.engine.state import AttackFrame, Combat, GameState
from gaenv.engine.zones import (
    distinct_names,
    field_objects,
    find_object,
    label,
    labels,
)

# phase_stage values while phase == "combat".
DECLARED = 0
BEFORE_RETALIATION = 1
RETALIATION = 2
BEFORE_DAMAGE = 3
ORDERING = 4
CRITICAL = 5
DISCARDING = 6
DAMAGE = 7
END = 8
STAGES = END + 1  # how many there are
WINDOW_STAGES = frozenset({BEFORE_RETALIATION, BEFORE_DAMAGE})


# --- who may attack what ---------------------------------------------------------

def obeys(state: GameState, cid: int) -> bool:
    """"Keywords - Pride N": an ally obeys only while its controller's champion is level N+."""
    pride = keywords.value(state, cid, "pride")
    return pride is None or champions.level(state, state.cards[cid].controller) >= pride


def attackable(state: GameState, player: int) -> list[int]:
    """Card ids of what ``player`` could attack: the opponent's units and siegeable
    domains ("Card Types - Functional Subtypes, Siegeable"); not to be modified."""
    return (state.views.get("board") or board(state)).attackable[player]


def _attack_keywords(state: GameState, attacker: int, weapon: int, card: int = -1) -> set[str]:
    """The keywords of an attack: those of its attacker, weapon and attack card (-1 for
    none) together."""
    found: set[str] = set()
    for cid in (attacker, weapon, card):
        if cid >= 0:
            found.update(keywords.names(state, cid))
    return found


def targetable(state: GameState, player: int, attacker: int, weapon: int,
               card: int = -1) -> list[int]:
    """What the attack can have as a target at all (card ids): the opponent's attackable
    objects, those with Stealth only for an attack with True Sight. After the
    declaration a defender stays one while it is here ("Combat Phase - Attacking 4a";
    "Keywords - Stealth 3"): Taunt is not checked again. Not to be modified: it may be
    `attackable`'s memo."""
    # Plain loops rather than comprehensions: these lists are short, and this is hot.
    found = attackable(state, player)
    stealthy = keywords.holders(state, found, "stealth")
    if not stealthy or "true_sight" in _attack_keywords(state, attacker, weapon, card):
        return found  # the common case: the attack's own keywords change nothing
    seen = []
    for cid in found:
        if cid not in stealthy:
            seen.append(cid)
    return seen


def legal_targets(state: GameState, player: int, attacker: int, weapon: int,
                  card: int = -1) -> list[int]:
    """The targets the attack may be declared against (card ids): `targetable`, narrowed
    to the awake Taunt units among them unless the attack has Cleave or Unblockable
    ("Keywords - Taunt 2"). Not to be modified."""
    found = targetable(state, player, attacker, weapon, card)
    taunts = keywords.holders(state, found, "taunt")
    if not taunts or {"cleave", "unblockable"} & _attack_keywords(state, attacker, weapon, card):
        return found
    cards = state.cards
    taunting = []
    for cid in taunts:
        if not cards[cid].rested:
            taunting.append(cid)
    return taunting or found


def power_of(state: GameState, cid: int) -> int:
    return statics.stat(state, cid, "power") or 0


def attack_options(state: GameState, player: int) -> list[Option]:
    """Attacks the turn player may declare now (a slow action). An attack needs a legal
    target: any attackable object with True Sight, else one without Stealth (Taunt only
    narrows which, never whether)."""
    cards = state.cards
    candidates = attackable(state, player)
    if not candidates:
        return []
    # Whether every candidate has Stealth, so that only attacks with True Sight have a target.
    unseen_only = len(keywords.holders(state, candidates, "stealth")) == len(candidates)
    attacks: list[tuple[int, int]] = []  # (attacker, weapon or -1)
    champ = champions.champion(state, player)
    field = state.players[player].zones[FIELD]
    if champ >= 0 and not cards[champ].rested:
        if power_of(state, champ) > 0 and (
                not unseen_only or keywords.has(state, champ, "true_sight")):
            attacks.append((champ, -1))
        for cid in field:
            if cards[cid].defn.type == "weapon" and (
                    not unseen_only or "true_sight" in _attack_keywords(state, champ, cid)):
                attacks.append((champ, cid))
    for cid in field:
        card = cards[cid]
        if (card.defn.type == "ally" and not card.rested and power_of(state, cid) > 0
                and obeys(state, cid)
                and (not unseen_only or keywords.has(state, cid, "true_sight"))):
            attacks.append((cid, -1))
    if any(cards[c].defn.attack_cost for pair in attacks for c in pair if c >= 0):
        attacks = [(unit, weapon) for unit, weapon in attacks  # its additional cost
                   if costs.can_pay_reserve(state, player, attack_cost(state, unit, weapon), -1)]
    if not attacks:
        return []
    names = labels(state, player)
    options = []
    for unit, weapon in attacks:
        options.append(decisions.attack_with(unit, names[unit], weapon,
                                             names[weapon] if weapon >= 0 else ""))
    return options


# --- declaring ---------------------------------------------------------------------

def attack_cost(state: GameState, attacker: int, weapon: int) -> int:
    """The reserve an attack with ``attacker`` (and ``weapon``, or -1) costs besides resting
    it: their ``attack_cost`` (an additional cost of attacking)."""
    cards = state.cards
    return cards[attacker].defn.attack_cost + (cards[weapon].defn.attack_cost
                                               if weapon >= 0 else 0)


def declare(state: GameState, player: int, attacker: int, weapon: int) -> None:
    """An ally or a champion with a weapon declares an attack: it rests as the cost, and
    its additional cost is paid before its target is chosen."""
    journal.rest(state, attacker)
    state.priority = -1
    frame = AttackFrame(player, attacker, weapon, -1, "target")
    frame.reserve_left = attack_cost(state, attacker, weapon)
    if frame.reserve_left:
        frame.stage = "pay"
    state.frames.append(frame)


def attack_card_resolves(state: GameState, player: int, card: int) -> None:
    """An attack card resolved: into the intent, then its attack is declared. During a
    combat no new combat can begin, so it fizzles ("Combat Phase - Attacking 1g")."""
    if state.phase == "combat":
        journal.move(state, card, GRAVEYARD)
        return
    journal.move(state, card, INTENT)
    champ = champions.champion(state, player)
    state.frames.append(AttackFrame(player, champ, -1, card, "target"))


def _weapon_choices(state: GameState, frame: AttackFrame) -> list[int]:
    """What an attack card's attack may use: no weapon (-1) or one of its player's weapons
    whose additional attack cost they can pay; any other attack has its weapon already."""
    if frame.card < 0:
        return [frame.weapon]
    cards = state.cards
    return [-1, *(c for c in state.players[frame.player].zones[FIELD]
                  if cards[c].defn.type == "weapon" and (
                      not cards[c].defn.attack_cost or costs.can_pay_reserve(
                          state, frame.player, cards[c].defn.attack_cost, -1)))]


def _declarable(state: GameState, frame: AttackFrame, weapon: int) -> list[int]:
    return legal_targets(state, frame.player, frame.attacker, weapon, frame.card)


def attack_step(state: GameState, frame: AttackFrame, answer: Option | None) -> Decision | None:
    """Advance a declaration: pay an additional attack cost, choose target(s), then
    (attack cards) a weapon and its additional cost, then fight.

    An attack card's weapon is part of its declaration ("Combat Phase - Attacking and the
    Combat Phase 5b"), so the target and the weapon must be legal together: the targets
    offered are those some weapon choice allows (a Stealth unit through a True Sight
    weapon: "Keywords - True Sight 1b"), and then only the weapon choices that keep them
    legal are offered. A Cleave attack card (by its own or its champion's keywords)
    attacks what the chosen weapon lets it, decided once the weapon is chosen."""
    cards = state.cards
    if frame.stage == "pay":  # an additional cost, a card from hand (or a Reservable) each
        if answer is not None:
            costs.pay_one_reserve(state, answer)
            frame.reserve_left -= 1
            answer = None
        if frame.reserve_left > 0:
            return Decision(frame.player, decisions.PAY_RESERVE,
                            costs.reserve_options(state, frame.player), frame.attacker)
        # an attack card pays for its weapon once that is chosen, after its targets
        frame.stage = "begin" if frame.card >= 0 else "target"
    if frame.stage == "target":
        if answer is not None:
            frame.targets = [answer.card]
        else:
            legal: list[int] = []
            if frame.attacker >= 0:
                for weapon in _weapon_choices(state, frame):
                    for c in _declarable(state, frame, weapon):
                        if c not in legal:
                            legal.append(c)
            if not legal:
                # "Card Types - Attack": with nothing to attack, the attack fizzles.
                state.frames.pop()
                journal.move(state, frame.card, GRAVEYARD)
                return None
            if "cleave" not in _attack_keywords(state, frame.attacker, frame.weapon, frame.card):
                defender = 1 - frame.player  # every legal target is the defending player's
                names = labels(state, defender)
                options = []
                for c in legal:
                    options.append(decisions.target(c, names[c], defender))
                return Decision(frame.player, decisions.ATTACK_TARGET, tuple(options),
                                frame.attacker)
        frame.stage = "weapon"
        answer = None
    if frame.stage == "weapon" and frame.card >= 0:
        if answer is None:
            choices = _weapon_choices(state, frame)
            if len(choices) > 1:
                options = []
                for weapon in choices:
                    allowed = _declarable(state, frame, weapon)
                    if all(c in allowed for c in frame.targets) if frame.targets else allowed:
                        options.append(decisions.use_weapon(weapon, label(state, weapon))
                                       if weapon >= 0 else decisions.NO_WEAPON)
                return Decision(frame.player, decisions.CHOOSE_WEAPON, tuple(options), frame.card)
        elif answer.verb == "weapon":
            frame.weapon = answer.card
            frame.reserve_left = cards[answer.card].defn.attack_cost
            if frame.reserve_left:  # its additional cost, then the attack begins
                frame.stage = "pay"
                return attack_step(state, frame, None)
    if not frame.targets:  # Cleave: every target the attack with its weapon may have
        frame.targets = list(_declarable(state, frame, frame.weapon))
    state.frames.pop()
    _begin(state, frame)
    return None


def _begin(state: GameState, frame: AttackFrame) -> None:
    cards = state.cards
    combat = Combat(frame.player, cards[frame.attacker].oid,
                    cards[frame.weapon].oid if frame.weapon >= 0 else -1)
    combat.defenders = [cards[c].oid for c in frame.targets]
    state.combat = combat
    journal.combat_changes(state)
    state.phase = "combat"
    state.phase_stage = DECLARED
    state.priority = -1  # declaring cannot be responded to
    if cards[frame.attacker].defn.is_champion:
        state.players[frame.player].attacked = True  # "your champion has attacked this turn"
    for used in (frame.attacker, frame.weapon, *state.players[frame.player].zones[INTENT]):
        if used >= 0:
            journal.emit(state, "attacks", used, frame.player)
    for defender in frame.targets:
        journal.emit(state, "attacked", defender, 1 - frame.player, frame.attacker)
    champ = champions.champion(state, 1 - frame.player)
    if (len(frame.targets) == 1 and frame.targets[0] == champ
            and not {"unblockable", "cleave"} & _attack_keywords(
                state, frame.attacker, frame.weapon, frame.card)):
        for cid in state.players[1 - frame.player].zones[FIELD]:
            if not cards[cid].rested and keywords.has(state, cid, "intercept"):
                events.fire_keyword(state, cid, "intercept")


def redirect(state: GameState, cid: int) -> None:
    """"Keywords - Intercept": the attack now targets this ally, if the attack can target it
    (`targetable`: the declaration is over, so Taunt no longer matters)."""
    combat = state.combat
    if combat is None:
        return
    attacker, weapon = _attacking(state, combat)
    if attacker >= 0 and cid in _targetable_now(state, combat, attacker, weapon):
        combat.defenders = [state.cards[cid].oid]
        journal.combat_changes(state)


# --- the steps ---------------------------------------------------------------------------

def _attacking(state: GameState, combat: Combat) -> tuple[int, int]:
    """Card ids of the attacker and of its weapon (-1 for one that is gone or unused)."""
    attacker = find_object(state, combat.attacker)
    return attacker, find_object(state, combat.weapon) if combat.weapon >= 0 else -1


def _targetable_now(state: GameState, combat: Combat, attacker: int, weapon: int) -> list[int]:
    """`targetable` for the combat in progress: with the keywords of its attacker, its
    weapon and the attack card in the intent zone (an attack card's True Sight counts for
    as long as the attack lasts)."""
    intent = state.players[combat.player].zones[INTENT]
    return targetable(state, combat.player, attacker, weapon, intent[0] if intent else -1)


def _still_defending(state: GameState, combat: Combat, attacker: int, weapon: int) -> list[int]:
    """Card ids of the attack's targets that it can still target (``attacker`` and
    ``weapon`` as `_attacking` gives them): one that became illegal (gained Stealth,
    left the field) stops defending ("Combat Phase - Attacking 4a"; "Keywords -
    Stealth 3"). Taunt decided only the declaration: a Taunt unit that wakes or enters
    later takes nothing over ("Keywords - Taunt 2")."""
    if attacker < 0:
        return []
    legal = _targetable_now(state, combat, attacker, weapon)
    cards = state.cards
    defending = []
    for oid in combat.defenders:
        for c in legal:
            if cards[c].oid == oid:
                defending.append(c)
                break
    return defending


def _retaliators(state: GameState, combat: Combat) -> list[int]:
    """Units of the defending player that may still choose to retaliate: none once the
    attacker has left the field or lost every target, since a unit that is no longer
    attacking cannot be retaliated against, not even with Ambush ("Combat Phase -
    Attacking and the Combat Phase 4b, 9"; "Game Terms - Retaliate/Retaliation 6")."""
    cards = state.cards
    defending = _still_defending(state, combat, *_attacking(state, combat))
    if not defending:
        return []
    asked = combat.asked
    retaliating = combat.retaliators
    candidates = []
    for cid in field_objects(state, 1 - combat.player):
        card = cards[cid]
        if not card.defn.is_unit or card.oid in asked or card.oid in retaliating:
            continue
        if cid not in defending and not keywords.has(state, cid, "ambush"):
            continue
        if card.rested and not keywords.has(state, cid, "steadfast"):
            continue
        if power_of(state, cid) > 0:
            candidates.append(cid)
    return candidates


def _critical(state: GameState, combat: Combat, source: int) -> int:
    """"Keywords - Critical N": the Critical of ``source`` (an oid: the attacker for the
    attack, whose Critical adds up those of attacker, intent and weapon; else a
    retaliator), or 0 when it will deal no combat damage: the attacker is gone, the
    attack has no defender left, or the retaliator is gone."""
    attacker, weapon = _attacking(state, combat)
    if attacker < 0:
        return 0
    if source != combat.attacker:
        unit = find_object(state, source)
        return 0 if unit < 0 else keywords.value(state, unit, "critical") or 0
    total = keywords.value(state, attacker, "critical") or 0
    for cid in state.players[combat.player].zones[INTENT]:
        total += keywords.value(state, cid, "critical") or 0
    if weapon >= 0:
        total += keywords.value(state, weapon, "critical") or 0
    if total and not _still_defending(state, combat, attacker, weapon):
        return 0
    return total


def _ask_critical(state: GameState, combat: Combat) -> bool:
    """Critical for each source after the one last asked, in the order they deal damage
    (the attack, then the retaliators): the source's opponent (the defending player for
    the attack, the attacking player for a retaliator) may discard N cards, else that
    source's damage is doubled; with fewer than N cards in hand it is doubled at once.
    True when a decision is pending."""
    sources = [combat.attacker, *combat.retaliators]
    start = 0 if combat.critical < 0 else sources.index(combat.critical) + 1
    for oid in sources[start:]:
        need = _critical(state, combat, oid)
        if need <= 0:
            continue
        player = 1 - combat.player if oid == combat.attacker else combat.player
        if len(state.players[player].zones[HAND]) >= need:
            combat.critical = oid
            combat.discards = need
            state.decision = Decision(player, decisions.CRITICAL,
                                      (decisions.critical_discard(need), decisions.TAKE_DOUBLE),
                                      find_object(state, oid))
            return True
        combat.doubled.append(oid)
    return False


def advance(state: GameState) -> None:
    """The next step of the combat in progress. A step that only ends (a window everyone
    passed in, an order or a Critical with nothing to ask, the intent put away) leaves
    nothing for the game loop to do first, so the step after it follows at once."""
    combat = state.combat
    assert combat is not None
    stage = state.phase_stage
    defender = 1 - combat.player
    if stage == DECLARED:
        state.phase_stage = BEFORE_RETALIATION
        _open(state)
        return
    if stage == BEFORE_RETALIATION:
        stage = state.phase_stage = RETALIATION
    if stage == RETALIATION:
        options = [decisions.retaliate_with(c, label(state, c))
                   for c in _retaliators(state, combat)]
        if options:
            state.decision = Decision(defender, decisions.RETALIATE,
                                      (decisions.NO_RETALIATION, *options))
            return
        state.phase_stage = BEFORE_DAMAGE
        _open(state)
        return
    if stage == BEFORE_DAMAGE:
        stage = state.phase_stage = ORDERING
    if stage == ORDERING:
        # Only an order among two or more retaliators still on the field needs asking.
        if len(combat.retaliators) - combat.ordered > 1:
            live = [c for c in (find_object(state, oid) for oid in
                                combat.retaliators[combat.ordered:]) if c >= 0]
            if len(live) > 1:
                state.decision = Decision(combat.player, decisions.ORDER_RETALIATORS, tuple(
                    decisions.damage_first(c, label(state, c)) for c in live))
                return
        stage = state.phase_stage = CRITICAL
    if stage == CRITICAL:
        if _ask_critical(state, combat):
            return
        stage = state.phase_stage = DAMAGE
    if stage == DISCARDING:
        cards = state.cards
        player = defender if combat.critical == combat.attacker else combat.player
        hand = distinct_names(state, state.players[player].zones[HAND])
        state.decision = Decision(player, decisions.DISCARD, tuple(
            decisions.discard(c, cards[c].defn.name) for c in hand))
    elif stage == DAMAGE:
        _deal(state, combat)  # its triggers and checks come before the end of combat
        state.phase_stage = END
    else:
        # The state-based checks ran before this step, and the intent (no object) leaving
        # gives them nothing new to find.
        for cid in list(state.players[combat.player].zones[INTENT]):
            journal.move(state, cid, GRAVEYARD)
        state.combat = None
        journal.combat_changes(state)
        state.phase = "main"
        state.phase_stage = 1
        _open(state)


def _open(state: GameState) -> None:
    state.priority = state.turn_player
    state.passes = 0


def answer(state: GameState, kind: str, option: Option) -> None:
    """Apply an answer to one of combat's own decisions."""
    combat = state.combat
    assert combat is not None
    cards = state.cards
    if kind == decisions.RETALIATE:
        if option.verb == "no":
            combat.asked.extend(cards[c].oid for c in _retaliators(state, combat))
        else:
            unit = cards[option.card]
            if not keywords.has(state, unit.id, "steadfast"):
                journal.rest(state, unit.id)
            combat.retaliators.append(unit.oid)
            journal.combat_changes(state)
    elif kind == decisions.ORDER_RETALIATORS:
        oid = cards[option.card].oid
        combat.retaliators.remove(oid)
        combat.retaliators.insert(combat.ordered, oid)
        combat.ordered += 1
    elif kind == decisions.CRITICAL:
        # "Keywords - Critical N": discard N cards, or the source's damage is doubled.
        if option.verb == "yes":
            state.phase_stage = DISCARDING
        else:
            combat.discards = 0
            combat.doubled.append(combat.critical)
            state.phase_stage = CRITICAL  # the next source's Critical, if any
    else:  # DISCARD
        journal.move(state, option.card, GRAVEYARD)
        combat.discards -= 1
        if combat.discards == 0:
            state.phase_stage = CRITICAL


def _deal(state: GameState, combat: Combat) -> None:
    """All combat damage at once ("Combat Phase - Damage Step 3")."""
    cards = state.cards
    attacker, weapon = _attacking(state, combat)
    intent = list(state.players[combat.player].zones[INTENT])
    # (source card id, target card id, amount, 2 if Critical doubles it else 1)
    hits: list[tuple[int, int, int, int]] = []
    if attacker >= 0:
        doubled = combat.doubled
        amount = _attack_power(state, attacker, weapon, intent, combat.bonus)
        times = 2 if combat.attacker in doubled else 1
        live = _still_defending(state, combat, attacker, weapon)
        for target in live:
            hits.append((attacker, target, amount, times))
        if weapon >= 0 and live:
            journal.counters(state, weapon, "durability", -1)
        for oid in combat.retaliators:
            unit = find_object(state, oid)
            if unit >= 0:
                amount = power_of(state, unit) + (keywords.value(state, unit, "retort") or 0)
                hits.append((unit, attacker, amount, 2 if oid in doubled else 1))
    # The hits land together (no one acts in between and nothing leaves the field before
    # the checks), but in the attacking player's order, so that On Kill goes to the
    # source whose damage is the lethal part ("Combat Phase - Damage Step 2a").
    killed: set[int] = set()
    for src, dst, amount, times in hits:
        amount = rules.deal_damage(state, dst, amount, src, times=times, combat=True)
        if amount <= 0:
            continue
        used = [src] if src != attacker else [src, *intent, *([weapon] if weapon >= 0 else [])]
        for cid in used:
            journal.emit(state, "hits", cid, cards[cid].controller, dst, amount)
        if dst not in killed and _lethal(state, dst):
            killed.add(dst)
            for cid in used:
                journal.emit(state, "kills", cid, cards[cid].controller, dst)


def attack_power(state: GameState) -> int:
    """The damage the attack in progress would deal now, before Critical (0 with no combat or
    its attacker gone): what a person is shown, not what the rules read."""
    combat = state.combat
    if combat is None:
        return 0
    attacker, weapon = _attacking(state, combat)
    if attacker < 0:
        return 0
    return _attack_power(state, attacker, weapon, state.players[combat.player].zones[INTENT],
                         combat.bonus)


def _attack_power(state: GameState, attacker: int, weapon: int, intent: list[int],
                  bonus: int) -> int:
    """The damage of an attack: the attacker's power; a champion's attack adds its intent's
    and its weapon's, and a champion without a power stat still adds what increases its
    power ("Game Mechanics - Damage 5"; "Card Types - Champion": it gets no power stat
    from that, so it cannot attack or retaliate on its own); then what effects added to the
    attack itself, ``bonus`` ("Combat Phase - Attacking 5c, 6b": combined in the damage
    step)."""
    cards = state.cards
    if cards[attacker].defn.is_champion:
        own = statics.stat(state, attacker, "power")
        if own is None:
            champion = cards[attacker]
            own = statics.modifiers(state, attacker).power + statics.counter_bonus(
                champion.counters)
        total = own
        for c in intent:  # its printed power, and what its own statics add
            total += (cards[c].defn.power or 0) + statics.own_power(state, c)
        if weapon >= 0:
            total += power_of(state, weapon)
    else:
        total = power_of(state, attacker)
    if cards[attacker].counters.get("distant"):
        total += keywords.value(state, attacker, "ranged") or 0
    total += statics.attack_bonus(state, attacker) + bonus  # "its attacks get +N POWER"
    return max(0, total)


def _lethal(state: GameState, cid: int) -> bool:
    """Whether a unit now has damage enough to die (Immortality: never; a siegeable domain
    is destroyed, not killed, so it never counts for On Kill)."""
    card = state.cards[cid]
    if not card.defn.is_unit or keywords.has(state, cid, "immortality"):
        return False
    if card.defn.is_champion:
        return card.damage >= champions.life(state, card.controller)
    return card.damage >= (statics.stat(state, cid, "life") or 0)
