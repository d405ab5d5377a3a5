"""Ingest benchmark: the LoCoMo dev conversations into a fresh embedded store (and Neo4j).

    python benchmarks/ingest.py ../shared/data/locomo_dev.json
    python benchmarks/ingest.py ../shared/data/locomo_dev.json --store bolt://localhost:7687
    python benchmarks/ingest.py ../shared/data/locomo_dev.json --workers 1   # no worker processes

Measures, per store: ingest turns/s of `mrgraph ingest` (load + heuristic extraction + write +
beliefs, one write unit per file), cold (the process's first ingest) and warm (best of the
next `--repeats` - 1, each into its own empty namespace), load time (open a new store object + the first read), and
p50/p95 of every toolkit read over a fixed, deterministic set of arguments drawn from the graph
(mrgraph.eval.probes.tool_arguments: the file's questions feed the searches, whose results feed
the id-taking reads; the speakers are the entities). Peak RSS is the process's, after the
embedded run. Targets: >= 2,000 turns/s, load <= 0.2 s.

CPU seconds are those of this process and of the worker processes that extracted in parallel
(`--workers`, default MRGRAPH_INGEST_WORKERS: 0 = one per core; mrgraph.ingest.parallel), so
turns/CPU-s compares the work done whatever the number of workers, and wall turns/s the time.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rich.console import Console

from mrgraph.config import Settings
from mrgraph.eval.summary import machine_description
from mrgraph.eval.locomo import load_locomo_qa
from mrgraph.eval.report import fmt, table
from mrgraph.eval.probes import peak_rss_mb, time_tools, tool_arguments
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.ingest.pipeline import forget_conversation, ingest_file
from mrgraph.store.uri import open_store
from mrgraph.toolkit import run_tool

NS = "bench-ingest"  # namespaces bench-ingest-1 .. -N


def _clear(settings: Settings, uri: str, ns: str) -> None:
    store = open_store(uri, ns, settings)
    for conversation in store.conversations():
        forget_conversation(store, conversation)
    store.close()


def _cpu() -> float:
    """CPU seconds of this process and of its children that ended (the ingest's workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), \
        resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _ingest(settings: Settings, uri: str, ns: str, path: Path, workers: int
            ) -> tuple[Any, float, float]:
    """One ingest into an empty namespace: (report, wall seconds, CPU seconds)."""
    _clear(settings, uri, ns)  # Neo4j: start from an empty namespace
    store = open_store(uri, ns, settings)
    started, cpu = time.perf_counter(), _cpu()
    ingested = ingest_file(store, path, HeuristicExtractor(), workers=workers)
    seconds, cpu = time.perf_counter() - started, _cpu() - cpu
    store.close()
    return ingested, seconds, cpu


def measure(settings: Settings, uri: str, path: Path, per_tool: int, repeats: int,
            workers: int) -> dict[str, Any]:
    """`repeats` ingests, each into its own empty namespace: the first is cold (lazy caches
    and imports warm up), the best of the others warm; reads run on the last namespace."""
    runs = [_ingest(settings, uri, f"{NS}-{i}", path, workers) for i in range(1, repeats + 1)]
    ingested, cold, cold_cpu = runs[0]
    warm, warm_cpu = min((r[1], r[2]) for r in runs[1:]) if repeats > 1 else (cold, cold_cpu)
    ns = f"{NS}-{repeats}"
    started = time.perf_counter()
    store = open_store(uri, ns, settings)
    opened = time.perf_counter()
    run_tool(store, "search_events", {"text": "support group", "limit": 5})
    load_seconds, first_read_ms = time.perf_counter() - started, (time.perf_counter() - opened) * 1000
    questions = [q.question for q in load_locomo_qa(path)]
    texts = [questions[i * len(questions) // per_tool] for i in range(min(per_tool, len(questions)))]
    speakers = [s for c in load(path) for s in c.speakers]
    tools = time_tools(store, tool_arguments(store, texts, speakers, per_tool))
    store.close()
    for i in range(1, repeats + 1):  # leave a server as it was
        _clear(settings, uri, f"{NS}-{i}")
    turns = ingested.turns
    return {"store": uri, "conversations": len(ingested.conversations), "turns": turns,
            "nodes": ingested.nodes, "edges": ingested.edges,
            "cold_seconds": round(cold, 4), "cold_turns_per_s": round(turns / cold, 1),
            "cold_turns_per_cpu_s": round(turns / cold_cpu, 1),
            "warm_seconds": round(warm, 4), "warm_turns_per_s": round(turns / warm, 1),
            "warm_turns_per_cpu_s": round(turns / warm_cpu, 1),
            "warm_cpu_s": [round(r[2], 3) for r in runs[1:]], "cold_cpu_s": round(cold_cpu, 3),
            "workers": ingested.workers,
            "load_seconds": round(load_seconds, 4), "first_read_ms": round(first_read_ms, 3),
            "tools": tools}


def markdown(runs: list[dict[str, Any]], rss: float) -> str:
    head = table(["store", "turns", "nodes", "edges", "workers", "cold turns/s", "warm turns/s",
                  "cold turns/CPU-s", "warm turns/CPU-s", "load s", "first read ms"],
                 [[_kind(r["store"]), r["turns"], r["nodes"], r["edges"], r["workers"],
                   r["cold_turns_per_s"],
                   r["warm_turns_per_s"], r["cold_turns_per_cpu_s"], r["warm_turns_per_cpu_s"],
                   r["load_seconds"],
                   r["first_read_ms"]] for r in runs])
    tools = list(dict.fromkeys(t for r in runs for t in r["tools"]))
    reads = table(["read (p50 / p95 ms, n)", *(_kind(r["store"]) for r in runs)],
                  [[t, *(_cell(r["tools"].get(t)) for r in runs)] for t in tools])
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"# Ingest benchmark\n\n{head}\n\nPeak RSS after the embedded run: {fmt(rss, 1)} MiB; "
            f"machine: {machine_description()}; load average at the end: {load}\n\n"
            f"## Toolkit reads\n\n{reads}\n")


def _kind(uri: str) -> str:
    return "embedded" if uri.startswith("file:") else "neo4j"


def _cell(stats: dict[str, float] | None) -> str:
    return f"{stats['p50']:.3f} / {stats['p95']:.3f} ({int(stats['n'])})" if stats else "—"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo JSON file")
    parser.add_argument("--store", default=None, help="also a Neo4j URI (bolt://HOST:7687)")
    parser.add_argument("--per-tool", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=3, help="ingests per store (first = cold)")
    parser.add_argument("--out", type=Path, default=None, help="write ingest.json and ingest.md")
    parser.add_argument("--workers", type=int, default=None,
                        help="extraction processes, a ceiling (default MRGRAPH_INGEST_WORKERS; "
                             "0: one per core; 1: none)")
    args = parser.parse_args(argv)
    settings, console = Settings.from_env(), Console()
    workers = settings.ingest_workers if args.workers is None else args.workers
    with tempfile.TemporaryDirectory(prefix="mrgraph-ingest-") as tmp:
        runs = [measure(settings, f"file:{tmp}/store", args.path, args.per_tool, args.repeats,
                        workers)]
    rss = peak_rss_mb()
    if args.store:
        runs.append(measure(settings, args.store, args.path, args.per_tool, args.repeats,
                            workers))
    text = markdown(runs, rss)
    console.print(text, markup=False, highlight=False)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "ingest.json").write_text(json.dumps({"peak_rss_mb": rss, "runs": runs},
                                                         indent=1), encoding="utf-8")
        (args.out / "ingest.md").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
