"""A command imports what it runs: `mrgraph --help` loads no engine (nor rich: it prints
typer's plain help), and an offline `mrgraph ask` on the embedded store loads no practice,
benchmark, server, Neo4j driver, networkx, nltk or dateutil's parser, nor hashlib (OpenSSL), a
thread pool or importlib.resources. Each command runs in a fresh process (the modules a process
holds are what it paid for); a command runs in an app of its own (typer makes the click objects
of every command of the app it runs), which prints what the whole app prints."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mrgraph.cli import app, app_for
from mrgraph.cli.startup import collector_paused, frozen
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
    # node ids are made by ingest, thread pools by multi-call reads: an ask needs neither
    assert not {"hashlib", "_hashlib", "concurrent.futures"} & modules
    if mode == "active":  # the reader's fitted weights are read beside its modules (topk's
        assert "importlib.resources" not in modules  # baselines load mrgraph.prompts, which uses it)


@pytest.mark.parametrize("argv", [["ask", "--help"], ["stats", "--help"],
                                  ["local-model", "--help"], ["tool", "--help"]])
def test_a_command_alone_prints_what_the_whole_app_prints(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    alone = app_for(argv)
    assert alone is not app and len(alone.registered_commands) == 1
    assert alone(args=argv, standalone_mode=False, prog_name="mrgraph") == 0
    printed = capsys.readouterr().out
    assert app(args=argv, standalone_mode=False, prog_name="mrgraph") == 0
    assert printed == capsys.readouterr().out
    assert f"Usage: mrgraph {argv[0]} [OPTIONS]" in printed


@pytest.mark.parametrize("argv", [[], ["--help"], ["bench", "locomo"], ["nosuch"], ["ask2"]])
def test_groups_options_and_unknown_words_run_the_whole_app(argv: list[str]) -> None:
    assert app_for(argv) is app


def test_collector_paused_restores_the_collector() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_frozen_freezes_for_the_block_only_and_leaves_an_applications_freeze_alone() -> None:
    assert gc.get_freeze_count() == 0
    with frozen() as freeze:
        at_start = gc.get_freeze_count()
        made = [[] for _ in range(100)]
        freeze()  # what the block's imports made
        assert gc.get_freeze_count() >= at_start + len(made) > len(made)
    assert gc.get_freeze_count() == 0  # unfrozen: the process's collector as it was
    gc.freeze()  # an application's own
    try:
        kept = gc.get_freeze_count()
        with frozen() as freeze:
            freeze()
            assert gc.get_freeze_count() == kept
        assert gc.get_freeze_count() == kept
    finally:
        gc.unfreeze()
