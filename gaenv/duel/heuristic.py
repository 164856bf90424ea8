"""The duel's scripted player (docs/agents.md, "The duel"): it scores every legal option
and takes the best (ties: the first of the engine's options). It is part of the duel's
game knowledge, beside its rules: the `heuristic` agent plays it, and the environment's
``advice`` piece marks its pick.

Scores come from the card data, not from card names: an effect is worth what its steps
do (`effect_worth`: damage to the opponent's champions, healing of its own, cards drawn,
champions taken or revived, Equipment removed, less what its costs give up), and an
Equipment on the field what its passive and abilities promise (`equipment_worth`). On its
action it takes the best of drawing, Spells, equips and activations; in a trigger window
it takes a trigger worth more than nothing; when a resolving effect asks for a target, it
reads the steps that follow the choice (harm goes to the opponent, help to itself, a kill
first). It never draws from an empty deck while another action is open (DUEL 11.2).

It reads only what its seat may know (DUEL 2.8): its own hand, both Graves, the field as
its seat sees it (a facedown card it may not look at is "a card", `rules.may_look`),
counts of the opponent's hand and deck, and the effect being resolved (public).
"""

from __future__ import annotations

from collections.abc import Iterable

from gaenv.core.decisions import Decision, Option
from gaenv.core.program import Node
from gaenv.duel import options as opt
from gaenv.duel import rules
from gaenv.duel.cards import DuelCard
from gaenv.duel.game import DuelGame
from gaenv.duel.state import HAND, Champ, DuelState, Program

DRAW_WORTH = 0.8      # one card drawn (the baseline action)
CARD_WORTH = 0.5      # a card spent from hand
LOW_DECK = 8          # below this many cards left after a draw, drawing is worth less,
LOW_DRAW = -2.0       # down to this for the last card
KILL_BONUS = 3.0      # a hit that defeats a champion
# Steps that hurt what was chosen before them: the target goes to the opponent.
HARMFUL = frozenset({"deal", "destroy_target", "return_target", "flip_target_facedown",
                     "take_control", "compel"})


def choose(game: DuelGame) -> Option:
    """The heuristic's answer to the game's current decision (`pick`)."""
    decision = game.decision
    assert decision is not None
    return pick(game.state, decision)


def pick(state: DuelState, decision: Decision) -> Option:
    """The option of ``decision`` that `score` rates highest, the earliest of the engine's
    options on a tie."""
    return max(decision.options, key=lambda o: score(state, decision, o))


def score(state: DuelState, decision: Decision, option: Option) -> float:
    """How much the heuristic likes ``option`` (higher is better)."""
    me = decision.player
    verb = option.verb
    if verb in ("pass", "done", "no"):
        return 0.0
    if verb == "concede":
        return -100.0
    if verb in ("offer", "yes"):  # an offered draw: only when losing clearly
        return 1.0 if side_worth(state, me) < side_worth(state, 1 - me) - 8 else -1.0
    if decision.kind == opt.ACTION:
        return _action(state, me, option)
    if decision.kind == opt.TRIGGER_WINDOW:
        return _trigger(state, me, option)
    if decision.kind == opt.WOULD_WINDOW:  # Aegis (6.10): its card, resolving at once
        return 0.1 + max(effect_worth(state, me, t.effect)
                         for t in state.cards[option.card].defn.triggers
                         if t.when == "would_be_dealt_damage")
    if decision.kind == opt.CHOOSE_TARGET:
        return _target(state, me, option)
    if decision.kind == opt.CHOOSE_MODE:
        return _mode(state, me, option)
    if decision.kind == opt.CHOOSE_CARD:
        return _card(state, me, option)
    if decision.kind == opt.CHOOSE_SLOT:
        return _equip(state, me, option)
    return 0.0


# --- what a position and an effect are worth --------------------------------------------------

def side_worth(state: DuelState, player: int) -> float:
    """The player's public strength: health on the field (tens), champions, Equipment."""
    worth = 0.0
    for champ in rules.on_field(state, player):
        worth += max(rules.health(state, champ), 0) / 10 + 4.0
        worth += sum(1.0 for _ in rules.equipment(state, champ))
    return worth


def _opponents(state: DuelState, me: int) -> list[Champ]:
    return rules.on_field(state, 1 - me)


def _damage_taken(state: DuelState, me: int) -> list[int]:
    return [rules.max_health(state, ch) - rules.health(state, ch)
            for ch in rules.on_field(state, me)]


def _hit_worth(state: DuelState, champ: Champ, amount: int) -> float:
    """A hit of ``amount`` on ``champ``: health removed (tens), a kill bonus."""
    reduced = max(amount - rules.passive(state.cards[champ.card]).get("reduce_damage", 0), 0)
    left = rules.health(state, champ)
    return min(reduced, max(left, 0)) / 10 + (KILL_BONUS if reduced >= left else 0.0)


