"""The effects stack and opportunity; playing cards and abilities; resolving layers.

Rules:
- "Game Zones - Effects Stack": last in, first out.
- "Timing and Permissions - Opportunity": after playing something its player
  keeps opportunity (8a); passing hands opportunity to the next player in
  turn order (3); when every player has passed in succession the top layer
  resolves (5) and the turn player receives opportunity (8); when every player
  passes on an empty stack the phase or step goes on.
- "Timing and Permissions - Fast vs Slow": slow actions (allies, items,
  weapons, attacks, slow actions, attack declarations) only for the turn
  player in their main phase with an empty stack; fast ones whenever the
  player holds opportunity; activated abilities are fast.
- "Playing Cards - Card Activation" / "Card Materialization" / "Abilities -
  Activated Abilities": announce (onto the stack), check elements (not for
  champions), choose a mode, declare targets, check legality, calculate and
  pay costs, then the player gains opportunity. Only legal plays are offered,
  so a refused play leaves the state untouched.
- "Abilities - Triggered Abilities": simultaneous triggers go on the stack
  turn player's first, each player choosing the order of their own; a trigger
  with no legal target for a required target is not put on the stack.
- "Playing Cards - Resolution, Checking Resolution": a layer whose required
  targets are not all still legal, or a champion that can no longer level up,
  fizzles; "up to" targets never make anything fizzle.
"""

from __future__ import annotations

from typing import Any

from gaenv.core.decisions import Decision, Option
from gaenv.core.program import Node
from gaenv.engine import (
    champions,
    combat,
    costs,
    decisions,
    effects,
    events,
    journal,
    rules,
    selectors,
    statics,
)
from gaenv.engine.objects import (
    BANISHMENT,
    FIELD,
    GRAVEYARD,
    HAND,
    LINEAGE,
    MATERIAL,
    MEMORY,
    STACK,
    Ability,
    CardDef,
    CardObj,
)
from gaenv.engine.selectors import Selector, board
from gaenv.engine.state import GameState, PlayFrame, ResolveFrame, StackItem
from gaenv.engine.zones import distinct_names, label

ACTIVATION = "activation"
MATERIALIZATION = "materialization"
TRIGGER = "trigger"
ABILITY = "ability"
_ABILITY_KINDS = frozenset({TRIGGER, ABILITY})  # layers that are an ability, not a card
_CARD_KINDS = frozenset({ACTIVATION, MATERIALIZATION})  # layers that are a card
BREW = 1  # ``Option.other`` of an "activate" option that brews the card ("brew NAME")

# Phases in which the turn player regains opportunity after a resolution empties
# the stack, once the phase's own window has begun ("Turn Order - Main Phase 4").
_REOPENING_PHASES = frozenset({"recollection", "main", "end"})


def open_window(state: GameState) -> None:
    """The turn player receives opportunity."""
    state.priority = state.turn_player
    state.passes = 0


def window_reopens(state: GameState) -> bool:
    if state.phase == "combat":
        return state.phase_stage in combat.WINDOW_STAGES
    return state.phase in _REOPENING_PHASES and state.phase_stage == 1


# --- what a layer is -------------------------------------------------------------------

def specs_of(state: GameState, item: StackItem) -> tuple[Selector, ...]:
    """The target selectors a stack layer declares, in order."""
    card = state.cards[item.card]
    if item.kind in _ABILITY_KINDS:
        return events.ability_of(state, item.card, item.ability).targets
    if item.mode >= 0:
        return card.defn.modes[item.mode][2]
    return card.defn.targets


def _effect_of(state: GameState, item: StackItem) -> tuple[Node, ...]:
    card = state.cards[item.card]
    if item.kind in _ABILITY_KINDS:
        return events.ability_of(state, item.card, item.ability).effect
    if item.kind == MATERIALIZATION:
        return ()
    if item.mode >= 0:
        return card.defn.modes[item.mode][1]
    return card.defn.effect


