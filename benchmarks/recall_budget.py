"""Evidence recall at a fixed evidence budget: k episodes kept, the same k for every mode.

    python benchmarks/recall_budget.py ../shared/data/locomo_dev.json
    python benchmarks/recall_budget.py locomo_dev.json --ks 3,5,10 --tune conv-26 --json out.json

Each conversation is ingested into its own namespace of a fresh embedded store (a temporary
directory); every question is asked through `mrgraph.reconstruct.ask` in each mode with
`Budget(max_evidence=k)`: the active loop keeps at most k episodes in H, top-k keeps the k most
similar, graph expansion keeps k seeds + neighbours. Recall is `metrics.evidence_recall` of the
gold dia_ids against `Answer.evidence` (what the mode retrieved: kept episodes and turns read).
Category 5 (adversarial) has no gold evidence and is scored only for abstention.

Splits: `--tune` names the conversations the policy was tuned on; the others are held out.
Tables: recall per category (rows k, columns split x mode), then the answers at the default k
(LoCoMo F1, abstentions: the right ones on category 5, false ones on 1-4), and ask latency.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from mrgraph.eval import metrics
from mrgraph.eval.bench import ingest_conversations
from mrgraph.eval.locomo import QAItem, load_locomo_qa
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.policies.base import Budget
from mrgraph.reconstruct import ask
from mrgraph.store.memory import MemoryStore

MODES = ("active", "topk", "graph")
Row = dict[str, Any]


def run(path: Path, ks: Sequence[int], modes: Sequence[str],
        only: Sequence[str] = ()) -> list[Row]:
    """One row per question x mode x k (of the conversations `only` names; all if empty)."""
    conversations = [c for c in load(path, "locomo") if not only or c.id in only]
    questions = load_locomo_qa(path)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        for conversation in conversations:
            store = MemoryStore(Path(tmp) / "store", conversation.id)
            ingest_conversations(store, [conversation], HeuristicExtractor())
            for item in (q for q in questions if q.sample_id == conversation.id):
                for k in ks:
                    for mode in modes:
                        rows.append(_ask(store, item, mode, k))
            store.close()
    return rows


def _ask(store: MemoryStore, item: QAItem, mode: str, k: int) -> Row:
    answer = ask(store, item.question, mode, budget=Budget(max_evidence=k))
    gold = None if item.category == 5 else item.answer
    return {"sample_id": item.sample_id, "index": item.index, "category": item.category,
            "mode": mode, "k": k, "question": item.question, "gold": item.answer,
            "prediction": answer.answer, "read": _episodes_read(answer.trace),
            "recall": None if item.category == 5 else
            metrics.evidence_recall(item.evidence, answer.evidence),
            "f1": metrics.locomo_f1(answer.answer, gold, item.category),
            "abstained": metrics.is_abstention(answer.answer), "ms": answer.latency_ms,
            "calls": answer.tool_calls}


def _episodes_read(trace: Iterable[Any]) -> int:
    return len({i for s in trace if s.tool == "event_context" for i in (s.arguments["event_id"],)})


def _mean(values: Iterable[float | None]) -> float | None:
    kept = [v for v in values if v is not None]
    return sum(kept) / len(kept) if kept else None


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def _splits(rows: Sequence[Row], tune: set[str]) -> dict[str, list[Row]]:
    held = sorted({r["sample_id"] for r in rows} - tune)
    return {f"tune ({', '.join(sorted(tune))})": [r for r in rows if r["sample_id"] in tune],
            f"held-out ({', '.join(held)})": [r for r in rows if r["sample_id"] not in tune],
            "all": list(rows)}


def recall_tables(rows: Sequence[Row], tune: set[str], ks: Sequence[int],
                  modes: Sequence[str]) -> str:
    splits = _splits(rows, tune)
    out: list[str] = []
    for category in (1, 2, 3, 4, None):
        name = metrics.CATEGORY_NAMES[category] if category else "overall (1-4)"
        out.append(f"\n### Evidence recall: {name}\n")
        out.append("| k | " + " | ".join(f"{s.split(' (')[0]} {m}" for s in splits
                                         for m in modes) + " |")
        out.append("| ---: |" + " ---: |" * (len(splits) * len(modes)))
        for k in ks:
            cells = [_fmt(_mean(r["recall"] for r in group if r["k"] == k and r["mode"] == m
                                and (r["category"] == category if category else
                                     r["category"] != 5)))
                     for group in splits.values() for m in modes]
            n = sum(1 for r in rows if r["k"] == k and r["mode"] == modes[0] and
                    (r["category"] == category if category else r["category"] != 5))
            out.append(f"| {k} (n={n}) | " + " | ".join(cells) + " |")
    return "\n".join(out)


def answer_table(rows: Sequence[Row], tune: set[str], k: int, modes: Sequence[str]) -> str:
    out = [f"\n### Answers at k = {k}: LoCoMo F1 (category 5: abstention rate); "
           "false abstentions on 1-4; p50 ms\n",
           "| split | mode | multi-hop | temporal | open-domain | single-hop | adversarial "
           "| overall | false abst. 1-4 | p50 ms |",
           "| :--- | :--- |" + " ---: |" * 8]
    for split, group in _splits(rows, tune).items():
        for mode in modes:
            mine = [r for r in group if r["k"] == k and r["mode"] == mode]
            if not mine:
                continue
            cells = [_fmt(_mean(r["f1"] for r in mine if r["category"] == c))
                     for c in (1, 2, 3, 4, 5)]
            false = _mean(float(r["abstained"]) for r in mine if r["category"] != 5)
            p50 = metrics.percentile([r["ms"] for r in mine], 50)
            out.append(f"| {split.split(' (')[0]} | {mode} | " + " | ".join(cells) +
                       f" | {_fmt(_mean(r['f1'] for r in mine))} | {_fmt(false)} | {p50:.1f} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo JSON file")
    parser.add_argument("--ks", default="3,5,10", help="evidence budgets (episodes)")
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--tune", default="conv-26", help="conversations tuned on (comma list)")
    parser.add_argument("--answer-k", type=int, default=Budget().max_evidence)
    parser.add_argument("--conversations", default="", help="only these (comma list)")
    parser.add_argument("--json", type=Path, default=None, help="write every row here")
    args = parser.parse_args(argv)
    ks = sorted({int(k) for k in args.ks.split(",") if k.strip()} | {args.answer_k})
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    tune = {t.strip() for t in args.tune.split(",") if t.strip()}
    rows = run(args.path, ks, modes,
               [c.strip() for c in args.conversations.split(",") if c.strip()])
    if args.json:
        args.json.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")
    shown = [k for k in ks if str(k) in args.ks.split(",")] or ks
    print(recall_tables(rows, tune, shown, modes))
    print(answer_table(rows, tune, args.answer_k, modes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
