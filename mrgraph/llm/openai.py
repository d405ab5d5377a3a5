"""OpenAI-compatible backends (OpenAI, vLLM, Ollama, llama.cpp...): chat (`OpenAIChat`) and
embeddings (`OpenAIEmbedder`), sharing one transport (`_Endpoint`). The only module that
imports `openai`.

Retries are ours, not the SDK's (the client gets max_retries=0): we decide what is retryable,
honour Retry-After, add jitter, and take an injectable `sleep` so tests can assert the waits.
Structured replies are parsed, checked for schema echoes and validated; an invalid reply is sent
back to the model with the error, up to `max_repairs` times.

The API key is held in a `_Secret` (masked repr) and scrubbed from every message we build from
server text; errors are raised `from None` because the SDK's exceptions carry the request, whose
headers hold the key.
"""

from __future__ import annotations

import email.utils
import logging
import random
import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import openai

from mrgraph.redact import public_uri
from mrgraph.errors import (LLMBudgetError, LLMConfigError, LLMError, LLMReplyError,
                            LLMUnavailableError)
from mrgraph.llm.base import (
    LLMReply,
    Message,
    TokenLedger,
    ToolCall,
    ToolSpec,
    Usage,
    UsageSource,
    question_started,
)
from mrgraph.llm.jsonrepair import InvalidReply, strip_think
from mrgraph.llm.structured import check_schema, parse_structured
from mrgraph.llm.toolcalls import (
    ContentCalls,
    check_calls,
    json_tool_request,
    parse_content_calls,
)
from mrgraph.llm.tokens import (
    count_messages,
    count_reply,
    count_tokens,
    tool_call_wire,
    tool_spec_wire,
)

log = logging.getLogger(__name__)

DEFAULT_BASE_URL = "https://api.openai.com/v1"
# A local server (Ollama, llama.cpp) needs no key, but the SDK insists on one.
_PLACEHOLDER_KEY = "no-key-required"
# A Retry-After longer than this is ignored in favour of backoff: blocking a question for
# minutes on one header is worse than failing after the usual retries.
_MAX_RETRY_AFTER = 120.0
_RETRYABLE_STATUS = frozenset({408, 409, 429})
_T = TypeVar("_T")
# Completion caps per purpose: without one a model that loses its way writes until the timeout
# (a 135M model wrote 3,300 tokens of junk for one navigation reply).
DEFAULT_MAX_TOKENS: Mapping[str, int] = {"navigate": 1024, "answer": 512, "extract": 8192,
                                         "judge": 256, "other": 1024}


