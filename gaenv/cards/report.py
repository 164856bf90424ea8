"""Human-readable views of the card pool: ``gaenv cards list``, ``show`` and ``coverage``;
the same words beside the options of a game in the terminal and on the web page."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from gaenv.cards.schema import CardPool
from gaenv.core.program import Node
from gaenv.engine.objects import CardDef


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


def keywords_text(card: CardDef) -> str:
    return ", ".join(k if not n else f"{k} {n}" for k, n in card.keywords.items())


def rules_text(card: CardDef) -> str:
    """What the card says: its text, or else its abilities' texts."""
    return card.text or " ".join(a.text for a in card.abilities if a.text)


def summary(card: CardDef) -> str:
    """Cost, stats, keywords and text on one line (beside an option that plays the card)."""
    parts = [cost_text(card), stats_text(card), keywords_text(card), rules_text(card)]
    return "; ".join(p for p in parts if p and p != "-")


def show_lines(card: CardDef) -> list[str]:
    """``gaenv cards show NAME``: the card, a field a line, then what it does as its card
    file writes it (the effect tree; a vanilla card is flagged)."""
    import yaml

    from gaenv.yamlio import load_yaml

    fields = [("type", type_text(card)), ("element", card.element), ("cost", cost_text(card)),
              ("stats", stats_text(card)), ("keywords", keywords_text(card)),
              ("text", rules_text(card))]
    lines = [card.name + (" (VANILLA: stats only, text ignored)" if card.vanilla else ""),
             *(f"  {name}: {value}" for name, value in fields if value)]
    doc = load_yaml(Path(card.source).read_text(), card.source)
    raw = next(c for c in doc["cards"] if c.get("name") == card.name)
    tree = {k: v for k, v in raw.items() if k in _EFFECT_FIELDS}
    if tree:
        lines.append("  effect tree:")
        lines += [f"    {line}" for line in yaml.safe_dump(
            tree, sort_keys=False, allow_unicode=True).splitlines()]
    return lines


# The card-file fields that say what a card does (`show_lines`).
_EFFECT_FIELDS = ("effect", "modes", "abilities", "level_up", "levels")


def list_lines(cards: Iterable[CardDef]) -> list[str]:
    """One line per card: name, type, element, cost, stats, speed and keywords."""
    rows = [(c.name, type_text(c), c.element, cost_text(c), stats_text(c),
             c.speed if c.type == "action" else "",
             keywords_text(c))
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