def _targets_exist(state: GameState, specs: tuple[Selector, ...], player: int, spell: bool,
                   source: int = -1) -> bool:
    """Every required target has a candidate ("up to" targets may stay empty)."""
    for spec in specs:
        if spec.mode == "target" and not effects.target_candidates(state, spec, player, spell,
                                                                   source):
            return False
    return True


def _castable(state: GameState, defn: CardDef, player: int) -> bool:
    """The card (or one of its modes) has every required target available."""
    if defn.modes:
        spell = "Spell" in defn.subtypes
        return any(_targets_exist(state, m[2], player, spell) for m in defn.modes)
    targets = defn.targets
    return not targets or _targets_exist(state, targets, player, "Spell" in defn.subtypes)


# --- what may be played ------------------------------------------------------------

def _empower_for(state: GameState, player: int, defn: CardDef) -> int:
    return state.players[player].empower if "Spell" in defn.subtypes else 0


def can_activate(state: GameState, player: int, cid: int, enabled: set[str],
                 brew: bool = False) -> bool:
    """Whether card ``cid`` in hand may be activated now (all activation steps legal),
    its speed aside: `opportunity_options` offers only fast actions outside the
    player's own main phase. With ``brew``: by its Brew cost, its ingredients sacrificed
    rather than its reserve cost paid ("Keywords - Brew 2")."""
    defn = state.cards[cid].defn
    if defn.is_champion or defn.element not in enabled:
        return False
    if defn.static_abilities and any(  # "Activate this card only ..."
            a.static is not None and a.static.op == "activation_limit"
            and not selectors.condition_met(state, a.requires, defn, player)
            for a in defn.static_abilities):
        return False
    if defn.type == "attack":
        # "Card Types - Attack": slow, and it rests the champion as an additional cost.
        champ = champions.champion(state, player)
        if champ < 0 or state.cards[champ].rested:
            return False
    if brew:
        if not defn.brew or not brew_choices(state, player, defn.brew):
            return False
    else:
        amount = costs.cost(state, player, defn, costs.RESERVE,
                            _empower_for(state, player, defn))
        if amount is None or not costs.can_pay_reserve(state, player, amount, cid):
            return False
        if defn.sacrifices and not brew_choices(state, player, defn.sacrifices):
            return False  # its additional cost: objects to sacrifice
    # Most cards declare no targets: nothing more to check.
    return not (defn.targets or defn.modes) or _castable(state, defn, player)


def imbued(item: StackItem, defn: CardDef) -> bool:
    """Whether the card of a stack layer is imbued: at least its Imbue N of the cards paid
    for its reserve cost share its element ("Keywords - Imbue N" 1 and 2)."""
    return defn.imbue > 0 and item.revealed >= defn.imbue


def brew_choices(state: GameState, player: int, needs: tuple[Any, ...]) -> list[int]:
    """The objects ``player`` controls that may be sacrificed as the first of the Brew
    ingredients ``needs`` (filters, one per object) so that the others can still be met
    by other objects (empty: it cannot be brewed now)."""
    field = state.players[player].zones[FIELD]

    def met(rest: tuple[Any, ...], used: frozenset[int]) -> bool:
        return not rest or any(
            cid not in used and selectors.matches(state, rest[0], cid, player)
            and met(rest[1:], used | {cid}) for cid in field)

    return [cid for cid in field if selectors.matches(state, needs[0], cid, player)
            and met(needs[1:], frozenset({cid}))]


def can_materialize(state: GameState, player: int, defn: CardDef, enabled: set[str]) -> bool:
    """Whether a material-deck card may be materialized now.

    Champions: a legal next level, elements ignored. Regalia: element enabled.
    A card without a memory cost cannot be materialized at all.
    """
    if defn.is_champion:
        if not champions.can_level_into(state, player, defn):
            return False
    elif not defn.is_regalia or defn.element not in enabled:
        return False
    amount = costs.cost(state, player, defn, costs.MEMORY_COST)
    if amount is None:
        return False
    return costs.can_pay_memory(state, player, amount) and _castable(state, defn, player)


