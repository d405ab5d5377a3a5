"""ScriptedLLM: a deterministic LLM that plays back a script; HashEmbedder and ScriptedEmbedder:
deterministic embedders. Shipped in the package (like httpx's MockTransport) so tests and
offline demos drive real code paths without mocks.

Script entries:
  * `str`     -> a text reply (parsed and validated when the call passes a response_schema,
                 exactly as OpenAIChat would, so a script cannot feed data a real model could not);
  * `dict`    -> a structured reply: `parsed` is the dict, `text` its JSON;
  * `LLMReply`-> used as is (e.g. from `tool_reply(...)`), usage recomputed;
  * callable  -> called with (messages, tools); its result is any of the above.
Usage is always counted with tiktoken (source='tiktoken'); every call is recorded in `.calls`.
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Union

from mrgraph.errors import LLMError, ScriptExhaustedError
from mrgraph.llm.base import LLMReply, Message, TokenLedger, ToolCall, ToolSpec, Usage
from mrgraph.llm.jsonrepair import InvalidReply
from mrgraph.llm.structured import check_schema, parse_structured, validate
from mrgraph.llm.tokens import count_messages, count_reply, count_tokens
from mrgraph.text import tokenize

ScriptValue = Union[LLMReply, str, dict[str, Any]]
ScriptEntry = Union[ScriptValue, Callable[[Sequence[Message], Sequence[ToolSpec]], ScriptValue]]

_NO_USAGE = Usage(0, 0, "scripted", "tiktoken")  # placeholder; replaced on every call


@dataclass(frozen=True)
class ScriptedCall:
    """One call made to a ScriptedLLM, as the caller made it."""

    messages: tuple[Message, ...]
    tools: tuple[ToolSpec, ...]
    response_schema: Mapping[str, Any] | None = field(hash=False)
    purpose: str


def tool_call(name: str, arguments: Mapping[str, Any] | str, call_id: str | None = None) -> ToolCall:
    """A ToolCall; `arguments` may be raw text to script a model sending malformed JSON."""
    raw = arguments if isinstance(arguments, str) else json.dumps(dict(arguments))
    return ToolCall(call_id or f"call_{name}", name, raw)


def tool_reply(calls: Sequence[tuple[str, Mapping[str, Any] | str]],
               text: str | None = None) -> LLMReply:
    """A reply requesting tool calls (parallel when several), ids call_1, call_2, ..."""
    made = tuple(tool_call(name, args, f"call_{i}") for i, (name, args) in enumerate(calls, 1))
    return LLMReply(text, made, _NO_USAGE)


class ScriptedLLM:
    """An LLM that returns scripted replies in order and records every call."""

    def __init__(self, replies: Sequence[ScriptEntry], ledger: TokenLedger | None = None,
                 *, name: str = "scripted") -> None:
        self.name = name
        self.ledger = ledger
        self._script = list(replies)
        self._next = 0
        self._lock = threading.Lock()  # the loop may call from worker threads
        self.calls: list[ScriptedCall] = []

    @property
    def remaining(self) -> int:
        with self._lock:
            return len(self._script) - self._next

    def __repr__(self) -> str:
        return f"ScriptedLLM(name={self.name!r}, calls={len(self.calls)}, remaining={self.remaining})"

    def complete(self, messages: Sequence[Message], *, tools: Sequence[ToolSpec] = (),
                 response_schema: Mapping[str, Any] | None = None, purpose: str = "other",
                 temperature: float = 0.0) -> LLMReply:
        if response_schema is not None:
            check_schema(response_schema)  # as OpenAIChat does: fail before using the script
        entry = self._take(ScriptedCall(tuple(messages), tuple(tools), response_schema, purpose))
        value = entry(messages, tools) if callable(entry) else entry
        reply = self._to_reply(value, response_schema, purpose)
        usage = Usage(count_messages(messages, tools, response_schema),
                      count_reply(reply.text, reply.tool_calls), purpose, "tiktoken")
        if self.ledger is not None:
            self.ledger.record(usage)
        return LLMReply(reply.text, reply.tool_calls, usage, reply.parsed)

    def _take(self, call: ScriptedCall) -> ScriptEntry:
        with self._lock:
            self.calls.append(call)
            if self._next >= len(self._script):
                raise ScriptExhaustedError(
                    f"ScriptedLLM {self.name!r} has no reply for call {len(self.calls)} "
                    f"(purpose {call.purpose!r}); its script had {len(self._script)} "
                    f"repl{'y' if len(self._script) == 1 else 'ies'}")
            entry = self._script[self._next]
            self._next += 1
            return entry

    def _to_reply(self, value: ScriptValue, schema: Mapping[str, Any] | None,
                  purpose: str) -> LLMReply:
        if isinstance(value, LLMReply):
            return value
        if isinstance(value, str):
            if schema is None:
                return LLMReply(value, (), _NO_USAGE)
            try:
                return LLMReply(value, (), _NO_USAGE, parse_structured(value, schema))
            except InvalidReply as err:
                raise LLMError(f"scripted reply for '{purpose}' is invalid: {err}") from None
        if isinstance(value, dict):
            errors = validate(value, schema) if schema is not None else []
            if errors:
                raise LLMError(f"scripted reply for '{purpose}' does not match the schema: "
                               + "; ".join(errors))
            return LLMReply(json.dumps(value, ensure_ascii=False), (), _NO_USAGE, value)
        raise TypeError(f"unsupported script entry {type(value).__name__}: "
                        "expected LLMReply, str, dict or a callable returning one")


class HashEmbedder:
    """A deterministic offline Embedder: each search token of a text (mrgraph.text.tokenize:
    stopwords dropped, stemmed) is hashed (blake2b) to a dimension and a sign; the counts are
    L2-normalised. Texts sharing words get similar vectors, texts sharing none are orthogonal
    up to hash collisions: lexical, not semantic, but exercises every vector code path.
    Usage is counted with tiktoken; a text without tokens maps to the zero vector."""

    def __init__(self, dimensions: int = 64, ledger: TokenLedger | None = None) -> None:
        if dimensions < 1:
            raise ValueError(f"dimensions must be at least 1, got {dimensions}")
        self._dimensions = dimensions
        self.name = f"hash:{dimensions}"
        self.ledger = ledger
        self.calls = 0  # embed() calls, for tests of caching

    @property
    def dimensions(self) -> int:
        return self._dimensions

    def embed(self, texts: Sequence[str], *, purpose: str = "embed") -> list[tuple[float, ...]]:
        self.calls += 1
        if self.ledger is not None:
            self.ledger.record(Usage(sum(count_tokens(t) for t in texts), 0, purpose, "tiktoken"))
        return [self._vector(t) for t in texts]

    def _vector(self, text: str) -> tuple[float, ...]:
        counts = [0.0] * self._dimensions
        for token in tokenize(text):
            digest = hashlib.blake2b(token.encode("utf-8"), digest_size=8).digest()
            slot = int.from_bytes(digest[:4], "big") % self._dimensions
            counts[slot] += 1.0 if digest[4] & 1 else -1.0
        norm = math.sqrt(sum(c * c for c in counts))
        return tuple(c / norm for c in counts) if norm else tuple(counts)


class ScriptedEmbedder:
    """An Embedder returning chosen vectors: `table[text]`, else `default` (a KeyError without
    one, so a test notices an unexpected text). For tests of vector ranking and fusion."""

    def __init__(self, table: Mapping[str, Sequence[float]],
                 default: Sequence[float] | None = None, *, name: str = "scripted-embedder",
                 ledger: TokenLedger | None = None) -> None:
        self.name = name
        self.ledger = ledger
        self._table = {k: tuple(float(x) for x in v) for k, v in table.items()}
        self._default = None if default is None else tuple(float(x) for x in default)
        self.texts: list[str] = []  # every text embedded, in order

    @property
    def dimensions(self) -> int | None:
        known = next(iter(self._table.values()), self._default)
        return None if known is None else len(known)

    def embed(self, texts: Sequence[str], *, purpose: str = "embed") -> list[tuple[float, ...]]:
        self.texts.extend(texts)
        if self.ledger is not None:
            self.ledger.record(Usage(sum(count_tokens(t) for t in texts), 0, purpose, "tiktoken"))
        found = [self._table.get(t, self._default) for t in texts]
        missing = [t for t, v in zip(texts, found) if v is None]
        if missing:
            raise KeyError(f"ScriptedEmbedder {self.name!r} has no vector for {missing[0]!r}")
        return [v for v in found if v is not None]
