"""The LLM interface every model backend implements, and the token ledger they record into.

Everything here is a plain frozen value so replies, calls and traces can be stored, compared
and printed without touching a backend. `ToolCall.arguments` stays the raw JSON string the model
produced: validating it against the tool's schema is the caller's job (the reconstruction loop
owns the tool schemas and knows how to report a bad call back to the model).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, Protocol, get_args, runtime_checkable

from mrgraph.redact import scrub, scrub_json_text, scrub_value

Role = Literal["system", "user", "assistant", "tool"]
UsageSource = Literal["server", "tiktoken"]

_ROLES: frozenset[str] = frozenset(get_args(Role))


@dataclass(frozen=True)
class ToolCall:
    """One tool call requested by the model. `arguments` is the model's raw JSON text."""

    id: str
    name: str
    arguments: str


@dataclass(frozen=True)
class Message:
    """One chat message. Tool results are `role="tool"` messages answering a `tool_call_id`."""

    role: str
    content: str | None
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    name: str | None = None

    def __post_init__(self) -> None:
        # Fail at construction rather than as an opaque HTTP 400 from the endpoint later.
        if self.role not in _ROLES:
            raise ValueError(f"unknown message role {self.role!r}; expected one of {sorted(_ROLES)}")
        if self.role == "tool" and not self.tool_call_id:
            raise ValueError("a tool message needs the tool_call_id it answers")

    @classmethod
    def system(cls, content: str) -> Message:
        return cls("system", content)

    @classmethod
    def user(cls, content: str) -> Message:
        return cls("user", content)

    @classmethod
    def assistant(cls, content: str | None, tool_calls: Sequence[ToolCall] = ()) -> Message:
        return cls("assistant", content, tuple(tool_calls))

    @classmethod
    def tool(cls, tool_call_id: str, content: str, name: str | None = None) -> Message:
        return cls("tool", content, tool_call_id=tool_call_id, name=name)


@dataclass(frozen=True)
class ToolSpec:
    """A tool offered to the model: name, description and a JSON schema for its arguments."""

    name: str
    description: str
    # Not hashed: a JSON schema is a nested dict; equality still compares it.
    parameters: Mapping[str, Any] = field(hash=False)


@dataclass(frozen=True)
class Usage:
    """Tokens one reply cost. `source` says whether the server reported them or we counted."""

    prompt_tokens: int
    completion_tokens: int
    purpose: str
    source: UsageSource

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


@dataclass(frozen=True)
class LLMReply:
    """A model reply: text and/or tool calls, its token usage, and the validated JSON value
    when the call asked for structured output (`parsed`; None otherwise). `repairs` says what
    had to be fixed to get it (e.g. "calls from content: tool_call block", "invalid JSON
    re-asked"); empty for a reply used as the server sent it."""

    text: str | None
    tool_calls: tuple[ToolCall, ...]
    usage: Usage
    parsed: Any = None
    repairs: tuple[str, ...] = ()


def scrubbed(reply: LLMReply) -> LLMReply:
    """`reply` without any secret (mrgraph.redact) in its text, its tool calls or its decoded
    JSON value: what a backend returns, after every decoding it did (an endpoint may echo the
    key, escaped so that only decoding shows it)."""
    calls = tuple(ToolCall(c.id, scrub(c.name), scrub_json_text(c.arguments))
                  for c in reply.tool_calls)
    text = scrub(reply.text) if reply.text is not None else None
    return LLMReply(text, calls, reply.usage, scrub_value(reply.parsed), reply.repairs)


