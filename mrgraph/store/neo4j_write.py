"""Neo4jStore's writes: schema, batched merges, forget, beliefs, ingest checkpoints.

A label or relationship type cannot be a Cypher parameter, and query text is never built from
data, so each label and each relationship type has its own `merge_*.cypher` file; the batch is
grouped by label/type and sent as `UNWIND $rows` chunks. Everything is checked before the first
statement, so a bad batch writes nothing (and inside `writing()` the transaction is rolled back
on any error anyway).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from neo4j import exceptions as nx

from mrgraph import limits
from mrgraph.errors import NotFoundError, StoreError
from mrgraph.store import cypher
from mrgraph.store.base import BeliefEdge, Checkpoint, ForgetResult
from mrgraph.store.batch_checks import check_props, edge_name
from mrgraph.store.neo4j_read import Runner, rows
from mrgraph.text import normalize_key
from mrgraph.types import GraphBatch, WriteResult

T = TypeVar("T", bound=Runner)
CHUNK = 10_000  # rows per UNWIND: few statements per unit, each a few MB of parameters

NODE_FILES = {
    "Conversation": "merge_conversations", "Session": "merge_sessions", "Turn": "merge_turns",
    "Episode": "merge_episodes", "Cue": "merge_cues", "Tag": "merge_tags", "Fact": "merge_facts",
    "Topic": "merge_topics", "Experience": "merge_experiences", "Proposal": "merge_proposals",
    "PracticeRound": "merge_practice_rounds", "DateMention": "merge_date_mentions",
}
EDGE_FILES = {
    "HAS_SESSION": "merge_has_session_edges", "HAS_TURN": "merge_has_turn_edges",
    "HAS_EPISODE": "merge_has_episode_edges", "FROM_TURN": "merge_from_turn_edges",
    "NEXT": "merge_next_edges", "CUE_OF": "merge_cue_of_edges", "HAS_TAG": "merge_has_tag_edges",
    "TAGS": "merge_tags_edges", "BELIEF": "merge_belief_edges",
    "FROM_EPISODE": "merge_from_episode_edges", "GROUPS": "merge_groups_edges",
    "HAS_EXPERIENCE": "merge_has_experience_edges",
    "EXPERIENCE_FROM": "merge_experience_from_edges", "SUPPORTS": "merge_supports_edges",
    "MENTIONS_DATE": "merge_mentions_date_edges",
}
# merge_x -> create_x: the same rows, for nodes and edges known new (flush)
CREATE_FILES = {
    "merge_conversations": "create_conversations", "merge_sessions": "create_sessions",
    "merge_turns": "create_turns", "merge_episodes": "create_episodes",
    "merge_cues": "create_cues", "merge_tags": "create_tags", "merge_facts": "create_facts",
    "merge_topics": "create_topics", "merge_experiences": "create_experiences",
    "merge_proposals": "create_proposals", "merge_practice_rounds": "create_practice_rounds",
    "merge_has_session_edges": "create_has_session_edges",
    "merge_has_turn_edges": "create_has_turn_edges",
    "merge_has_episode_edges": "create_has_episode_edges",
    "merge_from_turn_edges": "create_from_turn_edges", "merge_next_edges": "create_next_edges",
    "merge_cue_of_edges": "create_cue_of_edges", "merge_has_tag_edges": "create_has_tag_edges",
    "merge_tags_edges": "create_tags_edges", "merge_belief_edges": "create_belief_edges",
    "merge_from_episode_edges": "create_from_episode_edges",
    "merge_groups_edges": "create_groups_edges",
    "merge_has_experience_edges": "create_has_experience_edges",
    "merge_experience_from_edges": "create_experience_from_edges",
    "merge_supports_edges": "create_supports_edges",
    "merge_date_mentions": "create_date_mentions",
    "merge_mentions_date_edges": "create_mentions_date_edges",
}
BELIEF_PROPS = ("aspect", "statement", "confidence", "support", "first_seen", "last_seen",
                "status", "history")
# the node's key and the store's namespace: never taken from props
_RESERVED = frozenset({"id", "ns"})


@dataclass
class BatchPlan:
    """Checked batches, grouped into the rows of each merge file (in first-seen order)."""

    node_rows: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    edge_rows: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)  # node id -> label
    outside: dict[str, str] = field(default_factory=dict)  # edge end not in the batch -> edge
    conversations: list[str] = field(default_factory=list)
    nodes: int = 0
    edges: int = 0

    def absorb(self, other: BatchPlan) -> None:
        """Append a later batch: its rows follow ours, so its properties win, as if written
        after."""
        for name, node_rows in other.node_rows.items():
            self.node_rows.setdefault(name, []).extend(node_rows)
        for name, edge_rows in other.edge_rows.items():
            self.edge_rows.setdefault(name, []).extend(edge_rows)
        self.labels.update(other.labels)
        self.conversations += other.conversations
        self.nodes, self.edges = self.nodes + other.nodes, self.edges + other.edges


@dataclass
class Novelty:
    """What a write unit knows of its namespace's nodes, so it can create instead of merge:
    whether the namespace held none when the unit first sent nodes (None: not asked yet), and
    the node ids the unit has sent since. Nothing else writes the namespace's nodes meanwhile:
    every writer holds the namespace lock (lock_namespace) until it ends."""

    empty: bool | None = None
    sent: set[str] = field(default_factory=set)


# ------------------------------------------------------------------ schema


def ensure_schema(session: Runner) -> None:
    """Create the missing constraints and indexes (schema/*.cypher; each file's name is the
    index name without the `mrgraph_` prefix), then wait until every index is online."""
    existing = {r["name"] for r in cypher.run(session, "list_indexes", {}).data()}
    for name in cypher.names("schema"):
        if "mrgraph_" + name.split("/")[-1] not in existing:
            cypher.run(session, name, {}).consume()
    states = {r["state"] for r in cypher.run(session, "list_indexes", {}).data()}
    if states - {"ONLINE"}:
        cypher.run(session, "await_indexes", {"seconds": 300}).consume()


def lock_namespace(tx: T, ns: str) -> T:
    """Take the namespace's write lock for the rest of the transaction (lock_namespace.cypher);
    returns the transaction."""
    cypher.run(tx, "lock_namespace", {"ns": ns}).consume()
    return tx


# ------------------------------------------------------------------ write_batch


def plan_batch(batch: GraphBatch) -> BatchPlan:
    """Check the batch on its own (as the embedded store does) and group it into merge rows.
    The properties of a batch the ingest checked already (limits.checked) are not checked
    again; an error's text is made only for a record that fails (~10k records a unit)."""
    plan = BatchPlan(conversations=[batch.conversation_id])
    props = not limits.checked(batch)
    for node in batch.nodes:
        if not node.id or not node.label:
            raise StoreError(f"batch {batch.conversation_id!r}: a node without id or label")
        known = plan.labels.setdefault(node.id, node.label)
        if known != node.label:
            raise StoreError(f"node {node.id!r} is a {known}, the batch says {node.label}")
        if node.label not in NODE_FILES:
            raise StoreError(f"node {node.id!r}: label {node.label!r} is not in the graph model "
                             f"({', '.join(NODE_FILES)})")
        if props and limits.node_problem(node.id, node.props):
            check_props(f"node {node.id!r}", node.props, node_id=node.id)  # raises its error
        if node.props.get("id", node.id) != node.id:
            raise StoreError(f"node {node.id!r}: property id differs from the node's id")
        plan.node_rows.setdefault(NODE_FILES[node.label], []).append(
            {"id": node.id, "props": _neo4j_props(node.props)})
    for edge in batch.edges:
        if edge.type not in EDGE_FILES:
            raise StoreError(f"{edge_name(edge)}: relationship type {edge.type!r} is not in the "
                             f"graph model ({', '.join(EDGE_FILES)})")
        if props and limits.props_problem(edge.props):
            check_props(edge_name(edge), edge.props)  # raises its error
        for end in (edge.src, edge.dst):
            if end not in plan.labels:
                plan.outside.setdefault(end, edge_name(edge))
        plan.edge_rows.setdefault(EDGE_FILES[edge.type], []).append(
            {"src": edge.src, "dst": edge.dst, "props": _neo4j_props(edge.props)})
    plan.nodes, plan.edges = len(batch.nodes), len(batch.edges)
    return plan


def check_batch(tx: Runner, ns: str, plan: BatchPlan, pending: BatchPlan | None) -> None:
    """What needs the store: every edge end outside the batch must exist (in the store, or in
    `pending`, the batches accepted but not yet sent), so a bad batch writes nothing."""
    earlier = pending.labels if pending is not None else {}
    for node_id, label in plan.labels.items():
        if earlier.get(node_id, label) != label:
            raise StoreError(f"node {node_id!r} is a {earlier[node_id]}, the batch says {label}")
    asked = sorted(end for end in plan.outside if end not in earlier)
    present = _present(tx, ns, asked) if asked else set()
    for end in asked:
        if end not in present:
            raise StoreError(f"{plan.outside[end]} of batch {plan.conversations[0]!r}: node "
                             f"{end!r} is neither in the batch nor in the store")


def write_batch(tx: Runner, ns: str, plan: BatchPlan) -> WriteResult:
    check_batch(tx, ns, plan, None)
    flush(tx, ns, plan)
    return WriteResult(plan.conversations[0], plan.nodes, plan.edges)


def flush(tx: Runner, ns: str, plan: BatchPlan, novelty: Novelty | None = None) -> None:
    """Send the planned rows: nodes of every label first, then edges, CHUNK rows a statement.
    With `novelty` (a write unit's), nodes known new are created, not merged, and so are
    edges with a node created here at an end (no such edge can exist yet): MERGE's lookups
    were most of a fresh ingest's server time (RESULTS.md@c29e350 section 33)."""
    where = f"batch {', '.join(repr(c) for c in dict.fromkeys(plan.conversations))}"
    if novelty is not None and novelty.empty is None and plan.node_rows:
        novelty.empty = bool(rows(tx, "namespace_empty", ns=ns)[0]["empty"])
    created: set[str] = set()
    nodes: list[tuple[str, list[dict[str, Any]], list[dict[str, Any]]]] = []
    for name, node_rows in plan.node_rows.items():
        new, old = _split_nodes(node_rows, novelty)
        created.update(row["id"] for row in new)
        nodes.append((name, new, old))
    if novelty is not None:
        novelty.sent.update(plan.labels)
    edges = [(name, *_split_edges(edge_rows, created))
             for name, edge_rows in plan.edge_rows.items()]
    written = _send(tx, ns, [s for name, new, old in nodes + edges
                             for s in ((CREATE_FILES[name], new), (name, old))], where)
    for n, (name, new, old) in enumerate(nodes):
        if (missing := len(new) + len(old) - written[2 * n] - written[2 * n + 1]):
            raise StoreError(f"{where}: {missing} node(s) in {name}.cypher have ids of another "
                             "namespace")
    for n, (name, new, old) in enumerate(edges, len(nodes)):
        # the ends exist (checked before) but have labels the type does not join
        if (missing := len(new) + len(old) - written[2 * n] - written[2 * n + 1]):
            raise StoreError(f"{where}: {missing} edge(s) in {name}.cypher join nodes whose "
                             "labels the graph model does not allow for that type")


def _split_nodes(node_rows: list[dict[str, Any]], novelty: Novelty | None
                 ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(rows to create, rows to merge): an id is new when the namespace was empty and the unit
    has not sent it. A new id's repeated rows fold into one, later properties winning, as the
    merges one after another would leave them (into a new row: the planned rows never change)."""
    if novelty is None or not novelty.empty:
        return [], node_rows
    new: dict[str, dict[str, Any]] = {}
    old = []
    for row in node_rows:
        if row["id"] in novelty.sent:
            old.append(row)
        elif (first := new.get(row["id"])) is not None:
            new[row["id"]] = {"id": row["id"], "props": {**first["props"], **row["props"]}}
        else:
            new[row["id"]] = row
    return list(new.values()), old


def _split_edges(edge_rows: list[dict[str, Any]], created: set[str]
                 ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(rows to create, rows to merge): an edge is new when one of its ends is created by this
    flush; its repeated rows fold into one, as for nodes."""
    if not created:
        return [], edge_rows
    new: dict[tuple[str, str], dict[str, Any]] = {}
    old = []
    for row in edge_rows:
        pair = row["src"], row["dst"]
        if (first := new.get(pair)) is not None:
            new[pair] = {"src": pair[0], "dst": pair[1],
                         "props": {**first["props"], **row["props"]}}
        elif row["src"] in created or row["dst"] in created:
            new[pair] = row
        else:
            old.append(row)
    return list(new.values()), old


def _send(tx: Runner, ns: str, statements: list[tuple[str, list[dict[str, Any]]]],
          where: str) -> list[int]:
    """Run each file of `statements` on its rows (CHUNK a statement; none for no rows) and
    return what each wrote. A statement goes out before the one ahead of it has answered
    (the driver still waits for that answer before it returns from the next run): the client
    packs the next rows while the server writes (RESULTS.md@c29e350 section 42)."""
    sent: list[tuple[int, Any]] = []
    blamed = 0  # the statement a ConstraintError now would come from
    try:
        for n, (name, file_rows) in enumerate(statements):
            for start in range(0, len(file_rows), CHUNK):
                blamed = sent[-1][0] if sent else n  # a run answers for the statement before
                chunk = file_rows[start:start + CHUNK]
                sent.append((n, cypher.run(tx, name, {"ns": ns, "rows": chunk})))
        written = [0] * len(statements)
        for blamed, result in sent:
            written[blamed] += int(result.single(strict=True)["written"])
        return written
    except nx.ConstraintError:  # only an id of another namespace can collide with a new node
        raise StoreError(f"{where}: node(s) in {statements[blamed][0]}.cypher have ids of "
                         "another namespace") from None


def _present(tx: Runner, ns: str, ids: list[str]) -> set[str]:
    present: set[str] = set()
    for start in range(0, len(ids), CHUNK):
        present |= {r["id"] for r in rows(tx, "find_nodes", ns=ns, ids=ids[start:start + CHUNK])}
    return present


def _neo4j_props(props: Mapping[str, Any]) -> dict[str, Any]:
    """Properties for `SET x += props`, a copy without the reserved keys; None stays (it removes
    the key), and the driver sends tuples as lists."""
    copy = dict(props)
    if not _RESERVED.isdisjoint(copy):
        for key in _RESERVED:
            copy.pop(key, None)
    return copy


# ------------------------------------------------------------------ forget


def forget_conversation(tx: Runner, ns: str, conversation_id: str) -> ForgetResult:
    """Delete the conversation, then, in dependency order, what only it held up (the same
    steps as the embedded store: topics, facts, cues, unbacked HAS_TAG edges, tags); then the
    ingest checkpoints recording it stop counting it (forget_checkpoints.cypher)."""
    result = cypher.run(tx, "forget_conversation", {"ns": ns, "conversation_id": conversation_id})
    found = result.data()
    if not found:
        raise NotFoundError(f"no conversation {conversation_id!r} in namespace {ns!r}")
    counters = result.consume().counters
    nodes, edges = counters.nodes_deleted, counters.relationships_deleted
    touched = found[0]
    facts = [f["id"] for f in touched["facts"]]
    cues = sorted(set(touched["cues"]) | set(touched["believers"]))
    for name, ids in (("forget_topics", touched["topics"]), ("forget_facts", facts),
                      ("forget_cues", cues), ("forget_has_tags", cues),
                      ("forget_tags", touched["tags"])):
        step = cypher.run(tx, name, {"ns": ns, "ids": sorted(ids)}).consume().counters
        nodes, edges = nodes + step.nodes_deleted, edges + step.relationships_deleted
    entities = {str(f["entity"]) for f in touched["facts"] if f["entity"] is not None}
    owed = rows(tx, "forget_checkpoints", ns=ns, conversation_id=conversation_id)
    entities.update(str(e) for e in owed[0]["entities"])
    return ForgetResult(conversation_id, nodes, edges, tuple(sorted(entities)))


# ------------------------------------------------------------------ beliefs


def belief_rows(beliefs: Sequence[BeliefEdge]) -> list[dict[str, Any]]:
    """merge_belief rows, the cue still named by its key (resolved to an id by replace_beliefs)."""
    return [{"key": normalize_key(b.entity), "dst": b.fact_id, "entity": b.entity,
             "props": {name: getattr(b, name) for name in BELIEF_PROPS}} for b in beliefs]


def replace_beliefs(tx: Runner, ns: str, entities: Sequence[str],
                    beliefs: list[dict[str, Any]]) -> None:
    keys = sorted({b["key"] for b in beliefs})
    ends = rows(tx, "find_belief_ends", ns=ns, keys=keys,
                fact_ids=sorted({b["dst"] for b in beliefs}))[0]
    cues: dict[str, str] = {}
    for cue in ends["cues"]:  # the smallest id when several cues share a key, as embedded
        cues[cue["key"]] = min(cues.get(cue["key"], cue["id"]), cue["id"])
    facts = set(ends["facts"])
    for b in beliefs:  # check every belief before deleting anything
        if b["key"] not in cues:
            raise StoreError(f"belief about {b['entity']!r}: no such entity cue")
        if b["dst"] not in facts:
            raise StoreError(f"belief about {b['entity']!r}: no Fact {b['dst']!r}")
    keys_of_entities = sorted({normalize_key(e) for e in entities})
    cypher.run(tx, "delete_beliefs", {"ns": ns, "keys": keys_of_entities}).consume()
    merge_rows = [{"src": cues[b["key"]], "dst": b["dst"], "props": b["props"]} for b in beliefs]
    written = _send(tx, ns, [("merge_belief_edges", merge_rows)], "replace_beliefs")[0]
    if written != len(merge_rows):
        raise StoreError("replace_beliefs: a belief's cue or fact vanished while writing")


# ------------------------------------------------------------------ ingest checkpoints


def checkpoint(tx: Runner, ns: str, key: str) -> Checkpoint | None:
    found = rows(tx, "checkpoint", ns=ns, key=key)
    if not found:
        return None
    props = found[0]["props"]
    return Checkpoint(key, int(props.get("done", 0)), int(props.get("total", 0)),
                      tuple(props.get("conversations", ())), tuple(props.get("entities", ())),
                      str(props.get("source", "")))


def save_checkpoint(tx: Runner, ns: str, cp: Checkpoint) -> None:
    cypher.run(tx, "save_checkpoint", {
        "ns": ns, "key": cp.key, "done": cp.done, "total": cp.total,
        "conversations": list(cp.conversations), "entities": list(cp.entities),
        "source": cp.source}).consume()


def drop_checkpoint(tx: Runner, ns: str, key: str) -> None:
    cypher.run(tx, "drop_checkpoint", {"ns": ns, "key": key}).consume()
