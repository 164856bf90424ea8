"""A pool of imported real cards: ``gaenv cards import``, ``coverage --pool`` and ``show``.

An import folder holds

- ``cards.yaml``: the playable cards in the project's card format (docs/cards.md): those
  whose text was fully translated and whose stats are complete, and with ``--vanilla``
  the others with complete stats, as stats only and flagged ``vanilla: true``; sorted by
  name, so the pool's order (the observation's card vocabulary) does not depend on the
  order of the records in the files imported;
- ``report.json``: the public summary (its keys are kept by a test);
- ``translations.json``: every record's stats, text, status, templates, keywords, the
  sentences not understood and the effect tree made (for ``coverage`` and ``show``).

The folder is written to a temporary folder beside it and moved into place once
complete, so a failed import leaves nothing behind. Every translated card goes through
the card schema (`gaenv.cards.schema.parse_card`) before it counts as understood.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml

from gaenv.cards.importer import Record, card_fields, read_records
from gaenv.cards.schema import CardFileError, CardPool, load_pool, parse_card
from gaenv.cards.translate import Translation, mechanic, translate
from gaenv.engine.effects import GATHERED

POOL_FILE = "cards.yaml"
REPORT_FILE = "report.json"
TRANSLATIONS_FILE = "translations.json"


def filled_fields(record: Record, out: Translation) -> dict[str, Any]:
    """The record's card fields with the unknown stats filled in (element norm, costs and
    stats 0, the type its translation suggests): what the schema checks a translation
    against, and how tests play a real card whose stats the data lacks."""
    guess = ("champion",) if "lineage" in out.fields else (
        ("action",) if {"effect", "modes"} & set(out.fields) else ("ally",))
    filled, _ = card_fields(dataclasses.replace(
        record, types=record.types or guess,
        elements=record.elements if record.elements and len(record.elements) == 1
        else ("norm",),
        reserve_cost=record.reserve_cost or 0, memory_cost=record.memory_cost or 0,
        stats={stat: value or 0 for stat, value in record.stats.items()}))
    return filled


def checked(record: Record, fields: dict[str, Any]) -> Translation:
    """The record's translation; a card the schema refuses is not understood. A record
    whose stats are not all known is checked with the unknown ones filled in
    (`filled_fields`)."""
    out = translate(record.name, fields.get("type"), record.text)
    if fields.get("type") == "weapon" and {"Gun", "Bow"} & set(fields.get("subtypes", ())):
        out.not_understood.append("(a Gun or Bow weapon attacks only when loaded)")
    filled = filled_fields(record, out)
    if not out.not_understood and "type" in filled:
        try:
            parse_card({**filled, **out.fields}, 0, "import")
        except CardFileError as exc:
            out.not_understood.append(f"(refused by the card schema: {exc})")
    return out


def summons(tree: Any) -> set[str]:
    """The token names a translated effect tree summons (gathering: the six ingredients,
    "Game Terms - Gather 2")."""
    if isinstance(tree, dict):
        found = {tree["summon"]["token"]} if isinstance(tree.get("summon"), dict) else set()
        if "gather" in tree:
            found |= set(GATHERED)
        return found.union(*(summons(v) for v in tree.values()))
    if isinstance(tree, list):
        return set().union(*(summons(v) for v in tree))
    return set()


def build(records: Iterable[Record], vanilla: bool = False
          ) -> tuple[list[dict[str, Any]], dict[str, Any], list[dict[str, Any]]]:
    """(the pool's cards, report.json, translations.json) for the records."""
    rows = []
    for record in records:
        fields, missing = card_fields(record)
        if record.back:
            missing.append("back face")
        rows.append((record, fields, missing, checked(record, fields)))
    playable = {r.name for r, _, missing, out in rows if not missing and out.status == "full"}
    tokens = {r.name for r, fields, _, _ in rows if fields.get("token") and r.name in playable}
    for record, _, _, out in rows:  # a summoned token must be a playable token card
        absent = sorted(summons(out.fields) - tokens)
        if record.name in playable and absent:
            out.not_understood.append(f"(summons {', '.join(absent)}: not a playable token)")
            playable.discard(record.name)
    pool: list[dict[str, Any]] = []  # sorted by name below: the card vocabulary's order
    report_cards: list[dict[str, Any]] = []
    details: list[dict[str, Any]] = []
    for record, fields, missing, out in rows:
        is_playable = record.name in playable
        played = "playable" if is_playable else "vanilla" if vanilla and not missing else "no"
        if is_playable:
            pool.append({**fields, **out.fields, "text": record.text})
        elif played == "vanilla":
            pool.append({**fields, "vanilla": True, "text": record.text})
        report_cards.append({
            "name": record.name, "uuid": record.uuid, "text": out.status,
            "stats": "missing" if missing else "complete", "playable": is_playable,
            "not_understood": out.not_understood})
        details.append({
            "name": record.name, "uuid": record.uuid, "played": played, "fields": fields,
            "missing": missing,
            "text": record.text, "status": out.status, "templates": sorted(set(out.templates)),
            "keywords": sorted(set(out.keywords)), "not_understood": out.not_understood,
            "mechanics": sorted({mechanic(s) for s in out.not_understood}),
            "translation": out.fields})
    pool.sort(key=lambda card: card["name"])
    statuses = Counter(c["text"] for c in report_cards)
    summary = {"cards": len(report_cards), "full": statuses["full"],
               "partial": statuses["partial"], "none": statuses["none"],
               "playable": len(playable)}
    return pool, {"summary": summary, "cards": report_cards}, details


def import_files(paths: list[Path], out: Path, vanilla: bool = False) -> dict[str, Any]:
    """Import the files into the folder ``out`` (replacing an earlier import there, with
    everything in it);
    returns the report's summary. Nothing is written if anything fails."""
    if out.exists() and any(out.iterdir()) and not (out / REPORT_FILE).exists():
        raise CardFileError(f"{out}: not empty and not an earlier import; choose another "
                            "--out folder")
    pool, report, details = build(read_records(paths), vanilla)
    out.parent.mkdir(parents=True, exist_ok=True)
    temp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        (temp / POOL_FILE).write_text(yaml.safe_dump(
            {"set": "imported", "cards": pool}, sort_keys=False, allow_unicode=True))
        load_pool([temp / POOL_FILE])  # the whole pool loads as the game will load it
        (temp / REPORT_FILE).write_text(json.dumps(report, indent=1, ensure_ascii=False))
        (temp / TRANSLATIONS_FILE).write_text(json.dumps(details, indent=1,
                                                         ensure_ascii=False))
        if out.exists():
            shutil.rmtree(out)
        os.replace(temp, out)
    finally:
        shutil.rmtree(temp, ignore_errors=True)
    return report["summary"]


def pool_files(folder: Path) -> tuple[str, ...]:
    """The card files of an import folder (``--pool DIR``), as the environment's ``pool``
    takes them: its ``cards.yaml`` and any other card file put there (tokens or champions
    of one's own), by file name, as absolute paths."""
    if not (folder / POOL_FILE).is_file():
        raise CardFileError(f"{folder}: no {POOL_FILE}; make one with gaenv cards import")
    return tuple(str(p.resolve()) for p in sorted(folder.glob("*.yaml")))


def load(folder: Path) -> CardPool:
    """The pool of an import folder (``--pool DIR``): its playable cards, and the cards of
    any other card file put there."""
    return load_pool([Path(f) for f in pool_files(folder)])


def _details(folder: Path) -> list[dict[str, Any]]:
    path = folder / TRANSLATIONS_FILE
    if not path.is_file():
        raise CardFileError(f"{folder}: no {TRANSLATIONS_FILE}; make one with gaenv cards "
                            "import")
    return json.loads(path.read_text())


def _percent(part: int, whole: int) -> str:
    return f"{part} ({100 * part / whole:.1f}%)" if whole else "0"


def coverage_lines(folder: Path) -> list[str]:
    """The summary, then cards per keyword, per template and per missing mechanic."""
    details = _details(folder)
    report = json.loads((folder / REPORT_FILE).read_text())["summary"]
    total = report["cards"]
    lines = [f"{total} cards: full {_percent(report['full'], total)}, partial "
             f"{_percent(report['partial'], total)}, none {_percent(report['none'], total)}, "
             f"playable {_percent(report['playable'], total)}"]
    for title, key in (("keyword", "keywords"), ("template", "templates"),
                       ("missing mechanic", "mechanics")):
        counts = Counter(item for d in details for item in d[key])
        lines.append(f"cards per {title}:")
        lines += [f"  {name:<34} {n}" for name, n in counts.most_common()]
    return lines


def show_lines(name: str, folder: Path) -> list[str]:
    """A card of an import folder: stats, text, status and effect tree."""
    details = {d["name"]: d for d in _details(folder)}
    if name not in details:
        import difflib

        close = difflib.get_close_matches(name, list(details), n=3, cutoff=0.5)
        raise CardFileError(f"{folder}: unknown card {name!r}"
                            + (f"; closest: {', '.join(map(repr, close))}" if close else ""))
    card = details[name]
    played = {"playable": "playable", "no": "not playable",
              "vanilla": "VANILLA: plays as stats only, its text ignored"}[card["played"]]
    lines = [f"{card['name']} ({card['uuid'] or 'no uuid'}): {played}"]
    lines += [f"  {key}: {value}" for key, value in card["fields"].items() if key != "name"]
    if card["missing"]:
        lines.append(f"  stats missing: {', '.join(card['missing'])}")
    lines.append(f"text ({card['status']}):")
    lines += [f"  {line}" for line in card["text"].splitlines() if line.strip()]
    if card["not_understood"]:
        lines.append("not understood:")
        lines += [f"  {s}" for s in card["not_understood"]]
    lines.append("effect tree:")
    tree = yaml.safe_dump(card["translation"], sort_keys=False, allow_unicode=True)
    lines += [f"  {line}" for line in tree.splitlines()] if card["translation"] else ["  -"]
    return lines
