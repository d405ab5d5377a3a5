"""A store written before dates had a precision: refused on open with one line, and
`migrate` re-derives it from its stored turns into exactly the graph a fresh ingest gives, on
both stores."""

from __future__ import annotations

from pathlib import Path

import pytest

from mrgraph.engine import Memory
from mrgraph.ids import node_id
from mrgraph.ingest.build import build_batch
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.ingest.migrate import migrate
from mrgraph.ingest.pipeline import fact_entities, refresh_beliefs
from mrgraph.store.base import GraphStore
from mrgraph.store.current import MODEL_VERSION, StoreOutdatedError
from mrgraph.types import Conversation, EdgeRecord, GraphBatch, NodeRecord
from tests.contract.conftest import Backend

TRANSCRIPT = """\
## Session 1 — 2023-07-08 18:20
Odile: I hiked the ridge trail last year, and I start a pottery course next week.
Tomas: Sounds great! I adopted a kitten two weeks ago.
Odile: I live in Porto now, so the coast is close.
## Session 2 — 2023-08-01 09:10
Tomas: The kitten broke a vase yesterday.
Odile: Oh no! I finished the pottery course last Friday.
"""


def _conversation(tmp_path: Path) -> Conversation:
    path = tmp_path / "chat.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    [conversation] = load(path)
    return conversation


def _as_written_before(batch: GraphBatch) -> GraphBatch:
    """The conversation as a store written before this change held it: no model version, no
    DateMention nodes, each episode dated by the first date a turn mentions (a range's first
    day), with date_end and the dates it mentions."""
    starts = {str(n.props["dia_id"]): (str(n.props["start"]), str(n.props["end"]))
              for n in batch.nodes if n.label == "DateMention"}
    nodes = []
    for node in batch.nodes:
        props = {k: v for k, v in node.props.items()
                 if k not in ("model_version", "date_precision", "date_source", "mentions")}
        if node.label == "DateMention":
            continue
        if node.label == "Episode":
            first = next((starts[str(d)] for d in props["dia_ids"]  # type: ignore[union-attr]
                          if str(d) in starts), None)
            if first is not None:
                props.update(date=first[0], date_end=first[1], dates=(f"{first[0]}/{first[1]}",))
        nodes.append(NodeRecord(node.label, node.id, props))
    edges = [EdgeRecord(e.type, e.src, e.dst, {k: v for k, v in e.props.items()
                                               if not k.startswith(("date_", "event_"))})
             for e in batch.edges if e.type != "MENTIONS_DATE"]
    return GraphBatch(batch.conversation_id, tuple(nodes), tuple(edges))


def _write(store: GraphStore, batch: GraphBatch) -> None:
    with store.writing():
        store.write_batch(batch)
        refresh_beliefs(store, fact_entities([batch]))


def _graph(store: GraphStore) -> tuple[list[tuple[str, str, dict[str, object]]],
                                       list[tuple[str, str, str, dict[str, object]]]]:
    nodes, edges = store.export()
    return ([(n.label, n.id, {k: v for k, v in n.props.items() if k != "ns"}) for n in nodes],
            [(e.type, e.src, e.dst, dict(e.props)) for e in edges])


def test_an_old_store_is_refused_then_migrated_to_what_an_ingest_gives(
        backend: Backend, tmp_path: Path) -> None:
    conversation = _conversation(tmp_path)
    old, fresh = backend.open("old"), backend.open("fresh")
    _write(old, _as_written_before(build_batch(conversation,
                                               HeuristicExtractor().extract(conversation),
                                               old.ns)))
    _write(fresh, build_batch(conversation, HeuristicExtractor().extract(conversation),
                              fresh.ns))
    assert old.outdated_conversations(MODEL_VERSION) == [conversation.id]
    assert fresh.outdated_conversations(MODEL_VERSION) == []
    with pytest.raises(StoreOutdatedError) as refused:
        Memory.open(backend.settings, store=backend.uri, ns=old.ns)
    message = str(refused.value)
    assert "\n" not in message and "mrgraph migrate --store" in message and old.ns in message

    [done] = migrate(old)
    assert (done.conversation_id, done.turns, done.date_mentions) == (conversation.id, 5, 5)
    assert old.outdated_conversations(MODEL_VERSION) == []
    assert migrate(old) == []  # nothing left: running it again changes nothing
    # exactly the graph an ingest builds (in this namespace: ids hash it), beliefs derived
    rebuilt = build_batch(conversation, HeuristicExtractor().extract(conversation), old.ns)
    nodes, edges = _graph(old)
    assert {n[1]: n[2] for n in nodes} == {n.id: dict(n.props) for n in rebuilt.nodes}
    assert sorted(e[:3] for e in edges if e[0] != "BELIEF") == \
        sorted((e.type, e.src, e.dst) for e in rebuilt.edges)
    assert sum(e[0] == "BELIEF" for e in edges) == \
        sum(e[0] == "BELIEF" for e in _graph(fresh)[1])
    with Memory.open(backend.settings, store=backend.uri, ns=old.ns) as memory:
        answer = memory.ask("When did Odile hike the ridge trail?")
    assert answer.answer == "2022"


def test_a_current_store_opens(backend: Backend, tmp_path: Path) -> None:
    store = backend.open()
    conversation = _conversation(tmp_path)
    _write(store, build_batch(conversation, HeuristicExtractor().extract(conversation),
                              store.ns))
    with Memory.open(backend.settings, store=backend.uri, ns=store.ns) as memory:
        assert memory.store.outdated_conversations(MODEL_VERSION) == []


def test_outdated_conversations_agree_on_both_stores(backend: Backend) -> None:
    """A model_version of 0 is older than 1 (not "none recorded"), and a Conversation node
    without a conversation_id names no conversation (the embedded store said "None")."""
    store = backend.open("versions")
    nodes = (NodeRecord("Conversation", node_id(store.ns, "Conversation", "zero"),
                        {"conversation_id": "zero", "model_version": 0}),
             NodeRecord("Conversation", node_id(store.ns, "Conversation", "unnamed"),
                        {"model_version": 0}),
             NodeRecord("Conversation", node_id(store.ns, "Conversation", "unversioned"),
                        {"conversation_id": "unversioned"}),
             NodeRecord("Conversation", node_id(store.ns, "Conversation", "now"),
                        {"conversation_id": "now", "model_version": MODEL_VERSION}))
    with store.writing():
        store.write_batch(GraphBatch("zero", nodes, ()))
    assert store.outdated_conversations(1) == ["zero"]
    assert store.outdated_conversations(MODEL_VERSION) == ["unversioned", "zero"]

