"""Neo4j store benchmark: write throughput, read latency, and parity with the embedded store.

    NEO4J_PASSWORD=... python benchmarks/neo4j_store.py ../shared/data/locomo_dev.json \\
        --uri bolt://127.0.0.1:7687 [--copies 1,10] [--repeat 3] [--calls 30] [--asks 0]
        [--out DIR]

The file is extracted once (heuristic extractor; not timed). Then, per size (the file's
conversations copied `copies` times under new conversation ids):

* write: turns/s of one write unit holding every conversation's write_batch plus the belief
  refresh (what `mrgraph ingest` does after extraction), into a fresh namespace, median of
  `--repeat` runs; the same for the embedded store for comparison;
* reads: p50/p95 ms of every GraphStore read over deterministic arguments drawn from the graph
  (the file's questions, with idf weights, feed the searches; their results feed the id reads);
* parity: every one of those calls must return exactly what the embedded store returns for
  the same graph (the protocol's promise); mismatches are counted and the first few printed;
* asks (`--asks N`): p50 ms of an offline active ask (heuristic policy) over the file's first N
  questions on each store, interleaved question by question so both see the same machine load
  (the store asking first alternating), the Neo4j / embedded ratio, and how many answers (with
  evidence and trace) were identical.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from mrgraph.config import Settings
from mrgraph.eval.locomo import load_locomo_qa
from mrgraph.ingest.build import build_batch
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.ingest.pipeline import fact_entities, refresh_beliefs
from mrgraph.reconstruct import ask
from mrgraph.store.base import GraphStore
from mrgraph.store.memory import MemoryStore
from mrgraph.store.neo4j import Neo4jStore
from mrgraph.weights import search_weights
from mrgraph.ingest.drafts import Extraction
from mrgraph.types import Conversation, GraphBatch

Call = tuple[str, Callable[[GraphStore], Any]]


def extracted(path: Path, copies: int) -> list[tuple[Conversation, Extraction]]:
    extractor = HeuristicExtractor()
    base = [(c, extractor.extract(c)) for c in load(path)]
    return [(replace(c, id=f"{c.id}#{k}"), replace(e, conversation_id=f"{c.id}#{k}"))
            for k in range(copies) for c, e in base]


def write(store: GraphStore, work: list[tuple[Conversation, Extraction]]) -> float:
    """Seconds for one unit: build + write_batch of every conversation + belief refresh."""
    started = time.perf_counter()
    batches: list[GraphBatch] = []
    with store.writing():
        for conversation, extraction in work:
            batch = build_batch(conversation, extraction, store.ns)
            batches.append(batch)
            store.write_batch(batch)
        refresh_beliefs(store, fact_entities(batches))
    return time.perf_counter() - started


def on(method: str, *args: Any) -> Callable[[GraphStore], Any]:
    """A read call to make on either store."""
    return lambda store: getattr(store, method)(*args)


def calls(ref: GraphStore, questions: Sequence[str], speakers: Sequence[str], n: int) -> list[Call]:
    """Deterministic read calls; ids come from the reference store's answers."""
    out: list[Call] = []
    cues: list[str] = []
    events: list[str] = []
    topics: list[str] = []
    for q in questions[:n]:
        ev = search_weights(ref, ["Episode"], q)
        cw = search_weights(ref, ["Cue", "Tag"], q)
        tw = search_weights(ref, ["Topic"], q)
        out += [("search_events", on("search_events", ev, 10)),
                ("search_cues", on("search_cues", cw, 10)),
                ("search_topics", on("search_topics", tw, 10)),
                ("token_df", on("token_df", "Episode", sorted(ev)))]
        cues += [h.id for h in ref.search_cues(cw, 2) if h.kind != "tag"]
        events += [e.id for e in ref.search_events(ev, 2)]
        topics += [t.id for t in ref.search_topics(tw, 1)]
    for cue in list(dict.fromkeys(cues))[:n]:
        tags = ref.cue_tags(cue, 1)
        out += [("cue_tags", on("cue_tags", cue, 10)),
                ("timeline(cue)", on("timeline", "1900-01-01", "2999-12-31", cue, 10))]
        if tags:
            out.append(("tag_events", on("tag_events", cue, tags[0].tag, 10)))
    for event in list(dict.fromkeys(events))[:n]:
        day = ref.get_events([event])[0].date
        out += [("event_keywords", on("event_keywords", event)),
                ("event_context", on("event_context", event, 2)),
                ("conversation_time", on("conversation_time", event)),
                ("get_events", on("get_events", [event])),
                ("timeline", on("timeline", day, day[:8] + "28", None, 10))]
    for topic in list(dict.fromkeys(topics))[:n]:
        out.append(("topic_events", on("topic_events", topic, 10)))
    for entity in dict.fromkeys(speakers):
        out += [("entity_beliefs", on("entity_beliefs", entity, None)),
                ("fact_observations", on("fact_observations", [entity])),
                ("find_cues", on("find_cues", entity))]
    return out


