"""Statements and steps of read per active ask over Neo4j: counts, not times (deterministic).

    NEO4J_PASSWORD=... python benchmarks/neo4j_steps.py ../shared/data/locomo_dev.json \\
        [--uri bolt://127.0.0.1:7687] [--questions 0] [--no-ahead]

The file is ingested (heuristic extractor) into a fresh namespace, every question of it (or the
first `--questions`) is asked with the offline active policy, and each statement the store sends
is counted by its Cypher file, each step (`Neo4jStore.read_many`: the reads sent together) once.
`--no-ahead` asks as a store that reads nothing ahead (`GraphStore.prefetches` False) would, for
the comparison. The namespace is forgotten at the end.
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
import uuid
from pathlib import Path
from typing import Any

from mrgraph.config import Settings
from mrgraph.eval.locomo import load_locomo_qa
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.reconstruct import ask
from mrgraph.store import cypher
from mrgraph.store.neo4j import Neo4jStore


class Counted(Neo4jStore):
    """A real Neo4jStore counting its steps; reading ahead or not."""

    ahead = True
    steps = 0

    @property
    def prefetches(self) -> bool:
        return self.ahead

    def read_many(self, reads: Any) -> list[Any]:
        self.steps += 1
        return super().read_many(reads)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--uri", default="bolt://127.0.0.1:7687")
    parser.add_argument("--questions", type=int, default=0, help="the first N (0: all)")
    parser.add_argument("--no-ahead", action="store_true")
    args = parser.parse_args(argv)
    s = Settings.from_env()
    store = Counted(args.uri, f"steps-{uuid.uuid4().hex[:8]}", s.neo4j_user, s.neo4j_password,
                    s.neo4j_database)
    store.ahead = not args.no_ahead
    sent: list[str] = []
    run = cypher.run

    def counted(runner: Any, name: str, params: Any) -> Any:
        sent.append(name)
        return run(runner, name, params)

    try:
        ingest_file(store, args.path, HeuristicExtractor())
        questions = [q.question for q in load_locomo_qa(args.path)]
        questions = questions[:args.questions] if args.questions else questions
        cypher.run = counted
        statements, steps, files = [], [], collections.Counter[str]()
        for question in questions:
            sent.clear()
            store.steps = 0
            ask(store, question)
            statements.append(len(sent))
            steps.append(store.steps)
            files.update(sent)
    finally:
        cypher.run = run
        with store.writing():
            for conversation in store.conversations():
                store.forget_conversation(conversation)
        store.close()
    print(json.dumps({
        "questions": len(questions), "reads_ahead": store.ahead,
        "statements_mean": round(statistics.mean(statements), 2),
        "statements_median": statistics.median(statements),
        "steps_mean": round(statistics.mean(steps), 2),
        "per_file": {f: round(n / len(questions), 2) for f, n in files.most_common()}}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
