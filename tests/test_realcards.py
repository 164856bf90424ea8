"""Real cards: the shared part of the real pool (../shared/reference/ga-card-data/, or
$GAENV_CARD_DATA) imported at test time, never copied into the repository. Every
translator template has a scenario in tests/realcards/ with a real card that uses it
(named in the scenario's ``rules`` as ``template: NAME``), and a deliberately wrong
translation of a template makes its scenario fail. Skipped when the data is absent."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from gaenv import scenario
from gaenv.cards import imported, translate
from gaenv.cards.importer import CLASSES, card_fields, read_records
from gaenv.cards.schema import CardPool
from gaenv.cli import main

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("GAENV_CARD_DATA",
                           ROOT.parent / "shared" / "reference" / "ga-card-data"))
RECORDS = DATA / "ga-cards-v1-public.json"
HERE = Path(__file__).parent / "realcards"
SCENARIOS = sorted(HERE.glob("*.yaml"))
# Scenarios of real cards whose text translates fully but whose stats the shared data
# lacks: played with those stats filled in as the importer checks them (element norm,
# costs and stats 0: `imported.filled_fields`; but an unknown life 10, so that a unit
# stays on the field, an unknown reserve cost 2, so that paying it reveals cards for
# Imbue, an action of unknown speed fast, so that it can answer, and unknown classes every
# class but Spirit, so that a Class Bonus holds under a helper champion of a class and not
# under a Spirit), so the text is what they test.
UNKNOWN_STATS = sorted((HERE / "unknown_stats").glob("*.yaml"))


def _import(folder: Path) -> CardPool:
    if not RECORDS.is_file():
        pytest.skip(f"real card data absent: no {RECORDS} (set GAENV_CARD_DATA to the "
                    "folder holding ga-cards-v1-public.json)")
    imported.import_files([RECORDS], folder)
    shutil.copy(HERE.parent / "realcard_helpers.yaml", folder / "helpers.yaml")
    return imported.load(folder)


@pytest.fixture(scope="module")
def pool_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("realpool") / "pool"
    _import(folder)
    return folder


@pytest.fixture(scope="module")
def pool(pool_dir: Path) -> CardPool:
    return imported.load(pool_dir)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(path: Path, pool: CardPool) -> None:
    scenario.run(scenario.load(path), pool)


@pytest.fixture(scope="module")
def filled_pool(pool_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    """The import, plus every fully translated front face it could not play for want of
    stats, with those filled in (see ``UNKNOWN_STATS``)."""
    folder = tmp_path_factory.mktemp("filled")
    for path in pool_dir.glob("*.yaml"):
        shutil.copy(path, folder / path.name)
    known = {c["name"] for name in (imported.POOL_FILE, "helpers.yaml")
             for c in yaml.safe_load((pool_dir / name).read_text())["cards"]}
    cards = []
    for record in read_records([RECORDS]):
        fields, missing = card_fields(record)
        out = imported.checked(record, fields)
        if missing and not record.back and out.status == "full" and record.name not in known:
            known.add(record.name)
            card = {**imported.filled_fields(record, out), **out.fields}
            if "life" in card and record.stats.get("life") is None:  # unknown: alive
                card["life"] = 10
            if "reserve_cost" in card and record.reserve_cost is None:  # one to pay (Imbue)
                card["reserve_cost"] = 2
            if card["type"] == "action" and record.speed is None:  # one to answer with
                card["speed"] = "fast"
            if not record.classes and card["type"] != "champion":  # unknown: any but Spirit
                card["classes"] = [c for c in CLASSES if c != "Spirit"]
            cards.append(card)
    # A card that summons a token neither imported nor filled in cannot be played.
    cards = [card for card in cards if imported.summons(card) <= known]
    (folder / "filled.yaml").write_text(yaml.safe_dump({"set": "filled", "cards": cards}))
    return imported.load(folder)


@pytest.mark.parametrize("path", UNKNOWN_STATS, ids=lambda p: p.stem)
def test_scenario_of_a_card_with_unknown_stats(path: Path, filled_pool: CardPool) -> None:
    scenario.run(scenario.load(path), filled_pool)


def _templates(rules: str) -> set[str]:
    return set(re.findall(r"template: ([^;]+)", rules))


def test_every_template_of_a_playable_card_has_a_scenario(pool_dir: Path) -> None:
    covered = set().union(*(_templates(scenario.load(p).data["rules"])
                            for p in (*SCENARIOS, *UNKNOWN_STATS)))
    details = json.loads((pool_dir / imported.TRANSLATIONS_FILE).read_text())
    used = {t for d in details if d["played"] == "playable" for t in d["templates"]}
    assert used - covered == set(), "templates without a real-card scenario"


def test_report_on_the_shared_data(pool_dir: Path) -> None:
    report = json.loads((pool_dir / imported.REPORT_FILE).read_text())
    summary = report["summary"]
    assert summary["cards"] == 1168
    assert summary["full"] + summary["partial"] + summary["none"] == summary["cards"]
    # A floor: coverage only goes up, except where a wrong template is made to refuse
    # (cards reading an object's keyword as its printed one, declaring a target behind a
    # restriction bubble that locks it, or asking one object for two types, "phantasia
    # allies", as either type; a static reading an object's keywords now).
    assert summary["full"] >= 634
    assert summary["playable"] == sum(c["playable"] for c in report["cards"])


@pytest.fixture
def wrong_damage(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The "deal damage" template, deliberately wrong: one damage more than printed."""
    def wrong(template: translate.Template) -> translate.Template:
        if template.name != "deal damage":
            return template

        def more(m: re.Match[str]) -> list[dict[str, object]]:
            steps = template.build(m)
            for step in steps:
                args = step["deal_damage"]
                if isinstance(args["amount"], int):
                    args["amount"] += 1
            return steps
        return dataclasses.replace(template, build=more)

    monkeypatch.setattr(translate, "STEP_TEMPLATES",
                        tuple(wrong(t) for t in translate.STEP_TEMPLATES))
    yield


