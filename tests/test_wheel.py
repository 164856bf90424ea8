"""The package as a user installs it: build the wheel, install it into a fresh virtualenv
and run it from a folder outside the checkout. The fresh environment sees this one's
site-packages for the dependencies (so nothing is downloaded), but not the checkout."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

FROM_THE_WHEEL = """
import importlib.util
import os
import sys
from pathlib import Path

import gaenv
from gaenv.agents.train_config import load
from gaenv.cards.decks import builtin_deck_names
from gaenv.env import gaenv_v0
from pettingzoo.test import api_test

assert Path(gaenv.__file__).is_relative_to(sys.prefix), gaenv.__file__
import gaenv.engine.game  # compiled unless the build was told not to (setup.py)
compiled = os.environ.get("GAENV_COMPILE", "1") != "0"
assert gaenv.engine.game.__file__.endswith(".so") == compiled, gaenv.engine.game.__file__
assert importlib.util.find_spec("agents") is None, "a top-level 'agents' package is installed"
assert len(builtin_deck_names()) >= 6, builtin_deck_names()
assert load("quick").name == "quick"
web = Path(importlib.util.find_spec("gaenv.web").origin).parent
assert (web / "static" / "index.html").is_file(), "the web page is not in the wheel"
api_test(gaenv_v0.env(seed=0), num_cycles=100)
api_test(gaenv_v0.env(game="duel", seed=0), num_cycles=100)  # the duel's cards and decks
print("wheel ok")
"""


def _run(command: list[str | Path], cwd: Path, timeout: int = 300) -> str:
    done = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv with the wheel built from this checkout installed; its bin/."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"  # a copy, so that the build leaves nothing in the checkout
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source)
    shutil.copytree(ROOT / "gaenv", source / "gaenv",  # (the wheel compiles its own engine)
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "compiled.json"))
    pip = [sys.executable, "-m", "pip"]
    # Compiling the engine from scratch takes about 5 minutes on CI's 2 cores; the limit
    # only stops a hung build (speed is measured by make bench, never here).
    _run([*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "--quiet",
          "--wheel-dir", tmp / "dist", source], tmp, timeout=1200)
    (wheel,) = (tmp / "dist").glob("gaenv-*.whl")
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv], tmp)
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    (venv / "lib" / version / "site-packages" / "dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n")
    _run([*pip, "--python", venv / "bin" / "python", "install", "--no-deps", "--no-index",
          "--quiet", wheel], tmp)
    return venv / "bin"


def test_the_wheel_simulates_and_passes_the_api_test(installed: Path, tmp_path: Path) -> None:
    out = _run([installed / "gaenv", "simulate", "--games", "2"], tmp_path)
    assert "games            2" in out and "built-in decks" in out
    out = _run([installed / "python", "-c", FROM_THE_WHEEL], tmp_path)
    assert out.count("Passed API test") == 2 and out.endswith("wheel ok\n")
