"""Evidence recall at a fixed budget of turns handed to the answer step, active vs BM25.

    python benchmarks/recall_budget.py ../shared/data/locomo_dev.json
    python benchmarks/recall_budget.py locomo_dev.json --ks 5,10,20 --json out.json

Each conversation is ingested into its own namespace of a fresh embedded store (a temporary
directory); every question is asked through `mrgraph.reconstruct.ask` (active mode, heuristic
policy, the default Budget but for `answer_turns`). The budget is counted in **turns**, not
episodes (an episode holds 2-8 turns, so "10 episodes" is ~60 turns and hides the differences
between modes):
  * active: the k best of the turns the ask path hands its answer step
    (`mrgraph.policies.turns.handed_turns` over the walk's final State, asked with
    `Budget(answer_turns=max k)`: the turns read and the rest of H's episodes' turns, fetched
    after the loop, ranked by `rank_turns` - episode relevance, the question's share a turn or
    the question it replies to holds, the asked person's own turns first; when the question
    asks for several things, also every other reached episode's turns, spread over episodes,
    own words above the episode, a session's opening exchange first). The LLM answer prompt
    lists the same turns in
    the same order; no transcript text the ask path lacks is used;
  * bm25: the k best raw turns of the conversation by BM25 (rank_bm25's Okapi, the same
    tokens as the graph: `mrgraph.text.tokenize` of "speaker: text caption"), ties in
    transcript order - the passive baseline over the transcript itself.
Both modes read a turn as "speaker: text" (BM25 adds the photo caption), so a question naming a
person favours that person's turns in both.
Recall is `scoring.evidence_recall` of the gold dia_ids against those k turns. Category 5
(adversarial) has no gold evidence and is left out. Tables per conversation (so overfitting to
one shows) and over all, then the tool calls the active loop made per question, then each
conversation's most active people with their episodes per tag (as `mrgraph stats` shows them).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rank_bm25 import BM25Okapi

from mrgraph.advice import NO_ADVICE, Advice
from mrgraph import scoring
from mrgraph.eval import metrics
from mrgraph.eval.bench import ingest_conversations
from mrgraph.eval.locomo import QAItem, load_locomo_qa
from mrgraph.graph_stats import GraphStats, graph_stats
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.policies.base import Budget
from mrgraph.policies.heuristic import HeuristicPolicy, HeuristicRun
from mrgraph.policies.turns import fetch_unread, handed_turns
from mrgraph.reconstruct import ask
from mrgraph.store.base import GraphStore
from mrgraph.store.memory import MemoryStore
from mrgraph.text import tokenize
from mrgraph.types import Answer, Conversation

MODES = ("active", "bm25")
CATEGORIES = (1, 2, 3, 4)
Row = dict[str, Any]


class _Recording:
    """The heuristic policy, keeping each run so H can be read after the answer."""

    name = "heuristic"

    def __init__(self) -> None:
        self.last: HeuristicRun | None = None

    def start(self, question: str, budget: Budget, advice: Advice = NO_ADVICE) -> HeuristicRun:
        self.last = HeuristicPolicy().start(question, budget, advice)
        return self.last


class _Turns:
    """A conversation's raw turns and their BM25 index (the baseline's only)."""

    def __init__(self, conversation: Conversation) -> None:
        turns = [t for s in conversation.sessions for t in s.turns]
        self.ids = [t.dia_id for t in turns]
        # a raw turn: who says what (and the photo's caption)
        self.texts = {t.dia_id: f"{t.speaker}: {t.text}"
                      + (f" {t.blip_caption}" if t.blip_caption else "") for t in turns}
        self.bm25 = BM25Okapi([tokenize(self.texts[d]) or ["_"] for d in self.ids])

    def top(self, question: str, k: int) -> list[str]:
        scores = self.bm25.get_scores(tokenize(question))
        order = sorted(range(len(self.ids)), key=lambda i: (-scores[i], i))
        return [self.ids[i] for i in order[:k]]


def run(path: Path, ks: Sequence[int],
        only: Sequence[str] = ()) -> tuple[list[Row], dict[str, GraphStats]]:
    """One row per question x mode x k (of the conversations `only` names; all if empty),
    and each conversation's graph shape (`mrgraph stats`)."""
    conversations = [c for c in load(path, "locomo") if not only or c.id in only]
    questions = [q for q in load_locomo_qa(path) if q.category in CATEGORIES]
    rows: list[Row] = []
    shapes: dict[str, GraphStats] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for conversation in conversations:
            store = MemoryStore(Path(tmp) / "store", conversation.id)
            ingest_conversations(store, [conversation], HeuristicExtractor())
            shapes[conversation.id] = graph_stats(*store.export())
            turns = _Turns(conversation)
            for item in (q for q in questions if q.sample_id == conversation.id):
                rows += _ask(store, turns, item, ks)
            store.close()
    return rows, shapes


