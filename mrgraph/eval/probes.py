"""Timing a served store: deterministic arguments for every toolkit read, drawn from the graph
itself, and p50/p95 of the reads and of `ask` over them (the scale benchmark and
benchmarks/ingest.py time a store the same way)."""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Mapping, Sequence
from datetime import date, timedelta
from typing import Any

from mrgraph.eval import metrics
from mrgraph.store.base import GraphStore
from mrgraph.toolkit import TOOL_NAMES, run_tool

Args = dict[str, object]


def peak_rss_mb() -> float:
    """Peak resident set size of this process (Linux reports KiB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (2 ** 20 if os.uname().sysname == "Darwin" else 2 ** 10), 1)


def elapsed_ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


# ------------------------------------------------------------------ toolkit arguments and timing


def _unique(values: Sequence[str], n: int) -> list[str]:
    return list(dict.fromkeys(v for v in values if v))[:n]


def tool_arguments(store: GraphStore, texts: Sequence[str], entities: Sequence[str],
                   per_tool: int = 30) -> dict[str, list[Args]]:
    """Deterministic arguments for every toolkit read: `texts` feed the searches, whose results
    (cues, tags, episodes, dates, topics) feed the reads that take ids; `entities` are people."""
    texts = list(texts)[:per_tool]
    args: dict[str, list[Args]] = {name: [] for name in TOOL_NAMES}
    for text in texts:
        for tool in ("search_cues", "search_events", "search_topics"):
            args[tool].append({"text": text, "limit": 10})
    cues = _unique([i for t in texts for i in run_tool(store, "search_cues",
                                                       {"text": t, "limit": 3}).ids
                    if i.startswith("cue-")], per_tool)
    for cue in cues:
        args["cue_tags"].append({"cue": cue, "limit": 10})
        tags = run_tool(store, "cue_tags", {"cue": cue, "limit": 1}).ids
        args["tag_events"] += [{"cue": cue, "tag": tags[0], "limit": 10}] if tags else []
    events = [r for t in texts for r in run_tool(store, "search_events",
                                                 {"text": t, "limit": 2}).records]
    for event_id in _unique([str(e["id"]) for e in events], per_tool):
        args["event_keywords"].append({"event_id": event_id})
        args["event_context"].append({"event_id": event_id, "window": 2})
        args["conversation_time"].append({"event_id": event_id})
    for day in _unique([str(e["date"]) for e in events], per_tool):
        end = (date.fromisoformat(day) + timedelta(days=30)).isoformat()
        args["timeline"].append({"start": day, "end": end, "limit": 10})
    _belief_arguments(store, entities, per_tool, args)
    topics = _unique([i for t in texts for i in run_tool(store, "search_topics",
                                                         {"text": t, "limit": 2}).ids], per_tool)
    args["topic_events"] = [{"topic": t, "limit": 10} for t in topics]
    return args


def _belief_arguments(store: GraphStore, entities: Sequence[str], per_tool: int,
                      args: dict[str, list[Args]]) -> None:
    for entity in _unique(list(entities), per_tool):
        args["personal_aspects"].append({"entity": entity})
        aspects = run_tool(store, "personal_aspects", {"entity": entity}).ids
        if aspects:
            args["personal_aspect"].append({"entity": entity, "aspect": aspects[0]})


def time_tools(store: GraphStore, args: Mapping[str, Sequence[Args]]) -> dict[str, Any]:
    """p50/p95/mean ms and n of every tool over its argument sets (tools without any skipped)."""
    out: dict[str, Any] = {}
    for tool, sets in args.items():
        times = []
        for one in sets:
            started = time.perf_counter()
            run_tool(store, tool, one)
            times.append(elapsed_ms(started))
        if times:
            out[tool] = {**metrics.latency_summary(times), "n": len(times)}
    return out


def time_asks(store: GraphStore, questions: Sequence[str], modes: Sequence[str]
              ) -> dict[str, Any]:
    from mrgraph.reconstruct import ask

    out: dict[str, Any] = {}
    for mode in modes:
        times = []
        for question in questions:
            started = time.perf_counter()
            ask(store, question, mode=mode)
            times.append(elapsed_ms(started))
        if times:
            out[mode] = {**metrics.latency_summary(times), "n": len(times)}
    return out
