"""What a namespace's episode embeddings were made with, said for messages: the ingest report
(mrgraph.ingest.pipeline) and the ask that finds none of its embedder's model (mrgraph.hybrid)
both name the models this way."""

from __future__ import annotations

from collections.abc import Sequence

from mrgraph.store.base import EmbeddingCount


def model_label(model: str) -> str:
    """A model name for messages (an embedding stored without one has the name "")."""
    return model or "an unnamed model"


def count_models(counts: Sequence[EmbeddingCount]) -> str:
    """'N episodes are embedded with A', or with several models 'N episodes are embedded with
    other models (n1 with A, n2 with B)'."""
    total = sum(c.episodes for c in counts)
    noun = "episode is" if total == 1 else "episodes are"
    if len(counts) == 1:
        return f"{total} {noun} embedded with {model_label(counts[0].model)}"
    each = ", ".join(f"{c.episodes} with {model_label(c.model)}" for c in counts)
    return f"{total} {noun} embedded with other models ({each})"
