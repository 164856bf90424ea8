"""Card files: the schema, validation at load, and the card pool.

Every problem in a card file is an error naming the file, the card and the
field (``data/core.yaml: card 'Ember Bolt': field effect[0].deal_damage.amount:
expected a whole number >= 0, got 'two'``). Unknown keys are errors. Effects
are trees of registered primitives; nothing is evaluated. docs/cards.md is the
human description of this schema.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from gaenv.core.program import Node
from gaenv.engine import effects, events, selectors, statics
from gaenv.engine.keywords import KEYWORDS
from gaenv.engine.objects import (
    CARD_TYPES,
    DIRECTIONS,
    ELEMENTS,
    MARK,
    SOURCE,
    SPEEDS,
    SUPERTYPES,
    Ability,
    CardDef,
    Trigger,
    band_text,
)
from gaenv.engine.selectors import Selector
from gaenv.engine.state import PHASES
from gaenv.yamlio import YamlError, load_yaml

DATA_DIR = Path(__file__).parent / "data"

FIELDS = (
    "name", "type", "supertypes", "subtypes", "classes", "element", "speed", "reserve_cost",
    "memory_cost", "level", "power", "life", "durability", "lineage", "champion_name",
    "keywords", "effect", "modes", "abilities", "level_up", "levels", "token", "vanilla", "text",
    "notes", "brew", "imbue", "link", "prepare", "sacrifices", "attack_cost", "preserve",
    "divine_relic",
)
ABILITY_KINDS = (*events.TRIGGERS, "trigger", "static", "activated")
ABILITY_FIELDS = (*ABILITY_KINDS, "effect", "inherited", "requires", "cost", "speed", "text")
BAND_FIELDS = ("from", "to", "power", "life", "keywords", "abilities")
COST_FIELDS = {"rest": "bool", "sacrifice": "bool", "banish": "bool", "reserve": "nat",
               "remove_counters": "counts", "champion_counters": "counts", "less": "amount",
               "sacrifices": "filters"}
# Counter kinds the rules give a meaning (any other name is a plain named counter).
RULES_COUNTERS = ("buff", "debuff", "durability", "prevent", "prevent_non_combat", "distant")


class CardFileError(ValueError):
    """A card or deck file that breaks the schema; the message says where."""


class _Where:
    """Builds the file/card/field prefix of an error message."""

    def __init__(self, file: str, card: str) -> None:
        self.file = file
        self.card = card

    def fail(self, field: str, problem: str) -> CardFileError:
        return CardFileError(f"{self.file}: card {self.card!r}: field {field}: {problem}")


@dataclass(frozen=True)
class CardPool:
    """All cards, in a frozen order (their ``index`` is a stable vocabulary id)."""

    cards: tuple[CardDef, ...]
    version: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {c.name: c for c in self.cards})

    def get(self, name: str) -> CardDef:
        """The card called ``name``; a KeyError naming the closest names otherwise."""
        by_name: dict[str, CardDef] = self._by_name  # type: ignore[attr-defined]
        if name in by_name:
            return by_name[name]
        close = difflib.get_close_matches(name, list(by_name), n=3, cutoff=0.5)
        hint = f"; closest: {', '.join(repr(c) for c in close)}" if close else ""
        raise KeyError(f"unknown card {name!r}{hint}")


# --- values ----------------------------------------------------------------------

def _nat(value: Any, where: _Where, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise where.fail(field, f"expected a whole number >= 0, got {value!r}")
    return value


def _int(value: Any, where: _Where, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise where.fail(field, f"expected a whole number, got {value!r}")
    return value


def _str(value: Any, where: _Where, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise where.fail(field, f"expected a non-empty text, got {value!r}")
    return value


def _choice(value: Any, choices: Iterable[str], where: _Where, field: str) -> str:
    choices = tuple(choices)
    if value not in choices:
        raise where.fail(field, f"expected one of {', '.join(choices)}, got {value!r}")
    return value


def _str_list(value: Any, where: _Where, field: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise where.fail(field, f"expected a list of texts, got {value!r}")
    return tuple(_str(v, where, f"{field}[{i}]") for i, v in enumerate(value))


def _mapping(value: Any, where: _Where, field: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise where.fail(field, f"expected a mapping, got {value!r}")
    return value


# --- effect trees -----------------------------------------------------------------

def _arg(kind: str, value: Any, where: _Where, field: str) -> Any:
    if kind == "nat":
        return _nat(value, where, field)
    if kind == "int":
        return _int(value, where, field)
    if kind == "player":
        return _choice(value, effects.PLAYER_SELECTORS, where, field)
    if kind == "one_player":
        return _choice(value, effects.ONE_PLAYER_SELECTORS, where, field)
    if kind == "object":
        return parse_selector(value, where, field)
    if kind == "amount":
        return parse_amount(value, where, field)
    if kind == "signed_amount":  # a whole number that may be negative, or an amount
        return _int(value, where, field) if isinstance(value, int) else parse_amount(
            value, where, field)
    if kind == "counter":
        return _counter_name(value, where, field)
    if kind == "effects":
        return parse_effects(value, where, field)
    if kind == "static":
        return _parse_static(value, where, field)
    if kind == "filter":
        return _parse_filter(value, where, field)
    if kind == "keyword":
        return _choice(value, KEYWORDS, where, field)
    if kind == "condition":
        return parse_condition(value, where, field)
    if kind == "bool":
        if not isinstance(value, bool):
            raise where.fail(field, f"expected true or false, got {value!r}")
        return value
    if kind == "token":
        return _str(value, where, field)  # resolved to the token card once all are loaded
    if kind.startswith("enum:"):
        return _choice(value, kind[5:].split(","), where, field)
    raise AssertionError(f"unknown argument kind {kind}")


def _flags(value: Any, spec: Mapping[str, str], where: _Where, field: str) -> Mapping[str, Any]:
    """A small mapping of known keys: true/false flags, whole numbers, counts per counter
    name (``counts``), amounts (``amount``) and lists of filters (``filters``)."""
    raw = _mapping(value, where, field)
    out: dict[str, Any] = {}
    for key, item in raw.items():
        if key not in spec:
            raise where.fail(f"{field}.{key}", f"unknown key; known: {', '.join(spec)}")
        if spec[key] == "bool":
            if not isinstance(item, bool):
                raise where.fail(f"{field}.{key}", f"expected true or false, got {item!r}")
            out[key] = item
        elif spec[key] == "counts":
            counts = _mapping(item, where, f"{field}.{key}")
            out[key] = MappingProxyType({
                _counter_name(k, where, f"{field}.{key}"): _nat(n, where, f"{field}.{key}.{k}")
                for k, n in counts.items()})
        elif spec[key] == "amount":
            out[key] = parse_amount(item, where, f"{field}.{key}")
        elif spec[key] == "filters":  # one filter per object (an ability's ``sacrifices``)
            if not isinstance(item, list) or not item:
                raise where.fail(f"{field}.{key}", f"expected a list of filters, got {item!r}")
            out[key] = tuple(_parse_filter(f, where, f"{field}.{key}[{i}]")
                             for i, f in enumerate(item))
        else:
            out[key] = _nat(item, where, f"{field}.{key}")
    return MappingProxyType(out)


def _counter_name(value: Any, where: _Where, field: str) -> str:
    """A counter kind: a lower-case word (``buff``, ``level``, ``charge``)."""
    if not isinstance(value, str) or not value.replace("_", "").isalpha() or not value.islower():
        raise where.fail(field, f"expected a counter name (a lower-case word), got {value!r}")
    return value


_BOOL_FILTER_KEYS = ("token", "rested", "damaged", "distant", "self", "another", "fostered",
                     "hurt", "brewed", "imbued", "prepared", "linked", "activation",
                     "graveyard", "defending",
                     "retaliating", "distinct")


def _parse_filter(value: Any, where: _Where, field: str,
                  extra: Mapping[str, tuple[str, ...] | None] = MappingProxyType({})
                  ) -> Mapping[str, Any]:
    """A selector filter (`gaenv.engine.selectors`); ``extra`` admits more keys, each with
    its allowed values (None: a counter name)."""
    raw = _mapping(value, where, field)
    out: dict[str, Any] = {}
    for key, want in raw.items():
        here = f"{field}.{key}"
        if key in extra:
            allowed = extra[key]
            out[key] = (_counter_name(want, where, here) if allowed is None
                        else _choice(want, allowed, where, here))
            continue
        if key not in selectors.FILTER_KEYS:
            known = ", ".join((*selectors.FILTER_KEYS, *extra))
            raise where.fail(here, f"unknown filter key; known: {known}")
        if key == "controller":
            out[key] = _choice(want, ("you", "opponent"), where, here)
        elif key in _BOOL_FILTER_KEYS:
            if not isinstance(want, bool):
                raise where.fail(here, f"expected true or false, got {want!r}")
            out[key] = want
        elif key == "counters":
            out[key] = _counter_name(want, where, here)
        elif key in selectors.BOUND_KEYS:
            out[key] = _bounds(want, where, here)
        elif key in ("attacking", "not"):
            out[key] = _parse_filter(want, where, here, extra)
        elif key == "any":
            if not isinstance(want, list) or len(want) < 2:
                raise where.fail(here, f"expected a list of two or more filters, got {want!r}")
            out[key] = tuple(_parse_filter(f, where, f"{here}[{i}]", extra)
                             for i, f in enumerate(want))
        else:
            values = _str_list(want, where, here)
            known_values = _FILTER_VALUES.get(key)
            for i, v in enumerate(values):
                if known_values is not None:
                    _choice(v, known_values, where, f"{here}[{i}]")
            out[key] = values
    return MappingProxyType(out)


def _parse_static(value: Any, where: _Where, field: str) -> Node:
    """A static (`gaenv.engine.statics.STATICS`); its ``applies_to`` may not read
    ``power``, which the statics themselves work out."""
    node = _parse_node(value, statics.STATICS, None, where, field)
    applies = node.args.get("applies_to", {})
    if "power" in applies or any("power" in f for f in applies.get("any", ())):
        raise where.fail(f"{field}.{node.op}.applies_to.power",
                         "a static cannot pick its objects by power (the statics make it)")
    return node


def _bounds(value: Any, where: _Where, field: str) -> Mapping[str, int]:
    """A range of a number: ``{at_least: N, at_most: M}`` (one or both), or a whole number
    (exactly that)."""
    if isinstance(value, int) and not isinstance(value, bool):
        number = _nat(value, where, field)
        return MappingProxyType({"at_least": number, "at_most": number})
    bounds = _flags(value, {"at_least": "nat", "at_most": "nat"}, where, field)
    if not bounds:
        raise where.fail(field, "expected at_least and/or at_most")
    return bounds


def parse_selector(value: Any, where: _Where, field: str) -> Selector:
    """An object selector: a name (``target_unit``, ``each_opponent_ally``, ``self``,
    ``same_target``, ``that_object``, ...) or ``{target | up_to_target | each: FILTER}``."""
    if isinstance(value, str):
        _choice(value, selectors.NAMED_SELECTORS, where, field)
        return selectors.NAMED_SELECTORS[value]
    raw = _mapping(value, where, field)
    if len(raw) != 1 or next(iter(raw)) not in selectors.SELECTOR_MODES:
        raise where.fail(field, "expected a selector name or a mapping with one of "
                                f"{', '.join(selectors.SELECTOR_MODES)}, got {value!r}")
    ((key, flt),) = raw.items()
    return Selector(selectors.SELECTOR_MODES[key], _parse_filter(flt, where, f"{field}.{key}"),
                    key)


# The printed numbers a ``cards`` amount may read instead of counting ("different reserve
# costs", "the lowest reserve cost among your omens").
READ_NUMBERS = ("reserve_cost", "memory_cost", "power", "life")


def parse_amount(value: Any, where: _Where, field: str) -> Any:
    """A whole number, or a dynamic amount (`gaenv.engine.selectors.amount`)."""
    if not isinstance(value, dict):
        return _nat(value, where, field)
    kinds = [k for k in value if k in selectors.AMOUNT_KINDS]
    if len(kinds) != 1:
        raise where.fail(field, f"expected a number or a mapping with one of "
                                f"{', '.join(selectors.AMOUNT_KINDS)}, got {value!r}")
    out: dict[str, Any] = {}
    for key, item in value.items():
        here = f"{field}.{key}"
        if key in ("times", "plus"):
            out[key] = _int(item, where, here)
        elif key == "max":
            out[key] = _nat(item, where, here)
        elif key == "per":  # "for every three counters": whole groups of that many
            out[key] = _nat(item, where, here)
            if not out[key]:
                raise where.fail(here, "expected a whole number >= 1, got 0")
        elif key == "count":
            out[key] = _parse_filter(item, where, here)
        elif key == "cards":
            spec = dict(_mapping(item, where, here))
            zone = _choice(spec.pop("zone", None), selectors.CARD_ZONES, where, f"{here}.zone")
            player = _choice(spec.pop("player", "you"), effects.PLAYER_SELECTORS[:3], where,
                             f"{here}.player")
            reads = [(how, _choice(spec.pop(how), READ_NUMBERS, where, f"{here}.{how}"))
                     for how in ("distinct", "lowest", "highest") if how in spec]
            if len(reads) > 1:
                raise where.fail(here, "expected one of distinct, lowest, highest")
            out[key] = MappingProxyType({**_parse_filter(spec, where, here), "zone": zone,
                                         "player": player, **({"read": reads[0]} if reads
                                                              else {})})
        elif key in ("level", "influence"):
            out[key] = _choice(item, ("you", "opponent"), where, here)
        elif key == "moved":
            if item is not True:
                raise where.fail(here, f"expected true, got {item!r}")
            out[key] = True
        elif key in ("counters", "stat"):
            spec = dict(_mapping(item, where, here))
            of = parse_selector(spec.pop("of", "self"), where, f"{here}.of")
            if of.declared:
                raise where.fail(f"{here}.of", "an amount reads objects, it declares no "
                                               "target: use self, same_target, that_object or "
                                               "{each: FILTER}")
            if key == "counters":
                inner = {"kind": _counter_name(spec.pop("kind", None), where, f"{here}.kind")}
            else:
                inner = {"stat": _choice(spec.pop("stat", None), selectors.STATS, where,
                                         f"{here}.stat")}
            if spec:
                raise where.fail(f"{here}.{next(iter(spec))}", "unknown key")
            out[key] = MappingProxyType({**inner, "of": of})
        else:
            known = ", ".join((*selectors.AMOUNT_KINDS, "times", "plus", "max", "per"))
            raise where.fail(here, f"unknown key; known: {known}")
    return MappingProxyType(out)


def parse_condition(value: Any, where: _Where, field: str) -> Mapping[str, Any]:
    """A condition (`gaenv.engine.selectors.condition_met`): every key must hold."""
    raw = _mapping(value, where, field)
    out: dict[str, Any] = {}
    for key, item in raw.items():
        here = f"{field}.{key}"
        if key in ("class_bonus", "element_bonus", "your_turn"):
            if not isinstance(item, bool):
                raise where.fail(here, f"expected true or false, got {item!r}")
            out[key] = item
        elif key == "champion_name":
            out[key] = _str(item, where, here)
        elif key == "currents":
            out[key] = _choice(item, DIRECTIONS, where, here)
        elif key == "phase":
            out[key] = _choice(item, (*PHASES, "combat"), where, here)
        elif key == "this_turn":  # {activated: FILTER, attacked: true}
            done = dict(_mapping(item, where, here))
            turn: dict[str, Any] = {}
            if "activated" in done:
                turn["activated"] = _parse_filter(done.pop("activated"), where,
                                                  f"{here}.activated")
            if "attacked" in done:
                if done.pop("attacked") is not True:
                    raise where.fail(f"{here}.attacked", "expected true")
                turn["attacked"] = True
            if done or not turn:
                raise where.fail(here, "expected activated: FILTER and/or attacked: true")
            out[key] = MappingProxyType(turn)
        elif key in ("at_least", "at_most"):  # a number, or another amount
            out[key] = parse_amount(item, where, here)
        elif key in ("level", "can_pay"):
            out[key] = _nat(item, where, here)
        elif key in ("champion", "controls", "self"):
            out[key] = _parse_filter(item, where, here)
        elif key == "amount":
            out[key] = parse_amount(item, where, here)
        elif key == "discarded":  # a card the effect discarded matches
            out[key] = _parse_filter(item, where, here)
        elif key == "target":  # read like an amount's ``of: same_target``
            out[key] = MappingProxyType({"of": selectors.NAMED_SELECTORS["same_target"],
                                         "filter": _parse_filter(item, where, here)})
        elif key == "not":
            out[key] = parse_condition(item, where, here)
        elif key == "parity":
            if item not in ("even", "odd"):
                raise where.fail(here, f"expected even or odd, got {item!r}")
            out[key] = item
        else:
            raise where.fail(here, f"unknown key; known: {', '.join(selectors.CONDITION_KEYS)}")
    if ("at_least" in out or "at_most" in out or "parity" in out) != ("amount" in out):
        raise where.fail(field, "at_least, at_most or parity read an amount: give both")
    return MappingProxyType(out)


# Trigger filter keys that read an event's detail, and the event kinds that have one.
_MOMENT_KINDS = {"phase": ("phase_begins", "phase_ends"), "currents": ("currents_change",),
                 "counter": ("counters_placed", "counters_removed"), "hit": ("hits",)}


def _reads_stat(tree: Any) -> bool:
    """Whether a parsed condition (any nesting) reads an object's power, life or damage."""
    return isinstance(tree, Mapping) and ("stat" in tree or any(
        _reads_stat(value) for value in tree.values()))


