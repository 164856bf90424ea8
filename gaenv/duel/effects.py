"""Effect steps: what a card's text does, one step at a time (DUEL 5.6-5.12).

A step is a name (``destroy_this``) or a one-key mapping (``{deal: {amount: 30}}``), each
declared once, on its code, in `STEPS` (the registry both games keep their effect
vocabulary in: `gaenv.core.program`), read into a `Node` when the cards load
(`read_step`). The core's interpreter (`gaenv.core.program.run`) runs a `Program`'s steps
in order; a step returns None when it is done, a `Decision` when its controller must
choose (it is called again with the answer), or `WAIT` when it has started an activation
that must be handled first (Intermezzo, 6.7a).
Choices are made as the step is reached (5.8); a part that cannot be done does what it
can (5.12).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gaenv.core import program
from gaenv.core.decisions import Decision, Option
from gaenv.core.program import Node, Primitive
from gaenv.duel import options as opt
from gaenv.duel import rules
from gaenv.duel.cards import Ability, DuelCard, DuelCardError
from gaenv.duel.state import CHAIN, DECK, FIELD, GRAVE, HAND, DuelState, Item, Program

WAIT = "wait"
Result = Decision | str | None

# The steps, each declared on its code (`gaenv.core.program`) in one of three shapes: a
# bare name (no arguments), a value (``{draw: 2}``: the argument ``value``), or a mapping
# of the fields it lists (``target`` also takes its ``kind`` bare).
STEPS: dict[str, Primitive] = {}
primitive = program.registrar(STEPS)
VALUE = {"value": ("any", True, None)}


def _fields(*names: str) -> dict[str, tuple[str, bool, Any]]:
    return {name: ("any", False, None) for name in names}


# A would trigger's steps, carried out by `_would_trigger` as the hit waits (6.10).
WOULD_STEPS = ("destroy_this", "prevent_hit")
# Steps that only choose: 5.7 checks that their first choices have an option.
CHOOSING = ("target", "choose_card", "equip_from")


def read_step(raw: Any, where: str) -> Node:
    """A step of a card file as a `Node` (its name; its value, None for a bare name; the
    step lists of a ``mode`` as nodes), if the engine knows it in its declared shape with
    known fields (called by the card loader)."""
    if isinstance(raw, str):
        if raw not in WOULD_STEPS and (raw not in STEPS or STEPS[raw].params):
            raise DuelCardError(f"{where}: unknown step {raw!r}")
        return Node(raw, None)
    if not isinstance(raw, dict) or len(raw) != 1:
        raise DuelCardError(f"{where}: a step is a name or a one-key mapping, got {raw!r}")
    (name, args), = raw.items()
    if name not in STEPS or not STEPS[name].params:
        raise DuelCardError(f"{where}: unknown step {name!r}")
    spec = STEPS[name]
    if name == "mode":
        if not isinstance(args, dict) or len(args) < 2:
            raise DuelCardError(f"{where}.mode: expected two or more named step lists")
        return Node(name, {word: tuple(read_step(inner, f"{where}.mode.{word}")
                                       for inner in (steps if isinstance(steps, list) else [steps]))
                           for word, steps in args.items()})
    if spec.main == "value":
        return Node(name, args)
    if isinstance(args, dict):
        for key in args:
            if key not in spec.params:
                raise DuelCardError(f"{where}.{name}: unknown field {key!r}; known: "
                                    f"{', '.join(spec.params)}")
    elif not (spec.main is not None and args in ("champion", "equipment")):
        raise DuelCardError(f"{where}.{name}: expected a mapping of "
                            f"{', '.join(spec.params)}")
    return Node(name, args)


def _split(condition: Any) -> tuple[str, Any]:
    """An activation condition's name and its arguments (None for a bare name)."""
    if isinstance(condition, str):
        return condition, None
    (name, args), = condition.items()
    return name, args


# --- choices ---------------------------------------------------------------------------