def _ability_usable(state: GameState, player: int, card: CardObj, ability: Ability) -> bool:
    """"Abilities - Activated Abilities": costs payable, targets available, the source
    obeys ("Game Terms - Obedience"), its restriction met; a rest cost is the caller's to
    check (a rested object cannot pay it)."""
    cost = ability.cost
    cid = card.id
    if card.defn.type == "ally" and not combat.obeys(state, cid):
        return False
    if not statics.requirement_met(state, ability, card):
        return False
    if cost.get("sacrifices") and not brew_choices(state, player, cost["sacrifices"]):
        return False
    for key in ("remove_counters", "champion_counters"):
        spent = cost.get(key)
        if spent is not None:
            holder = cid if key == "remove_counters" else champions.champion(state, player)
            if holder < 0 or any(state.cards[holder].counters.get(kind, 0) < amount
                                 for kind, amount in spent.items()):
                return False
    reserve = costs.ability_reserve(state, player, cid, cost)
    if reserve:
        reservable = costs.reservable(state, player)
        helpers = len(reservable)
        if (cost.get("rest") or cost.get("sacrifice") or cost.get("banish")) \
                and cid in reservable:
            helpers -= 1  # the source itself is rested, sacrificed or banished as a cost
        if len(state.players[player].zones[HAND]) + helpers < reserve:
            return False
    targets = ability.targets
    return not targets or _targets_exist(state, targets, player, "Spell" in card.defn.subtypes,
                                         cid)


def opportunity_options(state: GameState, player: int) -> tuple[Option, ...]:
    """What the player holding opportunity may do: pass, activate a card from hand, use an
    object's activated ability, declare an attack."""
    # Slow player actions: the turn player's own main phase, stack empty.
    slow_ok = (player == state.turn_player and state.phase == "main" and state.phase_stage == 1
               and not state.stack)
    cards = state.cards
    options = [decisions.PASS]
    hand = state.players[player].zones[HAND]
    if not slow_ok:  # outside the player's own main phase only fast actions may be played
        fast: list[int] = []
        for cid in hand:
            defn = cards[cid].defn
            if defn.fast_action or (defn.fast_when and costs.has_keyword(
                    state, player, defn, "fast_activation")):  # "[Class Bonus] Fast Activation"
                fast.append(cid)
        hand = fast
    if hand:
        enabled = champions.elements(state, player)
        for cid in distinct_names(state, hand):
            if can_activate(state, player, cid, enabled):
                options.append(decisions.activate(cid, cards[cid].defn.name))
            if cards[cid].defn.brew and can_activate(state, player, cid, enabled, brew=True):
                options.append(Option("activate", f"brew {cards[cid].defn.name}", cid, -1,
                                      BREW))
    # The player's objects with activated abilities (champion first, then in entry order),
    # kept with the statics.
    for cid in (state.views.get("board") or board(state)).activatable[player]:
        card = cards[cid]
        defn = card.defn
        rested = card.rested
        for index in defn.activated:
            ability = defn.abilities[index]
            # A rested object cannot pay a rest cost: the common refusal, checked first.
            if not (rested and ability.cost.get("rest")) and (slow_ok or not ability.slow) \
                    and _ability_usable(state, player, card, ability):
                if index == defn.level_up:
                    options.append(decisions.level_up(cid, label(state, cid), index))
                else:
                    text = ability.text or f"ability {index + 1}"
                    options.append(decisions.use_ability(cid, label(state, cid), index, text))
    lineage = state.players[player].zones[LINEAGE]
    if lineage and cards[lineage[-1]].counters and cards[lineage[-1]].counters.get(
            "enlighten", 0) >= events.ENLIGHTEN_COST:
        # "Enlighten Counters 1": the ability the counters give the champion
        champ = lineage[-1]
        options.append(decisions.use_ability(champ, label(state, champ), events.ENLIGHTEN,
                                             events.COUNTER_ABILITIES[events.ENLIGHTEN].text))
    if slow_ok:
        options.extend(combat.attack_options(state, player))
    return tuple(options)