def _reads_object(tree: Any) -> bool:
    """Whether a parsed condition or static (any nesting) reads an object's counters or
    stats (an amount with ``of``)."""
    return isinstance(tree, Mapping) and (
        "stat" in tree or isinstance(tree.get("counters"), Mapping)
        or any(_reads_object(value) for value in tree.values()))


def parse_trigger(value: Any, where: _Where, field: str) -> Trigger:
    """``trigger: {event: KIND, filter: {...}}`` (`gaenv.engine.events`)."""
    raw = _mapping(value, where, field)
    for key in raw:
        if key not in ("event", "filter"):
            raise where.fail(f"{field}.{key}", "unknown key; known: event, filter")
    event = _choice(raw.get("event"), events.EVENTS, where, f"{field}.event")
    extra: dict[str, tuple[str, ...] | None] = {
        "player": ("you", "opponent"), "counter": None, "hit": ("champion", "ally"),
        "phase": ("wake_up", "materialize", "recollection", "draw", "main", "end"),
        "currents": tuple(f"{a}_to_{b}" for a in ("none", *DIRECTIONS) for b in DIRECTIONS
                          if a != b)}
    flt = _parse_filter(raw.get("filter", {}), where, f"{field}.filter", extra)
    for key, kinds in _MOMENT_KINDS.items():
        if key in flt and event not in kinds:
            raise where.fail(f"{field}.filter.{key}", f"only for events {', '.join(kinds)}")
    moment = {k: v for k, v in flt.items() if k in extra}
    rest = {k: v for k, v in flt.items() if k not in extra}
    return Trigger(event, MappingProxyType(rest), "whenever", MappingProxyType(moment))