def _best_hit(state: DuelState, me: int, amount: int) -> float:
    return max((_hit_worth(state, ch, amount) for ch in _opponents(state, me)), default=0.0)


def effect_worth(state: DuelState, me: int, steps: Iterable[Node], sent: int = 1) -> float:
    """What carrying out ``steps`` for ``me`` is worth now (``sent``: the cards a cost
    sends, for damage ``per_sent``)."""
    worth = 0.0
    for step in steps:
        name, args = step.op, step.args
        if name == "deal":
            amount = args.get("amount", 0) * (sent if args.get("per_sent") else 1)
            if args.get("to") == "each_opponent":
                worth += sum(_hit_worth(state, ch, amount) for ch in _opponents(state, me))
            else:
                worth += _best_hit(state, me, amount)
        elif name == "heal":
            taken = _damage_taken(state, me) or [0]
            amount = args.get("amount", 0)
            healed = (sum(min(t, amount) for t in taken) if args.get("to") == "each_yours"
                      else min(max(taken), amount))
            worth += healed / 10
        elif name == "draw":
            worth += _draw_worth(state, me, args)
        elif name == "take_control":
            worth += max((rules.health(state, ch) / 10 + 4.0 for ch in _opponents(state, me)),
                         default=0.0)
        elif name in ("revive_this", "revive_chosen"):
            worth += 6.0
        elif name in ("destroy_target", "return_target", "flip_target_facedown"):
            worth += 2.0 if any(rules.equipment(state, ch) for ch in _opponents(state, me)) else 0
        elif name == "destroy_all_equipment":
            mine = sum(len(rules.equipment(state, ch)) for ch in rules.on_field(state, me))
            theirs = sum(len(rules.equipment(state, ch)) for ch in _opponents(state, me))
            worth += 1.5 * (theirs - mine)
        elif name in ("return_chosen", "equip_from", "copy_last_spell", "negate_answered"):
            worth += 2.0
        elif name == "create":
            worth += 1.5 if args != "this" else -CARD_WORTH
        elif name == "activate_spells":
            worth += 1.0
        elif name == "shuffle_from_grave":  # cards back into a short deck (11.2)
            back = min(args, len(state.players[me].grave))
            worth += 0.5 if len(state.players[me].deck) >= 2 * LOW_DECK else 0.4 * back
        elif name in ("mill", "compel", "prevent_hit"):
            worth += 0.5
        elif name == "mode":
            worth += max(effect_worth(state, me, branch, sent) for branch in args.values())
        elif name in ("send_all_equipment", "send_one_equipment", "destroy_this"):
            worth -= 1.0
    return worth


def _draw_worth(state: DuelState, me: int, count: int) -> float:
    """Cards drawn help, less as the deck runs low (a player who must draw from an empty
    deck loses, 11.2), and never past its end."""
    deck = len(state.players[me].deck)
    if deck < count:
        return -100.0
    left = deck - count
    return DRAW_WORTH * count if left >= LOW_DECK else LOW_DRAW + (
        DRAW_WORTH * count - LOW_DRAW) * left / LOW_DECK


def equipment_worth(state: DuelState, me: int, defn: DuelCard, champ: Champ) -> float:
    """What ``defn`` face up on ``champ`` promises ``me``: its passive (max health counts
    for whoever controls the champion; Quarter Pillars more as they add up, 11.4) and a
    share of what its abilities do."""
    passive = dict(defn.passive or defn.equipped_passive)
    sign = 1.0 if champ.controller == me else -1.0
    worth = sign * passive.get("max_health", 0) / 10
    if passive.get("win_with") and champ.controller == me:
        worth += 3.0 + 2.0 * _pillars(state, me, defn.name)
    if defn.activated is not None and defn.type == "equipment":  # a Spell's is from hand only
        worth += 0.6 * max(effect_worth(state, me, defn.activated.effect), 0.5)
    worth += 0.3 * len(defn.triggers)
    return worth


def _pillars(state: DuelState, me: int, name: str) -> int:
    return sum(1 for ch in rules.on_field(state, me) for cid in rules.equipment(state, ch)
               if not state.cards[cid].facedown and state.cards[cid].defn.name == name)


# --- each kind of decision --------------------------------------------------------------------

