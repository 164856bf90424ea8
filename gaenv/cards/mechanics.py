"""Translator templates for the deeper Grand Archive mechanics (docs/cards.md, "The
translator"): champion level modifiers, ... . `gaenv.cards.translate` consults these
after its own sentence templates; like those, they parse the words (a target phrase, a
number, a condition), never a card's name.

- Champion level ("Game Mechanics - Counters, Level"; "Layers" E; "Level Restrictions"):
  "your champion gets +N level until end of turn" is a ``level_boost`` step; "your
  champion gets +N level", "champions you don't control get -N level" (optionally
  "as long as CONDITION") a ``modify_level`` static.
"""

from __future__ import annotations

import re
from typing import Any

from gaenv.cards.translate import TARGET, NotUnderstood, Template, target

LEVEL = r"([+\-−])(\d+) levels?"


def _signed(sign: str, number: str) -> int:
    return -int(number) if sign in "-−" else int(number)


def _level_boost(m: re.Match[str]) -> list[dict[str, Any]]:
    selector = target(m.group(1))
    if selector == "self":  # only a champion has a level: "~" may be anything
        raise NotUnderstood(m.group(0))
    return [{"level_boost": {"target": selector, "amount": _signed(m.group(2), m.group(3))}}]


STEP_TEMPLATES: tuple[Template, ...] = (
    Template("champion level", rf"{TARGET} gets? {LEVEL} until end of turn", _level_boost),
    Template("champion level", rf"until end of turn, {TARGET} gets? {LEVEL}", _level_boost),
)


def _champions(phrase: str) -> dict[str, Any]:
    """The champions a level static applies to: "your champion", "champions you
    control", "champions you don't control" (a filter of champions only)."""
    selector = target(phrase)
    if selector == "your_champion":
        return {"type": "champion", "controller": "you"}
    if selector == "opponent_champion":
        return {"type": "champion", "controller": "opponent"}
    flt = selector.get("each") if isinstance(selector, dict) else None
    if flt is None or flt.get("type") != "champion":
        raise NotUnderstood(phrase)
    return flt


def static_of(sentence: str, used: list[str]) -> dict[str, Any] | None:
    """A static of a deeper mechanic ("your champion gets +1 level"), or None."""
    level = re.fullmatch(rf"(.+?) gets? {LEVEL}", sentence, flags=re.IGNORECASE)
    if level:
        used.append("champion level")
        return {"modify_level": {"amount": _signed(level.group(2), level.group(3)),
                                 "applies_to": _champions(level.group(1))}}
    return None


def lead_condition(line: str) -> str:
    """A static whose condition trails ("X gets +1 level as long as you control a Beast
    ally.") with the condition in front, as the translator reads it ("As long as you
    control a Beast ally, X gets +1 level.")."""
    trailing = re.fullmatch(r"([^,]+?) as long as ([^,.]+)\.?", line.strip(),
                            flags=re.IGNORECASE)
    if trailing is None:
        return line
    return f"As long as {trailing.group(2)}, {trailing.group(1)}."
