"""mrgraph.bm25 scores exactly as rank-bm25's BM25Okapi, which the topk baseline used to build
from a whole-store export."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rank_bm25 import BM25Okapi

from mrgraph.baselines import Bm25Index
from mrgraph.bm25 import Bm25
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.store.memory import MemoryStore
from mrgraph.text import tokenize

FIXTURE = Path(__file__).parent.parent / "fixtures" / "reverse_hop.txt"


def _corpus(seed: int, docs: int, words: int) -> list[list[str]]:
    rng = random.Random(seed)
    vocabulary = [f"w{i}" for i in range(words)]
    weights = [1 / (i + 1) for i in range(words)]  # Zipf-like: some words in most documents
    return [rng.choices(vocabulary, weights, k=rng.randint(0, 30)) for _ in range(docs)]


@pytest.mark.parametrize("seed,docs,words", [(0, 50, 40), (1, 200, 300), (2, 7, 5), (3, 1, 3)])
def test_scores_are_bit_identical_to_rank_bm25(seed: int, docs: int, words: int) -> None:
    corpus = _corpus(seed, docs, words)
    reference, ours = BM25Okapi(corpus), Bm25.build(corpus)
    assert ours is not None and ours.size == docs
    rng = random.Random(seed + 100)
    queries = [rng.choices([f"w{i}" for i in range(words + 5)], k=rng.randint(1, 6))
               for _ in range(40)]
    if docs >= 50:  # the commonest words are in over half the documents: the idf floor
        assert sum(w in d for d in corpus for w in ("w0",)) > docs / 2
    for query in [*queries, ["w0", "w0", "w1"], ["absent"], []]:
        expected = reference.get_scores(query)
        assert ours.get_scores(query).tolist() == expected.tolist()  # ==, not approx
        found, scores = ours.scored(query)
        assert set(found.tolist()) == {i for i, d in enumerate(corpus) if set(d) & set(query)}
        assert scores.tolist() == expected[found].tolist()


def test_an_empty_corpus_has_no_index() -> None:
    assert Bm25.build([]) is None


def test_the_store_index_reads_episodes_page_by_page_as_the_export_holds_them(
        tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "graph", "pages")
    ingest_file(store, FIXTURE, HeuristicExtractor())
    nodes, _ = store.export()
    episodes = [n for n in nodes if n.label == "Episode"]
    pages = []
    after = ""
    while page := store.episode_documents(after, limit=4):
        pages.append(page)
        after = page[-1][0]
    assert len(pages) == -(-len(episodes) // 4) and len(episodes) > 4
    assert [d for page in pages for d in page] == [
        (n.id, str(n.props["date"]), str(n.props["text"])) for n in episodes]
    index = Bm25Index.from_store(store)
    reference = BM25Okapi([tokenize(str(n.props["text"])) for n in episodes])
    assert index.ids == tuple(n.id for n in episodes) and index.bm25 is not None
    for question in ("pottery class", "charity race Marta", "hiking with the kids"):
        assert index.bm25.get_scores(tokenize(question)).tolist() == \
            reference.get_scores(tokenize(question)).tolist()
    store.close()