def active_turns(store: GraphStore, question: str, k: int) -> tuple[list[str], Answer]:
    """The dia_ids of the k turns the active ask hands its answer step, best first, and the
    Answer: `handed_turns` of the walk's final State (the heuristic policy; the LLM policy's
    answer prompt lists `handed_turns` of its own State)."""
    policy = _Recording()
    answer = ask(store, question, "active", policy=policy, budget=Budget(answer_turns=k))
    state = policy.last.final if policy.last else None
    if state is None:
        return [], answer
    fetch_unread(store, state)  # what the loop fetches before an answer step that is handed turns
    return [str(t["dia_id"]) for t in handed_turns(state)], answer


def _ask(store: MemoryStore, turns: _Turns, item: QAItem, ks: Sequence[int]) -> list[Row]:
    ranked, answer = active_turns(store, item.question, max(ks))
    rows: list[Row] = []
    for k in ks:
        for mode, chosen in (("active", ranked[:k]), ("bm25", turns.top(item.question, k))):
            rows.append({"sample_id": item.sample_id, "index": item.index,
                         "category": item.category, "mode": mode, "k": k,
                         "recall": scoring.evidence_recall(item.evidence, chosen),
                         "calls": answer.tool_calls if mode == "active" else 0,
                         "ms": answer.latency_ms if mode == "active" else 0.0})
    return rows


def _mean(values: Iterable[float | None]) -> float | None:
    kept = [v for v in values if v is not None]
    return sum(kept) / len(kept) if kept else None


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def recall_table(rows: Sequence[Row], ks: Sequence[int]) -> str:
    groups = sorted({r["sample_id"] for r in rows}) + ["all"]
    names = [metrics.CATEGORY_NAMES[c] for c in CATEGORIES] + ["overall"]
    out = ["| conversation | k turns | mode | " + " | ".join(names) + " |",
           "| :--- | ---: | :--- |" + " ---: |" * len(names)]
    for group in groups:
        mine = [r for r in rows if group == "all" or r["sample_id"] == group]
        for k in ks:
            for mode in MODES:
                sel = [r for r in mine if r["k"] == k and r["mode"] == mode]
                cells = [_fmt(_mean(r["recall"] for r in sel if r["category"] == c))
                         for c in CATEGORIES] + [_fmt(_mean(r["recall"] for r in sel))]
                out.append(f"| {group} | {k} | {mode} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def calls_table(rows: Sequence[Row]) -> str:
    out = ["| conversation | questions | median calls | mean calls | max calls | p50 ms |",
           "| :--- | ---: | ---: | ---: | ---: | ---: |"]
    k = min(r["k"] for r in rows)
    for group in sorted({r["sample_id"] for r in rows}) + ["all"]:
        sel = [r for r in rows if r["mode"] == "active" and r["k"] == k
               and (group == "all" or r["sample_id"] == group)]
        calls = [int(r["calls"]) for r in sel]
        out.append(f"| {group} | {len(sel)} | {statistics.median(calls):g} | "
                   f"{statistics.mean(calls):.1f} | {max(calls)} | "
                   f"{metrics.percentile([r['ms'] for r in sel], 50):.1f} |")
    return "\n".join(out)


def people_table(shapes: Mapping[str, GraphStats]) -> str:
    out = ["| conversation | episodes per tag (median, all tags) | person | episodes | tags | "
           "median episodes per tag |", "| :--- | ---: | :--- | ---: | ---: | ---: |"]
    for name, shape in sorted(shapes.items()):
        for person in shape.people:
            out.append(f"| {name} | {shape.episodes_per_tag.median:g} | {person.name} | "
                       f"{person.episodes} | {person.tags} | {person.median_per_tag:g} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo JSON file")
    parser.add_argument("--ks", default="5,10,20", help="turn budgets (comma list)")
    parser.add_argument("--conversations", default="", help="only these (comma list)")
    parser.add_argument("--json", type=Path, default=None, help="write every row here")
    args = parser.parse_args(argv)
    ks = sorted({int(k) for k in args.ks.split(",") if k.strip()})
    rows, shapes = run(args.path, ks,
                       [c.strip() for c in args.conversations.split(",") if c.strip()])
    if args.json:
        args.json.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")
    print("### Evidence recall at k turns\n")
    print(recall_table(rows, ks))
    print("\n### Tool calls per question (active)\n")
    print(calls_table(rows))
    print("\n### The most active people's tags (mrgraph stats)\n")
    print(people_table(shapes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