# Filter keys whose values must be known names (class, subtype and name are free text).
_FILTER_VALUES: dict[str, tuple[str, ...]] = {
    "type": CARD_TYPES, "supertype": SUPERTYPES, "element": ELEMENTS, "keyword": tuple(KEYWORDS),
    "has_keyword": tuple(KEYWORDS),
}


def _parse_node(raw: Any, registry: Mapping[str, Any], main_of: Any, where: _Where,
                field: str) -> Node:
    if not isinstance(raw, dict) or len(raw) != 1:
        raise where.fail(field, f"expected a mapping with exactly one key (the primitive), "
                                f"got {raw!r}")
    ((op, value),) = raw.items()
    if op not in registry:
        raise where.fail(field, f"unknown primitive {op!r}; known: {', '.join(sorted(registry))}")
    spec = registry[op]
    params = spec.params if main_of is not None else spec
    main = spec.main if main_of is not None else None
    here = f"{field}.{op}"
    # A bare value fills the main argument; so does a mapping when the main argument is
    # itself a mapping (a static, a filter), except a mapping that names its static, steps
    # or filter (`this_turn: {static: ..., once: true}`, `may: {effect: ..., otherwise:
    # ...}`, `search: {filter: ..., to: memory}`: no static kind, primitive or filter key
    # has that name).
    if not isinstance(value, dict) or (main is not None and _fills_main(params[main][0], value)
                                       and not (main in value and main in ("static", "effect",
                                                                           "filter"))):
        if main is None:
            raise where.fail(here, f"expected a mapping of arguments, got {value!r}")
        value = {main: value}
    args: dict[str, Any] = {}
    for key in value:
        if key not in params:
            raise where.fail(f"{here}.{key}",
                             f"unknown argument; known: {', '.join(params)}")
    for key, (kind, required, default) in params.items():
        if key in value:
            args[key] = _arg(kind, value[key], where, f"{here}.{key}")
        elif required:
            raise where.fail(f"{here}.{key}", "missing required argument")
        elif kind == "filter":
            args[key] = _parse_filter(default, where, f"{here}.{key}")
        else:
            args[key] = default
    if op == "remove_counters" and args["kind"] is None and not args["all"]:
        raise where.fail(f"{here}.kind", "missing: name a kind, or remove all counters with "
                                         "all: true")
    target = args.get("target")
    if op == "negate" and isinstance(target, Selector) and target.mode in effects.CHOOSING:
        raise where.fail(f"{here}.target", "negate asks its own questions as it resolves: "
                                           "declare its target (target: ...) instead")
    return Node(op, MappingProxyType(args))


