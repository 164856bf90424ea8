"""The effects stack and opportunity; playing cards; resolving layers.

Rules:
- "Game Zones - Effects Stack": last in, first out.
- "Timing and Permissions - Opportunity": after playing something its player
  keeps opportunity (8a); passing hands opportunity to the next player in
  turn order (3); when every player has passed in succession the top layer
  resolves (5) and the turn player receives opportunity (8); when every player
  passes on an empty stack the phase goes on.
- "Timing and Permissions - Fast vs Slow": slow actions only for the turn
  player in their main phase with an empty stack (1-2); fast ones whenever
  the player holds opportunity (3).
- "Playing Cards - Card Activation" / "Card Materialization": announce (the
  card goes onto the stack), check elements (not for champions), declare
  targets, check legality, calculate and pay costs, then the player gains
  opportunity. Only legal plays are ever offered, so a refused play leaves
  the state untouched.
- "Playing Cards - Resolution" and "Checking Resolution": a layer whose
  declared targets are no longer all legal, or a champion that can no longer
  level up, fizzles.
"""

from __future__ import annotations

from gaenv.engine import champions, costs, decisions, effects
from gaenv.engine.decisions import Decision, Option
from gaenv.engine.objects import (
    BANISHMENT,
    FIELD,
    GRAVEYARD,
    HAND,
    MATERIAL,
    MEMORY,
    STACK,
    CardDef,
)
from gaenv.engine.state import GameState, PlayFrame, ResolveFrame, StackItem
from gaenv.engine.zones import move_card

ACTIVATION = "activation"
MATERIALIZATION = "materialization"
TRIGGER = "trigger"

# Phases in which the turn player regains opportunity after a resolution empties
# the stack, once the phase's own window has begun ("Turn Order - Main Phase 4").
_REOPENING_PHASES = frozenset({"recollection", "main", "end"})


def open_window(state: GameState) -> None:
    """The turn player receives opportunity."""
    state.priority = state.turn_player
    state.passes = 0


# --- what may be played ------------------------------------------------------------

def slow_allowed(state: GameState, player: int) -> bool:
    """Slow player actions: the turn player's own main phase, stack empty."""
    return (player == state.turn_player and state.phase == "main" and state.phase_stage == 1
            and not state.stack)


def _targets_exist(state: GameState, specs: tuple[str, ...]) -> bool:
    return all(effects.target_candidates(state, spec) for spec in specs)


def can_activate(state: GameState, player: int, cid: int, enabled: set[str],
                 slow_ok: bool) -> bool:
    """Whether card ``cid`` in hand may be activated now (all activation steps legal)."""
    defn = state.cards[cid].defn
    if defn.type == "attack" or defn.is_champion:
        # Attack cards need the combat phase, which the engine does not run yet.
        return False
    if (defn.type != "action" or defn.speed == "slow") and not slow_ok:
        return False
    if defn.element not in enabled:
        return False
    amount = costs.cost(state, player, defn, costs.RESERVE)
    if amount is None or not costs.can_pay_reserve(state, player, amount, cid):
        return False
    return _targets_exist(state, defn.targets)


def can_materialize(state: GameState, player: int, defn: CardDef, enabled: set[str]) -> bool:
    """Whether a material-deck card may be materialized now.

    Champions: a legal next level, elements ignored. Regalia: element enabled.
    A card without a memory cost cannot be materialized at all.
    """
    amount = costs.cost(state, player, defn, costs.MEMORY_COST)
    if amount is None:
        return False
    if defn.is_champion:
        if not champions.can_level_into(state, player, defn):
            return False
    elif not defn.is_regalia or defn.element not in enabled:
        return False
    return costs.can_pay_memory(state, player, amount) and _targets_exist(state, defn.targets)


def _distinct(state: GameState, cids: list[int]) -> list[int]:
    """One card per name: cards in hand, graveyard or material deck carry no state."""
    seen: set[str] = set()
    out = []
    for cid in cids:
        name = state.cards[cid].defn.name
        if name not in seen:
            seen.add(name)
            out.append(cid)
    return out


def opportunity_options(state: GameState, player: int) -> tuple[Option, ...]:
    enabled = champions.elements(state, player)
    slow_ok = slow_allowed(state, player)
    hand = state.players[player].zones[HAND]
    cards = state.cards
    options = [decisions.PASS]
    for cid in _distinct(state, hand):
        if can_activate(state, player, cid, enabled, slow_ok):
            options.append(decisions.activate(cid, cards[cid].defn.name))
    return tuple(options)


def materialize_options(state: GameState, player: int) -> list[Option]:
    enabled = champions.elements(state, player)
    cards = state.cards
    return [decisions.materialize(cid, cards[cid].defn.name)
            for cid in state.players[player].zones[MATERIAL]
            if can_materialize(state, player, cards[cid].defn, enabled)]


# --- putting things onto the stack ---------------------------------------------------

def announce(state: GameState, player: int, cid: int, kind: str) -> None:
    """Put a card onto the stack and start declaring its targets and costs."""
    move_card(state, cid, STACK)
    state.stack.append(StackItem(kind, cid, player))
    state.frames.append(PlayFrame(len(state.stack) - 1, "targets"))
    state.priority = -1


