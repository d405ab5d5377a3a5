"""LLM and embedding backends behind Protocols. Only the Protocols and values of `base` are
imported with the package (every ask imports it); the rest is imported by the first use of its
name (see __getattr__): the factory and the scripted backends are not on an offline ask's path,
and `OpenAIChat` / `OpenAIEmbedder` would load the openai SDK."""

from __future__ import annotations

import importlib
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

if TYPE_CHECKING:
    from mrgraph.llm.factory import (
        DEFAULT_EMBED_MODEL,
        DEFAULT_MODEL,
        EMBEDDER_KINDS,
        LLM_KINDS,
        make_embedder,
        make_llm,
    )
    from mrgraph.llm.openai import OpenAIChat, OpenAIEmbedder
    from mrgraph.llm.scripted import (
        HashEmbedder,
        ScriptedCall,
        ScriptedEmbedder,
        ScriptedLLM,
        tool_call,
        tool_reply,
    )
    from mrgraph.llm.tokens import count_messages, count_tokens

# the submodule that defines each name imported on first use
_LAZY = {**dict.fromkeys(("DEFAULT_EMBED_MODEL", "DEFAULT_MODEL", "EMBEDDER_KINDS", "LLM_KINDS",
                          "make_embedder", "make_llm"), "factory"),
         **dict.fromkeys(("HashEmbedder", "ScriptedCall", "ScriptedEmbedder", "ScriptedLLM",
                          "tool_call", "tool_reply"), "scripted"),
         **dict.fromkeys(("count_messages", "count_tokens"), "tokens"),
         **dict.fromkeys(("OpenAIChat", "OpenAIEmbedder"), "openai")}

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
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'mrgraph.llm' has no attribute {name!r}")
    return getattr(importlib.import_module(f"mrgraph.llm.{module}"), name)