_MAPPING_KINDS = ("effects", "static", "filter")


def _fills_main(kind: str, value: dict[str, Any]) -> bool:
    """Whether a mapping given bare is the main argument itself: always for mapping kinds;
    for a selector or an amount, when its keys are a selector's or an amount's."""
    if kind in _MAPPING_KINDS:
        return True
    if kind == "object":  # {each: FILTER}, not {target: SELECTOR} (the argument itself)
        modes = set(selectors.SELECTOR_MODES)
        return set(value) <= modes and all(
            isinstance(v, dict) and not set(v) & modes for v in value.values())
    return kind == "amount" and bool(set(value) & set(selectors.AMOUNT_KINDS))


def parse_effects(raw: Any, where: _Where, field: str) -> tuple[Node, ...]:
    if not isinstance(raw, list):
        raise where.fail(field, f"expected a list of effect steps, got {raw!r}")
    return tuple(_parse_node(item, effects.PRIMITIVES, True, where, f"{field}[{i}]")
                 for i, item in enumerate(raw))


def _number_targets(nodes: tuple[Node, ...], specs: list[Selector], where: _Where,
                    field: str) -> tuple[Node, ...]:
    """Give each declared target its slot among the targets declared on play, in the order
    they appear, and each reference back (``same_target``, ``its_controller``, an amount
    ``of`` one) the slot of the most recent target declared before it."""
    out = []
    for node in nodes:
        args = dict(node.args)
        selector = args.get("target")
        if isinstance(selector, Selector):
            if selector.declared:
                args["_slot"] = len(specs)
                specs.append(selector)
            elif selector.mode == "same":
                args["_slot"] = _last(specs, where, field, "same_target")
        if args.get("player") == "its_controller":
            args["_slot"] = _last(specs, where, field, "its_controller")
        elif args.get("player") == "target_player":  # declared like an object target
            args["_slot"] = len(specs)
            specs.append(effects.PLAYER_TARGET)
        keys = list(node.args)
        if node.op == "if" and not specs:  # no target before it: its condition reads the
            keys.remove("when")            # one its branches declare ("if that unit is
            keys.append("when")            # rested, deal 3 damage to it instead")
        for key in keys:
            value = node.args[key]
            if isinstance(value, tuple) and value and isinstance(value[0], Node):
                args[key] = _number_targets(value, specs, where, field)
            elif isinstance(value, Mapping) and key != "target":
                args[key] = _number_refs(value, specs, where, field)
        out.append(Node(node.op, MappingProxyType(args)))
    return tuple(out)


