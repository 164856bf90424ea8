"""Which modules the build compiles with mypyc (setup.py), and the check that the
compiled modules are those of the sources beside them.

The compiled modules are the core, the rules engine and the observation encoder: the code every
decision runs through (docs/engine.md, "Compiled"). Python imports a compiled module
(``X.cpython-*.so``) in preference to ``X.py``, so a source edited after the build would
silently not run. The build records a digest of each source it compiles (``compiled.json``
in this package); importing `gaenv` compares them and stops with a one-line error naming
the file when they differ. This module imports nothing from gaenv: setup.py loads it
before the package is built.
"""

from __future__ import annotations

import hashlib
import json
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

PACKAGE = "gaenv"
DIGESTS = "compiled.json"
# The compiled modules, relative to the project's root (the folder holding the package).
MODULES = ("gaenv/core/*.py", "gaenv/engine/*.py", "gaenv/env/observation.py")
NOT_COMPILED = frozenset({"__init__.py"})
# How mypy reads those modules when mypyc compiles them: they must type-check; what they
# import from elsewhere (a lazily imported card loader, numpy and PyYAML without stubs)
# is read but not checked. Code mypy thinks unreachable or a test it thinks redundant is
# an error: it is where a narrowing outlives a call that changed the value, which the
# compiled code would check and fail on (docs/engine.md, "Compiled").
MYPY_FLAGS = ("--follow-imports=silent", "--ignore-missing-imports", "--warn-unreachable",
              "--enable-error-code=redundant-expr")


class StaleBuild(ImportError):
    """A compiled module is not the build of the source beside it."""


def sources(root: Path) -> list[Path]:
    """The modules that are compiled, under the project ``root``."""
    return sorted(p for pattern in MODULES for p in root.glob(pattern)
                  if p.name not in NOT_COMPILED)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def digests(root: Path) -> dict[str, str]:
    """The digest of every source that is compiled, by its path under the project
    ``root`` (taken as the build begins)."""
    return {p.relative_to(root).as_posix(): _digest(p) for p in sources(root)}


def write_digests(package: Path, found: dict[str, str]) -> None:
    """Record ``found`` beside the compiled modules of the ``package`` folder (once they
    are built)."""
    (package / DIGESTS).write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")


def check(root: Path) -> None:
    """Raise `StaleBuild` if a module under ``root`` (the folder holding the package) is
    compiled from anything but its source as it is now."""
    built = [p for p in sources(root)
             if any(p.with_name(p.stem + s).exists() for s in EXTENSION_SUFFIXES)]
    if not built:
        return  # pure Python
    try:
        digests = json.loads((root / PACKAGE / DIGESTS).read_text())
    except (OSError, ValueError) as e:
        raise StaleBuild(f"{root / PACKAGE / DIGESTS}: unreadable ({e}); rebuild gaenv "
                         "(`make build`, or `pip install -e .` again)") from e
    for source in built:
        if digests.get(source.relative_to(root).as_posix()) != _digest(source):
            raise StaleBuild(f"{source}: changed since it was compiled; rebuild gaenv "
                             "(`make build`), or delete its compiled module "
                             f"({source.stem}.cpython-*.so) to run it as pure Python")
