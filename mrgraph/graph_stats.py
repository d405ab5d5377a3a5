"""Shape statistics of a graph: does the cue -> tag -> episodes hop group anything?

  episodes per tag     TAGS edges of each Tag (a tag reaching one episode groups nothing);
  tags per cue         HAS_TAG edges of each Cue;
  people               the people reaching most episodes (speakers, whoever a fact is about,
                       named entities WordNet knows as people; a speaker's short name counts as
                       the speaker: `_people`), each with their tags and the median of
                       episodes per tag as `cue_tags` counts them (CUE_OF edges by their tag):
                       what the forward hop from that person offers;
  facts per person     Fact nodes per entity.
Computed from a namespace's export (`GraphStore.export`: its nodes and edges, which both
stores give alike), so both stores give the same figures; a pure function of values.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from mrgraph.lexicon import default
from mrgraph.text import short_for
from mrgraph.types import EdgeRecord, NodeRecord

PEOPLE = 3  # the most active people shown


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


def graph_stats(nodes: Sequence[NodeRecord], edges: Sequence[EdgeRecord],
                people: int = PEOPLE) -> GraphStats:
    """The shape of the graph of `nodes` and `edges` (a namespace's export)."""
    person = _people(nodes)
    tags = Counter(e.src for e in edges if e.type == "TAGS")
    cue_tags = Counter(e.src for e in edges if e.type == "HAS_TAG")
    # a person's episodes per tag, over every cue that names them (short name folded in)
    by_person: dict[str, dict[str, set[str]]] = {}
    for edge in edges:
        if edge.type == "CUE_OF" and edge.src in person and edge.props.get("tag"):
            tagged = by_person.setdefault(person[edge.src], {})
            tagged.setdefault(str(edge.props["tag"]), set()).add(edge.dst)
    reach = {name: len(set().union(*tagged.values())) for name, tagged in by_person.items()}
    active = sorted(by_person, key=lambda name: (-reach[name], name))[:people]
    facts = Counter(str(n.props.get("entity", "")) for n in nodes if n.label == "Fact")
    return GraphStats(
        Spread.of(tags.values()),
        Spread.of(cue_tags[n.id] for n in nodes if n.label == "Cue"),
        tuple(sorted(facts.items(), key=lambda kv: (-kv[1], kv[0]))),
        tuple(PersonTags(name, reach[name], len(by_person[name]),
                         float(statistics.median(len(e) for e in by_person[name].values())))
              for name in active))


def _people(nodes: Sequence[NodeRecord]) -> dict[str, str]:
    """Entity cue id -> the person it names. Ingest files people, places and things alike as
    entity cues; people are the speakers, whoever a fact is about, and the other named
    entities whose most common WordNet sense is a person (entity names WordNet does not know,
    or knows as a place or a thing, are left out: they are mostly not people). A one-word
    name that begins a speaker's name is that speaker's short name ("Sam" of "Samantha")
    and counts as the speaker."""
    speakers = {str(n.props.get("speaker", "")) for n in nodes if n.label == "Turn"} - {""}
    known = speakers | {str(n.props.get("entity", "")) for n in nodes if n.label == "Fact"}
    is_person = _person_test()
    found: dict[str, str] = {}
    for node in nodes:
        name = str(node.props.get("name", ""))
        if node.label != "Cue" or node.props.get("kind") != "entity" or not name:
            continue
        short = sorted(s for s in speakers if _short_name(name, s))
        if name in known or short:
            found[node.id] = name if name in known else short[0]
        elif is_person(name):
            found[node.id] = name
    return found


def _short_name(name: str, speaker: str) -> bool:
    first = speaker.split()[0].lower() if speaker.split() else ""
    word = name.lower()
    return " " not in name and short_for(word, first) and word != first


def _person_test() -> Callable[[str], bool]:
    lexicon = default()
    person = set(lexicon.offsets("person", "noun")[:1])

    def is_person(name: str) -> bool:
        senses = lexicon.offsets(name.lower().replace(" ", "_"), "noun")
        return bool(senses) and bool(lexicon.hypernyms(senses[0]) & person)
    return is_person
