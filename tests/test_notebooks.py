"""The notebooks run top to bottom (nbclient), on tiny parameters, so that they never rot.

Each notebook's cell tagged ``parameters`` is replaced by the test's values before it runs.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def run(name: str, parameters: dict[str, object]) -> nbformat.NotebookNode:
    """The notebook ``name`` executed with ``parameters``; any cell's error fails the test."""
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    cell = next(c for c in notebook.cells if "parameters" in c.metadata.get("tags", []))
    cell.source = "\n".join(f"{key} = {value!r}" for key, value in parameters.items())
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    return notebook


def images(notebook: nbformat.NotebookNode) -> int:
    return sum("image/png" in output.get("data", {}) for cell in notebook.cells
               if cell.cell_type == "code" for output in cell.outputs)


def test_balance_study_notebook(tmp_path: Path) -> None:
    config = tmp_path / "tiny.yaml"
    config.write_text("decks: [ember_vanguard, iron_bastion]\ngames: 2\npilot_games: 2\n")
    out = tmp_path / "study"
    notebook = run("balance_study.ipynb", {"CONFIG": str(config), "OUT": str(out),
                                           "WORKERS": 1})
    report = json.loads((out / "report.json").read_text())
    assert report["games"] == 2 * 2 * 2
    assert images(notebook) >= 5  # the report's four plots and the notebook's own


def test_training_analysis_notebook(tiny_run: tuple[Path, Path, list[str]]) -> None:
    _, folder, _ = tiny_run
    notebook = run("training_analysis.ipynb", {"RUN": str(folder)})
    assert images(notebook) >= 2  # curve.png and the TensorBoard scalars
    text = "".join(output.get("text", "") for cell in notebook.cells
                   if cell.cell_type == "code" for output in cell.outputs)
    assert "best evaluation: step" in text