def materialize_options(state: GameState, player: int) -> list[Option]:
    enabled = champions.elements(state, player)
    cards = state.cards
    options: list[Option] = []
    for cid in state.players[player].zones[MATERIAL]:
        defn = cards[cid].defn
        if can_materialize(state, player, defn, enabled):
            options.append(decisions.materialize(cid, defn.name))
    return options + effects.preserved_options(state, player)


# --- putting things onto the stack ---------------------------------------------------

def announce(state: GameState, player: int, cid: int, kind: str, brew: bool = False) -> None:
    """Put a card onto the stack and start choosing its mode, targets and costs (with
    ``brew``, its Brew ingredients rather than its reserve cost)."""
    defn = state.cards[cid].defn
    journal.move(state, cid, STACK, controller=player)
    item = StackItem(kind, cid, player)
    item.brewed = brew
    if kind == ACTIVATION:
        item.empower = _empower_for(state, player, defn)
        state.players[player].empower -= item.empower
        if defn.type == "attack":
            journal.rest(state, champions.champion(state, player))
    state.stack.append(item)
    state.frames.append(PlayFrame(len(state.stack) - 1, "mode" if defn.modes else "targets"))
    state.priority = -1


def use_ability(state: GameState, player: int, cid: int, index: int) -> None:
    """Activate an object's ability: rest, sacrifice or banish costs now, then targets and
    reserve."""
    card = state.cards[cid]
    ability = events.ability_of(state, cid, index)
    state.stack.append(StackItem(ABILITY, cid, player, index, card.oid))
    if ability.cost.get("rest"):
        journal.rest(state, cid)
    for kind, amount in ability.cost.get("remove_counters", {}).items():
        journal.counters(state, cid, kind, -amount)
    for kind, amount in ability.cost.get("champion_counters", {}).items():
        # from its controller's champion: "Preparation Counters 2"
        journal.counters(state, champions.champion(state, player), kind, -amount)
    if ability.cost.get("sacrifice"):
        rules.sacrifice(state, cid)
    if ability.cost.get("banish"):  # "Banish this": to its owner's banishment
        journal.move(state, cid, BANISHMENT)
    state.frames.append(PlayFrame(len(state.stack) - 1, "targets"))
    state.priority = -1


def put_triggers(state: GameState) -> Decision | None:
    """Put pending triggers onto the stack: the turn player's first, each player ordering
    their own when they differ (an ``order_triggers`` decision), then open opportunity."""
    pending = state.pending_triggers
    cards = state.cards
    for player in (state.turn_player, 1 - state.turn_player):
        mine: list[int] = []
        for i, trigger in enumerate(pending):
            if trigger[2] == player:
                mine.append(i)
        if not mine:
            continue
        groups: dict[tuple[str, int | str], int] = {}
        for i in mine:
            groups.setdefault((cards[pending[i][0]].defn.name, pending[i][1]), i)
        if len(groups) > 1:
            options = []
            for i in groups.values():
                card = cards[pending[i][0]]
                ability = events.ability_of(state, card.id, pending[i][1])
                when = ability.trigger.name if ability.trigger is not None else ""
                options.append(decisions.stack_trigger(i, card.defn.name,
                                                       ability.text or when))
            return Decision(player, decisions.ORDER_TRIGGERS, tuple(options))
        for i in mine:
            _push_trigger(state, pending[i])
        state.pending_triggers = pending = [t for t in pending if t[2] != player]
    open_window(state)
    return None