def target_options(state: DuelState, player: int, args: Any) -> list[Option]:
    """`choose_target` options (5.8a): champions, or Equipment on the field."""
    spec = {"kind": args} if isinstance(args, str) else dict(args)
    who = spec.get("who", "any")
    labels = opt.champion_labels(state)

    def allowed(ctrl: int) -> bool:
        return who == "any" or (ctrl == player) == (who == "you")

    if spec.get("kind", "champion") == "champion":
        return [Option("target", f"target {labels[ch.oid]} (player {ch.controller})", ch.oid,
                       ch.controller)
                for ch in sorted(rules.on_field(state), key=lambda c: c.owner)
                if allowed(ch.controller)]
    recent = set(state.history[1 - player].equipped)
    found = []
    for ch in sorted(rules.on_field(state), key=lambda c: c.owner):
        for cid in rules.equipment(state, ch):
            c = state.cards[cid]
            if not allowed(ch.controller) or (spec.get("face_up") and c.facedown):
                continue
            if "element" in spec and rules.element(state, cid) != spec["element"]:
                continue
            if spec.get("equipped_last_turn") and (cid, c.stamp) not in recent:
                continue
            found.append(cid)
    texts = opt.numbered([opt.equipment_target_parts(state, cid, labels) for cid in found])
    return [Option("target", text, cid, state.champs[state.cards[cid].host].controller)
            for cid, text in zip(found, texts, strict=True)]


def _pile(state: DuelState, player: int, zone: str) -> list[int]:
    return getattr(state.players[player], zone)


def card_options(state: DuelState, player: int, args: dict[str, Any],
                 exclude: tuple[int, ...] = ()) -> list[Option]:
    """`choose NAME` once per name (cards of a name in one hand or Grave are alike)."""
    seen: dict[str, int] = {}
    for cid in _pile(state, player, args.get("from", "hand")):
        c = state.cards[cid]
        kind = args.get("kind")
        if cid in exclude or (kind and c.defn.type != kind):
            continue
        seen.setdefault(c.defn.name, cid)
    return [Option("choose", f"choose {name}", cid) for name, cid in seen.items()]


def equip_options(state: DuelState, player: int, cards: list[int], facedown: bool = False
                  ) -> list[Option]:
    """Where each card (one per name) may go: 7.2-7.5 (face up, a slot of its element on a
    champion the player controls, or any champion for Empty Gift), or facedown into an
    empty slot of any element (Cobbled Club)."""
    labels = opt.champion_labels(state)
    found: list[Option] = []
    names: set[str] = set()
    for cid in cards:
        defn = state.cards[cid].defn
        if defn.name in names:
            continue
        names.add(defn.name)
        champs = rules.on_field(state) if defn.equip_to_any and not facedown else \
            rules.on_field(state, player)
        for ch in sorted(champs, key=lambda c: c.owner):
            elements = (dict.fromkeys(state.cards[ch.card].defn.slots) if facedown
                        else [defn.equippable_element])
            for elem in elements:
                free = rules.empty_slots(state, ch, elem)
                if free:
                    text = opt.equip_text(state, defn.name, ch, free[0], player, labels, facedown)
                    found.append(Option("equip", text, cid, ch.controller,
                                        opt.slot_code(ch.oid, free[0])))
    return found


def _equip_sources(state: DuelState, player: int, args: dict[str, Any]) -> list[int]:
    elem = args.get("element")
    return [cid for cid in _pile(state, player, args.get("from", "hand"))
            if state.cards[cid].defn.type == "equipment"
            and (elem is None or state.cards[cid].defn.element == elem)]


# --- whether an activation may be offered (5.6, 5.7) --------------------------------------------

def _condition_holds(state: DuelState, player: int, cond: Any) -> bool:
    name, args = _split(cond)
    if name == "copyable_spell":
        return copy_source(state, player) is not None
    if name == "opponent_equipped":
        return bool(state.history[1 - player].equipped)
    return any(state.cards[cid].defn.type == args.get("kind", "equipment")
               and state.cards[cid].defn.element == args.get("element", "")
               for cid in state.players[player].hand)


def _cost_payable(state: DuelState, cid: int, step: Node) -> bool:
    if step.op == "destroy_this":
        return state.cards[cid].zone == FIELD
    champ = champ_of_card(state, cid)
    return champ is not None and bool(rules.equipment(state, champ))


def _choices_available(state: DuelState, player: int, steps: tuple[Node, ...]) -> bool:
    """5.7: each choice reached before the effect changes anything has an option now."""
    for step in steps:
        name, args = step.op, step.args
        if name not in CHOOSING:
            return True
        if name == "target" and not target_options(state, player, args):
            return False
        if name == "choose_card" and not card_options(state, player, args):
            return False
        if name == "equip_from" and not args.get("optional") and not equip_options(
                state, player, _equip_sources(state, player, args), bool(args.get("facedown"))):
            return False
    return True


