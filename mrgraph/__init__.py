"""mrgraph: a memory engine for LLM agents.

Transcripts become a cue-tag-content graph (episodes on a timeline, cues, tags, facts with belief
confidences on their edges, topics) in Neo4j or an embedded SQLite store; questions are
answered by active reconstruction over typed toolkit queries.
"""

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