@runtime_checkable
class LLM(Protocol):
    """What the reconstruction loop, extractor and judge need from a model."""

    name: str

    def complete(
        self,
        messages: Sequence[Message],
        *,
        tools: Sequence[ToolSpec] = (),
        response_schema: Mapping[str, Any] | None = None,
        purpose: str = "other",
        temperature: float = 0.0,
    ) -> LLMReply: ...


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into vectors for semantic search (optional: lexical search needs none).

    `embed` returns one vector per text, in order, and records its token usage (purpose
    "embed" unless told otherwise) in the embedder's TokenLedger. `dimensions` is None until
    the first vector is known (an endpoint decides it). `name` identifies the model: it keys
    the embedding cache, so two embedders with one name must give the same vectors."""

    name: str

    @property
    def dimensions(self) -> int | None: ...

    def embed(self, texts: Sequence[str], *, purpose: str = "embed") -> list[tuple[float, ...]]: ...


@dataclass(frozen=True)
class PurposeTotals:
    """Tokens and model calls spent on one purpose (or on all of them)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    calls: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def plus(self, other: PurposeTotals) -> PurposeTotals:
        return PurposeTotals(self.prompt_tokens + other.prompt_tokens,
                             self.completion_tokens + other.completion_tokens,
                             self.calls + other.calls)

    def minus(self, other: PurposeTotals) -> PurposeTotals:
        return PurposeTotals(self.prompt_tokens - other.prompt_tokens,
                             self.completion_tokens - other.completion_tokens,
                             self.calls - other.calls)

    def as_dict(self) -> dict[str, int]:
        return {"prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                "total_tokens": self.total_tokens, "calls": self.calls}


@dataclass(frozen=True)
class LedgerTotals:
    """A frozen snapshot of a TokenLedger."""

    by_purpose: Mapping[str, PurposeTotals] = field(default_factory=dict, hash=False)

    @property
    def total(self) -> PurposeTotals:
        result = PurposeTotals()
        for part in self.by_purpose.values():
            result = result.plus(part)
        return result

    def minus(self, earlier: LedgerTotals) -> LedgerTotals:
        """What was spent since `earlier` (e.g. the cost of one question on a shared ledger)."""
        delta = {p: t.minus(earlier.by_purpose.get(p, PurposeTotals()))
                 for p, t in self.by_purpose.items()}
        return LedgerTotals(MappingProxyType({p: t for p, t in delta.items()
                                              if t != PurposeTotals()}))

    def as_dict(self) -> dict[str, Any]:
        return {"total": self.total.as_dict(),
                "by_purpose": {p: t.as_dict() for p, t in sorted(self.by_purpose.items())}}


class TokenLedger:
    """Thread-safe running totals of tokens and calls per purpose.

    LLM backends record every model call (including repair attempts) here, so the ledger is
    what was actually spent; tool calls run in parallel threads, hence the lock. Backends also
    count how each reply came out (`count_reply`: "ok", "repaired", "invalid"...) so a run can
    say what share of a small model's replies needed repair.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._totals: dict[str, PurposeTotals] = {}
        self._outcomes: dict[str, dict[str, int]] = {}

    def count_reply(self, purpose: str, outcome: str) -> None:
        with self._lock:
            counts = self._outcomes.setdefault(purpose, {})
            counts[outcome] = counts.get(outcome, 0) + 1

    def reply_outcomes(self) -> dict[str, dict[str, int]]:
        """{purpose: {outcome: replies}} so far."""
        with self._lock:
            return {p: dict(sorted(c.items())) for p, c in sorted(self._outcomes.items())}

    def record(self, usage: Usage) -> None:
        spent = PurposeTotals(usage.prompt_tokens, usage.completion_tokens, 1)
        with self._lock:
            self._totals[usage.purpose] = self._totals.get(usage.purpose, PurposeTotals()).plus(spent)

    def totals(self) -> LedgerTotals:
        with self._lock:
            return LedgerTotals(MappingProxyType(dict(self._totals)))

    def as_dict(self) -> dict[str, Any]:
        return self.totals().as_dict()

    def __repr__(self) -> str:
        total = self.totals().total
        return f"TokenLedger(calls={total.calls}, tokens={total.total_tokens})"


# When the current question started (time.monotonic()), set by the navigation policy around its
# model calls: a backend with a per-question time budget measures it from here.
_QUESTION_STARTED: ContextVar[float | None] = ContextVar("mrgraph_question_started", default=None)


@contextmanager
def question_clock(started: float) -> Iterator[None]:
    """Model calls made inside belong to the question that started at `started`."""
    token = _QUESTION_STARTED.set(started)
    try:
        yield
    finally:
        _QUESTION_STARTED.reset(token)


def question_started() -> float | None:
    """When the current question started, or None outside one (e.g. during extraction)."""
    return _QUESTION_STARTED.get()
