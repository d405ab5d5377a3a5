"""The scale benchmark: synthetic conversations (mrgraph.eval.synth) at growing sizes.

For each size (turns) the conversations are ingested, `chunk_turns` turns of whole conversations
per write unit, all into ONE namespace: the stress case of a single tenant whose graph holds
every turn. Measured per size:

* ingest: turns/s of extract + build + write + belief refresh + save (generation excluded,
  reported apart), the number of write units, peak RSS of the ingesting process;
* the store: size on disk (embedded), load time = open + first read in a fresh process, the
  first read alone, RSS of the process serving the loaded store;
* p50/p95 of every toolkit read over a fixed, deterministic set of arguments drawn from the
  graph (`mrgraph.eval.probes`), and of `ask` in each mode over synthetic questions spread evenly
  over the conversations;
* append: a fresh process opens the store and ingests `append_turns` more turns (other
  conversations, seed + 1) in one write unit: the cost of a small ingest into a big store.

With `isolate=True` (the default) ingest and serving each run in a fresh spawned process, so
peak RSS and load time are per size rather than the running maximum of one process.
"""

from __future__ import annotations

import gc
import json
import multiprocessing
import queue
import shutil
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from mrgraph.config import Settings
from mrgraph.errors import UserError
from mrgraph.eval import report, synth
from mrgraph.eval.bench import (
    DEFAULT_MODES,
    IngestTiming,
    fresh_store_uri,
    ingest_conversations,
)
from mrgraph.eval.probes import elapsed_ms, peak_rss_mb, time_asks, time_tools, tool_arguments
from mrgraph.eval.summary import machine_description
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import forget_conversation
from mrgraph.store.base import GraphStore
from mrgraph.store.uri import open_store
from mrgraph.toolkit import run_tool
from mrgraph.types import Conversation

Tick = Callable[[int], None]


@dataclass(frozen=True)
class ScaleOptions:
    chunk_turns: int = 50_000  # turns per write unit (whole conversations)
    seed: int = 0
    per_tool: int = 30  # argument sets per toolkit read
    questions: int = 20  # ask() calls per mode
    modes: tuple[str, ...] = DEFAULT_MODES
    isolate: bool = True  # ingest and serve each size in a fresh process
    keep_stores: bool = False  # afterwards: delete embedded stores, empty server namespaces
    full_names: bool = True  # synth.SynthConfig.full_names: False reuses ~90 first names
    append_turns: int = 1000  # the small ingest into the full store (0: skip)
    reuse: bool = False  # the store of each size exists (a kept one): serve (and append) only


# ------------------------------------------------------------------ one size


@dataclass(frozen=True)
class SizeJob:
    turns: int
    uri: str
    ns: str
    settings: Settings
    options: ScaleOptions


def _flush(store: GraphStore, chunk: list[Conversation], timing: IngestTiming,
           tick: Tick | None) -> None:
    done = ingest_conversations(store, chunk, HeuristicExtractor())
    timing.add(done)
    chunk.clear()
    if tick is not None:
        tick(done.turns)


def ingest_size(job: SizeJob, tick: Tick | None = None) -> dict[str, Any]:
    """Generate and ingest `job.turns` synthetic turns; timings, counts and probe questions."""
    store = open_store(job.uri, job.ns, job.settings)
    for conversation in store.conversations():  # a server store: start from an empty namespace
        forget_conversation(store, conversation)
    timing, units, pending, generate_seconds, cpu = IngestTiming(), 0, 0, 0.0, 0.0
    chunk: list[Conversation] = []
    probes: list[tuple[str, tuple[str, ...]]] = []
    samples = synth.generate(job.turns, synth.SynthConfig(seed=job.options.seed,
                                                          full_names=job.options.full_names))
    while True:
        started = time.perf_counter()
        sample = next(samples, None)
        generate_seconds += time.perf_counter() - started
        if sample is not None:
            chunk.append(sample.conversation)
            probes.append((sample.qa[0].question if sample.qa else "",
                           sample.conversation.speakers))
            pending += sample.turns
        if chunk and (sample is None or pending >= job.options.chunk_turns):
            started = time.process_time()
            _flush(store, chunk, timing, tick)
            cpu += time.process_time() - started
            units, pending = units + 1, 0
        if sample is None:
            break
    stats = store.stats()
    store.close()
    phases = {k: round(getattr(timing, k), 3) for k in ("extract", "build", "write", "beliefs",
                                                         "save")}
    return {"turns": job.turns, "conversations": len(probes), "nodes": sum(stats.nodes.values()),
            "edges": sum(stats.edges.values()), "write_units": units,
            "ingest_seconds": round(timing.seconds, 3), "phases": phases,
            "generate_seconds": round(generate_seconds, 3),
            "turns_per_s": round(job.turns / max(timing.seconds, 1e-9), 1),
            "ingest_cpu_seconds": round(cpu, 3), "turns_per_cpu_s": round(job.turns / max(cpu, 1e-9), 1),
            "ingest_peak_rss_mb": peak_rss_mb(), "probes": probes}