def _number_refs(tree: Mapping[str, Any], specs: list[Selector], where: _Where,
                 field: str) -> Mapping[str, Any]:
    """An amount or condition with each ``of: same_target`` given its slot."""
    out = dict(tree)
    for key, value in tree.items():
        if isinstance(value, Mapping):
            out[key] = _number_refs(value, specs, where, field)
    of = tree.get("of")
    if isinstance(of, Selector) and of.mode == "same":
        out["_slot"] = _last(specs, where, field, "same_target")
    return MappingProxyType(out)


def _last(specs: list[Selector], where: _Where, field: str, what: str) -> int:
    if not specs:
        raise where.fail(field, f"{what} needs a target declared by an earlier step")
    if specs[-1] is effects.PLAYER_TARGET:  # a player: no object to name again
        raise where.fail(field, f"{what} cannot name a target player")
    return len(specs) - 1


# --- cards --------------------------------------------------------------------------

def _parse_abilities(raw: Any, where: _Where, is_champion: bool, at: str = "abilities",
                     band: Mapping[str, Any] | None = None) -> tuple[Ability, ...]:
    """The abilities listed at ``at``; ``band``: the raw condition of a leveler band they
    belong to, added to each one's ``requires`` (LEVELERS.md 711.2)."""
    if not isinstance(raw, list):
        raise where.fail(at, f"expected a list, got {raw!r}")
    out = []
    for i, item in enumerate(raw):
        field = f"{at}[{i}]"
        item = _mapping(item, where, field)
        for key in item:
            if key not in ABILITY_FIELDS:
                raise where.fail(f"{field}.{key}",
                                 f"unknown key; known: {', '.join(ABILITY_FIELDS)}")
        if band is not None:
            own = _mapping(item.get("requires", {}), where, f"{field}.requires")
            if set(own) & set(band):
                raise where.fail(f"{field}.requires", "a band's ability cannot compare an "
                                                      "amount of its own (the band does)")
            item = {**item, "requires": {**own, **band}}
        kinds = [k for k in ABILITY_KINDS if k in item]
        if len(kinds) != 1:
            raise where.fail(field, f"needs exactly one of {', '.join(ABILITY_KINDS)}")
        kind = kinds[0]
        if ("effect" in item) != (kind == "trigger"):
            raise where.fail(f"{field}.effect", "a `trigger:` ability has its steps in "
                                                "`effect:`; other kinds have none")
        inherited = item.get("inherited", False)
        if not isinstance(inherited, bool):
            raise where.fail(f"{field}.inherited", f"expected true or false, got {inherited!r}")
        if inherited and not is_champion:
            raise where.fail(f"{field}.inherited", "only champion cards have Inherited Effects")
        text = item.get("text", "")
        if not isinstance(text, str):
            raise where.fail(f"{field}.text", f"expected a text, got {text!r}")
        requires = parse_condition(item.get("requires", {}), where, f"{field}.requires")
        for key, what in (("target", "target"), ("discarded", "card discarded")):
            if key in requires:
                raise where.fail(f"{field}.requires.{key}", f"an ability's condition has no "
                                                            f"{what} (only an effect's `if` has)")
        if "phase" in requires and not (kind == "static" and isinstance(item["static"], dict)
                                        and "activation_limit" in item["static"]):
            raise where.fail(f"{field}.requires.phase", "the phase is read as the card is "
                                                        "activated (activation_limit) or by `if`")
        if "cost" in item and kind != "activated":
            raise where.fail(f"{field}.cost", "only activated abilities have a cost")
        cost = _flags(item.get("cost", {}), COST_FIELDS, where, f"{field}.cost")
        if "speed" in item and kind != "activated":
            raise where.fail(f"{field}.speed", "only activated abilities have a speed")
        slow = _choice(item.get("speed", "fast"), SPEEDS, where, f"{field}.speed") == "slow"
        if kind == "static":
            node = _parse_static(item["static"], where, f"{field}.static")
            if node.op == "enter_rested":
                raise where.fail(f"{field}.static.enter_rested", "only as a lasting effect "
                                                                 "(this_turn)")
            if _reads_stat(requires):
                raise where.fail(f"{field}.requires", "a static's condition cannot read a stat "
                                                      "(power and life come from the statics)")
            if "this_turn" in requires:
                raise where.fail(f"{field}.requires", "a static's condition cannot read this "
                                                      "turn's activations and attacks (no "
                                                      "change the statics follow)")
            if node.op in statics.OWN_KINDS and (
                    set(requires) & set(statics.OWN_UNKNOWN) or _reads_object(requires)
                    or _reads_object(node.args)):
                raise where.fail(f"{field}.requires", f"a card's {node.op} works where it has "
                                 "no object: it cannot read self, counters or stats")
            depends = min(selectors.reach(requires, SOURCE), statics.reach(node, SOURCE))
            own = depends > min(selectors.reach(requires), statics.reach(node, MARK))
            out.append(Ability(None, (), node, inherited, text, requires=requires,
                               depends=depends, own_marks=own))
        else:
            specs: list[Selector] = []
            here = f"{field}.{'effect' if kind == 'trigger' else kind}"
            steps = item["effect"] if kind == "trigger" else item[kind]
            effect = _number_targets(parse_effects(steps, where, here), specs, where, here)
            trigger = (None if kind == "activated" else parse_trigger(
                item["trigger"], where, f"{field}.trigger") if kind == "trigger"
                else events.TRIGGERS[kind])
            out.append(Ability(trigger, effect, None, inherited, text, tuple(specs),
                               requires=requires, activated=kind == "activated", cost=cost,
                               slow=slow, depends=selectors.reach(requires)))
    return tuple(out)


