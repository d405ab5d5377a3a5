"""mrgraph: a memory engine for LLM agents.

Transcripts become a cue-tag-content graph (episodes on a timeline, cues, tags, facts with belief
confidences on their edges, topics) in Neo4j or an embedded SQLite store; questions are
answered by active reconstruction over typed toolkit queries.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mrgraph.config import Settings
    from mrgraph.engine import Memory
    from mrgraph.errors import (
        ConfigError,
        InputError,
        LLMError,
        MrGraphError,
        NotFoundError,
        StoreLockedError,
        StoreUnavailableError,
        ToolArgumentError,
        UserError,
    )
    from mrgraph.hybrid import ToolContext
    from mrgraph.llm.base import Embedder
    from mrgraph.llm.scripted import HashEmbedder, ScriptedLLM
    from mrgraph.reconstruct import ask
    from mrgraph.store.base import GraphStore
    from mrgraph.store.uri import open_store
    from mrgraph.toolkit import run_tool
    from mrgraph.types import NOT_MENTIONED, Answer, Conversation, Session, Source, Step, Turn

# where each public name lives: imported when first used, so that `import mrgraph` (and every
# `mrgraph` command, which imports it first) pays only for what it uses
_HOMES = {
    "Answer": "mrgraph.types", "ConfigError": "mrgraph.errors",
    "Conversation": "mrgraph.types", "Embedder": "mrgraph.llm.base",
    "GraphStore": "mrgraph.store.base", "HashEmbedder": "mrgraph.llm.scripted",
    "InputError": "mrgraph.errors", "LLMError": "mrgraph.errors", "Memory": "mrgraph.engine",
    "MrGraphError": "mrgraph.errors", "NOT_MENTIONED": "mrgraph.types",
    "NotFoundError": "mrgraph.errors", "ScriptedLLM": "mrgraph.llm.scripted",
    "Session": "mrgraph.types", "Settings": "mrgraph.config", "Source": "mrgraph.types",
    "Step": "mrgraph.types", "StoreLockedError": "mrgraph.errors",
    "StoreUnavailableError": "mrgraph.errors", "ToolArgumentError": "mrgraph.errors",
    "ToolContext": "mrgraph.hybrid", "Turn": "mrgraph.types", "UserError": "mrgraph.errors",
    "ask": "mrgraph.reconstruct", "open_store": "mrgraph.store.uri",
    "run_tool": "mrgraph.toolkit",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'mrgraph' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # once: later lookups find it without this hook
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})


__version__ = "0.1.0"

__all__ = [
    "Answer",
    "ConfigError",
    "Conversation",
    "Embedder",
    "GraphStore",
    "HashEmbedder",
    "InputError",
    "LLMError",
    "Memory",
    "MrGraphError",
    "NOT_MENTIONED",
    "NotFoundError",
    "ScriptedLLM",
    "Session",
    "Settings",
    "Source",
    "Step",
    "StoreLockedError",
    "StoreUnavailableError",
    "ToolArgumentError",
    "ToolContext",
    "Turn",
    "UserError",
    "ask",
    "open_store",
    "run_tool",
]
