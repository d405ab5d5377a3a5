"""Embeddings over any OpenAI-compatible endpoint (`OpenAIEmbedder`), on the shared transport."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from mrgraph.errors import LLMConfigError, LLMReplyError
from mrgraph.llm.base import TokenLedger, Usage
from mrgraph.llm.tokens import count_tokens
from mrgraph.llm.transport import _Endpoint
from mrgraph.redact import public_uri


class OpenAIEmbedder(_Endpoint):
    """An Embedder over any OpenAI-compatible embeddings endpoint. No network until embed().

    Inputs go `batch_size` at a time (OpenAI accepts up to 2,048 per request; 256 keeps a
    request small enough to retry cheaply). `dimensions`, when given, is sent to the endpoint
    (text-embedding-3 models can shorten their vectors); otherwise it is learnt from the first
    reply. Each request's usage goes to the ledger: the server's figure, else tiktoken's."""

    def __init__(self, model: str, api_key: str | None, base_url: str | None = None,
                 timeout: float = 60.0, ledger: TokenLedger | None = None, *,
                 dimensions: int | None = None, batch_size: int = 256, max_retries: int = 4,
                 sleep: Callable[[float], None] = time.sleep, rng: random.Random | None = None,
                 backoff_base: float = 1.0, backoff_cap: float = 30.0) -> None:
        super().__init__(model, api_key, base_url, timeout, max_retries, ledger, sleep=sleep,
                         rng=rng, backoff_base=backoff_base, backoff_cap=backoff_cap)
        if batch_size < 1:
            raise LLMConfigError(f"batch_size must be at least 1, got {batch_size}")
        self._requested = dimensions
        self._dimensions = dimensions
        self.batch_size = batch_size

    @property
    def dimensions(self) -> int | None:
        return self._dimensions

    def embed(self, texts: Sequence[str], *, purpose: str = "embed") -> list[tuple[float, ...]]:
        vectors: list[tuple[float, ...]] = []
        for start in range(0, len(texts), self.batch_size):
            vectors += self._embed_batch(list(texts[start:start + self.batch_size]), purpose)
        return vectors

    def _embed_batch(self, batch: list[str], purpose: str) -> list[tuple[float, ...]]:
        request: dict[str, Any] = {"model": self.model, "input": batch,
                                   "encoding_format": "float"}
        if self._requested is not None:
            request["dimensions"] = self._requested
        reply = self._with_retries(lambda client: client.embeddings.create(**request))
        vectors = self._decoded("embeddings", lambda: self._vectors(reply, len(batch)))
        self._dimensions = len(vectors[0]) if vectors else self._dimensions
        usage = getattr(reply, "usage", None)
        if usage is not None and getattr(usage, "prompt_tokens", None) is not None:
            spent = Usage(int(usage.prompt_tokens), 0, purpose, "server")
        else:  # OpenAI's embedding models use cl100k: the count is exact for them
            spent = Usage(sum(count_tokens(t) for t in batch), 0, purpose, "tiktoken")
        if self.ledger is not None:
            self.ledger.record(spent)
        return vectors

    def _vectors(self, reply: Any, texts: int) -> list[tuple[float, ...]]:
        """The reply's vectors in input order; an endpoint's wrong answer is LLMReplyError."""
        rows = sorted(getattr(reply, "data", None) or [], key=lambda d: int(d.index))
        if len(rows) != texts:
            raise LLMReplyError(f"the embeddings endpoint {public_uri(self.base_url)} returned "
                                f"{len(rows)} vectors for {texts} texts")
        vectors = [tuple(float(x) for x in row.embedding) for row in rows]
        sizes = {len(v) for v in vectors} | ({self._dimensions} if self._dimensions else set())
        if len(sizes) > 1:  # vectors of two sizes cannot be compared: fail before storing any
            raise LLMReplyError(f"the embeddings endpoint {public_uri(self.base_url)} returned "
                                "vectors of differing dimensions")
        return vectors