def test_a_wrong_template_fails_its_scenario(tmp_path: Path, wrong_damage: None) -> None:
    pool = _import(tmp_path / "pool")
    with pytest.raises(scenario.ScenarioFailure, match="damage: expected 1, got 2"):
        scenario.run(scenario.load(HERE / "deal_damage_mark_the_target.yaml"), pool)


def test_decks_around_real_champions_are_legal_and_play(
        pool_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    decks = []
    for champion in ("Zander", "Gwendolyn"):
        out = tmp_path / f"{champion}.yaml"
        assert main(["cards", "decks", "--pool", str(pool_dir), "--champion", champion,
                     "--out", str(out)]) == 0
        assert main(["cards", "decks", "--pool", str(pool_dir), "--deck", str(out)]) == 0
        decks.append(str(out))
    assert main(["simulate", "--pool", str(pool_dir), "--decks", *decks, "--games", "2",
                 "--check"]) == 0
    assert "card conservation and statics held" in capsys.readouterr().out
    assert main(["simulate", "--pool", str(pool_dir)]) == 2
    assert "give decks of its cards with --decks A B" in capsys.readouterr().err
    assert main(["cards", "decks", "--pool", str(pool_dir), "--champion", "Nobody"]) == 2
    assert "no champion named 'Nobody'; champions:" in capsys.readouterr().err


# The four champion lineages whose cards translate best on the shared data
# (docs/cards.md, Decks of real cards).
REAL_DECKS = ("Zander", "Silvie", "Spirit of Fire", "Gwendolyn")


def test_four_real_decks_are_legal_and_fuzz_clean(tmp_path: Path) -> None:
    """The four real decks of docs/cards.md, built from a fresh import (no helper cards
    beside it), are legal and play every seat-ordered pairing once through the fuzzer
    with every check and no failure (the 1,000-game run is in docs/cards.md)."""
    folder = tmp_path / "pool"
    if not RECORDS.is_file():
        pytest.skip(f"real card data absent: no {RECORDS}")
    imported.import_files([RECORDS], folder)
    decks = []
    for champion in REAL_DECKS:
        out = tmp_path / f"{champion.replace(' ', '_')}.yaml"
        assert main(["cards", "decks", "--pool", str(folder), "--champion", champion,
                     "--out", str(out)]) == 0
        assert main(["cards", "decks", "--pool", str(folder), "--deck", str(out)]) == 0
        decks.append(str(out))
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "fuzz.py"), "--games", "16",
                           "--workers", "1", "--out", str(tmp_path / "fuzz"), "--pool",
                           str(folder), "--decks", *decks],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "16 games (seeds 0..15)" in done.stdout and "0 failed" in done.stdout


def test_the_scenario_runner_takes_a_pool(pool_dir: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    one = str(HERE / "destroy_raze_the_land.yaml")
    assert scenario.main(["--pool", str(pool_dir), one]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    assert scenario.main(["--pool", str(pool_dir.parent / "nowhere"), one]) == 2
    assert "no cards.yaml" in capsys.readouterr().err
