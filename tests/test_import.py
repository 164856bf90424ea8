"""Importing real cards (docs/cards.md, Importing real cards): the official database's JSON
in both record generations, the report (a public interface), bad input, and the CLI.
Every card here is invented; the real data is used by tests/test_realcards.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from gaenv.cards import imported
from gaenv.cards.importer import read_records
from gaenv.cards.schema import CardFileError
from gaenv.cli import main


def v1(name: str, **over: Any) -> dict[str, Any]:
    """An invented v1 record of an ally with complete stats."""
    record = {"uuid": f"u-{name}", "name": name, "slug": name.lower(), "types": ["ALLY"],
              "subtypes": ["HUMAN", "WARRIOR"], "classes": ["WARRIOR"], "element": "FIRE",
              "effect_raw": "On Enter: Draw a card.", "cost_memory": None, "cost_reserve": 2,
              "level": None, "power": 2, "life": 1, "durability": None, "speed": None}
    record.update(over)
    return record


def v2(name: str, **over: Any) -> dict[str, Any]:
    """An invented v2 record of a fast action."""
    record = {"uuid": f"u-{name}", "name": name, "types": ["ACTION"], "subtypes": ["SPELL"],
              "classes": ["MAGE"], "elements": ["WATER"], "effect_raw": "Recover 2.",
              "cost": {"type": "reserve", "value": 1}, "speed": "Fast", "level": None,
              "power": None, "life": None, "durability": None}
    record.update(over)
    return record


def write(tmp: Path, doc: Any, name: str = "cards.json") -> Path:
    path = tmp / name
    path.write_text(json.dumps(doc))
    return path


def test_both_generations_normalise_to_card_fields(tmp_path: Path) -> None:
    page = {"data": [v2("Tide Charm")], "page": 1, "page_size": 50, "has_more": False}
    files = [write(tmp_path, [v1("Ember Page")], "a.json"), write(tmp_path, page, "b.json")]
    pool, report, _ = imported.build(read_records(files))
    ally, action = pool
    assert ally == {"name": "Ember Page", "type": "ally", "element": "fire",
                    "subtypes": ["Human"], "classes": ["Warrior"], "reserve_cost": 2,
                    "power": 2, "life": 1, "abilities": [{"on_enter": [{"draw": {"amount": 1}}]}],
                    "text": "On Enter: Draw a card."}
    assert action["speed"] == "fast" and action["element"] == "water"
    assert action["effect"] == [{"recover": 2}]
    assert report["summary"] == {"cards": 2, "full": 2, "partial": 0, "none": 0, "playable": 2}
    pages = [{"data": [v1("Ember Page")], "page": 1, "has_more": True}, page]
    assert [r.name for r in read_records([write(tmp_path, pages, "c.json")])] == [
        "Ember Page", "Tide Charm"]


def test_report_keys_are_the_public_interface(tmp_path: Path) -> None:
    records = [v1("Ember Page"), v1("Odd Page", effect_raw="Shuffle the moon."),
               v1("Blank Page", effect_raw=None, power=None),
               v1("Half Page", types=["ACTION"], power=None, life=None,
                  effect_raw="Draw a card.\n\nShuffle the moon.")]
    out = tmp_path / "pool"
    summary = imported.import_files([write(tmp_path, records)], out)
    report = json.loads((out / "report.json").read_text())
    assert set(report) == {"summary", "cards"}
    assert summary == report["summary"] == {"cards": 4, "full": 2, "partial": 1, "none": 1,
                                            "playable": 1}
    for card in report["cards"]:
        assert set(card) == {"name", "uuid", "text", "stats", "playable", "not_understood"}
    by_name = {c["name"]: c for c in report["cards"]}
    assert by_name["Blank Page"] == {"name": "Blank Page", "uuid": "u-Blank Page",
                                     "text": "full", "stats": "missing", "playable": False,
                                     "not_understood": []}
    assert by_name["Half Page"]["text"] == "partial"
    assert by_name["Half Page"]["not_understood"] == ["Shuffle the moon."]
    assert [c.name for c in imported.load(out).cards] == ["Ember Page"]


def test_vanilla_cards_are_flagged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = [v1("Ember Page"), v1("Odd Page", effect_raw="Shuffle the moon.")]
    out = tmp_path / "pool"
    assert main(["cards", "import", str(write(tmp_path, records)), "--out", str(out),
                 "--vanilla"]) == 0
    odd = imported.load(out).get("Odd Page")
    assert odd.vanilla and not odd.abilities
    assert json.loads((out / "report.json").read_text())["summary"]["playable"] == 1
    capsys.readouterr()
    assert main(["cards", "show", "Odd Page", "--pool", str(out)]) == 0
    assert "VANILLA" in capsys.readouterr().out


@pytest.mark.parametrize(("doc", "message"), [
    ("not json", r"bad.json: record \(file\): field \(json\): not JSON"),
    ({"page": 1}, r"bad.json: record \(page\): field data: missing"),
    ([v1("A", power="2")], r"bad.json: record 'u-A': field power: expected a whole number"),
    ([v1("A"), v1("B", uuid="u-A")], r"bad.json: record 'u-A': field uuid: duplicate"),
    ([v1("A", element="PLASMA")], r"record 'u-A': field element: unknown element 'PLASMA'"),
    ([v2("A", elements=["FIRE", 3])], r"record 'u-A': field elements\[1\]: expected a text"),
    ([v2("A", cost={"type": "gold", "value": 1})], r"record 'u-A': field cost.type"),
    ([v1("A", uuid=None, types="ALLY")], r"record 'A': field types: expected a list"),
])
def test_bad_input_is_one_line_exit_2_nothing_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], doc: Any, message: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    out = tmp_path / "pool"
    assert main(["cards", "import", str(bad), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert re.search(message, err), err
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"]
    with pytest.raises(CardFileError):
        read_records([bad])


def test_a_failed_import_keeps_the_earlier_one(tmp_path: Path) -> None:
    out = tmp_path / "pool"
    imported.import_files([write(tmp_path, [v1("Ember Page")])], out)
    bad = write(tmp_path, [v1("A", power=-1)], "bad.json")
    with pytest.raises(CardFileError, match="field power"):
        imported.import_files([bad], out)
    assert [c.name for c in imported.load(out).cards] == ["Ember Page"]
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep")
    with pytest.raises(CardFileError, match="not an earlier import"):
        imported.import_files([write(tmp_path, [v1("B")])], tmp_path / "mine")


def test_coverage_and_show(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pool"
    records = [v1("Ember Page"), v1("Odd Page", effect_raw="Transform the moon.")]
    imported.import_files([write(tmp_path, records)], out)
    assert main(["cards", "coverage", "--pool", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("2 cards: full 1 (50.0%), partial 0 (0.0%), none 1 (50.0%), "
                           "playable 1 (50.0%)")
    assert "on enter" in text and "Transform" in text
    assert main(["cards", "show", "Ember Page", "--pool", str(out)]) == 0
    shown = capsys.readouterr().out
    assert "text (full):" in shown and "draw:" in shown and "power: 2" in shown
    assert main(["cards", "show", "Ember Pag", "--pool", str(out)]) == 2
    assert "closest: 'Ember Page'" in capsys.readouterr().err


def test_decks_with_vanilla_cards_are_flagged(tmp_path: Path) -> None:
    from gaenv.cli import vanilla_line
    from gaenv.engine.game import DeckList

    out = tmp_path / "pool"
    imported.import_files([write(tmp_path, [v1("Ember Page"), v1("Odd Page", effect_raw="?")])],
                          out, vanilla=True)
    pool = imported.load(out)
    plain = DeckList("plain", (pool.get("Ember Page"),), ())
    assert vanilla_line([plain]) is None
    mixed = DeckList("mixed", (pool.get("Ember Page"), pool.get("Odd Page")), ())
    assert vanilla_line([plain, mixed]) == ("VANILLA: 1 card(s) play as stats only, their "
                                            "text ignored: Odd Page")