def measure_reads(store: GraphStore, ref: GraphStore,
                  plan: list[Call]) -> tuple[dict[str, Any], list[str]]:
    times: dict[str, list[float]] = {}
    mismatches: list[str] = []
    for name, call in plan:
        call(store)  # warm the plan cache / the embedded store's lazy indexes
    for name, call in plan:
        started = time.perf_counter()
        got = call(store)
        times.setdefault(name, []).append((time.perf_counter() - started) * 1000)
        if got != call(ref):
            mismatches.append(name)
    latency = {}
    for name, ms in times.items():
        ms.sort()
        latency[name] = {"p50_ms": round(statistics.median(ms), 2),
                         "p95_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.95))], 2),
                         "n": len(ms)}
    return latency, mismatches


def measure_asks(store: GraphStore, ref: GraphStore, questions: Sequence[str]) -> dict[str, Any]:
    """Active asks on both stores, interleaved; each store warmed by the first question. The
    store that asks a question first alternates: what a process computes once and keeps (a
    kind's WordNet members, a word's lemma) is paid by whichever asks first."""
    if not questions:
        return {}
    ask(store, questions[0]), ask(ref, questions[0])
    neo4j_ms, embedded_ms, same = [], [], 0
    for n, question in enumerate(questions):
        if n % 2:
            want, got = ask(ref, question), ask(store, question)
        else:
            got, want = ask(store, question), ask(ref, question)
        neo4j_ms.append(got.latency_ms)
        embedded_ms.append(want.latency_ms)
        same += (got.answer, got.evidence, [(t.tool, t.result_ids) for t in got.trace]) == \
            (want.answer, want.evidence, [(t.tool, t.result_ids) for t in want.trace])
    p50, ref50 = statistics.median(neo4j_ms), statistics.median(embedded_ms)
    return {"questions": len(questions), "neo4j_p50_ms": round(p50, 1),
            "embedded_p50_ms": round(ref50, 1), "ratio": round(p50 / ref50, 2),
            "identical": same}


def run_size(args: argparse.Namespace, settings: Settings, copies: int) -> dict[str, Any]:
    work = extracted(args.path, copies)
    turns = sum(c.turn_count for c, _ in work)
    neo4j_s, memory_s = [], []
    asks: list[dict[str, Any]] = []
    for _ in range(args.repeat):
        ns = f"bench-{uuid.uuid4().hex[:8]}"
        store = Neo4jStore(args.uri, ns, settings.neo4j_user, settings.neo4j_password,
                           settings.neo4j_database)
        store.search_events({"warm": 1.0}, 1)  # connect + schema outside the timing
        neo4j_s.append(write(store, work))
        with tempfile.TemporaryDirectory() as tmp:
            ref = MemoryStore(Path(tmp) / "graph", ns)
            memory_s.append(write(ref, work))
            questions = [q.question for q in load_locomo_qa(args.path)]
            speakers = [s for c, _ in work[:len(work) // copies] for s in c.speakers]
            latency, mismatches = measure_reads(store, ref, calls(ref, questions, speakers,
                                                                  args.calls))
            asks.append(measure_asks(store, ref, questions[:args.asks]))
            same_graph = store.export() == ref.export() and store.stats() == ref.stats()
        with store.writing():  # leave the server as we found it
            for conversation in store.conversations():
                store.forget_conversation(conversation)
        store.close()
    return {"copies": copies, "turns": turns,
            "neo4j_write_s": [round(s, 3) for s in neo4j_s],
            "neo4j_turns_per_s": round(turns / statistics.median(neo4j_s), 1),
            "embedded_write_s": [round(s, 3) for s in memory_s],
            "embedded_turns_per_s": round(turns / statistics.median(memory_s), 1),
            "same_graph": same_graph, "read_calls": sum(v["n"] for v in latency.values()),
            "mismatches": len(mismatches), "mismatched_reads": sorted(set(mismatches)),
            "reads": latency, "asks": asks,
            "load_average": [round(x, 2) for x in os.getloadavg()]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--uri", default="bolt://127.0.0.1:7687")
    parser.add_argument("--copies", default="1")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--calls", type=int, default=30, help="questions/ids per read kind")
    parser.add_argument("--asks", type=int, default=0,
                        help="active asks per store and repeat (the file's first N questions)")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    results = [run_size(args, settings, int(k)) for k in args.copies.split(",")]
    print(json.dumps(results, indent=1))
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "neo4j_store.json").write_text(json.dumps(results, indent=1))
    differ = any(a and a["identical"] < a["questions"] for r in results for a in r["asks"])
    return 1 if differ or any(r["mismatches"] or not r["same_graph"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
