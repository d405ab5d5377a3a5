"""What an extractor finds in a conversation, before ids are assigned: episodes, facts and
topics per session (`Extraction`), which `ingest.build` turns into graph records.

Ingest's own values: only ingest (and the Neo4j warm-up, which ingests a sample) imports them,
so an ask does not define them (~7 ms of its start-up: benchmarks/startup.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

CueKind = Literal["entity", "keyword", "date", "attribute"]


@dataclass(frozen=True)
class CueRef:
    """A cue named by an episode: an entity, an attribute, a salient keyword or a date."""

    name: str
    kind: CueKind


@dataclass(frozen=True)
class EpisodeDraft:
    """One coherent event of a session, as the extractor saw it (before ids are assigned).

    `text` is the resolved text (pronouns -> speakers where that is safe, relative dates
    annotated with their values), `dia_ids` the turns it covers. An episode is dated by its
    session; the dates its turns mention are kept per mention (mrgraph.dates, ingest.build).
    """

    index: int  # position in its session, from 0
    dia_ids: tuple[str, ...]
    text: str
    summary: str
    tag: str
    cues: tuple[CueRef, ...]


@dataclass(frozen=True)
class FactDraft:
    """A semantic statement about a person: the observation behind a belief."""

    entity: str
    aspect: str
    statement: str
    episode_index: int  # EpisodeDraft.index in the same session
    confidence: float | None = None  # the extractor's own confidence, clipped later to [0.7, 0.9]
    negated: bool = False  # "no longer lives in Boston"
    contradicts: bool | None = None  # an LLM extractor's own contradiction flag
    dia_id: str = ""  # the turn it was read from, when known
    clause: str = ""  # the clause it was read from, when known: the dates it mentions are its


@dataclass(frozen=True)
class TopicDraft:
    """A recurring theme over episodes of one conversation: (session number, episode index) pairs."""

    label: str
    summary: str
    episodes: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class SessionExtraction:
    """What an extractor found in one session."""

    session_number: int
    episodes: tuple[EpisodeDraft, ...]
    facts: tuple[FactDraft, ...] = ()


@dataclass(frozen=True)
class Extraction:
    """What an extractor found in one conversation."""

    conversation_id: str
    sessions: tuple[SessionExtraction, ...]
    topics: tuple[TopicDraft, ...] = ()
    tokens: int = 0  # LLM tokens spent (0 for the heuristic extractor)
