"""LLM and embedding backends behind Protocols. `OpenAIChat` and `OpenAIEmbedder` are imported
lazily (see __getattr__) so that importing mrgraph.llm never loads the openai SDK unless used."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mrgraph.llm.base import (
    LLM,
    Embedder,
    LedgerTotals,
    LLMReply,
    Message,
    PurposeTotals,
    TokenLedger,
    ToolCall,
    ToolSpec,
    Usage,
)
from mrgraph.llm.factory import (
    DEFAULT_EMBED_MODEL,
    DEFAULT_MODEL,
    EMBEDDER_KINDS,
    LLM_KINDS,
    make_embedder,
    make_llm,
)
from mrgraph.llm.scripted import (
    HashEmbedder,
    ScriptedCall,
    ScriptedEmbedder,
    ScriptedLLM,
    tool_call,
    tool_reply,
)
from mrgraph.llm.tokens import count_messages, count_tokens

if TYPE_CHECKING:
    from mrgraph.llm.openai import OpenAIChat, OpenAIEmbedder

__all__ = [
    "DEFAULT_EMBED_MODEL",
    "DEFAULT_MODEL",
    "EMBEDDER_KINDS",
    "Embedder",
    "HashEmbedder",
    "LLM",
    "LLMReply",
    "LLM_KINDS",
    "LedgerTotals",
    "Message",
    "OpenAIChat",
    "OpenAIEmbedder",
    "PurposeTotals",
    "ScriptedCall",
    "ScriptedEmbedder",
    "ScriptedLLM",
    "TokenLedger",
    "ToolCall",
    "ToolSpec",
    "Usage",
    "count_messages",
    "count_tokens",
    "make_embedder",
    "make_llm",
    "tool_call",
    "tool_reply",
]


def __getattr__(name: str) -> Any:
    if name in ("OpenAIChat", "OpenAIEmbedder"):
        from mrgraph.llm import openai

        return getattr(openai, name)
    raise AttributeError(f"module 'mrgraph.llm' has no attribute {name!r}")
