"""docs/benchmarks.md is written by more than one benchmark: each owns a section between
``<!-- begin NAME -->`` and ``<!-- end NAME -->`` and replaces only that one (a section
not there yet goes at the end), so one benchmark never erases another's figures."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"
HEADER = """# Benchmarks

Each section is written by the command it names; figures are only comparable within
one run on one machine.
"""


def section(name: str, doc: Path = DOC) -> str:
    """The current text of section ``name`` ("" if there is none)."""
    text = doc.read_text() if doc.exists() else ""
    found = re.search(rf"<!-- begin {name} -->\n(.*?)<!-- end {name} -->\n", text, re.S)
    return found.group(1) if found else ""


def update(name: str, body: str, doc: Path = DOC) -> None:
    """Write ``body`` as section ``name`` of the document, leaving the others as they are."""
    text = doc.read_text() if doc.exists() else HEADER
    block = f"<!-- begin {name} -->\n{body.rstrip()}\n<!-- end {name} -->\n"
    pattern = re.compile(rf"<!-- begin {name} -->\n.*?<!-- end {name} -->\n", re.S)
    text = pattern.sub(lambda _: block, text) if pattern.search(text) else (
        text.rstrip() + "\n\n" + block)
    doc.write_text(text)