def stack_chosen_trigger(state: GameState, index: int) -> None:
    """The answer to ``order_triggers``: that trigger goes onto the stack next."""
    _push_trigger(state, state.pending_triggers.pop(index))


def _push_trigger(state: GameState,
                  trigger: tuple[int, int | str, int, int, int, int]) -> None:
    cid, ability, controller, oid, about, about_oid = trigger
    item = StackItem(TRIGGER, cid, controller, ability, oid, about, about_oid)
    specs = specs_of(state, item)
    if not _targets_exist(state, specs, controller, effects.is_spell(state, cid),
                          effects.source_of(state, item)):
        return
    state.stack.append(item)
    if specs:
        state.frames.append(PlayFrame(len(state.stack) - 1, "targets"))


def _target_options(state: GameState, spec: Selector, player: int, spell: bool,
                    source: int, taken: list[int]) -> tuple[Option, ...]:
    """The objects a target may name; with the filter key ``distinct``, not those the
    card or ability already targets (``taken``: oids), "up to two target allies" being two
    different allies ("Game Mechanics - Objects and Targeting")."""
    cards = state.cards
    options: list[Option] = [decisions.NO_TARGET] if spec.mode == "up_to" else []
    for cid in effects.target_candidates(state, spec, player, spell, source):
        if not (spec.filter.get("distinct") and cards[cid].oid in taken):
            options.append(decisions.target(cid, label(state, cid), cards[cid].controller))
    return tuple(options)


def play_step(state: GameState, frame: PlayFrame, answer: Option | None) -> Decision | None:
    """Advance a play through mode, targets and costs; the Decision it needs, or None."""
    item = state.stack[frame.depth]
    player = item.controller
    cards = state.cards
    defn = cards[item.card].defn
    if frame.stage == "mode":
        if answer is None:
            spell = "Spell" in defn.subtypes
            options = tuple(decisions.mode(i, text) for i, (text, _, specs) in
                            enumerate(defn.modes) if _targets_exist(state, specs, player, spell))
            return Decision(player, decisions.CHOOSE_MODE, options, item.card)
        item.mode = answer.card
        answer = None
        frame.stage = "targets"
    if frame.stage == "targets":
        if answer is not None:
            spec = specs_of(state, item)[len(item.targets)]
            item.targets.append(effects.declared(state, spec, answer.card)
                                if answer.verb == "target" else -1)
            answer = None
        specs = specs_of(state, item)
        if len(item.targets) < len(specs):
            spec = specs[len(item.targets)]
            return Decision(player, decisions.CHOOSE_TARGET, _target_options(
                state, spec, player, effects.is_spell(state, item.card),
                effects.source_of(state, item), item.targets), item.card)
        if item.kind == TRIGGER:
            state.frames.pop()
            return None
        if item.brewed:  # "Keywords - Brew 3": reserve cost modifiers are ignored
            frame.stage = "brew"
        elif item.kind == ACTIVATION:
            frame.reserve_left = costs.cost(state, player, defn, costs.RESERVE, item.empower) or 0
            if defn.sacrifices:  # an additional cost: sacrificed as Brew's ingredients are
                frame.stage = "brew"
        elif item.kind == ABILITY:
            cost = events.ability_of(state, item.card, item.ability).cost
            frame.reserve_left = costs.ability_reserve(state, player, item.card, cost)
            if cost.get("sacrifices"):  # other objects to sacrifice: "Sacrifice three Herbs:"
                frame.stage = "brew"
        else:
            frame.memory_left = costs.cost(state, player, defn, costs.MEMORY_COST) or 0
        if frame.stage != "brew":
            frame.stage = "reserve"
    if frame.stage == "brew":  # sacrifice the ingredients (or those of an additional
        needs = (defn.brew if item.brewed else defn.sacrifices if item.kind == ACTIVATION
                 else events.ability_of(state, item.card, item.ability).cost["sacrifices"])
        # (of an ability's cost: its objects to sacrifice), one decision each
        if answer is not None:
            rules.sacrifice(state, answer.card)
            frame.sacrificed += 1
            answer = None
        if frame.sacrificed < len(needs):
            choices = brew_choices(state, player, needs[frame.sacrificed:])
            return Decision(player, decisions.CHOOSE_CARD, tuple(
                decisions.choose(c, label(state, c)) for c in choices), item.card)
        frame.stage = "reserve"
    if frame.stage == "reserve":
        if answer is not None:
            if answer.verb != "rest" and cards[answer.card].defn.element == defn.element:
                item.revealed += 1  # a card of its element revealed as paid: Imbue
            costs.pay_one_reserve(state, answer)
            frame.reserve_left -= 1
            answer = None
        if frame.reserve_left > 0:
            return Decision(player, decisions.PAY_RESERVE, costs.reserve_options(state, player),
                            item.card)
        frame.stage = "prepare" if item.kind == ACTIVATION and defn.prepare else "memory"
    if frame.stage == "prepare":
        # "Keywords - Prepare N 1": an optional additional cost, offered when the champion
        # has the counters; paid, the card becomes prepared as it is activated
        champ = champions.champion(state, player)
        if answer is None and champ >= 0 and state.cards[champ].counters.get(
                "preparation", 0) >= defn.prepare:
            return Decision(player, decisions.YES_NO, (decisions.YES, decisions.NO), item.card)
        if answer is not None and answer.verb == "yes":
            journal.counters(state, champ, "preparation", -defn.prepare)
            item.prepared = True
        answer = None
        frame.stage = "memory"
    decision, frame.memory_left = memory_step(state, player, frame.memory_left, answer,
                                              item.card)
    if decision is not None:
        return decision
    state.frames.pop()
    if item.kind == ACTIVATION:  # "Card Activation 9": now it is activated
        journal.use_lasting(state, item.card, player)
        state.players[player].activated.append(item.card)
        journal.emit(state, "activated", item.card, player)
    elif item.kind == MATERIALIZATION:  # "Card Materialization 9": now it is materialized
        journal.emit(state, "materialized", item.card, player)
    state.priority = player
    state.passes = 0
    return None