def can_activate(state: DuelState, player: int, cid: int, ability: Ability) -> bool:
    return (all(_condition_holds(state, player, c) for c in ability.condition)
            and all(_cost_payable(state, cid, s) for s in ability.cost)
            and _choices_available(state, player, ability.effect))


def champ_of_card(state: DuelState, cid: int) -> Any:
    """The champion object of a champion card on the field (None if it is not there)."""
    return next((ch for ch in state.champs if ch.card == cid and ch.on_field), None)


def copy_source(state: DuelState, player: int) -> DuelCard | None:
    """Copycat: the opponent's last Spell activated from hand in their last turn, not
    Copycat, whose activated effect ``player`` could activate now (seed ruling)."""
    for name in reversed(state.history[1 - player].spells):
        defn = state.pool.get(name)
        if name != "Copycat" and defn.activated is not None and can_activate(
                state, player, -1, defn.activated):
            return defn
    return None


# --- activating (6.2) -------------------------------------------------------------------

def start_activation(state: DuelState, player: int, cid: int, ability: int,
                     **item_vars: Any) -> None:
    """Begin an activation: a Spell moves onto the field, then the costs are paid (a
    Program), then the item goes on the chain (engine.program_step)."""
    c = state.cards[cid]
    from_hand = c.zone == HAND
    spec = c.defn.activated if ability < 0 else c.defn.triggers[ability]
    assert spec is not None
    if ability >= 0 and spec.once_per_game:
        state.once_used.add(cid)
    if from_hand and c.defn.type == "spell":
        rules.move(state, cid, CHAIN)
        if ability < 0:
            state.history[player].spells.append(c.defn.name)
    item = Item(state.uid(), cid, player, ability, spec.effect, dict(item_vars),
                spell_on_field=from_hand)
    state.frames.append(Program(item, spec.cost, resolving=False))


# --- the steps ------------------------------------------------------------------------------

def _ask(state: DuelState, frame: Program, kind: str, options: list[Option]) -> Decision:
    return Decision(frame.item.controller, kind, tuple(options), frame.item.card)


