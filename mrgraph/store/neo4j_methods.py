"""The Neo4j store's read methods: each runs its query function (neo4j_read, neo4j_toolkit,
neo4j_turns) through the store's `_read`, which owns sessions, retries and the open write
unit (mrgraph.store.neo4j). `Neo4jStore` is the only subclass."""

from __future__ import annotations

from typing import Callable, Mapping, Sequence, TypeVar

from mrgraph.store import cypher
from mrgraph.store import neo4j_read as rd
from mrgraph.store import neo4j_toolkit as tk
from mrgraph.store import neo4j_turns as nt
from mrgraph.store.base import (BeliefEdge, CueHit, EmbeddingCount, EventRecord, FactObservation,
                                KeywordRecord, NamespaceCount, SpeakerRecord, TagCount, TimeRecord,
                                TopicHit, TurnRecord)
from mrgraph.types import EdgeRecord, NodeRecord, NodeView, Stats

T = TypeVar("T")


class Neo4jReads:
    ns: str

    def _read(self, work: Callable[[cypher.Runner], T]) -> T:
        raise NotImplementedError  # Neo4jStore's

    def fact_observations(self, entities: Sequence[str]) -> list[FactObservation]:
        return self._read(lambda tx: rd.fact_observations(tx, self.ns, entities))

    # -------------------------------------------------------------- inspection

    def stats(self) -> Stats:
        return self._read(lambda tx: rd.stats(tx, self.ns))

    def get_node(self, node_id: str) -> NodeRecord | None:
        return self._read(lambda tx: rd.get_node(tx, self.ns, node_id))

    def show(self, node_id: str) -> NodeView:
        return self._read(lambda tx: rd.show(tx, self.ns, node_id))

    def export(self) -> tuple[list[NodeRecord], list[EdgeRecord]]:
        return self._read(lambda tx: rd.export(tx, self.ns))

    def conversations(self) -> list[str]:
        return self._read(lambda tx: rd.conversations(tx, self.ns))

    def outdated_conversations(self, version: int) -> list[str]:
        return self._read(lambda tx: rd.outdated_conversations(tx, self.ns, version))

    def experience_records(self, labels: Sequence[str]) -> list[NodeRecord]:
        return self._read(lambda tx: rd.experience_records(tx, self.ns, labels))

    def token_df(self, label: str, tokens: Sequence[str]) -> tuple[int, Mapping[str, int]]:
        return self._read(lambda tx: rd.token_df(tx, self.ns, label, tokens))

    # -------------------------------------------------------------- toolkit reads

    def search_cues(self, weights: Mapping[str, float], limit: int) -> list[CueHit]:
        return self._read(lambda tx: tk.search_cues(tx, self.ns, weights, limit))

    def find_cues(self, key: str) -> list[CueHit]:
        return self._read(lambda tx: tk.find_cues(tx, self.ns, key))

    def cue_tags(self, cue_id: str, limit: int) -> list[TagCount]:
        return self._read(lambda tx: tk.cue_tags(tx, self.ns, cue_id, limit))

    def tag_events(self, cue_id: str, tag: str, limit: int) -> list[EventRecord]:
        return self._read(lambda tx: tk.tag_events(tx, self.ns, cue_id, tag, limit))

    def event_keywords(self, event_id: str) -> list[KeywordRecord]:
        return self._read(lambda tx: tk.event_keywords(tx, self.ns, event_id))

    def event_context(self, event_id: str, window: int) -> list[TurnRecord]:
        return self._read(lambda tx: tk.event_context(tx, self.ns, event_id, window))

    def conversation_time(self, event_id: str) -> TimeRecord | None:
        return self._read(lambda tx: tk.conversation_time(tx, self.ns, event_id))

    def entity_beliefs(self, entity: str, aspect: str | None) -> list[BeliefEdge]:
        return self._read(lambda tx: rd.entity_beliefs(tx, self.ns, entity, aspect))

    def search_topics(self, weights: Mapping[str, float], limit: int) -> list[TopicHit]:
        return self._read(lambda tx: tk.search_topics(tx, self.ns, weights, limit))

    def topic_events(self, topic_id: str, limit: int) -> list[EventRecord]:
        return self._read(lambda tx: tk.topic_events(tx, self.ns, topic_id, limit))

    def timeline(self, start: str, end: str, cue_id: str | None, limit: int) -> list[EventRecord]:
        return self._read(lambda tx: tk.timeline(tx, self.ns, start, end, cue_id, limit))

    def search_events(self, weights: Mapping[str, float], limit: int) -> list[EventRecord]:
        return self._read(lambda tx: tk.search_events(tx, self.ns, weights, limit))

    def vector_events(self, vector: Sequence[float], model: str,
                      limit: int) -> list[EventRecord]:
        return self._read(lambda tx: tk.vector_events(tx, self.ns, vector, model, limit))

    def embedding_models(self) -> list[EmbeddingCount]:
        return self._read(lambda tx: tk.embedding_models(tx, self.ns))

    def get_events(self, event_ids: Sequence[str]) -> list[EventRecord]:
        return self._read(lambda tx: tk.get_events(tx, self.ns, event_ids))

    # -------------------------------------------------------------- turn reads (agents)

    def search_turns(self, weights: Mapping[str, float], limit: int,
                     speakers: Sequence[str] | None, phrases: Sequence[str],
                     said: tuple[str, str] | None = None) -> list[TurnRecord]:
        return self._read(lambda tx: nt.search_turns(tx, self.ns, weights, limit, speakers,
                                                     phrases, said))

    def replies(self, turn_ids: Sequence[str], ahead: int) -> dict[str, TurnRecord]:
        return self._read(lambda tx: nt.replies(tx, self.ns, turn_ids, ahead))

    def turns_around(self, turn_ids: Sequence[str], window: int) -> list[TurnRecord]:
        return self._read(lambda tx: nt.turns_around(tx, self.ns, turn_ids, window))

    def session_turns(self, conversation_id: str, session: int, first: int,
                      last: int) -> list[TurnRecord]:
        return self._read(lambda tx: nt.session_turns(tx, self.ns, conversation_id, session,
                                                      first, last))

    def cue_events(self, cue_id: str, limit: int) -> list[EventRecord]:
        return self._read(lambda tx: nt.cue_events(tx, self.ns, cue_id, limit))

    def speakers(self) -> list[SpeakerRecord]:
        return self._read(lambda tx: nt.speakers(tx, self.ns))

    def namespaces(self) -> list[NamespaceCount]:
        return self._read(nt.namespaces)