def memory_step(state: GameState, player: int, left: int, answer: Option | None,
                about: int) -> tuple[Decision | None, int]:
    """Pay ``left`` of a memory cost, one answer at a time ("Playing Cards - Costs and
    Memory"): a Floating Memory card banished from the graveyard pays 1 (chosen before
    the random part), the rest comes from memory at random. Returns the decision still
    needed (None when paid) and what is left."""
    if answer is not None:
        if answer.verb == "banish":
            journal.move(state, answer.card, BANISHMENT)
            left -= 1
        else:
            costs.pay_random_memory(state, player, left)
            left = 0
    if left > 0:
        floating = distinct_names(state, costs.floating_memory(state, player))
        if floating:
            options = [decisions.banish_floating(c, state.cards[c].defn.name) for c in floating]
            if len(state.players[player].zones[MEMORY]) >= left:
                options.append(decisions.PAY_RANDOM)
            return Decision(player, decisions.PAY_MEMORY, tuple(options), about), left
        costs.pay_random_memory(state, player, left)
    return None, 0


def materialize_by_effect(state: GameState, player: int, cid: int) -> int:
    """An effect lets ``player`` materialize card ``cid`` (it has no targets or modes): it
    goes onto the effects stack as a materialization, above what is there ("Playing Cards
    - Card Materialization": permission from an effect); returns its memory cost, which
    the effect has them pay (`memory_step`)."""
    journal.move(state, cid, STACK, controller=player)
    state.stack.append(StackItem(MATERIALIZATION, cid, player))
    return costs.cost(state, player, state.cards[cid].defn, costs.MEMORY_COST) or 0


