"""Where Neo4j time goes: per-statement wall and server times of an ingest and of active asks.

    NEO4J_PASSWORD=... python benchmarks/neo4j_profile.py ../shared/data/locomo_dev.json \\
        --uri bolt://127.0.0.1:7688 [--ingests 2] [--asks 40]

Every statement the store runs goes through `mrgraph.store.cypher.run`; this wraps it to drain
the result at once and record the wall time (client: send, wait, decode) and the driver's summary
timings (`result_available_after`: planning and the first record; `result_consumed_after`: the
rest), per query file. Printed per file: count, p50 and max wall ms, summed wall and server ms;
and per ask: reads, steps (a step: the reads sent together, read_many, or a lone read of the
asking thread; steps depend on each other, so each costs at least a round trip), ms inside
reads, client CPU ms (process time, all threads), ask p50/mean. A large `available` on the first use
of a file is planning (a cold plan cache or a replan). The graph goes into a fresh namespace and
is forgotten at the end.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
import neo4j_store as bench  # noqa: E402

from mrgraph.config import Settings  # noqa: E402
from mrgraph.eval.locomo import load_locomo_qa  # noqa: E402
from mrgraph.reconstruct import ask  # noqa: E402
from mrgraph.store import cypher  # noqa: E402
from mrgraph.store.neo4j import Neo4jStore  # noqa: E402

TIMES: dict[str, list[tuple[float, int, int]]] = defaultdict(list)
READS = {"n": 0, "ms": 0.0, "steps": 0}


class _Drained:
    """A result read to the end: what the store's callers use of a driver Result."""

    def __init__(self, records: list[Any], summary: Any) -> None:
        self._records, self._summary = records, summary

    def data(self) -> list[dict[str, Any]]:
        return [r.data() for r in self._records]

    def consume(self) -> Any:
        return self._summary

    def __iter__(self) -> Any:
        return iter(self._records)


def _timed_run(original: Any) -> Any:
    def run(runner: Any, name: str, params: Any) -> _Drained:
        started = time.perf_counter()
        result = original(runner, name, params)
        records = list(result)
        summary = result.consume()
        TIMES[name].append(((time.perf_counter() - started) * 1000,
                            summary.result_available_after or 0,
                            summary.result_consumed_after or 0))
        return _Drained(records, summary)
    return run


def _counted_step(original: Any) -> Any:
    def read_many(self: Neo4jStore, reads: Any) -> Any:
        READS["steps"] += 1
        return original(self, reads)
    return read_many


def _timed_read(original: Any) -> Any:
    def read(self: Neo4jStore, work: Any) -> Any:
        if threading.current_thread() is threading.main_thread():
            READS["steps"] += 1  # a lone read (read_many's own run on its worker threads)
        started = time.perf_counter()
        try:
            return original(self, work)
        finally:
            READS["n"] += 1
            READS["ms"] += (time.perf_counter() - started) * 1000
    return read


def report(title: str) -> None:
    print(f"== {title} (load {os.getloadavg()[0]:.1f})")
    print(f"{'file':26s} {'n':>4s} {'p50 ms':>7s} {'max ms':>7s} {'wall ms':>8s} "
          f"{'avail ms':>8s} {'consumed':>8s}")
    for name, got in sorted(TIMES.items(), key=lambda kv: -sum(t[0] for t in kv[1])):
        walls = sorted(t[0] for t in got)
        print(f"{name:26s} {len(got):4d} {statistics.median(walls):7.1f} {walls[-1]:7.1f} "
              f"{sum(walls):8.1f} {sum(t[1] for t in got):8d} {sum(t[2] for t in got):8d}")
    TIMES.clear()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--uri", default="bolt://127.0.0.1:7687")
    parser.add_argument("--ingests", type=int, default=1)
    parser.add_argument("--asks", type=int, default=40)
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    cypher.run = _timed_run(cypher.run)
    Neo4jStore._read = _timed_read(Neo4jStore._read)  # type: ignore[method-assign]
    Neo4jStore.read_many = _counted_step(Neo4jStore.read_many)  # type: ignore[method-assign]
    work = bench.extracted(args.path, 1)
    turns = sum(c.turn_count for c, _ in work)
    store = Neo4jStore(args.uri, f"profile-{uuid.uuid4().hex[:8]}", settings.neo4j_user,
                       settings.neo4j_password, settings.neo4j_database)
    store.search_events({"warm": 1.0}, 1)
    TIMES.clear()
    for n in range(args.ingests):
        if n:
            with store.writing():
                for conversation in store.conversations():
                    store.forget_conversation(conversation)
            TIMES.clear()
        seconds = bench.write(store, work)
        report(f"ingest {n + 1}: {seconds:.2f} s, {turns / seconds:.0f} turns/s")
    questions = [q.question for q in load_locomo_qa(args.path)][:args.asks]
    if questions:
        ask(store, questions[0])
        TIMES.clear()
        READS.update(n=0, ms=0.0, steps=0)
        cpu = time.process_time()
        ms = [ask(store, q).latency_ms for q in questions]
        cpu = (time.process_time() - cpu) * 1000 / len(questions)
        n = len(questions)
        report(f"{n} asks: p50 {statistics.median(ms):.1f} ms, mean "
               f"{statistics.mean(ms):.1f} ms, {READS['n'] / n:.1f} reads in "
               f"{READS['steps'] / n:.2f} steps and {READS['ms'] / n:.1f} ms in reads per "
               f"ask, client CPU {cpu:.1f} ms per ask")
    with store.writing():
        for conversation in store.conversations():
            store.forget_conversation(conversation)
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
