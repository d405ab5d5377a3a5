"""Contract: BELIEF edges (replace_beliefs / entity_beliefs) and the evidence they come from."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mrgraph.errors import StoreError
from mrgraph.store.base import BeliefEdge, FactObservation, GraphStore
from tests.contract.conftest import FACTS, World


def belief(world: World, entity: str, fact: str, confidence: float, *, status: str = "active",
           support: int = 1, episodes: tuple[str, ...] = (),
           dia_ids: tuple[str, ...] = ()) -> BeliefEdge:
    _, aspect, statement, evidence = FACTS[fact]
    dates = sorted(d for _, d, _ in evidence)
    return BeliefEdge(
        entity=entity, aspect=aspect, fact_id=world.fact(fact), statement=statement,
        confidence=confidence, support=support, first_seen=dates[0], last_seen=dates[-1],
        status=status, history=f'[{{"confidence": {confidence}, "status": "{status}"}}]',
        episode_ids=tuple(sorted(world.ep(e) for e in episodes)), dia_ids=dia_ids)


def test_beliefs_read_back_with_provenance(loaded: GraphStore, world: World) -> None:
    teacher = belief(world, "Alice", "f1", 0.9, support=2)
    nurse = belief(world, "Alice", "f2", 0.25, status="superseded")
    loaded.replace_beliefs(["Alice"], [nurse, teacher])
    assert loaded.entity_beliefs("alice", None) == [
        belief(world, "Alice", "f1", 0.9, support=2, episodes=("e11", "e31"),
               dia_ids=("D1:1", "D1:2")),
        belief(world, "Alice", "f2", 0.25, status="superseded", episodes=("e12",),
               dia_ids=("D1:4", "D1:5")),
    ]


def test_beliefs_filter_by_aspect(loaded: GraphStore, world: World) -> None:
    loaded.replace_beliefs(["Alice"], [belief(world, "Alice", "f1", 0.9)])
    assert [b.fact_id for b in loaded.entity_beliefs("alice", "job")] == [world.fact("f1")]
    assert loaded.entity_beliefs("alice", "home") == []
    assert loaded.entity_beliefs("nobody", None) == []


def test_beliefs_order_aspect_then_confidence_desc_then_fact_id(loaded: GraphStore,
                                                                 world: World) -> None:
    edges = [belief(world, "Bob", "f3", 0.8), belief(world, "Bob", "f5", 0.8),
             belief(world, "Bob", "f4", 0.9)]  # aspect "home": after "hobby" whatever its confidence
    loaded.replace_beliefs(["Bob"], edges)
    got = loaded.entity_beliefs("bob", None)
    hobby = sorted([world.fact("f3"), world.fact("f5")])
    assert [(b.aspect, b.fact_id) for b in got] == [
        ("hobby", hobby[0]), ("hobby", hobby[1]), ("home", world.fact("f4"))]


def test_replace_beliefs_replaces_only_the_named_entities(loaded: GraphStore,
                                                          world: World) -> None:
    loaded.replace_beliefs(["Alice", "Bob"], [belief(world, "Alice", "f1", 0.9),
                                              belief(world, "Alice", "f2", 0.25),
                                              belief(world, "Bob", "f3", 0.8)])
    loaded.replace_beliefs(["Alice"], [belief(world, "Alice", "f2", 0.7)])
    assert [(b.fact_id, b.confidence) for b in loaded.entity_beliefs("alice", None)] == [
        (world.fact("f2"), 0.7)]
    assert [b.fact_id for b in loaded.entity_beliefs("bob", None)] == [world.fact("f3")]
    loaded.replace_beliefs(["Bob"], [])
    assert loaded.entity_beliefs("bob", None) == []


def test_belief_edges_store_exactly_the_documented_properties(loaded: GraphStore,
                                                              world: World) -> None:
    b = belief(world, "Alice", "f1", 0.9, support=2)
    loaded.replace_beliefs(["Alice"], [b])
    _, edges = loaded.export()
    [edge] = [e for e in edges if e.type == "BELIEF"]
    assert (edge.src, edge.dst) == (world.cue("alice"), world.fact("f1"))
    assert edge.props == {"aspect": "job", "statement": b.statement, "confidence": 0.9,
                          "support": 2, "first_seen": b.first_seen, "last_seen": b.last_seen,
                          "status": "active", "history": b.history}
    assert loaded.stats().edges["BELIEF"] == 1


def test_a_belief_about_an_unknown_cue_or_fact_is_refused(loaded: GraphStore,
                                                          world: World) -> None:
    loaded.replace_beliefs(["Alice"], [belief(world, "Alice", "f1", 0.9)])
    before = loaded.export()
    ghost = belief(world, "Zed", "f1", 0.9)
    with pytest.raises(StoreError):
        loaded.replace_beliefs(["Alice", "Zed"], [belief(world, "Alice", "f2", 0.5), ghost])
    no_fact = replace(belief(world, "Alice", "f1", 0.9), fact_id="fact-0000000000000000")
    with pytest.raises(StoreError):
        loaded.replace_beliefs(["Alice"], [no_fact])
    assert loaded.export() == before


# ------------------------------------------------------------------ fact observations


def obs(world: World, fact: str, episode: str, *, confidence: float | None = None,
        negated: bool = False, contradicts: bool | None = None) -> FactObservation:
    entity, aspect, statement, evidence = FACTS[fact]
    [date] = [d for e, d, _ in evidence if e == episode]
    return FactObservation(entity, aspect, world.fact(fact), statement, world.ep(episode), date,
                           confidence, negated, contradicts)


def test_fact_observations_in_date_episode_fact_order(loaded: GraphStore, world: World) -> None:
    # e11 and e12 share their session's day: the episode id decides
    alice = sorted([obs(world, "f2", "e12", confidence=0.8, contradicts=True),
                    obs(world, "f1", "e11")], key=lambda o: o.episode_id) + [
        obs(world, "f1", "e31", confidence=0.85)]
    assert loaded.fact_observations(["Alice"]) == alice
    same_episode = sorted([obs(world, "f3", "e12"), obs(world, "f5", "e12", negated=True)],
                          key=lambda o: o.fact_id)
    bob = same_episode + [obs(world, "f3", "e21")]
    assert loaded.fact_observations(["Bob"]) == bob
    both = loaded.fact_observations(["Bob", "Alice"])
    assert both == sorted(alice + bob, key=lambda o: (o.date, o.episode_id, o.fact_id))


def test_fact_observations_of_nobody(loaded: GraphStore) -> None:
    assert loaded.fact_observations([]) == []
    assert loaded.fact_observations(["Nobody"]) == []
