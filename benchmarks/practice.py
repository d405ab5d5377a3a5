"""Experiential memory: does practice on one conversation help on the others?

    python benchmarks/practice.py ../shared/data/locomo_dev.json --rounds 3
    python benchmarks/practice.py locomo_dev.json --rounds 2 --json out.json

Rotation: each dev conversation in turn is the practice conversation; the others are held out.
Every conversation is ingested into its own namespace of a fresh embedded store (a temporary
directory), so evidence recall compares dia_ids within one conversation. Before practice, and
after each practice round (`mrgraph.experience.practice` on the practice namespace, offline
rules), every held-out LoCoMo question is asked through the active loop with the heuristic
policy given the practice namespace's active experiences (`ask(..., advice=guide.advice(q))`):
calibrations are about the navigator, so they carry over; patterns are about the practice
conversation's people and apply to no held-out question. Figures: evidence recall at 10
episodes (`Budget().max_evidence`, categories 1-4), LoCoMo F1 (categories 1-4, and 1-5 with
category 5 scored for abstention), the active experiences and the memory's size in tokens.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mrgraph import scoring
from mrgraph.advice import NO_ADVICE
from mrgraph.eval import metrics
from mrgraph.eval.bench import ingest_conversations
from mrgraph.eval.locomo import QAItem, load_locomo_qa
from mrgraph.experience.guide import Guide
from mrgraph.experience.loop import PracticeOptions, practice
from mrgraph.experience.storage import load_pool
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.reconstruct import ask
from mrgraph.store.memory import MemoryStore

Row = dict[str, Any]


def evaluate(stores: dict[str, MemoryStore], questions: Sequence[QAItem],
             guide: Guide | None) -> dict[str, float]:
    recall: list[float] = []
    f1_14: list[float] = []
    f1_all: list[float] = []
    for item in questions:
        advice = guide.advice(item.question) if guide is not None else NO_ADVICE
        answer = ask(stores[item.sample_id], item.question, advice=advice)
        f1 = metrics.locomo_f1(answer.answer, None if item.category == 5 else item.answer,
                               item.category)
        f1_all.append(f1)
        if item.category != 5:
            f1_14.append(f1)
            found = scoring.evidence_recall(item.evidence, answer.evidence)
            if found is not None:
                recall.append(found)
    return {"recall": _mean(recall), "f1": _mean(f1_14), "f1_all": _mean(f1_all),
            "n": len(f1_14)}


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def rotation(path: Path, practised: str, rounds: int, tmp: Path) -> list[Row]:
    conversations = load(path, "locomo")
    stores = {}
    for conversation in conversations:
        store = MemoryStore(tmp / practised / "store", conversation.id)
        ingest_conversations(store, [conversation], HeuristicExtractor())
        stores[conversation.id] = store
    held = [q for q in load_locomo_qa(path) if q.sample_id != practised]
    rows = [{"practised": practised, "round": 0, "active": 0, "calibrations": 0,
             "memory_tokens": 0, **evaluate(stores, held, None)}]
    for _ in range(rounds):
        record = practice(stores[practised], PracticeOptions(rounds=1))[0]
        pool = load_pool(stores[practised])
        guide = Guide(pool.active)
        rows.append({"practised": practised, "round": record.round, "active": record.active,
                     "calibrations": sum(e.kind == "calibration" for e in pool.active),
                     "memory_tokens": record.memory_tokens,
                     "experiences": [e.statement for e in pool.active
                                     if e.kind == "calibration"],
                     **evaluate(stores, held, guide)})
    for store in stores.values():
        store.close()
    return rows


def table(rows: Sequence[Row]) -> str:
    out = ["| practised on | round | active (calibration) | memory tokens | recall@10 (1-4) "
           "| Δ recall | F1 (1-4) | Δ F1 | F1 (1-5) |",
           "| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for row in rows:
        before = next(r for r in rows if r["practised"] == row["practised"] and r["round"] == 0)
        out.append(f"| {row['practised']} | {row['round']} | {row['active']} "
                   f"({row['calibrations']}) | {row['memory_tokens']} | {row['recall']:.3f} | "
                   f"{row['recall'] - before['recall']:+.3f} | {row['f1']:.3f} | "
                   f"{row['f1'] - before['f1']:+.3f} | {row['f1_all']:.3f} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo JSON file")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--conversations", default="", help="practise on these (comma list)")
    parser.add_argument("--json", type=Path, default=None, help="write the rows here")
    args = parser.parse_args(argv)
    chosen = [c for c in args.conversations.split(",") if c] or \
        [c.id for c in load(args.path, "locomo")]
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        for practised in chosen:
            rows += rotation(args.path, practised, args.rounds, Path(tmp))
            print(table([r for r in rows if r["practised"] == practised]), flush=True)
    print("\n" + table(rows))
    for row in rows:
        if row.get("experiences"):
            print(f"{row['practised']} round {row['round']}: " + " / ".join(row["experiences"]))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
