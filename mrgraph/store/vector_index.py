"""Exact cosine search over the episodes' `embedding` property (the embedded store's vectors).

Built lazily on first use and dropped on any episode change (GraphIndex does that), since
embeddings arrive in whole ingests, not one at a time. Building only groups the embedded episodes
by model (`embedding_model`) and counts them (GraphStore.embedding_models); a model's matrices,
one per dimension, are built on its first query. A query is scored against the episodes its own
model embedded, since two models' vectors are not comparable even when their sizes agree; an
embedding of another size than the query's cannot be compared either, and an all-zero one has no
cosine.

Score = round(cosine, 6), cosine = a·b / (|a| |b|) in float64; order: score desc, date asc,
id asc (mrgraph.store.base). The matrix product picks candidates: every episode whose unrounded
cosine is within 1e-6 of the `limit`-th best, so rounding (which moves a value by at most
5e-7) cannot reorder an episode across the cut; the candidates are then rounded and sorted in
Python, so ties are broken exactly as the protocol says.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported by the first query: a store without embeddings never loads numpy
    import numpy as np
    import numpy.typing as npt

Attrs = dict[str, Any]
_MARGIN = 1e-6


def model_of(attrs: Attrs) -> str:
    """The name of the model that made the node's embedding ("" when it names none)."""
    value = attrs.get("embedding_model")
    return value if isinstance(value, str) else ""


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
        import numpy as np
        self.ids = [r[0] for r in rows]
        self.dates = [r[1] for r in rows]
        self.rows: npt.NDArray[np.float64] = np.array([r[2] for r in rows], dtype=np.float64)
        self.norms: npt.NDArray[np.float64] = np.linalg.norm(self.rows, axis=1)


class VectorIndex:
    def __init__(self, nodes: dict[str, Attrs], episode_ids: Iterable[str]) -> None:
        self._nodes = nodes  # safe to keep: the index is dropped when an episode changes
        by_model: dict[str, list[str]] = {}
        for eid in episode_ids:
            if nodes[eid].get("embedding") is not None:
                by_model.setdefault(model_of(nodes[eid]), []).append(eid)
        self._episodes = by_model
        self.models: dict[str, int] = {m: len(ids) for m, ids in sorted(by_model.items())}
        self._matrices: dict[str, dict[int, _Matrix]] = {}

    def _of(self, model: str) -> dict[int, _Matrix]:
        """The model's matrices by dimension, built on first use (a race builds them twice,
        harmlessly: both results are equal)."""
        found = self._matrices.get(model)
        if found is None:
            by_size: dict[int, list[tuple[str, str, tuple[float, ...]]]] = {}
            for eid in self._episodes.get(model, ()):
                vector = embedding_of(self._nodes[eid])
                if vector is not None and any(vector):
                    date = self._nodes[eid].get("date")
                    by_size.setdefault(len(vector), []).append(
                        (eid, date if isinstance(date, str) else "", vector))
            found = self._matrices[model] = {n: _Matrix(rows) for n, rows in by_size.items()}
        return found

    def top(self, vector: Sequence[float], model: str, limit: int) -> list[tuple[str, float]]:
        """The `limit` best (episode id, score) among `model`'s embeddings, best first."""
        import numpy as np
        matrix = self._of(model).get(len(vector))
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
