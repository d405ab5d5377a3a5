"""BM25 over a corpus streamed once, kept as postings: rank-bm25's BM25Okapi, compactly.

rank-bm25 keeps one dict of term frequencies per document and scores a query by visiting every
document for every query token: at a million turns that is gigabytes and seconds per query.
Here the corpus is read once into numpy postings (per token: the documents holding it and how
often), and a query touches only the documents holding its tokens. The arithmetic is
BM25Okapi's, operation for operation (k1 1.5, b 0.75, the idf floored at epsilon x the average
idf over the whole vocabulary, summed in order of first appearance), so scores are bit-identical
(tests/unit/test_bm25.py compares them with rank-bm25's on random corpora).
"""

from __future__ import annotations

import math
from array import array
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Bm25:
    """Postings and statistics of a corpus; `size` documents, numbered in corpus order."""

    vocabulary: dict[str, int]  # token -> its number (order of first appearance)
    idf: Floats  # per token number
    starts: Ints  # token t's postings are docs[starts[t]:starts[t + 1]]
    docs: Ints
    freqs: Ints  # the token's frequency in each of those documents
    lengths: Ints  # tokens per document
    avgdl: float
    k1: float = 1.5
    b: float = 0.75

    @property
    def size(self) -> int:
        return int(self.lengths.size)

    @classmethod
    def build(cls, corpus: Iterable[Sequence[str]], k1: float = 1.5, b: float = 0.75,
              epsilon: float = 0.25) -> Bm25 | None:
        """None for an empty corpus (BM25Okapi cannot average over no documents)."""
        vocabulary: dict[str, int] = {}
        df: list[int] = []
        tokens, docs, freqs, lengths = array("q"), array("q"), array("q"), array("q")
        total = 0
        for doc, document in enumerate(corpus):
            lengths.append(len(document))
            total += len(document)
            for word, n in Counter(document).items():  # first-appearance order, as rank-bm25
                t = vocabulary.get(word)
                if t is None:
                    t = vocabulary[word] = len(df)
                    df.append(0)
                df[t] += 1
                tokens.append(t)
                docs.append(doc)
                freqs.append(n)
        if not lengths:
            return None
        order = np.argsort(np.frombuffer(tokens, dtype=np.int64), kind="stable")
        starts = np.zeros(len(df) + 1, dtype=np.int64)
        np.cumsum(np.array(df, dtype=np.int64), out=starts[1:])
        return cls(vocabulary, _idf(df, len(lengths), epsilon), starts,
                   np.frombuffer(docs, dtype=np.int64)[order],
                   np.frombuffer(freqs, dtype=np.int64)[order],
                   np.frombuffer(lengths, dtype=np.int64).copy(), total / len(lengths), k1, b)

    def scored(self, query: Sequence[str]) -> tuple[Ints, Floats]:
        """(documents holding a query token, ascending; their scores), query tokens with
        repeats, added in query order as BM25Okapi.get_scores adds them."""
        held = [self.vocabulary[q] for q in query if q in self.vocabulary]
        if not held:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64)
        found = np.unique(np.concatenate([self.docs[self.starts[t]:self.starts[t + 1]]
                                          for t in held]))
        score = np.zeros(found.size, dtype=np.float64)
        for q in query:
            t = self.vocabulary.get(q)
            if t is None:
                continue  # BM25Okapi adds 0 * ... = 0.0 there: nothing
            span = slice(self.starts[t], self.starts[t + 1])
            at = np.searchsorted(found, self.docs[span])
            freq = self.freqs[span]
            doc_len = self.lengths[self.docs[span]]
            score[at] += self.idf[t] * (freq * (self.k1 + 1) / (
                freq + self.k1 * (1 - self.b + self.b * doc_len / self.avgdl)))
        return found, score

    def get_scores(self, query: Sequence[str]) -> Floats:
        """Every document's score, as BM25Okapi.get_scores returns them."""
        full = np.zeros(self.size, dtype=np.float64)
        found, score = self.scored(query)
        full[found] = score
        return full


def _idf(df: Sequence[int], size: int, epsilon: float) -> Floats:
    """BM25Okapi._calc_idf: log((N - n + 0.5) / (n + 0.5)) as a difference of logs; a negative
    idf (a token in over half the documents) becomes epsilon x the average idf."""
    idf = [math.log(size - n + 0.5) - math.log(n + 0.5) for n in df]
    idf_sum = 0.0
    for value in idf:  # summed one by one, in vocabulary order: the same float as rank-bm25's
        idf_sum += value
    floor = epsilon * (idf_sum / len(idf)) if idf else 0.0
    return np.array([floor if value < 0 else value for value in idf], dtype=np.float64)
