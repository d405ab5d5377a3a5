"""Imports point down: no module of mrgraph/ imports from a layer above its own.

The layers are listed once, in docs/architecture.md (the ```layers block, top first: a name,
then the modules and packages on it). Every import of every module is read from its source
(ast: module level, inside functions, under TYPE_CHECKING alike) and resolved to the module it
names; the layer of a module is that of the longest listed name it starts with.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "mrgraph"
ARCHITECTURE = ROOT / "docs" / "architecture.md"

# Upward edges another helper is removing now, each (importer, imported) with why. No other
# upward edge is allowed, and an exception that no longer occurs fails too (delete it then).
EXCEPTIONS: Mapping[tuple[str, str], str] = {}


def layers(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """(layer, names) from the ```layers block of `text`, top layer first."""
    block = re.search(r"```layers\n(.*?)```", text, flags=re.S)
    assert block, "docs/architecture.md has no ```layers block"
    rows = [line.split() for line in block[1].splitlines() if line.strip()]
    return [(row[0], tuple(row[1:])) for row in rows]


def module_names(package: Path) -> dict[str, Path]:
    """Dotted name -> source file of every module of the package."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, modules: Iterable[str]) -> set[str]:
    """The mrgraph modules `name` (at `path`) imports, anywhere in its source."""
    known = set(modules)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package, up level - 1
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            # `from a import b` names module a.b when there is one, else a name of a
            found.update(f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                         for a in node.names)
    return {m for m in found if m == "mrgraph" or m.startswith("mrgraph.")}


def layer_of(module: str, listed: list[tuple[str, tuple[str, ...]]]) -> int | None:
    """The index (0 = top) of the layer of the longest listed name `module` starts with. The
    root package ("mrgraph", its public API) is listed for itself only: a module of it that no
    line names is on no layer."""
    best: tuple[int, int] | None = None  # (length of the name, layer)
    for index, (_, names) in enumerate(listed):
        for listed_name in names:
            below = "." in listed_name and module.startswith(listed_name + ".")
            if module == listed_name or below:
                if best is None or len(listed_name) > best[0]:
                    best = (len(listed_name), index)
    return best[1] if best else None


def upward(graph: Mapping[str, Iterable[str]],
           listed: list[tuple[str, tuple[str, ...]]]) -> list[str]:
    """Every import in `graph` (importer -> imported) from a lower layer to a higher one."""
    found = []
    for importer, targets in sorted(graph.items()):
        low = layer_of(importer, listed)
        for target in sorted(set(targets)):
            high = layer_of(target, listed)
            if low is not None and high is not None and high < low:
                found.append(f"{importer} ({listed[low][0]}) imports {target} "
                             f"({listed[high][0]})")
    return found


LISTED = layers(ARCHITECTURE.read_text(encoding="utf-8"))
MODULES = module_names(PACKAGE)
GRAPH = {name: imports(name, path, MODULES) for name, path in MODULES.items()}


def test_every_module_is_on_a_layer() -> None:
    assert [m for m in MODULES if layer_of(m, LISTED) is None] == []
    listed = [n for _, names in LISTED for n in names]
    assert [n for n in listed if n not in MODULES] == []  # no stale name in the docs
    assert len(listed) == len(set(listed))


def test_no_import_points_up() -> None:
    allowed = {f"{a} ({LISTED[layer_of(a, LISTED) or 0][0]}) imports {b} "
               f"({LISTED[layer_of(b, LISTED) or 0][0]})" for a, b in EXCEPTIONS}
    assert [edge for edge in upward(GRAPH, LISTED) if edge not in allowed] == []


def test_every_exception_still_occurs() -> None:
    stale = [pair for pair in EXCEPTIONS if pair[1] not in GRAPH.get(pair[0], ())]
    assert stale == [], "an allowed upward import is gone: delete it from EXCEPTIONS"


def test_the_check_finds_an_upward_import() -> None:
    listed = [("top", ("pkg", "pkg.app")), ("middle", ("pkg.walk",)), ("bottom", ("pkg.types",))]
    graph = {"pkg.walk.step": ["pkg.types", "pkg.app.main"], "pkg.app": ["pkg.walk"],
             "pkg.types": []}
    assert upward(graph, listed) == ["pkg.walk.step (middle) imports pkg.app.main (top)"]
    assert layer_of("pkg.types.dates", listed) == 2 and layer_of("pkg", listed) == 0
    assert layer_of("pkg.new", listed) is None and layer_of("elsewhere", listed) is None


def test_imports_are_read_everywhere_in_a_module(tmp_path: Path) -> None:
    source = tmp_path / "pkg" / "walk" / "step.py"
    source.parent.mkdir(parents=True)
    source.write_text("from typing import TYPE_CHECKING\n"
                      "import mrgraph.types\n"
                      "from mrgraph import render\n"
                      "if TYPE_CHECKING:\n    from mrgraph.store.base import GraphStore\n"
                      "def late():\n    from mrgraph.engine import Memory\n"
                      "    from . import sibling\n", encoding="utf-8")
    found = imports("mrgraph.walk.step", source, ["mrgraph.render", "mrgraph.walk.sibling"])
    assert found == {"mrgraph.types", "mrgraph.render", "mrgraph.store.base", "mrgraph.engine",
                     "mrgraph.walk.sibling"}


def test_the_policies_reach_the_reader_only_through_the_answer_step() -> None:
    walkers = [m for m in GRAPH if m.startswith(("mrgraph.policies", "mrgraph.baselines"))]
    reaching = {m for m in walkers if any(t.startswith("mrgraph.reader") for t in GRAPH[m])}
    assert reaching == {"mrgraph.policies.answer"}


@pytest.mark.parametrize("folder, forbidden", [
    ("reader", "from mrgraph.policies"), ("policies", "from mrgraph.experience"),
    ("store", "from mrgraph.ingest"), ("experience", "mrgraph.eval")])
def test_the_issues_grep_checks(folder: str, forbidden: str) -> None:
    hits = [str(p.relative_to(ROOT)) for p in sorted((PACKAGE / folder).rglob("*.py"))
            if forbidden in p.read_text(encoding="utf-8")]
    assert hits == []