class _Secret:
    """A string that never shows itself in repr/str (so not in logs, tracebacks or vars())."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def scrub(self, text: str) -> str:
        secret = self._value != _PLACEHOLDER_KEY and self._value  # "no-key-required" is no key
        return text.replace(self._value, "***") if secret else text

    def __repr__(self) -> str:
        return "'***'"

    __str__ = __repr__


def retry_after_seconds(headers: Mapping[str, str] | None) -> float | None:
    """Seconds a 429/503 asks us to wait: `retry-after-ms`, `retry-after` in seconds, or an
    HTTP date. None when absent or unparsable (then exponential backoff applies)."""
    if not headers:
        return None
    lowered = {k.lower(): v for k, v in headers.items()}
    for header, divisor in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        raw = lowered.get(header)
        if raw is None:
            continue
        try:
            return max(0.0, float(raw) / divisor)
        except ValueError:
            pass
        try:
            when = email.utils.parsedate_to_datetime(raw)
        except (TypeError, ValueError):
            continue
        return max(0.0, when.timestamp() - time.time())
    return None


def _schema_name(purpose: str) -> str:
    # The API requires ^[a-zA-Z0-9_-]{1,64}$ for json_schema.name.
    name = re.sub(r"[^A-Za-z0-9_-]", "_", purpose)[:64]
    return name or "reply"


def message_wire(message: Message) -> dict[str, Any]:
    """A Message in the chat.completions wire format."""
    wire: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.tool_calls:
        wire["tool_calls"] = [tool_call_wire(c) for c in message.tool_calls]
    if message.tool_call_id:
        wire["tool_call_id"] = message.tool_call_id
    if message.name and message.role in ("system", "user", "assistant"):
        wire["name"] = message.name
    return wire


def _repair_messages(text: str | None, problem: str) -> list[Message]:
    """The bad reply and the error, so the model can correct itself."""
    return [Message.assistant(text or ""),
            Message.user(f"Your previous reply was invalid: {problem}\n"
                         "Reply again with only the corrected JSON value.")]


class _Endpoint:
    """What every call to an OpenAI-compatible endpoint shares: the secret key, the lazily built
    client, our retries with backoff, and the mapping of SDK errors to mrgraph errors (with the
    key scrubbed). OpenAIChat and OpenAIEmbedder differ only in the request they send."""

    def __init__(self, model: str, api_key: str | None, base_url: str | None, timeout: float,
                 max_retries: int, ledger: TokenLedger | None, *,
                 sleep: Callable[[float], None], rng: random.Random | None,
                 backoff_base: float, backoff_cap: float) -> None:
        if not model:
            raise LLMConfigError("no model name given for the OpenAI-compatible LLM")
        if not api_key and base_url is None:
            raise LLMConfigError("no API key for the OpenAI endpoint: set OPENAI_API_KEY, or "
                                 "OPENAI_BASE_URL for a local server that needs none")
        self.model = model
        self.name = f"openai:{model}"
        self.base_url = base_url or DEFAULT_BASE_URL
        self._key = _Secret(api_key or _PLACEHOLDER_KEY)
        self.timeout, self.max_retries = timeout, max_retries
        self.ledger = ledger
        self._sleep, self._rng = sleep, rng or random.Random()
        self._backoff_base, self._backoff_cap = backoff_base, backoff_cap
        self.retry_timeouts = True
        self.question_seconds: float | None = None
        self._client: openai.OpenAI | None = None
        self._client_lock = threading.Lock()

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(model={self.model!r}, "
                f"base_url={public_uri(self.base_url)!r}, api_key='***')")

    def _get_client(self) -> openai.OpenAI:
        # Built on first use so constructing a backend stays free of I/O. base_url is always
        # explicit so the SDK does not read OPENAI_BASE_URL itself (config.py owns the env).
        with self._client_lock:
            if self._client is None:
                self._client = openai.OpenAI(api_key=self._key.reveal(), base_url=self.base_url,
                                             timeout=self.timeout, max_retries=0)
            return self._client

    # -- transport: retries and error mapping ----------------------------------------------

    def _with_retries(self, call: Callable[[openai.OpenAI], _T],
                      deadline: float | None = None) -> _T:
        """`call(client)`, retried on what is worth retrying; errors mapped and scrubbed. With a
        `deadline` (time.monotonic()) no retry starts that could not finish before it."""
        attempts = self.max_retries + 1
        for attempt in range(attempts):
            try:
                return call(self._get_client())
            except openai.OpenAIError as err:
                delay = self._retry_delay(err, attempt)
                if deadline is not None and time.monotonic() + (delay or 0.0) >= deadline:
                    raise self._budget_error() from None
                if delay is None or attempt + 1 == attempts:
                    raise self._map_error(err, attempt + 1) from None
                log.warning("LLM request failed (%s); retry %d of %d in %.1fs",
                            self._describe(err), attempt + 1, self.max_retries, delay)
                self._sleep(delay)
            except ValueError as err:  # the SDK decoding a body that is not JSON, or cut short
                raise LLMReplyError(f"the LLM endpoint {public_uri(self.base_url)} sent a reply "
                                    "that is not valid JSON (is OPENAI_BASE_URL an OpenAI-"
                                    f"compatible API?): {self._key.scrub(str(err))[:200]}"
                                    ) from None
        raise AssertionError("unreachable: the loop returns or raises")

    def _retry_delay(self, err: openai.OpenAIError, attempt: int) -> float | None:
        """Seconds to wait before retrying `err`, or None when it is not worth retrying."""
        if isinstance(err, openai.APIStatusError):
            if err.status_code not in _RETRYABLE_STATUS and err.status_code < 500:
                return None
            asked = retry_after_seconds(dict(err.response.headers))
            if asked is not None and asked <= _MAX_RETRY_AFTER:
                return asked
        elif not isinstance(err, openai.APIConnectionError):  # includes APITimeoutError
            return None
        elif isinstance(err, openai.APITimeoutError) and not self.retry_timeouts:
            # A single-slot local server is still busy with the request that timed out:
            # sending it again only queues a second copy behind the first.
            return None
        # Exponential backoff with "equal jitter": half fixed, half random, so parallel
        # clients that failed together do not retry together.
        ceiling = min(self._backoff_cap, self._backoff_base * 2.0 ** attempt)
        return ceiling / 2 + self._rng.uniform(0, ceiling / 2)

    def _budget_error(self) -> LLMBudgetError:
        return LLMBudgetError(f"the model {self.model!r} at {public_uri(self.base_url)} ran out "
                              f"of its {self.question_seconds:g}s time budget for one question or "
                              "extraction call "
                              "(raise MRGRAPH_LLM_BUDGET, or use a faster model)")

    def _describe(self, err: openai.OpenAIError) -> str:
        if isinstance(err, openai.APITimeoutError):
            return f"timed out after {self.timeout}s"
        if isinstance(err, openai.APIConnectionError):
            return f"cannot connect to {public_uri(self.base_url)}"
        if isinstance(err, openai.APIStatusError):
            # The SDK's message repeats the status ("Error code: 429 - ..."); keep the detail.
            detail = re.sub(r"^Error code: \d+ - ", "", str(err.message))
            return self._key.scrub(f"HTTP {err.status_code}: {detail}"[:500])
        return self._key.scrub(f"{type(err).__name__}: {err}"[:500])

    def _map_error(self, err: openai.OpenAIError, attempts: int) -> Exception:
        if isinstance(err, openai.AuthenticationError):
            return LLMConfigError("authentication failed for the LLM endpoint "
                                  f"{public_uri(self.base_url)} (HTTP 401): check OPENAI_API_KEY")
        if isinstance(err, openai.PermissionDeniedError):
            return LLMConfigError(f"the LLM endpoint {public_uri(self.base_url)} refused access (HTTP 403) "
                                  f"to model {self.model!r}")
        if isinstance(err, openai.NotFoundError):
            return LLMConfigError(f"model {self.model!r} or its endpoint was not found at "
                                  f"{public_uri(self.base_url)} (HTTP 404)")
        if not isinstance(err, (openai.APIStatusError, openai.APIConnectionError)):
            return LLMConfigError(f"the OpenAI client cannot be used: {self._describe(err)}")
        tries = f" after {attempts} attempts" if attempts > 1 else ""
        unavailable = isinstance(err, openai.APIConnectionError) or (  # includes timeouts
            isinstance(err, openai.APIStatusError) and err.status_code >= 500)
        if unavailable:  # the endpoint is down or overloaded: the user's to fix, not our bug
            return LLMUnavailableError(f"LLM endpoint {public_uri(self.base_url)} is unavailable "
                                       f"(model {self.model!r}){tries}: {self._describe(err)}")
        if isinstance(err, openai.APIStatusError) and 400 <= err.status_code < 500:
            # the endpoint refused what was configured (model, parameters): fixable by the user
            return LLMConfigError(f"the LLM endpoint {public_uri(self.base_url)} rejected the "
                                  f"request (model {self.model!r}): {self._describe(err)}")
        return LLMError(f"LLM request to {public_uri(self.base_url)} (model {self.model!r}) "
                        f"failed{tries}: {self._describe(err)}")


class OpenAIChat(_Endpoint):
    """An LLM over any OpenAI-compatible chat.completions endpoint. No network until complete().

    `max_tokens` caps the completion per purpose (DEFAULT_MAX_TOKENS for the rest).
    `tool_mode` "native" sends `tools` and reads `tool_calls`, falling back to calls written in
    the content (small models do that); "json" sends no `tools` but describes them in the
    system message and constrains the reply to mrgraph.llm.toolcalls.navigation_schema (for
    servers such as llama.cpp that turn a JSON schema into a grammar). `question_seconds`
    bounds the model calls of one question (mrgraph.llm.base.question_clock)."""

    def __init__(self, model: str, api_key: str | None, base_url: str | None = None,
                 timeout: float = 60.0, max_retries: int = 4, max_repairs: int = 2,
                 ledger: TokenLedger | None = None, *, parallel_tool_calls: bool | None = True,
                 sleep: Callable[[float], None] = time.sleep, rng: random.Random | None = None,
                 backoff_base: float = 1.0, backoff_cap: float = 30.0,
                 max_tokens: Mapping[str, int] | None = None, tool_mode: str = "native",
                 question_seconds: float | None = None, retry_timeouts: bool = True,
                 max_calls_per_reply: int = 6) -> None:
        super().__init__(model, api_key, base_url, timeout, max_retries, ledger, sleep=sleep,
                         rng=rng, backoff_base=backoff_base, backoff_cap=backoff_cap)
        if tool_mode not in ("native", "json"):
            raise LLMConfigError(f"unknown tool_mode {tool_mode!r} (choose native or json)")
        self.max_repairs = max_repairs
        self.parallel_tool_calls = parallel_tool_calls
        self.max_tokens = {**DEFAULT_MAX_TOKENS, **(max_tokens or {})}
        self.tool_mode = tool_mode
        self.question_seconds = question_seconds
        self.retry_timeouts = retry_timeouts
        self.max_calls_per_reply = max_calls_per_reply

    # -- the public call -------------------------------------------------------------------

    def complete(self, messages: Sequence[Message], *, tools: Sequence[ToolSpec] = (),
                 response_schema: Mapping[str, Any] | None = None, purpose: str = "other",
                 temperature: float = 0.0) -> LLMReply:
        if response_schema is not None:
            check_schema(response_schema)
        offered = tuple(tools)
        conversation = list(messages)
        if offered and self.tool_mode == "json":
            conversation, response_schema = json_tool_request(messages, offered,
                                                              self.max_calls_per_reply)
            tools = ()
        spent: list[Usage] = []
        problem = ""
        for repair in range(self.max_repairs + 1):
            reply = self._complete_once(conversation, tools, response_schema, purpose, temperature)
            spent.append(reply.usage)
            if offered and not tools:  # json mode: the calls are the content
                found = parse_content_calls(reply.text, offered)
                if found is not None:
                    return self._calls_reply(_with_usage(reply, spent), found, purpose, repair)
                problem = "the reply is not a JSON object {\"calls\": [...]}"
            elif response_schema is None or reply.tool_calls:
                return self._tools_outcome(_with_usage(reply, spent), offered, purpose)
            else:
                try:
                    parsed = parse_structured(reply.text, response_schema)
                except InvalidReply as err:
                    problem = self._key.scrub(str(err))
                else:
                    self._note(purpose, "repaired" if repair else "ok")
                    return _with_usage(LLMReply(reply.text, (), reply.usage, parsed,
                                                ("invalid JSON re-asked",) * repair), spent)
            log.info("invalid structured reply (purpose=%s, attempt %d of %d): %s",
                     purpose, repair + 1, self.max_repairs + 1, problem)
            conversation += _repair_messages(reply.text, problem)
        self._note(purpose, "invalid")
        raise LLMReplyError(f"the model {self.model!r} gave no valid JSON for '{purpose}' after "
                            f"{self.max_repairs + 1} attempts; last problem: {problem}")

    def _deadline(self) -> float | None:
        """When the current question's budget ends (time.monotonic()), or None."""
        started = question_started()
        if started is None or self.question_seconds is None:
            return None
        return started + self.question_seconds

    def _note(self, purpose: str, outcome: str) -> None:
        if self.ledger is not None:
            self.ledger.count_reply(purpose, outcome)

    def _tools_outcome(self, reply: LLMReply, tools: Sequence[ToolSpec],
                       purpose: str) -> LLMReply:
        """A native reply, with calls written in its content read as calls when it has none."""
        if not tools:
            return reply
        if reply.tool_calls:
            self._note(purpose, "invalid" if check_calls(reply.tool_calls, tools) else "ok")
            return reply
        found = parse_content_calls(reply.text, tools)
        if found is None or not found.calls:
            self._note(purpose, "stop")
            return reply
        self._note(purpose, "repaired" if found.valid else "invalid")
        return LLMReply(None, found.calls, reply.usage, None,
                        reply.repairs + (f"calls from content: {found.form}",))

    def _calls_reply(self, reply: LLMReply, found: ContentCalls, purpose: str,
                     repairs: int) -> LLMReply:
        """A json-mode reply: its calls, or the final signal when the list is empty."""
        fixes = ("invalid JSON re-asked",) * repairs
        if not found.calls:
            self._note(purpose, "stop")
            return LLMReply(None, (), reply.usage, None, fixes)
        outcome = "invalid" if not found.valid else "repaired" if repairs else "ok"
        self._note(purpose, outcome)
        return LLMReply(None, found.calls, reply.usage, None, fixes)

    def _complete_once(self, messages: Sequence[Message], tools: Sequence[ToolSpec],
                       schema: Mapping[str, Any] | None, purpose: str,
                       temperature: float) -> LLMReply:
        request = self._request(messages, tools, schema, purpose, temperature)
        deadline = self._deadline()
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise self._budget_error()
            request["timeout"] = min(self.timeout, left)  # a request never outlives the budget
        completion = self._with_retries(lambda client: client.chat.completions.create(**request),
                                        deadline)
        reply = self._to_reply(completion, purpose)
        if reply.usage.source == "tiktoken":
            # The server omitted usage: count what we sent and what came back.
            usage = Usage(count_messages(messages, tools, schema),
                          count_reply(reply.text, reply.tool_calls), purpose, "tiktoken")
            reply = LLMReply(reply.text, reply.tool_calls, usage, reply.parsed)
        if self.ledger is not None:
            self.ledger.record(reply.usage)
        return reply

    def _request(self, messages: Sequence[Message], tools: Sequence[ToolSpec],
                 schema: Mapping[str, Any] | None, purpose: str,
                 temperature: float) -> dict[str, Any]:
        request: dict[str, Any] = {"model": self.model, "temperature": temperature,
                                   "messages": [message_wire(m) for m in messages],
                                   "max_tokens": self.max_tokens.get(purpose,
                                                                     self.max_tokens["other"])}
        if tools:
            request["tools"] = [tool_spec_wire(t) for t in tools]
            request["tool_choice"] = "auto"
            if self.parallel_tool_calls is not None:
                request["parallel_tool_calls"] = self.parallel_tool_calls
        if schema is not None:
            request["response_format"] = {"type": "json_schema", "json_schema": {
                "name": _schema_name(purpose), "schema": dict(schema), "strict": False}}
        return request

    # -- reply decoding ----------------------------------------------------------------------

    def _to_reply(self, completion: Any, purpose: str) -> LLMReply:
        choices = getattr(completion, "choices", None) or []
        if not choices:
            raise LLMReplyError(f"the LLM endpoint {public_uri(self.base_url)} returned no "
                                "choices")
        message = choices[0].message
        if getattr(message, "refusal", None):
            raise LLMError(f"the model refused the '{purpose}' request: "
                           f"{self._key.scrub(str(message.refusal))[:300]}")
        # The key never leaves in model output (an endpoint may echo it): scrubbed here, before
        # the reply is shown, traced, cached or stored
        content = getattr(message, "content", None)
        text = strip_think(self._key.scrub(content)) if isinstance(content, str) else None
        calls = tuple(self._tool_calls(message))
        usage = getattr(completion, "usage", None)
        if usage is not None and usage.prompt_tokens is not None:
            counted = Usage(usage.prompt_tokens, usage.completion_tokens or 0, purpose, "server")
        else:
            counted = Usage(0, 0, purpose, "tiktoken")  # filled in by _complete_once
        if calls and not text:
            text = None  # a tool-call reply often carries "" as content: it means "no text"
        return LLMReply(text, calls, counted)

    def _tool_calls(self, message: Any) -> list[ToolCall]:
        calls = []
        for index, call in enumerate(message.tool_calls or ()):
            function = getattr(call, "function", None)
            if function is None:  # custom (non-function) tools are never offered by mrgraph
                log.warning("ignoring a non-function tool call of type %r", call.type)
                continue
            # Some local servers omit ids; the loop needs one to answer each call.
            call_id = call.id or f"call_{index}"
            calls.append(ToolCall(call_id, self._key.scrub(function.name or ""),
                                  self._key.scrub(function.arguments or "{}")))
        return calls


