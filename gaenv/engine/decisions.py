"""Grand Archive's decisions: its decision kinds and the texts of its options.

`Decision` and `Option`, and the kinds both games ask alike, are the core's
(`gaenv.core.decisions`); the kinds below are Grand Archive's. Every option has a
stable text form, which scenarios and replays use.
"""

from __future__ import annotations

from gaenv.core.decisions import (
    CHOOSE_CARD,
    CHOOSE_MODE,
    CHOOSE_TARGET,
    PASS,
    YES_NO,
    Decision,
    Option,
)
from gaenv.core.decisions import NO as NO  # (Grand Archive's "you may" asks with these)
from gaenv.core.decisions import YES as YES

# Decision kinds. The environment encodes these; docs/engine.md describes each.
OPPORTUNITY = "opportunity"        # hold opportunity: play a card or pass
MATERIALIZE = "materialize"        # materialize phase: materialize a card or pass
CHOOSE_CHAMPION = "choose_champion"  # turn one: which level 0 champion to put onto the field
PAY_RESERVE = "pay_reserve"        # one card from hand into memory
PAY_MEMORY = "pay_memory"          # banish a Floating Memory card, or pay the rest at random
ORDER_TRIGGERS = "order_triggers"  # which of your simultaneous triggers goes on the stack next
ATTACK_TARGET = "attack_target"    # what an attack targets
CHOOSE_WEAPON = "choose_weapon"    # whether an attack card's attack also uses a weapon
RETALIATE = "retaliate"            # which defending unit retaliates next, or none
ORDER_RETALIATORS = "order_retaliators"  # which retaliator deals its damage next
CRITICAL = "critical"              # discard N cards, or let Critical double the damage
DISCARD = "discard"                # a card to discard
GLIMPSE = "glimpse"                # where a glimpsed card goes
KEEP_UNIQUE = "keep_unique"        # which of several same-named Unique objects stays
DECISION_KINDS = (
    OPPORTUNITY, MATERIALIZE, CHOOSE_CHAMPION, CHOOSE_TARGET, PAY_RESERVE, PAY_MEMORY,
    YES_NO, CHOOSE_CARD, CHOOSE_MODE, ORDER_TRIGGERS, ATTACK_TARGET, CHOOSE_WEAPON, RETALIATE,
    ORDER_RETALIATORS, CRITICAL, DISCARD, GLIMPSE, KEEP_UNIQUE,
)

PAY_RANDOM = Option("random", "pay the rest at random")
NO_WEAPON = Option("no", "no weapon")
NO_RETALIATION = Option("no", "do not retaliate")
NO_TARGET = Option("no", "no target")
NOTHING = Option("no", "choose nothing")
# Per player, an opportunity where passing is the only option: the most common decision,
# made once.
ONLY_PASS = tuple(Decision(p, OPPORTUNITY, (PASS,)) for p in (0, 1))


def activate(card: int, name: str) -> Option:
    return Option("activate", f"activate {name}", card)


def materialize(card: int, name: str) -> Option:
    return Option("materialize", f"materialize {name}", card)


RETURN_PRESERVED = "return"


def return_preserved(card: int, name: str) -> Option:
    """Return a preserved card from the material deck to hand instead of materializing
    ("Preserve/Preserved 1")."""
    return Option(RETURN_PRESERVED, f"return preserved {name} to hand", card)


def put_champion(card: int, name: str) -> Option:
    return Option("put", f"put {name} onto the field", card)


def target(card: int, label: str, player: int) -> Option:
    return Option("target", f"target {label} (player {player})", card, player)


def attack_with(card: int, label: str, weapon: int = -1, weapon_label: str = "") -> Option:
    using = f" using {weapon_label}" if weapon >= 0 else ""
    return Option("attack", f"attack with {label}{using}", card, other=weapon)


def use_weapon(card: int, label: str) -> Option:
    return Option("weapon", f"use {label}", card)


def retaliate_with(card: int, label: str) -> Option:
    return Option("retaliate", f"retaliate with {label}", card)


def damage_first(card: int, label: str) -> Option:
    return Option("first", f"{label} deals damage first", card)


def critical_discard(count: int) -> Option:
    return Option("yes", f"discard {count} cards", count)


TAKE_DOUBLE = Option("no", "take double damage")


def discard(card: int, name: str) -> Option:
    return Option("discard", f"discard {name}", card)


def glimpse_top(card: int, name: str) -> Option:
    return Option("top", f"put {name} on top", card)


def glimpse_bottom(card: int, name: str) -> Option:
    return Option("bottom", f"put {name} on the bottom", card)


def mode(index: int, text: str) -> Option:
    return Option("mode", f"mode {index + 1}: {text}", index)


def keep(card: int, label: str) -> Option:
    return Option("keep", f"keep {label}", card)


def stack_trigger(index: int, name: str, text: str) -> Option:
    return Option("trigger", f"put {name}: {text} on the stack", index)


def use_ability(card: int, label: str, index: int, text: str) -> Option:
    return Option("use", f"use {label}: {text}", card, other=index)


def level_up(card: int, label: str, index: int) -> Option:
    """A leveler's level up ability (LEVELERS.md §5: its own option text)."""
    return Option("use", f"activate level up {label}", card, other=index)


def rest_for_cost(card: int, label: str) -> Option:
    return Option("rest", f"rest {label}", card)


def pay_with(card: int, name: str) -> Option:
    return Option("pay", f"pay with {name}", card)


def banish_floating(card: int, name: str) -> Option:
    return Option("banish", f"banish {name} from graveyard", card)


def choose(card: int, name: str) -> Option:
    return Option("choose", f"choose {name}", card)


def choose_object(card: int, label: str, player: int) -> Option:
    """An object chosen as an effect resolves, without targeting it."""
    return Option("choose", f"choose {label} (player {player})", card, player)
