"""Build: the core both games share, Grand Archive's rules engine and its observation
encoder are compiled to C extensions with mypyc (the modules listed in gaenv/compiled.py).

They are plain, fully typed Python; compiled, the engine plays about 2.7 times as many
decisions per second (docs/benchmarks.md, "The compiled engine"), which search rollouts,
training and the environment feel. Set ``GAENV_COMPILE=0`` to install them as pure Python
(no C compiler needed; every test passes either way). docs/engine.md, "Compiled", says
what their code must keep to; importing gaenv checks that the compiled modules are those
of the sources beside them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).parent
sys.path.insert(0, str(ROOT / "gaenv"))
import compiled  # noqa: E402  (gaenv/compiled.py, without the package: what is compiled)


class BuildCompiled(build_ext):
    """Generate the C code only when extensions are built (not for every setup.py call,
    such as pip's metadata step), and record the sources' digests only once the build has
    succeeded (a failed build leaves the old digests, so the old modules stay refused)."""

    def initialize_options(self) -> None:
        super().initialize_options()
        self.found: dict[str, str] = {}  # the sources' digests as the build began

    def finalize_options(self) -> None:
        if self.distribution.ext_modules:
            from mypyc.build import mypycify

            self.found = compiled.digests(ROOT)
            # The runtime the modules share is gaenv/native__mypyc, inside the package, so
            # that an editable install finds it too.
            self.distribution.ext_modules = mypycify(
                [*compiled.MYPY_FLAGS, *self.found], group_name="gaenv.native", opt_level="3")
        super().finalize_options()

    def run(self) -> None:
        super().run()
        if self.found:
            # Beside the modules built: in the checkout (in place, editable), and in the
            # build folder a wheel is made from (package data was copied there before).
            compiled.write_digests(ROOT / compiled.PACKAGE, self.found)
            if not self.inplace:
                compiled.write_digests(Path(self.build_lib) / compiled.PACKAGE, self.found)


compiling = os.environ.get("GAENV_COMPILE", "1") != "0"
setup(
    # A placeholder that makes the build platform-specific and runs BuildCompiled, which
    # replaces it with mypyc's extensions.
    ext_modules=[Extension("gaenv.native__mypyc", sources=[])] if compiling else [],
    cmdclass={"build_ext": BuildCompiled},
)
