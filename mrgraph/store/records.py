"""The records a GraphStore's reads return and its writes take: frozen values, the same
from every backend (mrgraph.store.base states the orders and scores that fill them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from mrgraph.dates import DateValue, from_props


@dataclass(frozen=True)
class CueHit:
    """A cue (or tag) matching search tokens. `kind` is the cue kind, or "tag" for a Tag node."""

    id: str
    name: str
    kind: str
    score: float
    episodes: int  # how many episodes it reaches (CUE_OF edges of a cue, TAGS edges of a tag)


@dataclass(frozen=True)
class TagCount:
    tag: str
    count: int  # episodes the cue reaches under this tag


@dataclass(frozen=True)
class EventRecord:
    """A compact view of an Episode."""

    id: str
    conversation_id: str
    session: int
    date: str  # the session's day (an episode is dated by its session)
    summary: str
    tag: str
    dia_ids: tuple[str, ...]
    score: float = 0.0
    mentions: tuple[str, ...] = ()  # values of the dates its turns mention ("2022", "2023-W23")


@dataclass(frozen=True)
class KeywordRecord:
    """A (cue, tag) pair of an episode: the reverse hop's output."""

    cue_id: str
    name: str
    kind: str
    tag: str


@dataclass(frozen=True)
class TurnRecord:
    """A turn as the turn reads return it. `in_event`: the turn is one asked for (the asked
    episode's, the asked dia_ids, the session range) rather than context around it;
    `event_id`: the episode holding the turn (the least id of those, "" for none); `score`:
    search_turns' match score (0.0 elsewhere)."""

    dia_id: str
    speaker: str
    text: str
    session: int
    index: int
    date: str  # the session's date
    in_event: bool  # the turn belongs to the asked episode (False: context window)
    caption: str = ""  # the caption of the image the turn shared (blip_caption), "" for none
    conversation_id: str = ""
    event_id: str = ""
    score: float = 0.0
    dates: tuple[DateValue, ...] = ()  # the dates the turn mentions, in its order


def window_range(own: Sequence[int], window: int) -> range:
    """The indexes of an episode's turns (`own`, not empty) and `window` turns on each side:
    what event_context reads, in every store and in the toolkit's reply read."""
    return range(min(own) - max(window, 0), max(own) + max(window, 0) + 1)


def date_values(stored: Sequence[Mapping[str, object]]) -> tuple[DateValue, ...]:
    """DateMention nodes' properties, as read by either store, to values (in the given order;
    a node this version cannot read is skipped)."""
    return tuple(v for props in stored if (v := from_props(props)) is not None)


@dataclass(frozen=True)
class TimeRecord:
    """When an episode was said (its session) and every date its turns mention."""

    event_id: str
    session_started_at: str
    date: str  # the session's day
    mentions: tuple[DateValue, ...]  # in turn order


@dataclass(frozen=True)
class SpeakerRecord:
    """A speaker of a conversation (the Conversation node's `speakers`, in their order)."""

    conversation_id: str
    speaker: str


@dataclass(frozen=True)
class NamespaceCount:
    """A namespace of the database (or store directory) holding at least one conversation."""

    ns: str
    conversations: int
    episodes: int
    turns: int


@dataclass(frozen=True)
class BeliefEdge:
    """A BELIEF edge as stored: one candidate conclusion about an entity's aspect."""

    entity: str  # the entity cue's name
    aspect: str
    fact_id: str
    statement: str
    confidence: float
    support: int
    first_seen: str
    last_seen: str
    status: str
    history: str  # JSON (Neo4j properties hold no maps)
    episode_ids: tuple[str, ...]  # provenance (FROM_EPISODE), sorted
    dia_ids: tuple[str, ...]  # turns of those episodes, sorted


@dataclass(frozen=True)
class FactObservation:
    """One (fact, episode) piece of evidence: what belief updates are computed from."""

    entity: str
    aspect: str
    fact_id: str
    statement: str
    episode_id: str
    date: str
    confidence: float | None
    negated: bool
    contradicts: bool | None


@dataclass(frozen=True)
class TopicHit:
    id: str
    label: str
    summary: str
    score: float
    episodes: int


@dataclass(frozen=True)
class EmbeddingCount:
    """How many episodes of the namespace hold an embedding made by `model` (the episodes'
    `embedding_model`; "" for an embedding without a model name)."""

    model: str
    episodes: int


@dataclass(frozen=True)
class ForgetResult:
    conversation_id: str
    nodes_removed: int
    edges_removed: int
    entities: tuple[str, ...]  # entity cue names whose beliefs must be recomputed


@dataclass(frozen=True)
class Checkpoint:
    """How far an ingest committed batch by batch (Neo4j) has got; kept until its last batch.

    `key` identifies the planned writes (a hash of every batch: another file, a changed file, or
    another extractor, format or embedder gives another key, so a stale checkpoint never
    resumes). `done` batches of `total` are committed. `conversations`: those the committed
    batches touched (their data may be partial until the ingest ends); `entities`: entity names
    whose facts the committed forgets removed (their beliefs are re-derived at the end)."""

    key: str
    done: int
    total: int
    conversations: tuple[str, ...]
    entities: tuple[str, ...]
    source: str  # the file, for people inspecting the database
