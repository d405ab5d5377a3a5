"""Chat over any OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, llama.cpp...): `OpenAIChat`,
on the transport of mrgraph.llm.transport (retries, error mapping, the secret key). Embeddings
are `OpenAIEmbedder` (mrgraph.llm.openai_embed, re-exported here).

Structured replies are parsed, checked for schema echoes and validated; an invalid reply is sent
back to the model with the error, up to `max_repairs` times. Tool calls a small model writes
in its content are parsed and checked (mrgraph.llm.toolcalls).
"""

from __future__ import annotations

import logging
import random
import re
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mrgraph.errors import LLMConfigError, LLMError, LLMReplyError
from mrgraph.llm.base import (
    LLMReply,
    Message,
    TokenLedger,
    ToolCall,
    ToolSpec,
    Usage,
    UsageSource,
    question_started,
    scrubbed,
)
from mrgraph.llm.jsonrepair import InvalidReply, strip_think
from mrgraph.llm.openai_embed import OpenAIEmbedder
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
from mrgraph.llm.transport import _Endpoint, retry_after_seconds
from mrgraph.redact import public_uri

__all__ = ["DEFAULT_MAX_TOKENS", "OpenAIChat", "OpenAIEmbedder", "message_wire",
           "retry_after_seconds"]

log = logging.getLogger(__name__)

# Completion caps per purpose: without one a model that loses its way writes until the timeout
# (a 135M model wrote 3,300 tokens of junk for one navigation reply).
DEFAULT_MAX_TOKENS: Mapping[str, int] = {"navigate": 1024, "answer": 512, "extract": 8192,
                                         "judge": 256, "other": 1024}


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
        # decoded (JSON, tool calls from content) first, then scrubbed: a key the endpoint
        # echoed escaped (\u0073k-...) is only the key once decoded
        return scrubbed(self._complete(messages, tools, response_schema, purpose, temperature))

    def _complete(self, messages: Sequence[Message], tools: Sequence[ToolSpec],
                  response_schema: Mapping[str, Any] | None, purpose: str,
                  temperature: float) -> LLMReply:
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
        reply = self._decoded("a chat reply", lambda: self._to_reply(completion, purpose))
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
            raise LLMReplyError(f"the model refused the '{purpose}' request: "
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
