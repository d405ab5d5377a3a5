"""LLM backends behind one Protocol. `OpenAIChat` is imported lazily (see __getattr__) so that
importing mrgraph.llm never loads the openai SDK unless it is used."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mrgraph.llm.base import (
    LLM,
    LedgerTotals,
    LLMReply,
    Message,
    PurposeTotals,
    TokenLedger,
    ToolCall,
    ToolSpec,
    Usage,
)
from mrgraph.llm.factory import DEFAULT_MODEL, LLM_KINDS, make_llm
from mrgraph.llm.scripted import ScriptedCall, ScriptedLLM, tool_call, tool_reply
from mrgraph.llm.tokens import count_messages, count_tokens

if TYPE_CHECKING:
    from mrgraph.llm.openai import OpenAIChat

__all__ = [
    "DEFAULT_MODEL",
    "LLM",
    "LLMReply",
    "LLM_KINDS",
    "LedgerTotals",
    "Message",
    "OpenAIChat",
    "PurposeTotals",
    "ScriptedCall",
    "ScriptedLLM",
    "TokenLedger",
    "ToolCall",
    "ToolSpec",
    "Usage",
    "count_messages",
    "count_tokens",
    "make_llm",
    "tool_call",
    "tool_reply",
]


def __getattr__(name: str) -> Any:
    if name == "OpenAIChat":
        from mrgraph.llm.openai import OpenAIChat

        return OpenAIChat
    raise AttributeError(f"module 'mrgraph.llm' has no attribute {name!r}")
