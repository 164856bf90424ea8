"""The compiled modules (setup.py, gaenv/compiled.py; docs/engine.md, "Compiled"): they
type-check, the checkout runs them compiled, and a module compiled from an older source
is refused at import with the file named."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from gaenv import compiled

ROOT = Path(__file__).resolve().parents[1]


def test_the_compiled_modules_type_check_as_the_compiler_reads_them(tmp_path: Path) -> None:
    api = pytest.importorskip("mypy.api", reason="mypy is in the dev extra")
    out, err, status = api.run([*compiled.MYPY_FLAGS, "--cache-dir", str(tmp_path),
                                *(str(p) for p in compiled.sources(ROOT))])
    assert status == 0, out + err


def test_the_modules_in_use_are_the_compiled_ones() -> None:
    import gaenv.engine.game
    import gaenv.env.observation

    if os.environ.get("GAENV_COMPILE") == "0":
        pytest.skip("GAENV_COMPILE=0: pure Python is meant")
    for module in (gaenv.engine.game, gaenv.env.observation):
        assert module.__file__ is not None
        assert module.__file__.endswith(tuple(EXTENSION_SUFFIXES)), (
            f"{module.__name__} runs as pure Python: `make build` compiles it "
            "(GAENV_COMPILE=0 says that pure Python is meant)")


def test_they_import_from_outside_the_checkout(tmp_path: Path) -> None:
    """As the console scripts do (``gaenv``, run from any folder): the compiled modules
    and the runtime they share are found through the package alone."""
    done = subprocess.run([sys.executable, "-c", "import gaenv.engine.game, gaenv.env"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 0, done.stderr


def _project(tmp_path: Path, compiled_as: str) -> Path:
    """A project whose one compiled module, the engine's ``rules``, was built from
    ``compiled_as`` (its compiled module: an empty file will do); its root."""
    root = tmp_path / "project"
    engine = root / "gaenv" / "engine"
    engine.mkdir(parents=True)
    (engine / "rules.py").write_text(compiled_as)
    compiled.write_digests(root / "gaenv", compiled.digests(root))
    (engine / f"rules{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    return root


def test_a_build_of_the_sources_as_they_are_passes(tmp_path: Path) -> None:
    compiled.check(_project(tmp_path, "X = 1\n"))


def test_a_source_changed_after_the_build_is_named(tmp_path: Path) -> None:
    root = _project(tmp_path, "X = 1\n")
    (root / "gaenv" / "engine" / "rules.py").write_text("X = 2\n")
    with pytest.raises(compiled.StaleBuild, match=r"engine/rules\.py: changed since it was"):
        compiled.check(root)


def test_compiled_modules_without_their_digests_are_refused(tmp_path: Path) -> None:
    root = _project(tmp_path, "X = 1\n")
    (root / "gaenv" / compiled.DIGESTS).write_text("{not json")
    with pytest.raises(compiled.StaleBuild, match=r"compiled\.json: unreadable"):
        compiled.check(root)


def test_pure_python_needs_no_digests(tmp_path: Path) -> None:
    engine = tmp_path / "gaenv" / "engine"
    engine.mkdir(parents=True)
    (engine / "rules.py").write_text("X = 1\n")
    compiled.check(tmp_path)


PURE_GAMES = """
import random
from gaenv.cards.decks import builtin_deck_names, load_deck
from gaenv.duel.cards import builtin_decks as duel_decks
from gaenv.duel.game import DuelGame
from gaenv.engine import game

assert game.__file__.endswith(".py"), game.__file__
one, two = (load_deck(name) for name in builtin_deck_names()[:2])
rng = random.Random(0)
for played in (game.Game.new(one.cards, two.cards, seed=1),
               DuelGame.new(*duel_decks().values(), seed=1)):
    while not played.over:
        played.step(rng.randrange(len(played.decision.options)))
print("pure ok")
"""


def test_the_sources_run_as_pure_python(tmp_path: Path) -> None:
    """GAENV_COMPILE=0 installs the sources uncompiled: they import and play both games
    (a compiled module resolves names when it is built, plain Python as each line runs,
    so an order that only the compiler accepts is caught here)."""
    shutil.copytree(ROOT / "gaenv", tmp_path / "gaenv", ignore=shutil.ignore_patterns(
        "__pycache__", "*.so", compiled.DIGESTS))
    done = subprocess.run([sys.executable, "-c", PURE_GAMES], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert done.returncode == 0 and "pure ok" in done.stdout, done.stderr[-2000:]
