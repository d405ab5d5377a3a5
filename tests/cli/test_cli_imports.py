"""A command imports what it runs: `mrgraph --help` loads no engine (nor rich: it prints
typer's plain help), and an offline `mrgraph ask` on the embedded store loads no practice,
benchmark, server, Neo4j driver, networkx, nltk or dateutil's parser. Each command runs in a fresh process (the modules a process holds
are what it paid for)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.ingest.sample import sample_path
from mrgraph.store.memory import MemoryStore

ROOT = Path(__file__).resolve().parents[2]
# what no command but its own should import (the package's name, or a prefix of its modules)
HEAVY = ("mrgraph.experience.loop", "mrgraph.experience.trial", "mrgraph.eval",
         "mrgraph.serve", "mrgraph.ingest", "neo4j", "networkx", "nltk", "fastapi", "mcp",
         "uvicorn", "openai", "tiktoken", "dateutil.parser")
# run the CLI as `mrgraph` does, then list the modules the process imported
PROBE = ("import json, sys\nfrom mrgraph.cli import main\nrc = main(sys.argv[1:])\n"
         "print('\\n' + json.dumps(sorted(sys.modules)))\nsys.exit(rc)\n")


def imported(*args: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
                          cwd=ROOT, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


def test_help_imports_no_engine() -> None:
    modules = imported("--help")
    assert "mrgraph.cli" in modules  # the probe ran the CLI
    assert heavy(modules) == []
    assert not {"mrgraph.engine", "mrgraph.reconstruct", "mrgraph.store.memory"} & modules
    assert not {"typer.rich_utils", "rich.markdown"} & modules  # plain help, not rich panels
    assert not {"rich.console", "mrgraph.render", "mrgraph.dates"} & modules  # nothing printed


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("imports") / "graph"
    opened = MemoryStore(path, "default")
    ingest_file(opened, sample_path(), HeuristicExtractor())
    opened.close()
    return f"file:{path}"


@pytest.mark.parametrize("mode", ["active", "topk"])
def test_an_offline_ask_imports_only_the_ask_path(store: str, mode: str) -> None:
    modules = imported("ask", "Where does Maya live now?", "--mode", mode, "--llm", "heuristic",
                       "--store", store)
    assert {"mrgraph.engine", "mrgraph.reconstruct", "mrgraph.reader.read"} <= modules
    assert heavy(modules) == []