def _with_usage(reply: LLMReply, spent: Sequence[Usage]) -> LLMReply:
    """The reply carrying the usage of every attempt that produced it (repairs cost tokens)."""
    if len(spent) == 1:
        return reply
    source: UsageSource = "server" if all(u.source == "server" for u in spent) else "tiktoken"
    total = Usage(sum(u.prompt_tokens for u in spent), sum(u.completion_tokens for u in spent),
                  spent[-1].purpose, source)
    return LLMReply(reply.text, reply.tool_calls, total, reply.parsed)


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
        rows = sorted(getattr(reply, "data", None) or [], key=lambda d: int(d.index))
        if len(rows) != len(batch):
            raise LLMError(f"the embeddings endpoint {public_uri(self.base_url)} returned "
                           f"{len(rows)} vectors for {len(batch)} texts")
        vectors = [tuple(float(x) for x in row.embedding) for row in rows]
        sizes = {len(v) for v in vectors} | ({self._dimensions} if self._dimensions else set())
        if len(sizes) > 1:  # vectors of two sizes cannot be compared: fail before storing any
            raise LLMError(f"the embeddings endpoint {public_uri(self.base_url)} returned "
                           "vectors of differing dimensions")
        self._dimensions = len(vectors[0]) if vectors else self._dimensions
        usage = getattr(reply, "usage", None)
        if usage is not None and getattr(usage, "prompt_tokens", None) is not None:
            spent = Usage(int(usage.prompt_tokens), 0, purpose, "server")
        else:  # OpenAI's embedding models use cl100k: the count is exact for them
            spent = Usage(sum(count_tokens(t) for t in batch), 0, purpose, "tiktoken")
        if self.ledger is not None:
            self.ledger.record(spent)
        return vectors
