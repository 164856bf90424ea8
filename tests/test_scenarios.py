"""Every rules scenario under tests/scenarios/ must pass (docs/scenarios.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gaenv import scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").rglob("*.yaml"))


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 30


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_scenario(path: Path) -> None:
    loaded = scenario.load(path)
    assert loaded.data["rules"], "every scenario names its rules section"
    scenario.run(loaded)


def test_cli_reports_pass_and_fail(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = SCENARIOS[0]
    bad = tmp_path / "bad.yaml"
    bad.write_text(good.read_text().replace("expect:", "expect:\n  turn: 999", 1))
    assert scenario.main([str(good)]) == 0
    assert scenario.main([str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "PASS" in out and "FAIL" in out and "turn: expected 999" in out


def test_unknown_key_names_file_and_key(tmp_path: Path) -> None:
    bad = tmp_path / "typo.yaml"
    bad.write_text("name: x\nrules: y\nsetup: {}\nsteps: []\nexpectt: {}\n")
    with pytest.raises(scenario.ScenarioError, match=r"typo.yaml.*'expectt'"):
        scenario.load(bad)


def test_unknown_card_names_closest(tmp_path: Path) -> None:
    bad = tmp_path / "card.yaml"
    bad.write_text("name: x\nrules: y\nsetup:\n  players:\n    - lineage: [Spirit of Fyre]\n"
                   "    - {}\nsteps: []\n")
    with pytest.raises(scenario.ScenarioError, match=r"card.yaml.*Spirit of Fire"):
        scenario.run(scenario.load(bad))


def test_bare_yes_is_rejected(tmp_path: Path) -> None:
    bad = tmp_path / "yes.yaml"
    bad.write_text("name: x\nrules: y\nsetup:\n  players:\n    - lineage: [Spirit of Fire]\n"
                   "    - lineage: [Spirit of Water]\nsteps: [yes]\n")
    with pytest.raises(scenario.ScenarioError, match="quote"):
        scenario.run(scenario.load(bad))