def _parse_leveler(raw: Mapping[str, Any], where: _Where, ctype: str
                   ) -> tuple[tuple[tuple[int, int | None], ...], tuple[Ability, ...]]:
    """A leveler's ``level_up`` and ``levels`` (LEVELERS.md, docs/cards.md): its bands and
    the plain abilities they expand into, the level up first. Level up: a slow activated
    ability that puts a level counter on the object (711.4). Each band: a static setting
    its base power and life (layer A, with the object's own timestamp: ruling 4) and its
    keywords and abilities (layer D), each with the condition that the object's level
    counters are in the band's range (711.2a/b; rulings 2, 3, 7)."""
    if ("level_up" in raw) != ("levels" in raw):
        raise where.fail("level_up" if "levels" in raw else "levels",
                         "a leveler has both level_up and levels")
    if ctype not in ("ally", "weapon"):
        raise where.fail("levels", f"only allies and weapons can be levelers, not a {ctype}")
    cost = _mapping(raw["level_up"], where, "level_up")
    if not cost:
        raise where.fail("level_up", "a level up needs a cost (reserve: N, rest: true, ...)")
    costs = ", ".join(str(v) if k == "reserve" else "rest this" if k == "rest" else k
                      for k, v in cost.items())
    abilities = list(_parse_abilities([{
        "activated": [{"counters": {"target": "self", "kind": "level"}}], "cost": dict(cost),
        "speed": "slow", "text": f"Level up ({costs})."}], where, False, "level_up"))
    levels = raw["levels"]
    if not isinstance(levels, list) or not 2 <= len(levels) <= 3:  # 711.1
        raise where.fail("levels", f"expected a list of two or three bands, got {levels!r}")
    bands: list[tuple[int, int | None]] = []
    stats = ("power",) if ctype == "weapon" else ("power", "life")
    for i, item in enumerate(levels):
        field = f"levels[{i}]"
        item = _mapping(item, where, field)
        for key in item:
            if key not in BAND_FIELDS:
                raise where.fail(f"{field}.{key}", f"unknown key; known: {', '.join(BAND_FIELDS)}")
        low = _nat(item.get("from"), where, f"{field}.from")
        high = None if item.get("to") is None else _nat(item["to"], where, f"{field}.to")
        if low < (bands[-1][1] + 1 if bands and bands[-1][1] is not None else 1):
            raise where.fail(f"{field}.from", "bands start at 1 or more, ascending, and do "
                                              "not overlap")
        if high is not None and high < low:
            raise where.fail(f"{field}.to", f"expected at least {low}, got {high}")
        if (high is None) != (i == len(levels) - 1):
            raise where.fail(f"{field}.to", "every band but the last has an end; the last "
                                            "has none (N+)")
        for stat in ("power", "life"):
            if stat in item and stat not in stats:
                raise where.fail(f"{field}.{stat}", f"a {ctype} has no {stat} to set")
            if stat in stats and stat not in item:
                raise where.fail(f"{field}.{stat}", "missing: a band sets the base "
                                                    f"{' and '.join(stats)}")
        bands.append((low, high))
        condition = {"amount": {"counters": {"kind": "level"}}, "at_least": low}
        if high is not None:
            condition["at_most"] = high
        name = f"LEVEL {band_text(tuple(bands), i)}"
        figures = "/".join(str(item[stat]) for stat in stats)
        grants = [{"static": {"grant_keyword": {"keyword": k, "amount": n,
                                                "applies_to": {"self": True}}},
                   "text": k.replace("_", " ").capitalize() + (f" {n}" if n else "")}
                  for k, n in _parse_keywords(item.get("keywords", []), where).items()]
        band_static = {"static": {"set_stats": {**{s: item[s] for s in stats},
                                                "applies_to": {"self": True}}},
                       "text": f"{name}: {figures}"}
        abilities += _parse_abilities([band_static, *grants], where, False, field, condition)
        abilities += _parse_abilities(item.get("abilities", []), where, False,
                                      f"{field}.abilities", condition)
    return tuple(bands), tuple(abilities)


def _parse_modes(raw: Any, where: _Where) -> tuple[tuple[str, tuple[Node, ...],
                                                           tuple[Selector, ...]], ...]:
    """``modes``: a list of {text, effect}; one is chosen as the card is played
    ("Playing Cards - Card Activation 4"; "Game Terms - Modes")."""
    if not isinstance(raw, list) or len(raw) < 2:
        raise where.fail("modes", "expected a list of at least two modes")
    out = []
    for i, mode in enumerate(raw):
        field = f"modes[{i}]"
        mode = _mapping(mode, where, field)
        for key in mode:
            if key not in ("text", "effect"):
                raise where.fail(f"{field}.{key}", "unknown key; known: text, effect")
        text = _str(mode.get("text"), where, f"{field}.text")
        specs: list[Selector] = []
        effect = _number_targets(parse_effects(mode.get("effect"), where, f"{field}.effect"),
                                 specs, where, f"{field}.effect")
        out.append((text, effect, tuple(specs)))
    return tuple(out)


_STATS_OF = {
    "champion": {"life"},
    "ally": {"power", "life"},
    "weapon": {"power", "durability"},
    "attack": {"power"},
    "domain": {"durability"},  # siegeable domains only, see parse_card
}


