"""Importing real cards: the official card database's JSON, normalised into records.

The official database answers searches with pages (``{"data": [...], "page": 1,
"has_more": false, ...}``); a saved export may also be a plain list of card records.
Two generations of the record exist:

- v1: ``element`` (a text), ``cost_memory`` and ``cost_reserve`` (numbers), ``speed``
  (true: fast);
- v2: ``elements`` (a list), ``cost: {type: memory|reserve, value}``, ``speed`` (a text).

Both have ``uuid``, ``name``, ``types``, ``subtypes``, ``classes``, ``effect_raw``,
``level``, ``power``, ``life`` and ``durability``; a value the database does not know is
null. Every problem is a `CardFileError` naming the file, the record (its uuid, or its
name) and the field. `gaenv.cards.imported` turns the records into a pool.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaenv.cards.schema import CardFileError
from gaenv.engine.objects import CARD_TYPES, ELEMENTS, SUPERTYPES

# The classes of the game; any other subtype is a plain subtype.
CLASSES = ("Assassin", "Cleric", "Guardian", "Mage", "Ranger", "Spirit", "Tamer", "Warrior")
PAGE_KEYS = ("data", "page", "page_size", "total_cards", "total_pages", "has_more",
             "paginated_cards_count")
STATS = ("level", "power", "life", "durability")


@dataclass
class Record:
    """One card record, normalised: lower-case types and elements, capitalised subtypes
    and classes, costs by kind, and None wherever the database does not know."""

    name: str
    uuid: str | None
    text: str
    types: tuple[str, ...] | None  # lower case, supertypes and ``token`` included
    subtypes: tuple[str, ...]
    classes: tuple[str, ...]
    elements: tuple[str, ...] | None
    reserve_cost: int | None = None
    memory_cost: int | None = None
    speed: str | None = None  # fast / slow
    stats: dict[str, int | None] = field(default_factory=dict)
    back: bool = False  # the back face of a double-faced card

    @property
    def label(self) -> str:
        return self.uuid or self.name


class _Rec:
    """Builds the file/record/field prefix of an error message."""

    def __init__(self, file: str, raw: Any, index: int) -> None:
        self.file = file
        got = raw if isinstance(raw, dict) else {}
        uuid, name = got.get("uuid"), got.get("name")
        self.label = (f"{uuid!r}" if isinstance(uuid, str) else
                      f"{name!r}" if isinstance(name, str) else f"#{index}")

    def fail(self, field_name: str, problem: str) -> CardFileError:
        return CardFileError(f"{self.file}: record {self.label}: field {field_name}: {problem}")


def _opt(raw: dict[str, Any], key: str, kind: type | tuple[type, ...], where: _Rec) -> Any:
    value = raw.get(key)
    if value is None:
        return None
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise where.fail(key, f"expected {_kind_name(kind)}, got {value!r}")
    if not isinstance(value, kind):
        raise where.fail(key, f"expected {_kind_name(kind)}, got {value!r}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {int: "a whole number", str: "a text", list: "a list", bool: "true or false",
             dict: "a mapping"}
    return " or ".join(names[k] for k in kinds)


def _words(raw: dict[str, Any], key: str, where: _Rec) -> tuple[str, ...] | None:
    value = _opt(raw, key, list, where)
    if value is None:
        return None
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            raise where.fail(f"{key}[{i}]", f"expected a text, got {item!r}")
    return tuple(item.strip() for item in value)


def _nat(raw: dict[str, Any], key: str, where: _Rec) -> int | None:
    value = _opt(raw, key, int, where)
    if value is not None and value < 0:
        raise where.fail(key, f"expected a whole number >= 0, got {value!r}")
    return value


def _element(value: str, where: _Rec, key: str) -> str:
    element = value.strip().lower()
    if element not in ELEMENTS:
        raise where.fail(key, f"unknown element {value!r}; known: {', '.join(ELEMENTS)}")
    return element


def _costs(raw: dict[str, Any], where: _Rec) -> tuple[int | None, int | None]:
    """(reserve, memory) from v1's ``cost_reserve``/``cost_memory`` or v2's ``cost``. A v2
    value that is not a number (``X``) is not known."""
    if "cost" not in raw:
        return _nat(raw, "cost_reserve", where), _nat(raw, "cost_memory", where)
    cost = _opt(raw, "cost", dict, where)
    if cost is None:
        return None, None
    kind = cost.get("type")
    if not isinstance(kind, str) or kind.lower() not in ("reserve", "memory"):
        raise where.fail("cost.type", f"expected reserve or memory, got {kind!r}")
    value = cost.get("value")
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int | str | None) or (
            isinstance(value, int) and value < 0):
        raise where.fail("cost.value", f"expected a whole number >= 0, got {value!r}")
    number = value if isinstance(value, int) else None
    return (number, None) if kind.lower() == "reserve" else (None, number)


def _speed(raw: dict[str, Any], where: _Rec) -> str | None:
    value = raw.get("speed")
    if value is None:
        return None
    if isinstance(value, bool):  # v1
        return "fast" if value else "slow"
    if isinstance(value, str) and value.strip().lower() in ("fast", "slow"):  # v2
        return value.strip().lower()
    raise where.fail("speed", f"expected true/false or fast/slow, got {value!r}")


def parse_record(raw: Any, file: str, index: int) -> Record:
    """Validate and normalise one card record."""
    where = _Rec(file, raw, index)
    if not isinstance(raw, dict):
        raise where.fail("(record)", f"expected a mapping, got {type(raw).__name__}")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise where.fail("name", f"expected a non-empty text, got {name!r}")
    uuid = _opt(raw, "uuid", str, where)
    text = _opt(raw, "effect_raw", str, where)
    if text is None:
        text = _opt(raw, "effect", str, where)
    types = _words(raw, "types", where)
    if "elements" in raw:
        found = _words(raw, "elements", where)
        elements = None if found is None else tuple(_element(e, where, "elements")
                                                    for e in found)
    else:
        element = _opt(raw, "element", str, where)
        elements = None if element is None else (_element(element, where, "element"),)
    reserve, memory = _costs(raw, where)
    orientation = _opt(raw, "orientation", str, where)
    return Record(
        name=name.strip(), uuid=uuid, text=(text or "").strip(),
        types=None if types is None else tuple(t.lower() for t in types),
        subtypes=tuple(s.capitalize() for s in _words(raw, "subtypes", where) or ()),
        classes=tuple(c.capitalize() for c in _words(raw, "classes", where) or ()),
        elements=elements, reserve_cost=reserve, memory_cost=memory,
        speed=_speed(raw, where), stats={s: _nat(raw, s, where) for s in STATS},
        back=orientation == "back")


def _records_of(doc: Any, file: str) -> list[Any]:
    """The records of a file: a list of records, a search page, or a list of pages."""
    if isinstance(doc, dict):
        if "data" not in doc:
            raise CardFileError(f"{file}: record (page): field data: missing; a search page "
                                "has its cards under 'data'")
        if not isinstance(doc["data"], list):
            raise CardFileError(f"{file}: record (page): field data: expected a list")
        return list(doc["data"])
    if isinstance(doc, list):
        if doc and all(isinstance(d, dict) and "data" in d and "name" not in d for d in doc):
            return [r for page in doc for r in _records_of(page, file)]
        return doc
    raise CardFileError(f"{file}: record (file): field (top): expected a list of cards or "
                        "a search page")


def read_records(paths: Iterable[Path]) -> list[Record]:
    """Every record of the files, in order; a duplicate uuid, or a duplicate name among
    records without one, is an error."""
    out: list[Record] = []
    seen: dict[str, str] = {}
    for path in paths:
        file = str(path)
        try:
            doc = json.loads(path.read_bytes())
        except OSError as exc:
            raise CardFileError(f"{file}: record (file): field (file): cannot read: "
                                f"{exc.strerror}") from exc
        except ValueError as exc:
            raise CardFileError(f"{file}: record (file): field (json): not JSON: {exc}") \
                from exc
        for index, raw in enumerate(_records_of(doc, file)):
            record = parse_record(raw, file, index)
            key = record.uuid or f"{record.name}/{'back' if record.back else 'front'}"
            if key in seen:
                field_name = "uuid" if record.uuid else "name"
                raise CardFileError(f"{file}: record {record.label!r}: field {field_name}: "
                                    f"duplicate, first in {seen[key]}")
            seen[key] = file
            out.append(record)
    return out


def card_fields(record: Record) -> tuple[dict[str, Any], list[str]]:
    """The record's printed characteristics as card-file fields, and what is missing for
    the card to be played (empty: the stats are complete)."""
    missing: list[str] = []
    fields: dict[str, Any] = {"name": record.name}
    types = record.types or ()
    if record.types is None:
        missing.append("type")
    kinds = [t for t in types if t in CARD_TYPES]
    other = [t for t in types if t not in CARD_TYPES and t not in SUPERTYPES and t != "token"]
    if record.types is not None and (len(kinds) != 1 or other):
        missing.append(f"type {' '.join(types)}")
    if kinds:
        fields["type"] = kinds[0]
    supertypes = [t for t in types if t in SUPERTYPES]
    if supertypes:
        fields["supertypes"] = supertypes
    if "token" in types:
        fields["token"] = True
    if record.elements is None:
        missing.append("element")
    elif len(record.elements) != 1:
        missing.append("several elements")
    else:
        fields["element"] = record.elements[0]
    classes = [c for c in record.classes if c in CLASSES]
    subtypes = [s for s in record.subtypes if s not in classes]
    if subtypes:
        fields["subtypes"] = subtypes
    if classes:
        fields["classes"] = classes
    kind = fields.get("type")
    if kind == "action" and record.speed == "fast":
        fields["speed"] = "fast"
    if "token" not in types:  # a token has no cost
        memory = kind == "champion" or "regalia" in supertypes
        cost = record.memory_cost if memory else record.reserve_cost
        if cost is None:
            missing.append("memory cost" if memory else "reserve cost")
        fields["memory_cost" if memory else "reserve_cost"] = cost
    wanted = {"champion": ("level", "life"), "ally": ("power", "life"),
              "weapon": ("power", "durability"), "attack": ("power",)}.get(str(kind), ())
    if kind == "domain" and "Siegeable" in subtypes:
        wanted = ("durability",)
    for stat in wanted:
        if record.stats.get(stat) is None:
            missing.append(stat)
        fields[stat] = record.stats.get(stat)
    return {k: v for k, v in fields.items() if v is not None}, missing