def _action(state: DuelState, me: int, option: Option) -> float:
    if option.verb == "draw":
        return _draw_worth(state, me, 1)
    if option.verb == "equip":
        return _equip(state, me, option)
    card = state.cards[option.card]
    ability = card.defn.activated
    assert ability is not None
    sent = 1
    champ = next((ch for ch in state.champs if ch.card == option.card and ch.on_field), None)
    if champ is not None and any(s.op == "send_all_equipment" for s in ability.cost):
        sent = len(rules.equipment(state, champ))
    worth = effect_worth(state, me, (*ability.cost, *ability.effect), sent)
    if card.zone == HAND and all(s.op != "return_this" for s in ability.effect):
        worth -= CARD_WORTH
    return worth


def _equip(state: DuelState, me: int, option: Option) -> float:
    """An equip (an action or an effect's slot choice): the card's worth there, less a
    card from hand; a facedown card promises only its slot, and the sturdier champion
    keeps it longer."""
    oid, _ = opt.slot_of(option.other)
    champ = state.champs[oid]
    facedown = "facedown" in option.text
    defn = state.cards[option.card].defn
    worth = 0.2 if facedown else equipment_worth(state, me, defn, champ)
    return worth - CARD_WORTH + rules.health(state, champ) / 1000


def _trigger(state: DuelState, me: int, option: Option) -> float:
    """A trigger chance (the option's ``card`` is the chance's uid, 6.5)."""
    chance = next(ch for ch in state.chances if ch.uid == option.card)
    trigger = state.cards[chance.card].defn.triggers[chance.trigger]
    return 0.1 + effect_worth(state, me, trigger.effect)


def _program(state: DuelState) -> Program | None:
    frame = state.frames[-1] if state.frames else None
    return frame if isinstance(frame, Program) else None


def _following(state: DuelState) -> tuple[Node, ...]:
    """The steps after the one asking now, up to the next target choice."""
    frame = _program(state)
    if frame is None:
        return ()
    rest = []
    for step in frame.steps[frame.pc + 1:]:
        if step.op == "target":
            break
        rest.append(step)
    return tuple(rest)


def _target(state: DuelState, me: int, option: Option) -> float:
    """A champion or an Equipment: harmful steps follow -> the opponent's (a kill, then the
    least health left), otherwise its own (the most hurt); a cost (Magma Slug) sends the
    Equipment worth least."""
    frame = _program(state)
    following = _following(state)
    names = [s.op for s in following]
    mine = option.player == me
    if frame is not None and not frame.resolving:  # a cost: give up the least
        return -_field_card_worth(state, me, option.card)
    if _is_champion_target(state):
        champ = state.champs[option.card]
        if "deal" in names:
            amount = next(s.args.get("amount", 0) for s in following if s.op == "deal")
            hit = _hit_worth(state, champ, amount)
            return -hit if mine else hit
        if "take_control" in names:
            return rules.health(state, champ) / 10
        taken = rules.max_health(state, champ) - rules.health(state, champ)
        return taken / 10 if mine else -taken / 10
    worth = _field_card_worth(state, me, option.card)
    harmful = any(n in HARMFUL for n in names)
    return (-worth if mine else worth) if harmful else (worth if mine else -worth)


def _is_champion_target(state: DuelState) -> bool:
    """A champion target's ``card`` is a champion object id; an Equipment's a card id."""
    frame = _program(state)
    return frame is not None and not frame.sub.get("equipment", False)


def _field_card_worth(state: DuelState, me: int, cid: int) -> float:
    c = state.cards[cid]
    if c.facedown and not rules.may_look(state, cid, me):
        return 0.5
    if c.facedown:
        return 0.2
    host = state.champs[c.host]
    return abs(equipment_worth(state, host.controller, c.defn, host))


def _mode(state: DuelState, me: int, option: Option) -> float:
    frame = _program(state)
    assert frame is not None
    args = frame.steps[frame.pc].args
    branch = list(args.values())[option.card]
    return effect_worth(state, me, branch)


def _card(state: DuelState, me: int, option: Option) -> float:
    """A card from hand or Grave: the best for what keeps or uses it, the least for what
    gives it up (discard, the bottom of the deck)."""
    following = _following(state)
    names = [s.op for s in following]
    defn = state.cards[option.card].defn
    worth = card_worth(state, me, defn)
    if "discard_chosen" in names or any(s.op == "place_chosen" and s.args == "bottom"
                                        for s in following):
        return -worth
    return worth


def card_worth(state: DuelState, me: int, defn: DuelCard) -> float:
    """A card's worth in hand: a champion by its health, an Equipment by its best place on
    one of its champions, a Spell by its effect now."""
    if defn.type == "champion":
        return defn.health / 10
    if defn.type == "equipment":
        return max((equipment_worth(state, me, defn, ch) for ch in rules.on_field(state, me)),
                   default=0.0)
    assert defn.activated is not None or defn.triggers
    return effect_worth(state, me, defn.activated.effect) if defn.activated else 1.0
