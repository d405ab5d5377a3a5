"""The embedded store's indexes checked against brute force on random graphs: the timeline
(date-range overlap, with and without a cue) and the token ranking (through re-slotting writes)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mrgraph.ids import node_id
from mrgraph.store.memory import MemoryStore
from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "graph"


def test_timeline_index_matches_the_overlap_rule_on_random_ranges(path: Path) -> None:
    """An episode is in a range when its (session) day is, or when a turn of it mentions a
    date reaching into it (DateMention start/end)."""
    rng = random.Random(3)
    store = MemoryStore(path, "ns")
    cue, narrow = node_id("ns", "Cue", "wide"), node_id("ns", "Cue", "narrow")
    nodes = [NodeRecord("Cue", cue, {"name": "wide", "key": "wide", "kind": "keyword"}),
             NodeRecord("Cue", narrow, {"name": "narrow", "key": "narrow", "kind": "keyword"})]
    edges = []
    spans: dict[str, list[tuple[str, str]]] = {}
    for i in range(400):
        day = rng.randrange(1, 200)
        ep = node_id("ns", "Episode", "c", 1, i)
        nodes.append(NodeRecord("Episode", ep, {"date": f"2023-{day:03d}"}))
        spans[ep] = []
        for m in range(rng.choice((0, 0, 0, 1, 2))):  # some turns mention a span of days
            turn = node_id("ns", "Turn", "c", i, m)
            first = rng.randrange(1, 200)
            start, end = f"2023-{first:03d}", f"2023-{first + rng.randrange(0, 60):03d}"
            mention = node_id("ns", "DateMention", "c", i, m)
            nodes += [NodeRecord("Turn", turn, {"dia_id": f"D{i}:{m}"}),
                      NodeRecord("DateMention", mention, {"start": start, "end": end})]
            edges += [EdgeRecord("FROM_TURN", ep, turn, {}),
                      EdgeRecord("MENTIONS_DATE", turn, mention, {})]
            spans[ep].append((start, end))
        if rng.random() < 0.5:
            edges.append(EdgeRecord("CUE_OF", cue, ep, {"tag": "t"}))
        if rng.random() < 0.1:  # a cue of few episodes: the store checks each of them
            edges.append(EdgeRecord("CUE_OF", narrow, ep, {"tag": "t"}))
    store.write_batch(GraphBatch("c", tuple(nodes), tuple(edges)))
    reached = {c: {e.dst for e in edges if e.type == "CUE_OF" and e.src == c}
               for c in (cue, narrow)}
    episodes = [n for n in nodes if n.label == "Episode"]
    for _ in range(200):
        a, b = sorted(rng.sample(range(0, 260), 2))
        start, end = f"2023-{a:03d}", f"2023-{b:03d}"
        for cue_id in (None, cue, narrow):
            truth = sorted((str(n.props["date"]), n.id) for n in episodes
                           if (cue_id is None or n.id in reached[cue_id])
                           and (start <= str(n.props["date"]) <= end
                                or any(s <= end and e >= start for s, e in spans[n.id])))
            limit = rng.choice((1, 5, 1000))
            got = store.timeline(start, end, cue_id, limit)
            assert [e.id for e in got] == [i for _, i in truth][:limit]


def test_token_ranking_matches_a_brute_force_ranking_through_changes(path: Path) -> None:
    rng = random.Random(11)
    store = MemoryStore(path, "ns")
    vocab = [f"t{i}" for i in range(12)]
    dates = ["2023-01-01", "2023-01-02", "2023-01-03"]

    def episode(i: int) -> NodeRecord:
        toks = " ".join(sorted(set(rng.choices(vocab, k=rng.randint(0, 4)))))
        return NodeRecord("Episode", node_id("ns", "Episode", "c", 1, i),
                          {"date": rng.choice(dates), "tokens": toks})

    store.write_batch(GraphBatch("c", tuple(episode(i) for i in range(300)), ()))
    for round_ in range(30):
        if round_ % 3 == 0:  # rewrite some episodes: new tokens or dates re-slot them
            store.write_batch(GraphBatch("c", tuple(episode(rng.randrange(300))
                                                    for _ in range(40)), ()))
        weights = {t: rng.choice((0.5, 1.0, 1 / 3, 0.1, 2.0)) for t in rng.sample(vocab, 3)}
        nodes, _ = store.export()
        truth = []
        for n in nodes:
            held = sorted(set(str(n.props["tokens"]).split()) & set(weights))
            if held:
                score = round(sum(weights[t] for t in held), 6)
                truth.append((-score, str(n.props["date"]), n.id))
        truth.sort()
        limit = rng.choice((1, 7, 1000))
        got = store.search_events(weights, limit)
        assert [(-e.score, e.date, e.id) for e in got] == truth[:limit]
        count, df = store.token_df("Episode", vocab)
        assert count == 300
        assert df == {t: sum(t in str(n.props["tokens"]).split() for n in nodes) for t in vocab}


def test_node_cache_keeps_a_batch_whole_but_drops_earlier_batches(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Writing many batches does not grow the node cache beyond its limit plus one batch (it
    once kept every batch's nodes: ~170 MiB per 100k turns); the batch being written stays
    whole, and a dropped node is read again from the file."""
    monkeypatch.setattr("mrgraph.store.index.CACHE_LIMIT", 50)
    store = MemoryStore(path, "ns")
    for b in range(6):
        nodes = tuple(NodeRecord("Cue", node_id("ns", "Cue", f"c{b}-{i}"),
                                 {"name": f"c{b}-{i}", "key": f"c{b}-{i}", "kind": "keyword"})
                      for i in range(40 if b % 2 else 80))
        store.write_batch(GraphBatch(f"c{b}", nodes, ()))
        cached = store._nodes._cache
        assert all(n.id in cached for n in nodes)  # the batch just written stays whole
        assert len(cached) <= 50 + len(nodes)
    last = [node_id("ns", "Cue", f"c5-{i}") for i in range(40)]
    assert [store._nodes[n]["name"] for n in last] == [f"c5-{i}" for i in range(40)]
    assert store._nodes.get(node_id("ns", "Cue", "c0-0")) is not None  # dropped, read again
