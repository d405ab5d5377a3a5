"""Frozen value types shared across modules: the transcript, the graph, the answers (what an
extractor returns is the ingest's: mrgraph.ingest.drafts).

Graph records use primitives only (str, int, float, bool, None and lists/tuples of those) so the
same record can be written to networkx, Neo4j, JSON and GraphML without conversion.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

Primitive = str | int | float | bool | None
PropValue = Primitive | tuple[str, ...] | tuple[int, ...] | tuple[float, ...]
Props = Mapping[str, PropValue]

# ---------------------------------------------------------------- transcript (loaders produce these)


@dataclass(frozen=True)
class Turn:
    """One utterance. `dia_id` is the transcript's own id (LoCoMo "D1:3"), kept verbatim."""

    dia_id: str
    speaker: str
    text: str
    index: int  # position in its session, from 0
    blip_caption: str | None = None  # LoCoMo image caption, when the turn shared a photo


@dataclass(frozen=True)
class Session:
    """A dated stretch of conversation. `started_at` is ISO 8601 ("2023-05-08T13:56:00")."""

    number: int
    started_at: str
    turns: tuple[Turn, ...]


@dataclass(frozen=True)
class Conversation:
    """A whole transcript: its id, the speakers and its sessions in order."""

    id: str
    speakers: tuple[str, ...]
    sessions: tuple[Session, ...]
    source: str = ""  # file the conversation came from

    @property
    def turn_count(self) -> int:
        return sum(len(s.turns) for s in self.sessions)


# ---------------------------------------------------------------- graph records (both stores hold these)


@dataclass(frozen=True)
class NodeRecord:
    label: str
    id: str
    props: Props = field(default_factory=dict)


@dataclass(frozen=True)
class EdgeRecord:
    type: str
    src: str
    dst: str
    props: Props = field(default_factory=dict)


@dataclass(frozen=True)
class GraphBatch:
    """Everything one conversation contributes to the graph, written all-or-nothing."""

    conversation_id: str
    nodes: tuple[NodeRecord, ...]
    edges: tuple[EdgeRecord, ...]


@dataclass(frozen=True)
class Stats:
    nodes: Mapping[str, int]  # per label
    edges: Mapping[str, int]  # per relationship type
    conversations: tuple[str, ...]
    first_date: str | None
    last_date: str | None


@dataclass(frozen=True)
class NodeView:
    """A node with its neighbours, for `mrgraph show`."""

    node: NodeRecord
    out_edges: tuple[tuple[EdgeRecord, NodeRecord], ...]
    in_edges: tuple[tuple[EdgeRecord, NodeRecord], ...]


@dataclass(frozen=True)
class WriteResult:
    conversation_id: str
    nodes: int
    edges: int


# ---------------------------------------------------------------- answers


@dataclass(frozen=True)
class Step:
    """One tool call of a reconstruction run, for the trace."""

    round: int
    tool: str
    arguments: Mapping[str, PropValue]
    result_ids: tuple[str, ...]
    kept_ids: tuple[str, ...]
    error: str | None = None
    tokens: int = 0
    ms: float = 0.0


@dataclass(frozen=True)
class Source:
    """A turn an answer rests on and where it comes from: dia_ids repeat across the
    conversations of one namespace ("S1:1" in every text transcript)."""

    dia_id: str
    conversation: str  # the conversation id
    date: str  # the session's date ("" when unknown)
    speaker: str = ""  # "" when the turn itself was not read (a belief's provenance)
    text: str = ""


@dataclass(frozen=True)
class Answer:
    answer: str
    supports: tuple[str, ...]  # dia_ids of the turns the answer rests on
    confidence: float
    rounds: int
    tool_calls: int
    tokens: int
    latency_ms: float
    trace: tuple[Step, ...] = ()
    evidence: tuple[str, ...] = ()  # every dia_id retrieved into the evidence set (for recall)
    sources: tuple[Source, ...] = ()  # the supports with their conversation, date and text
    experiences: tuple[str, ...] = ()  # experiences from practice the run used ("kind: statement")


NOT_MENTIONED = "Not mentioned in the conversation"