def parse_card(raw: Any, index: int, file: str) -> CardDef:
    """Validate one card mapping and build its CardDef."""
    name = raw.get("name") if isinstance(raw, dict) else None
    where = _Where(file, name if isinstance(name, str) else f"#{index}")
    if not isinstance(raw, dict):
        raise where.fail("(card)", f"expected a mapping, got {raw!r}")
    for key in raw:
        if key not in FIELDS:
            close = difflib.get_close_matches(str(key), FIELDS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise where.fail(str(key), f"unknown field{hint}")
    for required in ("name", "type", "element"):
        if required not in raw:
            raise where.fail(required, "missing required field")
    name = _str(raw["name"], where, "name")
    ctype = _choice(raw["type"], CARD_TYPES, where, "type")
    supertypes = frozenset(_choice(s, SUPERTYPES, where, "supertypes")
                           for s in _str_list(raw.get("supertypes", []), where, "supertypes"))
    element = _choice(raw["element"], ELEMENTS, where, "element")
    is_champion = ctype == "champion"
    stats: dict[str, int | None] = {}
    for stat in ("power", "life", "durability"):
        value = raw.get(stat)
        if value is not None and stat not in _STATS_OF.get(ctype, set()):
            raise where.fail(stat, f"a {ctype} card has no {stat} stat")
        stats[stat] = None if value is None else _nat(value, where, stat)
    siegeable = ctype == "domain" and "Siegeable" in raw.get("subtypes", [])
    for stat in _STATS_OF.get(ctype, set()):
        if ctype == "domain" and (stats[stat] is None) == siegeable:
            raise where.fail(stat, "a domain has durability if and only if it is Siegeable")
        if ctype != "domain" and stats[stat] is None:
            raise where.fail(stat, f"a {ctype} card needs a {stat} stat")
    speed = raw.get("speed", "slow")
    _choice(speed, SPEEDS, where, "speed")
    if speed == "fast" and (ctype in ("champion", "attack") or "regalia" in supertypes):
        raise where.fail("speed", f"a {ctype} card is always slow; Fast Activation is for "
                                  "main-deck cards activated from hand other than attacks")
    reserve = raw.get("reserve_cost")
    memory = raw.get("memory_cost")
    reserve = None if reserve is None else _nat(reserve, where, "reserve_cost")
    memory = None if memory is None else _nat(memory, where, "memory_cost")
    if (is_champion or "regalia" in supertypes) and (memory is None or reserve is not None):
        raise where.fail("memory_cost", "champions and regalia have a memory cost and no "
                                        "reserve cost")
    if memory is not None and not (is_champion or "regalia" in supertypes):
        raise where.fail("memory_cost", "only champions and regalia have a memory cost; "
                                        "main-deck cards have a reserve cost")
    level = raw.get("level")
    if is_champion:
        if level is None:
            raise where.fail("level", "a champion needs a level")
        level = _nat(level, where, "level")
    elif level is not None:
        raise where.fail("level", "only champions have a level")
    lineage = raw.get("lineage")
    champion_name = raw.get("champion_name")
    if not is_champion and (lineage is not None or champion_name is not None):
        raise where.fail("lineage" if lineage is not None else "champion_name",
                         "only champions have this")
    if is_champion:
        lineage = None if lineage is None else _str(lineage, where, "lineage")
        champion_name = (_str(champion_name, where, "champion_name") if champion_name
                         else name.split(",")[0].strip())
    keywords = _parse_keywords(raw.get("keywords", []), where)
    effect: tuple[Node, ...] = ()
    specs: list[Selector] = []
    for key in ("effect", "modes"):
        if key in raw and ctype not in ("action", "attack"):
            raise where.fail(key, "only actions and attacks have a resolution effect; use "
                                  "abilities")
    if "effect" in raw and "modes" in raw:
        raise where.fail("modes", "a modal card has its effects in its modes, not in effect")
    if "effect" in raw:
        effect = _number_targets(parse_effects(raw["effect"], where, "effect"), specs, where,
                                 "effect")
    modes = _parse_modes(raw["modes"], where) if "modes" in raw else ()
    token, vanilla = raw.get("token", False), raw.get("vanilla", False)
    for flag, value in (("token", token), ("vanilla", vanilla)):
        if not isinstance(value, bool):
            raise where.fail(flag, f"expected true or false, got {value!r}")
    if token and (ctype not in ("ally", "item", "weapon", "domain", "phantasia")
                  or reserve is not None or memory is not None):
        raise where.fail("token", "a token is an ally, item, weapon, domain or phantasia "
                                  "with no cost")
    abilities = _parse_abilities(raw.get("abilities", []), where, is_champion)
    bands: tuple[tuple[int, int | None], ...] = ()
    level_up = -1
    if "level_up" in raw or "levels" in raw:
        level_up = len(abilities)
        bands, more = _parse_leveler(raw, where, ctype)
        abilities += more
    brew = _parse_brew(raw.get("brew", []), where, reserve)
    sacrifices = _parse_sacrifices(raw.get("sacrifices", []), where, ctype)
    attack_cost = _nat(raw.get("attack_cost", 0), where, "attack_cost")
    if attack_cost and ctype not in ("ally", "weapon"):
        raise where.fail("attack_cost", "only an ally or a weapon has a cost of attacking")
    link = None
    if "link" in raw:  # "Keywords - Link 3": its target is declared as it is played
        if ctype not in ("ally", "item", "weapon", "domain", "phantasia"):
            raise where.fail("link", "only a card that becomes an object has Link")
        link = _parse_filter(raw["link"], where, "link")
        specs.append(Selector("target", link, "link"))
    imbue = _nat(raw.get("imbue", 0), where, "imbue")
    if imbue and reserve is None:
        raise where.fail("imbue", "Imbue counts the cards paid for a reserve cost: give "
                                  "reserve_cost")
    prepare = _nat(raw.get("prepare", 0), where, "prepare")
    if prepare and ctype not in ("action", "attack"):
        raise where.fail("prepare", "Prepare is an additional cost of an action or attack")
    preserve, relic = raw.get("preserve", False), raw.get("divine_relic", False)
    for key, value in (("preserve", preserve), ("divine_relic", relic)):
        if not isinstance(value, bool):
            raise where.fail(key, f"expected true or false, got {value!r}")
    if preserve and ctype != "action":
        raise where.fail("preserve", "only an action resolves into the material deck; an "
                                     "object's Preserve is a trigger (the preserve step)")
    text = raw.get("text", "")
    if not isinstance(text, str):
        raise where.fail("text", f"expected a text, got {text!r}")
    if not isinstance(raw.get("notes", ""), str):
        raise where.fail("notes", "expected a text")
    return CardDef(
        index=index, name=name, type=ctype, supertypes=supertypes,
        subtypes=_str_list(raw.get("subtypes", []), where, "subtypes"),
        classes=_str_list(raw.get("classes", []), where, "classes"), element=element,
        speed=speed, reserve_cost=reserve, memory_cost=memory, level=level,
        power=stats["power"], life=stats["life"], durability=stats["durability"],
        lineage=lineage, champion_name=champion_name, keywords=keywords, effect=effect,
        abilities=abilities, text=text, source=file, targets=tuple(specs), modes=modes,
        token=token, vanilla=vanilla, bands=bands, level_up=level_up, brew=brew,
        imbue=imbue, link=link, prepare=prepare, sacrifices=sacrifices,
        attack_cost=attack_cost, preserve=preserve, divine_relic=relic,
    )


def _parse_sacrifices(raw: Any, where: _Where, ctype: str) -> tuple[Mapping[str, Any], ...]:
    """``sacrifices``: an additional cost of activating the card, one filter per object
    its player sacrifices (objects they control that match it)."""
    if not isinstance(raw, list):
        raise where.fail("sacrifices", f"expected a list of filters, got {raw!r}")
    if raw and ctype == "champion":
        raise where.fail("sacrifices", "a champion is not activated: it has no such cost")
    return tuple(_parse_filter(item, where, f"sacrifices[{i}]") for i, item in enumerate(raw))


def _parse_brew(raw: Any, where: _Where, reserve: int | None) -> tuple[Mapping[str, Any], ...]:
    """``brew``: the ingredients, one filter of printed keys per object to sacrifice
    ("Keywords - Brew"); a card with Brew has a reserve cost for it to replace."""
    if not isinstance(raw, list):
        raise where.fail("brew", f"expected a list of filters, got {raw!r}")
    if raw and reserve is None:
        raise where.fail("brew", "Brew replaces a reserve cost: give reserve_cost")
    out = []
    for i, item in enumerate(raw):
        flt = _parse_filter(item, where, f"brew[{i}]")
        if not flt or set(flt) - set(selectors.PRINTED_KEYS):
            raise where.fail(f"brew[{i}]", "an ingredient is a filter of printed keys "
                                           f"({', '.join(selectors.PRINTED_KEYS)})")
        out.append(flt)
    return tuple(out)


def _parse_keywords(raw: Any, where: _Where) -> Mapping[str, int]:
    if not isinstance(raw, list):
        raise where.fail("keywords", f"expected a list, got {raw!r}")
    out: dict[str, int] = {}
    for i, item in enumerate(raw):
        field = f"keywords[{i}]"
        if isinstance(item, dict) and len(item) == 1:
            ((name, number),) = item.items()
            number = _nat(number, where, f"{field}.{name}")
        elif isinstance(item, str):
            name, number = item, 0
        else:
            raise where.fail(field, f"expected a keyword name or {{name: N}}, got {item!r}")
        if name not in KEYWORDS:
            raise where.fail(field, f"unknown keyword {name!r}; known: {', '.join(KEYWORDS)}")
        if KEYWORDS[name].numbered != isinstance(item, dict):
            form = "takes a number ({name: N})" if KEYWORDS[name].numbered else "takes no number"
            raise where.fail(field, f"keyword {name} {form}")
        out[name] = number
    return MappingProxyType(out)


def load_pool(files: Iterable[Path] | None = None) -> CardPool:
    """Load and validate every card file (by default ``gaenv/cards/data/*.yaml``)."""
    paths = sorted(DATA_DIR.glob("*.yaml")) if files is None else list(files)
    digest = hashlib.sha256()
    cards: list[CardDef] = []
    seen: dict[str, str] = {}
    for path in paths:
        data = path.read_bytes()
        digest.update(path.name.encode() + b"\0" + data)
        label = str(path)
        try:
            doc = load_yaml(data, label)
        except YamlError as exc:
            raise CardFileError(str(exc)) from exc
        if not isinstance(doc, dict) or set(doc) - {"set", "cards"} or "cards" not in doc:
            raise CardFileError(f"{label}: expected a mapping with keys 'set' and 'cards'")
        if not isinstance(doc["cards"], list):
            raise CardFileError(f"{label}: 'cards' must be a list")
        for raw in doc["cards"]:
            card = parse_card(raw, len(cards), label)
            if card.name in seen:
                raise CardFileError(f"{label}: card {card.name!r}: field name: already defined "
                                    f"in {seen[card.name]}")
            seen[card.name] = label
            cards.append(card)
    tokens = {c.name: c for c in cards if c.token}
    cards = [_with_tokens(c, tokens) for c in cards]
    return CardPool(tuple(cards), digest.hexdigest()[:12])


def _with_tokens(card: CardDef, tokens: Mapping[str, CardDef]) -> CardDef:
    """Replace the token names in ``summon`` steps by the token cards themselves, and give
    each ``gather`` step the ingredient token cards."""
    where = _Where(card.source, card.name)

    def resolve(nodes: tuple[Node, ...], field: str) -> tuple[Node, ...]:
        out = []
        for i, node in enumerate(nodes):
            args = dict(node.args)
            for key, value in node.args.items():
                if isinstance(value, tuple) and value and isinstance(value[0], Node):
                    args[key] = resolve(value, f"{field}[{i}].{node.op}.{key}")
            if node.op == "summon":
                if args["token"] not in tokens:
                    raise where.fail(f"{field}[{i}].summon.token",
                                     f"{args['token']!r} is not a token card in the pool")
                args["token"] = tokens[args["token"]]
            if node.op == "gather":  # "Game Terms - Gather 2": the six ingredients
                missing = [n for n in effects.GATHERED if n not in tokens]
                if missing:
                    raise where.fail(f"{field}[{i}].gather", "gathering needs the ingredient "
                                     f"token cards; not in the pool: {', '.join(missing)}")
                args["_tokens"] = tuple(tokens[n] for n in effects.GATHERED)
            out.append(Node(node.op, MappingProxyType(args)))
        return tuple(out)

    abilities = tuple(dataclasses.replace(a, effect=resolve(a.effect, f"abilities[{i}]"))
                      for i, a in enumerate(card.abilities))
    modes = tuple((text, resolve(effect, f"modes[{i}].effect"), specs)
                  for i, (text, effect, specs) in enumerate(card.modes))
    return dataclasses.replace(card, effect=resolve(card.effect, "effect"), abilities=abilities,
                               modes=modes)


@functools.cache
def pool_of(files: tuple[str, ...] | None = None) -> CardPool:
    """The pool of these card files (None: the built-in pool), loaded once per process."""
    return load_pool(None if files is None else [Path(f) for f in files])


def default_pool() -> CardPool:
    """The built-in pool, loaded once per process."""
    return pool_of(None)
