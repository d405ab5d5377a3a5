"""Shape statistics of a graph: does the cue -> tag -> episodes hop group anything?

  episodes per tag     TAGS edges of each Tag (a tag reaching one episode groups nothing);
  tags per cue         HAS_TAG edges of each Cue;
  people               the entity cues reaching most episodes, each with its tags and the
                       median of episodes per tag as `cue_tags` counts them (CUE_OF edges by
                       their tag): what the forward hop from that person offers;
  facts per person     Fact nodes per entity.
Computed from `GraphStore.export`, so both stores give the same figures.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from mrgraph.store.base import GraphStore

PEOPLE = 3  # the most active entity cues shown


@dataclass(frozen=True)
class Spread:
    count: int  # nodes counted
    median: float
    mean: float
    max: int

    @classmethod
    def of(cls, values: Iterable[int]) -> Spread:
        kept = list(values)
        if not kept:
            return cls(0, 0.0, 0.0, 0)
        return cls(len(kept), float(statistics.median(kept)), round(statistics.mean(kept), 2),
                   max(kept))


@dataclass(frozen=True)
class PersonTags:
    name: str
    episodes: int
    tags: int
    median_per_tag: float  # median of episodes per tag over this cue's tags


@dataclass(frozen=True)
class GraphStats:
    episodes_per_tag: Spread
    tags_per_cue: Spread
    facts_per_person: tuple[tuple[str, int], ...]  # most facts first
    people: tuple[PersonTags, ...]


def graph_stats(store: GraphStore, people: int = PEOPLE) -> GraphStats:
    nodes, edges = store.export()
    entities = {n.id: str(n.props.get("name", "")) for n in nodes
                if n.label == "Cue" and n.props.get("kind") == "entity"}
    tags = Counter(e.src for e in edges if e.type == "TAGS")
    cue_tags = Counter(e.src for e in edges if e.type == "HAS_TAG")
    by_cue: dict[str, Counter[str]] = {}
    for edge in edges:
        if edge.type == "CUE_OF" and edge.src in entities and edge.props.get("tag"):
            by_cue.setdefault(edge.src, Counter())[str(edge.props["tag"])] += 1
    active = sorted(by_cue, key=lambda c: (-sum(by_cue[c].values()), entities[c]))[:people]
    facts = Counter(str(n.props.get("entity", "")) for n in nodes if n.label == "Fact")
    return GraphStats(
        Spread.of(tags.values()),
        Spread.of(cue_tags[n.id] for n in nodes if n.label == "Cue"),
        tuple(sorted(facts.items(), key=lambda kv: (-kv[1], kv[0]))),
        tuple(PersonTags(entities[c], sum(by_cue[c].values()), len(by_cue[c]),
                         float(statistics.median(by_cue[c].values()))) for c in active))
