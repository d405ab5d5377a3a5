"""Exact cosine search over the episodes' `embedding` property (the embedded store's vectors).

Built lazily on the first vector query and dropped on any episode change (GraphIndex does
that), since embeddings arrive in whole ingests, not one at a time. One matrix per dimension:
an episode whose embedding has another size than the query's cannot be compared and is skipped,
as is an all-zero embedding (its cosine is undefined).

Score = round(cosine, 6), cosine = a·b / (|a| |b|) in float64; order: score desc, date asc,
id asc (mrgraph.store.base). The matrix product picks candidates: every episode whose unrounded
cosine is within 1e-6 of the `limit`-th best, so rounding (which moves a value by at most
5e-7) cannot reorder an episode across the cut; the candidates are then rounded and sorted in
Python, so ties are broken exactly as the protocol says.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

Attrs = dict[str, Any]
_MARGIN = 1e-6


def embedding_of(attrs: Attrs) -> tuple[float, ...] | None:
    """The node's embedding as floats, or None when it has none (or not a list of numbers)."""
    value = attrs.get("embedding")
    if not isinstance(value, (list, tuple)) or not value:
        return None
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in value):
        return None
    return tuple(float(x) for x in value)


class _Matrix:
    """The embedded episodes of one dimension: ids, dates, rows and their norms."""

    def __init__(self, rows: list[tuple[str, str, tuple[float, ...]]]) -> None:
        self.ids = [r[0] for r in rows]
        self.dates = [r[1] for r in rows]
        self.rows: npt.NDArray[np.float64] = np.array([r[2] for r in rows], dtype=np.float64)
        self.norms: npt.NDArray[np.float64] = np.linalg.norm(self.rows, axis=1)


class VectorIndex:
    def __init__(self, nodes: dict[str, Attrs], episode_ids: Iterable[str]) -> None:
        by_size: dict[int, list[tuple[str, str, tuple[float, ...]]]] = {}
        for eid in episode_ids:
            vector = embedding_of(nodes[eid])
            if vector is not None and any(vector):
                date = nodes[eid].get("date")
                by_size.setdefault(len(vector), []).append(
                    (eid, date if isinstance(date, str) else "", vector))
        self._matrices = {size: _Matrix(rows) for size, rows in by_size.items()}

    def top(self, vector: Sequence[float], limit: int) -> list[tuple[str, float]]:
        """The `limit` best (episode id, score), best first."""
        matrix = self._matrices.get(len(vector))
        query = np.asarray(vector, dtype=np.float64)
        norm = float(np.linalg.norm(query))
        if matrix is None or limit <= 0 or norm == 0.0:
            return []
        cosine = (matrix.rows @ query) / (matrix.norms * norm)
        k = min(limit, cosine.size)
        cut = float(np.partition(cosine, cosine.size - k)[cosine.size - k]) - _MARGIN
        ranked = sorted((-round(float(cosine[i]), 6), matrix.dates[i], matrix.ids[i])
                        for i in np.flatnonzero(cosine >= cut))
        return [(eid, -score + 0.0) for score, _, eid in ranked[:limit]]
