"""Human-readable views of the card pool: ``gaenv cards list`` and ``gaenv cards coverage``."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from gaenv.cards.schema import CardPool
from gaenv.engine.objects import CardDef, Node


def cost_text(card: CardDef) -> str:
    if card.memory_cost is not None:
        return f"memory {card.memory_cost}"
    if card.reserve_cost is not None:
        return f"reserve {card.reserve_cost}"
    return "-"


def stats_text(card: CardDef) -> str:
    parts = []
    if card.level is not None:
        parts.append(f"level {card.level}")
    if card.power is not None:
        parts.append(f"power {card.power}")
    if card.life is not None:
        parts.append(f"life {card.life}")
    if card.durability is not None:
        parts.append(f"durability {card.durability}")
    return ", ".join(parts) or "-"


def type_text(card: CardDef) -> str:
    words = [*sorted(card.supertypes), card.type]
    if card.token:
        words.insert(0, "token")
    kinds = " ".join(words)
    classes = "/".join((*card.classes, *card.subtypes))
    return f"{kinds} ({classes})" if classes else kinds


def list_lines(cards: Iterable[CardDef]) -> list[str]:
    """One line per card: name, type, element, cost, stats, speed and keywords."""
    rows = [(c.name, type_text(c), c.element, cost_text(c), stats_text(c),
             c.speed if c.type == "action" else "",
             ", ".join(k if not n else f"{k} {n}" for k, n in c.keywords.items()))
            for c in cards]
    header = ("name", "type", "element", "cost", "stats", "speed", "keywords")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
            for row in [header, *rows]]


def _walk(nodes: Iterable[Node]) -> Iterator[str]:
    for node in nodes:
        yield node.op
        for value in node.args.values():
            if isinstance(value, tuple) and value and isinstance(value[0], Node):
                yield from _walk(value)
            elif isinstance(value, Node):
                yield value.op


def mechanics(card: CardDef) -> list[str]:
    """Everything a card uses from the engine: primitives, triggers, statics, keywords."""
    found = list(_walk(card.effect))
    for _, effect, _ in card.modes:
        found.extend(_walk(effect))
        found.append("modes")
    for ability in card.abilities:
        if ability.trigger is not None:
            trigger = ability.trigger
            found.append(f"whenever {trigger.event}" if trigger.name == "whenever"
                         else trigger.name)
        if ability.activated:
            found.append("activated")
        if ability.static is not None:
            found.extend(_walk([ability.static]))
        if ability.inherited:
            found.append("inherited")
        found.extend(f"requires {k}" for k in ability.requires)
        found.extend(_walk(ability.effect))
    found.extend(card.keywords)
    found.extend(sorted(card.supertypes))
    return sorted(set(found))


def coverage_lines(pool: CardPool) -> list[str]:
    """Per card: how it is implemented (data only: no card needs a Python hook) and with what."""
    lines = [f"{c.name}: data-only: {', '.join(mechanics(c)) or 'no text'}" for c in pool.cards]
    lines.append(f"{len(pool.cards)} cards: {len(pool.cards)} data-only, 0 hooked "
                 f"(pool version {pool.version})")
    return lines


def show_lines(card: CardDef) -> list[str]:
    """A card: its type, cost and stats, then its file entry as written (the text, the
    effect tree)."""
    import yaml

    from gaenv.yamlio import load_yaml

    doc = load_yaml(Path(card.source).read_text(), card.source)
    raw = next(c for c in doc["cards"] if c.get("name") == card.name)
    lines = [f"{card.name}: {type_text(card)}, {card.element}, {cost_text(card)}, "
             f"{stats_text(card)}" + (" (VANILLA: stats only, text ignored)"
                                      if card.vanilla else "")]
    lines += [f"  {line}" for line in yaml.safe_dump(
        {k: v for k, v in raw.items() if k != "name"}, sort_keys=False,
        allow_unicode=True).splitlines()]
    return lines
