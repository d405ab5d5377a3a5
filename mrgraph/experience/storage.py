"""Experience, Proposal and PracticeRound nodes: how experiential memory lives in a store.

A practice round is written as one GraphBatch in one write unit (embedded: one atomic save;
Neo4j: one transaction), so an interrupted `practice` resumes after the last whole round.
Edges: (person Cue)-[:HAS_EXPERIENCE]->(pattern Experience), (Experience)-[:EXPERIENCE_FROM]->
(Turn) for its provenance, (Proposal)-[:SUPPORTS]->(Experience) for the proposals counted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from mrgraph.experience.records import Experience, Kind, Op, Proposal, RoundRecord, Status
from mrgraph.ids import node_id
from mrgraph.store.base import GraphStore
from mrgraph.text import normalize_key
from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord

BATCH_NAME = "practice"  # a GraphBatch names a conversation; a round belongs to none


@dataclass(frozen=True)
class Pool:
    """Everything experiential memory holds: experiences, the proposal pool, the rounds."""

    experiences: tuple[Experience, ...] = ()
    proposals: tuple[Proposal, ...] = ()
    rounds: tuple[RoundRecord, ...] = ()

    @property
    def active(self) -> tuple[Experience, ...]:
        return tuple(e for e in self.experiences if e.status == "active")

    @property
    def last_round(self) -> int:
        return max((r.round for r in self.rounds), default=0)


LABELS = ("Experience", "PracticeRound", "Proposal")


def load_pool(store: GraphStore, labels: Sequence[str] = LABELS) -> Pool:
    """What the store holds of `labels` (all: practice; "Experience" alone: a guide)."""
    by_label: dict[str, list[NodeRecord]] = {}
    for record in store.experience_records(labels):
        by_label.setdefault(record.label, []).append(record)
    return Pool(tuple(_experience(r) for r in by_label.get("Experience", ())),
                tuple(_proposal(r) for r in by_label.get("Proposal", ())),
                tuple(sorted((_round(r) for r in by_label.get("PracticeRound", ())),
                             key=lambda r: r.round)))


def experience_id(ns: str, key: str) -> str:
    return node_id(ns, "Experience", key)


@dataclass
class _Batch:
    ns: str
    nodes: list[NodeRecord] = field(default_factory=list)
    edges: list[EdgeRecord] = field(default_factory=list)


def save_round(store: GraphStore, record: RoundRecord, experiences: Sequence[Experience],
               proposals: Sequence[Proposal], supports: dict[str, list[Proposal]],
               turn_ids: dict[tuple[str, str], str]) -> None:
    """Write the round: every experience (changed or not), this round's proposals, the
    provenance and support edges, and the round record, in one write unit."""
    batch = _Batch(store.ns)
    for exp in experiences:
        eid = experience_id(store.ns, exp.key)
        batch.nodes.append(NodeRecord("Experience", eid, _props(exp)))
        if exp.kind == "pattern":
            cues = store.find_cues(normalize_key(exp.subject))
            if cues:
                batch.edges.append(EdgeRecord("HAS_EXPERIENCE", cues[0].id, eid, {}))
        for pair in sorted(set(zip(exp.conversation_ids, exp.dia_ids))):
            if pair in turn_ids:
                batch.edges.append(EdgeRecord("EXPERIENCE_FROM", eid, turn_ids[pair], {}))
    for prop in proposals:
        batch.nodes.append(NodeRecord("Proposal", proposal_id(store.ns, prop), _props(prop)))
    known = {experience_id(store.ns, e.key) for e in experiences}
    for key, backing in supports.items():
        eid = experience_id(store.ns, key)
        batch.edges += [EdgeRecord("SUPPORTS", proposal_id(store.ns, p), eid, {})
                        for p in backing if eid in known]
    batch.nodes.append(NodeRecord("PracticeRound", node_id(store.ns, "PracticeRound",
                                                            record.round), _props(record)))
    with store.writing():
        store.write_batch(GraphBatch(BATCH_NAME, tuple(batch.nodes), tuple(batch.edges)))


def proposal_id(ns: str, prop: Proposal) -> str:
    return node_id(ns, "Proposal", prop.round, prop.item, prop.op, prop.key)


def _props(value: Any) -> dict[str, Any]:
    out = dict(vars(value))
    return {k: tuple(v) if isinstance(v, list) else v for k, v in out.items()}


def _strs(value: Any) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, (list, tuple)) else ()


def _experience(r: NodeRecord) -> Experience:
    p = r.props
    return Experience(cast(Kind, str(p["kind"])), str(p["key"]), str(p["subject"]),
                      str(p["rule"]), str(p["statement"]), _int(p["support"]),
                      _int(p["contradict"]), cast(Status, str(p["status"])),
                      _strs(p.get("dia_ids")), _strs(p.get("conversation_ids")),
                      _int(p["round"]), _int(p["token_count"]))


def _proposal(r: NodeRecord) -> Proposal:
    p = r.props
    return Proposal(cast(Op, str(p["op"])), cast(Kind, str(p["kind"])), str(p["key"]),
                    str(p["subject"]), str(p["rule"]), str(p["statement"]), str(p["item"]),
                    _strs(p.get("dia_ids")), _strs(p.get("conversation_ids")), _int(p["round"]),
                    bool(p["grounded"]), bool(p["general"]), str(p.get("verdict", "pooled")))


def _round(r: NodeRecord) -> RoundRecord:
    p = r.props
    return RoundRecord(_int(p["round"]), str(p.get("scope", "")), *(
        _int(p[k]) for k in ("items", "hits", "proposals", "adopted", "demoted", "active",
                             "memory_tokens", "budget_tokens")))


def _int(value: Any) -> int:
    return int(value) if isinstance(value, (int, float, str)) else 0
