"""Build: the rules engine and the observation encoder are compiled to C extensions with
mypyc (the modules listed in gaenv/compiled.py).

They are plain, fully typed Python; compiled, the engine runs about 2.5 times as fast
(docs/benchmarks.md), which search rollouts, training and the environment feel. Set
``GAENV_COMPILE=0`` to install them as pure Python (no C compiler needed; every test
passes either way). docs/engine.md, "Compiled", says what their code must keep to;
importing gaenv checks that the compiled modules are those of the sources beside them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).parent
sys.path.insert(0, str(ROOT / "gaenv"))
import compiled  # noqa: E402  (gaenv/compiled.py, without the package: what is compiled)

ext_modules = []
if os.environ.get("GAENV_COMPILE", "1") != "0":
    from mypyc.build import mypycify

    compiled.write_digest(ROOT)
    ext_modules = mypycify([*compiled.MYPY_FLAGS,
                            *(str(p.relative_to(ROOT)) for p in compiled.sources(ROOT))],
                           # (the runtime they share: gaenv/native__mypyc, inside the
                           # package, so that an editable install finds it too)
                           group_name="gaenv.native", opt_level="3")

setup(ext_modules=ext_modules)
