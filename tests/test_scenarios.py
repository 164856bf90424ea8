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


GOOD_SETUP = ("setup:\n  players:\n    - lineage: [Spirit of Fire]\n      hand: {hand}\n"
              "      field: [{{card: Practice Squire, damage: {damage}}}]\n"
              "    - lineage: [Spirit of Water]\n")


@pytest.mark.parametrize(("text", "message"), [
    ("seed: abc\n" + GOOD_SETUP.format(hand="[Quick Study]", damage=0),
     r"bad.yaml: seed: expected a whole number"),
    (GOOD_SETUP.format(hand="Ember Bolt", damage=0), r"players\[0\].hand: expected a list"),
    (GOOD_SETUP.format(hand="[Quick Study]", damage=-1), r"field\[0\].damage: expected a whole"),
    (GOOD_SETUP.format(hand="[Quick Study]", damage=0) + "expect: [1, 2]\n",
     "expect: expected a mapping"),
    ("seed: 1\nseed: 2\n" + GOOD_SETUP.format(hand="[Quick Study]", damage=0),
     "'seed' is given twice"),
])
def test_bad_values_are_scenario_errors(tmp_path: Path, text: str, message: str) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nrules: y\nsteps: []\n" + text)
    with pytest.raises(scenario.ScenarioError, match=message):
        scenario.run(scenario.load(bad))


def test_runner_reports_every_file_and_a_total(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a_bad.yaml").write_text("name: x\nrules: y\nsteps: []\nseed: abc\nsetup: {}\n")
    (tmp_path / "b_good.yaml").write_text(SCENARIOS[0].read_text())
    assert scenario.main([str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"FAIL {tmp_path / 'a_bad.yaml'}: ")
    assert out[1].startswith("PASS ")
    assert out[-1] == "1 passed, 1 failed"


def test_runner_usage_and_empty_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert scenario.main(["--help"]) == 0
    assert "usage" in capsys.readouterr().out
    assert scenario.main([]) == 2
    assert scenario.main([str(tmp_path)]) == 2
    assert "no scenario files" in capsys.readouterr().err


def test_unknown_expect_path_names_file(tmp_path: Path) -> None:
    bad = tmp_path / "path.yaml"
    bad.write_text("name: x\nrules: y\nsteps: []\n" + GOOD_SETUP.format(hand="[]", damage=0)
                   + "expect:\n  players.0.elbow: 1\n")
    with pytest.raises(scenario.ScenarioError, match=r"path.yaml: unknown expectation path"):
        scenario.run(scenario.load(bad))
