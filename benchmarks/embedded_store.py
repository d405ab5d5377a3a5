"""Embedded store benchmark: save, load and read latency on a hand-built synthetic graph.

    python benchmarks/embedded_store.py --turns 1451,100000 [--out bench-out/embedded]

No extractor runs: batches are built directly with mrgraph.types, shaped like what the heuristic
ingest makes of LoCoMo (per turn ~0.2 episodes; per episode ~7 CUE_OF and as many HAS_TAG; one
Fact per ~17 turns with its BELIEF). Each size is written in one write unit, then loaded and read
in a fresh process (so the numbers are not warmed by the writer): load seconds (median of 3),
peak RSS, and p50/p95 of every toolkit read over random arguments.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from mrgraph.ids import node_id
from mrgraph.store.base import BeliefEdge
from mrgraph.store.memory import MemoryStore
from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord

NS = "bench"
VOCAB = [f"w{i}" for i in range(20_000)]
ZIPF = list(itertools.accumulate(1 / (i + 1) for i in range(len(VOCAB))))  # cum_weights


def conversation(rng: random.Random, cid: str, turns: int, cues: list[str],
                 tags: list[str]) -> tuple[GraphBatch, list[BeliefEdge]]:
    nodes: list[NodeRecord] = []
    edges: list[EdgeRecord] = []
    conv = node_id(NS, "Conversation", cid)
    nodes.append(NodeRecord("Conversation", conv, {"conversation_id": cid,
                                                   "speakers": ("A", "B"), "source": "synth"}))
    day, seq, previous, beliefs = 0, 0, None, []
    weights_ = list(itertools.accumulate(1 / (i + 1) for i in range(len(cues))))
    episodes: list[str] = []
    for number in range(1, turns // 20 + 2):
        count = min(20, turns - (number - 1) * 20)
        if count <= 0:
            break
        day += rng.randint(1, 9)
        date = f"{2020 + day // 336}-{day // 28 % 12 + 1:02d}-{day % 28 + 1:02d}"
        ses = node_id(NS, "Session", cid, number)
        nodes.append(NodeRecord("Session", ses, {"conversation_id": cid, "number": number,
                                                 "started_at": f"{date}T10:00:00", "date": date}))
        edges.append(EdgeRecord("HAS_SESSION", conv, ses))
        turn_ids = []
        for i in range(count):
            dia = f"D{number}:{i + 1}"
            tid = node_id(NS, "Turn", cid, dia)
            text = " ".join(rng.choices(VOCAB, cum_weights=ZIPF, k=18))
            nodes.append(NodeRecord("Turn", tid, {
                "conversation_id": cid, "dia_id": dia, "speaker": "AB"[i % 2], "text": text,
                "session": number, "index": i, "date": date}))
            edges.append(EdgeRecord("HAS_TURN", ses, tid))
            turn_ids.append((dia, tid))
        for index, start in enumerate(range(0, count, 5)):
            part = turn_ids[start:start + 5]
            eid = node_id(NS, "Episode", cid, number, index)
            tag = rng.choice(tags)
            toks = " ".join(sorted(set(rng.choices(VOCAB, cum_weights=ZIPF, k=15))))
            nodes.append(NodeRecord("Episode", eid, {
                "conversation_id": cid, "session": number, "index": index, "seq": seq,
                "text": toks, "summary": toks[:80], "tag": tag, "date": date,
                "dates": (date,), "dia_ids": tuple(d for d, _ in part), "tokens": toks}))
            seq += 1
            edges.append(EdgeRecord("HAS_EPISODE", ses, eid))
            edges += [EdgeRecord("FROM_TURN", eid, t) for _, t in part]
            if previous:
                edges.append(EdgeRecord("NEXT", previous, eid))
            previous = eid
            episodes.append(eid)
            tid_ = node_id(NS, "Tag", tag)
            nodes.append(NodeRecord("Tag", tid_, {"label": tag, "key": tag, "tokens": tag}))
            edges.append(EdgeRecord("TAGS", tid_, eid))
            chosen = sorted(set(rng.choices(cues, cum_weights=weights_, k=7)))
            for cue in chosen:
                cid_ = node_id(NS, "Cue", cue)
                nodes.append(NodeRecord("Cue", cid_, {"name": cue, "key": cue, "kind": "keyword",
                                                      "tokens": cue}))
                edges += [EdgeRecord("CUE_OF", cid_, eid, {"tag": tag}),
                          EdgeRecord("HAS_TAG", cid_, tid_)]
            if rng.random() < 0.3:
                entity = chosen[0]
                statement = f"{entity} likes {rng.choice(VOCAB)}"
                fid = node_id(NS, "Fact", entity, "likes", statement)
                nodes.append(NodeRecord("Fact", fid, {"entity": entity, "aspect": "likes",
                                                      "statement": statement}))
                edges.append(EdgeRecord("FROM_EPISODE", fid, eid, {"date": date,
                                                                    "negated": False}))
                beliefs.append(BeliefEdge(entity, "likes", fid, statement, 0.8, 1, date, date,
                                          "active", "[]", (), ()))
    for t in range(max(1, len(episodes) // 20)):
        label = f"topic {t} {rng.choice(VOCAB)}"
        top = node_id(NS, "Topic", cid, label)
        nodes.append(NodeRecord("Topic", top, {"conversation_id": cid, "label": label,
                                               "key": label, "summary": label,
                                               "tokens": " ".join(sorted(set(label.split())))}))
        edges += [EdgeRecord("GROUPS", top, e) for e in rng.sample(episodes, min(4, len(episodes)))]
    return GraphBatch(cid, tuple(nodes), tuple(edges)), beliefs


def build(path: Path, turns: int, seed: int = 0) -> dict[str, float]:
    rng = random.Random(seed)
    cues = [f"cue {i}" for i in range(max(900, turns // 2))]
    tags = [f"tag {i}" for i in range(max(300, turns // 6))]
    start = time.perf_counter()
    store = MemoryStore(path, NS)
    with store.writing():
        done, n = 0, 0
        while done < turns:
            size = min(500, turns - done)
            batch, beliefs = conversation(rng, f"conv{n}", size, cues, tags)
            store.write_batch(batch)
            entities = sorted({b.entity for b in beliefs})
            store.replace_beliefs(entities, beliefs)
            done, n = done + size, n + 1
        written = time.perf_counter()
    saved = time.perf_counter()
    return {"write_s": written - start, "write_and_save_s": saved - start,
            "file_mb": sum(p.stat().st_size for p in path.iterdir()) / 1e6}


def measure(path: Path, seed: int = 1, calls: int = 200) -> dict[str, object]:
    """Run in a fresh process: load time, RSS and read latencies."""
    loads = []
    store: MemoryStore | None = None
    for _ in range(3):
        store = None  # free the previous copy outside the timed region
        t = time.perf_counter()
        store = MemoryStore(path, NS)
        loads.append(time.perf_counter() - t)
    assert store is not None
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rng = random.Random(seed)
    nodes, _ = store.export()
    ids: dict[str, list[str]] = {}
    for n in nodes:
        ids.setdefault(n.label, []).append(n.id)
    dates = sorted(str(n.props["date"]) for n in nodes if n.label == "Episode")
    t = time.perf_counter()
    store.search_events({"w1": 1.0}, 1)
    store.search_cues({"cue": 1.0}, 1)
    store.search_topics({"topic": 1.0}, 1)
    first_search = time.perf_counter() - t

    def weights() -> dict[str, float]:
        return {w: rng.random() + 0.1 for w in rng.choices(VOCAB[:3000], k=3)}

    def window() -> tuple[str, str]:
        i = rng.randrange(len(dates))
        return dates[i], dates[min(i + 30, len(dates) - 1)]

    reads: dict[str, Callable[[], object]] = {
        "search_events": lambda: store.search_events(weights(), 10),
        "search_cues": lambda: store.search_cues({f"{rng.randrange(900)}": 1.0, "cue": 0.01}, 10),
        "search_topics": lambda: store.search_topics(weights(), 10),
        "find_cues": lambda: store.find_cues(f"cue {rng.randrange(900)}"),
        "cue_tags": lambda: store.cue_tags(rng.choice(ids["Cue"]), 10),
        "tag_events": lambda: store.tag_events(rng.choice(ids["Cue"]), "tag 1", 10),
        "event_keywords": lambda: store.event_keywords(rng.choice(ids["Episode"])),
        "event_context": lambda: store.event_context(rng.choice(ids["Episode"]), 2),
        "conversation_time": lambda: store.conversation_time(rng.choice(ids["Episode"])),
        "entity_beliefs": lambda: store.entity_beliefs(f"cue {rng.randrange(100)}", None),
        "topic_events": lambda: store.topic_events(rng.choice(ids["Topic"]), 10),
        "timeline": lambda: store.timeline(*window(), None, 10),
        "timeline_cue": lambda: store.timeline(*window(), rng.choice(ids["Cue"][:20]), 10),
        "get_events": lambda: store.get_events(rng.sample(ids["Episode"], 5)),
        "token_df": lambda: store.token_df("Episode", list(weights())),
    }
    latency = {}
    for name, read in reads.items():
        read()  # first call may build an index
        ms = []
        for _ in range(calls):
            t = time.perf_counter()
            read()
            ms.append((time.perf_counter() - t) * 1000)
        ms.sort()
        latency[name] = {"p50_ms": round(statistics.median(ms), 3),
                         "p95_ms": round(ms[int(len(ms) * 0.95)], 3)}
    stats = store.stats()
    return {"load_s_median": round(statistics.median(loads), 4),
            "load_s_min": round(min(loads), 4), "rss_mb_after_load": round(rss_mb),
            "first_search_s": round(first_search, 4), "nodes": sum(stats.nodes.values()),
            "edges": sum(stats.edges.values()), "reads": latency}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", default="1451,100000")
    parser.add_argument("--out", type=Path, default=None, help="write results.json here")
    parser.add_argument("--measure", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:  # the child process
        print(json.dumps(measure(args.measure)))
        return 0
    results = []
    for turns in (int(t) for t in args.turns.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "graph"
            row: dict[str, object] = {"turns": turns, **build(path, turns)}
            child = subprocess.run([sys.executable, __file__, "--measure", str(path)],
                                   check=True, capture_output=True, text=True)
            row.update(json.loads(child.stdout))
        print(json.dumps(row, indent=1))
        results.append(row)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "embedded_store.json").write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