def put_triggers(state: GameState) -> None:
    """Pending triggers onto the stack: the turn player's first, each in firing order.

    A trigger that needs a target when none exists is not put on the stack.
    """
    pending = state.pending_triggers
    state.pending_triggers = []
    tp = state.turn_player
    ordered = [t for t in pending if t[2] == tp] + [t for t in pending if t[2] != tp]
    for cid, index, controller, oid in ordered:
        ability = state.cards[cid].defn.abilities[index]
        specs = _specs(state, StackItem(TRIGGER, cid, controller, index))
        if not _targets_exist(state, specs):
            continue
        state.stack.append(StackItem(TRIGGER, cid, controller, index, oid))
        if ability.effect and specs:
            state.frames.append(PlayFrame(len(state.stack) - 1, "targets"))
    open_window(state)


def _specs(state: GameState, item: StackItem) -> tuple[str, ...]:
    defn = state.cards[item.card].defn
    if item.kind == TRIGGER:
        return defn.abilities[item.ability].targets
    return defn.targets


def _target_options(state: GameState, spec: str) -> tuple[Option, ...]:
    cards = state.cards
    candidates = effects.target_candidates(state, spec)
    options = []
    for cid in candidates:
        card = cards[cid]
        same = [c for c in candidates
                if cards[c].owner == card.owner and cards[c].defn.name == card.defn.name]
        ordinal = same.index(cid) + 1 if len(same) > 1 else 0
        options.append(decisions.target(cid, card.defn.name, card.owner, ordinal))
    return tuple(options)


def play_step(state: GameState, frame: PlayFrame, answer: Option | None) -> Decision | None:
    """Advance a play through targets and costs; the Decision it needs, or None when done."""
    item = state.stack[frame.depth]
    player = item.controller
    cards = state.cards
    if frame.stage == "targets":
        if answer is not None:
            item.targets.append(cards[answer.card].oid)
            answer = None
        specs = _specs(state, item)
        if len(item.targets) < len(specs):
            return Decision(player, decisions.CHOOSE_TARGET,
                            _target_options(state, specs[len(item.targets)]), item.card)
        if item.kind == TRIGGER:
            state.frames.pop()
            return None
        defn = cards[item.card].defn
        if item.kind == ACTIVATION:
            frame.reserve_left = costs.cost(state, player, defn, costs.RESERVE) or 0
        else:
            frame.memory_left = costs.cost(state, player, defn, costs.MEMORY_COST) or 0
        frame.stage = "reserve"
    if frame.stage == "reserve":
        if answer is not None:
            move_card(state, answer.card, MEMORY)
            frame.reserve_left -= 1
            answer = None
        if frame.reserve_left > 0:
            hand = _distinct(state, state.players[player].zones[HAND])
            return Decision(player, decisions.PAY_RESERVE,
                            tuple(decisions.pay_with(c, cards[c].defn.name) for c in hand),
                            item.card)
        frame.stage = "memory"
    if answer is not None:
        if answer.verb == "banish":
            move_card(state, answer.card, BANISHMENT)
            frame.memory_left -= 1
        else:
            costs.pay_random_memory(state, player, frame.memory_left)
            frame.memory_left = 0
    if frame.memory_left > 0:
        floating = _distinct(state, costs.floating_memory(state, player))
        if floating:
            options = [decisions.banish_floating(c, cards[c].defn.name) for c in floating]
            if len(state.players[player].zones[MEMORY]) >= frame.memory_left:
                options.append(decisions.PAY_RANDOM)
            return Decision(player, decisions.PAY_MEMORY, tuple(options), item.card)
        costs.pay_random_memory(state, player, frame.memory_left)
        frame.memory_left = 0
    state.frames.pop()
    state.priority = player
    state.passes = 0
    return None


# --- passing and resolving ---------------------------------------------------------

def pass_opportunity(state: GameState) -> None:
    state.passes += 1
    if state.passes < len(state.players):
        state.priority = (state.priority + 1) % len(state.players)
        return
    state.passes = 0
    state.priority = -1
    if state.stack:
        begin_resolution(state)


def _still_legal(state: GameState, item: StackItem) -> bool:
    """"Playing Cards - Resolution, Checking Resolution" 1 and 4."""
    specs = _specs(state, item)
    if not all(effects.is_legal_target(state, spec, oid) for spec, oid in zip(specs, item.targets,
                                                                                strict=True)):
        return False
    defn = state.cards[item.card].defn
    return not (item.kind == MATERIALIZATION and defn.is_champion
                and not champions.can_level_into(state, item.controller, defn))


def begin_resolution(state: GameState) -> None:
    item = state.stack.pop()
    if not _still_legal(state, item):
        if item.kind != TRIGGER:
            move_card(state, item.card, GRAVEYARD)
        after_resolution(state)
        return
    defn = state.cards[item.card].defn
    if item.kind == TRIGGER:
        queue = defn.abilities[item.ability].effect
    elif item.kind == ACTIVATION:
        queue = defn.effect
    else:
        queue = ()
    state.frames.append(ResolveFrame(item, queue))


def resolve_step(state: GameState, frame: ResolveFrame, answer: Option | None) -> Decision | None:
    decision = effects.run(state, frame, answer)
    if decision is not None:
        return decision
    state.frames.pop()
    item = frame.item
    if item.kind != TRIGGER:
        defn = state.cards[item.card].defn
        if defn.is_champion:
            champions.level_up(state, item.controller, item.card)
        elif defn.becomes_object:
            move_card(state, item.card, FIELD)
        else:
            move_card(state, item.card, GRAVEYARD)
    after_resolution(state)
    return None


def after_resolution(state: GameState) -> None:
    if state.stack or (state.phase in _REOPENING_PHASES and state.phase_stage == 1):
        open_window(state)
    else:
        state.priority = -1