@primitive("target", "kind", **_fields("kind", "who", "face_up", "element", "equipped_last_turn"))
def _target(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
    if answer is not None:
        ref = answer.card
        frame.item.vars["target"] = (ref, state.cards[ref].stamp) if frame.sub.get(
            "equipment") else (ref, -1)
        return None
    options = target_options(state, frame.item.controller, args)
    if not options:  # 5.12: nothing to choose, the rest still happens
        frame.item.vars["target"] = None
        return None
    frame.sub["equipment"] = not (args == "champion" or (
        isinstance(args, dict) and args.get("kind", "champion") == "champion"))
    return _ask(state, frame, opt.CHOOSE_TARGET, options)


def _target_equipment(state: DuelState, item: Item) -> int:
    """The targeted Equipment if it is still the same object on the field, else -1."""
    ref = item.vars.get("target")
    if ref is None:
        return -1
    cid, stamp = ref
    c = state.cards[cid]
    return cid if c.zone == FIELD and c.stamp == stamp else -1


def _target_champ(state: DuelState, item: Item) -> Any:
    ref = item.vars.get("target")
    if ref is None:
        return None
    champ = state.champs[ref[0]]
    return champ if champ.on_field else None


def _would_options(state: DuelState, champ: Any, player: int) -> list[Option]:
    """6.10: face-up would triggers (Aegis) on the champion about to be hit, by controller."""
    if champ.controller != player:
        return []
    found = [cid for cid in rules.equipment(state, champ)
             if not state.cards[cid].facedown and any(
                 t.when == "would_be_dealt_damage" for t in state.cards[cid].defn.triggers)]
    texts = opt.numbered([(f"trigger {state.cards[cid].defn.name}", "") for cid in found])
    return [Option("trigger", text, cid) for cid, text in zip(found, texts, strict=True)]


def _would_trigger(state: DuelState, cid: int, hit: list[int]) -> None:
    """6.10: a would trigger resolves at once, not on the chain (Aegis: destroy it, the
    hit is prevented)."""
    trig = next(t for t in state.cards[cid].defn.triggers if t.when == "would_be_dealt_damage")
    for step in trig.effect:
        if step.op == "destroy_this":
            _destroy([cid], state)
        elif step.op == "prevent_hit":
            hit[1] = 0


@primitive("deal", **_fields("amount", "per_sent", "to"))
def _deal(state: DuelState, frame: Program, args: dict[str, Any], answer: Option | None
          ) -> Result:
    """9.4: each hit goes through its would window (6.10), then reductions, then damage."""
    item, sub = frame.item, frame.sub
    if "hits" not in sub:
        amount = args["amount"] * (item.vars.get("sent", 0) if args.get("per_sent") else 1)
        if args.get("to") == "each_opponent":
            targets = [ch.oid for ch in rules.on_field(state, 1 - item.controller)]
        else:
            champ = _target_champ(state, item)
            targets = [champ.oid] if champ is not None else []
        sub.update(hits=[[oid, amount] for oid in targets], i=0, asked=0)
    hits = sub["hits"]
    if answer is not None:
        if answer.verb == "pass":
            sub["asked"] += 1
        else:
            _would_trigger(state, answer.card, hits[sub["i"]])
            sub["asked"] = 0
            if state.over:
                return None
    order = (state.turn_player, 1 - state.turn_player)
    while sub["i"] < len(hits):
        oid, amount = hits[sub["i"]]
        champ = state.champs[oid]
        if champ.on_field and amount > 0:
            while sub["asked"] < 2:
                who = order[sub["asked"]]
                options = _would_options(state, champ, who)
                if options:
                    return Decision(who, opt.WOULD_WINDOW, (*options, opt.PASS), item.card)
                sub["asked"] += 1
            reduced = max(0, amount - rules.passive(state.cards[champ.card]).get(
                "reduce_damage", 0))
            if reduced > 0:  # 9.4: a hit of 0 is not "dealt damage"
                champ.damage += reduced
                rules.happen(state, "dealt_damage", champ.card, champ.controller, champ.oid,
                             reduced)
                rules.settle(state)
                if state.over:
                    return None
        sub["i"] += 1
        sub["asked"] = 0
    return None


@primitive("heal", **_fields("amount", "to"))
def _heal(state: DuelState, frame: Program, args: dict[str, Any], answer: Option | None
          ) -> Result:
    """9.5: remove up to N damage."""
    item = frame.item
    to = args.get("to", "target")
    if to == "each_yours":
        champs = rules.on_field(state, item.controller)
    elif to == "equipped":
        oid = item.vars.get("equipped", -1)
        champs = [state.champs[oid]] if oid >= 0 and state.champs[oid].on_field else []
    else:
        champ = _target_champ(state, item)
        champs = [champ] if champ is not None else []
    for champ in champs:
        champ.damage = max(0, champ.damage - args["amount"])
    return None


@primitive("draw", "value", **VALUE)
def _draw(state: DuelState, frame: Program, args: int, answer: Option | None) -> Result:
    rules.draw(state, frame.item.controller, args)
    return None


@primitive("choose_card", **_fields("from", "kind"))
def _choose_card(state: DuelState, frame: Program, args: dict[str, Any], answer: Option | None
                 ) -> Result:
    if answer is not None:
        frame.item.vars["chosen"] = (answer.card, state.cards[answer.card].stamp)
        return None
    options = card_options(state, frame.item.controller, args)
    if not options:
        frame.item.vars["chosen"] = None
        return None
    return _ask(state, frame, opt.CHOOSE_CARD, options)


def _chosen(state: DuelState, item: Item) -> int:
    ref = item.vars.get("chosen")
    if ref is None or state.cards[ref[0]].stamp != ref[1]:
        return -1
    return int(ref[0])


def _move_chosen(zone: str) -> Callable[..., Result]:
    """The chosen card to ``zone`` (a deck: on top, or at the bottom for ``bottom``)."""
    def run(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
        cid = _chosen(state, frame.item)
        if cid >= 0:
            rules.move(state, cid, zone, bottom=args == "bottom")
        return None
    return run


primitive("return_chosen")(_move_chosen(HAND))
primitive("discard_chosen")(_move_chosen(GRAVE))
primitive("place_chosen", "value", **VALUE)(_move_chosen(DECK))  # top or bottom


@primitive("create", "value", **VALUE)
def _create(state: DuelState, frame: Program, args: str, answer: Option | None) -> Result:
    """2.6: a new card in the controller's hand; "this" is the card whose effect it is."""
    defn = state.cards[frame.item.card].defn if args == "this" else state.pool.get(args)
    rules.create(state, defn, frame.item.controller, HAND)
    return None


def _destroy(cids: list[int], state: DuelState) -> None:
    if cids:
        rules.leave_field(state, cids, GRAVE, destroyed=True)
        rules.settle(state)


@primitive("destroy_this")
def _destroy_this(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
    cid = frame.item.card
    _destroy([cid] if state.cards[cid].zone == FIELD else [], state)
    return None


@primitive("destroy_target")
def _destroy_target(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
    cid = _target_equipment(state, frame.item)
    _destroy([cid] if cid >= 0 else [], state)
    return None


@primitive("destroy_all_equipment")
def _destroy_all(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
    _destroy(rules.all_equipment(state), state)
    return None


@primitive("return_target")
def _return_target(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
    cid = _target_equipment(state, frame.item)
    if cid >= 0:
        rules.leave_field(state, [cid], HAND, destroyed=False)
        rules.settle(state)
    return None


@primitive("flip_target_facedown")
def _flip_facedown(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
    """Veil of Mist (7.8, 7.12): both players saw the card, so both may know it."""
    cid = _target_equipment(state, frame.item)
    if cid >= 0 and not state.cards[cid].facedown:
        state.cards[cid].facedown = True
        state.cards[cid].known = (0, 1)
        rules.settle(state)
    return None


@primitive("send_all_equipment")
def _send_all(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
    """Hestia's cost: every Equipment on it goes to the Grave at once (6.11)."""
    champ = champ_of_card(state, frame.item.card)
    gear = rules.equipment(state, champ) if champ is not None else []
    frame.item.vars["sent"] = len(gear)
    rules.leave_field(state, gear, GRAVE, destroyed=False)
    rules.settle(state)
    return None


@primitive("send_one_equipment")
def _send_one(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
    """Magma Slug's cost: one Equipment on it, chosen as the cost is paid (5.6)."""
    champ = champ_of_card(state, frame.item.card)
    if answer is not None:
        rules.leave_field(state, [answer.card], GRAVE, destroyed=False)
        rules.settle(state)
        return None
    labels = opt.champion_labels(state)
    gear = rules.equipment(state, champ)
    texts = opt.numbered([opt.equipment_target_parts(state, cid, labels) for cid in gear])
    return _ask(state, frame, opt.CHOOSE_TARGET,
                [Option("target", t, cid, champ.controller) for cid, t in zip(gear, texts,
                                                                            strict=True)])


@primitive("revive_this")
def _revive_this(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
    cid = frame.item.card
    if state.cards[cid].zone == GRAVE:
        rules.add_champion(state, cid, frame.item.controller)
    return None


@primitive("revive_chosen")
def _revive_chosen(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
    cid = _chosen(state, frame.item)
    if cid >= 0:
        rules.add_champion(state, cid, frame.item.controller)
    return None


@primitive("return_this")
def _return_this(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
    """Pressure (8.4): the resolving card goes back to its owner's hand."""
    if state.cards[frame.item.card].zone == CHAIN:
        rules.move(state, frame.item.card, HAND)
    return None


@primitive("negate_answered")
def _negate(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
    """Medusa's Head (6.8): the answered activation leaves the chain without its effect;
    its Equipment cannot use activated effects while it stays on the field."""
    uid = frame.item.vars.get("answers", -1)
    for item in list(state.chain):
        if item.uid == uid:
            state.chain.remove(item)
            if item.spell_on_field and state.cards[item.card].zone == CHAIN:
                rules.move(state, item.card, GRAVE)
    cid, stamp = frame.item.vars.get("equipment", (-1, -1))
    if cid >= 0 and state.cards[cid].zone == FIELD and state.cards[cid].stamp == stamp:
        state.cards[cid].locked = True
    return None


@primitive("take_control")
def _take_control(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
    """10.4: for the rest of the game; its equipment comes along (10.2)."""
    champ = _target_champ(state, frame.item)
    if champ is not None:
        champ.controller = frame.item.controller
        rules.settle(state)
    return None


@primitive("compel")
def _compel(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
    """Twisted Compulsion (4.8): remembered for the next turn."""
    cid = _target_equipment(state, frame.item)
    if cid >= 0:
        state.compel = (state.turn + 1, cid, state.cards[cid].stamp)
    return None


@primitive("mill", "value", **VALUE)
def _mill(state: DuelState, frame: Program, args: int, answer: Option | None) -> Result:
    """Puppy Mill (11.2): never a loss, whatever the deck holds."""
    deck = state.players[1 - frame.item.controller].deck
    for cid in list(deck[:args]):
        rules.move(state, cid, GRAVE)
    return None


@primitive("equip_from", **_fields("from", "facedown", "element", "optional"))
def _equip_from(state: DuelState, frame: Program, args: dict[str, Any], answer: Option | None
                ) -> Result:
    """Equip by effect (7.5): Rewind, Love Potion (face up); Cobbled Club (facedown)."""
    player = frame.item.controller
    if answer is not None:
        oid, slot = opt.slot_of(answer.other)
        rules.equip(state, answer.card, oid, slot, player, facedown=bool(args.get("facedown")))
        frame.item.vars["equipped"] = oid
        rules.settle(state)
        return None
    options = equip_options(state, player, _equip_sources(state, player, args),
                            bool(args.get("facedown")))
    return _ask(state, frame, opt.CHOOSE_SLOT, options) if options else None


@primitive("mode", "value", **VALUE)
def _mode(state: DuelState, frame: Program, args: dict[str, Any], answer: Option | None
          ) -> Result:
    """5.9: one option of an "or", chosen when reached; its steps run next."""
    words = list(args)
    if answer is None:
        return _ask(state, frame, opt.CHOOSE_MODE,
                    [Option("mode", f"choose {w}", i) for i, w in enumerate(words)])
    program.insert(frame, args[words[answer.card]])
    return None


@primitive("copy_last_spell")
def _copy(state: DuelState, frame: Program, args: Any, answer: Option | None) -> Result:
    """Copycat (5.10): the copied Spell's activated effect runs as this card's."""
    source = copy_source(state, frame.item.controller)
    if source is not None and source.activated is not None:
        program.insert(frame, source.activated.effect)
    return None


def spell_options(state: DuelState, player: int) -> list[Option]:
    """Spells in hand whose activated effect may be activated now, one per name."""
    found: dict[str, int] = {}
    for cid in state.players[player].hand:
        defn = state.cards[cid].defn
        if defn.type == "spell" and defn.activated is not None and defn.name not in found \
                and can_activate(state, player, cid, defn.activated):
            found[defn.name] = cid
    return [Option("activate", f"activate {name}", cid) for name, cid in found.items()]


@primitive("activate_spells", "value", **VALUE)
def _activate_spells(state: DuelState, frame: Program, args: int, answer: Option | None
                     ) -> Result:
    """Intermezzo (6.7a, 8.5): up to N Spells from hand, each activated normally and
    handled (windows, resolution) before the next is chosen."""
    sub = frame.sub
    player = frame.item.controller
    if answer is not None:
        if answer.verb == "done":
            return None
        sub["count"] = sub.get("count", 0) + 1
        start_activation(state, player, answer.card, -1)
        return WAIT
    if sub.get("count", 0) >= args:
        return None
    options = spell_options(state, player)
    return _ask(state, frame, opt.CHOOSE_CARD, [*options, opt.DONE]) if options else None


@primitive("shuffle_from_grave", "value", **VALUE)
def _shuffle_from_grave(state: DuelState, frame: Program, args: int, answer: Option | None
                        ) -> Result:
    """Second Wind: up to N cards of your Grave, chosen one at a time, into your deck,
    which is then shuffled."""
    player = frame.item.controller
    if answer is not None:
        if answer.verb == "done":
            state.rng.shuffle(state.players[player].deck)
            return None
        rules.move(state, answer.card, DECK)
        frame.sub["count"] = frame.sub.get("count", 0) + 1
    options = card_options(state, player, {"from": GRAVE})
    if frame.sub.get("count", 0) >= args or not options:
        state.rng.shuffle(state.players[player].deck)
        return None
    return _ask(state, frame, opt.CHOOSE_CARD, [*options, opt.DONE])