def materializable(state: GameState, player: int, flt: Any) -> list[int]:
    """The cards of the player's material deck an effect may let them materialize: those
    matching the filter that `can_materialize` allows, without targets or modes."""
    enabled = champions.elements(state, player)
    return [cid for cid in state.players[player].zones[MATERIAL]
            if selectors.printed(flt, (defn := state.cards[cid].defn), player, player)
            and not (defn.targets or defn.modes)
            and can_materialize(state, player, defn, enabled)]


# --- passing and resolving ---------------------------------------------------------

def pass_opportunity(state: GameState) -> None:
    count = len(state.players)
    state.passes += 1
    if state.passes < count:
        state.priority = (state.priority + 1) % count
        return
    state.passes = 0
    state.priority = -1
    if state.stack:
        begin_resolution(state)


def _still_legal(state: GameState, item: StackItem) -> bool:
    """"Playing Cards - Resolution, Checking Resolution" 1, 3 and 4; and a `trigger:`
    ability's condition (its intervening "if"), which must still hold as it resolves
    ("Abilities - Triggered Abilities 1"; the keyworded On Enter and the like keep a
    restriction checked only as they trigger)."""
    if item.kind == TRIGGER and isinstance(item.ability, int):
        ability = state.cards[item.card].defn.abilities[item.ability]
        if ability.requires and ability.trigger is not None and \
                ability.trigger.name == "whenever" and not statics.requirement_met(
                    state, ability, state.cards[item.card], controller=item.controller):
            return False
    spell = effects.is_spell(state, item.card)
    source = effects.source_of(state, item)
    for spec, oid in zip(specs_of(state, item), item.targets, strict=True):
        if spec.mode == "target" and not effects.is_legal_target(
                state, spec, oid, item.controller, spell, source):
            return False
    defn = state.cards[item.card].defn
    return not (item.kind == MATERIALIZATION and defn.is_champion
                and not champions.can_level_into(state, item.controller, defn))


def begin_resolution(state: GameState) -> None:
    item = state.stack.pop()
    if not _still_legal(state, item):
        if item.kind in _CARD_KINDS:
            journal.move(state, item.card, GRAVEYARD)
        after_resolution(state)
        return
    defn = state.cards[item.card].defn
    if item.kind == ACTIVATION and (defn.imbue or defn.prepare) and not defn.becomes_object:
        # an action or attack with Imbue or Prepare knows it as it resolves, and an attack
        # in the intent for its triggers ("Keywords - Imbue N 2", "Keywords - Prepare N
        # 2"; objects as they enter)
        journal.activated_as(state, item.card, item.brewed, imbued(item, defn), item.prepared)
    state.frames.append(ResolveFrame(item, _effect_of(state, item)))


def resolve_step(state: GameState, frame: ResolveFrame, answer: Option | None) -> Decision | None:
    decision = effects.run(state, frame, answer)
    if decision is not None:
        return decision
    state.frames.pop()
    item = frame.item
    if item.kind in _CARD_KINDS:
        defn = state.cards[item.card].defn
        if defn.is_champion:
            champions.level_up(state, item.controller, item.card)
        elif defn.type == "attack":
            combat.attack_card_resolves(state, item.controller, item.card)
        elif defn.becomes_object:
            journal.move(state, item.card, FIELD, controller=item.controller)
            if state.cards[item.card].zone == FIELD and (item.brewed or imbued(item, defn)):
                journal.activated_as(state, item.card, item.brewed, imbued(item, defn))
            if defn.link is not None and state.cards[item.card].zone == FIELD:
                journal.link(state, item.card, item.targets[-1])  # its link target
        elif defn.preserve:  # "Preserve/Preserved 2": a replacement as it resolves
            effects.preserve_card(state, item.card)
        else:
            journal.move(state, item.card, GRAVEYARD)
    after_resolution(state)
    return None


def after_resolution(state: GameState) -> None:
    if state.stack or window_reopens(state):
        open_window(state)
    else:
        state.priority = -1