def _spread(items: Sequence[Any], n: int) -> list[Any]:
    """`n` items evenly spread over `items` (deterministic)."""
    if len(items) <= n:
        return list(items)
    return [items[i * len(items) // n] for i in range(n)]


def serve_size(job: SizeJob, probes: Sequence[tuple[str, Sequence[str]]]) -> dict[str, Any]:
    """Open the store fresh, time the first read, the toolkit reads and ask."""
    started, cpu = time.perf_counter(), time.process_time()
    store = open_store(job.uri, job.ns, job.settings)
    opened = time.perf_counter()
    run_tool(store, "search_events", {"text": "hiking with my sister", "limit": 5})
    first_read_ms = elapsed_ms(opened)
    load_seconds, load_cpu = time.perf_counter() - started, time.process_time() - cpu
    chosen = _spread([p for p in probes if p[0]], max(job.options.per_tool, job.options.questions))
    texts = [q for q, _ in chosen]
    entities = [name for _, speakers in chosen for name in speakers]
    tools = time_tools(store, tool_arguments(store, texts, entities, job.options.per_tool))
    asks = time_asks(store, _spread(texts, job.options.questions), job.options.modes)
    store.close()
    return {"load_seconds": round(load_seconds, 4), "load_cpu_seconds": round(load_cpu, 4),
            "first_read_ms": round(first_read_ms, 3),
            "serve_peak_rss_mb": peak_rss_mb(), "tools": tools, "ask": asks}


def append_size(job: SizeJob) -> dict[str, Any]:
    """Open the full store and ingest `append_turns` more turns in one write unit (the store is
    left with them: run after serve_size)."""
    turns = job.options.append_turns
    conversations = [s.conversation for s in synth.generate(turns, synth.SynthConfig(
        seed=job.options.seed + 1, full_names=job.options.full_names))]
    started, cpu = time.perf_counter(), time.process_time()
    store = open_store(job.uri, job.ns, job.settings)
    opened = time.perf_counter()
    ingest_conversations(store, conversations, HeuristicExtractor())
    store.close()
    return {"append_turns": turns, "append_open_seconds": round(opened - started, 4),
            "append_seconds": round(time.perf_counter() - started, 4),
            "append_cpu_seconds": round(time.process_time() - cpu, 4),
            "append_peak_rss_mb": peak_rss_mb()}


def _child(kind: str, job: SizeJob, probes: Any, out: Any) -> None:
    """Entry point of an isolated process: runs ingest, serve or append; sends the result."""
    try:
        if kind == "ingest":
            result = ingest_size(job, lambda n: out.put(("tick", n)))
        elif kind == "append":
            result = append_size(job)
        else:
            result = serve_size(job, probes)
        out.put(("done", result))
    except BaseException as exc:  # reported to the parent, which raises it
        out.put(("error", f"{type(exc).__name__}: {exc}"))


def _isolated(kind: str, job: SizeJob, probes: Any, tick: Tick | None) -> dict[str, Any]:
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    process = ctx.Process(target=_child, args=(kind, job, probes, out), daemon=True)
    process.start()
    try:
        while True:
            try:
                tag, value = out.get(timeout=1.0)
            except queue.Empty:
                if not process.is_alive():
                    raise RuntimeError(f"scale {kind} process for {job.turns} turns died "
                                       f"(exit code {process.exitcode})") from None
                continue
            if tag == "tick" and tick is not None:
                tick(value)
            elif tag == "error":
                raise RuntimeError(f"scale {kind} at {job.turns} turns failed: {value}")
            elif tag == "done":
                return dict(value)
    finally:
        process.join(timeout=60)


def reused_size(job: SizeJob) -> dict[str, Any]:
    """A kept store of this size, not ingested again: its counts and the probe questions
    ingest_size would return, from the generator alone (same seed, same conversations)."""
    samples = synth.generate(job.turns, synth.SynthConfig(seed=job.options.seed,
                                                          full_names=job.options.full_names))
    probes = [(s.qa[0].question if s.qa else "", s.conversation.speakers) for s in samples]
    store = open_store(job.uri, job.ns, job.settings)
    stats = store.stats()
    store.close()
    return {"turns": job.turns, "conversations": len(probes), "reused_store": True,
            "nodes": sum(stats.nodes.values()), "edges": sum(stats.edges.values()),
            "write_units": None, "ingest_seconds": None, "turns_per_s": None,
            "ingest_peak_rss_mb": 0.0, "probes": probes}


def run_size(job: SizeJob, tick: Tick | None = None) -> dict[str, Any]:
    """Ingest (or, reusing a kept store, only generate the probes) then serve one size; the
    merged measurements."""
    appended: dict[str, Any] = {}
    isolated = job.options.isolate
    if job.options.reuse:
        ingested = reused_size(job)
    else:
        ingested = _isolated("ingest", job, None, tick) if isolated else ingest_size(job, tick)
        gc.collect()
    served = (_isolated("serve", job, ingested["probes"], None) if isolated
              else serve_size(job, ingested["probes"]))
    store_bytes = _disk_bytes(job.uri)
    if job.options.append_turns > 0:
        appended = _isolated("append", job, None, None) if isolated else append_size(job)
    del ingested["probes"]
    ingested["peak_rss_mb"] = max(ingested["ingest_peak_rss_mb"], served["serve_peak_rss_mb"])
    return {**ingested, **served, **appended, "store_bytes": store_bytes}


def _disk_bytes(uri: str) -> int | None:
    if not uri.startswith("file:"):
        return None  # a server's files are not ours to measure
    root = Path(uri[len("file:"):])
    return sum(p.stat().st_size for p in root.rglob("*") if p.is_file())


# ------------------------------------------------------------------ the benchmark


def _job(settings: Settings, turns: int, out_dir: Path, store: str | None,
         options: ScaleOptions) -> SizeJob:
    if store:
        return SizeJob(turns, store, f"scale-{turns}-{options.seed}", settings, options)
    directory = out_dir / f"store-{turns}"
    if options.reuse:  # the kept store, as it is
        if not (directory / "scale.sqlite").is_file():
            raise UserError(f"no kept store of {turns:,} turns in {directory} to reuse")
        return SizeJob(turns, f"file:{directory}", "scale", settings, options)
    return SizeJob(turns, fresh_store_uri(directory), "scale", settings, options)


def run_scale(settings: Settings, turns: Sequence[int], *, out_dir: str | Path,
              store: str | None = None, console: Console | None = None,
              options: ScaleOptions | None = None) -> str:
    """Run every size (see the module docstring); writes scale.json, scale.md (and scale.png
    with matplotlib) in `out_dir`; returns a short summary."""
    options = options or ScaleOptions()
    sizes = sorted({int(t) for t in turns})
    if not sizes or sizes[0] < 1:
        raise UserError(f"sizes must be positive turn counts, got {list(turns)}")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    runs: list[dict[str, Any]] = []
    with Progress(TextColumn("[bold]scale[/] {task.description}"), BarColumn(),
                  MofNCompleteColumn(), TextColumn("turns"), TimeElapsedColumn(),
                  console=console, transient=True, disable=console is None) as bar:
        for size in sizes:
            task = bar.add_task(f"{size:,}", total=size)
            job = _job(settings, size, out, store, options)
            runs.append(run_size(job, _advancer(bar, task)))
            if not options.keep_stores:
                _discard(job)
            _write(out, options, runs)  # after every size: a long run keeps what it measured
    return _summary_line(runs, out)


def _discard(job: SizeJob) -> None:
    """Delete the size's embedded store, or empty its namespace on a server."""
    if job.uri.startswith("file:"):
        shutil.rmtree(job.uri[len("file:"):], ignore_errors=True)
        return
    store = open_store(job.uri, job.ns, job.settings)
    try:
        for conversation in store.conversations():
            forget_conversation(store, conversation)
    finally:
        store.close()


def _advancer(bar: Progress, task: TaskID) -> Tick:
    def tick(turns: int) -> None:
        bar.advance(task, turns)
    return tick


def _write(out: Path, options: ScaleOptions, runs: list[dict[str, Any]]) -> None:
    meta = {"chunk_turns": options.chunk_turns, "seed": options.seed,
            "append_turns": options.append_turns,
            "speakers": "full names" if options.full_names else "first names only",
            "namespace": "one per size (all conversations together)",
            "isolated processes": options.isolate, "machine": machine_description()}
    summary = {"meta": meta, "sizes": runs}
    (out / "scale.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    chart = report.plot_scale(summary, out / "scale.png") if len(runs) > 1 else None
    (out / "scale.md").write_text(report.scale_markdown(summary, chart.name if chart else None),
                                  encoding="utf-8")


def _summary_line(runs: Sequence[Mapping[str, Any]], out: Path) -> str:
    parts = []
    for r in runs:
        p50s = sorted(t["p50"] for t in r["tools"].values())
        rate = "kept store" if r["turns_per_s"] is None else f"{r['turns_per_s']:,.0f} turns/s"
        parts.append(f"{r['turns']:,} turns: {rate}, load "
                     f"{r['load_seconds']:.2f} s, "
                     + (f"{r['append_turns']:,}-turn append {r['append_seconds']:.2f} s, "
                        if "append_seconds" in r else "")
                     + f"tool p50 median "
                     f"{p50s[len(p50s) // 2] if p50s else 0:.2f} ms, peak RSS "
                     f"{r['peak_rss_mb']:,.0f} MiB")
    return "Scale: " + "; ".join(parts) + f". Report: {out / 'scale.md'}"
